import { describe, expect, it } from 'vitest';
import { SQUARE_METRES_PER_ACRE, convertArea } from './units.ts';

describe('convertArea', () => {
  it('uses 4046.8564224 square metres per acre', () => {
    expect(SQUARE_METRES_PER_ACRE).toBe(4046.8564224);
  });

  it('converts acres to hectares', () => {
    expect(convertArea(1, 'acres', 'hectares')).toBeCloseTo(0.40468564224, 12);
    expect(convertArea(100, 'acres', 'hectares')).toBeCloseTo(40.468564224, 10);
  });

  it('converts hectares to acres', () => {
    expect(convertArea(1, 'hectares', 'acres')).toBeCloseTo(2.4710538146717, 10);
  });

  it('round-trips', () => {
    expect(convertArea(convertArea(1234.5, 'acres', 'hectares'), 'hectares', 'acres')).toBeCloseTo(1234.5, 9);
  });

  it('leaves the value unchanged for the same unit, negatives and zero included', () => {
    expect(convertArea(7.25, 'acres', 'acres')).toBe(7.25);
    expect(convertArea(7.25, 'hectares', 'hectares')).toBe(7.25);
    expect(convertArea(0, 'acres', 'hectares')).toBe(0);
    expect(convertArea(-10, 'hectares', 'acres')).toBeCloseTo(-24.710538146717, 9);
  });
});
