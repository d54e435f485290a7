// Trace ids: a random 63-bit non-negative integer as a decimal string (grain-marketing.md 7), sent in
// the TRACE_ID_HEADER of every request and logged by the server beside 5xx causes.

type CryptoLike = { getRandomValues(array: BigUint64Array): BigUint64Array };

function cryptoRandom(): bigint {
  const crypto = (globalThis as unknown as { crypto?: CryptoLike }).crypto;
  if (crypto && typeof crypto.getRandomValues === 'function') {
    return crypto.getRandomValues(new BigUint64Array(1))[0] ?? 0n;
  }
  // Never expected (Node 24 and every supported browser have Web Crypto): a non-cryptographic fallback.
  return (BigInt(Math.floor(Math.random() * 2 ** 32)) << 32n) | BigInt(Math.floor(Math.random() * 2 ** 32));
}

/**
 * `random` returns either a bigint (any bits; the low 63 are used) or a number: a fraction in [0, 1)
 * like Math.random() is scaled to [0, 2^63); an integer is used as is (its low 63 bits).
 */
export function randomTraceId(random: () => bigint | number = cryptoRandom): string {
  const r = random();
  let n: bigint;
  if (typeof r === 'bigint') n = r;
  else if (!Number.isFinite(r)) n = cryptoRandom();
  else if (r >= 0 && r < 1) n = BigInt(Math.floor(r * 2 ** 63));
  else n = BigInt(Math.trunc(r));
  return BigInt.asUintN(63, n).toString();
}

export const MAX_TRACE_ID = (1n << 63n) - 1n;

/** A trace id received from a client: digits only, at most 2^63-1. */
export function isTraceId(s: string): boolean {
  return /^\d{1,19}$/.test(s) && BigInt(s) <= MAX_TRACE_ID;
}
