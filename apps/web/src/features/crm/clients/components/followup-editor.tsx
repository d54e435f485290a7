import { FOLLOWUP_DESCRIPTION_MAX, NOTE_CATEGORY_LABELS, type NoteRow } from '@granary/domain';
import { Box, Button, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import type { ProfileFormat } from '../profile-format';

/** A follow-up being written: optionally from a note (noteId). */
export type FollowupDraft = { noteId: number | null; description: string; dueDate: string };

export function validFollowup(draft: FollowupDraft | null): draft is FollowupDraft {
  return (
    draft !== null &&
    draft.description.trim().length > 0 &&
    draft.description.length <= FOLLOWUP_DESCRIPTION_MAX &&
    /^\d{4}-\d{2}-\d{2}$/.test(draft.dueDate)
  );
}

/** The note a follow-up may come from; a linked note no longer in the list still shows as linked. */
function NoteSelect({
  draft,
  onChange,
  notes,
  format,
}: {
  draft: FollowupDraft;
  onChange: (draft: FollowupDraft) => void;
  notes: readonly NoteRow[];
  format: ProfileFormat;
}) {
  const t = useT();
  const noteLabel = (note: NoteRow) =>
    t('crm.client.followups.noteOption', {
      category: NOTE_CATEGORY_LABELS[note.category],
      date: format.day(note.noteDate),
      text: note.note.slice(0, 40),
    });
  return (
    <TextField
      select
      size="small"
      label={t('crm.client.followups.note')}
      value={draft.noteId ?? ''}
      onChange={(event) =>
        onChange({ ...draft, noteId: event.target.value === '' ? null : Number(event.target.value) })
      }
    >
      <MenuItem value="">
        <em>{t('crm.client.followups.noNote')}</em>
      </MenuItem>
      {notes.map((note) => (
        <MenuItem key={note.id} value={note.id} sx={{ whiteSpace: 'normal' }}>
          {noteLabel(note)}
        </MenuItem>
      ))}
      {draft.noteId !== null && !notes.some((note) => note.id === draft.noteId) ? (
        <MenuItem value={draft.noteId}>{t('crm.client.followups.linkedNote')}</MenuItem>
      ) : null}
    </TextField>
  );
}

/** The form of a new follow-up: what to do, by when, and optionally the note it comes from. */
export function FollowupEditor({
  draft,
  onChange,
  notes,
  format,
  saving,
  onSubmit,
  onCancel,
}: {
  draft: FollowupDraft;
  onChange: (draft: FollowupDraft) => void;
  notes: readonly NoteRow[];
  format: ProfileFormat;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Box
      component="form"
      aria-label={t('crm.client.followups.addForm')}
      onSubmit={onSubmit}
      noValidate
      sx={{ p: 1.5, mb: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      <Stack spacing={1.5}>
        <TextField
          label={t('crm.client.followups.description')}
          value={draft.description}
          onChange={(event) => onChange({ ...draft, description: event.target.value })}
          multiline
          minRows={2}
          autoFocus
          fullWidth
          error={draft.description.length > FOLLOWUP_DESCRIPTION_MAX}
          helperText={t('crm.client.notes.length', {
            count: draft.description.length,
            max: FOLLOWUP_DESCRIPTION_MAX,
          })}
          slotProps={{ formHelperText: { sx: { textAlign: 'right', mx: 0 } } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('crm.client.followups.dueDate')}
          value={draft.dueDate}
          onChange={(event) => onChange({ ...draft, dueDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {notes.length > 0 || draft.noteId !== null ? (
          <NoteSelect draft={draft} onChange={onChange} notes={notes} format={format} />
        ) : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>
            <T id="crm.client.cancel" />
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!validFollowup(draft) || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : null}
          >
            <T id="crm.client.followups.save" />
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
