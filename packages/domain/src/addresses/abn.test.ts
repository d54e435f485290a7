import { describe, expect, it } from 'vitest';
import { formatAbn, isValidAbn, normalizeAbn } from './abn.ts';

describe('ABN checksum (modulus 89)', () => {
  it('accepts the register’s worked example and real-form numbers, with or without spaces', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('53 004 085 616')).toBe(true);
  });
  it('refuses a mistyped digit, swapped digits, a wrong length and letters', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('15 824 753 556')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('518247535561')).toBe(false);
    expect(isValidAbn('51 824 753 55A')).toBe(false);
    expect(isValidAbn('')).toBe(false);
  });
  it('refuses a number starting with 0 even when the sum divides', () => {
    // 0 - 1 = -1 on the first digit: no ABN starts with 0.
    expect(isValidAbn('00000000000')).toBe(false);
  });
  it('normalises and writes an ABN as the register does', () => {
    expect(normalizeAbn(' 51-824-753-556 ')).toBe('51824753556');
    expect(normalizeAbn('51 824')).toBeNull();
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });
});
