// Exact decimal arithmetic on digit strings for display formatting: rounding and scaling are done on
// the decimal digits, never in binary floating point, so 1.005 rounds to 1.01 and API decimal strings
// such as '12345678901234567.891' keep every digit (DESIGN.md: money and quantities are exact).

export type RoundingMethod = 'round' | 'cut';

/** A decimal number: sign, integer digits (no leading zeros, at least '0') and fraction digits. */
export type DecimalParts = { negative: boolean; int: string; frac: string };

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const MAX_EXPONENT = 400;

/**
 * Parses a number or a decimal string ('1234.5', '-0.25', '1e3', '1,234.5' with grouping commas, '.5').
 * Returns null for non-finite numbers, null/undefined, '' and anything that is not a decimal number.
 */
export function parseDecimal(value: number | string | bigint | null | undefined): DecimalParts | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value); // shortest round-trip form, possibly with an exponent
  } else if (typeof value === 'bigint') {
    text = value.toString();
  } else {
    text = value.trim().replace(/,/g, '');
  }
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const intDigits = m[2] ?? '';
  const fracDigits = m[3] ?? '';
  if (intDigits === '' && fracDigits === '') return null;
  const exponent = m[4] === undefined ? 0 : Number(m[4]);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  const digits = intDigits + fracDigits;
  const point = intDigits.length + exponent;
  let int: string;
  let frac: string;
  if (point <= 0) {
    int = '';
    frac = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    int = digits + '0'.repeat(point - digits.length);
    frac = '';
  } else {
    int = digits.slice(0, point);
    frac = digits.slice(point);
  }
  return normalize({ negative: m[1] === '-', int, frac });
}

function normalize(d: DecimalParts): DecimalParts {
  const int = d.int.replace(/^0+/, '') || '0';
  const frac = d.frac.replace(/0+$/, '');
  const zero = int === '0' && frac === '';
  return { negative: d.negative && !zero, int, frac };
}

function incrementDigits(digits: string): string {
  const out = digits.split('');
  let i = out.length - 1;
  while (i >= 0) {
    if (out[i] === '9') {
      out[i] = '0';
      i -= 1;
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return `1${out.join('')}`;
}

/**
 * Limits the fraction to `digits` places. 'round' rounds half away from zero (2.345 → 2.35,
 * -2.345 → -2.35, as people round by hand and as Intl does); 'cut' truncates toward zero.
 * Trailing zeros are dropped; a result of zero carries no minus sign.
 */
export function roundDecimal(d: DecimalParts, digits: number, method: RoundingMethod): DecimalParts {
  const places = Math.max(0, Math.floor(digits));
  if (d.frac.length <= places) return normalize(d);
  const kept = d.frac.slice(0, places);
  const next = d.frac.charCodeAt(places) - 48;
  if (method === 'round' && next >= 5) {
    const bumped = incrementDigits(d.int + kept);
    const split = bumped.length - places;
    return normalize({ negative: d.negative, int: bumped.slice(0, split), frac: bumped.slice(split) });
  }
  return normalize({ negative: d.negative, int: d.int, frac: kept });
}

/** Moves the decimal point: shiftDecimal(d, -3) divides by 1000, shiftDecimal(d, 2) multiplies by 100. */
export function shiftDecimal(d: DecimalParts, places: number): DecimalParts {
  const digits = d.int + d.frac;
  const point = d.int.length + places;
  if (point <= 0) return normalize({ negative: d.negative, int: '', frac: '0'.repeat(-point) + digits });
  if (point >= digits.length) {
    return normalize({ negative: d.negative, int: digits + '0'.repeat(point - digits.length), frac: '' });
  }
  return normalize({ negative: d.negative, int: digits.slice(0, point), frac: digits.slice(point) });
}

export function groupThousands(int: string, separator = ','): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Digits only (no sign): grouped integer, then '.' and the fraction padded to minFractionDigits. */
export function decimalToString(d: DecimalParts, minFractionDigits: number, grouping = true): string {
  const frac = d.frac.padEnd(Math.max(0, Math.floor(minFractionDigits)), '0');
  const int = grouping ? groupThousands(d.int) : d.int;
  return frac === '' ? int : `${int}.${frac}`;
}

export function decimalToNumber(d: DecimalParts): number {
  return Number(`${d.negative ? '-' : ''}${d.int}${d.frac === '' ? '' : `.${d.frac}`}`);
}
