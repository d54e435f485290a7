import { describe, expect, it } from 'vitest';
import {
  bandedCents,
  DEFAULT_DISCOUNT_SCHEDULES,
  defaultDiscountSchedule,
  discountScheduleTermsSchema,
} from './discount-schedules.ts';
import { toDecimal } from './exact.ts';

describe('bandedCents', () => {
  const bands = [
    { upTo: '2', centsPerUnit: '1' },
    { upTo: '4', centsPerUnit: '2' },
    { upTo: null, centsPerUnit: '3' },
  ];
  it('charges each band its own rate, fractions included', () => {
    expect(bandedCents(bands, toDecimal('0')).toFixed()).toBe('0');
    expect(bandedCents(bands, toDecimal('1.5')).toFixed()).toBe('1.5');
    expect(bandedCents(bands, toDecimal('3.25')).toFixed()).toBe('4.5');
    expect(bandedCents(bands, toDecimal('6.1')).toFixed()).toBe('12.3');
  });
  it('charges nothing past a closed last band', () => {
    expect(bandedCents([{ upTo: '2', centsPerUnit: '5' }], toDecimal('10')).toFixed()).toBe('10');
  });
});

describe('discount schedule terms', () => {
  it('starts every seeded crop from a valid schedule', () => {
    for (const terms of Object.values(DEFAULT_DISCOUNT_SCHEDULES))
      expect(discountScheduleTermsSchema.safeParse(terms).success).toBe(true);
    expect(defaultDiscountSchedule('spring_wheat').testWeightPar).toBe('60.00');
    expect(defaultDiscountSchedule('corn').baseMoisture).toBe('15.00');
  });
  it('refuses bands out of order or open-ended before the last', () => {
    const corn = DEFAULT_DISCOUNT_SCHEDULES.corn!;
    const r = discountScheduleTermsSchema.safeParse({
      ...corn,
      damageBands: [
        { upTo: null, centsPerUnit: '1' },
        { upTo: '3', centsPerUnit: '2' },
      ],
    });
    expect(r.success).toBe(false);
    const r2 = discountScheduleTermsSchema.safeParse({
      ...corn,
      damageBands: [
        { upTo: '3', centsPerUnit: '1' },
        { upTo: '2', centsPerUnit: '2' },
      ],
    });
    expect(r2.success).toBe(false);
  });
});
