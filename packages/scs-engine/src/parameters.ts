// The pricing parameters an admin edits (grain-marketing.md 7, profit-center calls `scs_parameters`, `future_beta`,
// `option_beta`, `option_vol` — each per contract list — and `skew/:cropId?`), their seeded defaults, and the
// volatility model that reads them: vol = option_vol of the structure's futures month + skew(strike / futures).
// Crop ids are the platform's (@granary/domain CROP_IDS: corn 1, soybeans 2, wheat 45).

export const SCS_CROP_IDS = { corn: 1, soybeans: 2, wheat: 45 } as const;

/** A contract key: a month code ('Z': that month every year, the seasonal default) or an option month 'YYYY-MM'. */
export type ContractKey = string;

/** `scs_parameters`: one row per crop. */
export type ScsParameters = {
  cropId: number;
  /** Continuously compounded discount rate (decimal, 0.04 = 4 %). */
  discountRate: number;
  /** Fee the merchandiser takes off the futures price of each priced bushel ($/bu), proposed on new structures. */
  defaultFee: number;
  /** Monte Carlo paths of a valuation, and of each evaluation inside a solver (common random numbers). */
  paths: number;
  solverPaths: number;
  /** Relative futures bump of the deltas (`calc-theos`), e.g. 0.01. */
  deltaBump: number;
};

/** `option_vol`: the implied volatility (at the money) of a futures month's options. */
export type OptionVol = { cropId: number; contract: ContractKey; vol: number };

/** `future_beta`: how far a futures month moves per 1 move of the crop's nearby month (maps deltas onto hedge months). */
export type FutureBeta = { cropId: number; contract: ContractKey; beta: number };

/** `option_beta`: how many vol points a month's implied vol moves per vol point of the nearby month. */
export type OptionBeta = { cropId: number; contract: ContractKey; beta: number };

/** `skew`: vol added at a moneyness (strike / futures); linear between points, flat beyond the ends. */
export type SkewPoint = { moneyness: number; volAdd: number };
export type Skew = { cropId: number; points: SkewPoint[] };

export type PricingParameters = {
  scs: ScsParameters[];
  optionVols: OptionVol[];
  futureBetas: FutureBeta[];
  optionBetas: OptionBeta[];
  skews: Skew[];
};

const { corn, soybeans, wheat } = SCS_CROP_IDS;

const scsRow = (cropId: number, defaultFee: number): ScsParameters => ({
  cropId,
  discountRate: 0.04,
  defaultFee,
  paths: 100_000,
  solverPaths: 20_000,
  deltaBump: 0.01,
});

const seasonal = (cropId: number, vols: Record<string, number>): OptionVol[] =>
  Object.entries(vols).map(([contract, vol]) => ({ cropId, contract, vol }));

const betas = (cropId: number, values: Record<string, number>): FutureBeta[] =>
  Object.entries(values).map(([contract, beta]) => ({ cropId, contract, beta }));

/**
 * Seeded defaults (docs/decisions/061): at-the-money implied vols of CBOT options in a typical year — corn 20–30 %
 * peaking on July (pollination), soybeans 16–24 % peaking on July/August (pod set), SRW wheat 26–32 %; the futures
 * and option betas of deferred months fall below 1 (a deferred month moves less than the nearby); the skew is the
 * grains' call skew (out-of-the-money calls carry more vol than puts, weather rallies), a few vol points at ±20 %.
 * A discount rate of 4 % (short-term dollar rates, 2025–2026). They are a starting point an admin replaces.
 */
export const DEFAULT_PARAMETERS: PricingParameters = {
  scs: [scsRow(corn, 0.05), scsRow(soybeans, 0.08), scsRow(wheat, 0.06)],
  optionVols: [
    ...seasonal(corn, { H: 0.22, K: 0.25, N: 0.28, U: 0.26, Z: 0.24 }),
    ...seasonal(soybeans, { F: 0.17, H: 0.18, K: 0.2, N: 0.23, Q: 0.23, U: 0.21, X: 0.19 }),
    ...seasonal(wheat, { H: 0.28, K: 0.3, N: 0.31, U: 0.29, Z: 0.28 }),
  ],
  futureBetas: [
    ...betas(corn, { H: 1, K: 0.98, N: 0.95, U: 0.9, Z: 0.88 }),
    ...betas(soybeans, { F: 1, H: 0.98, K: 0.97, N: 0.95, Q: 0.92, U: 0.88, X: 0.85 }),
    ...betas(wheat, { H: 1, K: 0.98, N: 0.96, U: 0.94, Z: 0.92 }),
  ],
  optionBetas: [
    ...betas(corn, { H: 1, K: 0.95, N: 0.9, U: 0.8, Z: 0.75 }),
    ...betas(soybeans, { F: 1, H: 0.95, K: 0.92, N: 0.9, Q: 0.85, U: 0.8, X: 0.75 }),
    ...betas(wheat, { H: 1, K: 0.95, N: 0.9, U: 0.85, Z: 0.8 }),
  ],
  skews: [corn, soybeans, wheat].map((cropId) => ({
    cropId,
    points: [
      { moneyness: 0.8, volAdd: 0.02 },
      { moneyness: 0.9, volAdd: 0.005 },
      { moneyness: 1, volAdd: 0 },
      { moneyness: 1.1, volAdd: 0.015 },
      { moneyness: 1.2, volAdd: 0.035 },
    ],
  })),
};

