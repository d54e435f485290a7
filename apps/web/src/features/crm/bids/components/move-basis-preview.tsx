import type { BasisMovePreview, InstrumentRow } from '@granary/domain';
import { Chip, Table, TableBody, TableCell, TableContainer, TableRow } from '@mui/material';
import { T, useT } from '../../../../lib/i18n/t';
import { TableHeadRow, type HeadColumn } from '../../../../lib/ui/table-head-row';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';

const COLUMNS: readonly HeadColumn[] = [
  { id: 'crm.bids.move.col.bid' },
  { id: 'crm.bids.move.col.basis', align: 'right' },
  { id: 'crm.bids.move.col.newBasis', align: 'right' },
  { id: 'crm.bids.move.col.cash', align: 'right' },
  { id: 'crm.bids.move.col.newCash', align: 'right' },
];

/** A basis bid's row: its basis and cash now, and after the move (once the cents are valid). */
function MovedCells({ row, p, valid }: { row: InstrumentRow; p: BasisMovePreview; valid: boolean }) {
  const t = useT();
  const prices = usePriceFormat();
  const basis = (value: string | null) => prices.basis(value, row.futuresSymbol, row.priceUnit);
  return (
    <>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {basis(row.basis)}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: valid ? 600 : undefined }}>
        {valid ? basis(p.newBasis) : '—'}
        {valid && p.outOfBound ? (
          <Chip size="small" color="error" label={t('crm.bids.move.outOfBound')} sx={{ ml: 1 }} />
        ) : null}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {prices.cash(row.cashPrice, row.priceUnit) || '—'}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: valid ? 600 : undefined }}>
        {valid ? prices.cash(p.newCashPrice, row.priceUnit) || '—' : '—'}
      </TableCell>
    </>
  );
}

/** The move's preview: each selected bid with its basis and cash before and after (a flat bid is skipped). */
export function MoveBasisPreview({
  rows,
  preview,
  valid,
}: {
  rows: readonly InstrumentRow[];
  preview: readonly BasisMovePreview[];
  valid: boolean;
}) {
  const t = useT();
  return (
    <TableContainer sx={{ maxHeight: 320 }}>
      <Table size="small" stickyHeader aria-label={t('crm.bids.move.preview')}>
        <TableHeadRow columns={COLUMNS} />
        <TableBody>
          {rows.map((row, i) => {
            const p = preview[i]!;
            return (
              <TableRow key={row.id}>
                <TableCell>
                  {row.cropName} · {row.name}
                </TableCell>
                {p.flat ? (
                  <TableCell colSpan={4} align="right" sx={{ color: 'text.secondary' }}>
                    <T id="crm.bids.move.flatSkipped" />
                  </TableCell>
                ) : (
                  <MovedCells row={row} p={p} valid={valid} />
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
