// A contract's history in words (issue 13, issue 14): one sentence per amendment with its figures, the same for the
// CRM, the farmer's My Sales Lite (the web's lib/trading/contract-history.ts) and an amendment's PDF (the server's
// esign/amendment-text.ts). The English templates are here so that the web's catalogue and the PDF say the same.

import { toDecimalOrNull } from './exact.ts';
import type { PriceUnit } from '../bids/instruments.ts';
import { formatNumber } from '../format/number.ts';
import { futuresMonthLetter } from '../format/price.ts';
import { humanize } from '../format/text.ts';

/**
 * The sentences' templates ('{quantity}' placeholders only: no plural or select), the web's catalogue entries
 * (lib/i18n/contract-history-messages.ts spreads them) and the PDF's words. The web's spelling layer gives each locale
 * its own 'canceled' / 'cancelled'.
 */
export const CONTRACT_HISTORY_MESSAGES = {
  'contractHistory.quantity': '{quantity} {unit}',
  'contractHistory.unit.bushels': 'bu',
  'contractHistory.unit.tonnes': 't',
  'contractHistory.unit.pounds': 'lb',
  'contractHistory.window': '{start} – {end}',
  'contractHistory.cancel': 'Cancelled {quantity}',
  'contractHistory.partial_cancel': 'Cancelled {quantity}',
  'contractHistory.partial_cancel.left': 'Cancelled {quantity}, {remaining} left',
  'contractHistory.futures_roll': 'Rolled futures from {from} to {to}',
  'contractHistory.futures_roll.spread': 'Rolled futures from {from} to {to} at a {spread} spread',
  'contractHistory.basis_roll': 'Rolled delivery from {from} to {to}',
  'contractHistory.basis_roll.adjusted': 'Rolled delivery from {from} to {to}, basis adjusted {adjustment}',
  'contractHistory.roll': 'Rolled futures from {from} to {to} and delivery to {window}',
  'contractHistory.basis_set': 'Basis set to {basis} on {quantity}',
  'contractHistory.basis_set.cash': 'Basis set to {basis} on {quantity}, cash {cash}',
  'contractHistory.futures_set': 'Futures set at {futures} on {quantity}',
  'contractHistory.delivery': 'Delivered {quantity}',
  'contractHistory.delivery.ticket': 'Delivered {quantity} (ticket {ticket})',
  'contractHistory.structured_addendum': 'Structured addendum added',
  'contractHistory.convert_credit_sale': 'Converted to a credit sale',
  'contractHistory.convert_credit_sale.paid': 'Converted to a credit sale, paid on {date}',
  'contractHistory.pricing_addenda_trade': 'Pricing addendum traded',
  'contractHistory.pricing_addenda_trade.quantity': 'Pricing addendum traded on {quantity}',
  'contractHistory.note': 'Note added',
  'contractHistory.secondary_obligation': 'Secondary obligation recorded',
  'contractHistory.other': 'Changed: {action}',
} as const;
export type ContractHistoryMessageId = keyof typeof CONTRACT_HISTORY_MESSAGES;

/**
 * One amendment of a contract: its action (grain-marketing.md 'Contract operations': futures roll, basis roll, roll;
 * basis set, futures set, structured addendum; convert to credit sale; partial cancel, cancel; delivery; pricing
 * addenda trade; note; secondary obligation) and what it recorded. The CRM passes the amendment's details, the farmer's
 * views their view of them (the same keys, without notes or names).
 */
export type HistoryEntry = { action: string; details: Readonly<Record<string, unknown>> };

/** What of the contract a sentence needs: the futures month its basis is against and its quantity unit. */
export type HistoryContract = { optionMonth: string | null; quantityUnit: string };

/** How the caller writes the sentence's parts: its catalogue, prices in the partner's notation, days in its locale. */
export type HistoryFormat = {
  message: (id: ContractHistoryMessageId, values?: Record<string, string>) => string;
  /** The unit the contract's prices are per (bushel, or tonne for canola). */
  priceUnit: PriceUnit;
  futures: (value: string, unit: PriceUnit) => string;
  cash: (value: string, unit: PriceUnit) => string;
  basis: (value: string, month: string | null, unit: PriceUnit) => string;
  change: (value: string, unit: PriceUnit) => string;
  /** A calendar day 'YYYY-MM-DD'. */
  day: (value: string) => string;
};

