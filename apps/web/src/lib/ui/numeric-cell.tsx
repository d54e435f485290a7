import { TableCell, type TableCellProps } from '@mui/material';

// How every table in the product shows a column of figures (issue 13, "numbers line up"; DESIGN.md convention 10):
// right-aligned, tabular figures (every digit the same width, so decimal points and fraction glyphs line up from row
// to row) and on one line (a price never breaks between its figure and its unit). Tables that draw plain td elements
// for speed use `numericCellCss` in their one style object; MUI tables use `numericCellSx` or `NumberCell`.

/** The style of a figure in a table column (plain CSS properties: usable in sx and in a styled table's classes). */
export const numericCellCss = {
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
} as const;

/** The same for an `sx` prop (MUI TableCell, Box, Typography). */
export const numericCellSx = numericCellCss;

/** Tabular figures without the alignment: a figure inside running text or a card that should not jump as it ticks. */
export const tabularNumsSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A table cell holding a figure: right-aligned, tabular, one line. Takes every TableCell prop (sx merged last). */
export function NumberCell({ sx, children, ...props }: TableCellProps) {
  return (
    <TableCell align="right" {...props} sx={[numericCellSx, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}>
      {children}
    </TableCell>
  );
}
