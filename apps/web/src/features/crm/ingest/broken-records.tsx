import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Snackbar,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useT } from '../../../lib/i18n/t';
import { DataGrid } from '../../../lib/ui/grid/data-grid';
import type { GridColumn } from '../../../lib/ui/grid/grid-columns';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmErrorState } from '../components/crm-page-frame';
import { useBrokenRecords, useDismissBrokenRecord, useFixBrokenRecord, useIngestMapping } from './ingest-api';
import { BrokenStatusChip, formatCount } from './ingest-parts';
import type { BrokenRecord, BrokenRecordStatus, IngestSync } from '@granary/domain';

const fixSchema = z.object({ values: z.array(z.string()) });

/** The server's reason for a refused row, put on the input of the column it is about (a Granary field or a header). */
function fieldOfRefusal(
  error: unknown,
  headers: readonly string[],
  columns: Record<string, string>,
): { index: number; message: string } | null {
  if (!isApiError(error)) return null;
  const candidates = serverFieldErrors(error).map((e) => ({ name: e.path, message: e.message }));
  const details = error.details as { field?: unknown; header?: unknown } | null | undefined;
  for (const key of [details?.header, details?.field])
    if (typeof key === 'string') candidates.push({ name: key, message: error.message });
  for (const c of candidates) {
    const header = headers.includes(c.name) ? c.name : columns[c.name];
    const index = header ? headers.indexOf(header) : -1;
    if (index >= 0) return { index, message: c.message };
  }
  return null;
}

/**
 * The raw row's headers in the file's sense of order: the mapped columns in the order of the Granary fields (the
 * stored row keeps no order), then the others as they come.
 */
function useHeaderOrder(recordType: IngestSync['recordType']): (raw: Record<string, string>) => string[] {
  const mapping = useIngestMapping(recordType);
  return useMemo(() => {
    const columns = mapping.data?.mapping?.columns ?? {};
    const order = (mapping.data?.fields ?? []).flatMap((f) => (columns[f.field] ? [columns[f.field]!] : []));
    const rank = (h: string) => (order.includes(h) ? order.indexOf(h) : order.length);
    return (raw) => Object.keys(raw).sort((a, b) => rank(a) - rank(b));
  }, [mapping.data]);
}

/**
 * Fix a broken row in place: the row's raw values as the file had them, one input per column; 'Take the row again'
 * sends them through the import's rules. A refusal says its reason on the column it is about (else above the form).
 */
