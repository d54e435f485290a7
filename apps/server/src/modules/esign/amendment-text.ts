// What an amendment changed, in words and in the trade's notation, for its PDF: the same sentence as the CRM and My
// Sales Lite show (issue 14, docs/decisions/042-contract-page-and-amendments.md).

import {
  currencyForCountry,
  CONTRACT_HISTORY_MESSAGES,
  describeAmendment,
  formatBasis,
  formatDay,
  formatPrice,
  formatPriceChange,
  intlLocaleOfCountry,
  type ContractHistoryMessageId,
  type PriceNotationSettings,
} from '@granary/domain';
import type { AmendmentRecord, EsignContract } from './esign.repo.ts';

/** A template of the contract history with its values ('Cancelled {quantity}' → 'Cancelled 200 bu'). */
function fill(id: ContractHistoryMessageId, values: Record<string, string> = {}): string {
  return CONTRACT_HISTORY_MESSAGES[id].replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * What an amendment changed, in the sentence the CRM and My Sales Lite show ('Futures set at $4.35 on 4,633 bu'; the
 * domain's describeAmendment): prices in the partner's notation, days as the PDF writes them; notes left out.
 */
function amendmentSentence(a: AmendmentRecord, c: EsignContract, notation: PriceNotationSettings): string {
  const currency = currencyForCountry(c.marketCountry);
  return describeAmendment(
    { action: a.action, details: a.details },
    { optionMonth: c.optionMonth, quantityUnit: c.quantityUnit },
    {
      message: fill,
      priceUnit: c.quantityUnit === 'tonnes' ? 'tonne' : 'bushel',
      futures: (v, unit) => formatPrice(v, { notation: notation.price, currency, unit }),
      cash: (v, unit) => formatPrice(v, { notation: notation.price, currency, unit }),
      basis: (v, month, unit) => formatBasis(v, { notation: notation.basis, month, currency, unit }),
      change: (v, unit) => formatPriceChange(v, { notation: notation.price, unit }),
      day: (v) => formatDay(v, intlLocaleOfCountry(c.marketCountry)),
    },
  );
}

/**
 * The heading an amendment's PDF carries, and whose terms it shows: 'Terms as of <its day>' from its snapshot, or —
 * for an amendment written before snapshots were kept — a note that the terms are today's.
 */
export function amendmentPdfLabel(a: AmendmentRecord, c: EsignContract, notation: PriceNotationSettings, now: Date) {
  const locale = intlLocaleOfCountry(c.marketCountry);
  const date = formatDay(a.createdAt, locale);
  return {
    displayId: a.displayContractAmendmentId,
    date,
    changes: [amendmentSentence(a, c, notation)],
    termsNote: a.termsSnapshot
      ? `Terms as of ${date}, right after this amendment.`
      : `Note: this amendment predates the terms kept with each amendment; the terms below are the contract's current terms as of ${formatDay(now, locale)} and may include later changes.`,
  };
}
