import { solveChallenge, type Challenge, type DeriveKeyFunction, type Solution } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/web/sha';

/** The altcha algorithms a browser can solve with WebCrypto alone (scrypt and Argon2id need Node). */
function browserDeriveKey(algorithm: string): DeriveKeyFunction | null {
  if (/^SHA-(256|384|512)$/.test(algorithm)) return deriveSha;
  if (/^PBKDF2\/SHA-(256|384|512)$/.test(algorithm)) return derivePbkdf2;
  return null;
}

/** Solves an altcha (v2) challenge in the current thread; null when it cannot be solved in time. */
export async function solveAltchaHere(
  challenge: Challenge,
  timeoutMs: number,
  controller?: AbortController,
): Promise<Solution | null> {
  const deriveKey = browserDeriveKey(challenge.parameters.algorithm);
  if (!deriveKey) return null;
  return solveChallenge({ challenge, deriveKey, timeout: timeoutMs, ...(controller ? { controller } : {}) });
}
