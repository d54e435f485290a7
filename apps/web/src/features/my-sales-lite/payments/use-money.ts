import { formatMoney } from '@granary/domain';
import { useCallback } from 'react';
import { useRegion } from '../../../lib/i18n/locale';

/** Money in the region's currency with 2 decimals ('$21,748.37'), through the domain's formatter. */
export function useMoney(): (value: string) => string {
  const region = useRegion();
  return useCallback((value: string) => formatMoney(value, { currency: region.currency }), [region.currency]);
}
