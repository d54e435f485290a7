import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  instantToZonedLocal,
  zonedLocalToInstant,
  type Announcement,
  type AnnouncementStatus,
} from '@granary/domain';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { useRegion } from '../../../../lib/i18n/locale';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { useAnnouncements, useWriteAnnouncement } from '../api/announcements';
import { PostsSection, type PostsSectionMessages } from './posts-section';
import { useSaveToasts } from './section';

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

const ANNOUNCEMENT_MESSAGES: PostsSectionMessages = {
  add: 'crm.publicAdmin.announcements.add',
  empty: 'crm.publicAdmin.announcements.empty',
  listLabel: 'crm.publicAdmin.announcements.listLabel',
  edit: 'crm.publicAdmin.announcements.edit',
  delete: 'crm.publicAdmin.announcements.delete',
  confirmTitle: 'crm.publicAdmin.announcements.confirmTitle',
  confirmBody: 'crm.publicAdmin.announcements.confirmBody',
  confirmDelete: 'crm.publicAdmin.announcements.confirmDelete',
  deleted: 'crm.publicAdmin.announcements.deleted',
  cancel: 'crm.publicAdmin.cancel',
};

/** The market's announcements: the list with status chips, and add / edit / delete (with a confirmation). */
export function AnnouncementsSection({ marketId, zone }: { marketId: number; zone: string }) {
  const t = useT();
  const { intlLocale } = useRegion();
  const list = useAnnouncements(marketId);
  const remove = useWriteAnnouncement(marketId);
  // In the market's zone (an announcement runs on the market's clock), 12-hour, in the page's locale.
  const when = new Intl.DateTimeFormat(intlLocale, {
    timeZone: zone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <PostsSection<Announcement>
      title={t('crm.publicAdmin.announcements.title')}
      messages={ANNOUNCEMENT_MESSAGES}
      posts={list.data?.announcements}
      error={list.error}
      onRetry={() => void list.refetch()}
      chip={(a) => ({
        color: STATUS_COLOR[a.status],
        label: <T id={`crm.publicAdmin.announcements.status.${a.status}`} />,
      })}
      meta={(a) =>
        a.endsAt ? (
          <T
            id="crm.publicAdmin.announcements.period"
            values={{ start: when.format(new Date(a.startsAt)), end: when.format(new Date(a.endsAt)) }}
          />
        ) : (
          <T id="crm.publicAdmin.announcements.from" values={{ start: when.format(new Date(a.startsAt)) }} />
        )
      }
      dimmed={(a) => a.status === 'expired'}
      remove={remove}
      renderDialog={(editing, onClose) => (
        <AnnouncementDialog marketId={marketId} zone={zone} editing={editing} onClose={onClose} />
      )}
    />
  );
}
