import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketPageSettings, MarketPageSettingsUpdate } from '@granary/domain';
import { isApiError } from '../../../../lib/api/api-error';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { publicAdminKeys } from './public-admin-keys';

/** GET merchandising/market/:marketId/info: what the market's public page shows (version 0: never saved). */
const marketInfoQueryOptions = (marketId: number) =>
  queryOptions({
    queryKey: publicAdminKeys.info(marketId),
    queryFn: ({ signal }) => getJson<MarketPageSettings>(`${MERCHANDISING}/market/${marketId}/info`, undefined, signal),
    retry: retryUnlessRefused,
  });

export function useMarketInfo(marketId: number) {
  return useQuery(marketInfoQueryOptions(marketId));
}

/**
 * PUT merchandising/market/:marketId/info with If-Match (the version the section was edited from): the fields of one
 * section. On success the cache holds the saved page; on a 412 the page is read again (the section keeps its draft).
 */
export function useSaveMarketInfo(marketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ patch, version }: { patch: MarketPageSettingsUpdate; version: number }) => {
      const { json } = await request<MarketPageSettings>(`${MERCHANDISING}/market/${marketId}/info`, {
        method: 'PUT',
        body: patch,
        ifMatch: `"${version}"`,
      });
      return json;
    },
    onSuccess: (saved) => queryClient.setQueryData(publicAdminKeys.info(marketId), saved),
    onError: (error) => {
      if (isApiError(error) && error.status === 412)
        void queryClient.invalidateQueries({ queryKey: publicAdminKeys.info(marketId) });
    },
  });
}
