import {
  FUTURES_PRODUCTS,
  addDays,
  exchangeClock,
  formatDate,
  type FuturesHistorical,
  type QuotesSymbolsList,
} from '@granary/domain';
import {
  Alert,
  Box,
  FormControl,
  InputLabel,
  ListSubheader,
  MenuItem,
  Paper,
  Select,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useTheme,
} from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { priceUnitOf } from '../../../lib/trading/price-units';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { LoadError } from '../load-error';
import { futuresMonthName } from './market-summary-tab';
import { useFuturesHistory, useMarketSummary, useQuotesSymbols } from './markets-api';

const FUTURES_RANGES = ['1M', '3M', '6M', '1Y'] as const;
type FuturesRange = (typeof FUTURES_RANGES)[number];
const RANGE_DAYS: Record<FuturesRange, number> = { '1M': 30, '3M': 91, '6M': 182, '1Y': 365 };

type ChartPoint = { at: number; price: number; value: string; kind: 'settle' | 'tick' };

/**
 * The chart's points: each day's settlement, and the latest tick after the last one (today's price while the
 * session trades). Ticks within a settled day are left out: a range of months reads as daily closes.
 */
function chartPoints(history: FuturesHistorical): ChartPoint[] {
  const settles = history.points.filter((p) => p.kind === 'settle');
  const lastSettle = settles.at(-1)?.quotedAt ?? '';
  const lastTick = history.points.filter((p) => p.kind === 'tick' && p.quotedAt > lastSettle).at(-1);
  return [...settles, ...(lastTick ? [lastTick] : [])].map((p) => ({
    at: Date.parse(p.quotedAt),
    price: Number(p.price),
    value: p.price,
    kind: p.kind,
  }));
}

/**
 * The futurePrices tab (/profit-center/futurePrices/:symbol?range=): a futures month picker and the month's history
 * over 1M, 3M, 6M or 1Y (futures-historical). Without a symbol it opens the nearest month of the farmer's first crop.
 */
