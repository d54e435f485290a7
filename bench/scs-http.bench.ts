// The SCS pricing calls through the real server (issue 18 "Speed"; docs/decisions/061, 062): pricing-tool (a one-year
// daily accumulator, 100,000 paths; budget 300 ms), solve-zero-premium (2 s) and a 5 × 5 solve-zero-table (10 s),
// called through buildApp + app.inject as a browser would (session, CSRF, zod, the partner's parameters, the server's
// worker pool), each beside the same computation made by the engine directly on the same pool — so what the HTTP
// path adds is the difference. Two markets: the engine bench's (futures 4.50, vol 24 %, rate 4 %, valued 2026-11-30,
// given as the request's overrides: the same figures as `bench/scs-engine.bench.ts`), then today's quote of the month
// with the partner's vols and skew (the solvers re-read the skew at each trial level). Prints time, paths/s and the
// standard error of each price. `npx tsx bench/run-all.ts scs-http` (under the heavy lock). PGlite by default.

import { availableParallelism, loadavg } from 'node:os';
import { and, asc, eq, gte } from 'drizzle-orm';
import {
  SCS_API,
  type PricingToolResponse,
  type SolveZeroPremiumResponse,
  type SolveZeroTableResponse,
} from '@granary/domain';
import {
  type AccumulatorInput,
  type Market,
  accumulator,
  solveZeroPremium,
  solveZeroTable,
  valueStructure,
} from '@granary/scs-engine';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { headersOf, signIn } from '../apps/server/src/testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed/demo.ts';
import { futuresSymbols, quotes } from '../apps/server/src/db/schema/index.ts';
import { PRICING_POOL_SIZE, pricingRunner } from '../apps/server/src/modules/structures/engine-pool.ts';

const PATHS = 100_000;
const SOLVER_PATHS = 20_000;
const ROUNDS = 3;
const BUDGET = { value: 300, solve: 2_000, table: 10_000 };

const MARKET: Market = { valuationDate: '2026-11-30', futures: 4.5, vol: 0.24, discountRate: 0.04 };
const INPUT = {
  kind: 'accumulator' as const,
  side: 'sale' as const,
  cropId: 1,
  optionMonth: '2027-12',
  start: '2026-12-01',
  end: '2027-11-30',
  quantity: '50000',
  fee: '0.05',
  frequency: 'daily' as const,
  accumulationLevel: '4.9500',
  knockOut: '4.0000',
  doubleUp: 'daily' as const,
};
const KNOCK_OUTS = [3.6, 3.8, 3.9, 4.0, 4.1];
const ENDS = ['2027-02-26', '2027-05-28', '2027-07-30', '2027-09-30', '2027-11-30'];

const engineInput = (i: typeof INPUT): AccumulatorInput => ({
  ...i,
  quantity: Number(i.quantity),
  fee: Number(i.fee),
  accumulationLevel: Number(i.accumulationLevel),
  knockOut: Number(i.knockOut),
});

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const flag = (value: number, budget: number) => (value <= budget ? 'ok' : `OVER ${fmt(budget)} ms`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU milliseconds of the whole process so far (the worker threads included). */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** Wall time and CPU time (all threads) of a run: under other people's load the CPU time is the steadier figure. */
async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; cpu: number; out: T }> {
  const t0 = performance.now();
  const c0 = cpuMs();
  const out = await run();
  return { ms: performance.now() - t0, cpu: cpuMs() - c0, out };
}

/** The median time of ROUNDS runs (after one warm-up), and the last run's answer. */
async function medianOf<T>(run: () => Promise<T>): Promise<{ ms: number; cpu: number; out: T }> {
  let last = await timed(run);
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    last = await timed(run);
    times.push(last.ms);
    cpus.push(last.cpu);
  }
  return { ms: median(times), cpu: median(cpus), out: last.out };
}

function line(label: string, run: { ms: number; cpu: number }, paths: number, budget: number, tail: string): void {
  const { ms, cpu } = run;
  console.log(
    `  ${label.padEnd(44)} ${fmt(ms).padStart(6)} ms  cpu ${fmt(cpu).padStart(6)} ms  ${fmt((paths / ms) * 1000).padStart(9)} paths/s  ${flag(ms, budget).padEnd(14)} ${tail}`,
  );
}

type TableCells = { knockOut: number; end: string; level: string; se: string }[];

