// The profit center's summary and market home (issue 17, docs/decisions/057-profit-center.md): per crop and crop year,
// the production estimate from the farm business's acres × yield (its agronomic summaries, decision 050), what is
// contracted, delivered and priced, % sold, the revenue to date and projected at today's local bid, and what is left
// to sell; and the market home's local bids by location and crop with the farmer's favourite locations.

import { z } from 'zod';
import { publicBidRowSchema } from '../bids/instrument-reads.ts';
import { addDays } from '../crm/exact.ts';
import {
  PRICE_SCALE,
  decimalString,
  decimalStringSchema,
  maxDecimal,
  roundedString,
  toDecimal,
  toDecimalOrNull,
} from '../crm/exact.ts';
import { AREA_UNITS } from '../region/units.ts';
import { cropYearSummarySchema } from './api.ts';
import { byYearThenCrop, cropLabel, type CropYearSummary } from './sales.ts';

const decimal = decimalStringSchema.nullable();

/** Figures beside the sales summary's: null where the farm business has not written acres and yield for the year. */
export const profitFiguresSchema = z.object({
  /** Planted area and its units as the farm business wrote it (enterprise agronomics). */
  area: decimal,
  areaUnits: z.enum(AREA_UNITS).nullable(),
  averageYield: decimal,
  /** area × average yield, in the crop's quantity unit. */
  production: decimal,
  /** contracted ÷ production × 100 (null without a production estimate). */
  percentSold: decimal,
  /** production − contracted, never below zero (null without a production estimate). */
  leftToSell: decimal,
  /** priced quantity × its cash prices. */
  revenueToDate: decimalStringSchema,
  /** Today's best cash bid for the crop at the farmer's markets (null when none is posted or quoted). */
  todayBid: decimal,
  /** Revenue to date plus what is not yet priced (of the production, or of the contracts without one) at today's bid. */
  projectedRevenue: decimal,
});
export type ProfitFigures = z.infer<typeof profitFiguresSchema>;

export const profitSummaryRowSchema = cropYearSummarySchema.extend(profitFiguresSchema.shape);
export type ProfitSummaryRow = z.infer<typeof profitSummaryRowSchema>;
export const profitSummaryResponseSchema = z.object({ rows: z.array(profitSummaryRowSchema) });
export type ProfitSummaryResponse = z.infer<typeof profitSummaryResponseSchema>;

/** GET crop/:cropId/stats: one crop's rows over its crop years, newest first, and their totals. */
export const cropStatsSchema = z.object({
  cropId: z.number().int(),
  crop: z.string(),
  years: z.array(profitSummaryRowSchema),
});
export type CropStats = z.infer<typeof cropStatsSchema>;

export type AcresAndYield = { area: string; areaUnits: (typeof AREA_UNITS)[number]; averageYield: string | null };

/**
 * The sums of one crop and crop year as the database adds them (the summary of a farm with thousands of contracts is
 * summed where the rows are: decision 057). Per contract, as contractQuantities: open = max(quantity − cancelled, 0),
 * remaining = max(open − delivered, 0), priced = min(priced, open), unpriced = max(open − priced, 0); the cash figures
 * are Σ priced (of the contracts with a cash price and priced > 0) and Σ priced × cash, for weightedAverage's rule.
 */
export type SalesTotals = {
  cropId: number;
  cropYear: number;
  quantityUnit: string;
  contractCount: number;
  openContractCount: number;
  contracted: string;
  delivered: string;
  remaining: string;
  priced: string;
  unpriced: string;
  cashQuantity: string;
  cashValue: string;
};

/** salesSummary's rows from the database's sums: the same figures, the same order (newest year, then section 9). */
export function salesSummaryFromTotals(totals: readonly SalesTotals[]): CropYearSummary[] {
  return totals
    .map((t) => {
      const cashQuantity = toDecimal(t.cashQuantity);
      return {
        cropId: t.cropId,
        crop: cropLabel(t.cropId),
        cropYear: t.cropYear,
        quantityUnit: t.quantityUnit,
        contractCount: t.contractCount,
        openContractCount: t.openContractCount,
        contracted: decimalString(toDecimal(t.contracted)),
        delivered: decimalString(toDecimal(t.delivered)),
        remaining: decimalString(toDecimal(t.remaining)),
        priced: decimalString(toDecimal(t.priced)),
        unpriced: decimalString(toDecimal(t.unpriced)),
        averageCash: cashQuantity.isZero()
          ? null
          : roundedString(toDecimal(t.cashValue).dividedBy(cashQuantity), PRICE_SCALE),
      };
    })
    .sort(byYearThenCrop);
}

/**
 * A summary row's profit figures. Production is area × yield (bushels per acre on acres, per hectare on hectares, so
 * the product is the crop's quantity either way). Revenue to date is the priced quantity at its average cash price;
 * the projection adds, at today's bid, what is not priced: the production less the priced quantity when there is an
 * estimate (never less than the unpriced contracted quantity), else the contracts' unpriced quantity.
 */
