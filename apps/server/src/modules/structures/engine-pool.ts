// The server's one pool of pricing worker threads (decision 061 Consequences; decision 062): created on the first
// valuation, closed when the app closes. Results do not depend on it (the same seed gives the same numbers in one
// thread or many); it only spreads a valuation's path blocks over the cores.

import { availableParallelism } from 'node:os';
import { PricingWorkerError, createPricingPool, type BlockRunner, type PricingPool } from '@granary/scs-engine';
import { AppError } from '../../platform/errors.ts';

/** Workers of the pool: the machine's cores, at most 4 (a valuation is one request among others). */
export const PRICING_POOL_SIZE = Math.max(1, Math.min(4, availableParallelism()));

let pool: PricingPool | null = null;

/**
 * The pool's block runner, the pool started on first use. A worker that dies mid-run (it crashed, ran out of memory,
 * was terminated) fails only the runs it held, as 503 `unavailable` with Retry-After (as a lost database connection
 * is answered), never a request left waiting; the pool replaces the worker, so the next valuation answers. Other runs
 * on the pool's other workers go on.
 */
export function pricingRunner(): BlockRunner {
  return async (plan) => {
    try {
      pool ??= createPricingPool(PRICING_POOL_SIZE);
      return await pool.run(plan);
    } catch (error) {
      if (error instanceof PricingWorkerError)
        throw new AppError('unavailable', 'The pricing engine was interrupted. Try again in a moment.');
      throw error;
    }
  };
}

/** Whether the pool's workers are running (tests, shutdown). */
export function pricingPoolStarted(): boolean {
  return pool !== null;
}

/** The running pool, if any (tests that kill a worker: `pricingPool()?.threads()`). */
export function pricingPool(): PricingPool | null {
  return pool;
}

/** Stops the workers (the app's onClose); the next valuation starts a new pool. */
export async function closePricingPool(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}
