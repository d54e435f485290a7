import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatCents,
  formatCompact,
  formatMoney,
  formatNumber,
  limitFractionDigits,
} from './number.ts';

describe('formatNumber', () => {
  it('groups thousands with "," and uses "." for decimals, at most 2 fraction digits', () => {
    expect(formatNumber(1234.567)).toBe('1,234.57');
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
  });

  it('shows empty, null and undefined as 0', () => {
    expect(formatNumber('')).toBe('0');
    expect(formatNumber(null)).toBe('0');
    expect(formatNumber(undefined)).toBe('0');
    expect(formatNumber(0)).toBe('0');
  });

  it('shows text that is not a number, NaN and Infinity as 0', () => {
    expect(formatNumber('abc')).toBe('0');
    expect(formatNumber(NaN)).toBe('0');
    expect(formatNumber(Infinity)).toBe('0');
  });

  it('formats negatives with "-"', () => {
    expect(formatNumber(-1234.567)).toBe('-1,234.57');
    expect(formatNumber(-0.5)).toBe('-0.5');
    expect(formatNumber('-1000000')).toBe('-1,000,000');
  });

  it('never shows "-0"', () => {
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(-0.009, { method: 'cut' })).toBe('0');
  });

  it('drops trailing zeros down to minFractionDigits, and pads up to it', () => {
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber(1.5, { minFractionDigits: 2 })).toBe('1.50');
    expect(formatNumber(2, { minFractionDigits: 3, maxFractionDigits: 4 })).toBe('2.000');
    expect(formatNumber(1.23456, { minFractionDigits: 2, maxFractionDigits: 4 })).toBe('1.2346');
  });

  it('lets minFractionDigits win over a smaller maxFractionDigits', () => {
    expect(formatNumber(1.23456, { minFractionDigits: 3, maxFractionDigits: 1 })).toBe('1.235');
  });

  it('rounds half away from zero on the decimal digits (1.005 → 1.01, not 1.00)', () => {
    expect(formatNumber(1.005)).toBe('1.01');
    expect(formatNumber(-1.005)).toBe('-1.01');
    expect(formatNumber(2.675)).toBe('2.68');
    expect(formatNumber(0.125, { maxFractionDigits: 2 })).toBe('0.13');
    expect(formatNumber(1234.5, { maxFractionDigits: 0 })).toBe('1,235');
    expect(formatNumber(-1234.5, { maxFractionDigits: 0 })).toBe('-1,235');
  });

  it("cuts instead of rounding with method 'cut'", () => {
    expect(formatNumber(1234.567, { method: 'cut' })).toBe('1,234.56');
    expect(formatNumber(-1234.567, { method: 'cut' })).toBe('-1,234.56');
    expect(formatNumber(9.999, { method: 'cut' })).toBe('9.99');
    expect(formatNumber(9.999, { method: 'round' })).toBe('10');
  });

  it('accepts decimal strings from the API and keeps every digit', () => {
    expect(formatNumber('1234.5')).toBe('1,234.5');
    expect(formatNumber('12345678901234567.891')).toBe('12,345,678,901,234,567.89');
    expect(formatNumber('4.2500', { minFractionDigits: 2 })).toBe('4.25');
    expect(formatNumber('1,234.5')).toBe('1,234.5');
  });

  it('handles very large and very small numbers without exponents', () => {
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatNumber(1e-7, { maxFractionDigits: 8 })).toBe('0.0000001');
  });
});