export function profitFigures(
  row: CropYearSummary,
  acres: AcresAndYield | null,
  todayBid: string | null,
): ProfitFigures {
  const priced = toDecimal(row.priced);
  const average = toDecimalOrNull(row.averageCash);
  const revenue = average ? priced.times(average) : toDecimal(0);
  const yieldPerArea = toDecimalOrNull(acres?.averageYield ?? null);
  const production = acres && yieldPerArea ? toDecimal(acres.area).times(yieldPerArea) : null;
  const contracted = toDecimal(row.contracted);
  const unpriced = toDecimal(row.unpriced);
  const bid = toDecimalOrNull(todayBid);
  const toPrice = production ? maxDecimal(production.minus(priced), unpriced) : unpriced;
  return {
    area: acres ? decimalString(toDecimal(acres.area)) : null,
    areaUnits: acres?.areaUnits ?? null,
    averageYield: yieldPerArea ? decimalString(yieldPerArea) : null,
    production: production ? decimalString(production.toDecimalPlaces(2)) : null,
    percentSold:
      production && production.greaterThan(0)
        ? decimalString(contracted.dividedBy(production).times(100).toDecimalPlaces(2))
        : null,
    leftToSell: production
      ? decimalString(maxDecimal(production.minus(contracted), toDecimal(0)).toDecimalPlaces(2))
      : null,
    revenueToDate: decimalString(revenue.toDecimalPlaces(2)),
    todayBid: bid ? decimalString(bid) : null,
    projectedRevenue: bid
      ? decimalString(revenue.plus(maxDecimal(toPrice, toDecimal(0)).times(bid)).toDecimalPlaces(2))
      : null,
  };
}

/** The best (highest) cash price among bids for a crop, preferring the crop year's own bids. */
export function todayBidFor(
  bids: readonly { cropId: number; cropYear: number; cashPrice: string | null }[],
  cropId: number,
  cropYear: number,
): string | null {
  const priced = bids.filter((b) => b.cropId === cropId && b.cashPrice !== null);
  const sameYear = priced.filter((b) => b.cropYear === cropYear);
  const pool = sameYear.length > 0 ? sameYear : priced;
  let best: string | null = null;
  for (const b of pool) if (best === null || toDecimal(b.cashPrice!).greaterThan(best)) best = b.cashPrice;
  return best === null ? null : decimalString(toDecimal(best));
}

// ---------------------------------------------------------------------------------------------------
// Market home

export const favoriteSchema = z.object({ marketId: z.number().int(), cropId: z.number().int() });
export type Favorite = z.infer<typeof favoriteSchema>;

/** GET enterprise/:enterpriseId/bids: the local bids of the farm business's markets, by location and crop. */
export const enterpriseBidsSchema = z.object({
  enterpriseId: z.number().int(),
  markets: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      timezone: z.string(),
      rows: z.array(publicBidRowSchema),
    }),
  ),
  favorites: z.array(favoriteSchema),
});
export type EnterpriseBids = z.infer<typeof enterpriseBidsSchema>;

/** GET commodity/:commodityId/bids-matrix: one crop's bids across the farmer's markets (rows: markets; columns: delivery). */
export const bidsMatrixSchema = z.object({
  cropId: z.number().int(),
  crop: z.string(),
  markets: z.array(z.object({ id: z.number().int(), label: z.string(), rows: z.array(publicBidRowSchema) })),
});
export type BidsMatrix = z.infer<typeof bidsMatrixSchema>;

export const favoritesResponseSchema = z.object({ favorites: z.array(favoriteSchema) });
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Bid chart (bid/:bidId/chart): a bid's daily closes (bid_history, decision 057 addendum)

export const BID_CHART_RANGES = ['1M', '3M', '1Y'] as const;
export const bidChartRangeSchema = z.enum(BID_CHART_RANGES);
export type BidChartRange = z.infer<typeof bidChartRangeSchema>;
export const bidChartQuerySchema = z.object({ range: bidChartRangeSchema.default('1M') });

const RANGE_DAYS: Record<BidChartRange, number> = { '1M': 30, '3M': 91, '1Y': 365 };

/** The first day a range shows, counting back from `today` (an ISO date): 30, 91 or 365 days. */
export function bidChartFromDay(today: string, range: BidChartRange): string {
  return addDays(today, -RANGE_DAYS[range]);
}

export const bidChartPointSchema = z.object({
  day: z.string(),
  futures: z.string().nullable(),
  basis: z.string().nullable(),
  cash: z.string().nullable(),
});
export type BidChartPoint = z.infer<typeof bidChartPointSchema>;

/** GET bid/:bidId/chart?range=1M|3M|1Y: a day a point, oldest first; a day without a change carries none. */
export const bidChartSchema = z.object({
  bidId: z.number().int(),
  marketId: z.number().int(),
  cropId: z.number().int(),
  name: z.string(),
  futuresSymbol: z.string().nullable(),
  priceUnit: z.string(),
  currency: z.string(),
  range: bidChartRangeSchema,
  from: z.string(),
  to: z.string(),
  points: z.array(bidChartPointSchema),
});
export type BidChart = z.infer<typeof bidChartSchema>;
