import { describe, expect, it } from 'vitest';
import { normalizeNumberInput } from './number-input.ts';

describe('normalizeNumberInput', () => {
  it('keeps an empty string empty', () => {
    expect(normalizeNumberInput('')).toBe('');
    expect(normalizeNumberInput('', { min: 1, max: 5 })).toBe('');
    expect(normalizeNumberInput('   ')).toBe('');
  });

  it('turns a lone "-" into ""', () => {
    expect(normalizeNumberInput('-')).toBe('');
    expect(normalizeNumberInput('-', { min: -500, max: 500 })).toBe('');
    expect(normalizeNumberInput('.')).toBe('');
    expect(normalizeNumberInput('-.')).toBe('');
  });

  it('drops a trailing decimal point', () => {
    expect(normalizeNumberInput('12.')).toBe('12');
    expect(normalizeNumberInput('-3.')).toBe('-3');
  });

  it('leaves non-numeric input as typed', () => {
    expect(normalizeNumberInput('abc')).toBe('abc');
    expect(normalizeNumberInput('12a')).toBe('12a');
    expect(normalizeNumberInput('1.2.3', { max: 1 })).toBe('1.2.3');
    expect(normalizeNumberInput(' 1 2 ')).toBe(' 1 2 ');
    expect(normalizeNumberInput('1,23')).toBe('1,23');
    expect(normalizeNumberInput('--1')).toBe('--1');
  });

  it('keeps numbers as typed without options, leading zeroes included', () => {
    expect(normalizeNumberInput('12.50')).toBe('12.50');
    expect(normalizeNumberInput('007')).toBe('007');
    expect(normalizeNumberInput('-0.5')).toBe('-0.5');
    expect(normalizeNumberInput('.5')).toBe('.5');
  });

  it('ignores surrounding whitespace and removes thousands commas', () => {
    expect(normalizeNumberInput(' 42 ')).toBe('42');
    expect(normalizeNumberInput('10,000')).toBe('10000');
    expect(normalizeNumberInput('-1,234,567.5')).toBe('-1234567.5');
  });

  it('clamps below the minimum to the minimum and above the maximum to the maximum', () => {
    const bound = { min: -500, max: 500 };
    expect(normalizeNumberInput('-600', bound)).toBe('-500');
    expect(normalizeNumberInput('500.01', bound)).toBe('500');
    expect(normalizeNumberInput('-500', bound)).toBe('-500');
    expect(normalizeNumberInput('500', bound)).toBe('500');
    expect(normalizeNumberInput('499.99', bound)).toBe('499.99');
    expect(normalizeNumberInput('0', { min: 1 })).toBe('1');
    expect(normalizeNumberInput('1e9', { max: 10 })).toBe('1e9'); // exponent notation is not typed input: left as is
    expect(normalizeNumberInput('99999', { max: 0.5 })).toBe('0.5');
  });

  it('is unbounded by default', () => {
    expect(normalizeNumberInput('-99999999')).toBe('-99999999');
  });

  it('trims from the end until at most maxDigits digits remain', () => {
    expect(normalizeNumberInput('123456', { maxDigits: 4 })).toBe('1234');
    expect(normalizeNumberInput('12.345', { maxDigits: 4 })).toBe('12.34');
    expect(normalizeNumberInput('-12345', { maxDigits: 3 })).toBe('-123');
    expect(normalizeNumberInput('1234', { maxDigits: 4 })).toBe('1234');
  });

  it('drops the point that maxDigits leaves trailing', () => {
    expect(normalizeNumberInput('12.3', { maxDigits: 2 })).toBe('12');
  });

  it('applies maxDigits before clamping', () => {
    expect(normalizeNumberInput('9999', { maxDigits: 3, max: 500 })).toBe('500');
    expect(normalizeNumberInput('9999', { maxDigits: 2, max: 500 })).toBe('99');
  });

  it('collapses leading zeroes when asked', () => {
    const c = { collapseLeadingZeros: true };
    expect(normalizeNumberInput('007', c)).toBe('7');
    expect(normalizeNumberInput('000', c)).toBe('0');
    expect(normalizeNumberInput('00.5', c)).toBe('0.5');
    expect(normalizeNumberInput('.5', c)).toBe('0.5');
    expect(normalizeNumberInput('-007.25', c)).toBe('-7.25');
    expect(normalizeNumberInput('-.5', c)).toBe('-0.5');
    expect(normalizeNumberInput('-0', c)).toBe('0');
    expect(normalizeNumberInput('100', c)).toBe('100');
  });
});
