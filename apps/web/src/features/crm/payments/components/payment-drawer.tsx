import CloseIcon from '@mui/icons-material/Close';
import type { PaymentRequestDetail, PaymentRequestRow } from '@granary/domain';
import { Box, Button, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import { PageSpinner } from '../../../../lib/ui/page-spinner';
import { CrmErrorState } from '../../components/crm-page-frame';
import { useCrmFormat } from '../../components/use-crm-format';
import { usePaymentRequest } from '../api/payments-api';
import type { PaymentDialogKind } from './payment-dialogs';
import { PaymentStatusChip } from '../../../../lib/trading/payment-status-chip';
import { PaymentTimeline } from './payment-timeline';

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What the buyer may do with a request in its status. */
function actionsOf(row: PaymentRequestRow): PaymentDialogKind[] {
  if (row.status === 'requested') return ['approve', 'reject'];
  if (row.status === 'sent') return ['settle', 'return'];
  return [];
}

function Detail({ detail, onAct }: { detail: PaymentRequestDetail; onAct: (kind: PaymentDialogKind) => void }) {
  const t = useT();
  const fmt = useCrmFormat();
  const r = detail.request;
  const p = r.payment;
  const acts = actionsOf(r);
  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {fmt.money(r.amount)}
        </Typography>
        <PaymentStatusChip status={r.status} />
      </Stack>
      {acts.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {acts.map((kind) => (
            <Button
              key={kind}
              variant={kind === 'approve' || kind === 'settle' ? 'contained' : 'outlined'}
              color={kind === 'reject' || kind === 'return' ? 'error' : 'primary'}
              onClick={() => onAct(kind)}
            >
              {kind === 'approve' ? (
                <T id="payments.action.approve" />
              ) : kind === 'reject' ? (
                <T id="payments.action.reject" />
              ) : kind === 'return' ? (
                <T id="payments.action.return" />
              ) : r.method === 'check' ? (
                <T id="payments.action.settleCheck" />
              ) : (
                <T id="payments.action.settleAch" />
              )}
            </Button>
          ))}
        </Stack>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
        <Field label={<T id="payments.detail.client" />}>{r.clientName}</Field>
        <Field label={<T id="payments.detail.market" />}>{r.market}</Field>
        <Field label={<T id="payments.detail.method" />}>
          {t(r.method === 'ach' ? 'payments.method.ach' : 'payments.method.check')}
        </Field>
        <Field label={<T id="payments.detail.requestedAt" />}>
          {fmt.dateTime(r.requestedAt)}
          {r.source === 'credit_sale' ? ` · ${t('payments.source.credit_sale')}` : ''}
        </Field>
        <Field label={<T id="payments.detail.contracts" />}>
          {r.contracts.map((c) => c.displayContractId).join(', ')}
        </Field>
        <Field label={<T id="payments.detail.requestedBy" />}>{r.requestedBy ?? t('payments.event.system')}</Field>
        {p ? <Field label={<T id="payments.detail.reference" />}>{p.reference}</Field> : null}
        {p?.checkNumber ? <Field label={<T id="payments.detail.checkNumber" />}>{p.checkNumber}</Field> : null}
        {p?.settlesOn && r.status === 'sent' ? (
          <Field label={<T id="payments.detail.settlesOn" />}>{fmt.day(p.settlesOn)}</Field>
        ) : null}
        {p?.returnReason ? <Field label={<T id="payments.detail.returnReason" />}>{p.returnReason}</Field> : null}
      </Box>
      {r.note ? <Field label={<T id="payments.detail.note" />}>{r.note}</Field> : null}
      <Divider />
      <Typography variant="subtitle2" component="h3">
        <T id="payments.detail.events" />
      </Typography>
      <PaymentTimeline events={detail.events} />
    </Stack>
  );
}

/** A payment request at the side: its figures, the buyer's actions, and its history. */
export function PaymentDrawer({
  requestId,
  onClose,
  onAct,
}: {
  requestId: number | null;
  onClose: () => void;
  onAct: (row: PaymentRequestRow, kind: PaymentDialogKind) => void;
}) {
  const t = useT();
  const detail = usePaymentRequest(requestId);
  return (
    <Drawer
      anchor="right"
      open={requestId !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}
    >
      <Box sx={{ p: { xs: 2, sm: 3 } }} role="region" aria-label={t('payments.detail.title', { id: requestId ?? '' })}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {t('payments.detail.title', { id: requestId ?? '' })}
          </Typography>
          <IconButton onClick={onClose} aria-label={t('payments.detail.close')}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {detail.error ? (
          <CrmErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        ) : !detail.data ? (
          <PageSpinner />
        ) : (
          <Detail detail={detail.data} onAct={(kind) => onAct(detail.data.request, kind)} />
        )}
      </Box>
    </Drawer>
  );
}
