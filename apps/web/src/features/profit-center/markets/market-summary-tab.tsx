import { QUOTES_TOPIC, formatDate, type MarketSummary, type Quote } from '@granary/domain';
import {
  Alert,
  Box,
  Link as MuiLink,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { useLiveRefresh } from '../../../lib/live/use-live-refresh';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { priceUnitOf } from '../../../lib/trading/price-units';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { numericCellSx } from '../../../lib/ui/numeric-cell';
import { LoadError } from '../load-error';
import { marketsKeys, useMarketSummary } from './markets-api';

type CropBoard = MarketSummary['crops'][number];

/** On a phone the previous settlement gives way: month, last, change, high and low fit at 390 px. */
const wideCellSx = { ...numericCellSx, display: { xs: 'none', sm: 'table-cell' } };

/** The futures month as the trade says it ('Dec 2026'), from its option month ('2026-12'). */
export function futuresMonthName(optionMonth: string): string {
  return formatDate(`${optionMonth}-01`, 'MMM YYYY');
}

/**
 * The marketSummary tab: the futures board of the crops the farmer sells (their contracts' and tickets' crops), each
 * crop's nearest months with last, change, high/low and the time of the quote. Quote events (decision 017's `quotes`
 * topic, open to every signed-in user) read the board again, at most every 1.5 s.
 */
export function MarketSummaryTab() {
  const summary = useMarketSummary();
  const localized = useLocalizedPath();
  const queryClient = useQueryClient();
  const live = useLiveRefresh({
    topics: [QUOTES_TOPIC],
    refresh: () => void queryClient.invalidateQueries({ queryKey: marketsKeys.summary() }),
  });
  if (summary.error) return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  if (!summary.data) return <Skeleton variant="rounded" height={320} />;
  const crops = summary.data.crops;
  if (crops.length === 0)
    return (
      <Alert severity="info">
        <T id="pc.ms.empty" />
      </Alert>
    );
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <T id="pc.ms.intro" />{' '}
        <Box component="span" role="status" sx={{ whiteSpace: { sm: 'nowrap' } }}>
          <T id={live === 'open' ? 'pc.ms.live' : 'pc.ms.offline'} />
        </Box>
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {crops.map((c) => (
          <CropCard key={c.cropId} crop={c} />
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 2 }}>
        <MuiLink component={Link} to={localized('/profit-center/research/crop-spot-basis-analysis')}>
          <T id="pc.ms.basisLink" />
        </MuiLink>
      </Typography>
    </>
  );
}

function CropCard({ crop }: { crop: CropBoard }) {
  const t = useT();
  const dates = useDates();
  const localized = useLocalizedPath();
  const latest = crop.quotes.reduce<Quote | null>((a, q) => (a === null || q.quotedAt > a.quotedAt ? q : a), null);
  const headingId = `ms-crop-${crop.cropId}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 0.5, display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {crop.cropName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {crop.productName === crop.cropName ? (
            crop.exchange
          ) : (
            <T id="pc.ms.product" values={{ product: crop.productName, exchange: crop.exchange }} />
          )}
        </Typography>
      </Box>
      {crop.quotes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          <T id="pc.home.noQuotes" />
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <T id="pc.ms.month" />
                </TableCell>
                <TableCell sx={numericCellSx}>
                  <T id="pc.ms.last" />
                </TableCell>
                <TableCell sx={numericCellSx}>
                  <T id="pc.ms.change" />
                </TableCell>
                <TableCell sx={numericCellSx}>
                  <T id="pc.ms.high" />
                </TableCell>
                <TableCell sx={numericCellSx}>
                  <T id="pc.ms.low" />
                </TableCell>
                <TableCell sx={wideCellSx}>
                  <T id="pc.ms.previous" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {crop.quotes.map((q) => (
                <QuoteRow key={q.symbol} quote={q} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box sx={{ px: 2, py: 1, display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {latest ? <T id="pc.ms.asOf" values={{ time: dates.dateTime(latest.quotedAt) }} /> : null}
        </Typography>
        {crop.quotes[0] ? (
          <MuiLink
            component={Link}
            variant="body2"
            to={localized(`/profit-center/futurePrices/${crop.quotes[0].symbol}`)}
            aria-label={t('pc.ms.chartOf', { symbol: crop.quotes[0].symbol })}
          >
            <T id="pc.ms.chart" />
          </MuiLink>
        ) : null}
      </Box>
    </Paper>
  );
}

function QuoteRow({ quote: q }: { quote: Quote }) {
  const t = useT();
  const prices = usePriceFormat();
  const unit = priceUnitOf(q.priceUnit);
  const price = (v: string | null) => (v === null ? t('pc.none') : prices.futures(v, unit));
  const down = q.change !== null && q.change.startsWith('-');
  const up = q.change !== null && !down && Number(q.change) !== 0;
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {futuresMonthName(q.optionMonth)}
        </Box>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {q.symbol}
        </Typography>
      </TableCell>
      <TableCell sx={{ ...numericCellSx, fontWeight: 600 }}>{price(q.last)}</TableCell>
      <TableCell sx={{ ...numericCellSx, color: up ? 'success.dark' : down ? 'error.dark' : undefined }}>
        {q.change === null ? t('pc.none') : prices.change(q.change, unit)}
      </TableCell>
      <TableCell sx={numericCellSx}>{price(q.high)}</TableCell>
      <TableCell sx={numericCellSx}>{price(q.low)}</TableCell>
      <TableCell sx={wideCellSx}>{price(q.previousSettle)}</TableCell>
    </TableRow>
  );
}
