import type { PaymentRequestRow } from '@granary/domain';
import { Button, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useT } from '../../../../lib/i18n/t';
import type { GridColumn } from '../../../../lib/ui/grid/grid-columns';
import { useCrmFormat } from '../../components/use-crm-format';
import { PaymentStatusChip } from '../../../../lib/trading/payment-status-chip';

/** The payment requests grid: one row a request, Details in the last column (the row opens it too). */
export function usePaymentColumns(onOpen: (row: PaymentRequestRow) => void): GridColumn<PaymentRequestRow>[] {
  const t = useT();
  const fmt = useCrmFormat();
  return useMemo(
    () => [
      { id: 'client', label: t('payments.col.client'), cellSx: { fontWeight: 600 }, render: (r) => r.clientName },
      {
        id: 'requested',
        label: t('payments.col.requested'),
        cellSx: { whiteSpace: 'nowrap' },
        render: (r) => (
          <>
            <Typography variant="body2">{fmt.day(r.requestedAt.slice(0, 10))}</Typography>
            {r.source === 'credit_sale' ? (
              <Typography variant="caption" color="text.secondary">
                {t('payments.source.credit_sale')}
              </Typography>
            ) : null}
          </>
        ),
      },
      { id: 'market', label: t('payments.col.market'), render: (r) => r.market },
      {
        id: 'contracts',
        label: t('payments.col.contracts'),
        render: (r) => r.contracts.map((c) => c.displayContractId).join(', '),
      },
      {
        id: 'amount',
        label: t('payments.col.amount'),
        numeric: true,
        cellSx: { fontWeight: 600 },
        render: (r) => fmt.money(r.amount),
      },
      {
        id: 'method',
        label: t('payments.col.method'),
        render: (r) => t(r.method === 'ach' ? 'payments.method.ach' : 'payments.method.check'),
      },
      {
        id: 'status',
        label: t('payments.col.status'),
        // The card shows it at its top right (cardAside).
        cardHidden: true,
        render: (r) => (
          <Stack sx={{ alignItems: { xs: 'flex-end', sm: 'flex-start' } }}>
            <PaymentStatusChip status={r.status} />
          </Stack>
        ),
      },
      {
        id: 'actions',
        label: t('payments.col.actions'),
        fixed: true,
        labelHidden: true,
        render: (r) => (
          <Button size="small" onClick={() => onOpen(r)} aria-label={`${t('payments.open')} ${r.clientName}`}>
            {t('payments.open')}
          </Button>
        ),
      },
    ],
    [t, fmt, onOpen],
  );
}
