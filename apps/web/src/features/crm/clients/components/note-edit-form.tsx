import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import type { NoteWrite } from '../api/create-note';
import { NoteFields, validNote } from './note-fields';

/**
 * The edit of one note. After a 412 (`conflict`) it says someone else changed the note, shows the note as the list
 * now holds it (`currentText`), keeps what the user typed, and the save button becomes 'save anyway'.
 */
export function NoteEditForm({
  noteId,
  value,
  onChange,
  conflict,
  currentText,
  saving,
  onSubmit,
  onCancel,
}: {
  noteId: number;
  value: NoteWrite;
  onChange: (value: NoteWrite) => void;
  conflict: boolean;
  currentText: string;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Box component="form" aria-label={t('crm.client.notes.editForm')} onSubmit={onSubmit} noValidate sx={{ mt: 1.5 }}>
      {conflict ? (
        <Alert severity="warning" role="alert" sx={{ mb: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            <T id="crm.client.notes.conflict" />
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            <T id="crm.client.notes.conflictCurrent" />
          </Typography>
          <Typography
            variant="body2"
            component="blockquote"
            sx={{ m: 0, mt: 0.5, pl: 1, borderLeft: 3, borderColor: 'warning.main', whiteSpace: 'pre-wrap' }}
          >
            {currentText}
          </Typography>
        </Alert>
      ) : null}
      <NoteFields value={value} onChange={onChange} idPrefix={`note-${noteId}`} autoFocus />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
        <Button onClick={onCancel}>
          <T id="crm.client.cancel" />
        </Button>
        <Button type="submit" variant="contained" disabled={!validNote(value) || saving}>
          {conflict ? <T id="crm.client.notes.saveAnyway" /> : <T id="crm.client.notes.save" />}
        </Button>
      </Stack>
    </Box>
  );
}
