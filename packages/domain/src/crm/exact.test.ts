import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import {
  addDays,
  daysBetween,
  decimalString,
  isDecimalString,
  isIsoDate,
  isoDateInZone,
  roundedString,
  toDecimal,
  toDecimalOrNull,
} from './exact.ts';

describe('decimal strings', () => {
  it('accepts plain decimals and refuses floats, exponents, grouping and junk', () => {
    expect(isDecimalString('-0.3500')).toBe(true);
    expect(isDecimalString('5000')).toBe(true);
    for (const bad of ['1e3', '1,000', '', ' 1', '.5', '5.', '+1', 'NaN', 'Infinity', '0x10'])
      expect(isDecimalString(bad)).toBe(false);
    expect(() => toDecimal(0.1)).toThrow(TypeError);
    expect(() => toDecimal('1e3')).toThrow(TypeError);
    expect(toDecimal(5000).toFixed()).toBe('5000');
    expect(toDecimalOrNull(null)).toBeNull();
  });

  it('adds exactly where binary floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(decimalString(toDecimal('0.1').plus(toDecimal('0.2')))).toBe('0.3');
  });

  it('prints plain notation without trailing zeros or -0', () => {
    expect(decimalString(toDecimal('100.5000'))).toBe('100.5');
    expect(decimalString(toDecimal('-0.0000'))).toBe('0');
    expect(decimalString(toDecimal('0.00000001'))).toBe('0.00000001');
    expect(decimalString(toDecimal('123456789012345678.1234'))).toBe('123456789012345678.1234');
  });

  it('rounds half away from zero', () => {
    expect(roundedString(toDecimal('2.34565'), 4)).toBe('2.3457');
    expect(roundedString(toDecimal('-2.34565'), 4)).toBe('-2.3457');
    expect(roundedString(toDecimal('2.34564'), 4)).toBe('2.3456');
  });

  it('leaves the global Decimal configuration alone', () => {
    expect(Decimal.precision).toBe(20);
    expect(Decimal.rounding).toBe(Decimal.ROUND_HALF_UP);
  });
});

describe('calendar days', () => {
  it('knows real days', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-5-1')).toBe(false);
    expect(isIsoDate(20260501)).toBe(false);
  });

  it('counts whole days across month ends, leap days and DST changes', () => {
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2); // US DST starts 2026-03-08
    expect(daysBetween('2026-03-09', '2026-03-07')).toBe(-2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => daysBetween('2026-02-30', '2026-03-01')).toThrow(TypeError);
  });

  it("gives the market's calendar day, not UTC's", () => {
    const lateEvening = new Date('2026-05-16T03:30:00Z'); // 22:30 on the 15th in Chicago
    expect(isoDateInZone(lateEvening, 'America/Chicago')).toBe('2026-05-15');
    expect(isoDateInZone(lateEvening, 'UTC')).toBe('2026-05-16');
    expect(isoDateInZone(lateEvening, 'Australia/Sydney')).toBe('2026-05-16');
  });
});
