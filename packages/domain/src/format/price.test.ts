import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE_NOTATION,
  describeBasis,
  formatBasis,
  formatPrice,
  formatPriceChange,
  futuresMonthLetter,
} from './price.ts';
import { priceNotationSettingsSchema } from './price-notation.ts';
import { parseBasis, parsePrice } from './price-parse.ts';

describe('formatPrice', () => {
  it('writes quarter-cent ticks as fractions by default', () => {
    expect(formatPrice('4.335')).toBe('$4.33½');
    expect(formatPrice('4.3325')).toBe('$4.33¼');
    expect(formatPrice('4.3375')).toBe('$4.33¾');
    expect(formatPrice('4.30')).toBe('$4.30');
    expect(formatPrice(4)).toBe('$4.00');
    expect(formatPrice('-0.0025')).toBe('-$0.00¼');
  });

  it('falls back to four decimals off the quarter-cent grid (averages)', () => {
    expect(formatPrice('4.2837')).toBe('$4.2837');
    expect(formatPrice('4.28374')).toBe('$4.2837');
  });

  it('writes CBOT eighths', () => {
    expect(formatPrice('4.335', { notation: 'eighths' })).toBe("433'4");
    expect(formatPrice('4.3325', { notation: 'eighths' })).toBe("433'2");
    expect(formatPrice('4.33125', { notation: 'eighths' })).toBe("433'1");
    expect(formatPrice('4.33', { notation: 'eighths' })).toBe("433'0");
    expect(formatPrice('4.2837', { notation: 'eighths' })).toBe('$4.2837');
  });

  it('writes four decimals', () => {
    expect(formatPrice('4.335', { notation: 'decimal' })).toBe('$4.3350');
    expect(formatPrice('12.5', { notation: 'decimal' })).toBe('$12.5000');
  });

  it('keeps per-tonne prices in dollars with two decimals, and can name the unit', () => {
    expect(formatPrice('612.5', { unit: 'tonne', currency: 'cad' })).toBe('$612.50');
    expect(formatPrice('612.5', { unit: 'tonne', currency: 'cad', showUnit: true })).toBe('$612.50/t');
    expect(formatPrice('4.335', { showUnit: true })).toBe('$4.33½/bu');
    expect(formatPrice('1234.5', { unit: 'tonne' })).toBe('$1,234.50');
  });

  it('gives nothing for a missing or unreadable value', () => {
    expect(formatPrice(null)).toBe('');
    expect(formatPrice('')).toBe('');
    expect(formatPrice('abc')).toBe('');
  });
});

describe('formatBasis', () => {
  it('quotes cents against the futures month by default', () => {
    expect(formatBasis('-0.45', { month: 'Z' })).toBe('-45 Z');
    expect(formatBasis('0.12', { month: '2027-03' })).toBe('+12 H');
    expect(formatBasis('-0.125', { month: 'ZCN27' })).toBe('-12½ N');
    expect(formatBasis('0', { month: 'Z' })).toBe('0 Z');
    expect(formatBasis('-0.4500')).toBe('-45');
    expect(formatBasis('-1.333')).toBe('-133.3');
  });

  it('quotes dollars when the partner chose dollars, and per tonne always', () => {
    expect(formatBasis('-0.45', { notation: 'dollars', month: 'Z' })).toBe('-$0.45 Z');
    expect(formatBasis('0.0825', { notation: 'dollars' })).toBe('+$0.0825');
    expect(formatBasis('-25', { unit: 'tonne', currency: 'cad', month: 'X' })).toBe('-$25.00 X');
  });

  it('says it in words', () => {
    expect(describeBasis('-0.45', 'Z')).toBe('45 under Z');
    expect(describeBasis('0.125', 'H')).toBe('12½ over H');
    expect(describeBasis('0')).toBe('even');
  });

  it('finds the month letter of a letter, a symbol or an option month', () => {
    expect(futuresMonthLetter('z')).toBe('Z');
    expect(futuresMonthLetter('ZCZ26')).toBe('Z');
    expect(futuresMonthLetter('2026-07')).toBe('N');
    expect(futuresMonthLetter(null)).toBe('');
  });
});

describe('formatPriceChange', () => {
  it('is signed cents with fractions for bushel prices', () => {
    expect(formatPriceChange('0.035')).toBe('+3½');
    expect(formatPriceChange('-0.0125')).toBe('-1¼');
    expect(formatPriceChange('0.0075')).toBe('+¾');
    expect(formatPriceChange('0')).toBe('unch');
  });

  it('follows the notation', () => {
    expect(formatPriceChange('0.035', { notation: 'eighths' })).toBe("+3'4");
    expect(formatPriceChange('0.035', { notation: 'decimal' })).toBe('+0.0350');
    expect(formatPriceChange('-1.2', { unit: 'tonne' })).toBe('-1.20');
  });
});

