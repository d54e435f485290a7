// CSV export of a list view (RFC 4180: CRLF line ends, fields with a comma, quote, CR or LF quoted,
// quotes doubled), with spreadsheet formula injection neutralised: a text cell that starts with
// = + - @ TAB or CR gets a leading apostrophe, so Excel, LibreOffice and Google Sheets show it as text
// instead of running it (OWASP "CSV injection"). Plain numbers ('-0.35', '-12') are data, not formulas,
// and are left as they are so a negative basis stays a number.

import { DECIMAL_STRING_PATTERN } from './exact.ts';
import { LIST_COLUMN_LABELS, type ContractListRow, type ListColumn } from './list-row.ts';
import { viewColumns, type ContractView } from './views.ts';
import type { ListType } from './contracts.ts';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const CSV_LINE_END = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

/** A cell as text: formula starts neutralised, then quoted when needed. */
export function csvCell(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'boolean') text = value ? 'Yes' : 'No';
  else if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else text = value;
  if (FORMULA_START.test(text) && !(typeof value === 'number' || DECIMAL_STRING_PATTERN.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as RFC 4180 text, every line (the last included) ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',') + CSV_LINE_END).join('');
}

/** The CSV of a list view: a heading row of the view's columns, then one line per row. */
export function listViewCsv(rows: readonly ContractListRow[], view: ContractView, listType?: ListType): string {
  const columns: readonly ListColumn[] = viewColumns(view, listType);
  return toCsv([columns.map((c) => LIST_COLUMN_LABELS[c]), ...rows.map((row) => columns.map((c) => row[c]))]);
}

/** A download name: 'contracts-delinquent-2026-05-04.csv', 'deliveries-2026-05-04.csv'. */
export function listCsvFileName(view: ContractView, listType: ListType, today: string): string {
  const list = listType === 'deliveries' ? 'deliveries' : 'contracts';
  return view === 'default' ? `${list}-${today}.csv` : `${list}-${view.replaceAll('_', '-')}-${today}.csv`;
}
