import { formatMoney, formatNumber } from '@granary/domain';
import { useRegion } from '../../../lib/i18n/locale';
import { useT } from '../../../lib/i18n/t';

/** '1,240.5 ac': acres (an exact decimal string) through the domain's number formatter. */
export function useAreaText(): (acres: string) => string {
  const t = useT();
  return (acres) => t('sustainability.area', { area: formatNumber(acres, { maxFractionDigits: 2 }) });
}

/**
 * A premium in the region's currency with the domain's money formatter: at least 2 decimals and up to the 4 the
 * programs' premium column and form allow ('$0.10', '$0.0125'), as the CRM's programs table shows it.
 */
export function useMoneyText(): (value: string) => string {
  const region = useRegion();
  return (value) => formatMoney(value, { currency: region.currency, maxFractionDigits: 4 });
}
