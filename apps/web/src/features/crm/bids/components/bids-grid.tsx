import type { InstrumentCropSummary, InstrumentRow } from '@granary/domain';
import { Checkbox, Paper, Stack, Table, TableBody, TableContainer, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useT } from '../../../../lib/i18n/t';
import { TableHeadRow, type HeadColumn } from '../../../../lib/ui/table-head-row';
import { movable, type GridActions } from './bids-grid-actions';
import { BidCard } from './bids-grid-card';
import { BidTableRow } from './bids-grid-row';

function CropHeader({
  crop,
  children,
}: {
  crop: Pick<InstrumentCropSummary, 'cropName' | 'currency' | 'priceUnit'>;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ px: 2, py: 1.25, alignItems: 'center', borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
    >
      {children}
      <Typography variant="h3" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {crop.cropName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('crm.bids.unitHeader', {
          crop: crop.cropName,
          currency: crop.currency,
          unit: t(crop.priceUnit === 'tonne' ? 'crm.bids.unit.tonne' : 'crm.bids.unit.bushel'),
        })}
      </Typography>
    </Stack>
  );
}

/** The table's columns, in the order of `BidTableRow`'s cells. */
const COLUMNS: readonly HeadColumn[] = [
  { id: 'crm.bids.col.select', padding: 'checkbox', hidden: true },
  { id: 'crm.bids.col.delivery' },
  { id: 'crm.bids.col.futuresMonth' },
  { id: 'crm.bids.col.futures', align: 'right' },
  { id: 'crm.bids.col.change', align: 'right' },
  { id: 'crm.bids.col.basis', align: 'right' },
  { id: 'crm.bids.col.cash', align: 'right' },
  { id: 'crm.bids.col.quantity' },
  { id: 'crm.bids.col.visibility' },
  { id: 'crm.bids.col.offers', align: 'right' },
  { id: 'crm.bids.col.actions', align: 'right', hidden: true },
];

/** One crop's bids as a table (desktop and tablet). */
export function CropTable({
  crop,
  rows,
  actions,
}: {
  crop: InstrumentCropSummary;
  rows: InstrumentRow[];
  actions: GridActions;
}) {
  const t = useT();
  const selectable = rows.filter(movable).map((r) => r.id);
  const selectedHere = selectable.filter((id) => actions.selected.has(id));
  const all = selectable.length > 0 && selectedHere.length === selectable.length;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <CropHeader crop={crop}>
        <Checkbox
          size="small"
          sx={{ ml: -1, my: -1 }}
          checked={all}
          indeterminate={selectedHere.length > 0 && !all}
          disabled={selectable.length === 0}
          onChange={(e) => actions.onToggleAll(selectable, e.target.checked)}
          slotProps={{ input: { 'aria-label': t('crm.bids.col.selectAll', { crop: crop.cropName }) } }}
        />
      </CropHeader>
      <TableContainer>
        <Table
          size="small"
          aria-label={t('crm.bids.grid.label', { crop: crop.cropName })}
          sx={{ '& td, & th': { py: 1 } }}
        >
          <TableHeadRow columns={COLUMNS} />
          <TableBody>
            {rows.map((row) => (
              <BidTableRow key={row.id} row={row} actions={actions} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** One crop's bids as cards (phones): delivery and cash first, then futures, basis and caps. */
export function CropCards({
  crop,
  rows,
  actions,
}: {
  crop: InstrumentCropSummary;
  rows: InstrumentRow[];
  actions: GridActions;
}) {
  const t = useT();
  return (
    <Paper
      variant="outlined"
      sx={{ overflow: 'hidden' }}
      component="section"
      aria-label={t('crm.bids.grid.label', { crop: crop.cropName })}
    >
      <CropHeader crop={crop} />
      <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <BidCard key={row.id} row={row} actions={actions} />
        ))}
      </Stack>
    </Paper>
  );
}
