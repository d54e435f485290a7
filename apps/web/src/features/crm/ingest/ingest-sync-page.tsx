import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { INGEST_FILE_RETENTION_DAYS, formatDuration } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { RelativeTime } from '../../../lib/i18n/relative-time';
import { T, useT } from '../../../lib/i18n/t';
import { tabularNumsSx } from '../../../lib/ui/numeric-cell';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { formatFileSize } from '../../../lib/upload/uploader-panel';
import { CrmEmptyState, CrmErrorState, CrmPageFrame } from '../components/crm-page-frame';
import { BrokenRecords } from './broken-records';
import { isActiveSync, syncFileUrl, useCancelSync, useIngestSync } from './ingest-api';
import { RECORD_TYPE_LABEL, SOURCE_LABEL, SyncStatusChip, formatCount } from './ingest-parts';
import type { IngestSync } from '@granary/domain';

/** The time now, every second while `on` (the elapsed time of a running import moves between polls). */
function useSecondClock(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return on ? now : Date.now();
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'error' | 'success' }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="p"
        aria-label={`${label}: ${value}`}
        sx={{ ...tabularNumsSx, fontWeight: 700, color: tone ? `${tone}.main` : undefined }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The progress of a sync: bytes read, rows, elapsed and ETA while it runs; its duration once it ended. */
function Progress({ sync }: { sync: IngestSync }) {
  const t = useT();
  const active = isActiveSync(sync);
  const now = useSecondClock(active);
  const percent = sync.bytesTotal > 0 ? Math.min(100, Math.round((sync.bytesRead / sync.bytesTotal) * 100)) : 0;
  const shownPercent = sync.status === 'succeeded' ? 100 : percent;
  // Elapsed since it was sent (a queued import's wait counts: it is what the person has been waiting).
  const elapsed = Math.max(0, now - Date.parse(sync.startedAt ?? sync.createdAt));
  return (
    <Stack spacing={2}>
      {sync.status === 'queued' ? <Typography color="text.secondary">{t('ingest.sync.queued')}</Typography> : null}
      <Box>
        <LinearProgress
          variant={sync.status === 'queued' ? 'indeterminate' : 'determinate'}
          value={shownPercent}
          color={sync.status === 'failed' ? 'error' : sync.status === 'cancelled' ? 'warning' : 'primary'}
          aria-label={t('ingest.sync.progressLabel')}
          sx={{ height: 10, borderRadius: 5 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, ...tabularNumsSx }}>
          {t('ingest.sync.bytes', {
            read: formatFileSize(sync.status === 'succeeded' ? sync.bytesTotal : sync.bytesRead),
            total: formatFileSize(sync.bytesTotal),
            percent: shownPercent,
          })}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(6, minmax(96px, max-content))' },
          columnGap: { xs: 2, sm: 5 },
          rowGap: 1.5,
        }}
      >
        <Figure label={t('ingest.sync.rowsRead')} value={formatCount(sync.rowsRead)} />
        <Figure label={t('ingest.sync.rowsWritten')} value={formatCount(sync.rowsWritten)} tone="success" />
        <Figure label={t('ingest.sync.rowsUnchanged')} value={formatCount(sync.rowsUnchanged)} />
        <Figure
          label={t('ingest.sync.rowsBroken')}
          value={formatCount(sync.rowsBroken)}
          {...(sync.rowsBroken > 0 ? { tone: 'error' as const } : {})}
        />
        {active ? (
          <>
            <Figure label={t('ingest.sync.elapsed')} value={formatDuration(elapsed)} />
            <Figure
              label={t('ingest.sync.eta')}
              value={sync.etaSeconds === null ? t('ingest.sync.etaUnknown') : formatDuration(sync.etaSeconds * 1000)}
            />
          </>
        ) : (
          <Figure label={t('ingest.sync.duration')} value={formatDuration(sync.durationMs)} />
        )}
      </Box>
    </Stack>
  );
}

/** How it ended, in words: done with its counts, failed with the reason, cancelled with what was written. */
function Outcome({ sync }: { sync: IngestSync }) {
  const t = useT();
  if (sync.status === 'succeeded')
    return (
      <Alert severity={sync.rowsBroken > 0 ? 'warning' : 'success'}>
        {t('ingest.sync.done', {
          written: sync.rowsWritten,
          unchanged: formatCount(sync.rowsUnchanged),
          broken: formatCount(sync.rowsBroken),
        })}
      </Alert>
    );
  if (sync.status === 'failed')
    return (
      <Alert severity="error">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('ingest.sync.failed')}
        </Typography>
        {sync.message ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {sync.message}
          </Typography>
        ) : null}
      </Alert>
    );
  if (sync.status === 'cancelled')
    return (
      <Alert severity="warning">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('ingest.sync.cancelled', { written: sync.rowsWritten })}
        </Typography>
        {sync.message ? <Typography variant="body2">{sync.message}</Typography> : null}
      </Alert>
    );
  return null;
}

