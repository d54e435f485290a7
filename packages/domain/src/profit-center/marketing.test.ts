import { describe, expect, it } from 'vitest';
import { levelPriceSchema, marketingPlanBodySchema } from './marketing.ts';

const long = '1'.repeat(61);

describe('marketing plan schemas', () => {
  it('refuses a number too long for toDecimal with a field error, never a throw (a 500)', () => {
    expect(levelPriceSchema.safeParse(long).success).toBe(false);
    const target = (percentSold: string, date = '2031-01-01') => ({ date, percentSold, minPrice: null });
    for (const targets of [
      [target(long)],
      [target('10'), target(long, '2031-02-01')],
      [{ date: '2031-01-01', percentSold: '10', minPrice: long }],
    ]) {
      const r = marketingPlanBodySchema.safeParse({ targets });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.path[0]).toBe('targets');
    }
  });
});
