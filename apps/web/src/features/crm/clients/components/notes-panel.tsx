import AddTaskRoundedIcon from '@mui/icons-material/AddTaskRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import {
  NOTE_CATEGORIES,
  NOTE_CATEGORY_LABELS,
  NOTE_MAX_LENGTH,
  type NoteCategory,
  type NoteRow,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { T, useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { CrmErrorState } from '../../components/crm-page-frame';
import { useClientNotes, type ClientNotesParams } from '../api/client-notes';
import { useCreateNote, type NoteWrite } from '../api/create-note';
import { useDeleteNote } from '../api/delete-note';
import { useUpdateNote } from '../api/update-note';
import { todayIso, type ProfileFormat } from '../profile-format';

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

type Notice = {
  severity: 'success' | 'error' | 'warning' | 'info';
  id: MessageId;
  values?: Record<string, string>;
} | null;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** Category, day and text of a note: the form of a new note and of an edit. */
function NoteFields({
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

function validNote(value: NoteWrite): boolean {
  return (
    value.note.trim().length > 0 && value.note.length <= NOTE_MAX_LENGTH && /^\d{4}-\d{2}-\d{2}$/.test(value.noteDate)
  );
}

/**
 * The client's notes at the market (grain-marketing.md 3 'Note', 4 'Notes and follow-ups'): newest first, a form to
 * add one (category, day, text — sent as text/plain), edit and delete with If-Match. A 412 says someone else changed
 * the note, reloads it and keeps what the user typed. `highlightId` (from the dashboard's recent activity) marks a note.
 */
export function NotesPanel({
  params,
  format,
  highlightId,
  onFollowup,
}: {
  params: ClientNotesParams;
  format: ProfileFormat;
  highlightId: number | null;
  /** Starts a follow-up from a note; absent when the user may not write follow-ups. */
  onFollowup?: (note: NoteRow) => void;
}) {
  const t = useT();
  const [filter, setFilter] = useState<NoteCategory | null>(null);
  const notes = useClientNotes(params, true, filter);
  const create = useCreateNote(params);
  const [draft, setDraft] = useState<NoteWrite>(() => ({ note: '', category: 'other', noteDate: todayIso() }));
  const [notice, setNotice] = useState<Notice>(null);
  const rows = notes.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = notes.data?.pages[0]?.totalCount ?? 0;

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!validNote(draft) || create.isPending) return;
    create.mutate(draft, {
      onSuccess: () => {
        setDraft((current) => ({ ...current, note: '' }));
        setNotice({ severity: 'success', id: 'crm.client.notes.added' });
      },
      onError: (error) =>
        setNotice({ severity: 'error', id: 'crm.client.notes.saveFailed', values: { message: errorText(error) } }),
    });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="client-notes-title" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1.5 }}>
        <Typography id="client-notes-title" variant="h4" component="h2">
          <T id="crm.client.notes.title" />
        </Typography>
        {notes.data ? (
          <Typography variant="body2" color="text.secondary">
            {filter
              ? t('crm.client.notes.countCategory', { count: total, category: NOTE_CATEGORY_LABELS[filter] })
              : t('crm.client.notes.count', { count: total })}
          </Typography>
        ) : null}
      </Stack>

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

      {notice ? (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'success' ? 'status' : 'alert'}
          onClose={() => setNotice(null)}
          sx={{ mb: 2 }}
        >
          {t(notice.id, notice.values)}
        </Alert>
      ) : null}

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
          onClick={() => setFilter(null)}
          aria-pressed={filter === null}
          size="small"
        />
        {NOTE_CATEGORIES.map((category) => (
          <Chip
            key={category}
            label={NOTE_CATEGORY_LABELS[category]}
            color={filter === category ? 'primary' : 'default'}
            variant={filter === category ? 'filled' : 'outlined'}
            onClick={() => setFilter(filter === category ? null : category)}
            aria-pressed={filter === category}
            size="small"
          />
        ))}
      </Stack>

      {notes.error ? (
        <CrmErrorState error={notes.error} onRetry={() => void notes.refetch()} />
      ) : !notes.data ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Stack>
      ) : rows.length === 0 ? (
        <Stack spacing={1} sx={{ py: 3, alignItems: 'center', color: 'text.secondary', textAlign: 'center' }}>
          <StickyNote2OutlinedIcon sx={{ fontSize: 36, opacity: 0.5 }} />
          <Typography variant="body2">
            {filter
              ? t('crm.client.notes.emptyCategory', { category: NOTE_CATEGORY_LABELS[filter] })
              : t('crm.client.notes.empty')}
          </Typography>
        </Stack>
      ) : (
        <Stack
          component="ol"
          spacing={1.5}
          aria-label={t('crm.client.notes.list')}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {rows.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              params={params}
              format={format}
              highlighted={note.id === highlightId}
              {...(onFollowup ? { onFollowup } : {})}
              onNotice={setNotice}
            />
          ))}
        </Stack>
      )}
      {notes.hasNextPage ? (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void notes.fetchNextPage()} disabled={notes.isFetchingNextPage} variant="outlined">
            <T id="crm.client.notes.more" />
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}

