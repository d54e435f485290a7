// The Monte Carlo path loop: lognormal futures under Black-76 (zero drift, log-Euler exact on each step), antithetic
// pairs, the structure's rules applied at each observation, and the sums a result is made of. Runs block by block;
// each block has its own random stream, so a block's sums depend on (plan, block) only — the same in one thread or
// spread over worker threads.

import { BLOCK_PAIRS, type Plan } from './plan.ts';
import { createRng, type Rng } from './rng.ts';

/** The sums one block contributes (pair averages unless said otherwise). */
export const S = {
  n: 0,
  y: 1,
  yy: 2,
  x1: 3,
  x1x1: 4,
  x2: 5,
  x2x2: 6,
  x1x2: 7,
  yx1: 8,
  yx2: 9,
  b: 10,
  bb: 11,
  /** Per path (not pair averages): knock-out and double-up counts (probability weights under continuous monitoring). */
  ko: 12,
  dbl: 13,
  d: 14,
  dd: 15,
  g: 16,
  gg: 17,
} as const;
export const NSTAT = 18;

const out = new Float64Array(4); // y, bushels, knocked out, doubled

/** One path's outcome for log settles `xs` moved by `shift` (a bump of the futures): writes `out`. */
function evaluate(p: Plan, xs: Float64Array, shift: number): void {
  const sign = p.sign;
  let w = p.prior.knockedOut ? 0 : 1;
  let bushels = p.prior.pricedBushels;
  let amount = p.prior.pricedAmount;
  let fixB = p.prior.fixedBushels;
  let fixA = p.prior.fixedAmount;
  let rem = p.prior.unpricedAfterKnockOut;
  let dbl = p.prior.doubledUp ? 1 : 0;
  let prev = p.lnF0 + shift;
  const nb = p.bandMult.length;
  for (let k = 0; k < p.steps; k++) {
    const x = xs[k]! + shift;
    const b = p.bushels[k]!;
    let pw = w;
    if (w > 0 && p.ko !== 0) {
      const c = (x - p.lnKo) * sign;
      if (c <= 0) {
        if (p.ko === 2 || p.koDayPriced === 0) pw = 0;
        w = 0;
      } else if (p.ko === 2) {
        // Continuous monitoring: the Brownian bridge crossed the barrier between the settles with this probability.
        w *= 1 - Math.exp((-2 * (prev - p.lnKo) * sign * c) / p.varStep[k]!);
        pw = w;
      }
    }
    if (pw > 0) {
      for (let j = 0; j < nb; j++) {
        if (x >= p.bandLo[j]! && x < p.bandHi[j]!) {
          const m = p.bandMult[j]!;
          if (m > 0) {
            const q = pw * b * m;
            const fixed = p.bandFixed[j] === 1;
            const price = fixed ? p.bandValue[j]! : Math.exp(x) + p.bandValue[j]!;
            bushels += q;
            amount += q * price;
            if (fixed) {
              fixB += q;
              fixA += q * price;
            }
            if (m > 1 && pw > dbl) dbl = pw;
          }
          break;
        }
      }
    }
    if (pw < 1) rem += b * (1 - pw);
    prev = x;
  }
  const xT = p.steps > 0 ? xs[p.steps - 1]! + shift : p.lnF0 + shift;
  const fT = Math.exp(xT);
  if (p.euro === 1 && w > 0 && (xT - p.lnEuro) * sign >= 0) {
    bushels += w * fixB;
    amount += w * fixA;
    if (fixB > 0 && w > dbl) dbl = w;
  }
  if (!Number.isNaN(p.floor) && rem > 0) {
    bushels += rem;
    amount += rem * (sign > 0 ? Math.max(p.floor, fT) : Math.min(p.floor, fT));
  }
  out[0] = p.df * sign * (amount - bushels * fT);
  out[1] = bushels;
  out[2] = 1 - w;
  out[3] = dbl;
}

/** The merchandiser's value of a path (the fee on the priced bushels less the farmer's value) moved by `shift`. */
function merchandiser(p: Plan, xs: Float64Array, shift: number): number {
  evaluate(p, xs, shift);
  return -out[0]! + p.df * p.fee * out[1]!;
}

/**
 * Normals kept by this thread (worker or caller) for plans that ask (`keepNormals`: a solver's trials), by seed, block,
 * dates and pairs: a block's stream is drawn once and read again by the next trial. At most KEEP_BYTES a thread; an
 * entry is dropped after KEEP_IDLE_MS unused, and when the room is taken by entries still in use a block is simply
 * drawn again (never evicting an entry a solve in flight is reading: no thrashing).
 */
const kept = new Map<string, { z: Float64Array; used: number }>();
let keptBytes = 0;
const KEEP_BYTES = 48 * 1024 * 1024;
const KEEP_IDLE_MS = 2_000;
let sweep: ReturnType<typeof setTimeout> | null = null;

function dropIdle(now: number): void {
  for (const [key, entry] of kept)
    if (now - entry.used > KEEP_IDLE_MS) {
      kept.delete(key);
      keptBytes -= entry.z.byteLength;
    }
}

