import { formatMoney, formatNumber, type NumberValue } from '@granary/domain';
import { useMemo } from 'react';
import { useRegion } from '../../../lib/i18n/locale';
import { useDates } from '../../../lib/i18n/use-dates';
import { usePriceFormat } from '../../../lib/trading/use-price-format';

/**
 * Formatting of CRM figures per region and grain-marketing.md 9: quantities with at most 2 decimals (2 fixed in a
 * table column), money with 2, futures, basis and cash in the partner's trade notation (lib/trading/use-price-format:
 * '$4.33½', '-45 Z'), dates and times in the locale's short forms (lib/i18n/use-dates).
 */
export function useCrmFormat() {
  const region = useRegion();
  const dates = useDates();
  const prices = usePriceFormat();
  return useMemo(() => {
    const currency = region.currency;
    return {
      currency,
      quantity: (value: NumberValue) =>
        value === null || value === undefined || value === '' ? '' : formatNumber(value),
      /** Money amounts: 2 decimals. */
      money: (value: NumberValue) =>
        value === null || value === undefined || value === '' ? '' : formatMoney(value, { currency }),
      /** A quantity in a table column: 2 fixed decimals, so the column's decimal points line up. */
      columnQuantity: (value: NumberValue) =>
        value === null || value === undefined || value === ''
          ? ''
          : formatNumber(value, { minFractionDigits: 2, maxFractionDigits: 2 }),
      /** Futures, cash, basis and change in the partner's notation ('$4.33½', '-45 Z', '+3½'). */
      prices,
      percent: (value: NumberValue) =>
        value === null || value === undefined || value === '' ? '' : `${formatNumber(value)}%`,
      /** A grade figure in a table column (test weight): one fixed decimal, '56.5'. */
      grade: (value: NumberValue) =>
        value === null || value === undefined || value === ''
          ? ''
          : formatNumber(value, { minFractionDigits: 1, maxFractionDigits: 1 }),
      /** A grade (moisture, damage, foreign material) in a table column: one fixed decimal, '15.5%'. */
      gradePercent: (value: NumberValue) =>
        value === null || value === undefined || value === ''
          ? ''
          : `${formatNumber(value, { minFractionDigits: 1, maxFractionDigits: 1 })}%`,
      /** A calendar day 'YYYY-MM-DD' in the locale's short form (no time-zone shift). */
      day: dates.day,
      /** An instant's day in the browser's zone. */
      instant: (value: string | null | undefined) => dates.instant(value),
      /** An instant's day and 12-hour time, no seconds. */
      dateTime: (value: string | null | undefined) => dates.dateTime(value),
    };
  }, [region.currency, dates, prices]);
}
