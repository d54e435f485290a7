import InsertChartOutlinedRoundedIcon from '@mui/icons-material/InsertChartOutlinedRounded';
import { CONTRACT_TYPE_LABELS, formatCompact, type ClientCharts } from '@granary/domain';
import { Box, Paper, Stack, Typography, useTheme } from '@mui/material';
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '../../../../lib/i18n/t';
import type { ProfileFormat } from '../profile-format';

/** Width a chart gets before (or without) a measurement: jsdom has no layout, a first paint has none yet. */
const FALLBACK_WIDTH = 560;

/** The width of a box, followed as it resizes (charts are drawn at an explicit size: no 0-size first render). */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = Math.floor(element.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

function ChartCard({
  title,
  subtitle,
  empty,
  height,
  children,
}: {
  title: string;
  subtitle: string;
  empty: string | null;
  height: number;
  children: (width: number) => ReactElement;
}) {
  const { ref, width } = useBoxWidth();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 1.5, sm: 2 }, height: '100%', minWidth: 0 }}
    >
      <Typography variant="h4" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {subtitle}
      </Typography>
      <Box ref={ref} sx={{ width: '100%', minHeight: height, overflow: 'hidden' }}>
        {empty ? (
          <Stack
            spacing={1}
            sx={{
              height,
              alignItems: 'center',
              justifyContent: 'center',
              color: 'text.secondary',
              textAlign: 'center',
              px: 2,
            }}
          >
            <InsertChartOutlinedRoundedIcon sx={{ fontSize: 36, opacity: 0.5 }} />
            <Typography variant="body2">{empty}</Typography>
          </Stack>
        ) : (
          <Box role="img" aria-label={title} sx={{ '& .recharts-legend-item-text': { color: 'text.primary' } }}>
            {children(width)}
          </Box>
        )}
      </Box>
    </Paper>
  );
}

function TooltipBox({
  title,
  lines,
}: {
  title: ReactNode;
  lines: { key: string; color: string; label: string; value: string }[];
}) {
  return (
    <Paper elevation={3} sx={{ px: 1.5, py: 1, minWidth: 160 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {lines.map((line) => (
        <Stack
          key={line.key}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: line.color }} />
            <Typography variant="body2" color="text.secondary">
              {line.label}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {line.value}
          </Typography>
        </Stack>
      ))}
    </Paper>
  );
}

const toNumber = (value: string | null) => (value === null || value === '' ? null : Number(value));

type TooltipPayload = { dataKey?: unknown; color?: string; value?: unknown; payload?: Record<string, unknown> };
type TooltipArgs = { active?: boolean; payload?: readonly TooltipPayload[]; label?: unknown };

/**
 * The profile's three charts (grain-marketing.md 3 'Client profile'): open quantity by contract type, contracted vs
 * delivered by delivery month, and average pricing (contracted average, delivered average, spot) by month — each with
 * axes in the profile's units, a tooltip, a legend, and an empty state for a crop year without contracts.
 */
