import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { formatDuration } from '@granary/domain';
import { Alert, Box, Button, Card, CardContent, Chip, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RelativeTime } from '../../../lib/i18n/relative-time';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { DataGrid } from '../../../lib/ui/grid/data-grid';
import type { GridColumn } from '../../../lib/ui/grid/grid-columns';
import { tabularNumsSx } from '../../../lib/ui/numeric-cell';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { ImportWizard } from './import-wizard';
import { useIngestDashboard } from './ingest-api';
import { RECORD_TYPE_LABEL, SOURCE_LABEL, SyncStatusChip, formatCount } from './ingest-parts';
import type { IngestDashboard, IngestSync } from '@granary/domain';

const syncPath = (sync: Pick<IngestSync, 'id'>) => `/crm/ingest/${sync.id}`;

/** Whether the last failure came after the last success: the card is highlighted until an import succeeds again. */
function failingNow(entry: IngestDashboard['recordTypes'][number]): boolean {
  const failure = entry.lastFailure;
  if (!failure) return false;
  const success = entry.lastSuccess;
  const at = (s: IngestSync) => Date.parse(s.finishedAt ?? s.startedAt ?? '') || 0;
  return !success || at(failure) >= at(success);
}

/** Per record type: the last successful import (when, rows, duration), its open broken records, a failure since. */
function RecordTypeCard({ entry }: { entry: IngestDashboard['recordTypes'][number] }) {
  const t = useT();
  const failing = failingNow(entry);
  const success = entry.lastSuccess;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={t(RECORD_TYPE_LABEL[entry.recordType])}
      sx={{ height: '100%', borderColor: failing ? 'error.main' : undefined, borderWidth: failing ? 2 : 1 }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t(RECORD_TYPE_LABEL[entry.recordType])}
        </Typography>
        {success ? (
          <Box>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('ingest.card.lastSuccess')}
            </Typography>
            <Link component={RouterLink} to={syncPath(success)} variant="body1" sx={{ fontWeight: 600 }}>
              <RelativeTime value={success.finishedAt ?? success.startedAt} />
            </Link>
            <Typography variant="body2" color="text.secondary" sx={tabularNumsSx}>
              {t('ingest.card.rows', {
                rows: success.rowsRead,
                duration: formatDuration(success.durationMs),
              })}
            </Typography>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('ingest.card.never')}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {failing && entry.lastFailure ? (
          <Alert
            severity="error"
            icon={<ErrorOutlineRoundedIcon fontSize="small" />}
            sx={{ py: 0, '& .MuiAlert-message': { minWidth: 0 } }}
          >
            <Link component={RouterLink} to={syncPath(entry.lastFailure)} color="inherit" sx={{ fontWeight: 600 }}>
              <T
                id="ingest.card.failed"
                values={{ when: <RelativeTime value={entry.lastFailure.finishedAt ?? entry.lastFailure.startedAt} /> }}
              />
            </Link>
            {entry.lastFailure.message ? (
              <Typography variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
                {entry.lastFailure.message}
              </Typography>
            ) : null}
          </Alert>
        ) : null}
        <Box>
          {entry.brokenOpen > 0 ? (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('ingest.card.broken', { count: entry.brokenOpen })}
              {...(success ? { component: RouterLink, to: syncPath(success), clickable: true } : {})}
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('ingest.card.noBroken')}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

type Day = { date: string; syncs: number; rowsWritten: number; rowsBroken: number; durationMs: number };

/** The last 30 days, every day present (a day without an import is an empty column), oldest first. */
function lastThirtyDays(daily: IngestDashboard['daily'], today: Date): Day[] {
  const byDate = new Map<string, Day>();
  for (const d of daily) {
    const day = byDate.get(d.date) ?? { date: d.date, syncs: 0, rowsWritten: 0, rowsBroken: 0, durationMs: 0 };
    day.syncs += d.syncs;
    day.rowsWritten += d.rowsWritten;
    day.rowsBroken += d.rowsBroken;
    day.durationMs += d.durationMs;
    byDate.set(d.date, day);
  }
  const days: Day[] = [];
  for (let i = 29; i >= 0; i--) {
    const at = new Date(today.getFullYear(), today.getMonth(), today.getDate() - i);
    const key = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
    days.push(byDate.get(key) ?? { date: key, syncs: 0, rowsWritten: 0, rowsBroken: 0, durationMs: 0 });
  }
  return days;
}

/** Imports per day over 30 days: a small bar chart (MUI boxes) of the number of imports, broken rows in red. */
function DailyChart({ daily }: { daily: IngestDashboard['daily'] }) {
  const t = useT();
  const dates = useDates();
  const days = useMemo(() => lastThirtyDays(daily, new Date()), [daily]);
  const total = days.reduce(
    (sum, d) => ({
      syncs: sum.syncs + d.syncs,
      rows: sum.rows + d.rowsWritten,
      broken: sum.broken + d.rowsBroken,
      duration: sum.duration + d.durationMs,
    }),
    { syncs: 0, rows: 0, broken: 0, duration: 0 },
  );
  const most = Math.max(1, ...days.map((d) => d.syncs));
  const dayText = (d: Day) =>
    t('ingest.daily.day', {
      day: dates.day(d.date),
      syncs: d.syncs,
      rows: formatCount(d.rowsWritten),
      broken: formatCount(d.rowsBroken),
      duration: formatDuration(d.durationMs),
    });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="ingest-daily-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' }, mb: 1.5 }}
      >
        <Typography id="ingest-daily-title" variant="h6" component="h2">
          {t('ingest.daily.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={tabularNumsSx}>
          {total.syncs === 0
            ? t('ingest.daily.none')
            : t('ingest.daily.summary', {
                syncs: total.syncs,
                rows: formatCount(total.rows),
                broken: formatCount(total.broken),
                duration: formatDuration(total.duration),
              })}
        </Typography>
      </Stack>
      <Box
        role="list"
        aria-label={t('ingest.daily.label')}
        sx={{ display: 'flex', alignItems: 'flex-end', gap: { xs: '2px', sm: '4px' }, height: 96 }}
      >
        {days.map((d) => (
          <Tooltip key={d.date} title={dayText(d)} placement="top" arrow>
            <Box
              role="listitem"
              aria-label={dayText(d)}
              tabIndex={0}
              sx={{
                flex: 1,
                minWidth: 0,
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'flex-end',
                borderRadius: 0.5,
                '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                outline: 'none',
              }}
            >
              <Box
                sx={{
                  height: d.syncs === 0 ? '2px' : `${Math.max(8, (d.syncs / most) * 100)}%`,
                  bgcolor: d.syncs === 0 ? 'divider' : d.rowsBroken > 0 ? 'error.light' : 'primary.main',
                  borderRadius: '3px 3px 0 0',
                }}
              />
            </Box>
          </Tooltip>
        ))}
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.75 }}>
        <Typography variant="caption" color="text.secondary">
          {dates.day(days[0]!.date)}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ display: { xs: 'none', sm: 'flex' } }}>
          <Legend color="primary.main" label={t('ingest.daily.legendWritten')} />
          <Legend color="error.light" label={t('ingest.daily.legendBroken')} />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {dates.day(days[days.length - 1]!.date)}
        </Typography>
      </Stack>
    </Paper>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: color }} />
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}

