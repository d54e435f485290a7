import { describe, expect, it } from 'vitest';
import {
  decimalToNumber,
  decimalToString,
  groupThousands,
  parseDecimal,
  roundDecimal,
  shiftDecimal,
} from './decimal.ts';

describe('parseDecimal', () => {
  it.each([
    [0, { negative: false, int: '0', frac: '' }],
    [-0, { negative: false, int: '0', frac: '' }],
    [1234.5, { negative: false, int: '1234', frac: '5' }],
    [-0.25, { negative: true, int: '0', frac: '25' }],
    [1e21, { negative: false, int: '1000000000000000000000', frac: '' }],
    [1.5e-7, { negative: false, int: '0', frac: '00000015' }],
    ['  007.500 ', { negative: false, int: '7', frac: '5' }],
    ['1,234,567.891', { negative: false, int: '1234567', frac: '891' }],
    ['+.5', { negative: false, int: '0', frac: '5' }],
    ['5.', { negative: false, int: '5', frac: '' }],
    ['-1.2E3', { negative: true, int: '1200', frac: '' }],
    ['12345678901234567.891', { negative: false, int: '12345678901234567', frac: '891' }],
    [12n, { negative: false, int: '12', frac: '' }],
  ] as const)('%s', (input, expected) => {
    expect(parseDecimal(input)).toEqual(expected);
  });

  it.each([null, undefined, '', '.', '-', 'abc', '1.2.3', '1e', NaN, Infinity, -Infinity, '1e999'])(
    '%s is not a decimal',
    (input) => {
      expect(parseDecimal(input)).toBeNull();
    },
  );
});

describe('roundDecimal', () => {
  const d = (s: string) => parseDecimal(s)!;
  it('rounds half away from zero', () => {
    expect(decimalToNumber(roundDecimal(d('2.345'), 2, 'round'))).toBe(2.35);
    expect(decimalToNumber(roundDecimal(d('-2.345'), 2, 'round'))).toBe(-2.35);
    expect(decimalToNumber(roundDecimal(d('2.344'), 2, 'round'))).toBe(2.34);
  });
  it('carries through nines into a new integer digit', () => {
    expect(roundDecimal(d('999.995'), 2, 'round')).toEqual({ negative: false, int: '1000', frac: '' });
    expect(roundDecimal(d('0.96'), 0, 'round')).toEqual({ negative: false, int: '1', frac: '' });
  });
  it('cuts toward zero', () => {
    expect(roundDecimal(d('-2.349'), 2, 'cut')).toEqual({ negative: true, int: '2', frac: '34' });
  });
  it('drops the sign of a result that is zero', () => {
    expect(roundDecimal(d('-0.004'), 2, 'round')).toEqual({ negative: false, int: '0', frac: '' });
    expect(roundDecimal(d('-0.009'), 2, 'cut')).toEqual({ negative: false, int: '0', frac: '' });
  });
  it('leaves shorter fractions alone', () => {
    expect(roundDecimal(d('1.5'), 3, 'round')).toEqual({ negative: false, int: '1', frac: '5' });
  });
});

describe('shiftDecimal / decimalToString / groupThousands', () => {
  it('moves the point both ways', () => {
    expect(shiftDecimal(parseDecimal('1234.5')!, -3)).toEqual({ negative: false, int: '1', frac: '2345' });
    expect(shiftDecimal(parseDecimal('0.05')!, -3)).toEqual({ negative: false, int: '0', frac: '00005' });
    expect(shiftDecimal(parseDecimal('1.5')!, 3)).toEqual({ negative: false, int: '1500', frac: '' });
    expect(shiftDecimal(parseDecimal('0.00125')!, 2)).toEqual({ negative: false, int: '0', frac: '125' });
  });
  it('groups and pads', () => {
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('123')).toBe('123');
    expect(decimalToString(parseDecimal('1234.5')!, 2)).toBe('1,234.50');
    expect(decimalToString(parseDecimal('1234.5')!, 0, false)).toBe('1234.5');
  });
});
