// Exact decimal and calendar-date helpers for the CRM rules. Money, prices and quantities are decimal
// strings (PostgreSQL numeric as drivers return it) and all arithmetic is done with decimal.js, never
// with binary floats. Dates are ISO calendar days ('YYYY-MM-DD'), compared and counted without time zones.

import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * A private Decimal constructor: 40 significant digits (numeric(18,4) × numeric(12,4) needs 34) and
 * ROUND_HALF_UP, which in decimal.js rounds half away from zero, as the display formatting does. A
 * clone leaves the global Decimal configuration of other code untouched.
 */
export const CrmDecimal = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
export type CrmDecimal = InstanceType<typeof CrmDecimal>;

/** Prices (futures, basis, cash, averages) are kept to 4 decimals, the scale of the price columns. */
export const PRICE_SCALE = 4;
/** Quantities are kept to 4 decimals, the scale of the quantity columns. */
export const QUANTITY_SCALE = 4;

/** A plain decimal number as text: optional '-', digits, optional fraction. No exponent, no grouping. */
export const DECIMAL_STRING_PATTERN = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 60 && DECIMAL_STRING_PATTERN.test(value);
}

export const DECIMAL_STRING_MESSAGE = 'Expected a decimal number as a string';

/**
 * zod: a decimal string such as '5000', '-0.3500' or '4.1275' (what the API sends for numeric columns) — the one
 * schema for every numeric string that toDecimal parses, in requests and responses alike; for bounds and scale
 * build on it with decimalInSchema().
 *
 * A value that is not such a string stops here (both checks abort): zod 4 otherwise runs the refinements chained
 * after a failed check, and an object's own refinements, with the refused value, where toDecimal('') or
 * toDecimal('abc') throws — a 500 instead of the 400 the request deserves.
 */
export const decimalStringSchema = decimalStringSchemaSaying(DECIMAL_STRING_MESSAGE);

function decimalStringSchemaSaying(message: string) {
  return z
    .string()
    .max(60, { error: message, abort: true })
    .regex(DECIMAL_STRING_PATTERN, { error: message, abort: true });
}

export type DecimalBounds = {
  /** The least value allowed (a decimal string), inclusive unless minExclusive. */
  min?: string;
  minExclusive?: boolean;
  /** The greatest value allowed (a decimal string), inclusive. */
  max?: string;
  /** At most this many decimals. */
  scale?: number;
  /** Zero is refused (a move, a change). */
  nonZero?: boolean;
  /** The messages of a refused value, when the defaults ('Must be at least 0', 'At most 4 decimals', …) won't do. */
  messages?: { notANumber?: string; min?: string; max?: string; scale?: string; nonZero?: string };
};

/**
 * zod: a decimal string (decimalStringSchema, so a non-number is a 400 and never reaches toDecimal) within
 * bounds: decimalInSchema({ min: '0', minExclusive: true, max: '999999999', scale: 4 }).
 */
export function decimalInSchema(bounds: DecimalBounds) {
  const { min, max, scale, nonZero, minExclusive = false, messages = {} } = bounds;
  const minDec = min === undefined ? null : toDecimal(min);
  const maxDec = max === undefined ? null : toDecimal(max);
  const base = messages.notANumber ? decimalStringSchemaSaying(messages.notANumber) : decimalStringSchema;
  return base.superRefine((v, ctx) => {
    const d = toDecimal(v);
    if (scale !== undefined && d.decimalPlaces() > scale) {
      ctx.addIssue({ code: 'custom', message: messages.scale ?? `At most ${scale} decimals` });
    }
    if (nonZero && d.isZero()) ctx.addIssue({ code: 'custom', message: messages.nonZero ?? 'Must not be zero' });
    if (minDec && (minExclusive ? d.lte(minDec) : d.lt(minDec))) {
      ctx.addIssue({
        code: 'custom',
        message: messages.min ?? (minExclusive ? `Must be above ${min}` : `Must be at least ${min}`),
      });
    }
    if (maxDec && d.gt(maxDec)) ctx.addIssue({ code: 'custom', message: messages.max ?? `At most ${max}` });
  });
}

/** A decimal string or a safe integer; anything else (floats included) is refused. */
export function toDecimal(value: string | number | CrmDecimal): CrmDecimal {
  if (value instanceof CrmDecimal) return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`Not an exact number: ${value} (pass a decimal string)`);
    return new CrmDecimal(value);
  }
  if (!isDecimalString(value)) throw new TypeError(`Not a decimal string: ${JSON.stringify(value)}`);
  return new CrmDecimal(value);
}

/** null/undefined stay null; anything else as toDecimal. */
export function toDecimalOrNull(value: string | number | null | undefined): CrmDecimal | null {
  return value === null || value === undefined ? null : toDecimal(value);
}

/** Plain notation, no exponent, trailing zeros dropped ('100.5000' → '100.5'); never '-0'. */
export function decimalString(d: CrmDecimal): string {
  return d.isZero() ? '0' : d.toFixed();
}

/** Rounded half away from zero to `places` decimals, then as decimalString. */
export function roundedString(d: CrmDecimal, places: number): string {
  return decimalString(d.toDecimalPlaces(places, CrmDecimal.ROUND_HALF_UP));
}

export function maxDecimal(a: CrmDecimal, b: CrmDecimal): CrmDecimal {
  return a.greaterThanOrEqualTo(b) ? a : b;
}

export function minDecimal(a: CrmDecimal, b: CrmDecimal): CrmDecimal {
  return a.lessThanOrEqualTo(b) ? a : b;
}

// ---------------------------------------------------------------------------------------------------
// Calendar days

export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** A real calendar day written 'YYYY-MM-DD' ('2026-02-30' is not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

export const isoDateSchema = z.string().refine(isIsoDate, 'Expected a date as YYYY-MM-DD');

function dayNumber(date: string): number {
  if (!isIsoDate(date)) throw new TypeError(`Not a date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  const m = ISO_DATE_PATTERN.exec(date)!;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY;
}

/** Whole days from `from` to `to` ('2026-01-01' → '2026-01-31' is 30); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The calendar day `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + Math.trunc(days)) * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * Today's calendar day in an IANA time zone (the market's), for the view rules: a contract's delivery
 * window ends at the end of the market's day, not at UTC midnight.
 */
export function isoDateInZone(now: Date, timeZone: string): string {
  // One formatter per zone: building an Intl.DateTimeFormat costs ~0.3 ms, and every CRM call asks for 'today'.
  let format = DAY_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    DAY_FORMATS.set(timeZone, format);
  }
  let year = '';
  let month = '';
  let day = '';
  for (const p of format.formatToParts(now)) {
    if (p.type === 'year') year = p.value;
    else if (p.type === 'month') month = p.value;
    else if (p.type === 'day') day = p.value;
  }
  return `${year}-${month}-${day}`;
}

const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();
