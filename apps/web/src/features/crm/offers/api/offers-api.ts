import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Offer, OfferEditInput, OfferListResponse, OfferStatusFilter } from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';

/** Query keys of /crm/offers, under the CRM's ['crm'] so that sign-out drops them with the rest. */
export const offersKeys = {
  all: ['crm', 'offers'] as const,
  market: (marketId: number) => ['crm', 'offers', 'market', marketId] as const,
  list: (marketId: number, status: OfferStatusFilter, page: number, token: string | null) =>
    ['crm', 'offers', 'market', marketId, status, page, token] as const,
};

export type OffersPage = { page: number; token: string | null };

/** GET merchandising/offers: a market's offers of a status filter, newest first, keyset pages, with the chips' counts. */
const offersQueryOptions = (marketId: number, status: OfferStatusFilter, paging: OffersPage) =>
  queryOptions({
    queryKey: offersKeys.list(marketId, status, paging.page, paging.token),
    queryFn: ({ signal }) =>
      getJson<OfferListResponse>(
        `${MERCHANDISING}/offers`,
        {
          market_id: marketId,
          status,
          page: paging.page > 1 ? paging.page : undefined,
          paginationToken: paging.page > 1 ? (paging.token ?? undefined) : undefined,
        },
        signal,
      ),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

export function useOffers(marketId: number, status: OfferStatusFilter, paging: OffersPage) {
  return useQuery(offersQueryOptions(marketId, status, paging));
}

export type OfferCommand = 'accept' | 'approve' | 'reject' | 'cancel' | 'reset_price_hit';

/** One of a row's actions; every list of the market is read again afterwards (success or not). */
export function useOfferCommand(marketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ offer, command }: { offer: Offer; command: OfferCommand }) => {
      if (command === 'reset_price_hit') {
        const { json } = await request<{ offers: Offer[] }>(`${MERCHANDISING}/offers/reset-price-hit`, {
          method: 'POST',
          body: { offerIds: [offer.id] },
        });
        return json.offers[0] ?? offer;
      }
      return (await request<Offer>(`${MERCHANDISING}/offer/${offer.id}/${command}`, { method: 'POST' })).json;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersKeys.market(marketId) }),
  });
}

/** PATCH offer/:id with If-Match (the version shown). */
export function useEditOffer(marketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ offer, patch }: { offer: Offer; patch: OfferEditInput }) =>
      (
        await request<Offer>(`${MERCHANDISING}/offer/${offer.id}`, {
          method: 'PATCH',
          body: patch,
          ifMatch: `"${offer.version}"`,
        })
      ).json,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersKeys.market(marketId) }),
  });
}
