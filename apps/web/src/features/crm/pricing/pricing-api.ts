import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  futuresProductForCrop,
  futuresSymbol,
  contractPricingExtrasSchema,
  type ContractOperationResponse,
  type OpenPositions,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';
import { CTRM } from '../api/crm-paths';
import { crmKeys } from '../api/crm-keys';
import { useQuotesOfRoot } from '../futures/api/futures-api';

/** The pricing operations of decision 041 and their path segments. */
export const PRICING_ACTIONS = [
  'futures_set',
  'basis_set',
  'pricing_addenda',
  'structured_addendum',
  'credit_sale',
  'secondary_obligation',
] as const;
export type PricingAction = (typeof PRICING_ACTIONS)[number];

const PATHS: Readonly<Record<PricingAction, string>> = {
  futures_set: 'futures-set',
  basis_set: 'basis-set',
  pricing_addenda: 'pricing-addenda',
  structured_addendum: 'structured-addendum',
  credit_sale: 'credit-sale',
  secondary_obligation: 'secondary-obligation',
};

const contractPath = (clientId: number, contractId: number) => `${CTRM}/seller/${clientId}/contract/${contractId}`;

export const pricingKeys = {
  extras: (clientId: number, contractId: number) => ['crm', 'contract-pricing', clientId, contractId] as const,
  names: ['crm', 'structured-addenda-names'] as const,
  positions: (direction: 'purchase' | 'sales', marketId: number | null) =>
    ['crm', 'open-positions', direction, marketId] as const,
};

/** GET …/contract/:id/pricing: addenda, obligations and the quantities still open to each operation. */
export function usePricingExtras(clientId: number, contractId: number) {
  return useQuery({
    queryKey: pricingKeys.extras(clientId, contractId),
    // Checked against the shape (a contract page served by an older server, or a stub, shows no pricing extras).
    queryFn: async ({ signal }) =>
      contractPricingExtrasSchema.parse(
        await getJson<unknown>(`${contractPath(clientId, contractId)}/pricing`, undefined, signal),
      ),
    retry: retryUnlessRefused,
  });
}

export function useStructuredAddendaNames(enabled: boolean) {
  return useQuery({
    queryKey: pricingKeys.names,
    queryFn: ({ signal }) =>
      getJson<{ names: { id: number; name: string; description: string | null }[] }>(
        `${CTRM}/structured-addenda-names`,
        undefined,
        signal,
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The live quote of a crop's futures month (the futures module's quotes of its root), or null. */
export function useLiveQuote(cropId: number | null, optionMonth: string | null) {
  const product = cropId === null ? null : futuresProductForCrop(cropId);
  const quotes = useQuotesOfRoot(product && optionMonth ? product.root : null);
  const symbol = product && optionMonth ? futuresSymbol(product.root, optionMonth) : null;
  const quote = quotes.data?.quotes.find((q) => q.symbol === symbol) ?? null;
  return { symbol, quote, isLoading: quotes.isLoading };
}

type PricingRequest = {
  action: PricingAction | 'obligation_event';
  obligationId?: number;
  body: Record<string, unknown>;
  version: number;
};

/** A pricing operation on one contract with If-Match; refreshes the contract, its pricing extras and the lists. */
export function usePricingOperation(clientId: number, contractId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PricingRequest) => {
      const path =
        input.action === 'obligation_event' ? `secondary-obligation/${input.obligationId}/events` : PATHS[input.action];
      const { json } = await request<ContractOperationResponse>(`${contractPath(clientId, contractId)}/${path}`, {
        method: 'POST',
        body: input.body,
        ifMatch: `"${input.version}"`,
      });
      return json;
    },
    onSuccess: (response) => {
      queryClient.setQueryData(crmKeys.contract(clientId, contractId), response.contract);
      void queryClient.invalidateQueries({ queryKey: pricingKeys.extras(clientId, contractId) });
      void queryClient.invalidateQueries({ queryKey: ['crm', 'contracts'] });
      void queryClient.invalidateQueries({ queryKey: ['crm', 'open-positions'] });
      void queryClient.invalidateQueries({ queryKey: ['crm', 'client-profile'] });
    },
  });
}

/** GET ctrm/contracts/open/purchase|sales at a market. */
export function useOpenPositions(direction: 'purchase' | 'sales', marketId: number | null) {
  return useQuery({
    queryKey: pricingKeys.positions(direction, marketId),
    queryFn: ({ signal }) =>
      getJson<OpenPositions>(
        `${CTRM}/contracts/open/${direction}`,
        marketId === null ? undefined : { market_id: String(marketId) },
        signal,
      ),
    retry: retryUnlessRefused,
  });
}
