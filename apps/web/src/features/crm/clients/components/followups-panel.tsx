import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import { FOLLOWUP_DESCRIPTION_MAX, NOTE_CATEGORY_LABELS, type FollowupRow, type NoteRow } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { CrmErrorState } from '../../components/crm-page-frame';
import { useClientFollowups } from '../api/client-followups';
import { useCreateFollowup } from '../api/create-followup';
import { useUpdateFollowup } from '../api/update-followup';
import { addDaysIso, daysFrom, todayIso, type ProfileFormat } from '../profile-format';

/** A follow-up being written: optionally from a note (noteId). */
export type FollowupDraft = { noteId: number | null; description: string; dueDate: string };

type Notice = {
  severity: 'success' | 'error';
  id: MessageId;
  values?: Record<string, string>;
  undo?: FollowupRow;
} | null;

function dueChip(
  row: FollowupRow,
  today: string,
): { label: MessageId; values: Record<string, number>; color: 'error' | 'warning' | 'success' | 'default' } {
  if (row.state === 'past')
    return {
      label: 'crm.client.followups.overdue',
      values: { count: row.daysOverdue },
      color: row.ageBucket === 'over90Days' ? 'error' : 'warning',
    };
  const days = daysFrom(today, row.dueDate);
  if (days <= 0) return { label: 'crm.client.followups.dueToday', values: {}, color: 'warning' };
  return { label: 'crm.client.followups.dueIn', values: { count: days }, color: days <= 7 ? 'success' : 'default' };
}

/**
 * The client's open follow-ups at the market (grain-marketing.md 4): soonest first with how far off or overdue they
 * are; add one (optionally from a note) and mark one done. Writing needs the 'notes' permission (`canWrite`).
 */
