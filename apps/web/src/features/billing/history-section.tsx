import {
  Box,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import { formatMoney } from '@granary/domain';
import { useState } from 'react';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useDates } from '../../lib/i18n/use-dates';
import { LoadErrorAlert } from '../../lib/ui/page-states';
import { useCoupons, usePaymentHistory, useRefunds } from './billing-api';
import { numericCellSx } from '../../lib/ui/numeric-cell';

/** Previous / next page, with 'Page 2 of 5' between. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (p: number) => void;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 1 }}>
      <IconButton aria-label={t('billing.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftRoundedIcon />
      </IconButton>
      <Typography variant="body2">
        <T id="billing.page" values={{ page, pages }} />
      </Typography>
      <IconButton aria-label={t('billing.next')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <ChevronRightRoundedIcon />
      </IconButton>
    </Stack>
  );
}

const money = (value: string, currency: string) => formatMoney(value, { currency: currency.toLowerCase() });

/** What the farm business paid: its store orders, and the refunds and coupons where there are any. */
export function HistorySection({ enterprisePublicId: e }: { enterprisePublicId: string }) {
  const t = useT();
  const dates = useDates();
  const [page, setPage] = useState(1);
  const history = usePaymentHistory(e, page);
  const [refundsPage, setRefundsPage] = useState(1);
  const refunds = useRefunds(e, refundsPage);
  const coupons = useCoupons(e);
  // On a phone the status goes under the order number, so the amount stays in view.
  const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
  return (
    <Box component="section" aria-labelledby="billing-history">
      <Typography variant="h2" id="billing-history" sx={{ mb: 2 }}>
        <T id="billing.history.title" />
      </Typography>
      {history.isError ? (
        <LoadErrorAlert
          error={history.error}
          fallback={t('billing.loadFailed')}
          retryLabel={<T id="billing.retry" />}
          onRetry={() => void history.refetch()}
        />
      ) : history.data && history.data.total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          <T id="billing.history.empty" />
        </Typography>
      ) : history.data ? (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-labelledby="billing-history">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <T id="billing.history.date" />
                  </TableCell>
                  <TableCell>
                    <T id="billing.history.order" />
                  </TableCell>
                  <TableCell sx={wide}>
                    <T id="billing.history.status" />
                  </TableCell>
                  <TableCell sx={numericCellSx}>
                    <T id="billing.history.amount" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.payments.map((p) => (
                  <TableRow key={p.orderId}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.instant(p.placedAt)}</TableCell>
                    <TableCell>
                      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        {p.orderNumber}
                      </Box>
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: { xs: 'block', sm: 'none' } }}
                      >
                        {t(`billing.paymentStatus.${p.paymentStatus}` as MessageId)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={wide}>{t(`billing.paymentStatus.${p.paymentStatus}` as MessageId)}</TableCell>
                    <TableCell sx={numericCellSx}>{money(p.amount, p.currency)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pager page={page} total={history.data.total} pageSize={history.data.pageSize} onPage={setPage} />
        </>
      ) : (
        <Skeleton variant="rounded" height={160} />
      )}
      {refunds.data && refunds.data.refunds.length > 0 ? (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            <T id="billing.refunds.title" />
          </Typography>
          {refunds.data.refunds.map((r) => (
            <Typography key={r.orderNumber} variant="body2">
              {dates.instant(r.createdAt)} · {r.orderNumber} · {money(r.amount, r.currency)}
            </Typography>
          ))}
          <Pager
            page={refundsPage}
            total={refunds.data.total}
            pageSize={refunds.data.pageSize}
            onPage={setRefundsPage}
          />
        </Box>
      ) : null}
      {coupons.data && (coupons.data.applied.length > 0 || coupons.data.available.length > 0) ? (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            <T id="billing.coupons.title" />
          </Typography>
          {coupons.data.applied.map((c) => (
            <Typography key={`${c.code}-${c.orderNumber}`} variant="body2">
              <T
                id="billing.coupons.applied"
                values={{ code: c.code, order: c.orderNumber, discount: money(c.discount, c.currency) }}
              />
            </Typography>
          ))}
          {coupons.data.available.map((c) => (
            <Typography key={c.name} variant="body2" color="text.secondary">
              <T id="billing.coupons.available" values={{ name: c.name }} />
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
