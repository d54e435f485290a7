import { formatDate, formatNumber, type NumberValue } from '@granary/domain';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { priceUnitOf } from '../../../lib/trading/price-units';
import { usePriceFormat } from '../../../lib/trading/use-price-format';

const empty = (value: NumberValue) => value === null || value === undefined || value === '';

/**
 * Formatting of the farmer's figures per region (packages/domain format, grain-marketing.md 9): quantities with at
 * most 2 decimals and their unit, prices in the partner's trade notation with their unit ('$4.33½/bu', basis '-45 Z'),
 * days in the locale's short form.
 */
export function useMslFormat() {
  const t = useT();
  const dates = useDates();
  const prices = usePriceFormat();
  return useMemo(() => {
    const unit = (u: string) => (u === 'bushels' ? t('msl.unit.bushels') : u === 'tonnes' ? t('msl.unit.tonnes') : u);
    const none = t('msl.fig.none');
    return {
      number: (value: NumberValue) => (empty(value) ? t('msl.fig.none') : formatNumber(value)),
      /** '12,500 bu'. */
      quantity: (value: NumberValue, quantityUnit = 'bushels') =>
        empty(value)
          ? t('msl.fig.none')
          : t('msl.fig.quantity', {
              quantity: formatNumber(value, { maxFractionDigits: 2 }),
              unit: unit(quantityUnit),
            }),
      /** A quantity in a table column, 2 fixed decimals so the decimal points line up: '562.70 bu'. */
      columnQuantity: (value: NumberValue, quantityUnit = 'bushels') =>
        empty(value)
          ? t('msl.fig.none')
          : t('msl.fig.quantity', {
              quantity: formatNumber(value, { minFractionDigits: 2, maxFractionDigits: 2 }),
              unit: unit(quantityUnit),
            }),
      unit,
      /** A futures or cash price with its unit: '$4.33½/bu', '$612.50/t'. */
      price: (value: NumberValue, quantityUnit = 'bushels') =>
        empty(value) ? none : prices.withUnit(value, priceUnitOf(quantityUnit)),
      /** The same without the unit, where a heading or the sentence names it: '$4.33½'. */
      plainPrice: (value: NumberValue, quantityUnit = 'bushels') =>
        empty(value) ? none : prices.cash(value, priceUnitOf(quantityUnit)),
      /** A basis against its futures month ('YYYY-MM'): '-45 Z'. */
      basis: (value: NumberValue, month: string | null | undefined, quantityUnit = 'bushels') =>
        empty(value) ? none : prices.basis(value, month, priceUnitOf(quantityUnit)),
      /** A calendar day 'YYYY-MM-DD' in the locale's short form. */
      day: (value: string | null | undefined) => (value ? dates.day(value) : t('msl.fig.none')),
      /** An instant's day in the browser's zone. */
      instant: (value: string | null | undefined) => (value ? dates.instant(value) : t('msl.fig.none')),
      /** A futures month 'YYYY-MM' as 'Dec 2026'. */
      month: (value: string | null | undefined) => (value ? formatDate(`${value}-01`, 'MMM YYYY') : t('msl.fig.none')),
    };
  }, [t, dates, prices]);
}

export type MslFormat = ReturnType<typeof useMslFormat>;
