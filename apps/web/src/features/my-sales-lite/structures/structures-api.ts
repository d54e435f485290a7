import {
  PROFIT_CENTER_API,
  type FarmerStructure,
  type FarmerStructureDetail,
  type FarmerStructureList,
} from '@granary/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';
import { mslKeys } from '../api/msl-keys';

const keys = {
  list: () => [...mslKeys.all, 'structures'] as const,
  detail: (id: number) => [...mslKeys.all, 'structures', id] as const,
};

/** GET profit-center/structures: the farmer's traded structures (live and finished), read-only. */
export function useFarmerStructures() {
  return useQuery({
    queryKey: keys.list(),
    queryFn: ({ signal }) => getJson<FarmerStructureList>(`${PROFIT_CENTER_API}/structures`, undefined, signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}

/** GET profit-center/structures/:structureId: one of them with its observations. */
export function useFarmerStructure(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => getJson<FarmerStructureDetail>(`${PROFIT_CENTER_API}/structures/${id}`, undefined, signal),
    enabled: id !== null,
    retry: retryUnlessRefused,
  });
}

/** POST profit-center/structures/:structureId/request-close: the farmer asks the merchandiser to close it. */
export function useFarmerRequestClose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, note }: { id: number; note?: string }) =>
      (
        await request<FarmerStructure>(`${PROFIT_CENTER_API}/structures/${id}/request-close`, {
          method: 'POST',
          body: note ? { note } : {},
        })
      ).json,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.list() }),
  });
}
