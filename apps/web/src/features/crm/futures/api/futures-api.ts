import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFIT_CENTER_API,
  QUOTES_IMPORT_PATH,
  type QuoteImportResult,
  type QuotesResponse,
  type RoundingMode,
  type RoundingModeRow,
  type RoundingModesResponse,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';

/** Query keys of the futures calls, under the CRM's ['crm'] so that sign-out drops them with the rest. */
export const futuresKeys = {
  all: ['crm', 'futures'] as const,
  root: (root: string) => ['crm', 'futures', 'quotes-root', root] as const,
  roundingModes: (platformId: number, marketId: number) =>
    ['crm', 'futures', 'rounding-modes', platformId, marketId] as const,
};

/** GET profit-center/quotes-root/:root: the quotes of a futures root's months still trading, nearest first. */
const quotesOfRootQueryOptions = (root: string) =>
  queryOptions({
    queryKey: futuresKeys.root(root),
    queryFn: ({ signal }) =>
      getJson<QuotesResponse>(`${PROFIT_CENTER_API}/quotes-root/${encodeURIComponent(root)}`, undefined, signal),
    retry: retryUnlessRefused,
    // Live events keep it fresh; a refetch on focus would only repeat them.
    refetchOnWindowFocus: false,
  });

export function useQuotesOfRoot(root: string | null) {
  return useQuery({ ...quotesOfRootQueryOptions(root ?? ''), enabled: root !== null });
}

const roundingBase = (platformId: number, marketId: number) => `${MERCHANDISING}/le/${platformId}/market/${marketId}`;

/** GET merchandising/le/:platformId/market/:marketId/rounding-mode: the market's mode per futures crop. */
export function useRoundingModes(platformId: number, marketId: number) {
  return useQuery({
    queryKey: futuresKeys.roundingModes(platformId, marketId),
    queryFn: ({ signal }) =>
      getJson<RoundingModesResponse>(`${roundingBase(platformId, marketId)}/rounding-mode`, undefined, signal),
    retry: retryUnlessRefused,
  });
}

/** PUT …/commodity/:cropId/rounding-mode/:mode; the cache holds the market's modes with the new one. */
export function useSetRoundingMode(platformId: number, marketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cropId, mode }: { cropId: number; mode: RoundingMode }) => {
      const { json } = await request<RoundingModeRow>(
        `${roundingBase(platformId, marketId)}/commodity/${cropId}/rounding-mode/${mode}`,
        { method: 'PUT' },
      );
      return json;
    },
    onSuccess: (row) =>
      queryClient.setQueryData<RoundingModesResponse>(futuresKeys.roundingModes(platformId, marketId), (current) =>
        current ? { ...current, modes: current.modes.map((m) => (m.cropId === row.cropId ? row : m)) } : current,
      ),
  });
}

/** POST profit-center/quotes/import (text/csv): all rows or none; a 400 carries every bad row. */
export function useImportQuotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string) => {
      const { json } = await request<QuoteImportResult>(QUOTES_IMPORT_PATH, {
        method: 'POST',
        body: csv,
        bodyKind: 'text',
        headers: { 'Content-Type': 'text/csv;charset=UTF-8' },
      });
      return json;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: futuresKeys.all }),
  });
}