export function ClientChartsPanel({
  charts,
  format,
  cropLabel,
}: {
  charts: ClientCharts;
  format: ProfileFormat;
  cropLabel: string;
}) {
  const t = useT();
  const theme = useTheme();
  const axis = { fontSize: 12, fill: theme.palette.text.secondary };
  const grid = theme.palette.divider;
  const colors = {
    contracted: theme.palette.primary.main,
    delivered: theme.palette.secondary.main,
    spot: '#5b6fb5',
  };

  const breakdown = charts.breakdown
    .map((row) => ({
      key: row.contractType,
      label: CONTRACT_TYPE_LABELS[row.contractType] ?? row.contractType,
      quantity: Number(row.quantity),
      contracts: row.contracts,
    }))
    .filter((row) => row.quantity > 0 || row.contracts > 0)
    .sort((a, b) => b.quantity - a.quantity);
  const byMonth = charts.contractedAndDelivered.map((row) => ({
    month: row.month,
    contracted: Number(row.contracted),
    delivered: Number(row.delivered),
  }));
  const pricing = charts.averagePricing.map((row) => ({
    month: row.month,
    contractedAverage: toNumber(row.contractedAverage),
    deliveredAverage: toNumber(row.deliveredAverage),
    spot: toNumber(row.spot),
  }));
  const hasPricing = pricing.some(
    (row) => row.contractedAverage !== null || row.deliveredAverage !== null || row.spot !== null,
  );
  const emptyText = t('crm.client.charts.empty', { crop: cropLabel });
  const quantityTick = (value: number) => formatCompact(value);
  const seriesLabel = {
    contracted: t('crm.client.charts.contracted'),
    delivered: t('crm.client.charts.delivered'),
    contractedAverage: t('crm.client.charts.contractedAverage'),
    deliveredAverage: t('crm.client.charts.deliveredAverage'),
    spot: t('crm.client.charts.spot'),
  } as const;

  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <ChartCard
        title={t('crm.client.charts.breakdown')}
        subtitle={t('crm.client.charts.breakdownHelp', { unit: format.unit })}
        empty={breakdown.length === 0 ? emptyText : null}
        height={240}
      >
        {(width) => (
          <BarChart
            width={width}
            height={Math.max(240, 40 * breakdown.length + 64)}
            data={breakdown}
            layout="vertical"
            margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
          >
            <CartesianGrid horizontal={false} stroke={grid} />
            <XAxis type="number" tick={axis} tickFormatter={quantityTick} stroke={grid} />
            <YAxis type="category" dataKey="label" tick={axis} width={96} stroke={grid} />
            <Tooltip
              cursor={{ fill: theme.palette.action.hover }}
              content={({ active, payload }: TooltipArgs) => {
                const row = payload?.[0]?.payload as (typeof breakdown)[number] | undefined;
                if (!active || !row) return null;
                return (
                  <TooltipBox
                    title={row.label}
                    lines={[
                      {
                        key: 'q',
                        color: colors.contracted,
                        label: t('crm.client.charts.openQuantity'),
                        value: format.quantity(row.quantity),
                      },
                      {
                        key: 'c',
                        color: 'transparent',
                        label: t('crm.client.charts.contracts'),
                        value: format.number(row.contracts),
                      },
                    ]}
                  />
                );
              }}
            />
            <Legend formatter={() => t('crm.client.charts.openQuantity')} wrapperStyle={{ fontSize: 12 }} />
            <Bar
              dataKey="quantity"
              name={t('crm.client.charts.openQuantity')}
              fill={colors.contracted}
              radius={[0, 4, 4, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
          </BarChart>
        )}
      </ChartCard>

      <ChartCard
        title={t('crm.client.charts.contractedDelivered')}
        subtitle={t('crm.client.charts.contractedDeliveredHelp', { unit: format.unit })}
        empty={byMonth.length === 0 ? emptyText : null}
        height={240}
      >
        {(width) => (
          <BarChart width={width} height={240} data={byMonth} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
            <CartesianGrid vertical={false} stroke={grid} />
            <XAxis dataKey="month" tick={axis} tickFormatter={format.month} stroke={grid} />
            <YAxis tick={axis} tickFormatter={quantityTick} width={48} stroke={grid} />
            <Tooltip
              cursor={{ fill: theme.palette.action.hover }}
              content={({ active, payload, label }: TooltipArgs) =>
                active && payload?.length ? (
                  <TooltipBox
                    title={format.monthLong(String(label))}
                    lines={payload.map((item) => ({
                      key: String(item.dataKey),
                      color: item.color ?? 'transparent',
                      label: seriesLabel[item.dataKey as 'contracted' | 'delivered'],
                      value: format.quantity(Number(item.value)),
                    }))}
                  />
                ) : null
              }
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              dataKey="contracted"
              name={seriesLabel.contracted}
              fill={colors.contracted}
              radius={[4, 4, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
            <Bar
              dataKey="delivered"
              name={seriesLabel.delivered}
              fill={colors.delivered}
              radius={[4, 4, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
          </BarChart>
        )}
      </ChartCard>

      <Box sx={{ gridColumn: { md: '1 / -1' }, minWidth: 0 }}>
        <ChartCard
          title={t('crm.client.charts.averagePricing')}
          subtitle={t('crm.client.charts.averagePricingHelp', { unit: format.unit })}
          empty={hasPricing ? null : emptyText}
          height={260}
        >
          {(width) => (
            <LineChart width={width} height={260} data={pricing} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
              <CartesianGrid vertical={false} stroke={grid} />
              <XAxis dataKey="month" tick={axis} tickFormatter={format.month} stroke={grid} />
              <YAxis
                tick={axis}
                tickFormatter={format.axisPrice}
                width={64}
                stroke={grid}
                tickCount={5}
                domain={[
                  (min: number) => Math.max(0, Math.floor(min * 10 - 1) / 10),
                  (max: number) => Math.ceil(max * 10 + 1) / 10,
                ]}
              />
              <Tooltip
                content={({ active, payload, label }: TooltipArgs) =>
                  active && payload?.length ? (
                    <TooltipBox
                      title={format.monthLong(String(label))}
                      lines={payload
                        .filter((item) => item.value !== null && item.value !== undefined)
                        .map((item) => ({
                          key: String(item.dataKey),
                          color: item.color ?? 'transparent',
                          label: seriesLabel[item.dataKey as 'contractedAverage' | 'deliveredAverage' | 'spot'],
                          value: format.price(Number(item.value)),
                        }))}
                    />
                  ) : null
                }
              />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Line
                type="linear"
                dataKey="contractedAverage"
                name={seriesLabel.contractedAverage}
                stroke={colors.contracted}
                strokeWidth={2}
                dot={{ r: 3 }}
                connectNulls
                isAnimationActive={false}
              />
              <Line
                type="linear"
                dataKey="deliveredAverage"
                name={seriesLabel.deliveredAverage}
                stroke={colors.delivered}
                strokeWidth={2}
                dot={{ r: 3 }}
                connectNulls
                isAnimationActive={false}
              />
              <Line
                type="linear"
                dataKey="spot"
                name={seriesLabel.spot}
                stroke={colors.spot}
                strokeWidth={2}
                strokeDasharray="5 4"
                dot={{ r: 3 }}
                connectNulls
                isAnimationActive={false}
              />
            </LineChart>
          )}
        </ChartCard>
      </Box>
    </Box>
  );
}
