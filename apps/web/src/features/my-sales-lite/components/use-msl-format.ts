import { formatDate, formatMoney, formatNumber, type NumberValue } from '@granary/domain';
import { useMemo } from 'react';
import { useRegion } from '../../../lib/i18n/locale';
import { useT } from '../../../lib/i18n/t';

const empty = (value: NumberValue) => value === null || value === undefined || value === '';

/**
 * Formatting of the farmer's figures per region (packages/domain format, grain-marketing.md 9): quantities with at
 * most 2 decimals and their unit, prices per unit with 2 to 4 decimals in the region's currency, days as M/D/YY.
 */
export function useMslFormat() {
  const region = useRegion();
  const t = useT();
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
      /** A calendar day 'YYYY-MM-DD' as M/D/YY. */
      day: (value: string | null | undefined) => (value ? formatDate(value.slice(0, 10), 'short') : t('msl.fig.none')),
      /** An instant as M/D/YY in the browser's zone. */
      instant: (value: string | null | undefined) => (value ? formatDate(new Date(value), 'short') : t('msl.fig.none')),
      /** A futures month 'YYYY-MM' as 'Dec 2026'. */
      month: (value: string | null | undefined) => (value ? formatDate(`${value}-01`, 'MMM YYYY') : t('msl.fig.none')),
    };
  }, [region.currency, t]);
}

export type MslFormat = ReturnType<typeof useMslFormat>;
