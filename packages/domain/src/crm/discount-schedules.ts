// Discount schedules (issue 14, decision 043): what a market takes off a load of grain for moisture and grade, per
// crop — moisture shrink and drying above a base moisture, and graduated discount tables for test weight under par,
// damage and foreign material over their allowances. The market edits them; scale tickets are computed with them
// (deliveries.ts).

import { z } from 'zod';
import { decimalInSchema, toDecimal, type CrmDecimal } from './exact.ts';
import { id } from './api-fields.ts';

const pct = (max: string) => decimalInSchema({ min: '0', max, scale: 2 });

/**
 * One band of a graduated table: `centsPerUnit` cents a bushel for each unit (lb under par, % over the allowance)
 * up to `upTo` units (counted from par or the allowance); the last band has no end (`upTo` null). Bands are
 * graduated like tax brackets: 3 lb under a par with bands [2 lb at 1¢, then 3¢] costs 2×1 + 1×3 = 5¢ a bushel.
 */
export const discountBandSchema = z.object({
  upTo: decimalInSchema({ min: '0', minExclusive: true, max: '100', scale: 2 }).nullable(),
  centsPerUnit: decimalInSchema({ min: '0', max: '1000', scale: 2 }),
});
export type DiscountBand = z.infer<typeof discountBandSchema>;

const bandsSchema = z
  .array(discountBandSchema)
  .max(20)
  .superRefine((bands, ctx) => {
    let last: CrmDecimal | null = null;
    bands.forEach((b, i) => {
      if (b.upTo === null) {
        if (i !== bands.length - 1)
          ctx.addIssue({ code: 'custom', path: [i, 'upTo'], message: 'Only the last band may be open-ended' });
        return;
      }
      const upTo = toDecimal(b.upTo);
      if (last && !upTo.greaterThan(last))
        ctx.addIssue({ code: 'custom', path: [i, 'upTo'], message: 'Each band must end after the one before' });
      last = upTo;
    });
  });

/** The numbers a market edits for one crop. Percentages are moisture / grade points ('15.00' = 15 %). */
export const discountScheduleTermsSchema = z.object({
  /** Moisture at or below which nothing is shrunk or dried. */
  baseMoisture: pct('40'),
  /** Percent of the wet bushels shrunk per point of moisture above base (e.g. 1.40). */
  shrinkPerPoint: pct('10'),
  /** Percent shrunk once for handling when the grain is dried (above base). */
  handlingShrink: pct('10'),
  /** Dollars per wet bushel per point above base (e.g. 0.045). */
  dryingPerPoint: decimalInSchema({ min: '0', max: '1', scale: 4 }),
  /** Par test weight in lb per bushel; discounts start below it. */
  testWeightPar: decimalInSchema({ min: '1', max: '100', scale: 2 }),
  testWeightBands: bandsSchema,
  /** Damage (%) allowed without discount, then the table per % over it. */
  damageAllowance: pct('100'),
  damageBands: bandsSchema,
  foreignMaterialAllowance: pct('100'),
  foreignMaterialBands: bandsSchema,
});
export type DiscountScheduleTerms = z.infer<typeof discountScheduleTermsSchema>;

/** A stored schedule: the terms with the market, crop and version (send the version as If-Match to change it). */
export const discountScheduleSchema = discountScheduleTermsSchema.extend({
  id,
  marketId: id,
  cropId: id,
  version: z.number().int(),
  updatedAt: z.string(),
});
export type DiscountSchedule = z.infer<typeof discountScheduleSchema>;

export const discountScheduleListResponseSchema = z.object({ rows: z.array(discountScheduleSchema) });

/**
 * Cents a bushel a graduated table takes for `units` beyond par or the allowance (0 or less: nothing). Fractions
 * count: 1.5 lb at 2¢ is 3¢. Exact (no rounding here; the money is rounded once per ticket line).
 */