/** The kept normals of a block (pairs × steps, pair after pair), drawn now if they fit; null when they do not. */
function keptNormals(p: Plan, blk: number, pairs: number): Float64Array | null {
  const key = `${p.seed}|${blk}|${p.steps}|${pairs}`;
  const now = Date.now();
  const hit = kept.get(key);
  if (hit) {
    hit.used = now;
    return hit.z;
  }
  const bytes = pairs * p.steps * 8;
  if (keptBytes + bytes > KEEP_BYTES) dropIdle(now);
  if (keptBytes + bytes > KEEP_BYTES) return null;
  const z = new Float64Array(pairs * p.steps);
  const rng = createRng(p.seed, blk);
  for (let i = 0; i < z.length; i++) z[i] = rng.normal();
  kept.set(key, { z, used: now });
  keptBytes += bytes;
  sweepLater();
  return z;
}

/** Memory goes back once the solves are over: idle entries are dropped (the timer keeps no process alive). */
function sweepLater(): void {
  if (sweep !== null || kept.size === 0) return;
  sweep = setTimeout(() => {
    sweep = null;
    dropIdle(Date.now());
    sweepLater();
  }, KEEP_IDLE_MS);
  sweep.unref?.();
}

function fillPair(p: Plan, rng: Rng, a: Float64Array, b: Float64Array): void {
  let xa = p.lnF0;
  let xb = p.lnF0;
  for (let k = 0; k < p.steps; k++) {
    const z = rng.normal() * p.volStep[k]!;
    const d = p.drift[k]!;
    xa += d + z;
    xb += d - z;
    a[k] = xa;
    b[k] = xb;
  }
}

/** fillPair from kept normals (the same numbers the block's stream draws, pair `i`'s from `i × steps`). */
function fillPairFrom(p: Plan, zs: Float64Array, at: number, a: Float64Array, b: Float64Array): void {
  let xa = p.lnF0;
  let xb = p.lnF0;
  for (let k = 0; k < p.steps; k++) {
    const z = zs[at + k]! * p.volStep[k]!;
    const d = p.drift[k]!;
    xa += d + z;
    xb += d - z;
    a[k] = xa;
    b[k] = xb;
  }
}

/** The sums of blocks [from, to) of a plan: (to − from) × NSTAT numbers, block after block. */
export function simulateBlocks(p: Plan, from: number, to: number): Float64Array {
  const stats = new Float64Array((to - from) * NSTAT);
  const a = new Float64Array(Math.max(1, p.steps));
  const b = new Float64Array(Math.max(1, p.steps));
  const k = p.controlStrike;
  const last = p.steps - 1;
  for (let blk = from; blk < to; blk++) {
    const pairs = Math.min(p.pairs - blk * BLOCK_PAIRS, BLOCK_PAIRS);
    const zs = p.keepNormals === 1 ? keptNormals(p, blk, pairs) : null;
    const rng = createRng(p.seed, blk);
    let ko = 0;
    let dbl = 0;
    let sy = 0;
    let syy = 0;
    let sx1 = 0;
    let sx1x1 = 0;
    let sx2 = 0;
    let sx2x2 = 0;
    let sx1x2 = 0;
    let syx1 = 0;
    let syx2 = 0;
    let sb = 0;
    let sbb = 0;
    let sd = 0;
    let sdd = 0;
    let sg = 0;
    let sgg = 0;
    for (let i = 0; i < pairs; i++) {
      if (zs) fillPairFrom(p, zs, i * p.steps, a, b);
      else fillPair(p, rng, a, b);
      evaluate(p, a, 0);
      const ya = out[0]!;
      const ba = out[1]!;
      ko += out[2]!;
      dbl += out[3]!;
      evaluate(p, b, 0);
      const y = 0.5 * (ya + out[0]!);
      const bu = 0.5 * (ba + out[1]!);
      ko += out[2]!;
      dbl += out[3]!;
      const fa = last >= 0 ? Math.exp(a[last]!) : p.f0;
      const fb = last >= 0 ? Math.exp(b[last]!) : p.f0;
      const x1 = p.df * (0.5 * (fa + fb) - p.f0);
      const x2 = p.df * 0.5 * (Math.max(fa - k, 0) + Math.max(fb - k, 0)) - p.controlMean;
      sy += y;
      syy += y * y;
      sx1 += x1;
      sx1x1 += x1 * x1;
      sx2 += x2;
      sx2x2 += x2 * x2;
      sx1x2 += x1 * x2;
      syx1 += y * x1;
      syx2 += y * x2;
      sb += bu;
      sbb += bu * bu;
      if (p.greeks === 1) {
        const m0 = 0.5 * (merchandiser(p, a, 0) + merchandiser(p, b, 0));
        const mu = 0.5 * (merchandiser(p, a, p.lnUp) + merchandiser(p, b, p.lnUp));
        const md = 0.5 * (merchandiser(p, a, p.lnDown) + merchandiser(p, b, p.lnDown));
        const d = mu - md;
        const g = mu - 2 * m0 + md;
        sd += d;
        sdd += d * d;
        sg += g;
        sgg += g * g;
      }
    }
    stats.set(
      [pairs, sy, syy, sx1, sx1x1, sx2, sx2x2, sx1x2, syx1, syx2, sb, sbb, ko, dbl, sd, sdd, sg, sgg],
      (blk - from) * NSTAT,
    );
  }
  return stats;
}
