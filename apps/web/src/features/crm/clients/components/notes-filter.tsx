import { NOTE_CATEGORIES, NOTE_CATEGORY_LABELS, type NoteCategory } from '@granary/domain';
import { Chip, Stack } from '@mui/material';
import { useT } from '../../../../lib/i18n/t';

/** All notes or one category (pressing the chosen category again goes back to all). */
export function NotesFilter({
  filter,
  onChange,
}: {
  filter: NoteCategory | null;
  onChange: (filter: NoteCategory | null) => void;
}) {
  const t = useT();
  return (
    <Stack
      direction="row"
      spacing={0.75}
      role="group"
      aria-label={t('crm.client.notes.filter')}
      sx={{ mb: 1.5, overflowX: 'auto', pb: 0.5, '& .MuiChip-root': { flexShrink: 0 } }}
    >
      <Chip
        label={t('crm.client.notes.all')}
        color={filter === null ? 'primary' : 'default'}
        variant={filter === null ? 'filled' : 'outlined'}
        onClick={() => onChange(null)}
        aria-pressed={filter === null}
        size="small"
      />
      {NOTE_CATEGORIES.map((category) => (
        <Chip
          key={category}
          label={NOTE_CATEGORY_LABELS[category]}
          color={filter === category ? 'primary' : 'default'}
          variant={filter === category ? 'filled' : 'outlined'}
          onClick={() => onChange(filter === category ? null : category)}
          aria-pressed={filter === category}
          size="small"
        />
      ))}
    </Stack>
  );
}
