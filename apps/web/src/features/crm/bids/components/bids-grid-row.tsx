import type { InstrumentRow } from '@granary/domain';
import { Box, Checkbox, TableCell, TableRow, Typography } from '@mui/material';
import { useT } from '../../../../lib/i18n/t';
import { priceUnitOf } from '../../../../lib/trading/price-units';
import { numericCellSx } from '../../../../lib/ui/numeric-cell';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import { fmtDeliveryRange, fmtFuturesMonth } from '../bids-format';
import { BasisCell } from './basis-cell';
import { movable, type GridActions } from './bids-grid-actions';
import { ChangeText, QuantityLines, RowActions, VisibilityChip } from './bids-grid-cells';

/** The bid's name, delivery range and crop year (struck through once deleted). */
function DeliveryCell({ row }: { row: InstrumentRow }) {
  const t = useT();
  return (
    <TableCell className="pinned pinned-second" sx={{ minWidth: 150 }}>
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, textDecoration: row.deletedAt !== null ? 'line-through' : undefined }}
      >
        {row.name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {fmtDeliveryRange(row.deliveryStart, row.deliveryEnd)} · {t('crm.bids.cropYear', { year: row.cropYear })}
      </Typography>
    </TableCell>
  );
}

/** The futures month (symbol and month), or 'Flat' for a flat-price bid. */
function FuturesMonthCell({ row }: { row: InstrumentRow }) {
  const t = useT();
  return (
    <TableCell sx={{ whiteSpace: 'nowrap' }}>
      {row.futuresSymbol ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {row.futuresSymbol}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {fmtFuturesMonth(row.futuresMonth)}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('crm.bids.flat')}
        </Typography>
      )}
    </TableCell>
  );
}

/** The futures price, its change, the basis (edited in place) and the cash price. */
function PriceCells({ row, marketId, show }: { row: InstrumentRow; marketId: number; show: (id: string) => boolean }) {
  const t = useT();
  const price = usePriceFormat();
  const unit = priceUnitOf(row.priceUnit);
  return (
    <>
      {show('futures') ? (
        <TableCell align="right" sx={numericCellSx}>
          {row.pricing === 'flat' ? (
            ''
          ) : row.futuresLast === null ? (
            <Box component="span" sx={{ color: 'text.disabled' }}>
              {t('crm.bids.noQuote')}
            </Box>
          ) : (
            price.futures(row.futuresLast, unit)
          )}
        </TableCell>
      ) : null}
      {show('change') ? (
        <TableCell align="right" sx={numericCellSx}>
          {row.pricing === 'flat' ? '' : <ChangeText value={row.futuresChange} unit={row.priceUnit} />}
        </TableCell>
      ) : null}
      {show('basis') ? (
        <TableCell align="right" sx={numericCellSx}>
          <BasisCell row={row} marketId={marketId} />
        </TableCell>
      ) : null}
      {show('cash') ? (
        <TableCell align="right" sx={{ ...numericCellSx, fontWeight: 700, fontSize: '0.95rem' }}>
          {price.cash(row.cashPrice, unit) || (
            <Box component="span" sx={{ color: 'text.disabled', fontWeight: 400 }}>
              —
            </Box>
          )}
        </TableCell>
      ) : null}
    </>
  );
}

/** One bid as a table row: selection, delivery, futures, change, basis, cash, caps, visibility, offers, actions. */
export function BidTableRow({
  row,
  actions,
  show,
  rowProps,
}: {
  row: InstrumentRow;
  actions: GridActions;
  /** Whether a column shows (the column chooser). */
  show: (id: string) => boolean;
  /** Roving focus, arrow keys and Enter (the grid toolkit). */
  rowProps: Record<string, unknown>;
}) {
  const t = useT();
  const deleted = row.deletedAt !== null;
  return (
    <TableRow
      {...rowProps}
      hover
      selected={actions.selected.has(row.id)}
      aria-current={row.id === actions.highlightId ? 'true' : undefined}
      sx={{
        ...(deleted ? { opacity: 0.6 } : {}),
        ...(row.id === actions.highlightId
          ? {
              boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.warning.main}`,
              bgcolor: 'rgba(237, 108, 2, 0.08)',
            }
          : {}),
      }}
      data-bid-id={row.id}
    >
      <TableCell padding="checkbox" className="pinned">
        <Checkbox
          size="small"
          checked={actions.selected.has(row.id)}
          disabled={!movable(row)}
          onChange={() => actions.onToggle(row.id)}
          slotProps={{ input: { 'aria-label': t('crm.bids.col.selectRow', { name: row.name }) } }}
        />
      </TableCell>
      <DeliveryCell row={row} />
      {show('futuresMonth') ? <FuturesMonthCell row={row} /> : null}
      <PriceCells row={row} marketId={actions.marketId} show={show} />
      {show('quantity') ? (
        <TableCell sx={{ minWidth: 170 }}>
          <QuantityLines row={row} />
        </TableCell>
      ) : null}
      {show('visibility') ? (
        <TableCell>
          <VisibilityChip row={row} />
        </TableCell>
      ) : null}
      {show('offers') ? (
        <TableCell align="right" sx={numericCellSx}>
          {row.workingOffers}
        </TableCell>
      ) : null}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <RowActions row={row} actions={actions} />
      </TableCell>
    </TableRow>
  );
}
