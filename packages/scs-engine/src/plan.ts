// A structure and a market compiled into flat numbers for the path loop (and for the worker threads: a plan is plain
// data, copied to a worker as it is). Log-space thresholds, so that the loop never takes an exp() but for the settles
// that price at the settle and the final one.

import { black76Price } from './black76.ts';
import { daysBetween } from './calendar.ts';
import { type Market, type StructureState, type StructureTerms, INITIAL_STATE, sideSign } from './structure.ts';
import { ScsTermsError, validateMarket, validateTerms } from './validate.ts';

export type RunOptions = {
  /** Paths (rounded up to an even number: antithetic pairs). */
  paths?: number;
  seed?: number;
  /** Compute deltas and gamma by common-random-number bumps of the futures price. */
  greeks?: boolean;
  /**
   * Keep this plan's normals in the thread that draws them, for the next plan with the same seed and dates (a solver's
   * trials differ only by a level or a vol: the same random numbers each time, so they are drawn once). The same
   * numbers as drawing them again; only memory is traded for time (bounded: simulate.ts KEEP_BYTES a thread).
   */
  keepNormals?: boolean;
  /** Relative futures bump of the greeks (default 1 %). */
  bump?: number;
  /** 'vanilla' (default): the terminal futures and a call at the key level; 'forward': the terminal futures only. */
  controlVariate?: 'none' | 'forward' | 'vanilla';
  /** Where a live structure stands: observations through `state.observedThrough` are taken from it. */
  state?: StructureState;
  /**
   * Observation dates before the valuation date that the state has not observed (their settle has not arrived: a
   * late-booked structure, or a feed that was down): 'refuse' (default) throws `observations`; 'at-futures' values
   * them as settling at today's futures, like a date on the valuation date (the best estimate of a settle not yet
   * known), so a quote or a close cost can be given while the days wait for their settle.
   */
  pendingPastDates?: 'refuse' | 'at-futures';
};

export const DEFAULT_PATHS = 100_000;
export const DEFAULT_SEED = 20_261_128;
/** Antithetic pairs per block: each block has its own random stream (seed, block). */
export const BLOCK_PAIRS = 1024;

export type Plan = {
  seed: number;
  pairs: number;
  blocks: number;
  steps: number;
  drift: Float64Array;
  volStep: Float64Array;
  varStep: Float64Array;
  bushels: Float64Array;
  lnF0: number;
  f0: number;
  /** +1 sale, −1 purchase. */
  sign: number;
  bandLo: Float64Array;
  bandHi: Float64Array;
  bandMult: Float64Array;
  bandFixed: Uint8Array;
  bandValue: Float64Array;
  /** 0 none, 1 discrete, 2 continuous. */
  ko: number;
  lnKo: number;
  koDayPriced: number;
  euro: number;
  lnEuro: number;
  floor: number;
  df: number;
  fee: number;
  controls: number;
  controlStrike: number;
  controlMean: number;
  greeks: number;
  /** 1: keep the normals for the next plan of the same seed and dates (RunOptions.keepNormals). */
  keepNormals: number;
  lnUp: number;
  lnDown: number;
  bump: number;
  prior: StructureState;
  quantity: number;
  vol: number;
  horizon: number;
};