const MONTH_CODES = 'FGHJKMNQUVXZ';

/** The row of a contract: the option month's own ('2027-12') before the month code's ('Z'). */
function byContract<T extends { cropId: number; contract: ContractKey }>(
  rows: readonly T[],
  cropId: number,
  optionMonth: string,
): T | undefined {
  const code = MONTH_CODES[Number(optionMonth.slice(5, 7)) - 1];
  return (
    rows.find((r) => r.cropId === cropId && r.contract === optionMonth) ??
    rows.find((r) => r.cropId === cropId && r.contract === code)
  );
}

/** The skew at a moneyness: linear between points, flat beyond the ends, 0 without points. */
export function skewAt(points: readonly SkewPoint[], moneyness: number): number {
  if (points.length === 0) return 0;
  const sorted = [...points].sort((a, b) => a.moneyness - b.moneyness);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  if (moneyness <= first.moneyness) return first.volAdd;
  if (moneyness >= last.moneyness) return last.volAdd;
  for (let i = 1; i < sorted.length; i++) {
    const hi = sorted[i]!;
    if (moneyness <= hi.moneyness) {
      const lo = sorted[i - 1]!;
      const w = (moneyness - lo.moneyness) / (hi.moneyness - lo.moneyness);
      return lo.volAdd + w * (hi.volAdd - lo.volAdd);
    }
  }
  return last.volAdd;
}

export type ResolvedMarket = { vol: number; discountRate: number; futureBeta: number; optionBeta: number };

/**
 * The volatility and rate a structure on `optionMonth` of `cropId` is priced with: the month's option vol plus the
 * crop's skew at `strike / futures` (the structure's key level, e.g. its accumulation level). Null when the
 * parameters have no vol for that month or no row for the crop.
 */
export function resolveMarket(
  parameters: PricingParameters,
  q: { cropId: number; optionMonth: string; futures: number; strike: number },
): ResolvedMarket | null {
  const scs = parameters.scs.find((r) => r.cropId === q.cropId);
  const vol = byContract(parameters.optionVols, q.cropId, q.optionMonth);
  if (!scs || !vol) return null;
  const skew = parameters.skews.find((s) => s.cropId === q.cropId);
  return {
    vol: vol.vol + (skew ? skewAt(skew.points, q.strike / q.futures) : 0),
    discountRate: scs.discountRate,
    futureBeta: byContract(parameters.futureBetas, q.cropId, q.optionMonth)?.beta ?? 1,
    optionBeta: byContract(parameters.optionBetas, q.cropId, q.optionMonth)?.beta ?? 1,
  };
}

/**
 * The market a structure is priced in from the admin's parameters and today's futures of its month, and the vol at
 * any key level (for the solvers' `volAt`, as the skew moves with the level). Null when the parameters lack the crop
 * or the month.
 */
export function marketFromParameters(
  parameters: PricingParameters,
  q: { cropId: number; optionMonth: string; valuationDate: string; futures: number; keyLevel: number },
): {
  market: { valuationDate: string; futures: number; vol: number; discountRate: number };
  volAt: (keyLevel: number) => number;
} | null {
  const at = (keyLevel: number) => resolveMarket(parameters, { ...q, strike: keyLevel > 0 ? keyLevel : q.futures });
  const resolved = at(q.keyLevel);
  if (!resolved) return null;
  return {
    market: {
      valuationDate: q.valuationDate,
      futures: q.futures,
      vol: resolved.vol,
      discountRate: resolved.discountRate,
    },
    volAt: (keyLevel) => at(keyLevel)?.vol ?? resolved.vol,
  };
}