function printTable(cells: TableCells): void {
  console.log(`    zero-cost level ± the SE of its value ($/bu); knock-out \\ end  ${ENDS.join('  ')}`);
  for (const ko of KNOCK_OUTS) {
    const row = cells.filter((c) => c.knockOut === ko).map((c) => `${c.level}±${c.se}`.padEnd(16));
    console.log(`    ${ko.toFixed(2).padEnd(16)} ${row.join(' ')}`);
  }
}

export async function runScsHttpBench(): Promise<void> {
  console.log(
    `\nSCS pricing calls through the server (app.inject) beside the engine on the same pool — cores ${availableParallelism()}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const t = await createTestApp();
  try {
    const buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
    const post = async <T>(path: string, body: object): Promise<T> => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${SCS_API}/${path}`,
        headers: headersOf(buyer),
        payload: body,
      });
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
      return res.json<T>();
    };
    const runner = pricingRunner();
    const overrides = {
      futures: MARKET.futures.toFixed(4),
      vol: MARKET.vol,
      discountRate: MARKET.discountRate,
      valuationDate: MARKET.valuationDate,
    };

    // 1. The engine bench's market, given as overrides: the HTTP figures must equal the engine's.
    console.log(`  the engine bench's market (futures 4.50, vol 24 %, rate 4 %, valued ${MARKET.valuationDate})`);
    const input = engineInput(INPUT);
    const terms = accumulator(input);
    const ev = await medianOf(() => valueStructure(terms, MARKET, { paths: PATHS, runner }));
    line('engine: value 100,000 paths', ev, PATHS, BUDGET.value, `SE $${fmt(ev.out.standardError)}`);
    const hv = await medianOf(() =>
      post<PricingToolResponse>('pricing-tool', { input: INPUT, market: overrides, paths: PATHS, greeks: false }),
    );
    line(
      'HTTP pricing-tool, no deltas',
      hv,
      PATHS,
      BUDGET.value,
      `SE $${hv.out.valuation.standardError} (engine's ${hv.out.valuation.elapsedMs} ms inside)`,
    );
    const hg = await medianOf(() =>
      post<PricingToolResponse>('pricing-tool', { input: INPUT, market: overrides, paths: PATHS }),
    );
    line(
      'HTTP pricing-tool, with deltas',
      hg,
      PATHS,
      BUDGET.value,
      `SE $${hg.out.valuation.standardError}, delta ${hg.out.valuation.delta} ± ${hg.out.valuation.deltaStandardError} bu`,
    );

    const solve = (keepNormals: boolean) =>
      medianOf(() =>
        solveZeroPremium(
          { input, solveFor: 'accumulationLevel', market: MARKET },
          { paths: SOLVER_PATHS, runner, keepNormals },
        ),
      );
    const before = await solve(false);
    if (before.out.status === 'solved')
      line(
        'engine: solve, normals drawn each trial',
        before,
        (before.out.iterations + 1) * SOLVER_PATHS,
        BUDGET.solve,
        `the way before (decision 062 addendum)`,
      );
    const es = await solve(true);
    if (es.out.status === 'solved')
      line(
        'engine: solve, normals kept',
        es,
        (es.out.iterations + 1) * SOLVER_PATHS,
        BUDGET.solve,
        `level ${es.out.level.toFixed(4)}, ${es.out.iterations} evaluations, SE $${fmt(es.out.valuation.standardError)}`,
      );
    const hs = await medianOf(() =>
      post<SolveZeroPremiumResponse>('solve-zero-premium', {
        input: INPUT,
        solveFor: 'accumulationLevel',
        market: overrides,
        paths: SOLVER_PATHS,
      }),
    );
    if (hs.out.status === 'solved')
      line(
        'HTTP solve-zero-premium',
        hs,
        (hs.out.iterations + 1) * SOLVER_PATHS,
        BUDGET.solve,
        `level ${hs.out.level}, ${hs.out.iterations} evaluations, SE $${hs.out.valuation.standardError}`,
      );

    const et = await timed(() =>
      solveZeroTable(
        { input, market: MARKET, knockOuts: KNOCK_OUTS, ends: ENDS },
        { paths: SOLVER_PATHS, runner, keepNormals: false },
      ),
    );
    const engineEvaluations = et.out.reduce(
      (n, c) => n + (c.result.status === 'solved' ? c.result.iterations + 1 : 2),
      0,
    );
    line(
      'engine: table cell by cell, drawn each trial',
      et,
      engineEvaluations * SOLVER_PATHS,
      BUDGET.table,
      `${engineEvaluations} evaluations of ${fmt(SOLVER_PATHS)} paths; the way before`,
    );
    const ep = await timed(() =>
      solveZeroTable(
        { input, market: MARKET, knockOuts: KNOCK_OUTS, ends: ENDS },
        { paths: SOLVER_PATHS, runner, cellsInFlight: PRICING_POOL_SIZE },
      ),
    );
    line(
      `engine: table ${PRICING_POOL_SIZE} cells at once, kept`,
      ep,
      engineEvaluations * SOLVER_PATHS,
      BUDGET.table,
      `on ${PRICING_POOL_SIZE} workers (what the server does)`,
    );
    const table = (body: object) =>
      timed(() =>
        post<SolveZeroTableResponse>('solve-zero-table', {
          input: INPUT,
          knockOuts: KNOCK_OUTS.map((k) => k.toFixed(4)),
          ends: ENDS,
          ...body,
        }),
      );
    const ht = await table({ market: overrides });
    line(
      'HTTP solve-zero-table 5 × 5',
      ht,
      engineEvaluations * ht.out.paths,
      BUDGET.table,
      `${fmt(ht.out.paths)} paths an evaluation (engine's ${fmt(ht.out.elapsedMs)} ms inside)`,
    );
    const cellsOf = (out: SolveZeroTableResponse): TableCells =>
      out.cells.map((c) => ({
        knockOut: Number(c.knockOut),
        end: c.end,
        level: c.result.status === 'solved' ? c.result.level : c.result.status,
        se: c.result.status === 'solved' ? c.result.standardErrorPerBushel : '',
      }));
    printTable(cellsOf(ht.out));
    const same = [...et.out, ...ep.out].every((c, i) => {
      const h = ht.out.cells[i % et.out.length]!.result;
      return c.result.status === 'solved' ? h.status === 'solved' && h.level === c.result.level.toFixed(4) : true;
    });
    console.log(`    the HTTP table's levels ${same ? 'equal' : 'DIFFER FROM'} the engine's (before and after)`);

    // 2. Today's quote of a corn month a year out with the partner's (seeded) vols and skew: the realistic call.
    const [month] = await t.database.db
      .select({ symbol: futuresSymbols.symbol, optionMonth: futuresSymbols.optionMonth, last: quotes.last })
      .from(futuresSymbols)
      .innerJoin(quotes, eq(quotes.symbol, futuresSymbols.symbol))
      .where(and(eq(futuresSymbols.cropId, 1), gte(futuresSymbols.optionMonth, '2027-12')))
      .orderBy(asc(futuresSymbols.optionMonth))
      .limit(1);
    if (!month) {
      console.log('  (no quoted corn month from 2027-12 in the seed: the market-data run is skipped)');
      return;
    }
    const f = Number(month.last);
    const live = {
      ...INPUT,
      optionMonth: month.optionMonth,
      accumulationLevel: (f * 1.1).toFixed(4),
      knockOut: (f * 0.89).toFixed(4),
    };
    const liveKnockOuts = [0.8, 0.84, 0.87, 0.89, 0.91].map((x) => (f * x).toFixed(4));
    console.log(`  ${month.symbol} at its latest quote ${month.last}, the seeded vols and skew`);
    const lv = await medianOf(() => post<PricingToolResponse>('pricing-tool', { input: live, greeks: false }));
    line(
      'HTTP pricing-tool, no deltas',
      lv,
      lv.out.valuation.paths,
      BUDGET.value,
      `SE $${lv.out.valuation.standardError}, vol ${lv.out.valuation.vol}`,
    );
    const ls = await medianOf(() =>
      post<SolveZeroPremiumResponse>('solve-zero-premium', { input: live, solveFor: 'accumulationLevel' }),
    );
    if (ls.out.status === 'solved')
      line(
        'HTTP solve-zero-premium',
        ls,
        (ls.out.iterations + 1) * ls.out.valuation.paths,
        BUDGET.solve,
        `level ${ls.out.level}, ${ls.out.iterations} evaluations, SE $${ls.out.valuation.standardError}`,
      );
    const lt = await timed(() =>
      post<SolveZeroTableResponse>('solve-zero-table', { input: live, knockOuts: liveKnockOuts, ends: ENDS }),
    );
    const solved = lt.out.cells.filter((c) => c.result.status === 'solved').length;
    line(
      'HTTP solve-zero-table 5 × 5',
      lt,
      solved * 8 * lt.out.paths,
      BUDGET.table,
      `${solved} cells solved, ${fmt(lt.out.paths)} paths an evaluation (paths/s assumes 8 evaluations a cell)`,
    );
    console.log(`  load average ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runScsHttpBench();
