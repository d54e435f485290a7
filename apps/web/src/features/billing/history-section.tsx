import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatMoney } from '@granary/domain';
import { useState } from 'react';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useDates } from '../../lib/i18n/use-dates';
import { useCoupons, usePaymentHistory, useRefunds } from './billing-api';
import { numericCellSx } from '../../lib/ui/numeric-cell';
import { PagedList } from './paged-list';

const money = (value: string, currency: string) => formatMoney(value, { currency: currency.toLowerCase() });

/** What the farm business paid: its store orders, and the refunds and coupons where there are any. */
export function HistorySection({ enterprisePublicId: e }: { enterprisePublicId: string }) {
  const t = useT();
  const dates = useDates();
  const [page, setPage] = useState(1);
  const history = usePaymentHistory(e, page);
  const [refundsPage, setRefundsPage] = useState(1);
  const refunds = useRefunds(e, refundsPage);
  const [couponsPage, setCouponsPage] = useState(1);
  const coupons = useCoupons(e, couponsPage);
  // On a phone the status goes under the order number, so the amount stays in view.
  const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
  return (
    <Box component="section" aria-labelledby="billing-history">
      <Typography variant="h2" id="billing-history" sx={{ mb: 2 }}>
        <T id="billing.history.title" />
      </Typography>
      <PagedList query={history} page={page} onPage={setPage} empty={<T id="billing.history.empty" />}>
        {(data) => (
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
                {data.payments.map((p) => (
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
        )}
      </PagedList>
      <PagedList
        query={refunds}
        page={refundsPage}
        onPage={setRefundsPage}
        empty={null}
        sx={{ mt: 3 }}
        heading={
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            <T id="billing.refunds.title" />
          </Typography>
        }
      >
        {(data) =>
          data.refunds.map((r) => (
            <Typography key={r.orderNumber} variant="body2">
              {dates.instant(r.createdAt)} · {r.orderNumber} · {money(r.amount, r.currency)}
            </Typography>
          ))
        }
      </PagedList>
      <PagedList
        query={coupons}
        page={couponsPage}
        onPage={setCouponsPage}
        empty={null}
        isEmpty={(data) => data.total === 0 && data.available.length === 0}
        sx={{ mt: 3 }}
        heading={
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            <T id="billing.coupons.title" />
          </Typography>
        }
      >
        {(data) => (
          <>
            {data.applied.map((c) => (
              <Typography key={`${c.code}-${c.orderNumber}`} variant="body2">
                <T
                  id="billing.coupons.applied"
                  values={{ code: c.code, order: c.orderNumber, discount: money(c.discount, c.currency) }}
                />
              </Typography>
            ))}
            {data.available.map((c) => (
              <Typography key={c.name} variant="body2" color="text.secondary">
                <T id="billing.coupons.available" values={{ name: c.name }} />
              </Typography>
            ))}
          </>
        )}
      </PagedList>
    </Box>
  );
}
