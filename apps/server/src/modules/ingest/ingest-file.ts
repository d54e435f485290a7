// What a file is, from its first bytes (issue 15, docs/decisions/046): its encoding (UTF-8 with or without BOM, UTF-16
// with BOM, else Windows-1252), whether it is text at all, its delimiter and its header and first rows. The upload
// refuses a file here before any row is written; the preview and the job read with the same decoder and parser.

import { parse as parseSync } from 'csv-parse/sync';
import { AppError } from '../../platform/errors.ts';

export type IngestEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The first bytes of files that are surely not CSV: PDF, ZIP (an Excel workbook), PNG, JPEG, GZIP, old Excel. */
const SIGNATURES: readonly number[][] = [
  [0x25, 0x50, 0x44, 0x46],
  [0x50, 0x4b, 0x03, 0x04],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x1f, 0x8b],
  [0xd0, 0xcf, 0x11, 0xe0],
];

const startsWith = (buf: Buffer, sig: readonly number[]) => sig.every((b, i) => buf[i] === b);

/** The encoding of a file from its first bytes; refuses binary files and text of no encoding we read. */
function sniffEncoding(first: Buffer): IngestEncoding {
  if (SIGNATURES.some((s) => startsWith(first, s)))
    throw new AppError('ingest_not_csv', 'The file is not a CSV file (an Excel workbook? Save it as CSV).');
  if (startsWith(first, [0xef, 0xbb, 0xbf])) return checkedUtf8(first.subarray(3), 'utf-8-bom');
  if (startsWith(first, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(first, [0xfe, 0xff])) return 'utf-16be';
  if (first.includes(0)) throw new AppError('ingest_wrong_encoding');
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(first, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

function checkedUtf8(bytes: Buffer, encoding: IngestEncoding): IngestEncoding {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return encoding;
  } catch {
    throw new AppError('ingest_wrong_encoding', 'The file says it is UTF-8 but is not.');
  }
}

/** A streaming decoder of the encoding: BOM dropped, a character split between chunks kept for the next. */
export function decoderOf(encoding: IngestEncoding): InstanceType<typeof TextDecoder> {
  const label = encoding === 'utf-8-bom' ? 'utf-8' : encoding;
  return new TextDecoder(label, { ignoreBOM: false });
}

/** Whether a later chunk of a file taken as text still looks like text (no NUL bytes in an 8-bit encoding). */
export function chunkLooksLikeText(encoding: IngestEncoding, chunk: Buffer): boolean {
  return encoding === 'utf-16le' || encoding === 'utf-16be' || !chunk.includes(0);
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter of a header line: the candidate seen most often outside quotes. */
function sniffDelimiter(headerLine: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best: string = ',';
  let most = 0;
  for (const [d, n] of counts)
    if (n > most) {
      best = d;
      most = n;
    }
  return best;
}

type FileHead = {
  encoding: IngestEncoding;
  delimiter: string;
  headers: string[];
  /** The first rows after the header (the preview's sample), with their line numbers. */
  rows: { line: number; cells: string[] }[];
};

/**
 * Reads the head of a file (its first bytes, possibly cut mid-row): encoding, delimiter, header and up to `maxRows`
 * rows. Refuses an empty file, one with no header, or one that is not CSV (a single column, or text the CSV parser
 * cannot read).
 */
export function readHead(first: Buffer, maxRows: number, complete: boolean): FileHead {
  if (first.length === 0) throw new AppError('ingest_empty_file');
  const encoding = sniffEncoding(first);
  let text = decoderOf(encoding).decode(first, { stream: !complete });
  if (!complete) {
    // Cut at the last line break so that a row cut short is not read as a row.
    const cut = text.lastIndexOf('\n');
    text = cut >= 0 ? text.slice(0, cut + 1) : text;
  }
  if (text.trim() === '') throw new AppError('ingest_empty_file');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = sniffDelimiter(firstLine);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseSync(text, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: maxRows + 1,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw new AppError('ingest_not_csv', 'The file could not be read as CSV.');
  }
  const header = records[0];
  if (!header) throw new AppError('ingest_empty_file');
  const headers = header.record.map((h) => h.trim());
  if (headers.length < 2) throw new AppError('ingest_not_csv', 'The file has one column: it is not a CSV file.');
  return {
    encoding,
    delimiter,
    headers,
    rows: records.slice(1).map((r) => ({ line: r.info.lines, cells: r.record })),
  };
}

/** The header a mapping needs that the file lacks, if any (compared trimmed, case-insensitive). */
export function missingHeaders(headers: readonly string[], columns: Readonly<Record<string, string>>): string[] {
  const have = new Set(headers.map((h) => h.trim().toLowerCase()));
  return Object.values(columns).filter((h) => !have.has(h.trim().toLowerCase()));
}

/** field → index of its column in the header (case-insensitive), for the mapped fields the header has. */
export function columnIndexes(
  headers: readonly string[],
  columns: Readonly<Record<string, string>>,
): Map<string, number> {
  const byName = new Map<string, number>();
  headers.forEach((h, i) => {
    const k = h.trim().toLowerCase();
    if (!byName.has(k)) byName.set(k, i);
  });
  const out = new Map<string, number>();
  for (const [field, header] of Object.entries(columns)) {
    const i = byName.get(header.trim().toLowerCase());
    if (i !== undefined) out.set(field, i);
  }
  return out;
}
