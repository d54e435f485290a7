import { Box, TableCell, TableHead, TableRow, type TableCellProps } from '@mui/material';
import type { MessageId } from '../i18n/messages';
import { T } from '../i18n/t';
import { visuallyHidden } from './visually-hidden';

/** One column heading: its message, and how its cell sits (numbers align right). */
export type HeadColumn = {
  id: MessageId;
  align?: TableCellProps['align'];
  padding?: TableCellProps['padding'];
  sx?: TableCellProps['sx'];
  /** Read by screen readers only (a checkbox or an actions column). */
  hidden?: boolean;
};

/** A table's head: one row of column headings, each a catalogue message. */
export function TableHeadRow({ columns }: { columns: readonly HeadColumn[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column.id} align={column.align} padding={column.padding} sx={column.sx}>
            {column.hidden ? (
              <Box component="span" style={visuallyHidden}>
                <T id={column.id} />
              </Box>
            ) : (
              <T id={column.id} />
            )}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
