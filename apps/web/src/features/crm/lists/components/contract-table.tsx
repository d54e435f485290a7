import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import {
  LIST_COLUMN_LABELS,
  sortParamForColumn,
  type ContractListRow,
  type GridDensity,
  type ListColumn,
  type SortOrder,
} from '@granary/domain';
import {
  Box,
  ButtonBase,
  Checkbox,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { lighten, type Theme } from '@mui/material/styles';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { GridCards, usePhoneGrid } from '../../../../lib/ui/grid/data-grid';
import { isColumnVisible, type GridColumn } from '../../../../lib/ui/grid/grid-columns';
import { useRowKeyboard } from '../../../../lib/ui/grid/use-grid-keyboard';
import { useGridPrefs } from '../../../../lib/ui/grid/use-grid-prefs';
import { useT } from '../../../../lib/i18n/t';
import { useCrmFormat } from '../../components/use-crm-format';
import { CELL_STYLES, columnAlign, renderCell, WIDE_TEXT_COLUMNS } from './list-cells';

export type ContractTableProps = {
  /** The saved-views grid: the contract list or the deliveries list. */
  grid: 'contracts' | 'deliveries';
  label: string;
  columns: readonly ListColumn[];
  sortColumns: readonly ListColumn[];
  sort: ListColumn;
  sortOrder: SortOrder;
  onSort: (column: ListColumn) => void;
  rows: readonly ContractListRow[] | null;
  /** Rows of the previous query on screen while the new one loads. */
  stale: boolean;
  loadingRows: number;
  highlightId: string | null;
  clientHref: (row: ContractListRow) => string;
  /** Opens a contract (its number is a button) in the contract drawer. */
  onOpenContract?: (row: ContractListRow) => void;
  /** Enter on a row, or a click outside its links and buttons: the contract, else the client. */
  onOpenRow?: (row: ContractListRow) => void;
  /** A view's in-place action per row (Price, Send, Apply tickets): a last column pinned to the right. */
  rowAction?: ((row: ContractListRow) => ReactNode) | undefined;
  /** Rows selectable for bulk actions: a checkbox in the pinned first column. */
  selection?: RowSelection | undefined;
};

export type RowSelection = {
  isSelected: (row: ContractListRow) => boolean;
  toggle: (row: ContractListRow) => void;
  /** Selects every row on the page, or none when all are selected. */
  toggleAll: () => void;
  allSelected: boolean;
  someSelected: boolean;
};

function SelectBox({ row, selection }: { row: ContractListRow; selection: RowSelection }) {
  const t = useT();
  return (
    <Checkbox
      size="small"
      checked={selection.isSelected(row)}
      onChange={() => selection.toggle(row)}
      slotProps={{
        input: { 'aria-label': t('crm.pricing.select', { number: row.displayContractId ?? String(row.id) }) },
      }}
      sx={{ p: 0.25, mr: 0.75, ml: -0.5 }}
    />
  );
}

/**
 * Columns that start hidden (the column chooser shows them) so that the default view fits 1280 px with Avg cash,
 * Option month, Delivered and Undelivered in sight; the first column stays pinned and the rest scroll sideways.
 */
const DEFAULT_HIDDEN = new Set<ListColumn>([
  'contractType',
  'cropYear',
  'contractStatus',
  'deliveryStartIsoStr',
  'averageFutures',
  'cancelledQuantity',
  'priceStatus',
]);

/** The list's columns for the grid toolkit's chooser (labels are the domain's column labels). */
export function contractGridColumns(columns: readonly ListColumn[]) {
  return columns.map((column, index) => ({
    id: column,
    label: LIST_COLUMN_LABELS[column],
    defaultVisible: index === 0 || !DEFAULT_HIDDEN.has(column),
  }));
}

/** Whether a row is the one highlight_id points at: its id, or its contract / ticket number. */
export function isHighlighted(row: ContractListRow, highlightId: string | null): boolean {
  if (!highlightId) return false;
  return (
    String(row.id) === highlightId || row.displayContractId === highlightId || row.displayScaleTicketId === highlightId
  );
}

function SortHeader({
  column,
  label,
  active,
  order,
  align,
  onSort,
}: {
  column: ListColumn;
  label: string;
  active: boolean;
  order: SortOrder;
  align: 'left' | 'right' | 'center';
  onSort: (column: ListColumn) => void;
}) {
  const t = useT();
  const Icon = !active ? UnfoldMoreIcon : order === 'asc' ? ArrowUpwardIcon : ArrowDownwardIcon;
  return (
    <ButtonBase
      onClick={() => onSort(column)}
      aria-label={t('crm.lists.sort.by', { column: label })}
      data-sort={active ? order : 'none'}
      sx={{
        font: 'inherit',
        color: active ? 'text.primary' : 'inherit',
        gap: 0.25,
        display: 'inline-flex',
        flexDirection: align === 'right' ? 'row-reverse' : 'row',
        borderRadius: 0.5,
        px: 0.25,
        mx: -0.25,
        '&:hover .sort-icon, &:focus-visible .sort-icon': { opacity: 1 },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <span>{label}</span>
      <Icon
        className="sort-icon"
        aria-hidden
        sx={{
          fontSize: 16,
          opacity: active ? 1 : 0.35,
          color: active ? 'primary.main' : 'inherit',
          transition: 'opacity 120ms',
        }}
      />
    </ButtonBase>
  );
}

/** The rows as cards on a phone (the grid toolkit's cards): the first column as the title, the rest label: value. */
function ContractCards({
  label,
  columns,
  rows,
  stale,
  density,
  clientHref,
  onOpenContract,
  onOpenRow,
  rowAction,
  selection,
}: Pick<ContractTableProps, 'label' | 'clientHref' | 'onOpenContract' | 'onOpenRow' | 'rowAction' | 'selection'> & {
  columns: readonly ListColumn[];
  rows: readonly ContractListRow[];
  stale: boolean;
  density: GridDensity;
}) {
  const t = useT();
  const format = useCrmFormat();
  const cardColumns: GridColumn<ContractListRow>[] = columns.map((column) => ({
    id: column,
    label: LIST_COLUMN_LABELS[column],
    numeric: columnAlign(column) === 'right',
    render: (row) => renderCell(column, row, format, t, clientHref, onOpenContract),
  }));
  const first = cardColumns[0];
  if (first && selection) {
    const render = first.render;
    cardColumns[0] = {
      ...first,
      render: (row) => (
        <>
          <SelectBox row={row} selection={selection} />
          {render(row)}
        </>
      ),
    };
  }
  return (
    <Box sx={[{ borderTop: 1, borderColor: 'divider', opacity: stale ? 0.6 : 1 }, CARD_STYLES]}>
      <GridCards
        label={label}
        columns={cardColumns}
        rows={rows}
        rowKey={(row) => `${row.kind}-${row.id}`}
        density={density}
        onOpen={onOpenRow}
        {...(rowAction ? { cardAside: rowAction } : {})}
      />
    </Box>
  );
}

/**
 * The list grid: dense, sticky header, the first column pinned while the rest scrolls sideways, sortable headers
 * with the three sort icons (unsorted, ascending, descending) on the view's sort columns only.
 */
export function ContractTable({
  label,
  sortColumns,
  sort,
  sortOrder,
  onSort,
  rows,
  stale,
  loadingRows,
  highlightId,
  clientHref,
  onOpenContract,
  onOpenRow,
  grid,
  columns: allColumns,
  rowAction,
  selection,
}: ContractTableProps) {
  const t = useT();
  const format = useCrmFormat();
  const [prefs] = useGridPrefs(grid);
  const columns = useMemo(
    () =>
      contractGridColumns(allColumns)
        .filter((column) => isColumnVisible(column, prefs))
        .map((c) => c.id),
    [allColumns, prefs],
  );
  const phone = usePhoneGrid();
  const container = useRef<HTMLDivElement | null>(null);
  const { rowProps } = useRowKeyboard(container, rows ?? [], onOpenRow);
  const highlightRef = useRef<HTMLTableRowElement | null>(null);
  const highlightedId = rows?.find((row) => isHighlighted(row, highlightId))?.id ?? null;

  useEffect(() => {
    if (highlightedId !== null) highlightRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [highlightedId]);

  if (phone && rows !== null) {
    return (
      <ContractCards
        label={label}
        columns={columns}
        rows={rows}
        stale={stale}
        density={prefs.density}
        clientHref={clientHref}
        onOpenContract={onOpenContract}
        onOpenRow={onOpenRow}
        rowAction={rowAction}
        selection={selection}
      />
    );
  }

  return (
    <TableContainer
      ref={container}
      sx={{
        maxHeight: { xs: '70vh', md: 'calc(100vh - 300px)' },
        minHeight: rows === null ? 240 : undefined,
        overflow: 'auto',
        borderTop: 1,
        borderColor: 'divider',
        opacity: stale ? 0.6 : 1,
        transition: 'opacity 150ms',
      }}
    >
      <Table
        stickyHeader
        size="small"
        aria-label={label}
        aria-busy={stale || rows === null}
        className={prefs.density}
        sx={TABLE_STYLES}
      >
        <ContractTableHead
          columns={columns}
          sortColumns={sortColumns}
          sort={sort}
          sortOrder={sortOrder}
          onSort={onSort}
          selection={selection}
          actions={Boolean(rowAction)}
        />
        <TableBody>
          {rows === null
            ? Array.from({ length: loadingRows }, (_, i) => (
                <TableRow key={`loading-${i}`}>
                  {columns.map((column) => (
                    <TableCell key={column} sx={{ px: 1.25 }}>
                      <Skeleton variant="text" width={column === 'client' ? 140 : 64} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows.map((row, rowIndex) => {
                const highlighted = row.id === highlightedId;
                return (
                  <tr
                    key={`${row.kind}-${row.id}`}
                    ref={highlighted ? highlightRef : undefined}
                    {...rowProps(row, rowIndex)}
                    className={highlighted ? 'row highlighted' : 'row'}
                    aria-current={highlighted ? 'true' : undefined}
                    data-row-id={row.id}
                  >
                    {columns.map((column, index) => (
                      <td key={column} className={cellClass(column, index)}>
                        {index === 0 && selection ? <SelectBox row={row} selection={selection} /> : null}
                        {renderCell(column, row, format, t, clientHref, onOpenContract)}
                      </td>
                    ))}
                    {rowAction ? <td className="cell action">{rowAction(row)}</td> : null}
                  </tr>
                );
              })}
        </TableBody>
      </Table>
      {rows !== null && rows.length === 0 ? <Box sx={{ height: 8 }} /> : null}
    </TableContainer>
  );
}

/** The header row: sortable column labels, the select-all box in the pinned first column, the actions column. */
function ContractTableHead({
  columns,
  sortColumns,
  sort,
  sortOrder,
  onSort,
  selection,
  actions,
}: Pick<ContractTableProps, 'sortColumns' | 'sort' | 'sortOrder' | 'onSort' | 'selection'> & {
  columns: readonly ListColumn[];
  actions: boolean;
}) {
  const t = useT();
  return (
    <TableHead>
      <TableRow>
        {columns.map((column, index) => {
          const align = columnAlign(column);
          const sortable = sortColumns.includes(column);
          const active = sortable && sortParamForColumn(sort) === sortParamForColumn(column);
          return (
            <TableCell
              key={column}
              align={align}
              sortDirection={active ? sortOrder : false}
              aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : sortable ? 'none' : undefined}
              sx={{
                whiteSpace: 'nowrap',
                fontSize: 12,
                fontWeight: 600,
                color: 'text.secondary',
                bgcolor: 'background.paper',
                py: 1,
                px: 1.25,
                ...(index === 0 ? stickyFirst(3) : {}),
              }}
            >
              {index === 0 && selection ? (
                <Checkbox
                  size="small"
                  checked={selection.allSelected}
                  indeterminate={selection.someSelected && !selection.allSelected}
                  onChange={selection.toggleAll}
                  slotProps={{ input: { 'aria-label': t('crm.pricing.selectAll') } }}
                  sx={{ p: 0.25, mr: 0.75, ml: -0.5 }}
                />
              ) : null}
              {sortable ? (
                <SortHeader
                  column={column}
                  label={LIST_COLUMN_LABELS[column]}
                  active={active}
                  order={sortOrder}
                  align={align}
                  onSort={onSort}
                />
              ) : (
                LIST_COLUMN_LABELS[column]
              )}
            </TableCell>
          );
        })}
        {actions ? (
          <TableCell
            align="right"
            sx={{
              fontSize: 12,
              fontWeight: 600,
              color: 'text.secondary',
              py: 1,
              px: 1.25,
              ...stickyLast(3),
            }}
          >
            {t('crm.pricing.row.actions')}
          </TableCell>
        ) : null}
      </TableRow>
    </TableHead>
  );
}

/** A body cell's classes: alignment, clipped free text, the pinned first column. */
function cellClass(column: ListColumn, index: number): string {
  const classes = ['cell', `align-${columnAlign(column)}`];
  if (WIDE_TEXT_COLUMNS.has(column)) classes.push(column === 'client' ? 'wide client' : 'wide');
  if (index === 0) classes.push('first');
  return classes.join(' ');
}

/**
 * The grid's styles, once for the whole table: body cells are plain td elements with classes (a 100-row page has
 * thousands of cells; an sx object or MUI TableCell per cell made the first page take half a second to render).
 */
const TABLE_STYLES = (theme: Theme) => ({
  minWidth: 'max-content',
  '& td.cell': {
    ...theme.typography.body2,
    fontSize: 13,
    whiteSpace: 'nowrap',
    padding: '6px 10px',
    fontVariantNumeric: 'tabular-nums',
    borderBottom: `1px solid ${lighten(theme.palette.divider, 0.88)}`,
    color: theme.palette.text.primary,
    verticalAlign: 'middle',
  },
  '& td.align-right': { textAlign: 'right' },
  '& td.align-center': { textAlign: 'center' },
  '& td.wide': { maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' },
  '& td.client': { maxWidth: 220 },
  '& td.first': stickyFirst(1),
  '& td.action': { ...stickyLast(1), textAlign: 'right', padding: '3px 10px' },
  '&.comfortable td.cell': { padding: '10px 12px' },
  '& tbody tr.row': { cursor: 'pointer' },
  '& tbody tr.row:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  '& tbody tr.row[aria-selected="true"] > td.first': { boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}` },
  '& tbody tr:hover > td': { bgcolor: 'grey.100' },
  '& tbody tr:last-of-type > td': { borderBottom: 0 },
  '& tr.highlighted > td': { bgcolor: `${lighten(theme.palette.warning.main, 0.8)} !important` },
  '& tr.highlighted > td:first-of-type': { boxShadow: `inset 3px 0 0 ${theme.palette.warning.main}` },
  ...CELL_STYLES,
});

/** The cells' classes inside the phone cards (chips, units, links). */
const CARD_STYLES = { ...CELL_STYLES, '& dd': { whiteSpace: 'nowrap' } } as const;

/** The first column stays in view while the grid scrolls sideways (from the small breakpoint up). */
function stickyFirst(zIndex: number) {
  return {
    position: { sm: 'sticky' },
    left: 0,
    zIndex,
    bgcolor: 'background.paper',
    borderRight: { sm: 1 },
    borderRightColor: { sm: 'divider' },
  } as const;
}

/** The row actions column stays in view at the right while the grid scrolls sideways. */
function stickyLast(zIndex: number) {
  return {
    position: 'sticky',
    right: 0,
    zIndex,
    bgcolor: 'background.paper',
    borderLeft: 1,
    borderLeftColor: 'divider',
  } as const;
}
