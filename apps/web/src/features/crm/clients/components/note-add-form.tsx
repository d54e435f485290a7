import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import { Box, Button, CircularProgress, Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import type { ClientNotesParams } from '../api/client-notes';
import { useCreateNote, type NoteWrite } from '../api/create-note';
import { todayIso } from '../profile-format';
import { NoteFields, validNote } from './note-fields';
import type { PanelNotice } from './notice-alert';

/** The form of a new note (today and 'other' by default); after adding, the text empties and the rest stays. */
export function NoteAddForm({
  params,
  onNotice,
}: {
  params: ClientNotesParams;
  onNotice: (notice: PanelNotice) => void;
}) {
  const t = useT();
  const create = useCreateNote(params);
  const [draft, setDraft] = useState<NoteWrite>(() => ({ note: '', category: 'other', noteDate: todayIso() }));

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!validNote(draft) || create.isPending) return;
    create.mutate(draft, {
      onSuccess: () => {
        setDraft((current) => ({ ...current, note: '' }));
        onNotice({ severity: 'success', id: 'crm.client.notes.added' });
      },
      onError: (error) =>
        onNotice({
          severity: 'error',
          id: 'crm.client.notes.saveFailed',
          values: { message: error instanceof Error ? error.message : '' },
        }),
    });
  };

  return (
    <Box
      component="form"
      aria-label={t('crm.client.notes.addForm')}
      onSubmit={add}
      noValidate
      sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', mb: 2 }}
    >
      <NoteFields value={draft} onChange={setDraft} idPrefix="new-note" />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!validNote(draft) || create.isPending}
          startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : <StickyNote2OutlinedIcon />}
        >
          <T id="crm.client.notes.add" />
        </Button>
      </Stack>
    </Box>
  );
}
