import { CONTRACT_TYPE_LABELS, formatCompact, type ClientCharts } from '@granary/domain';
import { Box, useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '../../../../lib/i18n/t';
import type { ProfileFormat } from '../profile-format';
import { ChartCard, TooltipBox } from './chart-card';

const toNumber = (value: string | null) => (value === null || value === '' ? null : Number(value));
const quantityTick = (value: number) => formatCompact(value);

type TooltipPayload = { dataKey?: unknown; color?: string; value?: unknown; payload?: Record<string, unknown> };
type TooltipArgs = { active?: boolean; payload?: readonly TooltipPayload[]; label?: unknown };

/** The charts' look from the theme (axis text, grid, series colours) and the series' names. */
function useChartStyle() {
  const t = useT();
  const theme = useTheme();
  return {
    axis: { fontSize: 12, fill: theme.palette.text.secondary },
    grid: theme.palette.divider,
    hover: theme.palette.action.hover,
    colors: { contracted: theme.palette.primary.main, delivered: theme.palette.secondary.main, spot: '#5b6fb5' },
    seriesLabel: {
      contracted: t('crm.client.charts.contracted'),
      delivered: t('crm.client.charts.delivered'),
      contractedAverage: t('crm.client.charts.contractedAverage'),
      deliveredAverage: t('crm.client.charts.deliveredAverage'),
      spot: t('crm.client.charts.spot'),
    },
  } as const;
}

type BreakdownRow = { key: string; label: string; quantity: number; contracts: number };

/** Open quantity by contract type, largest first, as horizontal bars. */
function BreakdownChart({ rows, format, empty }: { rows: BreakdownRow[]; format: ProfileFormat; empty: string }) {
  const t = useT();
  const style = useChartStyle();
  return (
    <ChartCard
      title={t('crm.client.charts.breakdown')}
      subtitle={t('crm.client.charts.breakdownHelp', { unit: format.unit })}
      empty={rows.length === 0 ? empty : null}
      height={240}
    >
      {(width) => (
        <BarChart
          width={width}
          height={Math.max(240, 40 * rows.length + 64)}
          data={rows}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
        >
          <CartesianGrid horizontal={false} stroke={style.grid} />
          <XAxis type="number" tick={style.axis} tickFormatter={quantityTick} stroke={style.grid} />
          <YAxis type="category" dataKey="label" tick={style.axis} width={96} stroke={style.grid} />
          <Tooltip
            cursor={{ fill: style.hover }}
            content={({ active, payload }: TooltipArgs) => {
              const row = payload?.[0]?.payload as BreakdownRow | undefined;
              if (!active || !row) return null;
              return (
                <TooltipBox
                  title={row.label}
                  lines={[
                    {
                      key: 'q',
                      color: style.colors.contracted,
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
            fill={style.colors.contracted}
            radius={[0, 4, 4, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          />
        </BarChart>
      )}
    </ChartCard>
  );
}

type MonthRow = { month: string; contracted: number; delivered: number };

/** Contracted and delivered quantity by delivery month, side by side. */
function ContractedDeliveredChart({ rows, format, empty }: { rows: MonthRow[]; format: ProfileFormat; empty: string }) {
  const t = useT();
  const style = useChartStyle();
  return (
    <ChartCard
      title={t('crm.client.charts.contractedDelivered')}
      subtitle={t('crm.client.charts.contractedDeliveredHelp', { unit: format.unit })}
      empty={rows.length === 0 ? empty : null}
      height={240}
    >
      {(width) => (
        <BarChart width={width} height={240} data={rows} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
          <CartesianGrid vertical={false} stroke={style.grid} />
          <XAxis dataKey="month" tick={style.axis} tickFormatter={format.month} stroke={style.grid} />
          <YAxis tick={style.axis} tickFormatter={quantityTick} width={48} stroke={style.grid} />
          <Tooltip
            cursor={{ fill: style.hover }}
            content={({ active, payload, label }: TooltipArgs) =>
              active && payload?.length ? (
                <TooltipBox
                  title={format.monthLong(String(label))}
                  lines={payload.map((item) => ({
                    key: String(item.dataKey),
                    color: item.color ?? 'transparent',
                    label: style.seriesLabel[item.dataKey as 'contracted' | 'delivered'],
                    value: format.quantity(Number(item.value)),
                  }))}
                />
              ) : null
            }
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {(['contracted', 'delivered'] as const).map((series) => (
            <Bar
              key={series}
              dataKey={series}
              name={style.seriesLabel[series]}
              fill={style.colors[series]}
              radius={[4, 4, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </ChartCard>
  );
}

type PricingRow = {
  month: string;
  contractedAverage: number | null;
  deliveredAverage: number | null;
  spot: number | null;
};

/** The lines of the pricing chart: the two averages solid, spot dashed. */
const PRICING_SERIES = [
  { key: 'contractedAverage', color: 'contracted' },
  { key: 'deliveredAverage', color: 'delivered' },
  { key: 'spot', color: 'spot', dash: '5 4' },
] as const;

/** Average pricing by month: contracted average, delivered average and spot, gaps bridged. */
function AveragePricingChart({
  rows,
  format,
  empty,
}: {
  rows: PricingRow[] | null;
  format: ProfileFormat;
  empty: string;
}) {
  const t = useT();
  const style = useChartStyle();
  return (
    <ChartCard
      title={t('crm.client.charts.averagePricing')}
      subtitle={t('crm.client.charts.averagePricingHelp', { unit: format.unit })}
      empty={rows ? null : empty}
      height={260}
    >
      {(width) => (
        <LineChart width={width} height={260} data={rows ?? []} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid vertical={false} stroke={style.grid} />
          <XAxis dataKey="month" tick={style.axis} tickFormatter={format.month} stroke={style.grid} />
          <YAxis
            tick={style.axis}
            tickFormatter={format.axisPrice}
            width={64}
            stroke={style.grid}
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
                      label: style.seriesLabel[item.dataKey as 'contractedAverage' | 'deliveredAverage' | 'spot'],
                      value: format.price(Number(item.value)),
                    }))}
                />
              ) : null
            }
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {PRICING_SERIES.map((series) => (
            <Line
              key={series.key}
              type="linear"
              dataKey={series.key}
              name={style.seriesLabel[series.key]}
              stroke={style.colors[series.color]}
              strokeWidth={2}
              {...('dash' in series ? { strokeDasharray: series.dash } : {})}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ChartCard>
  );
}

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

  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <BreakdownChart rows={breakdown} format={format} empty={emptyText} />
      <ContractedDeliveredChart rows={byMonth} format={format} empty={emptyText} />
      <Box sx={{ gridColumn: { md: '1 / -1' }, minWidth: 0 }}>
        <AveragePricingChart rows={hasPricing ? pricing : null} format={format} empty={emptyText} />
      </Box>
    </Box>
  );
}
