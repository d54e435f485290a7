import type { PaymentRequestRow } from '@granary/domain';
import { Box, Button, Collapse, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { MslError, MslLoading } from '../components/msl-states';
import { PaymentStatusChip } from '../../../lib/trading/payment-status-chip';
import { usePaymentEvents, usePaymentRequests } from './payments-api';
import { useMoney } from './use-money';

const EVENT: Record<string, MessageId> = {
  request: 'payments.event.request',
  approve: 'payments.event.approve',
  reject: 'payments.event.reject',
  send: 'payments.event.send',
  settle: 'payments.event.settle',
  return: 'payments.event.return',
};

function History({ id }: { id: number }) {
  const t = useT();
  const dates = useDates();
  const events = usePaymentEvents(id, true);
  if (!events.data) return <MslLoading count={1} height={48} />;
  return (
    <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
      {events.data.events.map((e) => (
        <Typography component="li" variant="body2" key={e.id} sx={{ py: 0.25 }}>
          <strong>{t(EVENT[e.action] ?? 'payments.event.request')}</strong> · {dates.dateTime(e.at)}
          {e.note ? ` · ${e.note}` : ''}
        </Typography>
      ))}
    </Box>
  );
}

function RequestCard({ r }: { r: PaymentRequestRow }) {
  const t = useT();
  const dates = useDates();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-payment-request-id={r.id}>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{money(r.amount)}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t(r.method === 'ach' ? 'payments.method.ach' : 'payments.method.check')} ·{' '}
            {r.contracts.map((c) => c.displayContractId).join(', ')} · {r.market}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {dates.day(r.requestedAt.slice(0, 10))}
            {r.source === 'credit_sale' ? ` · ${t('payments.source.credit_sale')}` : ''}
          </Typography>
        </Box>
        <PaymentStatusChip status={r.status} />
      </Stack>
      <Button size="small" onClick={() => setOpen((v) => !v)} aria-expanded={open} sx={{ mt: 0.5, ml: -1 }}>
        <T id={open ? 'payments.msl.requests.hideHistory' : 'payments.msl.requests.history'} />
      </Button>
      <Collapse in={open} unmountOnExit>
        <History id={r.id} />
      </Collapse>
    </Paper>
  );
}

/**
 * The farmer's payment requests, newest first, each with its status ('Paid' once settled) and history; 'Show more'
 * reads the next page (keyset token) while there is one.
 */
export function RequestsSection() {
  const list = usePaymentRequests();
  const rows = list.data?.pages.flatMap((p) => p.paymentRequests) ?? [];
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="msl-pay-requests">
      <Typography id="msl-pay-requests" variant="h2" component="h2" sx={{ fontSize: '1.15rem' }}>
        <T id="payments.msl.requests.title" />
      </Typography>
      {list.error && !list.data ? (
        <MslError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <MslLoading count={2} height={88} />
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          <T id="payments.msl.requests.empty" />
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
          {rows.map((r) => (
            <RequestCard key={r.id} r={r} />
          ))}
        </Box>
      )}
      {list.hasNextPage ? (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            <T id={list.isFetchingNextPage ? 'msl.loading' : 'msl.loadMore'} />
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
