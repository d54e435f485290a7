import {
  BASIS_ANALYSIS_RANGES,
  decimalString,
  formatDate,
  toDecimal,
  type BasisAnalysis,
  type BasisAnalysisRange,
} from '@granary/domain';
import {
  Alert,
  Box,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useCurrentEnterprise } from '../../../lib/enterprise/current-enterprise';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { useEnterpriseBids } from '../api/profit-center-api';
import { LoadError } from '../load-error';
import { useBasisAnalysis } from './markets-api';

/**
 * /profit-center/research/crop-spot-basis-analysis?location=&crop=&range=: a location's spot basis for a crop, day by
 * day from the bid's recorded closes, against its seasonal average (the same weeks of earlier years). The locations
 * and crops are those of the market home (the current farm business's local bids). Only recorded days are drawn.
 */
export function BasisAnalysisPage() {
  const t = useT();
  const enterprise = useCurrentEnterprise();
  const bids = useEnterpriseBids(enterprise?.id ?? null);
  const [search, setSearch] = useSearchParams();
  const markets = (bids.data?.markets ?? []).filter((m) => m.rows.length > 0);
  const market = markets.find((m) => String(m.id) === search.get('location')) ?? markets[0] ?? null;
  const crops = [...new Map((market?.rows ?? []).map((r) => [r.cropId, r.cropName])).entries()];
  const cropId = crops.find(([id]) => String(id) === search.get('crop'))?.[0] ?? crops[0]?.[0] ?? null;
  const rawRange = search.get('range');
  const range: BasisAnalysisRange = (BASIS_ANALYSIS_RANGES as readonly string[]).includes(rawRange ?? '')
    ? (rawRange as BasisAnalysisRange)
    : '1Y';
  const analysis = useBasisAnalysis(market?.id ?? null, cropId, range);
  const set = (key: string, value: string | null) => {
    const params = new URLSearchParams(search);
    if (value === null) params.delete(key);
    else params.set(key, value);
    if (key === 'location') params.delete('crop');
    setSearch(params, { replace: true });
  };

  let body: ReactNode;
  if (!enterprise)
    body = (
      <Alert severity="info">
        <T id="pc.home.noEnterprise" />
      </Alert>
    );
  else if (bids.error) body = <LoadError error={bids.error} onRetry={() => void bids.refetch()} />;
  else if (!bids.data) body = <Skeleton variant="rounded" height={360} />;
  else if (!market || cropId === null)
    body = (
      <Alert severity="info">
        <T id="pc.basis.noLocations" />
      </Alert>
    );
  else if (analysis.error) body = <LoadError error={analysis.error} onRetry={() => void analysis.refetch()} />;
  else if (!analysis.data) body = <Skeleton variant="rounded" height={360} />;
  else body = <Analysis data={analysis.data} location={market.label} />;

  return (
    <Box component="section" aria-labelledby="basis-title">
      <Typography id="basis-title" variant="h2" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1 }}>
        <T id="pc.basis.title" />
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        <T id="pc.basis.intro" />
      </Typography>
      {market ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <FormControl size="small" sx={{ minWidth: { xs: '100%', sm: 260 } }}>
            <InputLabel id="basis-location-label">{t('pc.basis.location')}</InputLabel>
            <Select
              labelId="basis-location-label"
              label={t('pc.basis.location')}
              value={String(market.id)}
              onChange={(e) => set('location', e.target.value)}
            >
              {markets.map((m) => (
                <MenuItem key={m.id} value={String(m.id)}>
                  {m.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: { xs: 'calc(50% - 8px)', sm: 180 } }}>
            <InputLabel id="basis-crop-label">{t('pc.basis.crop')}</InputLabel>
            <Select
              labelId="basis-crop-label"
              label={t('pc.basis.crop')}
              value={cropId === null ? '' : String(cropId)}
              onChange={(e) => set('crop', e.target.value)}
            >
              {crops.map(([id, name]) => (
                <MenuItem key={id} value={String(id)}>
                  {name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={range}
            aria-label={t('pc.basis.range')}
            onChange={(_e, next: BasisAnalysisRange | null) => {
              if (next) set('range', next === '1Y' ? null : next);
            }}
          >
            {BASIS_ANALYSIS_RANGES.map((r) => (
              <ToggleButton key={r} value={r} sx={{ px: 2 }}>
                {r}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      ) : null}
      {body}
    </Box>
  );
}

function Analysis({ data, location }: { data: BasisAnalysis; location: string }) {
  const t = useT();
  const theme = useTheme();
  const dates = useDates();
  const prices = usePriceFormat();
  if (!data.bid)
    return (
      <Alert severity="info">
        <T id="pc.basis.noBid" values={{ crop: data.cropName }} />
      </Alert>
    );
  const bid = data.bid;
  const unit = bid.priceUnit;
  const basis = (v: string | number | null) => (v === null ? t('pc.none') : prices.basis(v, bid.futuresMonth, unit));
  const last = data.points.at(-1);
  const seasonal = last?.seasonalAverage ?? null;
  const todayBasis = bid.basis;
  let versus: string = t('pc.basis.noSeasonal');
  if (seasonal !== null && todayBasis !== null) {
    const diff = toDecimal(todayBasis).minus(seasonal);
    const amount = prices.basis(decimalString(diff.abs()), null, unit).replace(/^\+/, '');
    versus = diff.isZero()
      ? t('pc.basis.even')
      : t(diff.isPositive() ? 'pc.basis.stronger' : 'pc.basis.weaker', { amount });
  }
  const points = data.points.map((p) => ({
    at: Date.parse(`${p.day}T12:00:00Z`),
    day: p.day,
    basis: p.basis === null ? null : Number(p.basis),
    seasonal: p.seasonalAverage === null ? null : Number(p.seasonalAverage),
  }));
  const caption = t('pc.basis.chart', { crop: data.cropName, location });
  return (
    <>
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Stat label="pc.basis.spot">
          {t('pc.basis.spotOf', {
            name: bid.name,
            from: dates.day(bid.deliveryStart),
            to: dates.day(bid.deliveryEnd),
          })}
        </Stat>
        <Stat label="pc.basis.today">{basis(todayBasis)}</Stat>
        <Stat label="pc.basis.seasonal">
          {seasonal === null ? t('pc.basis.noSeasonal') : basis(seasonal)}
          {seasonal !== null && last ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              <T id="pc.basis.seasonalYears" values={{ count: last.seasonalYears }} />
            </Typography>
          ) : null}
        </Stat>
        <Stat label="pc.basis.vsSeasonal">{versus}</Stat>
      </Box>
      <Paper variant="outlined" component="figure" sx={{ m: 0, p: 2 }} aria-label={caption}>
        <Typography variant="subtitle1" component="figcaption" sx={{ fontWeight: 600, mb: 1 }}>
          {caption}
        </Typography>
        <Box sx={{ height: { xs: 260, sm: 320 } }}>
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
                domain={['auto', 'auto']}
                tick={{ fontSize: 12 }}
                tickFormatter={(v: number) => prices.basis(v, null, unit)}
                width={56}
              />
              <Tooltip
                labelFormatter={(_v, payload) =>
                  dates.day((payload?.[0]?.payload as { day?: string } | undefined)?.day)
                }
                formatter={(value, name) => [basis(typeof value === 'number' ? value : null), name]}
              />
              <Legend />
              <Line
                type="stepAfter"
                dataKey="basis"
                name={t('pc.basis.line')}
                stroke={theme.palette.primary.main}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="seasonal"
                name={t('pc.basis.seasonalLine')}
                stroke={theme.palette.secondary.main}
                strokeDasharray="6 4"
                strokeWidth={2}
                dot={false}
                connectNulls={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </Box>
        {data.recordedSince ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            <T id="pc.basis.recordedSince" values={{ day: dates.day(data.recordedSince) }} />
          </Typography>
        ) : null}
      </Paper>
    </>
  );
}

function Stat({
  label,
  children,
}: {
  label: 'pc.basis.spot' | 'pc.basis.today' | 'pc.basis.seasonal' | 'pc.basis.vsSeasonal';
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        <T id={label} />
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Paper>
  );
}
