import { useMutation } from '@tanstack/react-query';
import { request } from '../../../../lib/api/request';
import type { ClientNotesParams } from './client-notes';
import { notesPath } from './create-note';
import { useRefreshClient } from './refresh';

/** DELETE …/notes/:noteId with If-Match: 412 when the note changed since it was read. */
async function deleteNote(params: ClientNotesParams, noteId: number, version: number): Promise<void> {
  await request<null>(`${notesPath(params)}/${noteId}`, { method: 'DELETE', ifMatch: `"${version}"` });
}

export function useDeleteNote(params: ClientNotesParams) {
  const refresh = useRefreshClient(params.marketId, params.clientId);
  return useMutation({
    mutationFn: (input: { noteId: number; version: number }) => deleteNote(params, input.noteId, input.version),
    onSettled: () => Promise.all([refresh.notes(), refresh.profile()]),
  });
}
