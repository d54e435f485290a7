import { useMutation } from '@tanstack/react-query';
import { plainNoteText, type NoteCategory, type NoteRow } from '@granary/domain';
import { request } from '../../../../lib/api/request';
import { clientPath } from './client-profile';
import type { ClientNotesParams } from './client-notes';
import { useRefreshClient } from './refresh';

export type NoteWrite = { note: string; category: NoteCategory; noteDate: string };

export function notesPath(params: ClientNotesParams): string {
  return `${clientPath(params.platformId, params.marketId, params.clientId)}/notes`;
}

/** POST …/notes?category=&noteDate= with the note itself as text/plain. */
async function createNote(params: ClientNotesParams, input: NoteWrite): Promise<NoteRow> {
  const { json } = await request<NoteRow>(notesPath(params), {
    method: 'POST',
    body: plainNoteText(input.note),
    bodyKind: 'text',
    query: { category: input.category, noteDate: input.noteDate },
  });
  return json;
}

/** Adds a note; the notes and the profile (last farm visit) are read again. */
export function useCreateNote(params: ClientNotesParams) {
  const refresh = useRefreshClient(params.marketId, params.clientId);
  return useMutation({
    mutationFn: (input: NoteWrite) => createNote(params, input),
    onSettled: () => Promise.all([refresh.notes(), refresh.profile()]),
  });
}
