import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFIT_CENTER_API,
  type FarmerOffersResponse,
  type Offer,
  type OfferPlaceInput,
  type RequestMakeOfferResponse,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';
import { mslKeys } from '../api/msl-keys';

export const farmOffersKeys = {
  all: [...mslKeys.all, 'offers'] as const,
  mine: () => [...mslKeys.all, 'offers', 'mine'] as const,
  market: (marketId: number) => [...mslKeys.all, 'offers', 'market', marketId] as const,
};

/** GET profit-center/offers: the markets the farm sells to and the farmer's offers, newest first. */
const farmOffersQueryOptions = () =>
  queryOptions({
    queryKey: farmOffersKeys.mine(),
    queryFn: ({ signal }) => getJson<FarmerOffersResponse>(`${PROFIT_CENTER_API}/offers`, undefined, signal),
    retry: retryUnlessRefused,
  });

export function useFarmOffers() {
  return useQuery(farmOffersQueryOptions());
}

/** GET profit-center/market/:marketId/request-make-offer: the market's bids with cash prices, the farms selling there. */
export function useMakeOffer(marketId: number | null) {
  return useQuery({
    queryKey: farmOffersKeys.market(marketId ?? 0),
    queryFn: ({ signal }) =>
      getJson<RequestMakeOfferResponse>(
        `${PROFIT_CENTER_API}/market/${marketId}/request-make-offer`,
        undefined,
        signal,
      ),
    enabled: marketId !== null,
    retry: retryUnlessRefused,
  });
}

/** POST an offer call; a refusal throws ApiError with details {reason, status}. */
async function post<T>(path: string, body?: unknown): Promise<T> {
  const { json } = await request<T>(`${PROFIT_CENTER_API}${path}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body }),
  });
  return json;
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: farmOffersKeys.all });
}

export function usePlaceOffer() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: OfferPlaceInput) => post<Offer>('/offer', input), onSettled: refresh });
}

export function useCancelOwnOffer() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (offer: Offer) => post<Offer>(`/offer/${offer.id}/cancel`), onSettled: refresh });
}
