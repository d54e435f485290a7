import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PARTNER_PRICE_NOTATION_PATH, type PriceNotationSettings } from '@granary/domain';
import type { Bootstrap } from '../../../lib/api/bootstrap';
import { queryKeys } from '../../../lib/api/query-keys';
import { request } from '../../../lib/api/request';

/**
 * PUT the partner's price notation (CRM administrators). The bootstrap's partner takes the saved value at once, so
 * every price on the open pages (usePriceFormat) is written the new way without a reload.
 */
export function useSavePriceNotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notation: PriceNotationSettings) =>
      (await request<PriceNotationSettings>(PARTNER_PRICE_NOTATION_PATH, { method: 'PUT', body: notation })).json,
    onSuccess: (saved) =>
      queryClient.setQueryData<Bootstrap>(queryKeys.bootstrap, (current) =>
        current ? { ...current, partner: { ...current.partner, priceNotation: saved } } : current,
      ),
  });
}
