import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer, OfferPlaceInput } from '@granary/domain';
import { request } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { bidsKeys } from './bids-keys';

/**
 * POST merchandising/offer: a buyer places an offer on a client's behalf against a bid (grain-marketing.md 4
 * 'instrumentPlaceOffer'). The market's bids are read again (the row's offers count) and so is its offers desk.
 */
export function usePlaceOffer(marketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OfferPlaceInput) =>
      (await request<Offer>(`${MERCHANDISING}/offer`, { method: 'POST', body: input })).json,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bidsKeys.market(marketId) }),
        queryClient.invalidateQueries({ queryKey: ['crm', 'offers', 'market', marketId] }),
      ]),
  });
}
