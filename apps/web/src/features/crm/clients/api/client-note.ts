import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoteRow } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { crmKeys } from '../../api/crm-keys';
import type { ClientNotesParams } from './client-notes';
import { notesPath } from './create-note';

/** GET …/le/:clientId/notes/:noteId: one note of the client (404 when it is not one: another record's id, deleted). */
const clientNoteQueryOptions = (params: ClientNotesParams, noteId: number) =>
  queryOptions({
    queryKey: [...crmKeys.clientNotes(params.marketId, params.clientId), 'one', noteId] as const,
    queryFn: ({ signal }) => getJson<NoteRow>(`${notesPath(params)}/${noteId}`, undefined, signal),
    retry: retryUnlessRefused,
    staleTime: 60_000,
  });

export function useClientNote(params: ClientNotesParams, noteId: number | null, enabled: boolean) {
  return useQuery({ ...clientNoteQueryOptions(params, noteId ?? 0), enabled: enabled && noteId !== null });
}
