// The SCS pricing calls (grain-marketing.md 7 'Structured products (SCS)', under SCS_API): pricing-tool, calc-theos,
// solve-zero-premium, solve-zero-table, futures-symbols/calendar and current-price-info/cbot-symbol/:futuresSymbols.
// Money and prices are decimal strings (dollars, $/bu), bushels decimal strings; vols, rates and probabilities plain
// numbers. A request parses strictly: a bad field is a 400 naming it; the engine's refusals of inconsistent terms are
// 400 `invalid_structure_terms` with `details.field`; a solve with no root is a 200 with `status: 'no-zero-cost-level'`.

import { z } from 'zod';
import { decimalInSchema, decimalStringSchema, isoDateSchema } from '../crm/exact.ts';
import {
  SOLVE_FOR,
  STRUCTURE_TERMS_FIELDS,
  accumulatorInputSchema,
  structureInputSchema,
  structureLevelSchema,
} from './inputs.ts';
import { discountRateSchema, pathsSchema, volSchema } from './parameters.ts';

/** The structured-products calls hang off this prefix (grain-marketing.md 7). */
export const SCS_API = '/api/commodities/scs';
/** The `{exchange-platform}` of `current-price-info/{exchange-platform}-symbol/:futuresSymbols` (decision 062). */
export const SCS_EXCHANGE_PLATFORM = 'cbot';

/** The most cells a zero table solves (rows × columns), and its most rows or columns. */
export const ZERO_TABLE_MAX_SIDE = 8;
/** The most items one calc-theos values. */
export const CALC_THEOS_MAX_ITEMS = 50;
/**
 * The cost guards of the calls (paths × evaluations): a calc-theos values at most this many paths in all (its items'
 * default paths shrink to fit), a solve's evaluation at most SOLVE_MAX_PATHS, a zero table at most this many paths
 * per evaluation summed over its cells. Beyond them a request is a 400 naming `paths`.
 */
export const CALC_THEOS_MAX_TOTAL_PATHS = 5_000_000;
export const SOLVE_MAX_PATHS = 200_000;
export const ZERO_TABLE_MAX_TOTAL_PATHS = 1_600_000;
/** The longest span of a calendar call, in days. */
export const CALENDAR_MAX_DAYS = 3 * 366;
/** A seed: a 32-bit unsigned integer. */
export const seedSchema = z.number().int().min(0).max(4_294_967_295);

const decimal = decimalStringSchema;
const instant = z.string();

/** Overrides of today's market (the defaults: the latest quote of the structure's symbol, the partner's parameters). */
export const marketOverridesSchema = z.object({
  futures: structureLevelSchema.optional(),
  vol: volSchema.optional(),
  discountRate: discountRateSchema.optional(),
  /** The day valued (default: today in the exchange's time zone). */
  valuationDate: isoDateSchema.optional(),
});
export type MarketOverrides = z.infer<typeof marketOverridesSchema>;

const runFields = {
  market: marketOverridesSchema.optional(),
  /** Monte Carlo paths (default: the partner's parameters). */
  paths: pathsSchema.optional(),
  seed: seedSchema.optional(),
};

/** POST pricing-tool: one structure input valued at today's market (or the overrides). */
export const pricingToolRequestSchema = z.object({
  input: structureInputSchema,
  ...runFields,
  /** Deltas and gamma too (three revaluations of each path). Default true. */
  greeks: z.boolean().optional(),
});
export type PricingToolRequest = z.infer<typeof pricingToolRequestSchema>;

/** A valuation as the calls answer it (the engine's `Valuation`, money as decimal strings). */
export const valuationSchema = z.object({
  /** The farmer's fair value before the fee, dollars (0 at the zero-cost level; > 0: better than the market). */
  farmerValue: decimal,
  farmerValuePerBushel: decimal,
  /** The discounted fee on the expected priced bushels less the farmer's value, dollars. */
  merchandiserValue: decimal,
  merchandiserValuePerBushel: decimal,
  feeValue: decimal,
  /** Standard errors of the two values, dollars. */
  standardError: decimal,
  merchandiserStandardError: decimal,
  expectedPricedBushels: decimal,
  pricedBushelsStandardError: decimal,
  knockOutProbability: z.number(),
  doubleUpProbability: z.number(),
  /** The merchandiser's delta in bushels of futures of the structure's month; null without greeks. */
  delta: decimal.nullable(),
  deltaStandardError: decimal.nullable(),
  /** Bushels per $/bu; noisy by construction (decision 061 Limits): shown, not relied on. */
  gamma: decimal.nullable(),
  paths: z.number().int(),
  pathsPerSecond: z.number(),
  elapsedMs: z.number(),
  seed: z.number().int(),
  /** The vol and discount rate used (after the skew at the key level), and the futures. */
  vol: z.number(),
  discountRate: z.number(),
  futures: decimal,
  /** The futures symbol whose quote was used (null when the request gave the futures). */
  futuresSymbol: z.string().nullable(),
  valuationDate: isoDateSchema,
  /** Years from the valuation date to the last observation. */
  horizon: z.number(),
  valuedAt: instant,
});
export type Valuation = z.infer<typeof valuationSchema>;

export const pricingToolResponseSchema = z.object({
  valuation: valuationSchema,
  /** The engine's observation dates and their bushels (what the structure would observe). */
  observations: z.number().int(),
  /** The key level the skew was read at ($/bu; null for an average-price). */
  keyLevel: decimal.nullable(),
});
export type PricingToolResponse = z.infer<typeof pricingToolResponseSchema>;

