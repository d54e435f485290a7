// Number, money, cents and compact formatting (platform.md 9.9; grain-marketing.md 9).
// Thousands separator ',', decimal separator '.', minus '-'. All formatting in the product goes through here.
import type { CurrencyCode } from '../region/countries.ts';
import {
  decimalToNumber,
  decimalToString,
  parseDecimal,
  roundDecimal,
  shiftDecimal,
  type DecimalParts,
  type RoundingMethod,
} from './decimal.ts';

export type { RoundingMethod } from './decimal.ts';

export type NumberValue = number | string | null | undefined;

export type FormatNumberOptions = {
  /** Default 2 (platform.md 9.9: at most 2 fraction digits). */
  maxFractionDigits?: number;
  /** Default 0. When larger than maxFractionDigits, it wins (the number is padded, never cut below it). */
  minFractionDigits?: number;
  /** Default 'round' (half away from zero); 'cut' truncates toward zero. */
  method?: RoundingMethod;
};

const ZERO: DecimalParts = { negative: false, int: '0', frac: '' };

// '' / null / undefined become 0 (platform.md 9.9). Text that is not a number and NaN/Infinity also
// show as 0: a grain ticket screen should never print 'NaN'.
function toDecimal(value: NumberValue): DecimalParts {
  return parseDecimal(value) ?? ZERO;
}

function fractionBounds(min: number | undefined, max: number | undefined, defMin: number, defMax: number) {
  const minDigits = Math.max(0, Math.floor(min ?? defMin));
  const maxDigits = Math.max(minDigits, Math.floor(max ?? Math.max(defMax, minDigits)));
  return { minDigits, maxDigits };
}

/** formatNumber(1234.567) → '1,234.57'; formatNumber(-0.5) → '-0.5'; formatNumber('') → '0'. */
export function formatNumber(value: NumberValue, opts: FormatNumberOptions = {}): string {
  const { minDigits, maxDigits } = fractionBounds(opts.minFractionDigits, opts.maxFractionDigits, 0, 2);
  const rounded = roundDecimal(toDecimal(value), maxDigits, opts.method ?? 'round');
  return `${rounded.negative ? '-' : ''}${decimalToString(rounded, minDigits)}`;
}

/** Currency symbols by upper-case code (platform.md 9.9). All three currencies we serve use '$'. */
export const CURRENCY_SYMBOLS: { readonly [C in CurrencyCode]: string } = { USD: '$', CAD: '$', AUD: '$' };

/** The symbol of a currency code, case-insensitive; unknown codes have none (null). */
export function currencySymbol(currency: string): string | null {
  const code = currency.trim().toUpperCase();
  return Object.hasOwn(CURRENCY_SYMBOLS, code) ? (CURRENCY_SYMBOLS[code as CurrencyCode] ?? null) : null;
}

export type FormatMoneyOptions = {
  /** Default 'usd'; case-insensitive. */
  currency?: string;
  /** Default 2. */
  minFractionDigits?: number;
  /** Default = minFractionDigits. */
  maxFractionDigits?: number;
  /** Default 'round'. */
  method?: RoundingMethod;
};

/**
 * formatMoney(-1234.5) → '-$1,234.50'. The minus sign goes before the symbol. A currency we do not
 * know has no symbol, so its code is shown instead ('EUR 12.00') rather than a misleading '$'.
 */
export function formatMoney(value: NumberValue, opts: FormatMoneyOptions = {}): string {
  const minDigits = Math.max(0, Math.floor(opts.minFractionDigits ?? 2));
  const maxDigits = Math.max(minDigits, Math.floor(opts.maxFractionDigits ?? minDigits));
  const rounded = roundDecimal(toDecimal(value), maxDigits, opts.method ?? 'round');
  const currency = opts.currency ?? 'usd';
  const symbol = currencySymbol(currency) ?? `${currency.trim().toUpperCase()} `;
  return `${rounded.negative ? '-' : ''}${symbol}${decimalToString(rounded, minDigits)}`;
}

/** Cents as N¢ (basis is quoted in cents): 12 → '12¢', -3.5 → '-3.5¢', 1234 → '1,234¢'. */
export function formatCents(value: number, opts: FormatNumberOptions = {}): string {
  return `${formatNumber(value, opts)}¢`;
}

export const COMPACT_SUFFIXES = ['', 'k', 'M', 'B', 'T'] as const;

/**
 * Compact form with suffixes k, M, B, T (powers of 1000), at most `maxFractionDigits` decimals:
 * 1500 → '1.5k', 2_345_678 → '2.35M', 999 → '999', -1200 → '-1.2k'. A value that rounds up to
 * 1000 of a unit moves to the next unit (999_999 → '1M', not '1000k'). Beyond trillions the T
 * figure is grouped ('1,500T').
 */
export function formatCompact(value: number, maxFractionDigits = 2): string {
  const d = toDecimal(value);
  const digits = Math.max(0, Math.floor(maxFractionDigits));
  const last = COMPACT_SUFFIXES.length - 1;
  let tier = d.int === '0' ? 0 : Math.min(last, Math.floor((d.int.length - 1) / 3));
  let scaled = roundDecimal(shiftDecimal(d, -3 * tier), digits, 'round');
  if (scaled.int.length > 3 && tier < last) {
    tier += 1;
    scaled = roundDecimal(shiftDecimal(d, -3 * tier), digits, 'round');
  }
  return `${scaled.negative ? '-' : ''}${decimalToString(scaled, 0)}${COMPACT_SUFFIXES[tier] ?? ''}`;
}

/**
 * limitFractionDigits(1.005, 2, 'round') → 1.01; limitFractionDigits(1.239, 2, 'cut') → 1.23.
 * Exact on the decimal digits of the value. Non-finite values are returned unchanged.
 */
export function limitFractionDigits(value: number, digits: number, method: RoundingMethod): number {
  const d = parseDecimal(value);
  if (d === null) return value;
  return decimalToNumber(roundDecimal(d, digits, method));
}
