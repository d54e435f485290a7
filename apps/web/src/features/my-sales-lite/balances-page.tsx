import { sharePercent, type BalancesResponse } from '@granary/domain';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { T, useT } from '../../lib/i18n/t';
import { useBalances } from './api/sales';
import { Figure, ShareBar } from './components/figure';
import { MslFrame } from './components/msl-frame';
import { MslEmpty, MslError, MslLoading } from './components/msl-states';
import { useMslFormat, type MslFormat } from './components/use-msl-format';

type Row = BalancesResponse['rows'][number];

function BalanceCard({ row, fmt }: { row: Row; fmt: MslFormat }) {
  const t = useT();
  const unit = row.quantityUnit;
  const delivered = sharePercent(row.delivered, row.contracted);
  const priced = sharePercent(row.priced, row.contracted);
  const title = t('msl.summary.cropYear', { crop: row.crop, year: row.cropYear });
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5, gap: 1 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem' }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          <T id="msl.fig.contracts" values={{ count: row.contractCount }} /> ·{' '}
          <T id="msl.fig.openContracts" values={{ count: row.openContractCount }} />
        </Typography>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
          mb: 2,
        }}
      >
        <Figure label={<T id="msl.fig.contracted" />} value={fmt.quantity(row.contracted, unit)} emphasis />
        <Figure label={<T id="msl.balances.toDeliver" />} value={fmt.quantity(row.remaining, unit)} emphasis />
        <Figure label={<T id="msl.fig.unpriced" />} value={fmt.quantity(row.unpriced, unit)} emphasis />
        <Figure label={<T id="msl.fig.avgCash" />} value={fmt.price(row.averageCash, unit)} emphasis />
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: { xs: 2, md: 3 } }}>
        <Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              <T id="msl.balances.delivery" />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <T id="msl.fig.deliveredShare" values={{ percent: delivered }} />
            </Typography>
          </Stack>
          <ShareBar
            percent={delivered}
            label={t('msl.fig.deliveredShare', { percent: delivered })}
            color={delivered >= 100 ? 'success' : 'primary'}
          />
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
            <Figure label={<T id="msl.fig.delivered" />} value={fmt.quantity(row.delivered, unit)} />
            <Figure label={<T id="msl.fig.remaining" />} value={fmt.quantity(row.remaining, unit)} align="right" />
          </Stack>
        </Box>
        <Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              <T id="msl.balances.pricing" />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <T id="msl.fig.pricedShare" values={{ percent: priced }} />
            </Typography>
          </Stack>
          <ShareBar percent={priced} label={t('msl.fig.pricedShare', { percent: priced })} color="secondary" />
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
            <Figure label={<T id="msl.fig.priced" />} value={fmt.quantity(row.priced, unit)} />
            <Figure label={<T id="msl.fig.unpriced" />} value={fmt.quantity(row.unpriced, unit)} align="right" />
          </Stack>
        </Box>
      </Box>

      <Box
        sx={{
          mt: 2,
          pt: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          display: 'flex',
          justifyContent: 'space-between',
          gap: 2,
          alignItems: 'center',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            <T id="msl.fig.unappliedTickets" />
          </Typography>
          <Typography variant="caption" color="text.secondary">
            <T id="msl.balances.unappliedHelp" />
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {fmt.quantity(row.unappliedTickets, unit)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            <T id="msl.fig.tickets" values={{ count: row.unappliedTicketCount }} />
          </Typography>
        </Box>
      </Box>
    </Paper>
  );
}

/**
 * /my-sales-lite/balances: per crop and crop year, what the farmer contracted against what is delivered and left to
 * deliver, what is priced and unpriced, and the bushels delivered on tickets not applied to a contract yet.
 */
export function BalancesPage() {
  const fmt = useMslFormat();
  const balances = useBalances();
  return (
    <MslFrame title="msl.title.balances">
      {balances.error ? (
        <MslError error={balances.error} onRetry={() => void balances.refetch()} />
      ) : !balances.data ? (
        <MslLoading count={2} height={260} />
      ) : balances.data.rows.length === 0 ? (
        <MslEmpty title={<T id="msl.balances.empty.title" />} body={<T id="msl.balances.empty.body" />} />
      ) : (
        <Stack spacing={2}>
          {balances.data.rows.map((row) => (
            <BalanceCard key={`${row.cropId}-${row.cropYear}`} row={row} fmt={fmt} />
          ))}
        </Stack>
      )}
    </MslFrame>
  );
}
