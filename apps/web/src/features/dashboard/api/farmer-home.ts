import { useQuery } from '@tanstack/react-query';
import { FARMER_HOME_PATH, farmerHomeSchema } from '@granary/domain';
import { request, retryUnlessRefused } from '../../../lib/api/request';

/**
 * GET profit-center/home: every card of the farmer's home in one answer (issue 17). Under ['my-sales-lite'], the
 * farmer's own data: signing a contract or placing an offer refreshes it as it refreshes My Sales Lite.
 */
export function useFarmerHome(enabled = true) {
  return useQuery({
    queryKey: ['my-sales-lite', 'home'],
    queryFn: async ({ signal }) => farmerHomeSchema.parse((await request<unknown>(FARMER_HOME_PATH, { signal })).json),
    staleTime: 30_000,
    retry: retryUnlessRefused,
    enabled,
  });
}
