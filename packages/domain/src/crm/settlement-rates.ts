// A partner's own checkoff/levy rates and storage rates (issue 14 leftover; decision 044 addendum). Settlements
// created after a save take these; the settlements made before keep the amounts they took.
import { z } from 'zod';
import { cropById } from './crops.ts';
import { KG_PER_LB } from '../store/feed-efficiency.ts';
import { bushelWeightLb } from './deliveries.ts';
import { decimalInSchema, decimalString, toDecimal } from './exact.ts';

export const SETTLEMENT_RATES_PATH = '/api/commodities/merchandising/settlement-rates';

/** Per bushel ($/bu), per tonne ($/t, converted with the crop's bushel weight) or a fraction of value (0.005). */
export const LEVY_BASES = ['per_bushel', 'per_tonne', 'pct_of_value'] as const;
export type LevyBasis = (typeof LEVY_BASES)[number];

/** The region of a national program (every state or province). */
export const NATIONAL_REGION = '*';

const rateSchema = decimalInSchema({
  min: '0',
  max: '999999',
  scale: 6,
  messages: { min: 'A rate cannot be negative' },
});

export const levyRateSchema = z.object({
  cropId: z.number().int().positive(),
  /** A state, province or territory code of the partner's country ('IA', 'SK', 'NSW'), or '*' (national). */
  region: z.string().trim().min(1).max(3),
  name: z.string().trim().min(1).max(120),
  basis: z.enum(LEVY_BASES),
  rate: rateSchema,
  source: z.string().trim().max(500),
});
export type LevyRate = z.infer<typeof levyRateSchema>;

export const storageRateSchema = z.object({
  marketId: z.number().int().positive(),
  /** null: every crop of the market without a rate of its own. */
  cropId: z.number().int().positive().nullable(),
  freeDays: z.number().int().min(0).max(3650),
  ratePerBushelPerDay: rateSchema,
});
export type StorageRate = z.infer<typeof storageRateSchema>;

export const settlementRatesSaveSchema = z.object({
  levies: z.array(levyRateSchema).max(200),
  storage: z.array(storageRateSchema).max(500),
});
export type SettlementRatesSave = z.infer<typeof settlementRatesSaveSchema>;

export const settlementRatesSchema = settlementRatesSaveSchema.extend({
  /** 0 until the partner saves its own rates (If-Match "0" for the first save). */
  version: z.number().int().min(0),
  /** The partner's country (its markets'): USA says "Checkoff", CAN and AUS "Levies". */
  country: z.enum(['USA', 'CAN', 'AUS']),
  /** True while the partner has not saved its own levies: the published US programs are shown (none elsewhere). */
  defaults: z.boolean(),
});
export type SettlementRates = z.infer<typeof settlementRatesSchema>;

/** The word for the deductions: "Checkoff" in the USA, "Levies" in Canada and Australia. */
export function levyWordOf(country: string): 'checkoff' | 'levies' {
  return country === 'USA' ? 'checkoff' : 'levies';
}

/**
 * A levy as the settlement arithmetic takes it (per bushel or a fraction of value): a per-tonne rate becomes
 * $/t × the crop's bushel weight in tonnes. null when a per-tonne rate's crop has no bushel weight.
 */
export function levyForSettlement(
  basis: LevyBasis,
  rate: string,
  cropId: number,
): { basis: 'per_bushel' | 'pct_of_value'; rate: string } | null {
  if (basis !== 'per_tonne') return { basis, rate };
  const lb = tonneCropWeightLb(cropId);
  if (lb === null) return null;
  return { basis: 'per_bushel', rate: decimalString(toDecimal(rate).times(lb).times(KG_PER_LB).div(1000)) };
}

/** The bushel weight (lb) of a crop a per-tonne rate may be set for; null when it has none. */
export function tonneCropWeightLb(cropId: number): number | null {
  const crop = cropById(cropId);
  return crop ? bushelWeightLb(crop.name) : null;
}
