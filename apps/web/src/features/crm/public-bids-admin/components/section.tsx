import { Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { dismissToast, showToast } from '../../../../lib/toast/toast-store';

/** A card of the admin page: a titled region with its own Save (each section saves on its own). */
export function Section({
  title,
  subtitle,
  action,
  dirty,
  saving,
  onSave,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  dirty?: boolean;
  saving?: boolean;
  onSave?: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', rowGap: 1 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h3" component="h2" id={headingId}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {action}
      </Stack>
      {children}
      {onSave ? (
        <Stack direction="row" spacing={1.5} sx={{ mt: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
          {dirty ? (
            <Chip size="small" color="warning" variant="outlined" label={<T id="crm.publicAdmin.unsaved" />} />
          ) : null}
          <Button
            variant="contained"
            onClick={onSave}
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            <T id={saving ? 'crm.publicAdmin.saving' : 'crm.publicAdmin.save'} />
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

/**
 * A section's draft of server data: it follows the data while untouched; once edited it is kept (also when the data is
 * read again after a 412, so nothing typed is lost) until `reset`.
 */
export function useDraft<T>(source: T) {
  const [draft, setDraft] = useState(source);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (!dirtyRef.current) setDraft(source);
  }, [source]);
  return {
    draft,
    dirty,
    update: (next: T | ((current: T) => T)) => {
      setDraft(next);
      setDirty(true);
    },
    reset: (next: T) => {
      setDraft(next);
      setDirty(false);
    },
  };
}

/** The stale-version warning on show, dismissed by the next outcome (toasts show one at a time). */
let staleToast: number | null = null;
const STALE_TOAST_MS = 8000;

function clearStale() {
  if (staleToast !== null) dismissToast(staleToast);
  staleToast = null;
}

/** The toasts of a save: success, a stale version (412: the latest is loaded, the draft kept), the server's 400, else generic. */
export function useSaveToasts() {
  const t = useT();
  return {
    saved: (id: MessageId) => {
      clearStale();
      showToast({ messageId: id }, { severity: 'success' });
    },
    failed: (error: unknown) => {
      clearStale();
      if (isApiError(error) && error.status === 412)
        staleToast = showToast(
          { messageId: 'crm.publicAdmin.stale' },
          { severity: 'warning', autoHideMs: STALE_TOAST_MS },
        );
      else
        showToast(
          { text: isApiError(error) && error.message ? error.message : t('crm.publicAdmin.saveFailed') },
          { severity: 'error' },
        );
    },
    invalid: () => showToast({ messageId: 'crm.publicAdmin.checkFields' }, { severity: 'error' }),
  };
}
