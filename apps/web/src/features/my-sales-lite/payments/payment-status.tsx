import type { PaymentStatus } from '@granary/domain';
import { Chip } from '@mui/material';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';

const LABEL: Record<PaymentStatus, MessageId> = {
  requested: 'payments.status.requested',
  approved: 'payments.status.approved',
  sent: 'payments.status.sent',
  settled: 'payments.status.settled',
  rejected: 'payments.status.rejected',
  returned: 'payments.status.returned',
};

const COLOR = {
  requested: 'warning',
  approved: 'info',
  sent: 'info',
  settled: 'success',
  rejected: 'error',
  returned: 'error',
} as const;

/** A request's status for the farmer: Requested, Approved, Sent, Paid, Rejected, Returned. */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'settled' ? 'filled' : 'outlined'}
      label={t(LABEL[status])}
    />
  );
}
