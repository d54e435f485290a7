import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowupListResponse } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { crmKeys } from '../../api/crm-keys';

export type ClientFollowupsParams = { marketId: number; clientId: number };

/** GET merchandising/followups for one client at a market: its open follow-ups by due day (up to 100). */
const clientFollowupsQueryOptions = (params: ClientFollowupsParams) =>
  queryOptions({
    queryKey: crmKeys.followups({ market_id: params.marketId, client_legal_entity_id: params.clientId }),
    queryFn: ({ signal }) =>
      getJson<FollowupListResponse>(
        `${MERCHANDISING}/followups`,
        { market_id: params.marketId, client_legal_entity_id: params.clientId, pageSize: 100 },
        signal,
      ),
    retry: retryUnlessRefused,
    staleTime: 15_000,
  });

export function useClientFollowups(params: ClientFollowupsParams, enabled: boolean) {
  return useQuery({ ...clientFollowupsQueryOptions(params), enabled });
}
