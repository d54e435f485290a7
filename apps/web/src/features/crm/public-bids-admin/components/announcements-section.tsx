import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  instantToZonedLocal,
  zonedLocalToInstant,
  type Announcement,
  type AnnouncementStatus,
} from '@granary/domain';
import {
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
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { PageSpinner } from '../../../../lib/ui/page-spinner';
import { useRegion } from '../../../../lib/i18n/locale';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { CrmErrorState } from '../../components/crm-page-frame';
import { useAnnouncements, useWriteAnnouncement } from '../api/announcements';
import { Section, useSaveToasts } from './section';

const STATUS_COLOR: Record<AnnouncementStatus, 'success' | 'info' | 'default'> = {
  active: 'success',
  scheduled: 'info',
  expired: 'default',
};

type Draft = { title: string; body: string; startsAt: string; endsAt: string };

function draftErrors(d: Draft, zone: string): Partial<Record<keyof Draft, MessageId>> {
  const errors: Partial<Record<keyof Draft, MessageId>> = {};
  if (!d.title.trim()) errors.title = 'crm.publicAdmin.announcements.titleRequired';
  const start = zonedLocalToInstant(d.startsAt, zone);
  if (!start) errors.startsAt = 'crm.publicAdmin.announcements.startRequired';
  const end = d.endsAt ? zonedLocalToInstant(d.endsAt, zone) : null;
  if (start && end && Date.parse(end) <= Date.parse(start))
    errors.endsAt = 'crm.publicAdmin.announcements.endAfterStart';
  return errors;
}

function AnnouncementDialog({
  marketId,
  zone,
  editing,
  onClose,
}: {
  marketId: number;
  zone: string;
  /** The announcement edited (its latest version from the list), or null for a new one. */
  editing: Announcement | null;
  onClose: () => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const write = useWriteAnnouncement(marketId);
  const toasts = useSaveToasts();
  const [draft, setDraft] = useState<Draft>(() =>
    editing
      ? {
          title: editing.title,
          body: editing.body,
          startsAt: instantToZonedLocal(editing.startsAt, zone),
          endsAt: editing.endsAt ? instantToZonedLocal(editing.endsAt, zone) : '',
        }
      : { title: '', body: '', startsAt: instantToZonedLocal(new Date(), zone), endsAt: '' },
  );
  const [tried, setTried] = useState(false);
  const errors = tried ? draftErrors(draft, zone) : {};
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(draftErrors(draft, zone)).length > 0) return;
    const fields = {
      title: draft.title.trim(),
      body: draft.body.trim(),
      startsAt: zonedLocalToInstant(draft.startsAt, zone)!,
      endsAt: draft.endsAt ? zonedLocalToInstant(draft.endsAt, zone) : null,
    };
    write.mutate(
      editing ? { kind: 'update', id: editing.id, version: editing.version, fields } : { kind: 'create', fields },
      {
        onSuccess: () => {
          toasts.saved(editing ? 'crm.publicAdmin.announcements.updated' : 'crm.publicAdmin.announcements.created');
          onClose();
        },
        // A 412 reads the list again: the dialog stays open with what was typed, and saves at the new version.
        onError: (error) => {
          toasts.failed(error);
          if (isApiError(error) && error.status === 404) onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="announcement-dialog-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="announcement-dialog-title">
          <T id={editing ? 'crm.publicAdmin.announcements.dialog.edit' : 'crm.publicAdmin.announcements.dialog.add'} />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label={t('crm.publicAdmin.announcements.field.title')}
              value={draft.title}
              onChange={set('title')}
              required
              fullWidth
              error={Boolean(errors.title) || draft.title.length > ANNOUNCEMENT_TITLE_MAX}
              helperText={
                errors.title
                  ? t(errors.title)
                  : t('crm.publicAdmin.texts.count', { count: draft.title.length, max: ANNOUNCEMENT_TITLE_MAX })
              }
              slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_TITLE_MAX } }}
            />
            <TextField
              label={t('crm.publicAdmin.announcements.field.body')}
              value={draft.body}
              onChange={set('body')}
              multiline
              minRows={4}
              maxRows={12}
              fullWidth
              helperText={t('crm.publicAdmin.texts.count', { count: draft.body.length, max: ANNOUNCEMENT_BODY_MAX })}
              slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_BODY_MAX } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('crm.publicAdmin.announcements.field.startsAt')}
                type="datetime-local"
                value={draft.startsAt}
                onChange={set('startsAt')}
                required
                fullWidth
                error={Boolean(errors.startsAt)}
                helperText={errors.startsAt ? t(errors.startsAt) : undefined}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                label={t('crm.publicAdmin.announcements.field.endsAt')}
                type="datetime-local"
                value={draft.endsAt}
                onChange={set('endsAt')}
                fullWidth
                error={Boolean(errors.endsAt)}
                helperText={errors.endsAt ? t(errors.endsAt) : undefined}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            <Typography variant="caption" color="text.secondary">
              <T id="crm.publicAdmin.announcements.field.zone" values={{ zone: zone.replaceAll('_', ' ') }} />
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <T id="crm.publicAdmin.cancel" />
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={write.isPending}
            startIcon={write.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            <T id={write.isPending ? 'crm.publicAdmin.saving' : 'crm.publicAdmin.save'} />
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteDialog({
  marketId,
  announcement,
  onClose,
}: {
  marketId: number;
  announcement: Announcement;
  onClose: () => void;
}) {
  const write = useWriteAnnouncement(marketId);
  const toasts = useSaveToasts();
  const confirm = () =>
    write.mutate(
      { kind: 'delete', id: announcement.id, version: announcement.version },
      {
        onSuccess: () => {
          toasts.saved('crm.publicAdmin.announcements.deleted');
          onClose();
        },
        onError: (error) => {
          toasts.failed(error);
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-announcement-title">
      <DialogTitle id="delete-announcement-title">
        <T id="crm.publicAdmin.announcements.confirmTitle" />
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          <T id="crm.publicAdmin.announcements.confirmBody" values={{ title: announcement.title }} />
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <T id="crm.publicAdmin.cancel" />
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={write.isPending}>
          <T id="crm.publicAdmin.announcements.confirmDelete" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The market's announcements: the list with status chips, and add / edit / delete (with a confirmation). */
export function AnnouncementsSection({ marketId, zone }: { marketId: number; zone: string }) {
  const t = useT();
  const { intlLocale } = useRegion();
  const list = useAnnouncements(marketId);
  const [dialog, setDialog] = useState<
    { kind: 'edit'; id: number | null } | { kind: 'delete'; announcement: Announcement } | null
  >(null);
  // In the market's zone (an announcement runs on the market's clock), 12-hour, in the page's locale.
  const when = new Intl.DateTimeFormat(intlLocale, {
    timeZone: zone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const announcements = list.data?.announcements ?? [];
  // The dialog edits the announcement's latest version in the list (read again after a 412).
  const editing =
    dialog?.kind === 'edit' && dialog.id !== null ? (announcements.find((a) => a.id === dialog.id) ?? null) : null;

  return (
    <Section
      title={t('crm.publicAdmin.announcements.title')}
      action={
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddRoundedIcon />}
          onClick={() => setDialog({ kind: 'edit', id: null })}
        >
          <T id="crm.publicAdmin.announcements.add" />
        </Button>
      }
    >
      {list.error ? (
        <CrmErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <PageSpinner />
      ) : announcements.length === 0 ? (
        <Typography color="text.secondary">
          <T id="crm.publicAdmin.announcements.empty" />
        </Typography>
      ) : (
        <Stack
          component="ul"
          aria-label={t('crm.publicAdmin.announcements.listLabel')}
          spacing={1.5}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {announcements.map((a) => (
            <Box
              component="li"
              key={a.id}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                p: 1.5,
                opacity: a.status === 'expired' ? 0.75 : 1,
                display: 'flex',
                gap: 1,
                alignItems: 'flex-start',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.title}</Typography>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[a.status]}
                    label={<T id={`crm.publicAdmin.announcements.status.${a.status}`} />}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                  {a.endsAt ? (
                    <T
                      id="crm.publicAdmin.announcements.period"
                      values={{ start: when.format(new Date(a.startsAt)), end: when.format(new Date(a.endsAt)) }}
                    />
                  ) : (
                    <T id="crm.publicAdmin.announcements.from" values={{ start: when.format(new Date(a.startsAt)) }} />
                  )}
                </Typography>
                {a.body ? (
                  <Typography variant="body2" sx={{ mt: 0.75, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {a.body}
                  </Typography>
                ) : null}
              </Box>
              <Stack direction="row" sx={{ flexShrink: 0 }}>
                <IconButton
                  size="small"
                  aria-label={t('crm.publicAdmin.announcements.edit', { title: a.title })}
                  onClick={() => setDialog({ kind: 'edit', id: a.id })}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('crm.publicAdmin.announcements.delete', { title: a.title })}
                  onClick={() => setDialog({ kind: 'delete', announcement: a })}
                >
                  <DeleteOutlineRoundedIcon fontSize="small" />
                </IconButton>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {dialog?.kind === 'edit' && (dialog.id === null || editing) ? (
        <AnnouncementDialog
          key={dialog.id ?? 'new'}
          marketId={marketId}
          zone={zone}
          editing={editing}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDialog marketId={marketId} announcement={dialog.announcement} onClose={() => setDialog(null)} />
      ) : null}
    </Section>
  );
}
