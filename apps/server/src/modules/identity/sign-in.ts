import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { getSession } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { insertSession } from '../../platform/sessions.repo.ts';
import { endSession, setSessionCookies } from '../../platform/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { updateUser, type UserRow } from './users.repo.ts';
import { clearLoginFailures, clearLoginFailuresFrom } from './login-failures.repo.ts';

export type SignInMethod =
  'password' | 'magic_link' | 'sms' | 'google' | 'apple' | 'sso' | 'native' | 'signup' | 'password_reset';

/** platform.md 4.1 'Account problems': only told once the person has proved who they are. */
function assertAccountUsable(user: UserRow): void {
  if (user.status === 'suspended') throw new AppError('account_suspended');
  if (user.status === 'deleted') throw new AppError('account_deleted');
}

/**
 * Starts a fresh session for a user who has proved who they are: whatever session the browser had is
 * ended first (no session fixation), password failure counters and locks are cleared (see below), the sign-in is
 * audited.
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
  await updateUser(db, user.id, { lastLoginAt: new Date() });
  // A right password clears its own network's failures only: it says nothing about someone guessing from another
  // network. Every other way of proving who you are lifts the lockout from every network (the lock e-mail's direct
  // link relies on it: whoever follows it may be the one who got locked, wherever that was).
  if (method === 'password') await clearLoginFailuresFrom(db, user.email, request.ip);
  else await clearLoginFailures(db, user.email);
  await audit(db, request, { actorUserId: user.id, action: 'sign_in', details: { method } });
  setSessionCookies(reply, token, ctx.sessions);
  return token;
}