function FixDialog({
  row,
  recordType,
  onClose,
  onFixed,
}: {
  row: BrokenRecord;
  recordType: IngestSync['recordType'];
  onClose: () => void;
  onFixed: (row: BrokenRecord) => void;
}) {
  const t = useT();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const orderHeaders = useHeaderOrder(recordType);
  const [headers] = useState(() => orderHeaders(row.raw));
  // The saved mapping names the column of a Granary field the server's reason is about (read when the answer comes).
  const mapping = useIngestMapping(recordType);
  const columns = useRef<Record<string, string>>({});
  columns.current = mapping.data?.mapping?.columns ?? {};
  const fix = useFixBrokenRecord(recordType);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useZodForm(fixSchema, { defaultValues: { values: headers.map((h) => row.raw[h] ?? '') } });
  const submit = form.handleSubmit(async (value) => {
    setRefusal(null);
    const raw = Object.fromEntries(headers.map((h, i) => [h, value.values[i] ?? '']));
    try {
      await fix.mutateAsync({ id: row.id, raw });
      onFixed(row);
    } catch (error) {
      const onField = fieldOfRefusal(error, headers, columns.current);
      if (onField)
        form.setError(`values.${onField.index}`, { type: 'server', message: onField.message }, { shouldFocus: true });
      else setRefusal(isApiError(error) ? error.message : t('ingest.loadFailed'));
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="fix-row-title">
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          <DialogTitle id="fix-row-title">{t('ingest.broken.fixTitle', { line: row.line })}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2}>
              <Alert severity="warning">{row.message}</Alert>
              <Typography variant="body2" color="text.secondary">
                {t('ingest.broken.fixHelp')}
              </Typography>
              {refusal ? <Alert severity="error">{t('ingest.broken.fixFailed', { reason: refusal })}</Alert> : null}
              {headers.map((h, i) => (
                <FormTextField key={h} name={`values.${i}`} label={h} size="small" fullWidth />
              ))}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={onClose}>{t('ingest.broken.cancel')}</Button>
            <FormSubmitButton fullWidth={false} size="medium" sx={{}}>
              {t('ingest.broken.retake')}
            </FormSubmitButton>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}

/** The raw row, compact: 'Header: value' pairs, the full text in the tooltip. */
function RawRow({ raw, headers }: { raw: Record<string, string>; headers: readonly string[] }) {
  const text = headers.map((h) => `${h}: ${raw[h] ?? ''}`).join(' · ');
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      title={text}
      sx={{
        maxWidth: { xs: '100%', sm: 420 },
        overflow: 'hidden',
        display: '-webkit-box',
        WebkitLineClamp: { xs: 4, sm: 2 },
        WebkitBoxOrient: 'vertical',
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </Typography>
  );
}

/** The broken records' columns: line, reason, the raw row, status, and Fix / Dismiss on an open row. */
function useBrokenColumns(
  recordType: IngestSync['recordType'],
  orderHeaders: (raw: Record<string, string>) => string[],
  onFix: (row: BrokenRecord) => void,
  dismissing: boolean,
  onDismiss: (row: BrokenRecord) => void,
): GridColumn<BrokenRecord>[] {
  const t = useT();
  return useMemo<GridColumn<BrokenRecord>[]>(
    () => [
      {
        id: 'line',
        label: t('ingest.broken.col.line'),
        numeric: true,
        cellSx: { fontWeight: 600 },
        render: (r) => formatCount(r.line),
      },
      {
        id: 'reason',
        label: t('ingest.broken.col.reason'),
        cellSx: { minWidth: 180, whiteSpace: 'normal' },
        render: (r) => r.message,
      },
      {
        id: 'row',
        label: t('ingest.broken.col.row'),
        render: (r) => <RawRow raw={r.raw} headers={orderHeaders(r.raw)} />,
      },
      {
        id: 'status',
        label: t('ingest.broken.col.status'),
        cardHidden: true,
        render: (r) => <BrokenStatusChip status={r.status} />,
      },
      {
        id: 'actions',
        label: t('ingest.broken.col.actions'),
        labelHidden: true,
        fixed: true,
        render: (r) =>
          r.status === 'open' ? (
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                variant="outlined"
                aria-label={t('ingest.broken.fixLabel', { line: r.line })}
                onClick={() => onFix(r)}
              >
                {t('ingest.broken.fix')}
              </Button>
              <Button
                size="small"
                color="inherit"
                aria-label={t('ingest.broken.dismissLabel', { line: r.line })}
                disabled={dismissing}
                onClick={() => onDismiss(r)}
              >
                {t('ingest.broken.dismiss')}
              </Button>
            </Stack>
          ) : r.status === 'fixed' && r.fixedRecordId !== null && recordType === 'contracts' ? (
            <Button size="small" component={RouterLink} to={`/crm/contracts/${r.fixedRecordId}`}>
              {t('ingest.broken.openContract')}
            </Button>
          ) : null,
      },
    ],
    [t, recordType, orderHeaders, onFix, onDismiss, dismissing],
  );
}

type Filter = 'open' | 'fixed' | 'all';

/** A sync's broken records: the line, the reason, the raw row; each fixed in place or dismissed. */
export function BrokenRecords({ sync }: { sync: IngestSync }) {
  const t = useT();
  const [filter, setFilter] = useState<Filter>('all');
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const status: BrokenRecordStatus | null = filter === 'all' ? null : filter;
  const token = pages[pages.length - 1] ?? null;
  const list = useBrokenRecords(sync.recordType, sync.id, status, token);
  const dismiss = useDismissBrokenRecord(sync.recordType);
  const [fixing, setFixing] = useState<BrokenRecord | null>(null);
  const [notice, setNotice] = useState<{ text: string; severity: 'success' | 'error' } | null>(null);

  const orderHeaders = useHeaderOrder(sync.recordType);
  const columns = useBrokenColumns(sync.recordType, orderHeaders, setFixing, dismiss.isPending, (r) =>
    dismiss.mutate(r.id, {
      onSuccess: () => setNotice({ text: t('ingest.broken.dismissed', { line: r.line }), severity: 'success' }),
      onError: (error) =>
        setNotice({
          text: `${t('ingest.broken.dismissFailed')} ${isApiError(error) ? error.message : ''}`,
          severity: 'error',
        }),
    }),
  );

  const data = list.data;
  let body;
  if (list.error && !data) body = <CrmErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!data) body = <PageSpinner />;
  else if (data.rows.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {t('ingest.broken.none')}
      </Typography>
    );
  else
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid
          label={t('ingest.broken.table')}
          columns={columns}
          rows={data.rows}
          rowKey={(r) => r.id}
          density="comfortable"
          rowAttributes={(r) => ({ 'data-line': r.line })}
          cardAside={(r) => <BrokenStatusChip status={r.status} />}
        />
      </Paper>
    );

  return (
    <Box component="section" aria-labelledby="broken-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 1 }}
      >
        <Box>
          <Typography id="broken-title" variant="h6" component="h2">
            {t('ingest.broken.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('ingest.broken.help')}
          </Typography>
        </Box>
        <Tabs
          value={filter}
          onChange={(_e, v: Filter) => {
            setFilter(v);
            setPages([null]);
          }}
          aria-label={t('ingest.broken.filter')}
          sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, minWidth: 72 } }}
        >
          <Tab value="all" label={t('ingest.broken.filter.all')} />
          <Tab value="open" label={t('ingest.broken.filter.open')} />
          <Tab value="fixed" label={t('ingest.broken.filter.fixed')} />
        </Tabs>
      </Stack>
      {body}
      {data && (data.paginationToken || pages.length > 1) ? (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('ingest.broken.pager', { count: data.total })}
          </Typography>
          {pages.length > 1 ? (
            <Button size="small" onClick={() => setPages(pages.slice(0, -1))}>
              {t('ingest.wizard.back')}
            </Button>
          ) : null}
          {data.paginationToken ? (
            <Button size="small" onClick={() => setPages([...pages, data.paginationToken])}>
              {t('ingest.broken.more')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {fixing ? (
        <FixDialog
          row={fixing}
          recordType={sync.recordType}
          onClose={() => setFixing(null)}
          onFixed={(row) => {
            setFixing(null);
            setNotice({ text: t('ingest.broken.fixed', { line: row.line }), severity: 'success' });
          }}
        />
      ) : null}
      <Snackbar
        open={notice !== null}
        autoHideDuration={5000}
        onClose={(_e, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert severity={notice.severity} variant="filled" onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
