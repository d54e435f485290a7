// The profit center's marketing tab (issue 17, docs/decisions/058-marketing-plan-and-alerts.md): a marketing plan per
// farm business, crop and crop year (targets: by a date, this % of the production sold, at no less than this price)
// with the progress the farmer's contracts make against it; and price alerts on a local bid or a futures contract
// that tell the farmer once when the price crosses a level. Prices are dollars per unit as exact decimal strings on
// the wire (decision 034): the web reads typed prices with parsePrice and writes them with the price formatters.

import { z } from 'zod';
import { decimalStringSchema, isDecimalString, isoDateSchema, toDecimal, toDecimalOrNull } from '../crm/exact.ts';
import { profitSummaryRowSchema } from './profit-summary.ts';

const id = z.number().int();

/**
 * A typed number, or null when it is not one (a refinement runs after a failed pattern too). isDecimalString also caps
 * the length: 61 digits passed a bare pattern and made toDecimal throw, a 500 instead of the field's 400.
 */
const numberOrNull = (v: string) => (/^\d+(\.\d+)?$/.test(v) && isDecimalString(v) ? toDecimal(v) : null);

/** At most this many targets in one plan. */
export const MARKETING_PLAN_MAX_TARGETS = 12;

/** A price typed by the farmer, sent as dollars per unit with at most four decimals (parsePrice's output). */
export const levelPriceSchema = z
  .string()
  .regex(/^\d{1,5}(\.\d{1,4})?$/, 'Expected a price such as 4.3350')
  .refine((v) => numberOrNull(v)?.greaterThan(0) ?? true, 'Expected a price above zero');

/** % of the production: 0 to 100, at most two decimals. */
const percentSchema = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Expected a percentage such as 25 or 12.5')
  .refine((v) => numberOrNull(v)?.lessThanOrEqualTo(100) ?? true, 'Expected a percentage from 0 to 100');

export const marketingTargetSchema = z.object({
  /** By this day… */
  date: isoDateSchema,
  /** …this % of the production estimate sold (contracted)… */
  percentSold: percentSchema,
  /** …at no less than this cash price (null: any price). */
  minPrice: levelPriceSchema.nullable(),
});
export type MarketingTarget = z.infer<typeof marketingTargetSchema>;

/** PUT marketing-plan/:crop/:year: the plan's targets, replacing the ones before (an empty list clears the plan). */
export const marketingPlanBodySchema = z
  .object({
    targets: z.array(marketingTargetSchema).max(MARKETING_PLAN_MAX_TARGETS),
    notes: z.string().max(2000).optional(),
  })
  .strict()
  .superRefine((plan, ctx) => {
    const seen = new Set<string>();
    plan.targets.forEach((t, i) => {
      if (seen.has(t.date))
        ctx.addIssue({ code: 'custom', path: ['targets', i, 'date'], message: 'Another target has this date' });
      seen.add(t.date);
    });
    const sorted = [...plan.targets].sort((a, b) => a.date.localeCompare(b.date));
    for (let i = 1; i < sorted.length; i++) {
      const [now, before] = [numberOrNull(sorted[i]!.percentSold), numberOrNull(sorted[i - 1]!.percentSold)];
      if (now && before && now.lessThan(before)) {
        const at = plan.targets.indexOf(sorted[i]!);
        ctx.addIssue({
          code: 'custom',
          path: ['targets', at, 'percentSold'],
          message: 'A later target cannot have less sold than an earlier one',
        });
      }
    }
  });
export type MarketingPlanBody = z.infer<typeof marketingPlanBodySchema>;

