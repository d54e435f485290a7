import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { getSession } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { insertSession } from '../../platform/sessions.repo.ts';
import { endSession, setSessionCookies } from '../../platform/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { updateUser, type UserRow } from './users.repo.ts';

export type SignInMethod = 'password' | 'magic_link' | 'sms' | 'google' | 'apple' | 'sso' | 'native' | 'signup' | 'password_reset';

/** The rate_limit_counters key that counts failed passwords for an address. */
export function failureKey(email: string): string {
  return `login-fail:${email.trim().toLowerCase()}`;
}

/** platform.md 4.1 'Account problems': only told once the person has proved who they are. */
export function assertAccountUsable(user: UserRow): void {
  if (user.status === 'suspended') throw new AppError('account_suspended');
  if (user.status === 'deleted') throw new AppError('account_deleted');
}

/**
 * Starts a fresh session for a user who has proved who they are: whatever session the browser had is
 * ended first (no session fixation), failure counters and locks are cleared, the sign-in is audited.
 * Returns the new session token (for a bearer hand-off to a native shell).
 */
export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  method: SignInMethod,
): Promise<string> {
  assertAccountUsable(user);
  const db = ctx.database.db;
  const previous = await getSession(ctx, request);
  if (previous) await endSession(db, previous.tokenHash);
  const token = randomToken();
  await insertSession(db, {
    tokenHash: sha256(token),
    userId: user.id,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    method,
  });
  await updateUser(db, user.id, { lastLoginAt: new Date(), failedLoginCount: 0, lockedUntil: null });
  // Proving who you are by any method lifts a password lockout (the locked e-mail's direct link relies on it).
  await db.execute(sql`delete from rate_limit_counters where key = ${failureKey(user.email)}`);
  await audit(db, request, { actorUserId: user.id, action: 'sign_in', details: { method } });
  setSessionCookies(reply, token, ctx.sessions);
  return token;
}
