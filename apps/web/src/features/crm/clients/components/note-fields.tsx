import { NOTE_CATEGORIES, NOTE_CATEGORY_LABELS, NOTE_MAX_LENGTH, type NoteCategory } from '@granary/domain';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useT } from '../../../../lib/i18n/t';
import type { NoteWrite } from '../api/create-note';

export function validNote(value: NoteWrite): boolean {
  return (
    value.note.trim().length > 0 && value.note.length <= NOTE_MAX_LENGTH && /^\d{4}-\d{2}-\d{2}$/.test(value.noteDate)
  );
}

/** Category, day and text of a note: the form of a new note and of an edit. */
export function NoteFields({
  value,
  onChange,
  idPrefix,
  autoFocus,
}: {
  value: NoteWrite;
  onChange: (value: NoteWrite) => void;
  idPrefix: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  const length = value.note.length;
  return (
    <Stack spacing={1.5}>
      <TextField
        id={`${idPrefix}-text`}
        label={t('crm.client.notes.text')}
        placeholder={t('crm.client.notes.placeholder')}
        multiline
        minRows={3}
        maxRows={14}
        fullWidth
        autoFocus={autoFocus}
        value={value.note}
        onChange={(event) => onChange({ ...value, note: event.target.value })}
        error={length > NOTE_MAX_LENGTH}
        helperText={t('crm.client.notes.length', { count: length, max: NOTE_MAX_LENGTH })}
        slotProps={{ formHelperText: { sx: { textAlign: 'right', mx: 0 } } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          select
          size="small"
          label={t('crm.client.notes.category')}
          value={value.category}
          onChange={(event) => onChange({ ...value, category: event.target.value as NoteCategory })}
          sx={{ minWidth: 180 }}
        >
          {NOTE_CATEGORIES.map((category) => (
            <MenuItem key={category} value={category}>
              {NOTE_CATEGORY_LABELS[category]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          size="small"
          label={t('crm.client.notes.date')}
          value={value.noteDate}
          onChange={(event) => onChange({ ...value, noteDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } }}
          sx={{ minWidth: 170 }}
        />
      </Stack>
    </Stack>
  );
}
