import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFIT_CENTER_API,
  type FarmerOffersResponse,
  type Offer,
  type OfferPlaceInput,
  type RequestMakeOfferResponse,
} from '@granary/domain';
import { request } from '../../../lib/api/request';
import { mslGet, mslKeys, mslRetry, MslApiError } from '../api/msl-request';

/** A failed offer call: the status, the server's code and the refusal's details (reason, status). */
export class FarmOfferError extends MslApiError {
  readonly details: unknown;
  constructor(status: number, code: string | undefined, message: string, details: unknown) {
    super(status, code, message);
    this.details = details;
  }
}

export const farmOffersKeys = {
  all: [...mslKeys.all, 'offers'] as const,
  mine: () => [...mslKeys.all, 'offers', 'mine'] as const,
  market: (marketId: number) => [...mslKeys.all, 'offers', 'market', marketId] as const,
};

/** GET profit-center/offers: the markets the farm sells to and the farmer's offers, newest first. */
export const farmOffersQueryOptions = () =>
  queryOptions({
    queryKey: farmOffersKeys.mine(),
    queryFn: ({ signal }) => mslGet<FarmerOffersResponse>('/offers', undefined, signal),
    retry: mslRetry,
  });

export function useFarmOffers() {
  return useQuery(farmOffersQueryOptions());
}

/** GET profit-center/market/:marketId/request-make-offer: the market's bids with cash prices, the farms selling there. */
export function useMakeOffer(marketId: number | null) {
  return useQuery({
    queryKey: farmOffersKeys.market(marketId ?? 0),
    queryFn: ({ signal }) =>
      mslGet<RequestMakeOfferResponse>(`/market/${marketId}/request-make-offer`, undefined, signal),
    enabled: marketId !== null,
    retry: mslRetry,
  });
}

async function post<T>(path: string, body?: unknown): Promise<T> {
  const result = await request<T>(`${PROFIT_CENTER_API}${path}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body }),
  });
  if (!result.ok) throw new FarmOfferError(result.status, result.json.code, result.json.message, result.json.details);
  return result.json;
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
