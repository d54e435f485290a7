import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedView, SavedViewGrid, SavedViewList, SavedViewState } from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../api/request';

const PATH = '/api/commodities/merchandising/saved-views';

/** Under the CRM's ['crm'] key so that sign-out drops them with the rest. */
const savedViewsKey = (grid: SavedViewGrid) => ['crm', 'saved-views', grid] as const;

/** The signed-in user's saved views of a grid (server-side: the same on every device). */
export function useSavedViews(grid: SavedViewGrid) {
  return useQuery({
    queryKey: savedViewsKey(grid),
    queryFn: ({ signal }) => getJson<SavedViewList>(PATH, { grid }, signal),
    retry: retryUnlessRefused,
    staleTime: 60_000,
  });
}

type Change =
  | { kind: 'create'; name: string; state: SavedViewState }
  | { kind: 'rename'; id: number; name: string }
  | { kind: 'update'; id: number; state: SavedViewState }
  | { kind: 'delete'; id: number };

/** Saves, renames, re-saves or deletes one of the user's views, then reloads the list. */
export function useSavedViewChange(grid: SavedViewGrid) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change): Promise<SavedView | null> => {
      switch (change.kind) {
        case 'create':
          return (
            await request<SavedView>(PATH, { method: 'POST', body: { grid, name: change.name, state: change.state } })
          ).json;
        case 'rename':
          return (await request<SavedView>(`${PATH}/${change.id}`, { method: 'PATCH', body: { name: change.name } }))
            .json;
        case 'update':
          return (await request<SavedView>(`${PATH}/${change.id}`, { method: 'PATCH', body: { state: change.state } }))
            .json;
        case 'delete':
          await request(`${PATH}/${change.id}`, { method: 'DELETE' });
          return null;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKey(grid) }),
  });
}
