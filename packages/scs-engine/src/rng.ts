// Seeded, reproducible random numbers for the Monte Carlo engine.
// - Uniform 32-bit integers: xoshiro128** 1.1 (Blackman & Vigna, 2018), 128 bits of state, period 2^128 − 1, passes
//   BigCrush; seeded through SplitMix32 (the MurmurHash3 finaliser on a Weyl sequence) so that any seed, and any
//   (seed, stream) pair, gives a well-mixed non-zero state.
// - Normals: the Ziggurat method of Marsaglia & Tsang (2000, "The Ziggurat Method for Generating Random Variables",
//   128 layers), exact in distribution (the tail and wedges are sampled by rejection), about one 32-bit draw per normal.
// Each block of paths has its own stream (seed, block index), so a result depends on the seed and the path count only,
// not on how many worker threads shared the blocks.

export type Rng = { nextU32: () => number; uniform: () => number; normal: () => number };

function splitMix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

// Ziggurat tables (Marsaglia & Tsang's RNOR, 128 layers).
const KN = new Float64Array(128);
const WN = new Float64Array(128);
const FN = new Float64Array(128);
const R = 3.442619855899;
(() => {
  const m1 = 2147483648.0;
  const vn = 9.91256303526217e-3;
  let dn = R;
  let tn = dn;
  const q = vn / Math.exp(-0.5 * dn * dn);
  KN[0] = (dn / q) * m1;
  KN[1] = 0;
  WN[0] = q / m1;
  WN[127] = dn / m1;
  FN[0] = 1;
  FN[127] = Math.exp(-0.5 * dn * dn);
  for (let i = 126; i >= 1; i--) {
    dn = Math.sqrt(-2 * Math.log(vn / dn + Math.exp(-0.5 * dn * dn)));
    KN[i + 1] = (dn / tn) * m1;
    tn = dn;
    FN[i] = Math.exp(-0.5 * dn * dn);
    WN[i] = dn / m1;
  }
})();

const TWO_POW_32 = 4294967296;

/** A generator for `seed` (any integer) and an optional `stream` (e.g. a block index). */
export function createRng(seed: number, stream = 0): Rng {
  const mix = splitMix32((seed >>> 0) ^ Math.imul(stream + 1, 0x632be5ab));
  let s0 = mix();
  let s1 = mix();
  let s2 = mix();
  let s3 = mix();
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;

  const nextU32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
  /** Uniform on (0, 1), never 0 or 1. */
  const uniform = (): number => (nextU32() + 0.5) / TWO_POW_32;

  const normal = (): number => {
    let hz = nextU32() | 0;
    let iz = hz & 127;
    if (Math.abs(hz) < KN[iz]!) return hz * WN[iz]!;
    for (;;) {
      if (iz === 0) {
        let x: number;
        let y: number;
        do {
          x = -Math.log(uniform()) / R;
          y = -Math.log(uniform());
        } while (y + y < x * x);
        return hz > 0 ? R + x : -R - x;
      }
      const x = hz * WN[iz]!;
      if (FN[iz]! + uniform() * (FN[iz - 1]! - FN[iz]!) < Math.exp(-0.5 * x * x)) return x;
      hz = nextU32() | 0;
      iz = hz & 127;
      if (Math.abs(hz) < KN[iz]!) return hz * WN[iz]!;
    }
  };
  return { nextU32, uniform, normal };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
