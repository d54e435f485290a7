import {
  BID_CHART_RANGES,
  PROFIT_CENTER_API,
  formatDate,
  type BidChart,
  type BidChartRange,
  type PublicBidRow,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { getJson, retryUnlessRefused } from '../../lib/api/request';
import { T, useT } from '../../lib/i18n/t';
import { useDates } from '../../lib/i18n/use-dates';
import { priceUnitOf } from '../../lib/trading/price-units';
import { usePriceFormat } from '../../lib/trading/use-price-format';
import { LoadError } from './load-error';

/** GET profit-center/bid/:bidId/chart?range=: the bid's daily closes (decision 057 addendum). */
function useBidChart(bidId: number, range: BidChartRange) {
  return useQuery({
    queryKey: ['profit-center', 'bid-chart', bidId, range] as const,
    queryFn: ({ signal }) => getJson<BidChart>(`${PROFIT_CENTER_API}/bid/${bidId}/chart`, { range }, signal),
    retry: retryUnlessRefused,
  });
}

type Point = { day: string; cash: number | null; futures: number | null; basis: string | null };

/**
 * A local bid's price history (market home: a bid opens it): its cash price and futures a day a point over one month,
 * three months or a year, with the basis in the tooltip. Full screen on a phone.
 */
export function BidChartDialog({
  bid,
  marketLabel,
  onClose,
}: {
  bid: PublicBidRow;
  marketLabel: string;
  onClose: () => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [range, setRange] = useState<BidChartRange>('1M');
  const chart = useBidChart(bid.id, range);
  const prices = usePriceFormat();
  const dates = useDates();
  const unit = priceUnitOf(bid.quantityUnit);
  const points: Point[] = (chart.data?.points ?? []).map((p) => ({
    day: p.day,
    cash: p.cash === null ? null : Number(p.cash),
    futures: p.futures === null ? null : Number(p.futures),
    basis: p.basis,
  }));
  const last = chart.data?.points.at(-1);
  const titleId = `bid-chart-${bid.id}`;
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {t('pc.chart.title', { crop: bid.cropName, name: bid.name })}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {bid.futuresMonth
            ? t('pc.chart.subtitle', { market: marketLabel, month: bid.futuresSymbol ?? bid.futuresMonth })
            : t('pc.chart.subtitleFlat', { market: marketLabel })}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={range}
            onChange={(_e, v: BidChartRange | null) => v && setRange(v)}
            aria-label={t('pc.chart.range')}
          >
            {BID_CHART_RANGES.map((r) => (
              <ToggleButton key={r} value={r} sx={{ px: 2 }}>
                <T id={`pc.chart.range.${r}`} />
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {last ? (
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('pc.chart.latest', { day: dates.day(last.day) })}:{' '}
              <strong>{last.cash === null ? t('pc.none') : prices.cash(last.cash, unit)}</strong>
              {last.basis !== null ? ` · ${prices.basis(last.basis, bid.futuresMonth, unit)}` : ''}
            </Typography>
          ) : null}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          <T id="pc.chart.help" />
        </Typography>
        <Box sx={{ height: { xs: 320, sm: 340 }, mt: 1 }}>
          {chart.error ? (
            <LoadError error={chart.error} onRetry={() => void chart.refetch()} />
          ) : !chart.data ? (
            <Skeleton variant="rounded" height="100%" />
          ) : points.length === 0 ? (
            <Alert severity="info">
              <T id="pc.chart.empty" />
            </Alert>
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={points} margin={{ top: 8, right: 8, bottom: 4, left: 0 }}>
                <CartesianGrid vertical={false} stroke={theme.palette.divider} />
                <XAxis
                  dataKey="day"
                  tick={{ fontSize: 12 }}
                  minTickGap={24}
                  tickFormatter={(d: string) => formatDate(`${d}T12:00:00`, 'monthDay')}
                />
                <YAxis
                  tick={{ fontSize: 12 }}
                  width={phone ? 56 : 64}
                  domain={['auto', 'auto']}
                  tickFormatter={(v: number) => prices.cash(v, unit)}
                />
                <Tooltip
                  labelFormatter={(d) => dates.day(String(d))}
                  formatter={(value, name, item) => {
                    const price = prices.cash(Number(value), unit);
                    const basis = (item.payload as Point | undefined)?.basis;
                    return name === t('pc.chart.cash') && basis != null
                      ? `${price} (${t('pc.chart.basis')} ${prices.basis(basis, bid.futuresMonth, unit)})`
                      : price;
                  }}
                />
                <Legend />
                <Line
                  type="stepAfter"
                  dataKey="cash"
                  name={t('pc.chart.cash')}
                  stroke={theme.palette.primary.main}
                  strokeWidth={2}
                  dot={false}
                  connectNulls
                  isAnimationActive={false}
                />
                {bid.futuresSymbol ? (
                  <Line
                    type="stepAfter"
                    dataKey="futures"
                    name={t('pc.chart.futures')}
                    stroke={theme.palette.grey[500]}
                    strokeDasharray="4 3"
                    dot={false}
                    connectNulls
                    isAnimationActive={false}
                  />
                ) : null}
              </LineChart>
            </ResponsiveContainer>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <T id="pc.chart.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