describe('formatMoney', () => {
  it('shows 2 decimals, "$" and the minus sign before the symbol', () => {
    expect(formatMoney(-1234.5)).toBe('-$1,234.50');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney('')).toBe('$0.00');
    expect(formatMoney(null)).toBe('$0.00');
  });

  it('rounds to the minimum by default (maxFractionDigits = minFractionDigits)', () => {
    expect(formatMoney(4.126)).toBe('$4.13');
    expect(formatMoney(-4.125)).toBe('-$4.13');
    expect(formatMoney(-0.004)).toBe('$0.00');
  });

  it('shows up to maxFractionDigits (e.g. 2 to 4 decimals for prices)', () => {
    expect(formatMoney(4.1234, { maxFractionDigits: 4 })).toBe('$4.1234');
    expect(formatMoney(4.1, { maxFractionDigits: 4 })).toBe('$4.10');
    expect(formatMoney(4.12345, { minFractionDigits: 3 })).toBe('$4.123');
    expect(formatMoney(5, { minFractionDigits: 0 })).toBe('$5');
  });

  it('can cut', () => {
    expect(formatMoney(4.129, { method: 'cut' })).toBe('$4.12');
  });

  it('looks the symbol up by upper-case currency code, case-insensitively', () => {
    expect(formatMoney(1, { currency: 'usd' })).toBe('$1.00');
    expect(formatMoney(1, { currency: 'CAD' })).toBe('$1.00');
    expect(formatMoney(-1, { currency: 'aud' })).toBe('-$1.00');
    expect(currencySymbol('Cad')).toBe('$');
  });

  it('shows the code for a currency without a known symbol', () => {
    expect(currencySymbol('eur')).toBeNull();
    expect(currencySymbol('toString')).toBeNull();
    expect(formatMoney(12, { currency: 'eur' })).toBe('EUR 12.00');
    expect(formatMoney(-12, { currency: 'EUR' })).toBe('-EUR 12.00');
  });
});

describe('formatCents', () => {
  it('shows cents as N¢', () => {
    expect(formatCents(12)).toBe('12¢');
    expect(formatCents(-3.5)).toBe('-3.5¢');
    expect(formatCents(0)).toBe('0¢');
    expect(formatCents(1234)).toBe('1,234¢');
    expect(formatCents(12.345)).toBe('12.35¢');
  });
});

describe('formatCompact', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1500, '1.5k'],
    [2_345_678, '2.35M'],
    [-1200, '-1.2k'],
    [1_000_000, '1M'],
    [7_250_000_000, '7.25B'],
    [3_000_000_000_000, '3T'],
    [1_500_000_000_000_000, '1,500T'],
    [0.125, '0.13'],
    [-0.001, '0'],
    [12.5, '12.5'],
  ])('%s → %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatCompact(999.999)).toBe('1k');
    expect(formatCompact(999_999)).toBe('1M');
    expect(formatCompact(-999_995_000)).toBe('-1B');
    expect(formatCompact(999_994)).toBe('999.99k');
  });

  it('honours maxFractionDigits', () => {
    expect(formatCompact(2_345_678, 0)).toBe('2M');
    expect(formatCompact(2_345_678, 1)).toBe('2.3M');
    expect(formatCompact(2_345_678, 3)).toBe('2.346M');
    expect(formatCompact(1_550, 0)).toBe('2k');
  });

  it('shows NaN as 0', () => {
    expect(formatCompact(NaN)).toBe('0');
  });
});

describe('limitFractionDigits', () => {
  it('rounds on the decimal digits', () => {
    expect(limitFractionDigits(1.005, 2, 'round')).toBe(1.01);
    expect(limitFractionDigits(-1.005, 2, 'round')).toBe(-1.01);
    expect(limitFractionDigits(1.234, 2, 'round')).toBe(1.23);
    expect(limitFractionDigits(2.5, 0, 'round')).toBe(3);
  });

  it('cuts toward zero', () => {
    expect(limitFractionDigits(1.239, 2, 'cut')).toBe(1.23);
    expect(limitFractionDigits(-1.239, 2, 'cut')).toBe(-1.23);
    expect(limitFractionDigits(2.9, 0, 'cut')).toBe(2);
  });

  it('leaves numbers with fewer digits and non-finite numbers unchanged', () => {
    expect(limitFractionDigits(1.5, 3, 'round')).toBe(1.5);
    expect(limitFractionDigits(NaN, 2, 'round')).toBeNaN();
    expect(limitFractionDigits(Infinity, 2, 'cut')).toBe(Infinity);
  });

  it('returns 0, not -0, for a negative that rounds to zero', () => {
    expect(Object.is(limitFractionDigits(-0.001, 2, 'round'), 0)).toBe(true);
  });
});
