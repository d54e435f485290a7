import type { NoteRow } from '@granary/domain';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import type { ClientNotesParams } from '../api/client-notes';
import type { NoteWrite } from '../api/create-note';
import { useDeleteNote } from '../api/delete-note';
import { useUpdateNote } from '../api/update-note';
import { validNote } from './note-fields';
import type { PanelNotice } from './notice-alert';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/**
 * Editing and deleting one note with If-Match (its version). A 412 on save keeps the edit open and shows the note as
 * it now is (`conflict`); a 412 on delete, a 404 or a failure is a notice for the panel.
 */
export function useNoteActions(note: NoteRow, params: ClientNotesParams, onNotice: (notice: PanelNotice) => void) {
  const update = useUpdateNote(params);
  const remove = useDeleteNote(params);
  const [editing, setEditing] = useState<NoteWrite | null>(null);
  const [conflict, setConflict] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const startEdit = () => {
    setEditing({ note: note.note, category: note.category, noteDate: note.noteDate });
    setConflict(false);
    update.reset();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!editing || !validNote(editing) || update.isPending) return;
    // The version as the list holds it now: after a 412 the list was read again, so a second try carries the new one.
    update.mutate(
      { ...editing, noteId: note.id, version: note.version },
      {
        onSuccess: () => {
          setEditing(null);
          setConflict(false);
          onNotice({ severity: 'success', id: 'crm.client.notes.saved' });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 412) setConflict(true);
          else if (isApiError(error) && error.status === 404)
            onNotice({ severity: 'warning', id: 'crm.client.notes.gone' });
          else
            onNotice({ severity: 'error', id: 'crm.client.notes.saveFailed', values: { message: errorText(error) } });
        },
      },
    );
  };

  const doDelete = () => {
    remove.mutate(
      { noteId: note.id, version: note.version },
      {
        onSuccess: () => {
          setConfirmDelete(false);
          onNotice({ severity: 'success', id: 'crm.client.notes.deleted' });
        },
        onError: (error) => {
          setConfirmDelete(false);
          if (isApiError(error) && error.status === 412)
            onNotice({ severity: 'warning', id: 'crm.client.notes.deleteConflict' });
          else if (isApiError(error) && error.status === 404)
            onNotice({ severity: 'warning', id: 'crm.client.notes.gone' });
          else
            onNotice({ severity: 'error', id: 'crm.client.notes.deleteFailed', values: { message: errorText(error) } });
        },
      },
    );
  };

  return {
    editing,
    setEditing,
    conflict,
    startEdit,
    save,
    saving: update.isPending,
    confirmDelete,
    setConfirmDelete,
    doDelete,
    deleting: remove.isPending,
  };
}
