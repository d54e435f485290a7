import { describe, expect, it } from 'vitest';
import { addressProblems, addressInputSchema } from '../store/checkout-addresses.ts';
import {
  formatOfValidationType,
  normalizedPostalCode,
  parseLegalLandLocation,
  provinceOfMeridian,
} from './address-book.ts';

describe('legal land locations', () => {
  it('reads quarter-section-township-range-meridian as people write it', () => {
    const want = { lllQuarter: 'NW', lllSection: 12, lllTownship: 34, lllRange: 5, lllMeridian: 'W4' };
    expect(parseLegalLandLocation('NW-12-34-5-W4')).toEqual(want);
    expect(parseLegalLandLocation('nw 12-34-05 w4')).toEqual(want);
    expect(parseLegalLandLocation('NW-12-34-5-W4M')).toEqual(want);
  });
  it('refuses parts out of the survey’s ranges', () => {
    expect(parseLegalLandLocation('NW-37-34-5-W4')).toBeNull();
    expect(parseLegalLandLocation('NW-12-127-5-W4')).toBeNull();
    expect(parseLegalLandLocation('NW-12-34-35-W4')).toBeNull();
    expect(parseLegalLandLocation('NW-12-34-5-W7')).toBeNull();
    expect(parseLegalLandLocation('NN-12-34-5-W4')).toBeNull();
    expect(parseLegalLandLocation('12 Main Street')).toBeNull();
  });
  it('places a meridian in its prairie province', () => {
    expect(provinceOfMeridian('W1')).toBe('MB');
    expect(provinceOfMeridian('W3')).toBe('SK');
    expect(provinceOfMeridian('W5')).toBe('AB');
  });
});

describe('address rules per country', () => {
  const postal = (country: 'USA' | 'CAN' | 'AUS', region: string, postalCode: string) =>
    addressProblems(
      addressInputSchema.parse({
        addressType: 'mailing_address',
        format: 'postal',
        line1: '1 Farm Road',
        city: 'Town',
        region,
        postalCode,
        country,
      }),
    );
  it('checks the postal code and the state of each country', () => {
    expect(postal('USA', 'IA', '50010')).toEqual([]);
    expect(postal('USA', 'IA', 'T2P 1J9')).toEqual([{ field: 'postalCode', problem: 'invalid' }]);
    expect(postal('CAN', 'AB', 'T2P 1J9')).toEqual([]);
    expect(postal('AUS', 'NSW', '2650')).toEqual([]);
    expect(postal('AUS', 'XX', '26500')).toEqual([
      { field: 'region', problem: 'invalid' },
      { field: 'postalCode', problem: 'invalid' },
    ]);
  });
  it('maps the validation types to formats and writes Canadian postal codes spaced', () => {
    expect(formatOfValidationType('delivery_can_lll')).toBe('can_lll');
    expect(formatOfValidationType('delivery_postal')).toBe('postal');
    expect(normalizedPostalCode('t2p1j9', 'CAN')).toBe('T2P 1J9');
    expect(normalizedPostalCode(' 50010 ', 'USA')).toBe('50010');
  });
});
