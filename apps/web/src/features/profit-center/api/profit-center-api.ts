import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFIT_CENTER_API,
  type EnterpriseBids,
  type FavoritesResponse,
  type ProfitSummaryResponse,
  type QuotesResponse,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';

/** Query keys of the profit center's calls; everything under ['profit-center'] is the farmer's own data. */
const profitCenterKeys = {
  all: ['profit-center'] as const,
  summary: () => ['profit-center', 'summary'] as const,
  favorites: () => ['profit-center', 'favorites'] as const,
  enterpriseBids: (enterpriseId: number) => ['profit-center', 'enterprise-bids', enterpriseId] as const,
  quotesRoot: (root: string) => ['profit-center', 'quotes-root', root] as const,
};

/** GET profit-center/summary: per crop and crop year, the sales and profit figures. */
export function useProfitSummary() {
  return useQuery(
    queryOptions({
      queryKey: profitCenterKeys.summary(),
      queryFn: ({ signal }) => getJson<ProfitSummaryResponse>(`${PROFIT_CENTER_API}/summary`, undefined, signal),
      retry: retryUnlessRefused,
    }),
  );
}

/** GET profit-center/favorite: the user's favourite locations; the page's access check (403 without the flag). */
export function useFavorites() {
  return useQuery({
    queryKey: profitCenterKeys.favorites(),
    queryFn: ({ signal }) => getJson<FavoritesResponse>(`${PROFIT_CENTER_API}/favorite`, undefined, signal),
    retry: retryUnlessRefused,
  });
}

/** GET profit-center/enterprise/:enterpriseId/bids: the farm business's markets and their bids. */
export function useEnterpriseBids(enterpriseId: number | null) {
  return useQuery({
    queryKey: profitCenterKeys.enterpriseBids(enterpriseId ?? 0),
    queryFn: ({ signal }) =>
      getJson<EnterpriseBids>(`${PROFIT_CENTER_API}/enterprise/${enterpriseId}/bids`, undefined, signal),
    retry: retryUnlessRefused,
    enabled: enterpriseId !== null,
  });
}

/** GET profit-center/quotes-root/:root: the months of a futures root still trading, nearest first. */
export function useQuotesRoot(root: string) {
  return useQuery({
    queryKey: profitCenterKeys.quotesRoot(root),
    queryFn: ({ signal }) =>
      getJson<QuotesResponse>(`${PROFIT_CENTER_API}/quotes-root/${encodeURIComponent(root)}`, undefined, signal),
    retry: retryUnlessRefused,
  });
}

/** PUT / DELETE profit-center/favorite/:locationId/:cropId; the favourites and the market home take the answer. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ marketId, cropId, on }: { marketId: number; cropId: number; on: boolean }) => {
      const { json } = await request<FavoritesResponse>(`${PROFIT_CENTER_API}/favorite/${marketId}/${cropId}`, {
        method: on ? 'PUT' : 'DELETE',
      });
      return json;
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(profitCenterKeys.favorites(), answer);
      void queryClient.invalidateQueries({ queryKey: ['profit-center', 'enterprise-bids'] });
    },
  });
}
