import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { offersHitPath, type OffersHitResponse } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { bidsKeys } from './bids-keys';

/** What a basis change is: one new basis (dollars) for the bids, or a move of each by cents. */
export type BasisChange = { basis: string } | { adjustmentCents: string };

/** The value once it has stopped changing for `ms` (a count per keystroke would be a call per keystroke). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * GET .../instruments/market/:marketId/offers-hit: how many working farmer offers on the bids the change would hit
 * (the server's price watcher rule, on the current quotes). Asked only for a valid change; null while unknown.
 */
export function useOffersHit(marketId: number, instrumentIds: readonly number[], change: BasisChange | null) {
  const key = change === null || instrumentIds.length === 0 ? null : { ids: instrumentIds.join(','), ...change };
  const settled = useSettled(key === null ? null : JSON.stringify(key), 250);
  const query = useQuery({
    queryKey: [...bidsKeys.market(marketId), 'offers-hit', settled],
    queryFn: ({ signal }) => {
      const { ids, ...rest } = JSON.parse(settled!) as { ids: string } & BasisChange;
      return getJson<OffersHitResponse>(offersHitPath(marketId), { instrumentIds: ids, ...rest }, signal);
    },
    enabled: settled !== null,
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  return key === null || query.data === undefined ? null : query.data.count;
}
