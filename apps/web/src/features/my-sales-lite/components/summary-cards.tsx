import { sharePercent, type SalesSummaryResponse } from '@granary/domain';
import { Box, ButtonBase, Paper, Stack, Typography } from '@mui/material';
import { T, useT } from '../../../lib/i18n/t';
import { Figure, ShareBar } from './figure';
import type { MslFormat } from './use-msl-format';

type Row = SalesSummaryResponse['rows'][number];

/**
 * The summary cards, one per crop and crop year: contracted, delivered, remaining, priced and the average cash price.
 * A card is a toggle that filters the contract list to its crop and year. On a phone the cards scroll sideways so
 * the contracts stay near the top; from md up they sit in a grid.
 */
export function SummaryCards({
  rows,
  fmt,
  selected,
  onSelect,
}: {
  rows: Row[];
  fmt: MslFormat;
  selected: { cropId: number; cropYear: number } | null;
  onSelect: (row: Row | null) => void;
}) {
  const t = useT();
  return (
    <Box
      component="section"
      aria-label={t('msl.summary.heading')}
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 3,
        gridAutoFlow: { xs: 'column', md: 'row' },
        gridAutoColumns: { xs: 'minmax(260px, 82%)', sm: 'minmax(260px, 45%)', md: 'unset' },
        gridTemplateColumns: { md: 'repeat(auto-fill, minmax(260px, 1fr))' },
        overflowX: { xs: 'auto', md: 'visible' },
        scrollSnapType: { xs: 'x mandatory', md: 'none' },
        scrollPaddingInline: { xs: '16px', sm: 0 },
        pb: { xs: 1, md: 0 },
        mx: { xs: -2, sm: 0 },
        px: { xs: 2, sm: 0 },
      }}
    >
      {rows.map((row) => {
        const isSelected = selected?.cropId === row.cropId && selected.cropYear === row.cropYear;
        const delivered = sharePercent(row.delivered, row.contracted);
        const priced = sharePercent(row.priced, row.contracted);
        return (
          <Paper
            key={`${row.cropId}-${row.cropYear}`}
            variant="outlined"
            sx={{
              scrollSnapAlign: 'start',
              borderColor: isSelected ? 'primary.main' : 'divider',
              borderWidth: isSelected ? 2 : 1,
              overflow: 'hidden',
            }}
          >
            <ButtonBase
              onClick={() => onSelect(isSelected ? null : row)}
              aria-pressed={isSelected}
              aria-label={t('msl.summary.region', { crop: row.crop, year: row.cropYear })}
              sx={{ display: 'block', width: '100%', textAlign: 'left', p: 2 }}
            >
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
                <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem' }}>
                  <T id="msl.summary.cropYear" values={{ crop: row.crop, year: row.cropYear }} />
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  <T id="msl.fig.contracts" values={{ count: row.contractCount }} />
                </Typography>
              </Stack>
              <Figure
                label={<T id="msl.fig.contracted" />}
                value={fmt.quantity(row.contracted, row.quantityUnit)}
                emphasis
              />
              <Box sx={{ my: 1.25 }}>
                <ShareBar percent={delivered} label={t('msl.fig.deliveredShare', { percent: delivered })} />
              </Box>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
                <Figure label={<T id="msl.fig.delivered" />} value={fmt.quantity(row.delivered, row.quantityUnit)} />
                <Figure label={<T id="msl.fig.remaining" />} value={fmt.quantity(row.remaining, row.quantityUnit)} />
                <Figure label={<T id="msl.fig.priced" />} value={t('msl.fig.percent', { percent: priced })} />
                <Figure label={<T id="msl.fig.avgCash" />} value={fmt.price(row.averageCash, row.quantityUnit)} />
              </Box>
            </ButtonBase>
          </Paper>
        );
      })}
    </Box>
  );
}
