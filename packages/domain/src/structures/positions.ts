// The merchandiser's position (issue 18 'The merchandiser's position'; grain-marketing.md 7 position-manager,
// profit-center `positions`, `trades/:tradeId?`): net bushels by crop × futures month across purchase and sale
// contracts, priced and unpriced, the deltas of live structures, and the hedges entered as trades. Bushels are
// decimal strings; the farmer's sale is the merchandiser's purchase.

import { z } from 'zod';
import { decimalInSchema, decimalStringSchema, isoDateSchema } from '../crm/exact.ts';
import { futuresProductForCrop, type FuturesProduct } from '../bids/futures.ts';
import { structureLevelSchema } from './inputs.ts';

const decimal = decimalStringSchema;
const instant = z.string();

/** Bushels in one exchange contract of corn, soybeans and wheat (CBOT). */
export const BUSHELS_PER_FUTURES_CONTRACT = 5000;

export const HEDGE_INSTRUMENTS = ['futures', 'call', 'put'] as const;
export type HedgeInstrument = (typeof HEDGE_INSTRUMENTS)[number];
export const HEDGE_DIRECTIONS = ['buy', 'sell'] as const;
export type HedgeDirection = (typeof HEDGE_DIRECTIONS)[number];

export const hedgeTradeSchema = z.object({
  id: z.number().int(),
  cropId: z.number().int(),
  futuresSymbol: z.string(),
  optionMonth: z.string(),
  instrument: z.enum(HEDGE_INSTRUMENTS),
  direction: z.enum(HEDGE_DIRECTIONS),
  contracts: z.number().int(),
  /** contracts × 5,000. */
  bushels: decimal,
  strike: decimal.nullable(),
  /** The futures price, or the option's premium ($/bu). */
  price: decimal,
  tradedOn: isoDateSchema,
  account: z.string().nullable(),
  note: z.string(),
  createdBy: z.string().nullable(),
  version: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
  cancelledAt: instant.nullable(),
});
export type HedgeTrade = z.infer<typeof hedgeTradeSchema>;

export const hedgeTradeListSchema = z.object({ rows: z.array(hedgeTradeSchema) });

/** GET trades: the trades still standing (default) or every one, cancelled included; one crop's only. */
export const hedgeTradeListQuerySchema = z
  .object({
    cropId: z.coerce.number().int().positive().optional(),
    status: z.enum(['active', 'all']).default('active'),
  })
  .strict();

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'No NUL characters');

/** POST trades, PUT trades/:tradeId (If-Match version): a strike for an option, none for futures. */
export const hedgeTradeBodySchema = z
  .object({
    futuresSymbol: z
      .string()
      .max(12)
      .regex(/^[A-Za-z]{1,3}[FGHJKMNQUVXZfghjkmnquvxz]\d{2}$/, 'Expected a futures symbol such as ZCZ26')
      .transform((s) => s.toUpperCase()),
    instrument: z.enum(HEDGE_INSTRUMENTS),
    direction: z.enum(HEDGE_DIRECTIONS),
    contracts: z.number().int('Whole contracts').min(1, 'At least 1 contract').max(100_000),
    strike: structureLevelSchema.nullable().optional(),
    /** A futures price above 0; an option's premium 0 or more. */
    price: decimalInSchema({ min: '0', max: '1000', scale: 4, messages: { min: 'A price cannot be negative' } }),
    tradedOn: isoDateSchema,
    account: text(60).nullable().optional(),
    note: text(1000).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.instrument === 'futures' && b.strike != null)
      ctx.addIssue({ code: 'custom', path: ['strike'], message: 'A futures trade has no strike' });
    if (b.instrument !== 'futures' && b.strike == null)
      ctx.addIssue({ code: 'custom', path: ['strike'], message: 'An option needs a strike' });
    if (b.instrument === 'futures' && Number(b.price) === 0)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'A futures price must be greater than zero' });
  });
export type HedgeTradeBody = z.infer<typeof hedgeTradeBodySchema>;

/** GET positions, GET position-manager: one crop's only, and the markets whose contracts and structures count. */
export const positionsQuerySchema = z
  .object({
    cropId: z.coerce.number().int().positive().optional(),
    /** Comma-separated market ids (each one the user may see); none: every market the user sees. */
    marketIds: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, 'Expected comma-separated market ids such as 12,14')
      .optional(),
  })
  .strict();

