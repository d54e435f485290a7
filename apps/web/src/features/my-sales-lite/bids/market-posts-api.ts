import { useQuery } from '@tanstack/react-query';
import { PROFIT_CENTER_API, type FarmerMarketPostList } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';
import { mslKeys } from '../api/msl-keys';

/** GET profit-center/market/:marketId/posts: the market's published posts, newest first (a market the farm sells to). */
export function useMarketPosts(marketId: number) {
  return useQuery({
    queryKey: [...mslKeys.all, 'market-posts', marketId] as const,
    queryFn: ({ signal }) =>
      getJson<FarmerMarketPostList>(`${PROFIT_CENTER_API}/market/${marketId}/posts`, undefined, signal),
    retry: retryUnlessRefused,
  });
}
