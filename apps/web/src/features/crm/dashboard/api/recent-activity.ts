import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentActivityResponse } from '@granary/domain';
import { crmKeys } from '../../api/crm-keys';
import { crmGet, crmRetry, MERCHANDISING } from '../../api/crm-request';

/** How many items the dashboard shows (the API allows 1–50). */
export const RECENT_ACTIVITY_LIMIT = 15;

/** GET merchandising/recent-activity: the market's latest notes, contracts and scale tickets, newest first. */
export const recentActivityQueryOptions = (marketId: number) =>
  queryOptions({
    queryKey: crmKeys.recentActivity(marketId),
    queryFn: ({ signal }) =>
      crmGet<RecentActivityResponse>(
        `${MERCHANDISING}/recent-activity`,
        { market_id: marketId, limit: RECENT_ACTIVITY_LIMIT },
        signal,
      ),
    staleTime: 60_000,
    retry: crmRetry,
  });

export function useRecentActivity(marketId: number) {
  return useQuery(recentActivityQueryOptions(marketId));
}
