// Prices as the grain trade writes them (DESIGN.md convention 10, issue 13): one formatter and one parser for
// futures, cash, basis and change, used by every page, e-mail, PDF and CSV. Values are dollars per unit (the API's
// decimal strings); the notation only changes how they are written.
//
//   futures / cash   fraction  $4.33½   (quarter-cent ticks as ¼ ½ ¾; the default, common US elevator practice)
//                    eighths   433'4    (cents and eighths of a cent, as CBOT writes it)
//                    decimal   $4.3350  (four decimals)
//   basis            cents     -45 Z    (cents per bushel against the futures month letter; the default)
//                    dollars   -$0.45 Z
//
// Per-tonne and other non-bushel prices (canola in CAD/t) keep dollars with two decimals whatever the notation.
import { MONTH_CODES } from '../bids/month-codes.ts';
import type { PriceUnit } from '../bids/instruments.ts';
import { parseDecimal, roundDecimal, shiftDecimal, type DecimalParts } from './decimal.ts';
import { formatMoney, formatNumber, type NumberValue } from './number.ts';

export const PRICE_NOTATIONS = ['fraction', 'eighths', 'decimal'] as const;
export type PriceNotation = (typeof PRICE_NOTATIONS)[number];
export const BASIS_NOTATIONS = ['cents', 'dollars'] as const;
export type BasisNotation = (typeof BASIS_NOTATIONS)[number];

export type PriceNotationSettings = { price: PriceNotation; basis: BasisNotation };
export const DEFAULT_PRICE_NOTATION: PriceNotationSettings = Object.freeze({ price: 'fraction', basis: 'cents' });
// priceNotationSettingsSchema lives in price-notation.ts: this module stays free of zod, so the light public page
// (/market, JavaScript budget ≤ 110 KB gzipped) can format prices without shipping a validator.

const UNIT_SUFFIX: Readonly<Record<PriceUnit, string>> = { bushel: 'bu', tonne: 't' };

export type PriceFormatOptions = {
  /** Default 'fraction'. */
  notation?: PriceNotation;
  /** Default 'usd'. */
  currency?: string;
  /** Default 'bushel' (the notations apply); per tonne is dollars with two decimals. */
  unit?: PriceUnit;
  /** Append the unit: '$4.33½/bu', '$612.50/t'. Default false (the column header names it). */
  showUnit?: boolean;
};

const FRACTIONS: Readonly<Record<string, string>> = { '25': '¼', '5': '½', '75': '¾' };

function decimalOf(value: NumberValue): DecimalParts | null {
  if (value === null || value === undefined || value === '') return null;
  return parseDecimal(value);
}

function sign(d: DecimalParts): string {
  return d.negative ? '-' : '';
}

/** Cents of a dollar value split into whole cents and the quarter sign ('' when whole), or null off the quarter grid. */
function quarterCents(d: DecimalParts): { whole: string; fraction: string } | null {
  const cents = shiftDecimal({ ...d, negative: false }, 2);
  if (cents.frac === '') return { whole: cents.int, fraction: '' };
  const fraction = FRACTIONS[cents.frac];
  return fraction === undefined ? null : { whole: cents.int, fraction };
}

/** Cents and eighths of a cent ("433'4"), or null when the value is not on the eighth grid. */
function eighthCents(d: DecimalParts): string | null {
  const cents = shiftDecimal({ ...d, negative: false }, 2);
  const eighths = Number(`0.${cents.frac || '0'}`) * 8;
  if (Math.abs(eighths - Math.round(eighths)) > 1e-9) return null;
  return `${cents.int}'${Math.round(eighths)}`;
}

function partsText(d: DecimalParts): string {
  return `${sign(d)}${d.int}${d.frac === '' ? '' : `.${d.frac}`}`;
}

function withUnit(text: string, opts: PriceFormatOptions): string {
  return opts.showUnit ? `${text}/${UNIT_SUFFIX[opts.unit ?? 'bushel']}` : text;
}

function decimalPrice(d: DecimalParts, currency: string): string {
  return formatMoney(partsText(d), { currency, minFractionDigits: 4, maxFractionDigits: 4 });
}

/**
 * A futures or cash price: formatPrice('4.335') → '$4.33½'; ('4.335', {notation: 'eighths'}) → "433'4";
 * ('4.335', {notation: 'decimal'}) → '$4.3350'; ('612.5', {unit: 'tonne', currency: 'cad'}) → '$612.50'.
 * A bushel price off the quarter-cent grid (an average) is written with four decimals in the fraction notation
 * and off the eighth grid in the eighths notation. Missing or unreadable values give ''.
 */
