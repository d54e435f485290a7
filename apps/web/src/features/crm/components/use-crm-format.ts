import { formatMoney, formatNumber, type NumberValue } from '@granary/domain';
import { useMemo } from 'react';
import { useRegion } from '../../../lib/i18n/locale';
import { useDates } from '../../../lib/i18n/use-dates';

/**
 * Formatting of CRM figures per region and grain-marketing.md 9: quantities with at most 2 decimals, money with 2
 * (prices per bushel with 4: futures, basis and cash are quoted to a quarter cent), dates and times in the locale's short forms (lib/i18n/use-dates).
 */
export function useCrmFormat() {
  const region = useRegion();
  const dates = useDates();
  return useMemo(() => {
    const currency = region.currency;
    return {
      currency,
      quantity: (value: NumberValue) =>
        value === null || value === undefined || value === '' ? '' : formatNumber(value),
      /** Money amounts: 2 decimals. */
      money: (value: NumberValue) =>
        value === null || value === undefined || value === '' ? '' : formatMoney(value, { currency }),
      /** Prices per unit (futures, basis, cash): 2 to 4 decimals. */
      price: (value: NumberValue) =>
        value === null || value === undefined || value === ''
          ? ''
          : formatMoney(value, { currency, minFractionDigits: 2, maxFractionDigits: 4 }),
      percent: (value: NumberValue) =>
        value === null || value === undefined || value === '' ? '' : `${formatNumber(value)}%`,
      /** A calendar day 'YYYY-MM-DD' in the locale's short form (no time-zone shift). */
      day: dates.day,
      /** An instant's day in the browser's zone. */
      instant: (value: string | null | undefined) => dates.instant(value),
      /** An instant's day and 12-hour time, no seconds. */
      dateTime: (value: string | null | undefined) => dates.dateTime(value),
    };
  }, [region.currency, dates]);
}