export function FollowupsPanel({
  marketId,
  clientId,
  format,
  canWrite,
  notes,
  request,
  onRequestHandled,
}: {
  marketId: number;
  clientId: number;
  format: ProfileFormat;
  canWrite: boolean;
  /** The client's notes, to link a follow-up to one. */
  notes: readonly NoteRow[];
  /** A follow-up asked for from a note. */
  request: FollowupDraft | null;
  onRequestHandled: () => void;
}) {
  const t = useT();
  const today = todayIso();
  const followups = useClientFollowups({ marketId, clientId }, true);
  const create = useCreateFollowup(marketId, clientId);
  const update = useUpdateFollowup(marketId, clientId);
  const [draft, setDraft] = useState<FollowupDraft | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const ref = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!request) return;
    setDraft(request);
    setNotice(null);
    onRequestHandled();
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [request, onRequestHandled]);

  const open = () => {
    setDraft({ noteId: null, description: '', dueDate: addDaysIso(today, 7) });
    setNotice(null);
  };

  const valid =
    draft !== null &&
    draft.description.trim().length > 0 &&
    draft.description.length <= FOLLOWUP_DESCRIPTION_MAX &&
    /^\d{4}-\d{2}-\d{2}$/.test(draft.dueDate);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !valid || create.isPending) return;
    create.mutate(
      {
        marketId,
        clientId,
        dueDate: draft.dueDate,
        description: draft.description.trim(),
        ...(draft.noteId ? { noteId: draft.noteId } : {}),
      },
      {
        onSuccess: () => {
          setDraft(null);
          setNotice({ severity: 'success', id: 'crm.client.followups.added' });
        },
        onError: (error) =>
          setNotice({
            severity: 'error',
            id: 'crm.client.followups.saveFailed',
            values: { message: error instanceof Error ? error.message : '' },
          }),
      },
    );
  };

  const markDone = (row: FollowupRow) =>
    update.mutate(
      { followupId: row.id, patch: { done: true } },
      {
        onSuccess: () =>
          setNotice({
            severity: 'success',
            id: 'crm.client.followups.done',
            values: { description: row.description },
            undo: row,
          }),
        onError: (error) =>
          setNotice({
            severity: 'error',
            id: 'crm.client.followups.saveFailed',
            values: { message: error instanceof Error ? error.message : '' },
          }),
      },
    );

  const undoDone = (row: FollowupRow) =>
    update.mutate(
      { followupId: row.id, patch: { done: false } },
      {
        onSuccess: () =>
          setNotice({
            severity: 'success',
            id: 'crm.client.followups.reopened',
            values: { description: row.description },
          }),
        onError: (error) =>
          setNotice({
            severity: 'error',
            id: 'crm.client.followups.saveFailed',
            values: { message: error instanceof Error ? error.message : '' },
          }),
      },
    );

  const rows = followups.data?.rows ?? [];
  const noteLabel = (note: NoteRow) =>
    t('crm.client.followups.noteOption', {
      category: NOTE_CATEGORY_LABELS[note.category],
      date: format.day(note.noteDate),
      text: note.note.slice(0, 40),
    });

  return (
    <Paper
      variant="outlined"
      component="section"
      ref={ref}
      aria-labelledby="client-followups-title"
      sx={{ p: 2, scrollMarginTop: 80 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="client-followups-title" variant="h4" component="h2">
          <T id="crm.client.followups.title" />
        </Typography>
        {canWrite && !draft ? (
          <Button size="small" startIcon={<AddRoundedIcon />} onClick={open}>
            <T id="crm.client.followups.add" />
          </Button>
        ) : null}
      </Stack>

      {notice ? (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'success' ? 'status' : 'alert'}
          onClose={notice.undo ? undefined : () => setNotice(null)}
          action={
            notice.undo ? (
              <Button color="inherit" size="small" onClick={() => undoDone(notice.undo!)} disabled={update.isPending}>
                <T id="crm.client.followups.undo" />
              </Button>
            ) : undefined
          }
          sx={{ mb: 1.5, overflowWrap: 'anywhere' }}
        >
          {t(notice.id, notice.values)}
        </Alert>
      ) : null}

      {draft ? (
        <Box
          component="form"
          aria-label={t('crm.client.followups.addForm')}
          onSubmit={submit}
          noValidate
          sx={{ p: 1.5, mb: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
        >
          <Stack spacing={1.5}>
            <TextField
              label={t('crm.client.followups.description')}
              value={draft.description}
              onChange={(event) => setDraft({ ...draft, description: event.target.value })}
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
              onChange={(event) => setDraft({ ...draft, dueDate: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {notes.length > 0 || draft.noteId !== null ? (
              <TextField
                select
                size="small"
                label={t('crm.client.followups.note')}
                value={draft.noteId ?? ''}
                onChange={(event) =>
                  setDraft({ ...draft, noteId: event.target.value === '' ? null : Number(event.target.value) })
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
            ) : null}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => setDraft(null)}>
                <T id="crm.client.cancel" />
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={!valid || create.isPending}
                startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : null}
              >
                <T id="crm.client.followups.save" />
              </Button>
            </Stack>
          </Stack>
        </Box>
      ) : null}

      {followups.error ? (
        <CrmErrorState error={followups.error} onRetry={() => void followups.refetch()} />
      ) : !followups.data ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : rows.length === 0 ? (
        <Stack spacing={1} sx={{ py: 2, alignItems: 'center', color: 'text.secondary', textAlign: 'center' }}>
          <EventAvailableOutlinedIcon sx={{ fontSize: 32, opacity: 0.5 }} />
          <Typography variant="body2">
            <T id="crm.client.followups.empty" />
          </Typography>
        </Stack>
      ) : (
        <Stack
          component="ul"
          aria-label={t('crm.client.followups.list')}
          spacing={1}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {rows.map((row) => {
            const chip = dueChip(row, today);
            return (
              <Stack
                component="li"
                key={row.id}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'flex-start', p: 1, borderRadius: 2, border: 1, borderColor: 'divider' }}
              >
                {canWrite ? (
                  <Tooltip title={t('crm.client.followups.markDone')}>
                    <span>
                      <IconButton
                        size="small"
                        color="success"
                        aria-label={t('crm.client.followups.markDoneOf', { description: row.description })}
                        onClick={() => markDone(row)}
                        disabled={update.isPending && update.variables?.followupId === row.id}
                      >
                        <CheckCircleOutlineRoundedIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                ) : null}
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {row.description}
                  </Typography>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <Chip
                      size="small"
                      color={chip.color}
                      variant={chip.color === 'default' ? 'outlined' : 'filled'}
                      label={t(chip.label, chip.values)}
                    />
                    <Typography variant="caption" color="text.secondary">
                      {format.day(row.dueDate)}
                    </Typography>
                    {row.assignedUser ? (
                      <Typography variant="caption" color="text.secondary">
                        {t('crm.client.followups.assigned', { name: row.assignedUser.name })}
                      </Typography>
                    ) : null}
                    {row.noteId ? (
                      <Tooltip title={t('crm.client.followups.fromNote')}>
                        <StickyNote2OutlinedIcon
                          aria-label={t('crm.client.followups.fromNote')}
                          sx={{ fontSize: 16, color: 'text.secondary' }}
                        />
                      </Tooltip>
                    ) : null}
                  </Stack>
                </Box>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
