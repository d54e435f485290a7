import { hash, verify } from '@node-rs/argon2';
import { NEW_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, SIGN_IN_PASSWORD_MIN_LENGTH } from '@granary/domain';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** @node-rs/argon2's Algorithm.Argon2id (an ambient const enum, which verbatimModuleSyntax can't import). */
const ARGON2ID = 2;

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** grain-marketing.md 5: a password typed to sign in has at least 4 characters (a new one: NEW_PASSWORD_MIN_LENGTH). */
export const MIN_PASSWORD_LENGTH = SIGN_IN_PASSWORD_MIN_LENGTH;
/** Long enough for any passphrase, short enough that hashing can't be used to burn CPU. */
const MAX_PASSWORD_LENGTH = PASSWORD_MAX_LENGTH;

/**
 * The lowest zxcvbn score (0–4) a new password may have: 3 is 'safely unguessable' (about 10^8 guesses or more),
 * see docs/decisions/024-password-strength.md.
 */
export const MIN_PASSWORD_SCORE = 3;

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

/**
 * Only the first characters are scored: scoring grows with length (a quarter second for 64 characters on one
 * core), and a longer password is at least as strong as its beginning.
 */
const SCORED_LENGTH = 64;

type Strength = { common: Set<string>; estimator: ZxcvbnFactory };
let strength: Promise<Strength> | null = null;

/**
 * zxcvbn-ts, its dictionaries and the common-password list, loaded and built on the first password being set:
 * ~30 MB of memory that a server setting no password (an import, most requests) need not hold (decision 049).
 */
function passwordStrength(): Promise<Strength> {
  strength ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([{ ZxcvbnFactory }, common, english]) => ({
      common: new Set(common.dictionary['passwords-common'].map((p) => p.toLowerCase())),
      estimator: new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
        useLevenshteinDistance: true,
        maxLength: SCORED_LENGTH,
      }),
    }),
    (err: unknown) => {
      strength = null;
      throw err;
    },
  );
  return strength;
}

/** What a password should not be built from: the person's own e-mail address and names. */
export function personalWords(
  user: { email: string; firstName?: string | null; lastName?: string | null } | null | undefined,
): string[] {
  if (!user) return [];
  const email = user.email.trim().toLowerCase();
  const words = [email, email.split('@')[0] ?? '', user.firstName ?? '', user.lastName ?? ''];
  return words.map((w) => w.trim()).filter((w) => w.length >= 3);
}

/**
 * Why a new password is refused, or null: shorter than 8 or longer than 256 characters, one of the common
 * passwords bundled with zxcvbn-ts (the lists attackers try first), or scored below MIN_PASSWORD_SCORE by zxcvbn
 * (with the person's e-mail and names counted as known words). The answer is a sentence for the person.
 */
export async function passwordProblem(password: string, userInputs: string[] = []): Promise<string | null> {
  if (password.length < NEW_PASSWORD_MIN_LENGTH)
    return `The password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters long.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  const { common, estimator } = await passwordStrength();
  if (common.has(password.toLowerCase())) {
    return 'This password is one of the most common passwords and easy to guess. Please choose another one.';
  }
  const { score, feedback } = estimator.check(password, userInputs);
  if (score >= MIN_PASSWORD_SCORE) return null;
  const hints = [feedback.warning, ...feedback.suggestions].filter((s): s is string => Boolean(s?.trim()));
  return ['This password is too easy to guess.', ...hints].join(' ');
}
