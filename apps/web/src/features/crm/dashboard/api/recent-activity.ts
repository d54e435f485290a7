import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentActivityResponse } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { crmKeys } from '../../api/crm-keys';
import { MERCHANDISING } from '../../api/crm-paths';

/** How many items the dashboard shows (the API allows 1–50). */
const RECENT_ACTIVITY_LIMIT = 15;

/** GET merchandising/recent-activity: the market's latest notes, contracts and scale tickets, newest first. */
const recentActivityQueryOptions = (marketId: number) =>
  queryOptions({
    queryKey: crmKeys.recentActivity(marketId),
    queryFn: ({ signal }) =>
      getJson<RecentActivityResponse>(
        `${MERCHANDISING}/recent-activity`,
        { market_id: marketId, limit: RECENT_ACTIVITY_LIMIT },
        signal,
      ),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

export function useRecentActivity(marketId: number) {
  return useQuery(recentActivityQueryOptions(marketId));
}
