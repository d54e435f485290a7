import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SCS_API,
  SCS_EXCHANGE_PLATFORM,
  type CloseCost,
  type PricingToolRequest,
  type PricingToolResponse,
  type QuotesResponse,
  type SaveStructureBody,
  type SolveZeroPremiumRequest,
  type SolveZeroPremiumResponse,
  type SolveZeroTableRequest,
  type SolveZeroTableResponse,
  type Structure,
  type StructureDetail,
  type StructureRows,
  type StructureStatus,
  type TradeStructureBody,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';

/** Query keys of /crm/structures, under the CRM's ['crm'] so that sign-out drops them with the rest. */
const structuresKeys = {
  all: ['crm', 'structures'] as const,
  list: (query: StructureListFilters) => ['crm', 'structures', 'list', query] as const,
  saved: (marketId: number) => ['crm', 'structures', 'saved', marketId] as const,
  detail: (id: number) => ['crm', 'structures', 'detail', id] as const,
  closeCost: (id: number) => ['crm', 'structures', 'close-cost', id] as const,
  prices: (symbols: string) => ['crm', 'structures', 'current-price-info', symbols] as const,
};

type StructureListFilters = {
  marketId: number;
  status: readonly StructureStatus[];
  cropId: number | null;
  clientId: number | null;
  page: number;
  token: string | null;
};

/** GET structures: the market's structures of the statuses asked, with their accumulated figures (keyset pages). */
export function useStructures(filters: StructureListFilters) {
  return useQuery(
    queryOptions({
      queryKey: structuresKeys.list(filters),
      queryFn: ({ signal }) =>
        getJson<StructureRows>(
          `${SCS_API}/structures`,
          {
            market_id: filters.marketId,
            status: filters.status.length > 0 ? filters.status.join(',') : undefined,
            cropId: filters.cropId ?? undefined,
            client_legal_entity_id: filters.clientId ?? undefined,
            page: filters.page > 1 ? filters.page : undefined,
            paginationToken: filters.page > 1 ? (filters.token ?? undefined) : undefined,
          },
          signal,
        ),
      retry: retryUnlessRefused,
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET saved-structure: the merchandiser's saved quotes at a market. */
export function useSavedQuotes(marketId: number) {
  return useQuery({
    queryKey: structuresKeys.saved(marketId),
    queryFn: ({ signal }) => getJson<StructureRows>(`${SCS_API}/saved-structure`, { market_id: marketId }, signal),
    retry: retryUnlessRefused,
  });
}

/** GET structure/:structId: one structure with its observations, its rules in words and its confirmation. */
export function useStructure(id: number | null) {
  return useQuery({
    queryKey: structuresKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getJson<StructureDetail>(`${SCS_API}/structure/${id}`, undefined, signal),
    enabled: id !== null,
    retry: retryUnlessRefused,
  });
}

/** GET structure/:structureId/close-cost: what ending the remaining terms costs today (priced by the engine). */
export function useCloseCost(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: structuresKeys.closeCost(id ?? 0),
    queryFn: ({ signal }) => getJson<CloseCost>(`${SCS_API}/structure/${id}/close-cost`, undefined, signal),
    enabled: id !== null && enabled,
    retry: retryUnlessRefused,
    staleTime: 60_000,
  });
}

/** GET current-price-info/cbot-symbol/:futuresSymbols: the latest quotes of those futures. */
export function useCurrentPrices(symbols: readonly string[]) {
  const key = [...symbols].sort().join(',');
  return useQuery({
    queryKey: structuresKeys.prices(key),
    queryFn: ({ signal }) =>
      getJson<QuotesResponse>(
        `${SCS_API}/current-price-info/${SCS_EXCHANGE_PLATFORM}-symbol/${encodeURIComponent(key)}`,
        undefined,
        signal,
      ),
    enabled: key !== '',
    retry: retryUnlessRefused,
    refetchOnWindowFocus: false,
  });
}

/** POST pricing-tool: the input valued at today's market. */
export async function priceStructure(body: PricingToolRequest): Promise<PricingToolResponse> {
  return (await request<PricingToolResponse>(`${SCS_API}/pricing-tool`, { method: 'POST', body })).json;
}

/** POST solve-zero-premium: the accumulation level (or knock-out) at which the structure costs the fee only. */
export async function solveZeroPremium(body: SolveZeroPremiumRequest): Promise<SolveZeroPremiumResponse> {
  return (await request<SolveZeroPremiumResponse>(`${SCS_API}/solve-zero-premium`, { method: 'POST', body })).json;
}

/** POST solve-zero-table: zero-cost levels over knock-outs × period ends. */
export async function solveZeroTable(body: SolveZeroTableRequest): Promise<SolveZeroTableResponse> {
  return (await request<SolveZeroTableResponse>(`${SCS_API}/solve-zero-table`, { method: 'POST', body })).json;
}

/** Every list and detail of the structures read again after a write. */
function useInvalidateStructures() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: structuresKeys.all });
}

