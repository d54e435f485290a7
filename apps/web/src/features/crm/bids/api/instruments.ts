import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkBasisResponse,
  InstrumentCreate,
  InstrumentListResponse,
  InstrumentRow,
  InstrumentUpdate,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { bidsKeys } from './bids-keys';

export type BidsFilters = { cropFilter: string | null; visibility: 'all' | 'public' | 'private'; deleted: boolean };

/** GET merchandising/instruments/market/:marketId: the market's bids with live cash prices, and its crop tabs. */
const bidsQueryOptions = (marketId: number, filters: BidsFilters) =>
  queryOptions({
    queryKey: bidsKeys.list(marketId, filters),
    queryFn: ({ signal }) =>
      getJson<InstrumentListResponse>(
        `${MERCHANDISING}/instruments/market/${marketId}`,
        {
          cropFilter: filters.cropFilter ?? undefined,
          instrumentVisibility: filters.visibility === 'all' ? undefined : filters.visibility,
          deleted: filters.deleted ? 'include' : undefined,
        },
        signal,
      ),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

export function useBids(marketId: number, filters: BidsFilters) {
  return useQuery(bidsQueryOptions(marketId, filters));
}

/** After any change the market's lists are read again (every filter combination of the market). */
function useRefreshMarket(marketId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bidsKeys.market(marketId) });
}

export function useCreateBid(marketId: number) {
  const refresh = useRefreshMarket(marketId);
  return useMutation({
    mutationFn: async (input: InstrumentCreate) =>
      (await request<InstrumentRow>(`${MERCHANDISING}/instruments`, { method: 'POST', body: input })).json,
    onSettled: refresh,
  });
}

/** PUT instruments/:id with If-Match (the version edited); a 412 reloads the market's bids (the caller keeps its draft). */
export function useUpdateBid(marketId: number) {
  const refresh = useRefreshMarket(marketId);
  return useMutation({
    mutationFn: async ({ id, version, patch }: { id: number; version: number; patch: InstrumentUpdate }) =>
      (
        await request<InstrumentRow>(`${MERCHANDISING}/instruments/${id}`, {
          method: 'PUT',
          body: patch,
          ifMatch: `"${version}"`,
        })
      ).json,
    onSettled: refresh,
  });
}

export function useDeleteBid(marketId: number) {
  const refresh = useRefreshMarket(marketId);
  return useMutation({
    mutationFn: async ({ id, version }: { id: number; version: number }) =>
      (
        await request<InstrumentRow>(`${MERCHANDISING}/instruments/${id}`, {
          method: 'DELETE',
          ifMatch: `"${version}"`,
        })
      ).json,
    onSettled: refresh,
  });
}

/** POST instruments/undelete/:id, with the version when known (the snackbar's Undo knows the deleted version). */
export function useUndeleteBid(marketId: number) {
  const refresh = useRefreshMarket(marketId);
  return useMutation({
    mutationFn: async ({ id, version }: { id: number; version?: number }) =>
      (
        await request<InstrumentRow>(`${MERCHANDISING}/instruments/undelete/${id}`, {
          method: 'POST',
          ...(version === undefined ? {} : { ifMatch: `"${version}"` }),
        })
      ).json,
    onSettled: refresh,
  });
}

/** POST instruments/market/:marketId/basis: all or nothing. */
export function useMoveBasis(marketId: number) {
  const refresh = useRefreshMarket(marketId);
  return useMutation({
    mutationFn: async (input: { instrumentIds: number[]; adjustmentCents: string }) =>
      (
        await request<BulkBasisResponse>(`${MERCHANDISING}/instruments/market/${marketId}/basis`, {
          method: 'POST',
          body: input,
        })
      ).json,
    onSettled: refresh,
  });
}