function useRecentColumns(): GridColumn<IngestSync>[] {
  const t = useT();
  return useMemo(
    () => [
      {
        id: 'file',
        label: t('ingest.col.file'),
        cellSx: { maxWidth: 260 },
        render: (s) => (
          <>
            <Link
              component={RouterLink}
              to={syncPath(s)}
              sx={{ fontWeight: 600, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
              title={s.fileName}
            >
              {s.fileName}
            </Link>
            {s.fileRemovedAt ? (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {t('ingest.fileRemoved')}
              </Typography>
            ) : null}
          </>
        ),
      },
      { id: 'type', label: t('ingest.col.type'), render: (s) => t(RECORD_TYPE_LABEL[s.recordType]) },
      { id: 'source', label: t('ingest.col.source'), render: (s) => t(SOURCE_LABEL[s.source]) },
      {
        id: 'status',
        label: t('ingest.col.status'),
        cardHidden: true,
        render: (s) => <SyncStatusChip status={s.status} />,
      },
      { id: 'written', label: t('ingest.col.written'), numeric: true, render: (s) => formatCount(s.rowsWritten) },
      { id: 'unchanged', label: t('ingest.col.unchanged'), numeric: true, render: (s) => formatCount(s.rowsUnchanged) },
      {
        id: 'broken',
        label: t('ingest.col.broken'),
        numeric: true,
        render: (s) => (
          <Box
            component="span"
            sx={{ color: s.rowsBroken > 0 ? 'error.main' : undefined, fontWeight: s.rowsBroken ? 600 : 400 }}
          >
            {formatCount(s.rowsBroken)}
          </Box>
        ),
      },
      { id: 'duration', label: t('ingest.col.duration'), numeric: true, render: (s) => formatDuration(s.durationMs) },
      { id: 'by', label: t('ingest.col.by'), render: (s) => s.by?.name ?? t(SOURCE_LABEL[s.source]) },
      { id: 'when', label: t('ingest.col.when'), render: (s) => <RelativeTime value={s.startedAt} /> },
    ],
    [t],
  );
}

function Dashboard({ context }: { context: CrmContextData }) {
  const t = useT();
  const dashboard = useIngestDashboard(context.platformId);
  const columns = useRecentColumns();
  const data = dashboard.data;
  if (dashboard.error && !data)
    return <CrmErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  if (!data) return <PageSpinner />;
  return (
    <Stack spacing={3}>
      <Box
        component="section"
        aria-label={t('ingest.cards.label')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(210px, 1fr))' },
        }}
      >
        {data.recordTypes.map((entry) => (
          <RecordTypeCard key={entry.recordType} entry={entry} />
        ))}
      </Box>
      <DailyChart daily={data.daily} />
      <Box component="section" aria-labelledby="ingest-recent-title">
        <Typography id="ingest-recent-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('ingest.recent.title')}
        </Typography>
        {data.recent.length === 0 ? (
          <CrmEmptyState
            icon={<CloudUploadOutlinedIcon />}
            title={<T id="ingest.recent.empty.title" />}
            body={<T id="ingest.recent.empty.body" />}
          />
        ) : (
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <DataGrid
              label={t('ingest.recent.table')}
              columns={columns}
              rows={data.recent}
              rowKey={(s) => s.id}
              density="comfortable"
              rowAttributes={(s) => ({
                'data-sync-id': s.id,
                ...(s.status === 'failed' ? { sx: { '& > td': { bgcolor: 'rgba(211, 47, 47, 0.04)' } } } : {}),
              })}
              cardAside={(s) => <SyncStatusChip status={s.status} />}
            />
          </Paper>
        )}
      </Box>
    </Stack>
  );
}

/**
 * /crm/ingest — the ingest dashboard (grain-marketing.md 7 `le/:legalEntityId/ingest-dashboard`; issue 15): per record
 * type the last successful import and its broken records, failures highlighted, 30 days of imports, the recent imports
 * with a link to each, and the import wizard. For users with the bootstrap's ingestDashboardAccess.
 */
export function IngestDashboardPage() {
  const t = useT();
  const [importing, setImporting] = useState(false);
  return (
    <CrmPageFrame
      title={t('ingest.title')}
      actions={(context) =>
        context.bootstrap.ingestDashboardAccess ? (
          <Button variant="contained" startIcon={<UploadFileOutlinedIcon />} onClick={() => setImporting(true)}>
            {t('ingest.import')}
          </Button>
        ) : null
      }
    >
      {(context) =>
        context.bootstrap.ingestDashboardAccess ? (
          <>
            <Dashboard context={context} />
            {importing ? <ImportWizard onClose={() => setImporting(false)} /> : null}
          </>
        ) : (
          <CrmEmptyState icon={<CloudUploadOutlinedIcon />} title={<T id="ingest.noAccess" />} />
        )
      }
    </CrmPageFrame>
  );
}
