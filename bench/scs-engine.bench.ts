// Structured products engine (issue 18 "Speed"; docs/decisions/061): a one-year daily accumulator priced with 100,000
// paths (budget 300 ms, worker threads allowed), a zero-premium solve (2 s) and a 5 × 5 zero table (10 s), each with
// paths/s and the standard error of the price; plus the pure part of the nightly observation of 10,000 live
// structures (the job's budget is 60 s with its database work). Pure CPU: no database, no server.
// `npx tsx bench/run-all.ts scs-engine` (run it under the heavy lock: the machine's cores are shared).

import { availableParallelism, loadavg } from 'node:os';
import {
  type AccumulatorInput,
  INITIAL_STATE,
  type Market,
  accumulator,
  createPricingPool,
  observe,
  priceStructure,
  solveZeroPremium,
  solveZeroTable,
  valueStructure,
} from '@granary/scs-engine';

const PATHS = 100_000;
const SOLVER_PATHS = 20_000;
const BUDGET = { value: 300, solve: 2_000, table: 10_000, observe: 60_000 };

const market: Market = { valuationDate: '2026-11-30', futures: 4.5, vol: 0.24, discountRate: 0.04 };
const input: AccumulatorInput = {
  side: 'sale',
  cropId: 1,
  optionMonth: '2027-12',
  start: '2026-12-01',
  end: '2027-11-30',
  quantity: 50_000,
  fee: 0.05,
  frequency: 'daily',
  accumulationLevel: 4.95,
  knockOut: 4.0,
  doubleUp: 'daily',
};

const ms = (t0: number) => performance.now() - t0;
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const flag = (value: number, budget: number) => (value <= budget ? 'ok' : `OVER ${fmt(budget)} ms`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runScsEngineBench(): Promise<void> {
  const terms = accumulator(input);
  const steps = terms.observations.length;
  console.log(
    `\nSCS engine — one-year daily accumulator (${steps} observations, ${fmt(PATHS)} paths), cores ${availableParallelism()}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // One thread (the pure core), then the worker pool.
  const single: number[] = [];
  let v = priceStructure(terms, market, { paths: PATHS });
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    v = priceStructure(terms, market, { paths: PATHS });
    single.push(ms(t0));
  }
  const pool = createPricingPool();
  try {
    await valueStructure(terms, market, { paths: PATHS, runner: pool.run }); // warm the workers
    const pooled: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      v = await valueStructure(terms, market, { paths: PATHS, runner: pool.run });
      pooled.push(ms(t0));
    }
    const show = (label: string, t: number) =>
      console.log(
        `  ${label.padEnd(26)} ${fmt(t).padStart(6)} ms  ${fmt((PATHS / t) * 1000).padStart(9)} paths/s  ${flag(t, BUDGET.value)}`,
      );
    show('value, 1 thread (median)', median(single));
    show(`value, ${pool.size} workers (median)`, median(pooled));
    console.log(
      `  farmer value $${fmt(v.farmerValue, 0)} ± ${fmt(v.standardError, 0)} (SE; ${fmt(v.farmerValuePerBushel, 4)} $/bu), ` +
        `priced ${fmt(v.expectedPricedBushels)} bu ± ${fmt(v.pricedBushelsStandardError)}, P(KO) ${fmt(v.knockOutProbability * 100, 1)} %, ` +
        `P(double) ${fmt(v.doubleUpProbability * 100, 1)} %`,
    );
    let t0 = performance.now();
    const g = await valueStructure(terms, market, { paths: PATHS, runner: pool.run, greeks: true });
    console.log(
      `  with deltas (3 revaluations)  ${fmt(ms(t0))} ms: delta ${fmt(g.delta!, 0)} bu ± ${fmt(g.deltaStandardError!, 0)}`,
    );

    t0 = performance.now();
    const solved = await solveZeroPremium(
      { input, solveFor: 'accumulationLevel', market },
      { paths: SOLVER_PATHS, runner: pool.run },
    );
    const solveMs = ms(t0);
    if (solved.status === 'solved') {
      console.log(
        `  zero-premium solve         ${fmt(solveMs).padStart(6)} ms  ${fmt(((solved.iterations + 1) * SOLVER_PATHS * 1000) / solveMs).padStart(9)} paths/s  ${flag(solveMs, BUDGET.solve)}` +
          `  level ${solved.level.toFixed(4)} after ${solved.iterations} evaluations (${fmt(SOLVER_PATHS)} paths each), value ${fmt(solved.valuation.farmerValue, 0)} ± ${fmt(solved.valuation.standardError, 0)}`,
      );
    } else console.log(`  zero-premium solve: ${solved.message}`);

    const knockOuts = [3.6, 3.8, 3.9, 4.0, 4.1];
    const ends = ['2027-02-26', '2027-05-28', '2027-07-30', '2027-09-30', '2027-11-30'];
    t0 = performance.now();
    // One cell a worker at a time, as the server solves it (decision 062 addendum 'The zero table').
    const table = await solveZeroTable(
      { input, market, knockOuts, ends },
      { paths: SOLVER_PATHS, runner: pool.run, cellsInFlight: pool.size },
    );
    const tableMs = ms(t0);
    const evaluations = table.reduce((n, c) => n + (c.result.status === 'solved' ? c.result.iterations + 1 : 2), 0);
    console.log(
      `  5 × 5 zero table           ${fmt(tableMs).padStart(6)} ms  ${fmt(((evaluations * SOLVER_PATHS) / tableMs) * 1000).padStart(9)} paths/s  ${flag(tableMs, BUDGET.table)}`,
    );
    console.log(`    zero-cost level ± the SE of its value ($/bu); knock-out \\ end  ${ends.join('  ')}`);
    for (const ko of knockOuts) {
      const row = table
        .filter((c) => c.knockOut === ko)
        .map((c) =>
          c.result.status === 'solved'
            ? `${c.result.level.toFixed(4)}±${(c.result.valuation.standardError / input.quantity).toFixed(4)}`.padEnd(
                10,
              )
            : c.result.status.padEnd(10),
        );
      console.log(`    ${ko.toFixed(2).padEnd(16)} ${row.join(' ')}`);
    }
  } finally {
    await pool.close();
  }

  // The nightly job's pure part: one observation of 10,000 live structures (the rules, no database).
  const t0 = performance.now();
  let priced = 0;
  for (let i = 0; i < 10_000; i++) {
    const r = observe(terms, INITIAL_STATE, terms.observations[0]!.date, 4.3 + (i % 100) / 100);
    priced += r.state.pricedBushels;
  }
  const obsMs = ms(t0);
  console.log(
    `  observe 10,000 structures  ${fmt(obsMs, 1).padStart(6)} ms  (rules only; ${fmt(priced)} bu priced)  ${flag(obsMs, BUDGET.observe)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runScsEngineBench();
