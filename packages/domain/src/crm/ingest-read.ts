// Reading one row of an ingested file (issue 15; crm/ingest.ts has the fields): numbers as ERPs write them, dates,
// futures months, crops of section 9, enums with the ERPs' spellings. The same rules serve the preview, the import
// and the fix of a broken record; what needs the database (an unknown client or market) is the server's.

import { findCrop } from './crops.ts';
import { toDecimal } from './exact.ts';
import { NOTE_MAX_LENGTH } from './notes.ts';
import {
  INGEST_FIELDS,
  INGEST_PROBLEM_MESSAGES,
  type IngestProblem,
  type IngestProblemCode,
  type IngestRecordType,
} from './ingest-fields.ts';

function problem(field: string | null, code: IngestProblemCode, detail?: string): IngestProblem {
  const base = INGEST_PROBLEM_MESSAGES[code];
  return { field, code, message: detail ? `${base.slice(0, -1)}: ${detail}` : base };
}

// ---------------------------------------------------------------------------------------------------
// Reading one row

/** A value as the ERP wrote it, read: text trimmed; numbers as decimal strings; dates as YYYY-MM-DD; crops as ids. */
export type IngestValue = string | number | null;
export type IngestRow = Record<string, IngestValue>;

const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

/** '1,234.50', '$4.33', '(12.5)', '-0.35', ' 7 ' → decimal string; null when not a number. */
export function parseIngestNumber(raw: string): string | null {
  let s = raw.trim().replace(/[$,\s]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.endsWith('-')) {
    negative = true;
    s = s.slice(0, -1);
  }
  if (s.startsWith('+')) s = s.slice(1);
  if (s.startsWith('.')) s = `0${s}`;
  if (s.startsWith('-.')) s = `-0${s.slice(1)}`;
  if (!NUMBER_PATTERN.test(s)) return null;
  if (negative) s = s.startsWith('-') ? s.slice(1) : `-${s}`;
  // Strip leading zeros and a trailing fraction of zeros; keep '0'.
  const neg = s.startsWith('-');
  let [int, frac] = (neg ? s.slice(1) : s).split('.') as [string, string | undefined];
  int = int.replace(/^0+(?=\d)/, '');
  frac = frac?.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return neg && body !== '0' ? `-${body}` : body;
}

function validDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || y < 1900 || y > 2200) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** '2026-05-04', '2026/5/4', '5/4/2026', '05/04/26' (month first, as US ERPs write), '20260504' → '2026-05-04'. */
export function parseIngestDate(raw: string): string | null {
  const s = raw.trim().replace(/[T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/, '');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(s);
  if (m) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return validDate(y, Number(m[1]), Number(m[2]));
  }
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}

/** '2026-12', '12/2026', 'Dec 2026', 'Z26' style codes are not guessed: → 'YYYY-MM' or null. */
export function parseIngestMonth(raw: string): string | null {
  const s = raw.trim();
  let m = /^(\d{4})[-/](\d{1,2})$/.exec(s);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return `${m[1]}-${m[2]!.padStart(2, '0')}`;
  m = /^(\d{1,2})[-/](\d{4})$/.exec(s);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 12) return `${m[2]}-${m[1]!.padStart(2, '0')}`;
  const d = parseIngestDate(s);
  return d ? d.slice(0, 7) : null;
}

const ENUM_ALIASES: Record<string, string> = {
  // contract types and directions as ERPs spell them
  priceprogram: 'pp',
  pricingprogram: 'pp',
  minimumprice: 'mp',
  minprice: 'mp',
  minimumpriceplus: 'mp_plus',
  mpplus: 'mp_plus',
  hedgetoarrive: 'hta',
  flatprice: 'flat',
  cash: 'spot',
  basiccreditsale: 'basic_cs',
  creditsale: 'basic_cs',
  buy: 'purchase',
  p: 'purchase',
  sell: 'sale',
  s: 'sale',
  canceled: 'cancelled',
  closed: 'completed',
  complete: 'completed',
  inbound: 'inbound_call',
  outbound: 'outbound_call',
  visit: 'farm_visit',
  office: 'office_visit',
};

function parseEnum(raw: string, values: readonly string[]): string | null {
  const n = raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (values.includes(n)) return n;
  const alias = ENUM_ALIASES[n.replace(/_/g, '')];
  return alias !== undefined && values.includes(alias) ? alias : null;
}

const TEXT_MAX = 10_000;

/**
 * One row of a file read by its record type's fields: `values` is field → the raw text of its mapped column (absent
 * or '' for an empty cell). Returns the read row, or the problems (every one, a field's first). Pure: an unknown
 * client or market is the server's to find.
 */
