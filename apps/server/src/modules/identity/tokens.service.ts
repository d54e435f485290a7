import { randomInt } from 'node:crypto';
import type { Db } from '../../platform/db.ts';
import type { AuthTokenPurpose } from '../../db/schema/index.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import {
  consumeLiveToken,
  countAttempt,
  findLiveToken,
  insertToken,
  markUsed,
  type AuthTokenRow,
} from './tokens.repo.ts';

export type IssuedToken = { token: string; code: string | null; row: AuthTokenRow };

/** Lifetimes of the single-use secrets. */
export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  magic_link: 10 * 60_000,
  password_reset: 30 * 60_000,
  email_verify: 24 * 3600_000,
  sms_login: 10 * 60_000,
  phone_verify: 10 * 60_000,
  oidc_state: 10 * 60_000,
  native_login: 2 * 60_000,
  invitation: 7 * 24 * 3600_000,
};

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function codeHashFor(tokenHash: string, code: string): string {
  return sha256(`${tokenHash}:${code}`);
}

/**
 * Issues a single-use secret: a random token (sent in a link, or held by the browser) and, when asked,
 * a 6-digit code bound to it. Only hashes are stored.
 */
export async function issueToken(
  db: Db,
  purpose: AuthTokenPurpose,
  options: {
    userId?: string | null;
    identifier?: string | null;
    redirect?: string | null;
    payload?: Record<string, unknown>;
    ip?: string | null;
    withCode?: boolean;
    maxAttempts?: number;
    ttlMs?: number;
  } = {},
): Promise<IssuedToken> {
  const token = randomToken();
  const tokenHash = sha256(token);
  const code = options.withCode ? sixDigitCode() : null;
  const row = await insertToken(db, {
    purpose,
    tokenHash,
    codeHash: code ? codeHashFor(tokenHash, code) : null,
    userId: options.userId ?? null,
    identifier: options.identifier ?? null,
    redirect: options.redirect ?? null,
    payload: options.payload ?? {},
    ip: options.ip ?? null,
    maxAttempts: options.maxAttempts ?? 5,
    expiresAt: new Date(Date.now() + (options.ttlMs ?? TOKEN_TTL_MS[purpose])),
  });
  return { token, code, row };
}

/** Uses a link token once: the row when it was live, null when unknown, used or expired. */
export function consumeToken(db: Db, purpose: AuthTokenPurpose, token: string): Promise<AuthTokenRow | null> {
  if (!token || token.length > 200) return Promise.resolve(null);
  return consumeLiveToken(db, purpose, sha256(token));
}

export function peekToken(db: Db, purpose: AuthTokenPurpose, token: string): Promise<AuthTokenRow | null> {
  if (!token || token.length > 200) return Promise.resolve(null);
  return findLiveToken(db, purpose, sha256(token));
}

export type CodeCheck =
  { ok: true; row: AuthTokenRow } | { ok: false; reason: 'invalid' | 'expired' | 'too_many_attempts' };

/**
 * Checks a code against its token: each try counts, the token dies after its last allowed attempt,
 * and a right code uses it up.
 */
export async function verifyCode(db: Db, purpose: AuthTokenPurpose, token: string, code: string): Promise<CodeCheck> {
  const live = await peekToken(db, purpose, token);
  if (!live || !live.codeHash) return { ok: false, reason: 'expired' };
  const counted = await countAttempt(db, live.id);
  if (!counted) return { ok: false, reason: 'expired' };
  if (counted.attempts > counted.maxAttempts) {
    await markUsed(db, live.id);
    return { ok: false, reason: 'too_many_attempts' };
  }
  if (!safeEqual(codeHashFor(live.tokenHash, code), live.codeHash)) {
    if (counted.attempts >= counted.maxAttempts) await markUsed(db, live.id);
    return { ok: false, reason: counted.attempts >= counted.maxAttempts ? 'too_many_attempts' : 'invalid' };
  }
  if (!(await markUsed(db, live.id))) return { ok: false, reason: 'expired' };
  return { ok: true, row: counted };
}
