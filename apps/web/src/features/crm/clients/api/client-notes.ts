import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { NoteCategory, NoteListResponse } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { crmKeys } from '../../api/crm-keys';
import { clientPath } from './client-profile';

export type ClientNotesParams = { platformId: number; marketId: number; clientId: number };

const NOTES_PAGE_SIZE = 20;

type NotesPageParam = { page: number; paginationToken: string | null };

/** GET …/le/:clientId/notes[?category=]: the client's notes at the market, newest day first, page after page (keyset tokens). */
const clientNotesQueryOptions = (params: ClientNotesParams, category: NoteCategory | null = null) =>
  infiniteQueryOptions({
    queryKey: [...crmKeys.clientNotes(params.marketId, params.clientId), category ?? 'all'] as const,
    queryFn: ({ signal, pageParam }) =>
      getJson<NoteListResponse>(
        `${clientPath(params.platformId, params.marketId, params.clientId)}/notes`,
        {
          pageSize: NOTES_PAGE_SIZE,
          category: category ?? undefined,
          page: pageParam.page > 1 ? pageParam.page : undefined,
          paginationToken: pageParam.page > 1 ? (pageParam.paginationToken ?? undefined) : undefined,
        },
        signal,
      ),
    initialPageParam: { page: 1, paginationToken: null } as NotesPageParam,
    getNextPageParam: (last): NotesPageParam | undefined =>
      last.paginationToken ? { page: last.page + 1, paginationToken: last.paginationToken } : undefined,
    retry: retryUnlessRefused,
    staleTime: 15_000,
  });

export function useClientNotes(params: ClientNotesParams, enabled: boolean, category: NoteCategory | null = null) {
  // Another category of the same client keeps the current list on screen while it loads.
  return useInfiniteQuery({
    ...clientNotesQueryOptions(params, category),
    enabled,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === params.marketId && previousQuery.queryKey[3] === params.clientId
        ? previous
        : undefined,
  });
}
