// The SCS pricing parameters an admin edits (grain-marketing.md 7, profit-center calls `scs_parameters`,
// `future_beta`, `option_beta`, `option_vol` — each `/:contractList?` — and `skew/:cropId?`), mirroring the engine's
// `PricingParameters` pieces (@granary/scs-engine parameters.ts) with the bounds the server enforces. Vols, rates,
// betas and moneyness are plain numbers (decimals: 0.25 = 25 %); the fee is a decimal string in $/bu.
//
// Each call reads and writes one piece. GET answers the rows (all, or those of the path's list); PUT replaces exactly
// what the same path's GET answers with the body's rows (the whole piece without a list; with a list, the rows of the
// listed keys — a listed key missing from the body is removed). If-Match carries `version` (0 while the partner still
// prices with the seeded defaults).

import { z } from 'zod';
import { structureFeeSchema } from './inputs.ts';

/** Bounds of the parameters (a PUT outside them is a 400 naming the field). */
export const SCS_PARAMETER_BOUNDS = {
  vol: { min: 0, max: 3 },
  discountRate: { min: -0.05, max: 0.5 },
  paths: { min: 1_000, max: 1_000_000 },
  deltaBump: { min: 0.001, max: 0.1 },
  beta: { min: 0, max: 3 },
  moneyness: { min: 0.1, max: 5 },
  volAdd: { min: -1, max: 1 },
  skewPoints: 20,
  rows: 500,
} as const;

const B = SCS_PARAMETER_BOUNDS;

/** A contract key: a month code ('Z': that month every year, the seasonal default) or a futures month 'YYYY-MM'. */
export const CONTRACT_KEY_PATTERN = /^([FGHJKMNQUVXZ]|\d{4}-(0[1-9]|1[0-2]))$/;
export const contractKeySchema = z
  .string()
  .regex(CONTRACT_KEY_PATTERN, 'Expected a contract month code (F…Z) or a futures month YYYY-MM');

/** A path's `:contractList`: comma-separated contract keys ('Z', 'Z,H', '2027-12'), 1 to 50 of them. */
export const contractListParamSchema = z
  .string()
  .max(500)
  .transform((s) => [...new Set(s.split(',').map((k) => k.trim().toUpperCase()))])
  .refine(
    (keys) => keys.length >= 1 && keys.length <= 50 && keys.every((k) => CONTRACT_KEY_PATTERN.test(k)),
    'Expected comma-separated contract keys such as Z,H or 2027-12',
  );

/** `scs_parameters/:contractList?`'s list: comma-separated crop ids ('1,45'), the crops of the rows. */
export const cropIdListParamSchema = z
  .string()
  .regex(/^\d{1,6}(,\d{1,6}){0,49}$/, 'Expected comma-separated crop ids such as 1,2')
  .transform((s) => [...new Set(s.split(',').map(Number))]);

const cropId = z.number().int().positive();
const finiteBetween = (min: number, max: number, what: string, exclusiveMin = false) =>
  z
    .number()
    .refine((v) => Number.isFinite(v), `${what} must be a number`)
    .refine(
      (v) => (exclusiveMin ? v > min : v >= min),
      exclusiveMin ? `${what} must be above ${min}` : `${what} must be at least ${min}`,
    )
    .refine((v) => v <= max, `${what} must be at most ${max}`);

export const volSchema = finiteBetween(B.vol.min, B.vol.max, 'Volatility', true).refine(
  (v) => v < B.vol.max,
  `Volatility must be below ${B.vol.max}`,
);
export const discountRateSchema = finiteBetween(B.discountRate.min, B.discountRate.max, 'Discount rate');
export const pathsSchema = z
  .number()
  .int('Paths must be a whole number')
  .min(B.paths.min, `Paths must be at least ${B.paths.min.toLocaleString('en-US')}`)
  .max(B.paths.max, `Paths must be at most ${B.paths.max.toLocaleString('en-US')}`);
const betaSchema = finiteBetween(B.beta.min, B.beta.max, 'Beta');

/** One crop's `scs_parameters` row. */
export const scsParametersRowSchema = z.object({
  cropId,
  discountRate: discountRateSchema,
  defaultFee: structureFeeSchema,
  paths: pathsSchema,
  solverPaths: pathsSchema,
  deltaBump: finiteBetween(B.deltaBump.min, B.deltaBump.max, 'Delta bump'),
});
export type ScsParametersRow = z.infer<typeof scsParametersRowSchema>;

export const optionVolRowSchema = z.object({ cropId, contract: contractKeySchema, vol: volSchema });
export type OptionVolRow = z.infer<typeof optionVolRowSchema>;

export const betaRowSchema = z.object({ cropId, contract: contractKeySchema, beta: betaSchema });
export type BetaRow = z.infer<typeof betaRowSchema>;

export const skewPointSchema = z.object({
  moneyness: finiteBetween(B.moneyness.min, B.moneyness.max, 'Moneyness'),
  volAdd: finiteBetween(B.volAdd.min, B.volAdd.max, 'Skew'),
});
export const skewRowSchema = z.object({
  cropId,
  points: z
    .array(skewPointSchema)
    .max(B.skewPoints)
    .refine(
      (points) => new Set(points.map((p) => p.moneyness)).size === points.length,
      'Each moneyness appears once in a skew',
    ),
});
export type SkewRow = z.infer<typeof skewRowSchema>;

/** Rows keyed by crop (and contract): a key twice in one body is refused. */
function uniqueRows<T extends z.ZodType<{ cropId: number; contract?: string }>>(row: T) {
  return z
    .array(row)
    .max(B.rows)
    .refine((rows) => {
      const keys = rows.map((r) => `${r.cropId}:${r.contract ?? ''}`);
      return new Set(keys).size === keys.length;
    }, 'Each crop (and contract) appears once');
}

export const scsParametersBodySchema = z.object({ rows: uniqueRows(scsParametersRowSchema) });
export const optionVolBodySchema = z.object({ rows: uniqueRows(optionVolRowSchema) });
export const betaBodySchema = z.object({ rows: uniqueRows(betaRowSchema) });
export const skewBodySchema = z.object({ rows: uniqueRows(skewRowSchema) });

const answerFields = {
  /** The If-Match of the next PUT; 0 while the partner prices with the seeded defaults. */
  version: z.number().int().min(0),
  /** True while no admin has saved the partner's parameters (the seeded values apply). */
  defaults: z.boolean(),
  updatedAt: z.string().nullable(),
};

export const scsParametersResponseSchema = z.object({ ...answerFields, rows: z.array(scsParametersRowSchema) });
export type ScsParametersResponse = z.infer<typeof scsParametersResponseSchema>;
export const optionVolResponseSchema = z.object({ ...answerFields, rows: z.array(optionVolRowSchema) });
export type OptionVolResponse = z.infer<typeof optionVolResponseSchema>;
export const betaResponseSchema = z.object({ ...answerFields, rows: z.array(betaRowSchema) });
export type BetaResponse = z.infer<typeof betaResponseSchema>;
export const skewResponseSchema = z.object({ ...answerFields, rows: z.array(skewRowSchema) });
export type SkewResponse = z.infer<typeof skewResponseSchema>;

/** The parameter pieces by call name (the profit-center paths). */
export const SCS_PARAMETER_CALLS = ['scs_parameters', 'future_beta', 'option_beta', 'option_vol', 'skew'] as const;
export type ScsParameterCall = (typeof SCS_PARAMETER_CALLS)[number];
