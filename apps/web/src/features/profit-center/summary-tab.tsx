import { formatCompact, formatMoney, formatNumber, toDecimal, type ProfitSummaryRow } from '@granary/domain';
import { Alert, Box, Button, Paper, Skeleton, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useBootstrap } from '../../lib/api/bootstrap';
import { useCurrentEnterprise } from '../../lib/enterprise/current-enterprise';
import { useRegion } from '../../lib/i18n/locale';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { priceUnitOf } from '../../lib/trading/price-units';
import { usePriceFormat } from '../../lib/trading/use-price-format';
import { useProfitSummary } from './api/profit-center-api';
import { LoadError } from './load-error';

/** The summary's figures through the domain's formatters: quantities with their unit, prices, money, percentages. */
function useSummaryFormat() {
  const t = useT();
  const prices = usePriceFormat();
  const { currency } = useRegion();
  const unit = (u: string) => (u === 'bushels' ? t('pc.unit.bushels') : u === 'tonnes' ? t('pc.unit.tonnes') : u);
  return {
    unit,
    quantity: (value: string, u: string) =>
      t('pc.quantity', { quantity: formatNumber(value, { maxFractionDigits: 0 }), unit: unit(u) }),
    price: (value: string | null, u: string) =>
      value === null ? t('pc.none') : prices.withUnit(value, priceUnitOf(u)),
    money: (value: string | null) =>
      value === null ? t('pc.none') : formatMoney(value, { currency, maxFractionDigits: 0, minFractionDigits: 0 }),
    percent: (value: string | null) =>
      value === null ? t('pc.none') : t('pc.percent', { percent: formatNumber(value, { maxFractionDigits: 1 }) }),
    number: (value: string | null) => (value === null ? t('pc.none') : formatNumber(value, { maxFractionDigits: 2 })),
  };
}

/**
 * The summary tab: per crop and crop year, the production estimate (acres × yield from the farm business's
 * agronomics), contracted and delivered, % sold, average price, revenue to date and projected at today's local bid,
 * and what is left to sell; a chart of sold against left to sell.
 */
export function SummaryTab() {
  const summary = useProfitSummary();
  if (summary.error) return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  if (!summary.data) return <Skeleton variant="rounded" height={320} />;
  const rows = summary.data.rows;
  if (rows.length === 0)
    return (
      <Alert severity="info">
        <T id="pc.summary.empty" />
      </Alert>
    );
  return (
    <>
      <SummaryChart rows={rows} />
      <Box
        component="ul"
        sx={{
          p: 0,
          m: 0,
          listStyle: 'none',
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {rows.map((row) => (
          <SummaryCard key={`${row.cropId}:${row.cropYear}`} row={row} />
        ))}
      </Box>
    </>
  );
}

function SummaryChart({ rows }: { rows: ProfitSummaryRow[] }) {
  const t = useT();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const fmt = useSummaryFormat();
  // Oldest first, left to right; delivered, contracted not yet delivered, and left to sell stack to the production.
  const data = [...rows].reverse().map((r) => {
    const delivered = Math.min(Number(r.delivered), Number(r.contracted));
    return {
      label: `${r.crop} ${r.cropYear}`,
      unit: r.quantityUnit,
      delivered,
      contracted: Math.max(Number(r.contracted) - delivered, 0),
      left: r.leftToSell === null ? 0 : Number(r.leftToSell),
    };
  });
  const series = [
    { key: 'delivered', name: t('pc.summary.chart.delivered'), color: theme.palette.primary.dark },
    { key: 'contracted', name: t('pc.summary.chart.contracted'), color: theme.palette.primary.light },
    { key: 'left', name: t('pc.summary.chart.left'), color: theme.palette.grey[400] },
  ] as const;
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, mb: 3, p: 2 }} aria-label={t('pc.summary.chart')}>
      <Typography variant="subtitle1" component="figcaption" sx={{ fontWeight: 600, mb: 1 }}>
        <T id="pc.summary.chart" />
      </Typography>
      <Box sx={{ height: { xs: 300, sm: 260 } }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
            <CartesianGrid vertical={false} stroke={theme.palette.divider} />
            {/* On a phone the crop-year labels slant so that none overlaps its neighbour. */}
            <XAxis
              dataKey="label"
              tick={{ fontSize: 12 }}
              interval={0}
              {...(narrow ? { angle: -40, textAnchor: 'end', height: 64 } : {})}
            />
            <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => formatCompact(v)} width={48} />
            <Tooltip
              formatter={(value, _name, item) =>
                fmt.quantity(String(value), (item.payload as { unit: string } | undefined)?.unit ?? 'bushels')
              }
            />
            <Legend />
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} stackId="q" fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Paper>
  );
}

function SummaryCard({ row }: { row: ProfitSummaryRow }) {
  const t = useT();
  const fmt = useSummaryFormat();
  const localized = useLocalizedPath();
  const enterprise = useCurrentEnterprise();
  const userId = useBootstrap().data?.user.id ?? null;
  const u = row.quantityUnit;
  const title = t('pc.summary.card', { crop: row.crop, cropYear: row.cropYear });
  const projected = row.projectedRevenue !== null && toDecimal(row.projectedRevenue).greaterThan(0);
  return (
    <Paper component="li" variant="outlined" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {row.production !== null ? (
        <Figure
          label={<T id="pc.summary.production" />}
          value={fmt.quantity(row.production, u)}
          note={t('pc.summary.productionOf', {
            area: fmt.number(row.area),
            units: row.areaUnits ?? 'acres',
            yield: fmt.number(row.averageYield),
            unit: fmt.unit(u),
          })}
        />
      ) : (
        <Box sx={{ mb: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            <T id="pc.summary.noProduction" />
          </Typography>
          {enterprise && userId ? (
            <Button
              size="small"
              component={Link}
              to={localized(`/account/user/${userId}/enterprise/${enterprise.publicId}/agronomics`)}
              sx={{ mt: 0.5, px: 0 }}
            >
              <T id="pc.summary.enterAcres" />
            </Button>
          ) : null}
        </Box>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2 }}>
        <Figure label={<T id="pc.summary.contracted" />} value={fmt.quantity(row.contracted, u)} />
        <Figure label={<T id="pc.summary.delivered" />} value={fmt.quantity(row.delivered, u)} />
        <Figure label={<T id="pc.summary.sold" />} value={fmt.percent(row.percentSold)} />
        <Figure
          label={<T id="pc.summary.left" />}
          value={row.leftToSell === null ? t('pc.none') : fmt.quantity(row.leftToSell, u)}
        />
        <Figure label={<T id="pc.summary.averagePrice" />} value={fmt.price(row.averageCash, u)} />
        <Figure label={<T id="pc.summary.revenue" />} value={fmt.money(row.revenueToDate)} />
      </Box>
      <Figure
        label={<T id="pc.summary.projected" />}
        value={projected ? fmt.money(row.projectedRevenue) : t('pc.none')}
        note={
          row.todayBid === null
            ? t('pc.summary.noBid')
            : t('pc.summary.todayBid', { price: fmt.price(row.todayBid, u) })
        }
      />
    </Paper>
  );
}

function Figure({ label, value, note }: { label: ReactNode; value: string; note?: string | undefined }) {
  return (
    <Box sx={{ mb: 1.5, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{value}</Typography>
      {note ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}
