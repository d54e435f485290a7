// The engine's entry points for the server (issue 18: pricing-tool, calc-theos, close-cost): a valuation on a block
// runner (this thread by default, or a worker pool), and the deltas of many structures gathered per futures month.

import { compilePlan, type RunOptions } from './plan.ts';
import { type BlockRunner, runInThread } from './pool.ts';
import { sumBlocks, toValuation, type Valuation } from './result.ts';
import type { Market, StructureState, StructureTerms } from './structure.ts';

export type EngineOptions = RunOptions & {
  /** Where the paths run: `runInThread` (default) or a pool's `run` (createPricingPool). */
  runner?: BlockRunner;
};

export async function valueStructure(
  terms: StructureTerms,
  market: Market,
  options: EngineOptions = {},
): Promise<Valuation> {
  const plan = compilePlan(terms, market, options);
  const chunks = await (options.runner ?? runInThread)(plan);
  return toValuation(plan, sumBlocks(chunks));
}

export type TheoItem = { id: string; terms: StructureTerms; market: Market; state?: StructureState };

export type MonthDelta = {
  cropId: number;
  optionMonth: string;
  /** The merchandiser's delta in bushels of futures (positive: long), summed over the structures on that month. */
  delta: number;
  gamma: number;
  structures: number;
};

/**
 * `calc-theos`: each structure valued with its deltas (common-random-number bumps), and the deltas summed per crop
 * and futures month — what the position manager nets against contracts and hedges.
 */
export async function calcTheos(
  items: readonly TheoItem[],
  options: EngineOptions = {},
): Promise<{ items: { id: string; valuation: Valuation }[]; months: MonthDelta[] }> {
  const valued: { id: string; valuation: Valuation }[] = [];
  const months = new Map<string, MonthDelta>();
  for (const item of items) {
    const valuation = await valueStructure(item.terms, item.market, {
      ...options,
      greeks: true,
      ...(item.state ? { state: item.state } : {}),
    });
    valued.push({ id: item.id, valuation });
    const key = `${item.terms.cropId}:${item.terms.optionMonth}`;
    const row = months.get(key) ?? {
      cropId: item.terms.cropId,
      optionMonth: item.terms.optionMonth,
      delta: 0,
      gamma: 0,
      structures: 0,
    };
    row.delta += valuation.delta ?? 0;
    row.gamma += valuation.gamma ?? 0;
    row.structures += 1;
    months.set(key, row);
  }
  const sorted = [...months.values()].sort((a, b) =>
    a.cropId !== b.cropId ? a.cropId - b.cropId : a.optionMonth < b.optionMonth ? -1 : 1,
  );
  return { items: valued, months: sorted };
}
