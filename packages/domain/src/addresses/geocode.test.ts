import { describe, expect, it } from 'vitest';
import { formatCoordinates, geocodeProblems, wireFieldName, wireProblems } from './geocode.ts';

describe('geocodes', () => {
  it('accepts latitude −90…90 and longitude −180…180, naming each field out of range', () => {
    expect(geocodeProblems({ latitude: 90, longitude: -180 })).toEqual([]);
    expect(geocodeProblems({ latitude: -90.01, longitude: 180.5 })).toEqual([
      { field: 'latitude', problem: 'invalid' },
      { field: 'longitude', problem: 'invalid' },
    ]);
    expect(geocodeProblems({ latitude: Number.NaN, longitude: 0 })).toEqual([
      { field: 'latitude', problem: 'invalid' },
    ]);
  });

  it('writes coordinates with four decimals and hemisphere letters', () => {
    expect(formatCoordinates(42.0308, -93.6319)).toBe('42.0308° N, 93.6319° W');
    expect(formatCoordinates(-35.1, 147.36)).toBe('35.1000° S, 147.3600° E');
  });

  it('names address and contact fields as the /api/effu wire does', () => {
    expect(['postalCode', 'lllRange', 'landLocationKind', 'region', 'phone', 'firstName'].map(wireFieldName)).toEqual([
      'postal_code',
      'lll_range',
      'land_location_kind',
      'region',
      'phone_number',
      'first_name',
    ]);
    expect(wireProblems([{ field: 'lllMeridian', problem: 'required' }])).toEqual([
      { field: 'lll_meridian', problem: 'required' },
    ]);
  });
});
