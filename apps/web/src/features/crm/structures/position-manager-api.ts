import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFIT_CENTER_API,
  SCS_API,
  hedgeTradeListSchema,
  positionsSchema,
  type HedgeTrade,
  type HedgeTradeBody,
  type Positions,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';

/** Query keys of the position manager (under ['crm'], dropped with the CRM's cache on sign-out). */
export const positionKeys = {
  all: ['crm', 'position-manager'] as const,
  positions: (cropId: number | null, marketIds: string | null) =>
    ['crm', 'position-manager', 'positions', cropId, marketIds] as const,
  trades: (cropId: number | null) => ['crm', 'position-manager', 'trades', cropId] as const,
};

/** How often the position is read again while a structure's delta is being computed. */
const PENDING_REFRESH_MS = 3000;

/** GET SCS position-manager: the position per crop × futures month (of a crop, of some markets, or all). */
export function usePositions(cropId: number | null, marketIds: readonly number[] | null) {
  const markets = marketIds && marketIds.length > 0 ? marketIds.join(',') : null;
  return useQuery({
    queryKey: positionKeys.positions(cropId, markets),
    queryFn: async ({ signal }): Promise<Positions> =>
      positionsSchema.parse(
        await getJson<unknown>(
          `${SCS_API}/position-manager`,
          { ...(cropId === null ? {} : { cropId }), ...(markets === null ? {} : { marketIds: markets }) },
          signal,
        ),
      ),
    retry: retryUnlessRefused,
    // Figures move with the quotes: the previous figures stay on screen while the new ones load.
    placeholderData: (previous) => previous,
    // Structures the background valuation has not reached yet (traded a moment ago) or is valuing again: read again
    // until their deltas are in.
    refetchInterval: (query) => {
      const s = query.state.data?.structures;
      return s && (s.pending.length > 0 || s.refreshing > 0) ? PENDING_REFRESH_MS : false;
    },
  });
}

/** GET profit-center trades: the hedges still standing, newest first. */
export function useTrades(cropId: number | null) {
  return useQuery({
    queryKey: positionKeys.trades(cropId),
    queryFn: async ({ signal }): Promise<HedgeTrade[]> =>
      hedgeTradeListSchema.parse(
        await getJson<unknown>(`${PROFIT_CENTER_API}/trades`, cropId === null ? undefined : { cropId }, signal),
      ).rows,
    retry: retryUnlessRefused,
  });
}

type TradeWrite =
  | { kind: 'create'; body: HedgeTradeBody }
  | { kind: 'edit'; id: number; version: number; body: HedgeTradeBody }
  | { kind: 'cancel'; id: number; version: number };

/** Record, edit (If-Match) or cancel (If-Match) a trade; the position and the trades are read again after. */
export function useTradeWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: TradeWrite): Promise<HedgeTrade> => {
      const path = `${PROFIT_CENTER_API}/trades`;
      if (write.kind === 'create') return (await request<HedgeTrade>(path, { method: 'POST', body: write.body })).json;
      const ifMatch = `"${write.version}"`;
      if (write.kind === 'edit')
        return (await request<HedgeTrade>(`${path}/${write.id}`, { method: 'PUT', body: write.body, ifMatch })).json;
      return (await request<HedgeTrade>(`${path}/${write.id}`, { method: 'DELETE', ifMatch })).json;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: positionKeys.all }),
  });
}