export function FuturePricesTab({ slug }: { slug?: string | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [search, setSearch] = useSearchParams();
  const symbols = useQuotesSymbols();
  const board = useMarketSummary();
  const rawRange = search.get('range');
  const range: FuturesRange = (FUTURES_RANGES as readonly string[]).includes(rawRange ?? '')
    ? (rawRange as FuturesRange)
    : '3M';
  const known = symbols.data?.symbols ?? [];
  const wanted = slug?.toUpperCase();
  const symbol =
    (wanted && known.some((s) => s.symbol === wanted) ? wanted : null) ??
    board.data?.crops[0]?.quotes[0]?.symbol ??
    known[0]?.symbol ??
    null;
  const to = exchangeClock(new Date()).date;
  const from = addDays(to, -RANGE_DAYS[range]);
  const history = useFuturesHistory(symbol, from, to);

  if (symbols.error) return <LoadError error={symbols.error} onRetry={() => void symbols.refetch()} />;
  if (!symbols.data || (!board.data && !board.error)) return <Skeleton variant="rounded" height={360} />;
  if (known.length === 0 || symbol === null)
    return (
      <Alert severity="info">
        <T id="pc.fp.noSymbols" />
      </Alert>
    );

  const choose = (next: string) =>
    void navigate(localized(`/profit-center/futurePrices/${next}${range === '3M' ? '' : `?range=${range}`}`));
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <SymbolPicker symbols={known} value={symbol} onChange={choose} />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={range}
          aria-label={t('pc.fp.range')}
          onChange={(_e, next: FuturesRange | null) => {
            if (!next) return;
            const params = new URLSearchParams(search);
            if (next === '3M') params.delete('range');
            else params.set('range', next);
            setSearch(params, { replace: true });
          }}
        >
          {FUTURES_RANGES.map((r) => (
            <ToggleButton key={r} value={r} aria-label={t(`pc.fp.rangeLabel.${r}`)} sx={{ px: 2 }}>
              <T id={`pc.fp.range.${r}`} />
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {history.error ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <Skeleton variant="rounded" height={360} />
      ) : (
        <HistoryChart history={history.data} symbols={known} />
      )}
    </>
  );
}

function SymbolPicker({
  symbols,
  value,
  onChange,
}: {
  symbols: QuotesSymbolsList['symbols'];
  value: string;
  onChange: (symbol: string) => void;
}) {
  const t = useT();
  const items: ReactNode[] = [];
  for (const product of FUTURES_PRODUCTS) {
    const months = symbols.filter((s) => s.root === product.root);
    if (months.length === 0) continue;
    items.push(<ListSubheader key={`h-${product.root}`}>{product.name}</ListSubheader>);
    for (const s of months)
      items.push(
        <MenuItem key={s.symbol} value={s.symbol}>
          {`${product.name} ${futuresMonthName(s.optionMonth)} (${s.symbol})`}
        </MenuItem>,
      );
  }
  return (
    <FormControl size="small" sx={{ minWidth: { xs: '100%', sm: 320 } }}>
      <InputLabel id="fp-symbol-label">{t('pc.fp.symbol')}</InputLabel>
      <Select
        labelId="fp-symbol-label"
        label={t('pc.fp.symbol')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {items}
      </Select>
    </FormControl>
  );
}

function HistoryChart({ history, symbols }: { history: FuturesHistorical; symbols: QuotesSymbolsList['symbols'] }) {
  const t = useT();
  const theme = useTheme();
  const dates = useDates();
  const prices = usePriceFormat();
  const root = symbols.find((s) => s.symbol === history.symbol)?.root;
  const unit = priceUnitOf(FUTURES_PRODUCTS.find((p) => p.root === root)?.priceUnit);
  const points = useMemo(() => chartPoints(history), [history]);
  if (points.length === 0)
    return (
      <Alert severity="info">
        <T id="pc.fp.noHistory" values={{ symbol: history.symbol }} />
      </Alert>
    );
  const high = points.reduce((a, p) => (p.price > a.price ? p : a));
  const low = points.reduce((a, p) => (p.price < a.price ? p : a));
  const latest = points.at(-1)!;
  const firstDay = new Date(points[0]!.at);
  const recordedLate = points[0]!.at > Date.parse(`${addDays(history.fromDate, 7)}T12:00:00Z`);
  const caption = t('pc.fp.chart', {
    symbol: history.symbol,
    from: dates.day(history.fromDate),
    to: dates.day(history.toDate),
  });
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, p: 2 }} aria-label={caption}>
      <Typography variant="subtitle1" component="figcaption" sx={{ fontWeight: 600, mb: 1 }}>
        {caption}
      </Typography>
      <Box component="dl" sx={{ m: 0, mb: 1.5, display: 'flex', gap: { xs: 2, sm: 4 }, flexWrap: 'wrap' }}>
        {(
          [
            ['pc.fp.last', latest],
            ['pc.fp.high', high],
            ['pc.fp.low', low],
          ] as const
        ).map(([label, p]) => (
          <Box key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              <T id={label} />
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {prices.futures(p.value, unit)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ height: { xs: 260, sm: 340 } }}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
            <CartesianGrid vertical={false} stroke={theme.palette.divider} />
            <XAxis
              dataKey="at"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              tick={{ fontSize: 12 }}
              tickFormatter={(v: number) => formatDate(v, 'monthDay')}
              minTickGap={24}
            />
            <YAxis
              dataKey="price"
              domain={['auto', 'auto']}
              tick={{ fontSize: 12 }}
              tickFormatter={(v: number) => prices.futures(v, unit)}
              width={64}
            />
            <Tooltip
              labelFormatter={(v) => dates.dateTime(Number(v))}
              formatter={(_value, _name, item) => {
                const p = item.payload as ChartPoint;
                return [prices.futures(p.value, unit), t(p.kind === 'settle' ? 'pc.fp.settle' : 'pc.fp.latest')];
              }}
            />
            <Line
              type="linear"
              dataKey="price"
              name={t('pc.fp.price')}
              stroke={theme.palette.primary.main}
              strokeWidth={2}
              dot={points.length < 40}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </Box>
      {recordedLate ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <T id="pc.fp.recordedFrom" values={{ day: dates.instant(firstDay) }} />
        </Typography>
      ) : null}
    </Paper>
  );
}
