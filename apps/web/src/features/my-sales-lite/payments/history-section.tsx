import type { PaymentRequestRow } from '@granary/domain';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { MslError, MslLoading } from '../components/msl-states';
import { usePaymentHistory } from './payments-api';
import { useMoney } from './use-money';

/** Where a payment is: on its way (and the day an ACH arrives), paid, or returned by the bank. */
function paymentState(r: PaymentRequestRow, t: ReturnType<typeof useT>, dates: ReturnType<typeof useDates>): string {
  const p = r.payment;
  if (r.status === 'returned')
    return t('payments.msl.history.returnedOn', { day: dates.instant(p?.returnedAt ?? r.decidedAt ?? r.requestedAt) });
  if (r.status === 'sent' && p)
    return p.settlesOn
      ? t('payments.msl.history.arrives', { sent: dates.instant(p.sentAt), day: dates.day(p.settlesOn) })
      : t('payments.msl.history.sentOn', { day: dates.instant(p.sentAt) });
  return t('payments.msl.history.paidOn', { day: dates.instant(p?.settledAt ?? r.decidedAt ?? r.requestedAt) });
}

function PaidRow({ r }: { r: PaymentRequestRow }) {
  const t = useT();
  const dates = useDates();
  const money = useMoney();
  const method =
    r.method === 'check' && r.payment?.checkNumber
      ? t('payments.msl.history.check', { number: r.payment.checkNumber })
      : t(r.method === 'ach' ? 'payments.method.ach' : 'payments.method.check');
  return (
    <Box
      component="li"
      data-paid-request-id={r.id}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'baseline',
        justifyContent: 'space-between',
        py: 1.25,
        px: { xs: 1.5, sm: 2 },
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{paymentState(r, t, dates)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {method} · {r.contracts.map((c) => c.displayContractId).join(', ')} · {r.market}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {money(r.payment?.amount ?? r.amount)}
      </Typography>
    </Box>
  );
}

/**
 * Payment history: the farmer's requests whose payment went out (payment-requests?sent=true) — on its way, paid or
 * returned — newest first, page after page.
 */
export function PaymentHistorySection() {
  const list = usePaymentHistory();
  const rows = list.data?.pages.flatMap((p) => p.paymentRequests) ?? [];
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="msl-pay-history">
      <Box>
        <Typography id="msl-pay-history" variant="h2" component="h2" sx={{ fontSize: '1.15rem' }}>
          <T id="payments.msl.history.title" />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <T id="payments.msl.history.help" />
        </Typography>
      </Box>
      {list.error && !list.data ? (
        <MslError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <MslLoading count={2} height={64} />
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          <T id="payments.msl.history.empty" />
        </Typography>
      ) : (
        <Paper variant="outlined" component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {rows.map((r) => (
            <PaidRow key={r.id} r={r} />
          ))}
        </Paper>
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