export function readIngestRow(
  recordType: IngestRecordType,
  values: Readonly<Record<string, string | undefined>>,
): { ok: true; row: IngestRow } | { ok: false; problems: IngestProblem[] } {
  const row: IngestRow = {};
  const problems: IngestProblem[] = [];
  for (const fl of INGEST_FIELDS[recordType]) {
    const raw = (values[fl.field] ?? '').trim();
    if (raw === '') {
      if (fl.required) problems.push(problem(fl.field, 'missing_value', fl.label));
      row[fl.field] = null;
      continue;
    }
    if (raw.includes('\u0000')) {
      problems.push(problem(fl.field, 'bad_value', fl.label));
      continue;
    }
    switch (fl.kind) {
      case 'text':
        row[fl.field] = raw.slice(0, fl.field === 'note' ? NOTE_MAX_LENGTH : TEXT_MAX);
        break;
      case 'int': {
        const n = parseIngestNumber(raw);
        if (n === null || !/^-?\d{1,9}$/.test(n)) problems.push(problem(fl.field, 'bad_number', `${fl.label} ${raw}`));
        else row[fl.field] = Number(n);
        break;
      }
      case 'decimal': {
        const n = parseIngestNumber(raw);
        // numeric(18,4) holds 14 integer digits.
        if (n === null || n.replace(/^-/, '').split('.')[0]!.length > 13)
          problems.push(problem(fl.field, 'bad_number', `${fl.label} ${raw}`));
        else row[fl.field] = n;
        break;
      }
      case 'date': {
        const d = parseIngestDate(raw);
        if (d === null) problems.push(problem(fl.field, 'bad_date', `${fl.label} ${raw}`));
        else row[fl.field] = d;
        break;
      }
      case 'month': {
        const m = parseIngestMonth(raw);
        if (m === null) problems.push(problem(fl.field, 'bad_date', `${fl.label} ${raw}`));
        else row[fl.field] = m;
        break;
      }
      case 'crop': {
        const c = findCrop(raw);
        if (c === null) problems.push(problem(fl.field, 'unknown_crop', raw));
        else row[fl.field] = c.id;
        break;
      }
      case 'enum': {
        const v = parseEnum(raw, fl.values ?? []);
        if (v === null) problems.push(problem(fl.field, 'bad_value', `${fl.label} ${raw}`));
        else row[fl.field] = v;
        break;
      }
    }
  }
  // Quantities are never below zero; applied bushels never exceed the quantity.
  for (const q of [
    'quantity',
    'deliveredQuantity',
    'cancelledQuantity',
    'pricedQuantity',
    'appliedQuantity',
    'weight',
  ]) {
    const v = row[q];
    if (typeof v === 'string' && v.startsWith('-')) problems.push(problem(q, 'negative_quantity', v));
  }
  const applied = recordType === 'contracts' ? row.deliveredQuantity : row.appliedQuantity;
  if (typeof applied === 'string' && typeof row.quantity === 'string' && !applied.startsWith('-')) {
    if (compareDecimalStrings(applied, row.quantity) > 0)
      problems.push(
        problem(
          recordType === 'contracts' ? 'deliveredQuantity' : 'appliedQuantity',
          'over_applied',
          `${applied} > ${row.quantity}`,
        ),
      );
  }
  if (
    recordType === 'scale_tickets' &&
    row.appliedQuantity !== null &&
    row.appliedQuantity !== undefined &&
    !row.contractExternalId
  )
    problems.push(problem('contractExternalId', 'missing_value', 'Applied to contract'));
  if (recordType === 'settlements' && problems.length === 0) {
    for (const m of ['price', 'gross', 'discounts', 'deductions', 'net']) {
      const v = row[m];
      if (typeof v === 'string' && v.startsWith('-')) problems.push(problem(m, 'negative_quantity', v));
    }
    const mismatch = settlementLineMismatch(row);
    if (mismatch) problems.push(problem('net', 'totals_mismatch', mismatch));
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, row };
}

/** A settlement line whose gross − discounts − deductions is not its net to the cent: the figures, else null. */
function settlementLineMismatch(row: IngestRow): string | null {
  const d = (v: IngestRow[string] | undefined) => toDecimal(v === null || v === undefined ? '0' : String(v));
  const gross = d(row.gross);
  const expected = gross.minus(d(row.discounts)).minus(d(row.deductions)).toDecimalPlaces(2);
  const net = d(row.net).toDecimalPlaces(2);
  return expected.equals(net)
    ? null
    : `${gross.toFixed(2)} − ${d(row.discounts).toFixed(2)} − ${d(row.deductions).toFixed(2)} ≠ ${net.toFixed(2)}`;
}

/** Compares two non-negative decimal strings. */
function compareDecimalStrings(a: string, b: string): number {
  const [ai, af = ''] = a.split('.') as [string, string?];
  const [bi, bf = ''] = b.split('.') as [string, string?];
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const x = af.padEnd(len, '0');
  const y = bf.padEnd(len, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/** A problem the server finds (an unknown client, market or contract; a duplicate id in the file). */
export function ingestProblem(field: string | null, code: IngestProblemCode, detail?: string): IngestProblem {
  return problem(field, code, detail);
}
