// Valuation in the calling thread: the pure core, used by the tests, by small runs and by the worker threads.

import { compilePlan, type RunOptions } from './plan.ts';
import { sumBlocks, toValuation, type Valuation } from './result.ts';
import { simulateBlocks } from './simulate.ts';
import type { Market, StructureTerms } from './structure.ts';

/** Prices a structure by Monte Carlo in this thread. Throws ScsTermsError for inconsistent terms or market. */
export function priceStructure(terms: StructureTerms, market: Market, options: RunOptions = {}): Valuation {
  const plan = compilePlan(terms, market, options);
  return toValuation(plan, sumBlocks([simulateBlocks(plan, 0, plan.blocks)]));
}
