// The merchandiser's position (issue 18 'The merchandiser's position'; grain-marketing.md 7 position-manager,
// profit-center `positions`, `trades/:tradeId?`): net bushels by crop × futures month across purchase and sale
// contracts, priced and unpriced, the deltas of live structures, and the hedges entered as trades. Bushels are
// decimal strings; the farmer's sale is the merchandiser's purchase.

import { z } from 'zod';
import { decimalInSchema, decimalStringSchema, isoDateSchema } from '../crm/exact.ts';
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

/** One crop × futures month of the position (bushels; + long, − short, the merchandiser's side). */
export const positionRowSchema = z.object({
  cropId: z.number().int(),
  futuresSymbol: z.string().nullable(),
  optionMonth: z.string(),
  /** The futures price used (the latest quote); null without one. */
  futures: decimal.nullable(),
  purchasePriced: decimal,
  purchaseUnpriced: decimal,
  salePriced: decimal,
  saleUnpriced: decimal,
  /** The live structures' deltas (calc-theos), bushels of futures. */
  structureDelta: decimal,
  hedgeFutures: decimal,
  hedgeOptionDelta: decimal,
  /** hedgeFutures + hedgeOptionDelta. */
  hedges: decimal,
  /** What the merchandiser must still hedge (bushels of futures; sell this many when positive). */
  netToHedge: decimal,
});
export type PositionRow = z.infer<typeof positionRowSchema>;

export const positionsSchema = z.object({ rows: z.array(positionRowSchema), valuedAt: instant });
export type Positions = z.infer<typeof positionsSchema>;
