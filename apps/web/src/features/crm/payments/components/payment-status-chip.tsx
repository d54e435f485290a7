import type { PaymentStatus } from '@granary/domain';
import { Chip } from '@mui/material';
import type { MessageId } from '../../../../lib/i18n/messages';
import { useT } from '../../../../lib/i18n/t';

const PAYMENT_STATUS_LABEL: Record<PaymentStatus, MessageId> = {
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

/** A payment request's status as a small chip ('Paid' once settled). */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const t = useT();
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(PAYMENT_STATUS_LABEL[status])} />;
}