/** One crop × futures month of the position (bushels; + long, − short, the merchandiser's side). */
export const positionRowSchema = z.object({
  cropId: z.number().int(),
  futuresSymbol: z.string().nullable(),
  optionMonth: z.string(),
  /** The futures price used (the latest quote); null without one. */
  futures: decimal.nullable(),
  /** When that quote was taken. */
  quotedAt: instant.nullable(),
  /** `future_beta` of the month (1 when the parameters have none): how far it moves per 1 move of the nearby. */
  futureBeta: z.number(),
  /** Remaining bushels of purchases whose futures are fixed (flat, HTA, priced): long. */
  purchasePriced: decimal,
  /** Remaining bushels of purchases whose futures are open (basis contracts, unpriced): no futures exposure. */
  purchaseUnpriced: decimal,
  /** Remaining bushels of sales whose futures are fixed, negative: short. */
  salePriced: decimal,
  saleUnpriced: decimal,
  /** The live structures' deltas (calc-theos), bushels of futures. */
  structureDelta: decimal,
  /** How many live structures the delta sums. */
  structureCount: z.number().int(),
  /**
   * When the oldest of those deltas was computed (the background valuation; the delta is moved to today's futures by
   * its gamma); null without structures.
   */
  structureDeltaAsOf: instant.nullable(),
  /** Live structures of the month not valued yet (traded a moment ago): not in structureDelta until the job values them. */
  structurePending: z.number().int(),
  hedgeFutures: decimal,
  hedgeOptionDelta: decimal,
  /** hedgeFutures + hedgeOptionDelta. */
  hedges: decimal,
  /** What the merchandiser must still hedge (bushels of futures; sell this many when positive). */
  netToHedge: decimal,
  /** netToHedge × futureBeta: the same exposure in bushels of the nearby month. */
  netToHedgeReference: decimal,
  /**
   * On the crop's nearby month (the first still trading): what it counts from months that expired (contracts, live
   * structures or hedges left on them — nobody can hedge those): the expired months ('YYYY-MM', oldest first) and their
   * net to hedge (bushels, in this row's figures). Null when none; absent from an older server.
   */
  fromExpiredMonths: z
    .object({ months: z.array(z.string()), bushels: decimal })
    .nullable()
    .optional(),
});
export type PositionRow = z.infer<typeof positionRowSchema>;

/** The figures of a crop's totals (the rows' sums). */
export const POSITION_TOTAL_FIGURES = [
  'purchasePriced',
  'purchaseUnpriced',
  'salePriced',
  'saleUnpriced',
  'structureDelta',
  'hedgeFutures',
  'hedgeOptionDelta',
  'hedges',
  'netToHedge',
  'netToHedgeReference',
] as const;

export const positionTotalsSchema = z.object({
  cropId: z.number().int(),
  purchasePriced: decimal,
  purchaseUnpriced: decimal,
  salePriced: decimal,
  saleUnpriced: decimal,
  structureDelta: decimal,
  hedgeFutures: decimal,
  hedgeOptionDelta: decimal,
  hedges: decimal,
  netToHedge: decimal,
  netToHedgeReference: decimal,
});
export type PositionTotals = z.infer<typeof positionTotalsSchema>;

const leftOut = z.array(z.object({ id: z.number().int(), reason: z.string() }));

export const positionsSchema = z.object({
  rows: z.array(positionRowSchema),
  /** Each crop's sums. */
  totals: z.array(positionTotalsSchema),
  valuedAt: instant,
  /** The day the structures and options were valued (the exchange's today). */
  valuationDate: isoDateSchema,
  /** The markets whose contracts and structures count (hedges are the partner's, whatever the markets). */
  marketIds: z.array(z.number().int()),
  structures: z.object({
    /** Live structures of these markets and crops. */
    count: z.number().int(),
    /** Deltas read from the stored risk (every structure valued in the background: the call itself never values). */
    cached: z.number().int(),
    /** Structures left out of the figures, with the reason (no quote for their month, no vol, …). */
    skipped: leftOut,
    /** Structures never valued yet (the background valuation has not reached them): not in the figures. */
    pending: leftOut,
    /** Of the deltas used, those being valued again (the structure changed, or futures moved far): shown meanwhile. */
    refreshing: z.number().int(),
    /** When the oldest and the newest delta used were computed; null when none is used. */
    oldestAt: instant.nullable(),
    newestAt: instant.nullable(),
  }),
  /** Option hedges left out (no quote or vol for their month), with the reason. */
  skippedTrades: leftOut,
});
export type Positions = z.infer<typeof positionsSchema>;

/**
 * The futures product a position of `cropId` is kept in: a crop whose futures trade in bushels (CBOT corn, soybeans,
 * SRW wheat and oats, KC HRW and Minneapolis spring wheat: 5,000-bu contracts); null for the others (canola trades in
 * tonnes on ICE; crops without futures).
 */
export function positionProduct(cropId: number): FuturesProduct | null {
  const product = futuresProductForCrop(cropId);
  return product && product.priceUnit === 'bushel' ? product : null;
}

const isWeekend = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return d === 0 || d === 6;
};
const shiftDay = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The last trading day of the standard options on a grain futures month (CBOT rule): the last Friday that precedes by
 * at least two business days the last business day of the month before the contract month (ZCZ26 → 2026-11-20).
 * `isTradingDay` is the exchange calendar (with its holidays; the engine's); without it, weekdays trade. A Friday the
 * exchange is closed moves to the business day before.
 */
export function optionExpiry(
  optionMonth: string,
  isTradingDay: (day: string) => boolean = (day) => !isWeekend(day),
): string {
  const [y, m] = optionMonth.split('-').map(Number) as [number, number];
  let day = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  while (!isTradingDay(day)) day = shiftDay(day, -1);
  for (let n = 0; n < 2;) {
    day = shiftDay(day, -1);
    if (isTradingDay(day)) n += 1;
  }
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 5) day = shiftDay(day, -1);
  while (!isTradingDay(day)) day = shiftDay(day, -1);
  return day;
}
