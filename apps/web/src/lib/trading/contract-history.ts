import { formatNumber, futuresMonthLetter, humanize, toDecimalOrNull } from '@granary/domain';
import { useCallback } from 'react';
import type { MessageId } from '../i18n/messages';
import { useT } from '../i18n/t';
import { useDates } from '../i18n/use-dates';
import { priceUnitOf } from './price-units';
import { usePriceFormat } from './use-price-format';

/**
 * One amendment of a contract: its action (grain-marketing.md 'Contract operations': futures roll, basis roll, roll;
 * basis set, futures set, structured addendum; convert to credit sale; partial cancel, cancel; delivery; pricing
 * addenda trade; note; secondary obligation) and what it recorded. The CRM passes the amendment's details, My Sales
 * Lite the farmer's view of them (the same keys, without notes or names).
 */
export type HistoryEntry = { action: string; details: Readonly<Record<string, unknown>> };

/** What of the contract a sentence needs: the futures month its basis is against and its quantity unit. */
export type HistoryContract = { optionMonth: string | null; quantityUnit: string };

const UNIT_IDS: Readonly<Record<string, MessageId>> = {
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
 * A contract's history as sentences: 'Basis set to -45 Z on 3,000 bu', 'Futures set at $4.33½ on 2,000 bu',
 * 'Delivered 1,200 bu (ticket T-500123)', 'Cancelled 500 bu', 'Rolled futures from Z26 to H27'. Prices through the
 * partner's notation (usePriceFormat), days through the locale's (useDates); an action the product does not know yet
 * reads as its name ('Changed: Price later').
 */
export function useContractHistoryText(contract: HistoryContract): (entry: HistoryEntry) => string {
  const t = useT();
  const prices = usePriceFormat();
  const dates = useDates();
  const { optionMonth, quantityUnit } = contract;
  return useCallback(
    ({ action, details: d }: HistoryEntry) => {
      const unit = priceUnitOf(quantityUnit);
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
        return start && end ? t('contractHistory.window', { start: dates.day(start), end: dates.day(end) }) : null;
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
            ? t('contractHistory.futures_roll.spread', { from, to, spread: prices.change(spread, unit) })
            : t('contractHistory.futures_roll', { from, to });
        }
        case 'basis_roll': {
          const from = window(d.fromDelivery);
          const to = window(d.toDelivery);
          if (!from || !to) break;
          const adjustment = decimal(d.basisAdjustment);
          return adjustment !== null && toDecimalOrNull(adjustment)?.isZero() === false
            ? t('contractHistory.basis_roll.adjusted', { from, to, adjustment: prices.basis(adjustment, null, unit) })
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
          const values = { basis: prices.basis(basis, basisMonth, unit), quantity: q };
          return cash !== null
            ? t('contractHistory.basis_set.cash', { ...values, cash: prices.cash(cash, unit) })
            : t('contractHistory.basis_set', values);
        }
        case 'futures_set': {
          const futures = decimal(d.futuresPrice);
          const q = quantity(d.quantity);
          if (futures === null || q === null) break;
          return t('contractHistory.futures_set', { futures: prices.futures(futures, unit), quantity: q });
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
            ? t('contractHistory.convert_credit_sale.paid', { date: dates.day(paid) })
            : t('contractHistory.convert_credit_sale');
        }
        case 'structured_addendum':
        case 'note':
        case 'secondary_obligation':
          return t(`contractHistory.${action}`);
      }
      return t('contractHistory.other', { action: humanize(action) });
    },
    [t, prices, dates, optionMonth, quantityUnit],
  );
}
