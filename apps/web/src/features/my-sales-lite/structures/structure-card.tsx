import { formatNumber, sharePercent, type FarmerStructure } from '@granary/domain';
import { Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { cropLabel, optionMonthLabel, structureKindMessage } from '../../../lib/trading/structure-format';
import { StructureStatusChip } from '../../../lib/trading/structure-status-chip';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { Figure, ShareBar } from '../components/figure';

/** One of the farmer's structures: what it has priced of the committed bushels, at what average, how long is left. */
export function StructureCard({ structure: s, onOpen }: { structure: FarmerStructure; onOpen: (id: number) => void }) {
  const t = useT();
  const prices = usePriceFormat();
  const dates = useDates();
  const bushels = (value: string) => t('structure.bushels', { quantity: formatNumber(value) });
  const priced = sharePercent(s.state.pricedBushels, s.quantity);
  const kind = t(structureKindMessage(s.kind, s.side));
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        onClick={() => onOpen(s.id)}
        aria-label={t('msl.structures.open', { kind, id: s.id })}
        sx={{ p: 2 }}
      >
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              {t('structure.cropMonth', { crop: cropLabel(s.cropId), month: optionMonthLabel(s.optionMonth) })} ·{' '}
              {s.marketLabel}
            </Typography>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }} noWrap>
              {kind}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {t('structure.period', { start: dates.day(s.startDate), end: dates.day(s.endDate) })}
            </Typography>
          </Box>
          <Box sx={{ flexShrink: 0 }}>
            <StructureStatusChip status={s.status} knockedOut={s.state.knockedOut} />
          </Box>
        </Stack>
        <Box sx={{ my: 1.5 }}>
          <ShareBar
            percent={Math.min(100, priced)}
            color={priced >= 100 ? 'success' : 'primary'}
            label={t('msl.structures.progress', {
              priced: bushels(s.state.pricedBushels),
              quantity: bushels(s.quantity),
            })}
          />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
          <Figure label={<T id="structure.fig.accumulated" />} value={bushels(s.state.pricedBushels)} />
          <Figure
            label={<T id="structure.fig.averagePrice" />}
            value={s.state.averagePrice === null ? t('structure.none') : prices.futures(s.state.averagePrice)}
          />
          <Figure label={<T id="structure.fig.daysLeft" />} value={formatNumber(s.daysLeft)} />
        </Box>
      </CardActionArea>
    </Card>
  );
}
