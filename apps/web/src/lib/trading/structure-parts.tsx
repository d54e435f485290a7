import { formatNumber, type Structure, type StructureObservation } from '@granary/domain';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { useDates } from '../i18n/use-dates';
import { useT } from '../i18n/t';
import { tabularNumsSx } from '../ui/numeric-cell';
import { ContractFactsTable, type ContractFactsColumn } from './contract-facts-table';
import { usePriceFormat } from './use-price-format';

// What the merchandiser's structure detail and the farmer's structures share (issue 18): the rules in words, the
// figures of where a structure stands, and its observation history. Figures through the domain's formatters.

/** The structure's rules, sentence by sentence, as the server words them (the client's confirmation prints the same). */
export function StructureRules({ rules }: { rules: readonly string[] }) {
  const t = useT();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.75 } }} aria-label={t('structure.rules.label')}>
      {rules.map((sentence) => (
        <Typography component="li" variant="body2" key={sentence}>
          {sentence}
        </Typography>
      ))}
    </Box>
  );
}

/** One label and its figure. */
export function StructureFigure({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="div"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere', ...tabularNumsSx, whiteSpace: 'normal' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** What the figures read of a structure (the merchandiser's row and the farmer's read-only one both have it). */
type StructureFiguresData = Pick<
  Structure,
  'quantity' | 'state' | 'remainingBushels' | 'daysLeft' | 'status' | 'distanceToKnockOut' | 'startDate' | 'endDate'
>;

/**
 * Where a structure stands: committed, accumulated and remaining bushels, the average price so far, the trading days
 * left, the distance to the knock-out (live ones) and its flags (knocked out, doubled up).
 */
export function StructureFigures({ structure: s }: { structure: StructureFiguresData }) {
  const t = useT();
  const prices = usePriceFormat();
  const dates = useDates();
  const bushels = (value: string) => t('structure.bushels', { quantity: formatNumber(value) });
  const running = s.status === 'live' || s.status === 'close_requested';
  return (
    <Stack spacing={1.5}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <StructureFigure label={t('structure.fig.quantity')}>{bushels(s.quantity)}</StructureFigure>
        <StructureFigure label={t('structure.fig.accumulated')}>{bushels(s.state.pricedBushels)}</StructureFigure>
        <StructureFigure label={t('structure.fig.remaining')}>{bushels(s.remainingBushels)}</StructureFigure>
        <StructureFigure label={t('structure.fig.averagePrice')}>
          {s.state.averagePrice === null ? t('structure.none') : prices.withUnit(s.state.averagePrice)}
        </StructureFigure>
        <StructureFigure label={t('structure.fig.daysLeft')}>{formatNumber(s.daysLeft)}</StructureFigure>
        {running && s.distanceToKnockOut !== null ? (
          <StructureFigure label={t('structure.fig.distance')}>{prices.withUnit(s.distanceToKnockOut)}</StructureFigure>
        ) : (
          <StructureFigure label={t('structure.fig.period')}>
            {t('structure.period', { start: dates.day(s.startDate), end: dates.day(s.endDate) })}
          </StructureFigure>
        )}
      </Box>
      {s.state.knockedOut || s.state.doubledUp || s.state.observedThrough ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          {s.state.knockedOut ? <Chip size="small" color="error" label={t('structure.flag.knockedOut')} /> : null}
          {s.state.doubledUp ? <Chip size="small" color="info" label={t('structure.flag.doubledUp')} /> : null}
          {s.state.observedThrough ? (
            <Typography variant="caption" color="text.secondary">
              {t('structure.observedThrough', { date: dates.day(s.state.observedThrough) })}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The observation history (issue 18: visible and auditable): date, settle, bushels priced, price, what happened. */
export function StructureObservationsTable({ rows }: { rows: readonly StructureObservation[] }) {
  const t = useT();
  const prices = usePriceFormat();
  const dates = useDates();
  const numbered = useMemo(() => [...rows].reverse().map((row, index) => ({ ...row, id: index })), [rows]);
  const columns: ContractFactsColumn<StructureObservation & { id: number }>[] = [
    { key: 'date', heading: t('structure.obs.date'), nowrap: true, value: (r) => dates.day(r.date) },
    { key: 'settle', heading: t('structure.obs.settle'), numeric: true, value: (r) => prices.futures(r.settle) },
    {
      key: 'bushels',
      heading: t('structure.obs.bushels'),
      numeric: true,
      value: (r) => t('structure.bushels', { quantity: formatNumber(r.pricedBushels) }),
    },
    {
      key: 'price',
      heading: t('structure.obs.price'),
      numeric: true,
      value: (r) => (r.price === null ? t('structure.none') : prices.futures(r.price)),
    },
    {
      key: 'event',
      heading: t('structure.obs.event'),
      nowrap: true,
      value: (r) =>
        r.knockedOut
          ? t('structure.obs.knockedOut')
          : r.doubledUp
            ? t('structure.obs.doubledUp')
            : Number(r.pricedBushels) > 0
              ? t('structure.obs.priced')
              : t('structure.obs.notPriced'),
    },
    {
      key: 'source',
      heading: t('structure.obs.source'),
      wideOnly: true,
      nowrap: true,
      value: (r) =>
        t(
          r.source === 'feed'
            ? 'structure.obs.feed'
            : r.source === 'import'
              ? 'structure.obs.import'
              : 'structure.obs.catchUp',
        ),
    },
  ];
  return (
    <ContractFactsTable
      rows={numbered}
      label={t('structure.obs.label')}
      columns={columns}
      empty={t('structure.obs.empty')}
    />
  );
}
