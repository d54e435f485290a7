import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_CODES,
  CURRENCY_IDS,
  UNKNOWN_COUNTRY,
  countryByCode,
  currencyForCountry,
  isCountryCode,
} from './countries.ts';

describe('COUNTRIES', () => {
  it('holds the three records of the spec, in order', () => {
    expect([...COUNTRIES]).toEqual([
      { code: 'USA', code2: 'US', id: 1, dialCode: '1', currency: 'USD' },
      { code: 'CAN', code2: 'CA', id: 2, dialCode: '1', currency: 'CAD' },
      { code: 'AUS', code2: 'AU', id: 3, dialCode: '61', currency: 'AUD' },
    ]);
  });

  it('can be read by code as well as iterated, and iteration sees only three records', () => {
    expect(COUNTRIES.CAN.currency).toBe('CAD');
    expect(COUNTRIES.AUS.dialCode).toBe('61');
    expect(Object.values(COUNTRIES)).toHaveLength(3);
    expect(Object.keys(COUNTRIES)).toEqual(['0', '1', '2']);
    expect(COUNTRIES.map((c) => c.code)).toEqual([...COUNTRY_CODES]);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(COUNTRIES)).toBe(true);
  });

  it('has an unknown country of empty string', () => {
    expect(UNKNOWN_COUNTRY).toBe('');
  });
});

describe('CURRENCY_IDS', () => {
  it('maps USD=1, CAD=2, AUD=3', () => {
    expect(CURRENCY_IDS).toEqual({ USD: 1, CAD: 2, AUD: 3 });
  });
});

describe('countryByCode / isCountryCode', () => {
  it('finds by 3-letter and 2-letter code, case-insensitively', () => {
    expect(countryByCode('USA')?.id).toBe(1);
    expect(countryByCode('ca')?.code).toBe('CAN');
    expect(countryByCode(' au ')?.code).toBe('AUS');
  });

  it('returns null for unknown, empty and missing codes', () => {
    expect(countryByCode('')).toBeNull();
    expect(countryByCode('FRA')).toBeNull();
    expect(countryByCode(null)).toBeNull();
    expect(countryByCode(undefined)).toBeNull();
  });

  it('recognises only the three exact codes', () => {
    expect(isCountryCode('CAN')).toBe(true);
    expect(isCountryCode('can')).toBe(false);
    expect(isCountryCode('')).toBe(false);
  });
});

describe('currencyForCountry', () => {
  it("is the country record's currency, USD when unknown", () => {
    expect(['USA', 'CAN', 'AUS', 'au', null, 'XYZ'].map(currencyForCountry)).toEqual([
      'USD',
      'CAD',
      'AUD',
      'AUD',
      'USD',
      'USD',
    ]);
  });
});