export function bandedCents(bands: readonly DiscountBand[], units: CrmDecimal): CrmDecimal {
  let left = units;
  let from = toDecimal(0);
  let cents = toDecimal(0);
  for (const band of bands) {
    if (!left.greaterThan(0)) break;
    const width = band.upTo === null ? left : toDecimal(band.upTo).minus(from);
    const here = width.lessThan(left) ? width : left;
    if (here.greaterThan(0)) cents = cents.plus(here.times(toDecimal(band.centsPerUnit)));
    left = left.minus(here);
    if (band.upTo !== null) from = toDecimal(band.upTo);
  }
  return cents;
}

const bands = (...rows: [string | null, string][]): DiscountBand[] =>
  rows.map(([upTo, centsPerUnit]) => ({ upTo, centsPerUnit }));

/**
 * Realistic starting schedules per crop (Midwest elevator schedules of recent harvests): corn 15.0 % base, 1.4 %
 * shrink a point plus 0.5 % handling, 4.5¢ a point of drying, par 56 lb; soybeans 13 %, par 54 lb; wheat 13.5 %,
 * par 60 lb. Crops not listed start from corn's figures with their own par.
 */
export const DEFAULT_DISCOUNT_SCHEDULES: Readonly<Record<string, DiscountScheduleTerms>> = {
  corn: {
    baseMoisture: '15.00',
    shrinkPerPoint: '1.40',
    handlingShrink: '0.50',
    dryingPerPoint: '0.0450',
    testWeightPar: '56.00',
    testWeightBands: bands(['2', '1'], ['4', '2'], [null, '3']),
    damageAllowance: '5.00',
    damageBands: bands(['5', '2'], [null, '4']),
    foreignMaterialAllowance: '3.00',
    foreignMaterialBands: bands(['2', '1.5'], [null, '3']),
  },
  soybeans: {
    baseMoisture: '13.00',
    shrinkPerPoint: '1.30',
    handlingShrink: '0.50',
    dryingPerPoint: '0.0400',
    testWeightPar: '54.00',
    testWeightBands: bands(['2', '1'], [null, '2']),
    damageAllowance: '2.00',
    damageBands: bands(['3', '2'], [null, '5']),
    foreignMaterialAllowance: '1.00',
    foreignMaterialBands: bands(['2', '2'], [null, '4']),
  },
  wheat: {
    baseMoisture: '13.50',
    shrinkPerPoint: '1.30',
    handlingShrink: '0.50',
    dryingPerPoint: '0.0400',
    testWeightPar: '60.00',
    testWeightBands: bands(['2', '2'], ['4', '3'], [null, '5']),
    damageAllowance: '2.00',
    damageBands: bands(['3', '2'], [null, '4']),
    foreignMaterialAllowance: '1.00',
    foreignMaterialBands: bands(['2', '2'], [null, '4']),
  },
  canola: {
    baseMoisture: '10.00',
    shrinkPerPoint: '1.20',
    handlingShrink: '0.50',
    dryingPerPoint: '0.0500',
    testWeightPar: '50.00',
    testWeightBands: bands([null, '1']),
    damageAllowance: '2.00',
    damageBands: bands([null, '3']),
    foreignMaterialAllowance: '2.50',
    foreignMaterialBands: bands([null, '3']),
  },
};

/** Crops whose defaults are wheat's. */
const WHEAT_LIKE = new Set(['wheat', 'spring_wheat', 'winter_wheat', 'durum_wheat']);

/** The starting schedule of a crop (by its CROPS name): its own, a wheat's for the wheats, else corn's. */
export function defaultDiscountSchedule(cropName: string): DiscountScheduleTerms {
  const own = DEFAULT_DISCOUNT_SCHEDULES[cropName];
  if (own) return own;
  if (WHEAT_LIKE.has(cropName)) return DEFAULT_DISCOUNT_SCHEDULES.wheat!;
  return DEFAULT_DISCOUNT_SCHEDULES.corn!;
}
