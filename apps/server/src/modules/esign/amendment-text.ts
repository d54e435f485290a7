// What an amendment changed, in words and in the trade's notation, for its PDF and the farmer's view of it
// (issue 14, docs/decisions/042-contract-page-and-amendments.md).

import {
  DEFAULT_PRICE_NOTATION,
  formatBasis,
  formatDay,
  formatNumber,
  formatPrice,
  humanize,
  type PriceNotationSettings,
} from '@granary/domain';
import type { AmendmentRecord, EsignContract } from './esign.repo.ts';

const PRICE_KEYS = new Set(['futuresPrice', 'cashPrice', 'spread']);
const BASIS_KEYS = new Set(['basis', 'basisAdjustment']);
const QUANTITY_KEYS = new Set(['quantity', 'cancelledQuantity', 'remainingQuantity']);
const DECIMAL = /^-?\d+(\.\d+)?$/;
const HIDDEN_KEYS = new Set(['note', 'reason', 'amendment']);

/** One detail value as the PDF writes it: prices and basis in the trade's notation, quantities with their unit. */
function valueText(key: string, value: unknown, c: EsignContract, notation: PriceNotationSettings): string | null {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'object' && !Array.isArray(value) && 'from' in value && 'to' in value) {
    const v = value as { from: unknown; to: unknown };
    return `${valueText(key, v.from, c, notation)} to ${valueText(key, v.to, c, notation)}`;
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  const s = String(value);
  const unit = c.quantityUnit === 'tonnes' ? 'tonne' : 'bushel';
  const currency = c.marketCountry === 'CAN' ? 'CAD' : c.marketCountry === 'AUS' ? 'AUD' : 'USD';
  if (DECIMAL.test(s)) {
    if (PRICE_KEYS.has(key)) return formatPrice(s, { notation: notation.price, currency, unit, showUnit: true });
    if (BASIS_KEYS.has(key)) return formatBasis(s, { notation: notation.basis, month: c.optionMonth, currency, unit });
    if (QUANTITY_KEYS.has(key)) return `${formatNumber(s, { maxFractionDigits: 4 })} ${c.quantityUnit}`;
  }
  return s.replace(/\//g, ' to ');
}

/** What an amendment changed, one line each ('Cancelled quantity: 200 bushels'); notes and reasons left out. */
function amendmentChangeLines(
  a: AmendmentRecord,
  c: EsignContract,
  notation: PriceNotationSettings = DEFAULT_PRICE_NOTATION,
): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(a.details)) {
    if (HIDDEN_KEYS.has(key)) continue;
    const text = valueText(key, value, c, notation);
    if (text !== null) lines.push(`${humanize(key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase())}: ${text}`);
  }
  return lines.length ? lines : [humanize(a.action)];
}

/**
 * The heading an amendment's PDF carries, and whose terms it shows: 'Terms as of <its day>' from its snapshot, or —
 * for an amendment written before snapshots were kept — a note that the terms are today's.
 */
export function amendmentPdfLabel(a: AmendmentRecord, c: EsignContract, notation: PriceNotationSettings, now: Date) {
  const changes = amendmentChangeLines(a, c, notation);
  const date = formatDay(a.createdAt, 'en-US');
  return {
    displayId: a.displayContractAmendmentId,
    date,
    changes: changes[0] === humanize(a.action) ? changes : [humanize(a.action), ...changes],
    termsNote: a.termsSnapshot
      ? `Terms as of ${date}, right after this amendment.`
      : `Note: this amendment predates the terms kept with each amendment; the terms below are the contract's current terms as of ${formatDay(now, 'en-US')} and may include later changes.`,
  };
}
