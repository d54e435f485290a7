import { formatNumber } from '@granary/domain';
import { Chip } from '@mui/material';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import type { BrokenRecordStatus, IngestRecordType, IngestSync, IngestSyncStatus } from '@granary/domain';

// Small pieces the ingest pages share: words for record types, sources and statuses, and the figures' formats.

export const RECORD_TYPE_LABEL: Record<IngestRecordType, MessageId> = {
  clients: 'ingest.type.clients',
  contracts: 'ingest.type.contracts',
  scale_tickets: 'ingest.type.scale_tickets',
  notes: 'ingest.type.notes',
  settlements: 'ingest.type.settlements',
};

export const SOURCE_LABEL: Record<IngestSync['source'], MessageId> = {
  upload: 'ingest.source.upload',
  integration: 'ingest.source.integration',
};

const STATUS_LABEL: Record<IngestSyncStatus, MessageId> = {
  queued: 'ingest.status.queued',
  running: 'ingest.status.running',
  succeeded: 'ingest.status.succeeded',
  failed: 'ingest.status.failed',
  cancelled: 'ingest.status.cancelled',
};

const STATUS_COLOR = {
  queued: 'default',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
} as const;

/** A sync's status as a small chip. */
export function SyncStatusChip({ status }: { status: IngestSyncStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      variant={status === 'failed' ? 'filled' : 'outlined'}
      color={STATUS_COLOR[status]}
      label={t(STATUS_LABEL[status])}
    />
  );
}

const BROKEN_STATUS_LABEL: Record<BrokenRecordStatus, MessageId> = {
  open: 'ingest.broken.status.open',
  fixed: 'ingest.broken.status.fixed',
  dismissed: 'ingest.broken.status.dismissed',
};

const BROKEN_STATUS_COLOR = { open: 'warning', fixed: 'success', dismissed: 'default' } as const;

/** A broken record's state: open, fixed (imported since) or dismissed. */
export function BrokenStatusChip({ status }: { status: BrokenRecordStatus }) {
  const t = useT();
  return (
    <Chip size="small" variant="outlined" color={BROKEN_STATUS_COLOR[status]} label={t(BROKEN_STATUS_LABEL[status])} />
  );
}

/** A count of rows or imports: '12,340'. */
export const formatCount = (value: number | null | undefined) => formatNumber(value ?? 0, { maxFractionDigits: 0 });
