// `solve-zero-premium` and `solve-zero-table` (issue 18): the accumulation level (or knock-out) at which the farmer's
// fair value of the structure is the target (0 by default: the structure costs the fee and nothing more — the fee is
// the merchandiser's whole margin), by Brent's method on common random numbers (every evaluation reuses the seed, so
// the value is a deterministic, nearly smooth function of the level). No root in the range is a typed answer.

import { brent } from './brent.ts';
import { type AccumulatorInput, accumulator } from './builders.ts';
import { type EngineOptions, valueStructure } from './engine.ts';
import { type BlockRunner, runInThread } from './pool.ts';
import type { Valuation } from './result.ts';
import type { Market } from './structure.ts';
import { type ScsField, ScsTermsError } from './validate.ts';

export type SolveFor = 'accumulationLevel' | 'knockOut';

export type ZeroPremiumRequest = {
  input: AccumulatorInput;
  solveFor: SolveFor;
  market: Market;
  /** Search range of the solved level ($/bu); a default range around the futures for the side otherwise. */
  range?: [number, number];
  /** Farmer's value per committed bushel to solve for (default 0). */
  target?: number;
  /** Precision of the level ($/bu, default 0.0005: a twentieth of a cent). */
  tolerance?: number;
  /** The vol at a key level (the skew moves with the accumulation level); the market's vol otherwise. */
  volAt?: (keyLevel: number) => number;
};

export type ZeroPremiumResult =
  | { status: 'solved'; level: number; iterations: number; valuation: Valuation }
  | {
      status: 'no-zero-cost-level';
      range: [number, number];
      /** Farmer's value per bushel minus the target at each end of the range. */
      valueAtLow: number;
      valueAtHigh: number;
      message: string;
    };

function defaultRange(req: ZeroPremiumRequest): [number, number] {
  const f = req.market.futures;
  const sale = req.input.side === 'sale';
  if (req.solveFor === 'accumulationLevel') {
    const ko = req.input.knockOut;
    return sale
      ? [Math.max(f * 0.8, ko !== null ? ko + 0.0025 : 0), f * 1.6]
      : [f * 0.4, Math.min(f * 1.2, ko !== null ? ko - 0.0025 : Infinity)];
  }
  const a = req.input.accumulationLevel;
  return sale ? [f * 0.3, Math.min(a, f) - 0.0025] : [Math.max(a, f) + 0.0025, f * 2.5];
}

function withLevel(req: ZeroPremiumRequest, level: number): AccumulatorInput {
  return req.solveFor === 'accumulationLevel'
    ? { ...req.input, accumulationLevel: level }
    : { ...req.input, knockOut: level };
}

export async function solveZeroPremium(
  req: ZeroPremiumRequest,
  options: EngineOptions = {},
): Promise<ZeroPremiumResult> {
  const range = req.range ?? defaultRange(req);
  const [lo, hi] = range;
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo > 0 && hi > lo))
    throw new ScsTermsError('range', 'The search range must be two increasing positive levels.');
  const target = req.target ?? 0;
  // Every trial draws the same random numbers (common random numbers): drawn once, kept by the threads that draw them.
  const run = { ...options, greeks: false, keepNormals: options.keepNormals ?? true };
  const value = async (level: number, greeks = false): Promise<Valuation> => {
    const terms = accumulator(withLevel(req, level));
    const market = req.volAt ? { ...req.market, vol: req.volAt(terms.keyLevel) } : req.market;
    return valueStructure(terms, market, { ...run, greeks: greeks || options.greeks === true });
  };
  const f = async (level: number) => (await value(level)).farmerValuePerBushel - target;
  // A level on the wrong side of the other terms is refused by the builder: the range ends must be valid structures.
  // The two ends are independent evaluations: on a pool they run at the same time.
  const [flo, fhi] = await Promise.all([f(lo), f(hi)]);
  if (flo === 0) return { status: 'solved', level: lo, iterations: 0, valuation: await value(lo, true) };
  if (fhi === 0) return { status: 'solved', level: hi, iterations: 0, valuation: await value(hi, true) };
  if (flo > 0 === fhi > 0)
    return {
      status: 'no-zero-cost-level',
      range,
      valueAtLow: flo,
      valueAtHigh: fhi,
      message: `No zero-cost level between ${lo.toFixed(4)} and ${hi.toFixed(4)}.`,
    };
  const root = await brent(f, lo, hi, flo, fhi, req.tolerance ?? 0.0005);
  return {
    status: 'solved',
    level: root.root,
    iterations: root.iterations + 2,
    valuation: await value(root.root, options.greeks === true),
  };
}

export type ZeroTableRequest = Omit<ZeroPremiumRequest, 'solveFor' | 'range'> & {
  /** Knock-out levels (rows). */
  knockOuts: number[];
  /** Period ends (columns): the same start, longer or shorter periods. */
  ends: string[];
  range?: [number, number];
};

export type ZeroTableCell = {
  knockOut: number;
  end: string;
  /** A cell whose terms are inconsistent (a knock-out on the wrong side of the range) says which field, not NaN. */
  result: ZeroPremiumResult | { status: 'invalid-terms'; field: ScsField; message: string };
};

export type ZeroTableOptions = EngineOptions & {
  /**
   * Cells solved at the same time (default 1: one after another). On a pool, one a worker keeps every worker busy: a
   * cell's trials wait on one another (Brent), so one cell at a time leaves the workers idle while the calling thread
   * builds the next trial and waits for the slower half of each split run. Each cell in flight keeps its random
   * numbers in the workers (`keepNormals`), so more cells than workers only costs memory. The cells do not depend on
   * one another (each solves on the same seed): the table is the same whatever the number.
   */
  cellsInFlight?: number;
};

/** `solve-zero-table`: the zero-cost accumulation level for each knock-out level × period end. */
export async function solveZeroTable(req: ZeroTableRequest, options: ZeroTableOptions = {}): Promise<ZeroTableCell[]> {
  const { cellsInFlight = 1, ...engineOptions } = options;
  const jobs = req.knockOuts.flatMap((knockOut) => req.ends.map((end) => ({ knockOut, end })));
  const cells: ZeroTableCell[] = new Array<ZeroTableCell>(jobs.length);
  // The first failure (a worker lost) fails the table; the cells still running stop at their next evaluation instead
  // of holding the pool for an answer nobody will read.
  let failure: { error: unknown } | null = null;
  const base = engineOptions.runner ?? runInThread;
  const runner: BlockRunner = (plan) => (failure ? Promise.reject(failure.error) : base(plan));
  const solveCell = async ({ knockOut, end }: { knockOut: number; end: string }): Promise<ZeroTableCell> => {
    const sub: ZeroPremiumRequest = { ...req, input: { ...req.input, knockOut, end }, solveFor: 'accumulationLevel' };
    try {
      return { knockOut, end, result: await solveZeroPremium(sub, { ...engineOptions, runner }) };
    } catch (error) {
      if (!(error instanceof ScsTermsError)) throw error;
      return { knockOut, end, result: { status: 'invalid-terms', field: error.field, message: error.message } };
    }
  };
  let next = 0;
  const lane = async () => {
    while (failure === null && next < jobs.length) {
      const i = next++;
      try {
        cells[i] = await solveCell(jobs[i]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const lanes = Math.max(1, Math.min(Math.floor(cellsInFlight), jobs.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failure) throw (failure as { error: unknown }).error;
  return cells;
}
