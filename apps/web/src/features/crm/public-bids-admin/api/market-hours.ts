import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketHoursResponse, WeeklyHoursInput } from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { publicAdminKeys } from './public-admin-keys';

/** GET merchandising/v2/market/:marketId/hours: the week Monday first, in the market's zone. */
const marketHoursQueryOptions = (marketId: number) =>
  queryOptions({
    queryKey: publicAdminKeys.hours(marketId),
    queryFn: ({ signal }) =>
      getJson<MarketHoursResponse>(`${MERCHANDISING}/v2/market/${marketId}/hours`, undefined, signal),
    retry: retryUnlessRefused,
  });

export function useMarketHours(marketId: number) {
  return useQuery(marketHoursQueryOptions(marketId));
}

/** PUT merchandising/v2/market/:marketId/hours: the whole week. */
export function useSaveMarketHours(marketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WeeklyHoursInput) => {
      const { json } = await request<MarketHoursResponse>(`${MERCHANDISING}/v2/market/${marketId}/hours`, {
        method: 'PUT',
        body: input,
      });
      return json;
    },
    onSuccess: (saved) => queryClient.setQueryData(publicAdminKeys.hours(marketId), saved),
  });
}
