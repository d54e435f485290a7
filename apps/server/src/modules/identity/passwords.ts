import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** @node-rs/argon2's Algorithm.Argon2id (an ambient const enum, which verbatimModuleSyntax can't import). */
const ARGON2ID = 2;

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** grain-marketing.md 5: at least 4 characters. */
export const MIN_PASSWORD_LENGTH = 4;
/** Long enough for any passphrase, short enough that hashing can't be used to burn CPU. */
export const MAX_PASSWORD_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/**
 * Verifies against a throwaway hash, so that a sign-in for an unknown e-mail takes as long as one for a
 * known e-mail with a wrong password (no account enumeration by timing).
 */
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('granary-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * Why a new password is refused, or null: too short, too long, or one of the common passwords bundled
 * with zxcvbn-ts (the lists attackers try first).
 */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'The password must be at least 4 characters long.';
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  if (COMMON.has(password.toLowerCase())) {
    return 'This password is one of the most common passwords and easy to guess. Please choose another one.';
  }
  return null;
}