/** POST calc-theos: saved structures (by id; a live one from its state) or inputs, valued with their deltas. */
export const calcTheosItemSchema = z.union([
  z.object({ structureId: z.number().int().positive() }),
  z.object({ key: z.string().min(1).max(60), input: structureInputSchema, market: marketOverridesSchema.optional() }),
]);
export const calcTheosRequestSchema = z.object({
  items: z.array(calcTheosItemSchema).min(1).max(CALC_THEOS_MAX_ITEMS),
  paths: pathsSchema.optional(),
  seed: seedSchema.optional(),
});
export type CalcTheosRequest = z.infer<typeof calcTheosRequestSchema>;

export const calcTheosResponseSchema = z.object({
  items: z.array(
    z.object({
      /** The request's key, or the structure id as text. */
      key: z.string(),
      structureId: z.number().int().nullable(),
      valuation: valuationSchema,
    }),
  ),
  /** The merchandiser's deltas summed per crop × futures month (bushels of futures). */
  months: z.array(
    z.object({
      cropId: z.number().int(),
      optionMonth: z.string(),
      futuresSymbol: z.string().nullable(),
      delta: decimal,
      gamma: decimal,
      structures: z.number().int(),
    }),
  ),
});
export type CalcTheosResponse = z.infer<typeof calcTheosResponseSchema>;

const levelRangeSchema = z
  .tuple([structureLevelSchema, structureLevelSchema])
  .refine(([lo, hi]) => Number(lo) < Number(hi), 'The range goes from a lower to a higher level');

/** The farmer's value per bushel to solve for, $/bu (default 0: the zero-cost level). */
const targetSchema = decimalInSchema({ min: '-5', max: '5', scale: 4 });

/** POST solve-zero-premium: the accumulation level (or knock-out) at which the structure costs the fee only. */
export const solveZeroPremiumRequestSchema = z.object({
  input: accumulatorInputSchema,
  solveFor: z.enum(SOLVE_FOR),
  /** Search range of the solved level; a default range around the futures otherwise (decision 061). */
  range: levelRangeSchema.optional(),
  target: targetSchema.optional(),
  ...runFields,
});
export type SolveZeroPremiumRequest = z.infer<typeof solveZeroPremiumRequestSchema>;

export const noZeroCostLevelSchema = z.object({
  status: z.literal('no-zero-cost-level'),
  range: z.tuple([decimal, decimal]),
  /** The farmer's value per bushel less the target at each end of the range ($/bu): the same sign at both. */
  valueAtLow: decimal,
  valueAtHigh: decimal,
  message: z.string(),
});

export const solveZeroPremiumResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('solved'),
    solveFor: z.enum(SOLVE_FOR),
    level: decimal,
    iterations: z.number().int(),
    valuation: valuationSchema,
  }),
  noZeroCostLevelSchema.extend({ solveFor: z.enum(SOLVE_FOR) }),
]);
export type SolveZeroPremiumResponse = z.infer<typeof solveZeroPremiumResponseSchema>;

/** POST solve-zero-table: zero-cost accumulation levels over knock-outs (rows) × period ends (columns). */
export const solveZeroTableRequestSchema = z.object({
  input: accumulatorInputSchema,
  knockOuts: z.array(structureLevelSchema).min(1).max(ZERO_TABLE_MAX_SIDE),
  ends: z.array(isoDateSchema).min(1).max(ZERO_TABLE_MAX_SIDE),
  range: levelRangeSchema.optional(),
  target: targetSchema.optional(),
  ...runFields,
});
export type SolveZeroTableRequest = z.infer<typeof solveZeroTableRequestSchema>;

export const zeroTableCellSchema = z.object({
  knockOut: decimal,
  end: isoDateSchema,
  result: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('solved'),
      level: decimal,
      farmerValuePerBushel: decimal,
      standardErrorPerBushel: decimal,
      expectedPricedBushels: decimal,
      knockOutProbability: z.number(),
    }),
    noZeroCostLevelSchema,
    z.object({ status: z.literal('invalid-terms'), field: z.enum(STRUCTURE_TERMS_FIELDS), message: z.string() }),
  ]),
});
export type ZeroTableCell = z.infer<typeof zeroTableCellSchema>;

export const solveZeroTableResponseSchema = z.object({
  /** Row by row: every end of the first knock-out, then the next. */
  cells: z.array(zeroTableCellSchema),
  futures: decimal,
  futuresSymbol: z.string().nullable(),
  vol: z.number(),
  paths: z.number().int(),
  seed: z.number().int(),
  elapsedMs: z.number(),
  valuationDate: isoDateSchema,
});
export type SolveZeroTableResponse = z.infer<typeof solveZeroTableResponseSchema>;

/** GET futures-symbols/calendar?from&to: the exchange's trading days and holidays (CBOT grains, decision 061). */
export const calendarQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((q) => q.from <= q.to, { message: 'From must not be after to', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= CALENDAR_MAX_DAYS, {
    message: `At most ${CALENDAR_MAX_DAYS} days`,
    path: ['to'],
  });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const calendarResponseSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  tradingDays: z.array(isoDateSchema),
  /** The weekly observation days (each week's last trading day). */
  weeklyDays: z.array(isoDateSchema),
  holidays: z.array(z.object({ date: isoDateSchema, name: z.string() })),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/** `current-price-info/cbot-symbol/:futuresSymbols`: 'ZCZ26' or 'ZCZ26,ZSX26' (1 to 20, upper-cased). */
export const futuresSymbolListParamSchema = z
  .string()
  .max(260)
  .transform((s) => [...new Set(s.split(',').map((x) => x.trim().toUpperCase()))])
  .refine(
    (symbols) => symbols.length <= 20 && symbols.every((x) => /^[A-Z]{1,3}[FGHJKMNQUVXZ]\d{2}$/.test(x)),
    'Expected comma-separated futures symbols such as ZCZ26,ZSX26',
  );
