import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { numericCellSx } from '../ui/numeric-cell';
import { EmptyLine } from '../ui/page-states';

// The table a contract's facts are listed in (its pricings, its deliveries), as the CRM's contract drawer and the
// farmer's contract dialog both show them: a small table that scrolls sideways, or a quiet line when there is none.

/** A column left out on a phone. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A cell's style: left out on a phone, a figure (right, tabular, one line), or text that keeps to one line. */
function cellSx(column: { numeric?: boolean; nowrap?: boolean; wideOnly?: boolean }) {
  return {
    ...(column.numeric ? numericCellSx : column.nowrap ? NOWRAP : {}),
    ...(column.wideOnly ? WIDE_ONLY : {}),
  };
}

export type ContractFactsColumn<Row> = {
  key: string;
  heading: ReactNode;
  /** A figure: aligned right. */
  numeric?: boolean;
  /** Its values do not wrap. */
  nowrap?: boolean;
  /** Left out on a phone (heading and values). */
  wideOnly?: boolean;
  value: (row: Row) => ReactNode;
};

/** The columns' headings and values, in each place's own words and formatting. */
export function ContractFactsTable<Row extends { id: number }>({
  rows,
  label,
  columns,
  empty,
  sx,
}: {
  rows: readonly Row[];
  /** The table's accessible name. */
  label: string;
  columns: readonly ContractFactsColumn<Row>[];
  /** Said instead of the table when there are no rows. */
  empty: ReactNode;
  sx?: SxProps<Theme>;
}) {
  if (rows.length === 0) {
    return <EmptyLine>{empty}</EmptyLine>;
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label} sx={sx}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.numeric ? 'right' : undefined}
                sx={column.wideOnly ? WIDE_ONLY : undefined}
              >
                {column.heading}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.numeric ? 'right' : undefined} sx={cellSx(column)}>
                  {column.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