function CancelButton({ sync }: { sync: IngestSync }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSync(sync.id);
  // Asked (here or in another tab): the job stops at its next batch boundary.
  const cancelling = (sync.cancelRequested || cancel.isSuccess) && isActiveSync(sync);
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setConfirming(true)} disabled={cancelling}>
        {t('ingest.sync.cancel')}
      </Button>
      {cancelling ? (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ alignSelf: 'center' }}>
          {t('ingest.sync.cancelling')}
        </Typography>
      ) : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('ingest.sync.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('ingest.sync.cancelBody')}</DialogContentText>
          {cancel.error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('ingest.sync.cancelFailed')} {isApiError(cancel.error) ? cancel.error.message : ''}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('ingest.sync.cancelKeep')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          >
            {t('ingest.sync.cancelConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function SyncView({ syncId }: { syncId: number }) {
  const t = useT();
  const query = useIngestSync(syncId);
  const sync = query.data;
  if (query.error && !sync) {
    if (isApiError(query.error) && query.error.status === 404)
      return <CrmEmptyState title={<T id="ingest.sync.notFound" />} />;
    return <CrmErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!sync) return <PageSpinner />;
  const active = isActiveSync(sync);
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-label={sync.fileName} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2.5 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {sync.fileName}
              </Typography>
              <SyncStatusChip status={sync.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {sync.by
                ? t('ingest.sync.meta', {
                    type: t(RECORD_TYPE_LABEL[sync.recordType]),
                    source: t(SOURCE_LABEL[sync.source]),
                    by: sync.by.name,
                  })
                : t('ingest.sync.metaNoBy', {
                    type: t(RECORD_TYPE_LABEL[sync.recordType]),
                    source: t(SOURCE_LABEL[sync.source]),
                  })}
              {sync.startedAt ? (
                <>
                  {' · '}
                  <T id="ingest.sync.started" values={{ when: <RelativeTime value={sync.startedAt} /> }} />
                </>
              ) : null}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
            {active ? <CancelButton sync={sync} /> : null}
            {sync.fileRemovedAt ? null : (
              <Button
                variant="outlined"
                startIcon={<DownloadRoundedIcon />}
                href={syncFileUrl(sync)}
                download={sync.fileName}
              >
                {t('ingest.sync.download')}
              </Button>
            )}
          </Stack>
        </Stack>
        {sync.fileRemovedAt ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
            <T
              id="ingest.sync.fileRemoved"
              values={{ when: <RelativeTime value={sync.fileRemovedAt} />, days: INGEST_FILE_RETENTION_DAYS }}
            />
          </Typography>
        ) : null}
        <Progress sync={sync} />
        {active ? null : (
          <Box sx={{ mt: 2.5 }}>
            <Outcome sync={sync} />
          </Box>
        )}
      </Paper>
      {sync.rowsBroken > 0 || !active ? <BrokenRecords sync={sync} /> : null}
    </Stack>
  );
}

/** /crm/ingest/:syncId — one import: its live progress (polled every second), Cancel, how it ended, its broken records. */
export function IngestSyncPage() {
  const t = useT();
  const params = useParams();
  const syncId = Number(params.syncId);
  return (
    <CrmPageFrame title={t('ingest.sync.title')} maxWidth="lg">
      {(context) =>
        !context.bootstrap.ingestDashboardAccess ? (
          <CrmEmptyState title={<T id="ingest.noAccess" />} />
        ) : (
          <Stack spacing={2}>
            <Link
              component={RouterLink}
              to="/crm/ingest"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
            >
              <ArrowBackRoundedIcon fontSize="small" />
              {t('ingest.sync.back')}
            </Link>
            {Number.isInteger(syncId) && syncId > 0 ? (
              <SyncView syncId={syncId} />
            ) : (
              <CrmEmptyState title={<T id="ingest.sync.notFound" />} />
            )}
          </Stack>
        )
      }
    </CrmPageFrame>
  );
}
