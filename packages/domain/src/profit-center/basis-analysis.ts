// The profit center's crop spot basis analysis (issue 17 'research/crop-spot-basis-analysis', decision 057 addendum):
// the basis of a location's spot bid for a crop, day by day from the bid's recorded closes (bid_history), against its
// seasonal average — the same weeks of earlier years. Pure: the server builds the answer, the page draws it.

import { z } from 'zod';
import { addDays, decimalString, decimalStringSchema, isoDateSchema, toDecimal } from '../crm/exact.ts';

/** How far back the analysis reads: today's season and the three before it. */
export const BASIS_ANALYSIS_YEARS = 3;
/** The seasonal average of a day takes each earlier year's days within this many days of the same date. */
export const SEASONAL_WINDOW_DAYS = 7;
/** The chart's ranges, in days back from today. */
export const BASIS_ANALYSIS_RANGES = ['3M', '1Y', '3Y'] as const;
export type BasisAnalysisRange = (typeof BASIS_ANALYSIS_RANGES)[number];
export const BASIS_RANGE_DAYS: Record<BasisAnalysisRange, number> = { '3M': 91, '1Y': 365, '3Y': 1095 };

export const basisAnalysisPointSchema = z.object({
  day: isoDateSchema,
  /** The day's close, or the last one before it carried forward (a day without a change has no row). */
  basis: decimalStringSchema.nullable(),
  futuresSymbol: z.string().nullable(),
  /** The average basis of the same weeks of earlier years; null when no earlier year is recorded then. */
  seasonalAverage: decimalStringSchema.nullable(),
  /** How many earlier years the seasonal average is taken over (0 to BASIS_ANALYSIS_YEARS). */
  seasonalYears: z.number().int(),
});
export type BasisAnalysisPoint = z.infer<typeof basisAnalysisPointSchema>;

export const basisAnalysisSchema = z.object({
  marketId: z.number().int(),
  cropId: z.number().int(),
  cropName: z.string(),
  /** The location's spot bid for the crop: the nearest delivery period still open; null when none is posted. */
  bid: z
    .object({
      id: z.number().int(),
      name: z.string(),
      cropYear: z.number().int(),
      deliveryStart: isoDateSchema,
      deliveryEnd: isoDateSchema,
      futuresMonth: z.string().nullable(),
      basis: decimalStringSchema.nullable(),
      priceUnit: z.enum(['bushel', 'tonne']),
    })
    .nullable(),
  /** The first recorded close of the bid (null: none yet). */
  recordedSince: isoDateSchema.nullable(),
  from: isoDateSchema,
  to: isoDateSchema,
  /** A point a day from `from` (or the first recorded day, if later) to `to`. */
  points: z.array(basisAnalysisPointSchema),
});
export type BasisAnalysis = z.infer<typeof basisAnalysisSchema>;

type Close = { day: string; basis: string | null; futuresSymbol: string | null };

/**
 * A day a point from the first close (or `from`, carrying the last close before it) to `to`: each day the latest close
 * on or before it. `closes` oldest first; days before the first close have no point.
 */
export function dailyBasisSeries(closes: readonly Close[], from: string, to: string): Close[] {
  const out: Close[] = [];
  if (closes.length === 0 || from > to) return out;
  let i = 0;
  let current: Close | null = null;
  while (i < closes.length && closes[i]!.day <= from) current = closes[i++]!;
  let day = current ? from : closes[0]!.day;
  while (day <= to) {
    while (i < closes.length && closes[i]!.day <= day) current = closes[i++]!;
    if (current) out.push({ day, basis: current.basis, futuresSymbol: current.futuresSymbol });
    day = addDays(day, 1);
  }
  return out;
}

/** The same calendar date `years` earlier (29 February falls on the 28th). */
function yearsEarlier(day: string, years: number): string {
  const y = Number(day.slice(0, 4)) - years;
  const md = day.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${String(y).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`;
}

/**
 * Each day's seasonal average: the mean basis over the days within SEASONAL_WINDOW_DAYS of the same date in each of the
 * BASIS_ANALYSIS_YEARS earlier years, from a daily series (dailyBasisSeries). Exact decimals, 4 places at most.
 */
export function seasonalBasisAverages(
  series: readonly Close[],
  days: readonly string[] = series.map((p) => p.day),
): { day: string; seasonalAverage: string | null; seasonalYears: number }[] {
  const byDay = new Map(series.filter((p) => p.basis !== null).map((p) => [p.day, p.basis as string]));
  return days.map((day) => {
    let sum = toDecimal(0);
    let n = 0;
    let years = 0;
    for (let k = 1; k <= BASIS_ANALYSIS_YEARS; k++) {
      const centre = yearsEarlier(day, k);
      let found = false;
      for (let d = -SEASONAL_WINDOW_DAYS; d <= SEASONAL_WINDOW_DAYS; d++) {
        const v = byDay.get(addDays(centre, d));
        if (v === undefined) continue;
        sum = sum.plus(v);
        n++;
        found = true;
      }
      if (found) years++;
    }
    return {
      day,
      seasonalAverage: n === 0 ? null : decimalString(sum.dividedBy(n).toDecimalPlaces(4)),
      seasonalYears: years,
    };
  });
}

export const basisAnalysisQuerySchema = z.object({
  range: z
    .enum(BASIS_ANALYSIS_RANGES, { error: () => `Expected a range: ${BASIS_ANALYSIS_RANGES.join(', ')}` })
    .default('1Y'),
});
