import type { GridDensity, InstrumentCropSummary, InstrumentRow } from '@granary/domain';
import { Checkbox, Paper, Stack, Table, TableBody, TableContainer, Typography } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useMemo, useRef, type ReactNode } from 'react';
import type { MessageId } from '../../../../lib/i18n/messages';
import { useT } from '../../../../lib/i18n/t';
import { useRowKeyboard } from '../../../../lib/ui/grid/use-grid-keyboard';
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

/** The table's columns, in the order of `BidTableRow`'s cells: the chooser's id, and the heading. */
const COLUMNS: readonly (HeadColumn & { key: string; fixed?: boolean })[] = [
  { key: 'select', fixed: true, id: 'crm.bids.col.select', padding: 'checkbox', hidden: true },
  { key: 'delivery', fixed: true, id: 'crm.bids.col.delivery' },
  { key: 'futuresMonth', id: 'crm.bids.col.futuresMonth' },
  { key: 'futures', id: 'crm.bids.col.futures', align: 'right' },
  { key: 'change', id: 'crm.bids.col.change', align: 'right' },
  { key: 'basis', id: 'crm.bids.col.basis', align: 'right' },
  { key: 'cash', id: 'crm.bids.col.cash', align: 'right' },
  { key: 'quantity', id: 'crm.bids.col.quantity' },
  { key: 'visibility', id: 'crm.bids.col.visibility' },
  { key: 'offers', id: 'crm.bids.col.offers', align: 'right' },
  { key: 'actions', fixed: true, id: 'crm.bids.col.actions', align: 'right', hidden: true },
];

/** The bids grid's columns for the grid toolkit's chooser (the checkbox, the bid and its buttons always show). */
export function useBidColumns() {
  const t = useT();
  return useMemo(() => COLUMNS.map((c) => ({ id: c.key, label: t(c.id as MessageId), fixed: c.fixed })), [t]);
}

/** The checkbox and the bid stay pinned while the rest scrolls sideways; density; a focus ring on the active row. */
const tableSx = (density: GridDensity) => (theme: Theme) => ({
  '& td, & th': { py: density === 'compact' ? 0.5 : 1 },
  '& .pinned': {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    backgroundColor: theme.palette.background.paper,
  },
  '& .pinned-second': { left: 48, boxShadow: `inset -1px 0 0 ${theme.palette.divider}` },
  '& tbody tr:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
});

/** One crop's bids as a table (desktop and tablet). */
export function CropTable({
  crop,
  rows,
  actions,
  visible,
  density,
}: {
  crop: InstrumentCropSummary;
  rows: InstrumentRow[];
  actions: GridActions;
  /** The columns that show (the column chooser). */
  visible: ReadonlySet<string>;
  density: GridDensity;
}) {
  const t = useT();
  const container = useRef<HTMLDivElement | null>(null);
  // Enter opens the bid's editor (as its Edit button does); a deleted bid only moves the focus.
  const { rowProps } = useRowKeyboard(container, rows, (row) => {
    if (row.deletedAt === null) actions.onEdit(row);
  });
  const show = (id: string) => visible.has(id);
  const heads: HeadColumn[] = COLUMNS.filter((c) => c.fixed || visible.has(c.key)).map((c) =>
    c.key === 'select' || c.key === 'delivery'
      ? { ...c, sx: { position: 'sticky', left: c.key === 'select' ? 0 : 48, zIndex: 3, bgcolor: 'background.paper' } }
      : c,
  );
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
      <TableContainer ref={container}>
        <Table size="small" aria-label={t('crm.bids.grid.label', { crop: crop.cropName })} sx={tableSx(density)}>
          <TableHeadRow columns={heads} />
          <TableBody>
            {rows.map((row, index) => (
              <BidTableRow key={row.id} row={row} actions={actions} show={show} rowProps={rowProps(row, index)} />
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