describe('parseBasis', () => {
  it('reads cents the way the trade types them', () => {
    expect(parseBasis('-45')).toEqual({ ok: true, value: '-0.4500', cents: -45, month: null });
    expect(parseBasis('+12')).toEqual({ ok: true, value: '0.1200', cents: 12, month: null });
    expect(parseBasis('45 under')).toEqual({ ok: true, value: '-0.4500', cents: -45, month: null });
    expect(parseBasis('12 over H')).toEqual({ ok: true, value: '0.1200', cents: 12, month: 'H' });
    expect(parseBasis('-45 Z')).toEqual({ ok: true, value: '-0.4500', cents: -45, month: 'Z' });
    expect(parseBasis('-45z')).toEqual({ ok: true, value: '-0.4500', cents: -45, month: 'Z' });
    expect(parseBasis('45 under Dec')).toEqual({ ok: true, value: '-0.4500', cents: -45, month: 'Z' });
    expect(parseBasis('-12½')).toEqual({ ok: true, value: '-0.1250', cents: -12.5, month: null });
    expect(parseBasis('-12.25')).toEqual({ ok: true, value: '-0.1225', cents: -12.25, month: null });
    expect(parseBasis('0')).toEqual({ ok: true, value: '0.0000', cents: 0, month: null });
  });

  it('reads dollars when a $ says so, when the partner quotes dollars, or for a sub-dollar amount', () => {
    expect(parseBasis('-$0.45')).toEqual({ ok: true, value: '-0.4500', cents: -45, month: null });
    expect(parseBasis('-0.45')).toEqual({ ok: true, value: '-0.4500', cents: -45, month: null });
    expect(parseBasis('-1.20', { notation: 'dollars' })).toEqual({
      ok: true,
      value: '-1.2000',
      cents: -120,
      month: null,
    });
  });

  it('keeps the ±500 cents bound', () => {
    expect(parseBasis('-500')).toMatchObject({ ok: true, cents: -500 });
    expect(parseBasis('501')).toEqual({ ok: false, reason: 'out_of_range' });
    expect(parseBasis('-45', { notation: 'dollars' })).toEqual({ ok: false, reason: 'out_of_range' });
  });

  it('refuses what is not a basis', () => {
    expect(parseBasis('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseBasis('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseBasis('-45 under')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseBasis('-45 Q7')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseBasis('-45 A')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseBasis('-12.125')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('reads back what formatBasis writes', () => {
    for (const value of ['-0.4500', '0.1200', '-0.1250', '0.0000', '-1.3300']) {
      const parsed = parseBasis(formatBasis(value, { month: 'Z' }));
      expect(parsed).toMatchObject({ ok: true, value, month: 'Z' });
    }
  });
});

describe('parsePrice', () => {
  it('reads every notation', () => {
    expect(parsePrice('4.3350')).toBe('4.3350');
    expect(parsePrice('$4.33½')).toBe('4.3350');
    expect(parsePrice('4.33 1/4')).toBe('4.3325');
    expect(parsePrice("433'4")).toBe('4.3350');
    expect(parsePrice("433'1")).toBe('4.33125');
    expect(parsePrice('$1,234.50')).toBe('1234.5000');
    expect(parsePrice('-0.05')).toBe('-0.0500');
  });

  it('refuses what is not a price', () => {
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('4.3½')).toBeNull();
    expect(parsePrice("433'9")).toBeNull();
    expect(parsePrice('four')).toBeNull();
  });

  it('reads back what formatPrice writes', () => {
    for (const notation of ['fraction', 'eighths', 'decimal'] as const) {
      for (const value of ['4.3350', '4.3325', '4.3000', '12.0075']) {
        expect(parsePrice(formatPrice(value, { notation }))).toBe(value);
      }
    }
  });
});

describe('notation settings', () => {
  it('default to cents basis and fraction prices, and validate', () => {
    expect(DEFAULT_PRICE_NOTATION).toEqual({ price: 'fraction', basis: 'cents' });
    expect(priceNotationSettingsSchema.safeParse({ price: 'eighths', basis: 'dollars' }).success).toBe(true);
    expect(priceNotationSettingsSchema.safeParse({ price: 'sixteenths', basis: 'cents' }).success).toBe(false);
  });
});
