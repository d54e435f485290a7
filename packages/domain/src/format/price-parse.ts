// Reading typed prices and bases in the grain trade's notation (decision 034): the inverse of price.ts. Apart from
// the formatter so that a page that only shows prices (the light /market, decision 018) does not carry the parsers.
import { MONTH_CODES } from '../bids/month-codes.ts';
import { parseDecimal, shiftDecimal } from './decimal.ts';
import type { BasisNotation } from './price.ts';

const FRACTION_VALUES: Readonly<Record<string, string>> = { '¼': '25', '½': '5', '¾': '75' };

export type ParsedBasis =
  | { ok: true; value: string; cents: number; month: string | null }
  | { ok: false; reason: 'empty' | 'invalid' | 'out_of_range' };

export const BASIS_INPUT_BOUND_CENTS = 500;

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthOfWord(word: string | undefined): string | null | undefined {
  if (word === undefined || word === '') return null;
  const w = word.toLowerCase();
  if (w.length === 1) return (MONTH_CODES as readonly string[]).includes(w.toUpperCase()) ? w.toUpperCase() : undefined;
  const index = MONTH_NAMES.findIndex((name) => w.startsWith(name));
  return index < 0 ? undefined : (MONTH_CODES[index] ?? undefined);
}

function fractionDigits(glyph: string | undefined): string {
  return glyph ? (FRACTION_VALUES[glyph] ?? '') : '';
}

const BASIS_RE = /^([+-])?\s*(\$)?\s*(\d+(?:\.\d*)?|\.\d+)\s*([¼½¾])?\s*(under|over|un|ov|u|o)?\s*([a-z]+)?\.?$/i;

/**
 * Reads a basis as the trade types it: '-45', '+12', '45 under', '12 over', '-45 Z', '45 under Dec', '-12½', '-$0.45'.
 * Numbers are cents in the 'cents' notation and dollars in the 'dollars' notation; a '$', or a plain '-0.45'-style
 * amount under a dollar with two or more decimals, is dollars in either (a basis of 0.45 cents is not a thing).
 * The result is dollars with four decimals, the cents, and the month letter when one was typed. Bound ±500 cents.
 */
export function parseBasis(text: string, opts: { notation?: BasisNotation } = {}): ParsedBasis {
  const input = text.trim().replace(/\s+/g, ' ');
  if (input === '') return { ok: false, reason: 'empty' };
  const m = BASIS_RE.exec(input);
  if (!m) return { ok: false, reason: 'invalid' };
  const [, signText, dollarSign, number = '', glyph, side, monthWord] = m;
  const month = monthOfWord(monthWord);
  if (month === undefined) return { ok: false, reason: 'invalid' };
  if (side && signText) return { ok: false, reason: 'invalid' };
  const looksLikeDollars = /^0?\.\d{2,4}$/.test(number) && !glyph;
  const inDollars = dollarSign !== undefined || (opts.notation ?? 'cents') === 'dollars' || looksLikeDollars;
  if (glyph && (inDollars || number.includes('.'))) return { ok: false, reason: 'invalid' };
  const amount = parseDecimal(glyph ? `${number}.${fractionDigits(glyph)}` : number);
  if (amount === null) return { ok: false, reason: 'invalid' };
  const cents = inDollars ? shiftDecimal(amount, 2) : amount;
  if (cents.frac.length > 2) return { ok: false, reason: 'invalid' };
  const negative = signText === '-' || /^u/i.test(side ?? '');
  const centsNumber = Number(`${negative ? '-' : ''}${cents.int}.${cents.frac || '0'}`);
  if (Math.abs(centsNumber) > BASIS_INPUT_BOUND_CENTS) return { ok: false, reason: 'out_of_range' };
  const dollars = shiftDecimal(cents, -2);
  const value = `${negative && centsNumber !== 0 ? '-' : ''}${dollars.int}.${dollars.frac.padEnd(4, '0')}`;
  return { ok: true, value, cents: centsNumber === 0 ? 0 : centsNumber, month };
}

/**
 * Reads a futures or cash price in any of the notations: '4.3350', '$4.33½', '4.33 1/2', "433'4" (cents and eighths),
 * '$612.50'. Returns dollars as a decimal string with four decimals, or null when it is not a price.
 */
export function parsePrice(text: string): string | null {
  const input = text.trim().replace(/,/g, '');
  const eighths = /^(-)?(\d+)'([0-7])$/.exec(input);
  if (eighths) {
    const cents = Number(eighths[2]) + Number(eighths[3]) / 8;
    return `${eighths[1] ?? ''}${(cents / 100).toFixed(5).replace(/0$/, '')}`;
  }
  const m = /^(-)?\$?\s*(\d+(?:\.\d{0,4})?|\.\d{1,4})\s*(?:([¼½¾])|(1\/4|1\/2|3\/4))?$/.exec(input);
  if (!m) return null;
  const base = parseDecimal(m[2]);
  if (base === null) return null;
  const fraction = m[3] ?? { '1/4': '¼', '1/2': '½', '3/4': '¾' }[m[4] ?? ''];
  let frac = base.frac.padEnd(4, '0');
  if (fraction) {
    const typed = m[2]?.split('.')[1] ?? '';
    if (typed.length !== 2) return null;
    frac = `${typed}${fractionDigits(fraction).padEnd(2, '0')}`;
  }
  return `${m[1] ?? ''}${base.int}.${frac}`;
}
