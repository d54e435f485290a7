import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LastUpdatedResponse } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { crmKeys } from '../../api/crm-keys';
import { MERCHANDISING } from '../../api/crm-paths';

/** Under ['crm'] so that the shell's sign-out clear drops it (crm-keys.ts has no key of its own for this call). */
const lastUpdatedKey = (marketId: number) => [...crmKeys.all, 'last-updated', marketId] as const;

/** GET merchandising/last-updated: when the market's contracts, scale tickets and notes last changed. */
const lastUpdatedQueryOptions = (marketId: number) =>
  queryOptions({
    queryKey: lastUpdatedKey(marketId),
    queryFn: ({ signal }) =>
      getJson<LastUpdatedResponse>(`${MERCHANDISING}/last-updated`, { market_id: marketId }, signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

export function useLastUpdated(marketId: number) {
  return useQuery(lastUpdatedQueryOptions(marketId));
}
