// A live structure's risk for the position (docs/decisions/062 'Positions', addendum 'Stored risk'): its delta and
// gamma by the engine's calcTheos at a market (the latest quote of the structure's month, on its tick, and the
// partner's parameters). The background job (positions.risk.ts) calls it and stores the result; the position call
// never runs it.

import type { PricingParameters, BlockRunner, StructureState, StructureTerms } from '@granary/scs-engine';
import { ScsTermsError, calcTheos, marketFromParameters } from '@granary/scs-engine';
import { positionProduct } from '@granary/domain';

/** Monte Carlo paths of each structure's delta in the position (delta standard error ≈ 2 % of the delta). */
export const POSITION_PATHS = 20_000;

/** What the engine needs of a structure to value its risk. */
export type RiskSubject = {
  id: number;
  cropId: number;
  optionMonth: string;
  futuresSymbol: string;
  terms: StructureTerms;
  state: StructureState;
};

/** A structure's risk at F0 (`futures`), or why it could not be valued (delta null, `reason`). */
export type RiskOutcome = {
  futures: number | null;
  delta: number | null;
  gamma: number | null;
  vol: number | null;
  reason: string | null;
};

/**
 * A live structure's delta and gamma at `futures` (rounded to the product's tick) and the partner's parameters on
 * `valuationDate`. A past observation day whose settle the nightly observation has not applied yet settles at today's
 * futures (the engine's pendingPastDates 'at-futures') rather than leaving the structure out.
 */
export async function structureRisk(
  s: RiskSubject,
  parameters: PricingParameters,
  futures: number | null,
  valuationDate: string,
  runner: BlockRunner,
): Promise<RiskOutcome> {
  const none = { futures: null, delta: null, gamma: null, vol: null };
  if (futures === null) return { ...none, reason: `No quote for ${s.futuresSymbol}.` };
  const terms = s.terms;
  const product = positionProduct(s.cropId);
  const tick = product ? Number(product.tick) : 0.0025;
  const atTick = Math.round(futures / tick) * tick;
  const priced = marketFromParameters(parameters, {
    cropId: s.cropId,
    optionMonth: s.optionMonth,
    valuationDate,
    futures: atTick,
    keyLevel: terms.keyLevel,
  });
  const scs = parameters.scs.find((r) => r.cropId === s.cropId);
  if (!priced || !scs)
    return { ...none, futures: atTick, reason: `The pricing parameters have no vol for ${s.futuresSymbol}.` };
  const { market } = priced;
  try {
    const { months } = await calcTheos([{ id: String(s.id), terms, state: s.state, market }], {
      paths: POSITION_PATHS,
      bump: scs.deltaBump,
      runner,
      pendingPastDates: 'at-futures',
    });
    const delta = months.reduce((sum, m) => sum + m.delta, 0);
    const gamma = months.reduce((sum, m) => sum + m.gamma, 0);
    return { futures: atTick, delta, gamma: Number.isFinite(gamma) ? gamma : 0, vol: market.vol, reason: null };
  } catch (err) {
    if (err instanceof ScsTermsError) return { ...none, futures: atTick, reason: err.message };
    throw err;
  }
}

/** Runs `work` over `items`, `limit` at a time (the engine's pool has a thread per core). */
export async function eachLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  });
  await Promise.all(lanes);
  return out;
}
