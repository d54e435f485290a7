import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  RESET_EMAIL_PATTERN,
  VERIFICATION_CODE_PATTERN,
  isNumericOnly,
  isValidEmail,
  isValidPhone,
} from './patterns.ts';

describe('EMAIL_PATTERN', () => {
  it.each([
    'buyer@demo.granary.test',
    'First.Last@Example.COM',
    'a+tag@sub.example.co',
    '"odd name"@example.com',
    'x@[192.168.0.1]',
    "o'brien@farm.ca",
  ])('accepts %s', (e) => {
    expect(EMAIL_PATTERN.test(e)).toBe(true);
  });

  it.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@b.c',
    'a b@example.com',
    'a@@example.com',
    'a..b@example.com',
    '.a@example.com',
    'a@example..com',
    'a@exa_mple.com',
  ])('refuses %j', (e) => {
    expect(EMAIL_PATTERN.test(e)).toBe(false);
  });

  it('isValidEmail trims', () => {
    expect(isValidEmail('  buyer@demo.granary.test ')).toBe(true);
  });
});

describe('RESET_EMAIL_PATTERN', () => {
  it('accepts a local part, @ and domain labels of 1–63 characters', () => {
    expect(RESET_EMAIL_PATTERN.test('farmer@demo.granary.test')).toBe(true);
    expect(RESET_EMAIL_PATTERN.test('a@b')).toBe(true);
    expect(RESET_EMAIL_PATTERN.test(`a@${'x'.repeat(63)}.com`)).toBe(true);
    expect(RESET_EMAIL_PATTERN.test('A.B@EXAMPLE.COM')).toBe(true);
  });

  it('refuses labels longer than 63 characters, empty labels, edge hyphens and missing parts', () => {
    expect(RESET_EMAIL_PATTERN.test(`a@${'x'.repeat(64)}.com`)).toBe(false);
    expect(RESET_EMAIL_PATTERN.test('a@example..com')).toBe(false);
    expect(RESET_EMAIL_PATTERN.test('a@-example.com')).toBe(false);
    expect(RESET_EMAIL_PATTERN.test('a@example-.com')).toBe(false);
    expect(RESET_EMAIL_PATTERN.test('@example.com')).toBe(false);
    expect(RESET_EMAIL_PATTERN.test('a@')).toBe(false);
    expect(RESET_EMAIL_PATTERN.test('a b@example.com')).toBe(false);
  });
});

describe('PHONE_PATTERN', () => {
  it.each([
    '5551234567',
    '555-123-4567',
    '555.123.4567',
    '555 123 4567',
    '(555) 123-4567',
    '(555)123-4567',
    '+5551234567',
    '+(555) 123 4567',
    '555-123-456789',
    '0412345678',
  ])('accepts %s', (p) => {
    expect(PHONE_PATTERN.test(p)).toBe(true);
  });

  it.each([
    '',
    '555-1234',
    '555-123-456',
    '555-123-4567890',
    '(555-123-4567',
    '555)-123-4567',
    '555_123_4567',
    '555--123-4567',
    'abc-def-ghij',
    '++5551234567',
    '555/123/4567',
  ])('refuses %j', (p) => {
    expect(PHONE_PATTERN.test(p)).toBe(false);
  });

  it('isValidPhone trims', () => {
    expect(isValidPhone(' 555-123-4567 ')).toBe(true);
  });
});

describe('VERIFICATION_CODE_PATTERN', () => {
  it('is exactly 6 digits', () => {
    expect(VERIFICATION_CODE_PATTERN.test('123456')).toBe(true);
    expect(VERIFICATION_CODE_PATTERN.test('012345')).toBe(true);
    expect(VERIFICATION_CODE_PATTERN.test('12345')).toBe(false);
    expect(VERIFICATION_CODE_PATTERN.test('1234567')).toBe(false);
    expect(VERIFICATION_CODE_PATTERN.test('12345a')).toBe(false);
    expect(VERIFICATION_CODE_PATTERN.test(' 123456')).toBe(false);
    expect(VERIFICATION_CODE_PATTERN.test('١٢٣٤٥٦')).toBe(false); // Arabic-Indic digits
  });
});

describe('isNumericOnly', () => {
  it('is true for non-empty strings whose word characters are all digits', () => {
    expect(isNumericOnly('12345')).toBe(true);
    expect(isNumericOnly('0')).toBe(true);
    expect(isNumericOnly('12-345')).toBe(true);
    expect(isNumericOnly('(555) 123')).toBe(true);
  });

  it('is false for letters, underscores, empty strings and strings without a digit', () => {
    expect(isNumericOnly('')).toBe(false);
    expect(isNumericOnly('   ')).toBe(false);
    expect(isNumericOnly('A123')).toBe(false);
    expect(isNumericOnly('123a')).toBe(false);
    expect(isNumericOnly('12_3')).toBe(false);
    expect(isNumericOnly('---')).toBe(false);
    expect(isNumericOnly('12é')).toBe(false);
  });
});
