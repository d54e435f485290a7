import { formatDate, formatMoney, formatNumber, type NumberValue } from '@granary/domain';
import { useMemo } from 'react';
import { useRegion } from '../../../lib/i18n/locale';
import { useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';

const empty = (value: NumberValue) => value === null || value === undefined || value === '';

/**
 * Formatting of the farmer's figures per region (packages/domain format, grain-marketing.md 9): quantities with at
 * most 2 decimals and their unit, prices per unit with 2 to 4 decimals in the region's currency, days in the locale's short form.
 */
export function useMslFormat() {
  const region = useRegion();
  const t = useT();
  const dates = useDates();
  return useMemo(() => {
    const currency = region.currency;
    const unit = (u: string) => (u === 'bushels' ? t('msl.unit.bushels') : u);
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
      unit,
      /** A price per unit: '$4.1275'. */
      price: (value: NumberValue) =>
        empty(value) ? t('msl.fig.none') : formatMoney(value, { currency, minFractionDigits: 2, maxFractionDigits: 4 }),
      /** A calendar day 'YYYY-MM-DD' in the locale's short form. */
      day: (value: string | null | undefined) => (value ? dates.day(value) : t('msl.fig.none')),
      /** An instant's day in the browser's zone. */
      instant: (value: string | null | undefined) => (value ? dates.instant(value) : t('msl.fig.none')),
      /** A futures month 'YYYY-MM' as 'Dec 2026'. */
      month: (value: string | null | undefined) => (value ? formatDate(`${value}-01`, 'MMM YYYY') : t('msl.fig.none')),
    };
  }, [region.currency, t, dates]);
}

export type MslFormat = ReturnType<typeof useMslFormat>;
