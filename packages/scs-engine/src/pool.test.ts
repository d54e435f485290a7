// The worker pool (pool.ts): a worker killed in the middle of a run fails that run with PricingWorkerError instead of
// leaving it waiting for ever, and the pool replaces the worker: the next run answers, with the one-thread figures.
import { afterAll, describe, expect, it } from 'vitest';
import { accumulator } from './builders.ts';
import { valueStructure } from './engine.ts';
import { type BlockRunner, PricingWorkerError, createPricingPool } from './pool.ts';
import { solveZeroTable } from './solver.ts';
import { priceStructure } from './price.ts';
import type { Market } from './structure.ts';

const market: Market = { valuationDate: '2026-11-30', futures: 4.5, vol: 0.25, discountRate: 0.04 };
const terms = accumulator({
  side: 'sale',
  cropId: 1,
  optionMonth: '2027-12',
  start: '2026-12-01',
  end: '2027-11-30',
  quantity: 20_000,
  fee: 0.05,
  frequency: 'daily',
  accumulationLevel: 4.8,
  knockOut: 4.0,
  doubleUp: 'daily',
});

const tableInput = {
  side: 'sale' as const,
  cropId: 1,
  optionMonth: '2027-12',
  start: '2026-12-01',
  end: '2027-02-26',
  quantity: 10_000,
  fee: 0.05,
  frequency: 'daily' as const,
  accumulationLevel: 4.8,
  knockOut: 4.0,
  doubleUp: 'daily' as const,
};

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('pricing pool', () => {
  const pool = createPricingPool(2);
  afterAll(() => pool.close());

  it('fails a run whose worker is terminated mid-run, replaces the worker, and the next run answers', async () => {
    const small = { paths: 4_000, seed: 5 };
    await valueStructure(terms, market, { ...small, runner: pool.run }); // the workers are up
    const [victim] = pool.threads();
    // Long enough (a one-year daily accumulator, 200,000 paths with deltas) to be killed while it runs.
    const running = valueStructure(terms, market, { paths: 200_000, greeks: true, runner: pool.run });
    const outcome = running.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await until(() => pool.pending() === 2);
    await victim!.terminate();
    const error = await outcome;
    expect(error).toBeInstanceOf(PricingWorkerError);
    expect((error as PricingWorkerError).code).toBe('pricing-worker-failed');
    expect(pool.lost()).toBe(1);

    const again = await valueStructure(terms, market, { ...small, runner: pool.run });
    expect(pool.threads()).toHaveLength(2);
    expect(pool.threads()).not.toContain(victim);
    expect(again.farmerValue).toBeCloseTo(priceStructure(terms, market, small).farmerValue, 6);
  }, 60_000);

  it('fails the runs of a closed pool instead of posting to stopped workers', async () => {
    const closed = createPricingPool(1);
    await closed.close();
    await expect(valueStructure(terms, market, { paths: 2_000, runner: closed.run })).rejects.toBeInstanceOf(
      PricingWorkerError,
    );
  });

  it("solves a zero table's cells at the same time on the pool, with kept random numbers: the same table", async () => {
    const req = {
      input: { ...tableInput },
      market,
      knockOuts: [3.8, 4.0, 4.6],
      ends: ['2026-12-31', '2027-02-26'],
    };
    // One cell after another in this thread, every trial drawing its random numbers again (the way before) …
    const serial = await solveZeroTable(req, { paths: 2_000, keepNormals: false });
    // … and four cells at once on the pool, each worker keeping the numbers its blocks drew for the next trials.
    const parallel = await solveZeroTable(req, { paths: 2_000, runner: pool.run, cellsInFlight: 4 });
    expect(parallel.map((c) => [c.knockOut, c.end])).toEqual(serial.map((c) => [c.knockOut, c.end]));
    expect(parallel.map((c) => c.result.status)).toEqual([
      'solved',
      'solved',
      'solved',
      'solved',
      'invalid-terms',
      'invalid-terms',
    ]);
    parallel.forEach((c, i) => {
      const s = serial[i]!.result;
      if (c.result.status === 'solved' && s.status === 'solved') expect(c.result.level).toBeCloseTo(s.level, 8);
    });
  });

  it('fails a zero table as soon as a run fails, without starting the cells left', async () => {
    let runs = 0;
    const failing: BlockRunner = (plan) => {
      runs++;
      return runs === 3 ? Promise.reject(new PricingWorkerError('lost')) : pool.run(plan);
    };
    const req = {
      input: { ...tableInput },
      market,
      knockOuts: [3.7, 3.8, 3.9, 4.0],
      ends: ['2026-12-31', '2027-02-26'],
    };
    await expect(solveZeroTable(req, { paths: 2_000, runner: failing, cellsInFlight: 2 })).rejects.toBeInstanceOf(
      PricingWorkerError,
    );
    // Eight cells of about eight evaluations each would be ~64 runs; the table stopped after the cells in flight.
    expect(runs).toBeLessThan(8);
  });
});
