import type { InstrumentRow } from '@granary/domain';
import { Box, Checkbox, Stack, Typography } from '@mui/material';
import { T, useT } from '../../../../lib/i18n/t';
import { priceUnitOf } from '../../../../lib/trading/price-units';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import { fmtDeliveryRange } from '../bids-format';
import { BasisCell } from './basis-cell';
import { movable, type GridActions } from './bids-grid-actions';
import { ChangeText, QuantityLines, RowActions, VisibilityChip, num } from './bids-grid-cells';

/** The card's middle line: the futures (symbol, price, change) or 'Flat', and the basis (edited in place). */
function FuturesAndBasis({ row, marketId }: { row: InstrumentRow; marketId: number }) {
  const t = useT();
  const price = usePriceFormat();
  return (
    <Stack
      direction="row"
      sx={{ mt: 0.75, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
    >
      <Typography variant="body2" sx={num}>
        {row.futuresSymbol ? (
          <>
            {row.futuresSymbol} {price.futures(row.futuresLast, priceUnitOf(row.priceUnit))}{' '}
            <ChangeText value={row.futuresChange} unit={row.priceUnit} />
          </>
        ) : (
          t('crm.bids.flat')
        )}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          <T id="crm.bids.col.basis" />
        </Typography>
        <Box sx={num}>
          <BasisCell row={row} marketId={marketId} />
        </Box>
      </Stack>
    </Stack>
  );
}

/** One bid as a card (phones): delivery and cash first, then futures, basis and caps. */
export function BidCard({ row, actions }: { row: InstrumentRow; actions: GridActions }) {
  const t = useT();
  const price = usePriceFormat();
  return (
    <Box
      component="li"
      data-bid-id={row.id}
      aria-current={row.id === actions.highlightId ? 'true' : undefined}
      sx={{
        boxShadow:
          row.id === actions.highlightId ? (theme) => `inset 4px 0 0 ${theme.palette.warning.main}` : undefined,
        px: 1.5,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
        opacity: row.deletedAt ? 0.6 : 1,
        bgcolor: actions.selected.has(row.id) ? 'action.selected' : undefined,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Checkbox
          size="small"
          sx={{ ml: -0.75, mt: -0.5 }}
          checked={actions.selected.has(row.id)}
          disabled={!movable(row)}
          onChange={() => actions.onToggle(row.id)}
          slotProps={{ input: { 'aria-label': t('crm.bids.col.selectRow', { name: row.name }) } }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Typography variant="body1" sx={{ fontWeight: 600 }} noWrap>
              {row.name}
            </Typography>
            <Typography variant="body1" sx={{ ...num, fontWeight: 700, fontSize: '1.1rem' }}>
              {price.cash(row.cashPrice, priceUnitOf(row.priceUnit)) || '—'}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="div">
            {fmtDeliveryRange(row.deliveryStart, row.deliveryEnd)} · {t('crm.bids.cropYear', { year: row.cropYear })}
            {row.workingOffers > 0 ? ` · ${t('crm.bids.offersCount', { count: row.workingOffers })}` : ''}
          </Typography>
          <FuturesAndBasis row={row} marketId={actions.marketId} />
          <Stack direction="row" sx={{ mt: 0.75, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Box sx={{ minWidth: 0 }}>
              <QuantityLines row={row} />
            </Box>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
              <VisibilityChip row={row} />
              <RowActions row={row} actions={actions} />
            </Stack>
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
