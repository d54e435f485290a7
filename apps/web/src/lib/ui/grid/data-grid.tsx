import type { GridDensity } from '@granary/domain';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { Fragment, useRef, type ReactNode } from 'react';
import type { GridColumn } from './grid-columns';
import { useRowKeyboard } from './use-grid-keyboard';
import { visuallyHidden } from '../visually-hidden';

/** Below this width the rows become cards (label: value pairs), not a sideways scroll. */
const PHONE_GRID_QUERY = '(max-width:599.95px)';

/** Whether the grids show cards (phones). */
export function usePhoneGrid(): boolean {
  return useMediaQuery(PHONE_GRID_QUERY, { noSsr: true });
}

/**
 * The grid table's styles: the first column pinned (sticky, its own background, a divider) while the rest scrolls
 * sideways, density, figures aligned, and a visible focus ring on the active row.
 */
function gridTableSx(density: GridDensity) {
  return (theme: Theme) => ({
    minWidth: 'max-content',
    width: '100%',
    '& th, & td': {
      py: density === 'compact' ? 0.5 : 1.25,
      px: density === 'compact' ? 1 : 1.5,
      fontSize: density === 'compact' ? 13 : 14,
    },
    '& th': { whiteSpace: 'nowrap', fontWeight: 600, color: 'text.secondary', fontSize: 12 },
    '& .numeric': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    '& .pinned': {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      backgroundColor: theme.palette.background.paper,
      boxShadow: `inset -1px 0 0 ${theme.palette.divider}`,
    },
    '& thead .pinned': { zIndex: 3 },
    '& tbody tr:hover > td, & tbody tr:hover > td.pinned': { backgroundColor: theme.palette.grey[100] },
    '& tbody tr.opens': { cursor: 'pointer' },
    '& tbody tr[data-grid-row]:focus-visible': {
      outline: `2px solid ${theme.palette.primary.main}`,
      outlineOffset: -2,
    },
    '& tbody tr[aria-selected="true"] > td.pinned': { boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}` },
  });
}

export type DataGridProps<Row> = {
  label: string;
  /** The columns that show (visibleColumns of the grid's model), the first one pinned. */
  columns: readonly GridColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  density: GridDensity;
  /** Enter on a row, or a click outside its links and buttons. */
  onOpen?: (row: Row) => void;
  /** Extra attributes and styles of a row (a highlight, data ids). */
  rowAttributes?: (row: Row) => Record<string, unknown> & { sx?: Record<string, unknown> };
  /** Cards only: what shows at the top right of a card (a status, the cash price). */
  cardAside?: (row: Row) => ReactNode;
};

/** A CRM grid: a table with a pinned first column from 600 px up, cards on a phone; arrow keys and Enter. */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const phone = usePhoneGrid();
  return phone ? <GridCards {...props} /> : <GridTable {...props} />;
}

function GridTable<Row>({ label, columns, rows, rowKey, density, onOpen, rowAttributes }: DataGridProps<Row>) {
  const container = useRef<HTMLDivElement | null>(null);
  const { rowProps } = useRowKeyboard(container, rows, onOpen);
  return (
    <TableContainer ref={container} sx={{ overflowX: 'auto' }}>
      <Table size={density === 'compact' ? 'small' : 'medium'} aria-label={label} sx={gridTableSx(density)}>
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell
                key={column.id}
                className={[index === 0 ? 'pinned' : '', column.numeric ? 'numeric' : ''].join(' ').trim() || undefined}
              >
                {column.labelHidden ? (
                  <Box component="span" sx={visuallyHidden}>
                    {column.label}
                  </Box>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => {
            const { sx, ...attributes } = rowAttributes?.(row) ?? {};
            return (
              <TableRow
                key={rowKey(row)}
                hover
                className={onOpen ? 'opens' : undefined}
                {...attributes}
                {...rowProps(row, index)}
                sx={sx}
              >
                {columns.map((column, columnIndex) => (
                  <TableCell
                    key={column.id}
                    className={
                      [columnIndex === 0 ? 'pinned' : '', column.numeric ? 'numeric' : ''].join(' ').trim() || undefined
                    }
                    sx={column.cellSx}
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The rows as cards (phones): the first column is the card's title, the other columns label: value pairs; columns
 * with a hidden label (the row's buttons) at the foot.
 */
export function GridCards<Row>({
  label,
  columns,
  rows,
  rowKey,
  density,
  onOpen,
  rowAttributes,
  cardAside,
}: DataGridProps<Row>) {
  const container = useRef<HTMLUListElement | null>(null);
  const { rowProps } = useRowKeyboard(container, rows, onOpen);
  const [title, ...rest] = columns.filter((column) => !column.cardHidden);
  const pairs = rest.filter((column) => !column.labelHidden);
  const foot = rest.filter((column) => column.labelHidden);
  return (
    <Box component="ul" ref={container} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row, index) => {
        const { sx, ...attributes } = rowAttributes?.(row) ?? {};
        return (
          <Box
            component="li"
            key={rowKey(row)}
            {...attributes}
            {...rowProps(row, index)}
            sx={{
              px: 2,
              py: density === 'compact' ? 1 : 1.5,
              borderBottom: 1,
              borderColor: 'divider',
              cursor: onOpen ? 'pointer' : undefined,
              '&:last-of-type': { borderBottom: 0 },
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
              ...sx,
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
              <Box sx={{ minWidth: 0, fontWeight: 600 }}>{title ? title.render(row) : null}</Box>
              {cardAside ? <Box sx={{ flexShrink: 0 }}>{cardAside(row)}</Box> : null}
            </Box>
            {pairs.length > 0 ? (
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(96px, max-content) 1fr',
                  columnGap: 2,
                  rowGap: density === 'compact' ? 0.25 : 0.5,
                  m: 0,
                  mt: 1,
                  fontSize: 14,
                  '& dt': { color: 'text.secondary', fontSize: 13 },
                  '& dd': { m: 0, minWidth: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
                }}
              >
                {pairs.map((column) => (
                  <Fragment key={column.id}>
                    <dt>{column.label}</dt>
                    <dd>{column.render(row)}</dd>
                  </Fragment>
                ))}
              </Box>
            ) : null}
            {foot.map((column) => (
              <Box key={column.id} sx={{ mt: 1 }}>
                {column.render(row)}
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
