// The server's one pool of pricing worker threads (decision 061 Consequences; decision 062): created on the first
// valuation, closed when the app closes. Results do not depend on it (the same seed gives the same numbers in one
// thread or many); it only spreads a valuation's path blocks over the cores.

import { availableParallelism } from 'node:os';
import { createPricingPool, type BlockRunner, type PricingPool } from '@granary/scs-engine';

/** Workers of the pool: the machine's cores, at most 4 (a valuation is one request among others). */
const PRICING_POOL_SIZE = Math.max(1, Math.min(4, availableParallelism()));

let pool: PricingPool | null = null;

/**
 * The pool's block runner, the pool started on first use. A run that fails (a worker died) drops the pool, so the next
 * valuation starts a fresh one instead of posting to a dead worker.
 */
export function pricingRunner(): BlockRunner {
  return async (plan) => {
    pool ??= createPricingPool(PRICING_POOL_SIZE);
    const current = pool;
    try {
      return await current.run(plan);
    } catch (error) {
      if (pool === current) pool = null;
      await current.close().catch(() => undefined);
      throw error;
    }
  };
}

/** Whether the pool's workers are running (tests, shutdown). */
export function pricingPoolStarted(): boolean {
  return pool !== null;
}

/** Stops the workers (the app's onClose); the next valuation starts a new pool. */
export async function closePricingPool(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}
