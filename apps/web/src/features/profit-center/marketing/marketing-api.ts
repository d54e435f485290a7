import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFIT_CENTER_API,
  type BidsMatrix,
  type MarketingPlan,
  type MarketingPlanBody,
  type PriceAlert,
  type PriceAlertBody,
  type PriceAlertList,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';

// The marketing tab's calls (issue 17, decision 058): the plan of a crop and year, the price alerts, and a crop's bids
// at the farmer's markets for an alert on a local bid. Everything under ['profit-center'] is the farmer's own data.

const marketingKeys = {
  plan: (crop: string, year: number) => ['profit-center', 'marketing-plan', crop, year] as const,
  alerts: () => ['profit-center', 'alerts'] as const,
  bids: (crop: string) => ['profit-center', 'bids-matrix', crop] as const,
};

/** GET marketing-plan/:crop/:year: the targets and the sales against them. */
export function useMarketingPlan(crop: string, year: number) {
  return useQuery({
    queryKey: marketingKeys.plan(crop, year),
    queryFn: ({ signal }) =>
      getJson<MarketingPlan>(`${PROFIT_CENTER_API}/marketing-plan/${crop}/${year}`, undefined, signal),
    retry: retryUnlessRefused,
  });
}

/** PUT marketing-plan/:crop/:year; the plan takes the answer. */
export function useSavePlan(crop: string, year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MarketingPlanBody) =>
      (
        await request<MarketingPlan>(`${PROFIT_CENTER_API}/marketing-plan/${crop}/${year}`, {
          method: 'PUT',
          body,
        })
      ).json,
    onSuccess: (plan) => queryClient.setQueryData(marketingKeys.plan(crop, year), plan),
  });
}

/** GET alerts: the user's price alerts, newest first. */
export function usePriceAlerts() {
  return useQuery({
    queryKey: marketingKeys.alerts(),
    queryFn: ({ signal }) => getJson<PriceAlertList>(`${PROFIT_CENTER_API}/alerts`, undefined, signal),
    retry: retryUnlessRefused,
  });
}

/** GET commodity/:crop/bids-matrix: the crop's bids at each of the farmer's markets (the alert dialog's choices). */
export function useCropBids(crop: string, enabled: boolean) {
  return useQuery({
    queryKey: marketingKeys.bids(crop),
    queryFn: ({ signal }) =>
      getJson<BidsMatrix>(`${PROFIT_CENTER_API}/commodity/${crop}/bids-matrix`, undefined, signal),
    retry: retryUnlessRefused,
    enabled,
  });
}

/** POST alerts/:crop or PUT alerts/:crop/:alertId (which arms it again). */
export function useSaveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ crop, alertId, body }: { crop: string; alertId: number | null; body: PriceAlertBody }) =>
      (
        await request<PriceAlert>(`${PROFIT_CENTER_API}/alerts/${crop}${alertId === null ? '' : `/${alertId}`}`, {
          method: alertId === null ? 'POST' : 'PUT',
          body,
        })
      ).json,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.alerts() }),
  });
}

/** DELETE alerts/:crop/:alertId. */
export function useRemoveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ crop, alertId }: { crop: string; alertId: number }) => {
      await request(`${PROFIT_CENTER_API}/alerts/${crop}/${alertId}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.alerts() }),
  });
}