/** POST saved-structure (a new quote) or PUT structure/:structId (a quote re-edited, If-Match its version). */
export function useSaveQuote() {
  const invalidate = useInvalidateStructures();
  return useMutation({
    mutationFn: async ({
      body,
      quote,
    }: {
      body: SaveStructureBody;
      quote: Pick<Structure, 'id' | 'version'> | null;
    }) =>
      quote
        ? (
            await request<Structure>(`${SCS_API}/structure/${quote.id}`, {
              method: 'PUT',
              body,
              ifMatch: `"${quote.version}"`,
            })
          ).json
        : (await request<Structure>(`${SCS_API}/saved-structure`, { method: 'POST', body })).json,
    onSettled: invalidate,
  });
}

/** POST trade (If-Match the quote's version): the quote becomes live, or waits for the client's e-signature. */
export function useTradeStructure() {
  const invalidate = useInvalidateStructures();
  return useMutation({
    mutationFn: async ({
      quote,
      confirmation,
    }: {
      quote: Pick<Structure, 'id' | 'version'>;
      confirmation: TradeStructureBody['confirmation'];
    }) =>
      (
        await request<StructureDetail>(`${SCS_API}/trade`, {
          method: 'POST',
          body: { structureId: quote.id, confirmation } satisfies TradeStructureBody,
          ifMatch: `"${quote.version}"`,
        })
      ).json,
    onSettled: invalidate,
  });
}

/** DELETE structure/:structId: a quote cancelled. */
export function useCancelQuote() {
  const invalidate = useInvalidateStructures();
  return useMutation({
    mutationFn: async (quote: Pick<Structure, 'id' | 'version'>) =>
      (
        await request<Structure>(`${SCS_API}/structure/${quote.id}`, {
          method: 'DELETE',
          ifMatch: `"${quote.version}"`,
        })
      ).json,
    onSettled: invalidate,
  });
}

/** POST structure/:id/request-close (on the client's behalf) or structure/:id/close (approve or reject, If-Match). */
export function useCloseCommand() {
  const invalidate = useInvalidateStructures();
  return useMutation({
    mutationFn: async ({
      structure,
      command,
      note,
    }: {
      structure: Pick<Structure, 'id' | 'version'>;
      command: 'request' | 'approve' | 'reject';
      note?: string;
    }) =>
      command === 'request'
        ? (
            await request<StructureDetail>(`${SCS_API}/structure/${structure.id}/request-close`, {
              method: 'POST',
              body: note ? { note } : {},
            })
          ).json
        : (
            await request<StructureDetail>(`${SCS_API}/structure/${structure.id}/close`, {
              method: 'POST',
              body: { decision: command, ...(note ? { note } : {}) },
              ifMatch: `"${structure.version}"`,
            })
          ).json,
    onSettled: invalidate,
  });
}
