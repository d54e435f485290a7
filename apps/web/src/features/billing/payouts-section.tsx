import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import {
  Box,
  Button,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import {
  PAYOUT_CHARGE_TYPES,
  PAYOUT_CSV_MAX_ROWS,
  formatMoney,
  formatNumber,
  type PayoutChargeType,
} from '@granary/domain';
import { useState } from 'react';
import { T, useT } from '../../lib/i18n/t';
import { useDates } from '../../lib/i18n/use-dates';
import { payoutsCsvUrl, usePayouts, type PayoutPage } from './billing-api';
import { PagedList } from './paged-list';
import { numericCellSx } from '../../lib/ui/numeric-cell';

type Payout = PayoutPage['payouts'][number];

function PayoutStatus({ payout }: { payout: Payout }) {
  const dates = useDates();
  if (payout.status === 'sent')
    return payout.settlesOn ? (
      <T id="billing.payoutStatus.sent" values={{ day: dates.day(payout.settlesOn) }} />
    ) : (
      <T id="billing.payoutStatus.sentNoDay" />
    );
  return <T id={payout.status === 'settled' ? 'billing.payoutStatus.settled' : 'billing.payoutStatus.returned'} />;
}

/** What the farm business was paid: the grain payments by charge type (EFT, ACH), a page at a time, and as CSV. */
export function PayoutsSection({ enterprisePublicId: e }: { enterprisePublicId: string }) {
  const t = useT();
  const dates = useDates();
  const [type, setType] = useState<PayoutChargeType>('manual_ach');
  const [page, setPage] = useState(1);
  const payouts = usePayouts(e, type, page);
  // On a phone the status goes under the payee, so the amount stays in view.
  const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
  return (
    <Box component="section" aria-labelledby="billing-payouts">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 1 }}
      >
        <Box>
          <Typography variant="h2" id="billing-payouts" sx={{ mb: 0.5 }}>
            <T id="billing.payouts.title" />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <T id="billing.payouts.help" />
          </Typography>
          {payouts.data && payouts.data.total > PAYOUT_CSV_MAX_ROWS ? (
            // The download stops at the CSV bound (newest first): say so before anyone relies on it being everything.
            <Typography variant="body2" color="text.secondary">
              <T
                id="billing.payouts.csvCapped"
                values={{ count: formatNumber(PAYOUT_CSV_MAX_ROWS), total: formatNumber(payouts.data.total) }}
              />
            </Typography>
          ) : null}
        </Box>
        <Button
          component="a"
          href={payoutsCsvUrl(e, type)}
          download
          size="small"
          startIcon={<DownloadRoundedIcon />}
          disabled={!payouts.data || payouts.data.total === 0}
        >
          <T id="billing.payouts.download" />
        </Button>
      </Stack>
      <Tabs
        value={type}
        onChange={(_event, next: PayoutChargeType) => {
          setType(next);
          setPage(1);
        }}
        aria-label={t('billing.payouts.title')}
        sx={{ mb: 2 }}
      >
        {[...PAYOUT_CHARGE_TYPES].reverse().map((k) => (
          <Tab key={k} value={k} label={t(k === 'eft' ? 'billing.payouts.eft' : 'billing.payouts.manual_ach')} />
        ))}
      </Tabs>
      <PagedList query={payouts} page={page} onPage={setPage} empty={<T id="billing.payouts.empty" />}>
        {(data) => (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-labelledby="billing-payouts">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <T id="billing.payouts.sent" />
                  </TableCell>
                  <TableCell>
                    <T id="billing.payouts.payee" />
                  </TableCell>
                  <TableCell sx={wide}>
                    <T id="billing.payouts.status" />
                  </TableCell>
                  <TableCell sx={numericCellSx}>
                    <T id="billing.payouts.amount" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.payouts.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.instant(p.sentAt)}</TableCell>
                    <TableCell>
                      {p.payee}
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {[p.market, ...p.settlements].join(' · ')}
                      </Typography>
                      <Typography variant="caption" sx={{ display: { xs: 'block', sm: 'none' } }}>
                        <PayoutStatus payout={p} />
                      </Typography>
                    </TableCell>
                    <TableCell sx={wide}>
                      <PayoutStatus payout={p} />
                    </TableCell>
                    <TableCell sx={numericCellSx}>{formatMoney(p.amount, { currency: p.currency })}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </PagedList>
    </Box>
  );
}
