import { formatDate, formatMoney, formatNumber, formatPrice, type ClientProfile } from '@granary/domain';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { priceUnitOf } from '../../../lib/trading/price-units';
import { usePriceFormat } from '../../../lib/trading/use-price-format';

/**
 * Formatting of one client's figures: quantities in the profile's quantityUnit (at most 2 decimals), areas in its
 * areaUnit (hectares in Australia), prices in the profile's currency and the partner's trade notation with their unit
 * ('$4.33½/bu'; the chart's axis in plain dollars and cents), days
 * and times in the page locale's short forms (lib/i18n/use-dates).
 */
export function useProfileFormat(profile: Pick<ClientProfile, 'quantityUnit' | 'areaUnit' | 'currency'>) {
  const t = useT();
  const dates = useDates();
  const { notation } = usePriceFormat();
  return useMemo(() => {
    const unit = t('crm.client.unit.quantity', { unit: profile.quantityUnit });
    const area = t('crm.client.unit.area', { unit: profile.areaUnit });
    const blank = (value: string | number | null | undefined) => value === null || value === undefined || value === '';
    return {
      unit,
      areaUnit: area,
      yieldUnit: t('crm.client.unit.yield', { quantity: unit, area }),
      number: (value: string | number | null | undefined) => (blank(value) ? '' : formatNumber(value)),
      quantity: (value: string | number | null | undefined) =>
        blank(value) ? '' : t('crm.client.withUnit', { value: formatNumber(value), unit }),
      area: (value: string | number | null | undefined) =>
        blank(value) ? '' : t('crm.client.withUnit', { value: formatNumber(value), unit: area }),
      price: (value: string | number | null | undefined) =>
        blank(value)
          ? ''
          : formatPrice(value, {
              notation: notation.price,
              currency: profile.currency.code,
              unit: priceUnitOf(profile.quantityUnit),
              showUnit: true,
            }),
      axisPrice: (value: number) =>
        formatMoney(value, { currency: profile.currency.code, minFractionDigits: 2, maxFractionDigits: 2 }),
      day: dates.day,
      instant: (value: string | null | undefined) => dates.instant(value),
      dateTime: (value: string | null | undefined) => dates.dateTime(value),
      /** 'YYYY-MM' → 'Nov 2026' (never 'Nov 26', which reads as a day). */
      month: (value: string) => formatDate(`${value}-01`, 'MMM YYYY'),
      monthLong: (value: string) => formatDate(`${value}-01`, 'MMMM YYYY'),
    };
  }, [t, dates, notation, profile.quantityUnit, profile.areaUnit, profile.currency.code]);
}

export type ProfileFormat = ReturnType<typeof useProfileFormat>;

/** Today in the browser as YYYY-MM-DD (the default day of a note; the server keeps the market's day when none is sent). */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

export function addDaysIso(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