function NoteItem({
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
  onNotice: (notice: Notice) => void;
}) {
  const t = useT();
  const update = useUpdateNote(params);
  const remove = useDeleteNote(params);
  const [editing, setEditing] = useState<NoteWrite | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ref = useRef<HTMLLIElement | null>(null);

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);

  const categoryLabel = NOTE_CATEGORY_LABELS[note.category];
  const startEdit = () => {
    setEditing({ note: note.note, category: note.category, noteDate: note.noteDate });
    setConflict(null);
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
          setConflict(null);
          onNotice({ severity: 'success', id: 'crm.client.notes.saved' });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 412) setConflict(note.note);
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
          <Stack direction="row" spacing={0}>
            {onFollowup ? (
              <Tooltip title={t('crm.client.notes.followup')}>
                <IconButton size="small" aria-label={t('crm.client.notes.followup')} onClick={() => onFollowup(note)}>
                  <AddTaskRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
            <Tooltip title={t('crm.client.notes.edit')}>
              <IconButton size="small" aria-label={t('crm.client.notes.edit')} onClick={startEdit}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('crm.client.notes.delete')}>
              <IconButton size="small" aria-label={t('crm.client.notes.delete')} onClick={() => setConfirmDelete(true)}>
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      </Stack>

      {editing ? (
        <Box component="form" aria-label={t('crm.client.notes.editForm')} onSubmit={save} noValidate sx={{ mt: 1.5 }}>
          {conflict !== null ? (
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
                {note.note}
              </Typography>
            </Alert>
          ) : null}
          <NoteFields value={editing} onChange={setEditing} idPrefix={`note-${note.id}`} autoFocus />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
            <Button onClick={() => setEditing(null)}>
              <T id="crm.client.cancel" />
            </Button>
            <Button type="submit" variant="contained" disabled={!validNote(editing) || update.isPending}>
              {conflict !== null ? <T id="crm.client.notes.saveAnyway" /> : <T id="crm.client.notes.save" />}
            </Button>
          </Stack>
        </Box>
      ) : (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.note}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t(edited ? 'crm.client.notes.byEdited' : 'crm.client.notes.by', {
          author: note.author?.name ?? t('crm.client.notes.unknownAuthor'),
          date: format.dateTime(edited ? note.updatedAt : note.createdAt),
        })}
      </Typography>

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} maxWidth="xs" fullWidth>
        <DialogTitle>
          <T id="crm.client.notes.deleteTitle" />
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            <T id="crm.client.notes.deleteBody" values={{ category: categoryLabel, date: format.day(note.noteDate) }} />
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>
            <T id="crm.client.cancel" />
          </Button>
          <Button color="error" variant="contained" onClick={doDelete} disabled={remove.isPending}>
            <T id="crm.client.notes.delete" />
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
