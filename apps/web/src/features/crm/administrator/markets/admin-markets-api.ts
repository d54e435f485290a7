import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketDetails, MarketDetailsUpdate, MarketPost, MarketPostInput, MarketPostList } from '@granary/domain';
import { isApiError } from '../../../../lib/api/api-error';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { crmKeys } from '../../api/crm-keys';

const detailsKey = (marketId: number) => ['crm', 'admin', 'market-details', marketId] as const;
const postsKey = (marketId: number) => ['crm', 'admin', 'market-posts', marketId] as const;

/** GET merchandising/market?market_id=: the market's details and their version. */
const marketDetailsQueryOptions = (marketId: number) =>
  queryOptions({
    queryKey: detailsKey(marketId),
    queryFn: ({ signal }) => getJson<MarketDetails>(`${MERCHANDISING}/market`, { market_id: marketId }, signal),
    retry: retryUnlessRefused,
  });

export function useMarketDetails(marketId: number) {
  return useQuery(marketDetailsQueryOptions(marketId));
}

/** PUT merchandising/market?market_id= at the version edited; the markets' labels are read again after a save. */
export function useSaveMarketDetails(marketId: number, platformId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, version }: { body: MarketDetailsUpdate; version: number }) =>
      (
        await request<MarketDetails>(`${MERCHANDISING}/market`, {
          method: 'PUT',
          query: { market_id: marketId },
          body,
          ifMatch: `"${version}"`,
        })
      ).json,
    onSuccess: (saved) => {
      queryClient.setQueryData(detailsKey(marketId), saved);
      void queryClient.invalidateQueries({ queryKey: crmKeys.markets(platformId) });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 412)
        void queryClient.invalidateQueries({ queryKey: detailsKey(marketId) });
    },
  });
}

const postsPath = (platformId: number, marketId: number) =>
  `${MERCHANDISING}/le/${platformId}/market/${marketId}/posts`;

/** GET le/:partnerLegalEntity/market/:marketId/posts: the market's posts, newest first, drafts too. */
const marketPostsQueryOptions = (platformId: number, marketId: number) =>
  queryOptions({
    queryKey: postsKey(marketId),
    queryFn: ({ signal }) => getJson<MarketPostList>(postsPath(platformId, marketId), undefined, signal),
    retry: retryUnlessRefused,
  });

export function useMarketPosts(platformId: number, marketId: number) {
  return useQuery(marketPostsQueryOptions(platformId, marketId));
}

export type PostWrite =
  | { kind: 'create'; fields: MarketPostInput }
  | { kind: 'update'; id: number; version: number; fields: MarketPostInput }
  | { kind: 'delete'; id: number; version: number };

/** POST, PUT and DELETE of a market post (the last two with If-Match); the list is read again whatever the outcome. */
export function useWriteMarketPost(platformId: number, marketId: number) {
  const queryClient = useQueryClient();
  const path = postsPath(platformId, marketId);
  return useMutation({
    mutationFn: async (write: PostWrite): Promise<MarketPost | null> => {
      if (write.kind === 'create')
        return (await request<MarketPost>(path, { method: 'POST', body: write.fields })).json;
      if (write.kind === 'update')
        return (
          await request<MarketPost>(`${path}/${write.id}`, {
            method: 'PUT',
            body: write.fields,
            ifMatch: `"${write.version}"`,
          })
        ).json;
      await request<null>(`${path}/${write.id}`, { method: 'DELETE', ifMatch: `"${write.version}"` });
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsKey(marketId) }),
  });
}
