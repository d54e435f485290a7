// The live structures' deltas in the position (docs/decisions/062 'Positions'): each by the engine's calcTheos at
// today's market (the latest quote of the structure's month, on its tick, and the partner's parameters), cached per
// process by structure state, futures tick and market — a Monte Carlo valuation is the slow part of the position.

import type { PricingParameters, BlockRunner, StructureTerms } from '@granary/scs-engine';
import { ScsTermsError, calcTheos, marketFromParameters } from '@granary/scs-engine';
import { positionProduct } from '@granary/domain';
import type { LiveStructureRow } from './positions.repo.ts';

/** Monte Carlo paths of each structure's delta in the position (delta standard error ≈ 2 % of the delta). */
const POSITION_PATHS = 20_000;
/** Structure deltas kept per process (structure state × futures tick × market); the oldest go first. */
const DELTA_CACHE_MAX = 50_000;
const deltaCache = new Map<string, number>();

/** Empties the structure delta cache (tests and the bench's cold runs). */
export function clearPositionDeltaCache(): void {
  deltaCache.clear();
}

function cacheGet(key: string): number | undefined {
  const v = deltaCache.get(key);
  if (v !== undefined) {
    deltaCache.delete(key);
    deltaCache.set(key, v);
  }
  return v;
}

function cachePut(key: string, value: number): void {
  deltaCache.set(key, value);
  if (deltaCache.size > DELTA_CACHE_MAX) {
    const oldest = deltaCache.keys().next().value;
    if (oldest !== undefined) deltaCache.delete(oldest);
  }
}

export type StructureOutcome = { delta: number | null; cached: boolean; reason: string | null };

/**
 * A live structure's delta at today's market (calcTheos at the latest quote of its month and the partner's
 * parameters), from the cache when the same structure state was valued at the same futures tick and market.
 * A past observation day whose settle the nightly observation has not applied yet settles at today's futures (the
 * engine's pendingPastDates 'at-futures') rather than leaving the structure out.
 */
export async function structureDelta(
  s: LiveStructureRow,
  parameters: PricingParameters,
  futures: number | null,
  today: string,
  runner: BlockRunner,
): Promise<StructureOutcome> {
  if (futures === null) return { delta: null, cached: false, reason: `No quote for ${s.futuresSymbol}.` };
  const terms = s.terms as StructureTerms;
  const through = s.state.observedThrough;
  const valuationDate = today;
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
    return { delta: null, cached: false, reason: `The pricing parameters have no vol for ${s.futuresSymbol}.` };
  const { market } = priced;
  const key = [
    s.id,
    s.version,
    through,
    valuationDate,
    atTick.toFixed(4),
    market.vol,
    market.discountRate,
    scs.deltaBump,
  ].join('|');
  const hit = cacheGet(key);
  if (hit !== undefined) return { delta: hit, cached: true, reason: null };
  try {
    const { months } = await calcTheos(
      [
        {
          id: String(s.id),
          terms,
          state: s.state,
          market,
        },
      ],
      { paths: POSITION_PATHS, bump: scs.deltaBump, runner, pendingPastDates: 'at-futures' },
    );
    const delta = months.reduce((sum, m) => sum + m.delta, 0);
    cachePut(key, delta);
    return { delta, cached: false, reason: null };
  } catch (err) {
    if (err instanceof ScsTermsError) return { delta: null, cached: false, reason: err.message };
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