export function formatPrice(value: NumberValue, opts: PriceFormatOptions = {}): string {
  const d = decimalOf(value);
  if (d === null) return '';
  const currency = opts.currency ?? 'usd';
  if ((opts.unit ?? 'bushel') !== 'bushel') return withUnit(formatMoney(value, { currency }), opts);
  const notation = opts.notation ?? 'fraction';
  if (notation === 'eighths') {
    const fine = roundDecimal(d, 5, 'round');
    const eighths = eighthCents(fine);
    if (eighths !== null) return withUnit(`${sign(fine)}${eighths}`, opts);
  }
  const rounded = roundDecimal(d, 4, 'round');
  if (notation === 'fraction') {
    const q = quarterCents(rounded);
    if (q !== null) {
      const dollars = shiftDecimal({ negative: false, int: q.whole, frac: '' }, -2);
      const money = formatMoney(partsText(dollars), { currency });
      return withUnit(`${sign(rounded)}${money}${q.fraction}`, opts);
    }
  }
  return withUnit(decimalPrice(rounded, currency), opts);
}

/** The futures month letter of 'Z', 'Z26', 'ZCZ26' or an option month '2026-12'; '' when there is none. */
export function futuresMonthLetter(month: string | null | undefined): string {
  if (!month) return '';
  const option = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (option) return MONTH_CODES[Number(option[2]) - 1] ?? '';
  const symbol = /([FGHJKMNQUVXZ])\d{0,2}$/.exec(month.trim().toUpperCase());
  return symbol?.[1] ?? '';
}

export type BasisFormatOptions = {
  /** Default 'cents'. */
  notation?: BasisNotation;
  /** The futures month the basis is against: a letter, a symbol or 'YYYY-MM'. */
  month?: string | null;
  currency?: string;
  unit?: PriceUnit;
};

function centsText(d: DecimalParts): string {
  const q = quarterCents(d);
  if (q !== null) return q.whole === '0' && q.fraction !== '' ? q.fraction : `${q.whole}${q.fraction}`;
  return formatNumber(partsText(shiftDecimal({ ...d, negative: false }, 2)), { maxFractionDigits: 2 });
}

/**
 * A basis: formatBasis('-0.45', {month: 'Z'}) → '-45 Z'; ('0.125', {month: '2027-03'}) → '+12½ H';
 * ('-0.45', {notation: 'dollars', month: 'Z'}) → '-$0.45 Z'; zero → '0 Z'. A per-tonne basis is in dollars.
 */
export function formatBasis(value: NumberValue, opts: BasisFormatOptions = {}): string {
  const d = decimalOf(value);
  if (d === null) return '';
  const rounded = roundDecimal(d, 4, 'round');
  const letter = futuresMonthLetter(opts.month);
  const suffix = letter ? ` ${letter}` : '';
  const perBushel = (opts.unit ?? 'bushel') === 'bushel';
  if ((opts.notation ?? 'cents') === 'dollars' || !perBushel) {
    const money = formatMoney(value, { currency: opts.currency, minFractionDigits: 2, maxFractionDigits: 4 });
    return `${rounded.negative || isZero(rounded) ? '' : '+'}${money}${suffix}`;
  }
  const signText = rounded.negative ? '-' : isZero(rounded) ? '' : '+';
  return `${signText}${centsText(rounded)}${suffix}`;
}

function isZero(d: DecimalParts): boolean {
  return d.int === '0' && d.frac === '';
}

/** A basis in words: '45 under Z', '12½ over H', 'even Z'. */
export function describeBasis(value: NumberValue, month?: string | null): string {
  const d = decimalOf(value);
  if (d === null) return '';
  const rounded = roundDecimal(d, 4, 'round');
  const letter = futuresMonthLetter(month);
  const suffix = letter ? ` ${letter}` : '';
  if (isZero(rounded)) return `even${suffix}`;
  return `${centsText(rounded)} ${rounded.negative ? 'under' : 'over'}${suffix}`;
}

/**
 * A price change, always signed: in cents for bushel prices ('+3½', '-1¼', "+3'4" in eighths), four decimals in the
 * decimal notation ('+0.0350'), dollars with two decimals per tonne ('+1.20'). Zero is 'unch' (unchanged).
 */
export function formatPriceChange(value: NumberValue, opts: PriceFormatOptions = {}): string {
  const d = decimalOf(value);
  if (d === null) return '';
  const rounded = roundDecimal(d, 5, 'round');
  if (isZero(roundDecimal(rounded, 4, 'round'))) return 'unch';
  const signText = rounded.negative ? '-' : '+';
  const abs = { ...rounded, negative: false };
  const absText = partsText(abs);
  if ((opts.unit ?? 'bushel') !== 'bushel') return `${signText}${formatNumber(absText, { minFractionDigits: 2 })}`;
  const notation = opts.notation ?? 'fraction';
  if (notation === 'decimal') {
    return `${signText}${formatNumber(absText, { minFractionDigits: 4, maxFractionDigits: 4 })}`;
  }
  if (notation === 'eighths') {
    const eighths = eighthCents(abs);
    if (eighths !== null) return `${signText}${eighths}`;
  }
  return `${signText}${centsText(roundDecimal(abs, 4, 'round'))}`;
}
