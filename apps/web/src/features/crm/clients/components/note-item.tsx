import AddTaskRoundedIcon from '@mui/icons-material/AddTaskRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { NOTE_CATEGORY_LABELS, type NoteCategory, type NoteRow } from '@granary/domain';
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { RelativeTime } from '../../../../lib/i18n/relative-time';
import { T, useT } from '../../../../lib/i18n/t';
import type { ClientNotesParams } from '../api/client-notes';
import type { ProfileFormat } from '../profile-format';
import { NoteDeleteDialog } from './note-delete-dialog';
import { NoteEditForm } from './note-edit-form';
import type { PanelNotice } from './notice-alert';
import { useNoteActions } from './use-note-actions';

const CATEGORY_COLORS: Readonly<
  Record<NoteCategory, 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning'>
> = {
  inbound_call: 'info',
  outbound_call: 'primary',
  farm_visit: 'success',
  meeting: 'secondary',
  office_visit: 'warning',
  other: 'default',
};

/** A note's buttons: start a follow-up from it (when allowed), edit it, delete it. */
function NoteButtons({
  onFollowup,
  onEdit,
  onDelete,
}: {
  onFollowup: (() => void) | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <Stack direction="row" spacing={0}>
      {onFollowup ? (
        <Tooltip title={t('crm.client.notes.followup')}>
          <IconButton size="small" aria-label={t('crm.client.notes.followup')} onClick={onFollowup}>
            <AddTaskRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      <Tooltip title={t('crm.client.notes.edit')}>
        <IconButton size="small" aria-label={t('crm.client.notes.edit')} onClick={onEdit}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('crm.client.notes.delete')}>
        <IconButton size="small" aria-label={t('crm.client.notes.delete')} onClick={onDelete}>
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** One note of the list: its category, day and text, who wrote (or last edited) it, edited in place. */
export function NoteItem({
  note,
  params,
  format,
  highlighted,
  onFollowup,
  onNotice,
}: {
  note: NoteRow;
  params: ClientNotesParams;
  format: ProfileFormat;
  highlighted: boolean;
  onFollowup?: (note: NoteRow) => void;
  onNotice: (notice: PanelNotice) => void;
}) {
  const t = useT();
  const actions = useNoteActions(note, params, onNotice);
  const { editing } = actions;
  const ref = useRef<HTMLLIElement | null>(null);

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);

  const categoryLabel = NOTE_CATEGORY_LABELS[note.category];
  const edited = note.updatedAt !== note.createdAt && note.version > 1;

  return (
    <Box
      component="li"
      ref={ref}
      aria-label={t('crm.client.notes.item', { category: categoryLabel, date: format.day(note.noteDate) })}
      aria-current={highlighted ? 'true' : undefined}
      sx={(theme) => ({
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
        bgcolor: highlighted ? alpha(theme.palette.primary.main, 0.06) : 'background.paper',
        boxShadow: highlighted ? `0 0 0 3px ${alpha(theme.palette.primary.main, 0.15)}` : 'none',
      })}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip size="small" label={categoryLabel} color={CATEGORY_COLORS[note.category]} variant="outlined" />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {format.day(note.noteDate)}
        </Typography>
        {highlighted ? <Chip size="small" color="primary" label={t('crm.client.highlighted')} /> : null}
        <Box sx={{ flex: 1 }} />
        {editing ? null : (
          <NoteButtons
            onFollowup={onFollowup ? () => onFollowup(note) : undefined}
            onEdit={actions.startEdit}
            onDelete={() => actions.setConfirmDelete(true)}
          />
        )}
      </Stack>

      {editing ? (
        <NoteEditForm
          noteId={note.id}
          value={editing}
          onChange={actions.setEditing}
          conflict={actions.conflict}
          currentText={note.note}
          saving={actions.saving}
          onSubmit={actions.save}
          onCancel={() => actions.setEditing(null)}
        />
      ) : (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.note}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        <T
          id={edited ? 'crm.client.notes.byEdited' : 'crm.client.notes.by'}
          values={{
            author: note.author?.name ?? t('crm.client.notes.unknownAuthor'),
            date: <RelativeTime value={edited ? note.updatedAt : note.createdAt} />,
          }}
        />
      </Typography>

      <NoteDeleteDialog
        open={actions.confirmDelete}
        category={categoryLabel}
        date={format.day(note.noteDate)}
        deleting={actions.deleting}
        onCancel={() => actions.setConfirmDelete(false)}
        onDelete={actions.doDelete}
      />
    </Box>
  );
}