export function compilePlan(terms: StructureTerms, market: Market, options: RunOptions = {}): Plan {
  validateTerms(terms);
  validateMarket(market);
  const paths = options.paths ?? DEFAULT_PATHS;
  if (!Number.isInteger(paths) || paths < 2 || paths > 10_000_000)
    throw new ScsTermsError('paths', 'Paths must be a whole number from 2 to 10,000,000.');
  const prior = options.state ?? INITIAL_STATE;
  if (terms.knockOut && !options.state && (market.futures - terms.knockOut.level) * sideSign(terms.side) <= 0)
    throw new ScsTermsError('knockOut', "The knock-out level is already reached at today's futures.");
  // A live structure's state holds the observations made; the rest from the valuation date on are simulated (one on
  // the valuation date itself, whose settle is not in yet, settles at today's futures). A gap is refused, not skipped.
  // With pendingPastDates 'at-futures', past dates not in the state are simulated too, settling at today's futures.
  const through = options.state?.observedThrough ?? null;
  const pendingAtFutures = options.pendingPastDates === 'at-futures';
  const missed =
    options.state && !pendingAtFutures
      ? terms.observations.find((o) => o.date < market.valuationDate && (through === null || o.date > through))
      : undefined;
  if (missed)
    throw new ScsTermsError('observations', `The observation of ${missed.date} is not in the state: observe it first.`);
  const future = terms.observations.filter(
    (o) => (pendingAtFutures || o.date >= market.valuationDate) && (through === null || o.date > through),
  );
  const steps = future.length;
  const vol = market.vol;
  const drift = new Float64Array(steps);
  const volStep = new Float64Array(steps);
  const varStep = new Float64Array(steps);
  const bushels = new Float64Array(steps);
  let prev = market.valuationDate;
  for (let k = 0; k < steps; k++) {
    const o = future[k]!;
    // A pending past date is no time after the valuation date: it settles at today's futures.
    const at = o.date < prev ? prev : o.date;
    const dt = daysBetween(prev, at) / 365;
    varStep[k] = vol * vol * dt;
    volStep[k] = vol * Math.sqrt(dt);
    drift[k] = -0.5 * varStep[k]!;
    bushels[k] = o.bushels;
    prev = at;
  }
  const last = terms.observations[terms.observations.length - 1]!.date;
  const horizon = Math.max(0, daysBetween(market.valuationDate, last) / 365);
  const df = Math.exp(-market.discountRate * horizon);
  const n = terms.bands.length;
  const bandLo = new Float64Array(n);
  const bandHi = new Float64Array(n);
  const bandMult = new Float64Array(n);
  const bandFixed = new Uint8Array(n);
  const bandValue = new Float64Array(n);
  terms.bands.forEach((b, i) => {
    bandLo[i] = b.from === null ? -Infinity : Math.log(b.from);
    bandHi[i] = b.to === null ? Infinity : Math.log(b.to);
    bandMult[i] = b.multiplier;
    bandFixed[i] = b.price.kind === 'fixed' ? 1 : 0;
    bandValue[i] = b.price.kind === 'fixed' ? b.price.level : b.price.add;
  });
  const controls = options.controlVariate === 'none' ? 0 : options.controlVariate === 'forward' ? 1 : 2;
  const controlStrike = terms.keyLevel > 0 ? terms.keyLevel : market.futures;
  const bump = options.bump ?? 0.01;
  return {
    seed: options.seed ?? DEFAULT_SEED,
    pairs: Math.ceil(paths / 2),
    blocks: Math.ceil(Math.ceil(paths / 2) / BLOCK_PAIRS),
    steps,
    drift,
    volStep,
    varStep,
    bushels,
    lnF0: Math.log(market.futures),
    f0: market.futures,
    sign: sideSign(terms.side),
    bandLo,
    bandHi,
    bandMult,
    bandFixed,
    bandValue,
    ko: terms.knockOut === null ? 0 : terms.knockOut.monitoring === 'discrete' ? 1 : 2,
    lnKo: terms.knockOut === null ? 0 : Math.log(terms.knockOut.level),
    koDayPriced: terms.knockOut?.knockOutDayPriced ? 1 : 0,
    euro: terms.euroDouble === null ? 0 : 1,
    lnEuro: terms.euroDouble === null ? 0 : Math.log(terms.euroDouble.level),
    floor: terms.floorAfterKnockOut ?? Number.NaN,
    df,
    fee: terms.fee,
    controls,
    controlStrike,
    // E[df·(F_T − K)⁺] under Black-76 (the control's known mean).
    controlMean: black76Price({
      kind: 'call',
      futures: market.futures,
      strike: controlStrike,
      time: horizon,
      vol,
      rate: market.discountRate,
    }),
    greeks: options.greeks ? 1 : 0,
    keepNormals: options.keepNormals ? 1 : 0,
    lnUp: Math.log(1 + bump),
    lnDown: Math.log(1 - bump),
    bump,
    prior,
    quantity: terms.quantity,
    vol,
    horizon,
  };
}
