// How every table in the product shows a column of figures (issue 13, "numbers line up"; DESIGN.md convention 10):
// right-aligned, tabular figures (every digit the same width, so decimal points and fraction glyphs line up from row
// to row) and on one line (a price never breaks between its figure and its unit). Tables that draw plain td elements
// for speed and MUI tables alike use `numericCellSx` (plain CSS properties, usable in sx and in a style object).

/** The style of a figure in a table column (plain CSS properties: usable in sx and in a styled table's classes). */
export const numericCellSx = {
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
} as const;

/** Tabular figures without the alignment: a figure inside running text or a card that should not jump as it ticks. */
export const tabularNumsSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
