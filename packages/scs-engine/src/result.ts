// Block sums → a valuation: the control-variate estimate (regression on the terminal futures and a vanilla call at the
// key level, both of known mean), its standard error, and the other figures (issue 18 "The engine").

import type { Plan } from './plan.ts';
import { NSTAT, S } from './simulate.ts';

export type Valuation = {
  /**
   * The farmer's fair value of the structure in dollars, before the fee: E[df × Σ priced bushels × (price − final
   * futures)] for a sale (mirrored for a purchase). Zero at the zero-cost level; positive = the farmer gets more than
   * the market.
   */
  farmerValue: number;
  /** The same per committed bushel ($/bu). */
  farmerValuePerBushel: number;
  /** The merchandiser's fair value: the discounted fee on the expected priced bushels less the farmer's value. */
  merchandiserValue: number;
  /** The discounted fee income alone. */
  feeValue: number;
  /** Standard errors (dollars) of the two values. */
  standardError: number;
  merchandiserStandardError: number;
  expectedPricedBushels: number;
  pricedBushelsStandardError: number;
  knockOutProbability: number;
  doubleUpProbability: number;
  /**
   * The merchandiser's delta (bushels of futures of the structure's month: ∂value/∂futures) and gamma (bushels per
   * $/bu), by common-random-number bumps; null unless greeks were asked for.
   */
  delta: number | null;
  deltaStandardError: number | null;
  gamma: number | null;
  paths: number;
  seed: number;
  vol: number;
  /** Years from the valuation date to the last observation. */
  horizon: number;
  discountFactor: number;
};

/** Adds block sums into one vector, in block order. */
export function sumBlocks(chunks: readonly Float64Array[]): Float64Array {
  const total = new Float64Array(NSTAT);
  for (const chunk of chunks)
    for (let o = 0; o < chunk.length; o += NSTAT) for (let i = 0; i < NSTAT; i++) total[i] = total[i]! + chunk[o + i]!;
  return total;
}

function meanAndSe(sum: number, sumSq: number, n: number): [number, number] {
  const mean = sum / n;
  const variance = Math.max(0, (sumSq / n - mean * mean) * (n / Math.max(1, n - 1)));
  return [mean, Math.sqrt(variance / n)];
}

/** The control-variate estimate of E[y] and its standard error (β fitted on the same sample). */
function controlled(t: Float64Array, controls: number): [number, number] {
  const n = t[S.n]!;
  const my = t[S.y]! / n;
  const m1 = t[S.x1]! / n;
  const m2 = t[S.x2]! / n;
  const vy = t[S.yy]! / n - my * my;
  const c11 = t[S.x1x1]! / n - m1 * m1;
  const c22 = t[S.x2x2]! / n - m2 * m2;
  const c12 = t[S.x1x2]! / n - m1 * m2;
  const cy1 = t[S.yx1]! / n - my * m1;
  const cy2 = t[S.yx2]! / n - my * m2;
  let b1 = 0;
  let b2 = 0;
  if (controls === 1 && c11 > 0) b1 = cy1 / c11;
  if (controls === 2) {
    const det = c11 * c22 - c12 * c12;
    if (det > 1e-12 * Math.max(1e-300, c11 * c22)) {
      b1 = (cy1 * c22 - cy2 * c12) / det;
      b2 = (cy2 * c11 - cy1 * c12) / det;
    } else if (c11 > 0) b1 = cy1 / c11;
  }
  const estimate = my - b1 * m1 - b2 * m2;
  const residual = vy - 2 * (b1 * cy1 + b2 * cy2) + b1 * b1 * c11 + 2 * b1 * b2 * c12 + b2 * b2 * c22;
  const dof = Math.max(1, n - 1 - controls);
  return [estimate, Math.sqrt((Math.max(0, residual) * (n / dof)) / n)];
}

export function toValuation(p: Plan, t: Float64Array): Valuation {
  const n = t[S.n]!;
  const [farmerValue, se] = controlled(t, p.controls);
  const [bushels, bushelsSe] = meanAndSe(t[S.b]!, t[S.bb]!, n);
  const feeValue = p.df * p.fee * bushels;
  const feeSe = p.df * p.fee * bushelsSe;
  let delta: number | null = null;
  let deltaSe: number | null = null;
  let gamma: number | null = null;
  if (p.greeks === 1) {
    const width = p.f0 * (Math.exp(p.lnUp) - Math.exp(p.lnDown));
    const [d, dse] = meanAndSe(t[S.d]!, t[S.dd]!, n);
    delta = d / width;
    deltaSe = dse / width;
    gamma = t[S.g]! / n / (p.f0 * p.bump) ** 2;
  }
  return {
    farmerValue,
    farmerValuePerBushel: farmerValue / p.quantity,
    merchandiserValue: feeValue - farmerValue,
    feeValue,
    standardError: se,
    merchandiserStandardError: Math.hypot(se, feeSe),
    expectedPricedBushels: bushels,
    pricedBushelsStandardError: bushelsSe,
    knockOutProbability: t[S.ko]! / (2 * n),
    doubleUpProbability: t[S.dbl]! / (2 * n),
    delta,
    deltaStandardError: deltaSe,
    gamma,
    paths: 2 * n,
    seed: p.seed,
    vol: p.vol,
    horizon: p.horizon,
    discountFactor: p.df,
  };
}
