import { useMutation } from '@tanstack/react-query';
import { plainNoteText, type NoteRow } from '@granary/domain';
import { request } from '../../../../lib/api/request';
import type { ClientNotesParams } from './client-notes';
import { notesPath, type NoteWrite } from './create-note';
import { useRefreshClient } from './refresh';

/** PUT …/notes/:noteId with If-Match (the note's version as read): 412 when someone else changed it first. */
async function updateNote(
  params: ClientNotesParams,
  noteId: number,
  version: number,
  input: NoteWrite,
): Promise<NoteRow> {
  const { json } = await request<NoteRow>(`${notesPath(params)}/${noteId}`, {
    method: 'PUT',
    body: plainNoteText(input.note),
    bodyKind: 'text',
    query: { category: input.category, noteDate: input.noteDate },
    ifMatch: `"${version}"`,
  });
  return json;
}

/** Edits a note; afterwards (also after a 412) the notes are read again so the next try carries the current version. */
export function useUpdateNote(params: ClientNotesParams) {
  const refresh = useRefreshClient(params.marketId, params.clientId);
  return useMutation({
    mutationFn: (input: NoteWrite & { noteId: number; version: number }) =>
      updateNote(params, input.noteId, input.version, input),
    onSettled: () => Promise.all([refresh.notes(), refresh.profile()]),
  });
}
