import type { StructureStatus } from '@granary/domain';
import { Chip } from '@mui/material';
import type { MessageId } from '../i18n/messages';
import { useT } from '../i18n/t';

const LABEL: Record<StructureStatus, MessageId> = {
  quote: 'structure.status.quote',
  pending_signature: 'structure.status.pending_signature',
  live: 'structure.status.live',
  close_requested: 'structure.status.close_requested',
  completed: 'structure.status.completed',
  closed: 'structure.status.closed',
  cancelled: 'structure.status.cancelled',
};

const COLOR = {
  quote: 'default',
  pending_signature: 'warning',
  live: 'success',
  close_requested: 'warning',
  completed: 'info',
  closed: 'default',
  cancelled: 'default',
} as const;

/** A structure's status, the same chip for the merchandiser and the farmer: Quote, Awaiting signature, Live, … */
export function StructureStatusChip({ status, knockedOut = false }: { status: StructureStatus; knockedOut?: boolean }) {
  const t = useT();
  // A live structure knocked out prices nothing more until its end: said on the chip, not only in the detail.
  const label = status === 'live' && knockedOut ? t('structure.status.knockedOut') : t(LABEL[status]);
  return (
    <Chip
      size="small"
      color={status === 'live' && knockedOut ? 'error' : COLOR[status]}
      variant={status === 'live' ? 'filled' : 'outlined'}
      label={label}
    />
  );
}
