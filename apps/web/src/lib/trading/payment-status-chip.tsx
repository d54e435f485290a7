import type { PaymentStatus } from '@granary/domain';
import { Chip } from '@mui/material';
import type { MessageId } from '../i18n/messages';
import { useT } from '../i18n/t';

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

/** A payment request's status, the same chip for the buyer and the farmer: Requested, Approved, Sent, Paid (filled), Rejected, Returned. */
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
