// Structured grain products (issue 18; docs/decisions/061 the engine, 062 the server): the builder input a
// merchandiser types for a structure, shared by the server (route schemas, conversion to the engine's builders) and
// the web (the pricing tool's form). The field names are the engine's (`accumulator`, `minimumPrice`, `hta`,
// `averagePrice` in @granary/scs-engine builders.ts), so the server's conversion is mechanical and the engine's
// `ScsTermsError.field` names a form field. Prices and fees are decimal strings in $/bu (up to 4 decimals),
// quantities decimal strings in bushels (up to 2), dates ISO days. Each field is checked on its own here; the terms'
// consistency (knock-out on the right side, end after start, trading days in the period) is the engine's, answered
// 400 `invalid_structure_terms` with `details.field`.

import { z } from 'zod';
import { decimalInSchema, isoDateSchema } from '../crm/exact.ts';

/** The kinds of structure the merchandiser builds (the engine's builders). */
export const STRUCTURE_KINDS = ['accumulator', 'minimum-price', 'hta', 'average-price'] as const;
export type StructureKindName = (typeof STRUCTURE_KINDS)[number];

/** The farmer's side: 'sale' (the common accumulator) or 'purchase' (every rule mirrored). */
export const STRUCTURE_SIDES = ['sale', 'purchase'] as const;
export type StructureSide = (typeof STRUCTURE_SIDES)[number];

export const ACCUMULATION_FREQUENCIES = ['daily', 'weekly'] as const;
export const DOUBLE_UP_KINDS = ['none', 'daily', 'euro'] as const;
export const KNOCK_OUT_MONITORINGS = ['discrete', 'continuous'] as const;

/** Highest level, fee and quantity a structure accepts (a typo guard, far above any grain price). */
export const STRUCTURE_MAX_LEVEL = '1000';
export const STRUCTURE_MAX_FEE = '5';
export const STRUCTURE_MAX_QUANTITY = '100000000';

/** A futures level in $/bu: above 0, up to 4 decimals. */
export const structureLevelSchema = decimalInSchema({
  min: '0',
  minExclusive: true,
  max: STRUCTURE_MAX_LEVEL,
  scale: 4,
  messages: { min: 'A level must be greater than zero' },
});

/** The merchandiser's fee in $/bu: 0 or more, up to 4 decimals. */
export const structureFeeSchema = decimalInSchema({
  min: '0',
  max: STRUCTURE_MAX_FEE,
  scale: 4,
  messages: { min: 'A fee cannot be negative' },
});

/** Bushels: above 0, up to 2 decimals. */
export const structureQuantitySchema = decimalInSchema({
  min: '0',
  minExclusive: true,
  max: STRUCTURE_MAX_QUANTITY,
  scale: 2,
  messages: { min: 'The quantity must be greater than zero' },
});

/** A futures month 'YYYY-MM' (the contracts' optionMonth). */
export const optionMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a futures month as YYYY-MM');

const periodFields = {
  side: z.enum(STRUCTURE_SIDES),
  cropId: z.number().int().positive(),
  optionMonth: optionMonthSchema,
  start: isoDateSchema,
  end: isoDateSchema,
  /** Total committed bushels (before any double-up). */
  quantity: structureQuantitySchema,
  fee: structureFeeSchema,
};

export const accumulatorInputSchema = z.object({
  kind: z.literal('accumulator'),
  ...periodFields,
  frequency: z.enum(ACCUMULATION_FREQUENCIES),
  accumulationLevel: structureLevelSchema,
  /** null: no knock-out. */
  knockOut: structureLevelSchema.nullable(),
  knockOutMonitoring: z.enum(KNOCK_OUT_MONITORINGS).optional(),
  knockOutDayPriced: z.boolean().optional(),
  doubleUp: z.enum(DOUBLE_UP_KINDS),
  /** Conditional double-up: doubles only for settles beyond it (default: the accumulation level). */
  doubleUpTrigger: structureLevelSchema.nullable().optional(),
  /** Guaranteed floor on the bushels a knock-out leaves unpriced. */
  floor: structureLevelSchema.nullable().optional(),
  /** Settles beyond the barrier (a sale: below it) price the day's bushels at the protection level. */
  pricingBarrier: z
    .object({ level: structureLevelSchema, protectionLevel: structureLevelSchema })
    .nullable()
    .optional(),
});
export type AccumulatorStructureInput = z.infer<typeof accumulatorInputSchema>;

/** Minimum price (a sale; a purchase is a maximum price): max(floor, final settle) on the whole quantity. */
export const minimumPriceInputSchema = z.object({
  kind: z.literal('minimum-price'),
  ...periodFields,
  floor: structureLevelSchema,
});

/** Hedge-to-arrive: the whole quantity at a fixed futures level. */
export const htaInputSchema = z.object({
  kind: z.literal('hta'),
  ...periodFields,
  futuresLevel: structureLevelSchema,
});

/** Average price: each trading day (or week) of the period prices its slice at the settle. */
export const averagePriceInputSchema = z.object({
  kind: z.literal('average-price'),
  ...periodFields,
  frequency: z.enum(ACCUMULATION_FREQUENCIES).optional(),
});

/** The builder input of a structure: one of the four kinds, by `kind`. */
export const structureInputSchema = z.discriminatedUnion('kind', [
  accumulatorInputSchema,
  minimumPriceInputSchema,
  htaInputSchema,
  averagePriceInputSchema,
]);
export type StructureInput = z.infer<typeof structureInputSchema>;

/** The level a zero-cost solve moves: the accumulation level or the knock-out (accumulators only). */
export const SOLVE_FOR = ['accumulationLevel', 'knockOut'] as const;
export type SolveForField = (typeof SOLVE_FOR)[number];

/**
 * The fields the engine's `ScsTermsError.field` can name (400 `invalid_structure_terms`, `details.field`): the input's
 * own, plus the market's and the run's.
 */
export const STRUCTURE_TERMS_FIELDS = [
  'side',
  'quantity',
  'start',
  'end',
  'observations',
  'accumulationLevel',
  'futuresLevel',
  'knockOut',
  'doubleUpTrigger',
  'floor',
  'pricingBarrier',
  'fee',
  'optionMonth',
  'cropId',
  'valuationDate',
  'futures',
  'vol',
  'discountRate',
  'paths',
  'range',
] as const;
export type StructureTermsField = (typeof STRUCTURE_TERMS_FIELDS)[number];
