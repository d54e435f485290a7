import { formatDate, formatMoney, formatNumber, type NumberValue } from '@granary/domain';
import { useMemo } from 'react';
import { useRegion } from '../../../lib/i18n/locale';

/**
 * Formatting of CRM figures per region and grain-marketing.md 9: quantities with at most 2 decimals, money with 2
 * (prices per bushel with 4: futures, basis and cash are quoted to a quarter cent), dates M/D/YY-style per locale.
 */
export function useCrmFormat() {
  const region = useRegion();
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
      /** A calendar day 'YYYY-MM-DD' as MM/DD/YYYY (no time-zone shift). */
      day: (value: string | null | undefined) => (value ? formatDate(value.slice(0, 10), 'date') : ''),
      /** An instant as MM/DD/YYYY in the browser's zone. */
      instant: (value: string | null | undefined) => (value ? formatDate(new Date(value), 'date') : ''),
      dateTime: (value: string | null | undefined) => (value ? formatDate(new Date(value), 'dateTime') : ''),
    };
  }, [region.currency]);
}