const UNIT_IDS: Readonly<Record<string, ContractHistoryMessageId>> = {
  bushels: 'contractHistory.unit.bushels',
  bushel: 'contractHistory.unit.bushels',
  bu: 'contractHistory.unit.bushels',
  tonnes: 'contractHistory.unit.tonnes',
  tonne: 'contractHistory.unit.tonnes',
  t: 'contractHistory.unit.tonnes',
  pounds: 'contractHistory.unit.pounds',
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function decimal(value: unknown): string | null {
  const v = typeof value === 'number' ? String(value) : text(value);
  return v !== null && toDecimalOrNull(v) !== null ? v : null;
}

/** '2026-12' → 'Z26' (the futures month letter and its year, as the trade writes a contract month). */
function contractMonth(month: string | null): string | null {
  if (!month) return null;
  const letter = futuresMonthLetter(month);
  const year = /^(\d{2})(\d{2})-/.exec(month)?.[2];
  return letter ? `${letter}${year ?? ''}` : month;
}

/**
 * An amendment as a sentence: 'Basis set to -45 Z on 3,000 bu', 'Futures set at $4.33½ on 2,000 bu', 'Delivered
 * 1,200 bu (ticket T-500123)', 'Cancelled 500 bu', 'Rolled futures from Z26 to H27'. An action the product does not know
 * yet reads as its name ('Changed: Price later').
 */
export function describeAmendment(entry: HistoryEntry, contract: HistoryContract, f: HistoryFormat): string {
  const { action, details: d } = entry;
  const t = f.message;
  const unit = f.priceUnit;
  const { optionMonth, quantityUnit } = contract;
  const prices = {
    futures: (v: string) => f.futures(v, unit),
    cash: (v: string) => f.cash(v, unit),
    change: (v: string) => f.change(v, unit),
    basis: (v: string, month: string | null) => f.basis(v, month, unit),
  };
  const unitId = UNIT_IDS[quantityUnit.trim().toLowerCase()];
  const quantity = (value: unknown) => {
    const v = decimal(value);
    return v === null
      ? null
      : t('contractHistory.quantity', {
          quantity: formatNumber(v, { maxFractionDigits: 2 }),
          unit: unitId ? t(unitId) : quantityUnit,
        });
  };
  const window = (value: unknown) => {
    const [start, end] = (text(value) ?? '').split('/');
    return start && end ? t('contractHistory.window', { start: f.day(start), end: f.day(end) }) : null;
  };
  const month = (value: unknown) => contractMonth(text(value));
  const basisMonth = text(d.optionMonth) ?? optionMonth;

  switch (action) {
    case 'cancel':
    case 'partial_cancel': {
      const cancelled = quantity(d.cancelledQuantity);
      const remaining = action === 'partial_cancel' ? quantity(d.remainingQuantity) : null;
      if (cancelled === null) break;
      return remaining !== null
        ? t('contractHistory.partial_cancel.left', { quantity: cancelled, remaining })
        : t(`contractHistory.${action}`, { quantity: cancelled });
    }
    case 'futures_roll': {
      const from = month(d.fromOptionMonth);
      const to = month(d.toOptionMonth);
      if (!from || !to) break;
      const spread = decimal(d.spread);
      return spread !== null && toDecimalOrNull(spread)?.isZero() === false
        ? t('contractHistory.futures_roll.spread', { from, to, spread: prices.change(spread) })
        : t('contractHistory.futures_roll', { from, to });
    }
    case 'basis_roll': {
      const from = window(d.fromDelivery);
      const to = window(d.toDelivery);
      if (!from || !to) break;
      const adjustment = decimal(d.basisAdjustment);
      return adjustment !== null && toDecimalOrNull(adjustment)?.isZero() === false
        ? t('contractHistory.basis_roll.adjusted', { from, to, adjustment: prices.basis(adjustment, null) })
        : t('contractHistory.basis_roll', { from, to });
    }
    case 'roll': {
      const from = month(d.fromOptionMonth);
      const to = month(d.toOptionMonth);
      const to_ = window(d.toDelivery);
      if (!from || !to || !to_) break;
      return t('contractHistory.roll', { from, to, window: to_ });
    }
    case 'basis_set': {
      const basis = decimal(d.basis);
      const q = quantity(d.quantity);
      if (basis === null || q === null) break;
      const cash = decimal(d.cashPrice);
      const values = { basis: prices.basis(basis, basisMonth), quantity: q };
      return cash !== null
        ? t('contractHistory.basis_set.cash', { ...values, cash: prices.cash(cash) })
        : t('contractHistory.basis_set', values);
    }
    case 'futures_set': {
      const futures = decimal(d.futuresPrice);
      const q = quantity(d.quantity);
      if (futures === null || q === null) break;
      return t('contractHistory.futures_set', { futures: prices.futures(futures), quantity: q });
    }
    case 'delivery': {
      const q = quantity(d.quantity);
      if (q === null) break;
      const ticket = text(d.ticket) ?? text(d.displayScaleTicketId);
      return ticket
        ? t('contractHistory.delivery.ticket', { quantity: q, ticket })
        : t('contractHistory.delivery', { quantity: q });
    }
    case 'pricing_addenda_trade': {
      const q = quantity(d.quantity);
      return q
        ? t('contractHistory.pricing_addenda_trade.quantity', { quantity: q })
        : t('contractHistory.pricing_addenda_trade');
    }
    case 'convert_credit_sale':
    case 'convert_to_credit_sale': {
      const paid = text(d.paymentDate);
      return paid
        ? t('contractHistory.convert_credit_sale.paid', { date: f.day(paid) })
        : t('contractHistory.convert_credit_sale');
    }
    case 'structured_addendum':
    case 'note':
    case 'secondary_obligation':
      return t(`contractHistory.${action}`);
  }
  return t('contractHistory.other', { action: humanize(action) });
}
