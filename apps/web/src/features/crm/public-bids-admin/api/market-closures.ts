import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketClosuresInput, MarketClosuresResponse } from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { publicAdminKeys } from './public-admin-keys';

/** GET merchandising/market/:marketId/closures: the market's holiday hours and closures by date, and its today. */
const marketClosuresQueryOptions = (marketId: number) =>
  queryOptions({
    queryKey: publicAdminKeys.closures(marketId),
    queryFn: ({ signal }) =>
      getJson<MarketClosuresResponse>(`${MERCHANDISING}/market/${marketId}/closures`, undefined, signal),
    retry: retryUnlessRefused,
  });

export function useMarketClosures(marketId: number) {
  return useQuery(marketClosuresQueryOptions(marketId));
}

/** PUT merchandising/market/:marketId/closures: the whole list; the hours' 'open now' is read again after it. */
export function useSaveMarketClosures(marketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MarketClosuresInput) => {
      const { json } = await request<MarketClosuresResponse>(`${MERCHANDISING}/market/${marketId}/closures`, {
        method: 'PUT',
        body: input,
      });
      return json;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(publicAdminKeys.closures(marketId), saved);
      void queryClient.invalidateQueries({ queryKey: publicAdminKeys.hours(marketId) });
    },
  });
}