/** How a target stands today: met (sold enough, at the price), behind (its day passed without), or still ahead. */
export const TARGET_STATUSES = ['met', 'behind', 'upcoming'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

export const marketingTargetProgressSchema = marketingTargetSchema.extend({ status: z.enum(TARGET_STATUSES) });

export const marketingPlanSchema = z.object({
  enterpriseId: id,
  cropId: id,
  crop: z.string(),
  cropYear: z.number().int(),
  targets: z.array(marketingTargetProgressSchema),
  notes: z.string(),
  updatedAt: z.string().nullable(),
  /** The profit center's summary of the crop and year: production estimate, contracted, % sold, average price. */
  progress: profitSummaryRowSchema,
});
export type MarketingPlan = z.infer<typeof marketingPlanSchema>;

/** GET marketing-plan/enterprise-data: the farm business's plans, one line each. */
export const marketingPlansOverviewSchema = z.object({
  enterpriseId: id,
  enterpriseName: z.string(),
  plans: z.array(
    z.object({
      cropId: id,
      crop: z.string(),
      cropYear: z.number().int(),
      targetCount: z.number().int(),
      updatedAt: z.string(),
    }),
  ),
});
export type MarketingPlansOverview = z.infer<typeof marketingPlansOverviewSchema>;

/**
 * Each target's standing against the sales: met when the % sold reaches it and (with a minimum price) the average
 * cash price is at least that; otherwise behind once its day is past (today > date), else upcoming.
 */
export function targetStatus(
  target: MarketingTarget,
  sold: { percentSold: string | null; averageCash: string | null },
  today: string,
): TargetStatus {
  const pct = toDecimalOrNull(sold.percentSold);
  const price = toDecimalOrNull(sold.averageCash);
  const enough = pct !== null && pct.greaterThanOrEqualTo(target.percentSold);
  const priced = target.minPrice === null || (price !== null && price.greaterThanOrEqualTo(target.minPrice));
  if (enough && priced) return 'met';
  return today > target.date ? 'behind' : 'upcoming';
}

// ---------------------------------------------------------------------------------------------------
// Price alerts

export const PRICE_ALERT_KINDS = ['bid', 'futures'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];
export const PRICE_ALERT_DIRECTIONS = ['above', 'below'] as const;
export type PriceAlertDirection = (typeof PRICE_ALERT_DIRECTIONS)[number];
export const PRICE_ALERT_STATUSES = ['active', 'triggered', 'expired'] as const;
export type PriceAlertStatus = (typeof PRICE_ALERT_STATUSES)[number];

/** At most this many alerts per user that are still active. */
export const PRICE_ALERTS_MAX_ACTIVE = 50;

const alertCommon = {
  direction: z.enum(PRICE_ALERT_DIRECTIONS),
  level: levelPriceSchema,
  /** The alert stops watching after this day (null: until it fires or is removed). */
  expiresOn: isoDateSchema.nullable().optional(),
};

/**
 * POST alerts/:crop and PUT alerts/:crop/:alertId: a local bid (one location's bid for the crop and a delivery period,
 * by its id) or a futures contract (its symbol), above or below a level. Saving an alert (again) arms it.
 */
export const priceAlertBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bid'), bidId: id.positive(), ...alertCommon }).strict(),
  z
    .object({
      kind: z.literal('futures'),
      symbol: z.string().regex(/^[A-Z]{1,4}[FGHJKMNQUVXZ]\d{2}$/, 'Expected a futures symbol such as ZCZ26'),
      ...alertCommon,
    })
    .strict(),
]);
export type PriceAlertBody = z.infer<typeof priceAlertBodySchema>;

export const priceAlertSchema = z.object({
  id,
  kind: z.enum(PRICE_ALERT_KINDS),
  cropId: id,
  crop: z.string(),
  /** The futures contract watched, or the bid's futures (null for a flat bid). */
  symbol: z.string().nullable(),
  bidId: id.nullable(),
  marketId: id.nullable(),
  /** The location and delivery period of a bid alert ('Lakeview, MN · Oct 2026'): the bid's name. */
  market: z.string().nullable(),
  bidName: z.string().nullable(),
  deliveryStart: isoDateSchema.nullable(),
  deliveryEnd: isoDateSchema.nullable(),
  direction: z.enum(PRICE_ALERT_DIRECTIONS),
  level: decimalStringSchema,
  priceUnit: z.enum(['bushel', 'tonne']),
  status: z.enum(PRICE_ALERT_STATUSES),
  /** The price watched now (the bid's cash price or the futures' last), null when none is posted. */
  currentPrice: decimalStringSchema.nullable(),
  triggeredAt: z.string().nullable(),
  triggeredPrice: decimalStringSchema.nullable(),
  expiresOn: isoDateSchema.nullable(),
  createdAt: z.string(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const priceAlertListSchema = z.object({ alerts: z.array(priceAlertSchema) });
export type PriceAlertList = z.infer<typeof priceAlertListSchema>;

/** Whether a price has crossed an alert's level: at or above for 'above', at or below for 'below'. */
export function alertCrossed(direction: PriceAlertDirection, level: string, price: string | null): boolean {
  const p = toDecimalOrNull(price);
  if (p === null) return false;
  return direction === 'above' ? p.greaterThanOrEqualTo(level) : p.lessThanOrEqualTo(level);
}
