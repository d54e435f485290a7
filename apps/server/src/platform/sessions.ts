import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGGED_IN_COOKIE } from '@granary/domain';
import type { Db } from './db.ts';
import { sha256 } from './crypto.ts';
import { AppError } from './errors.ts';
import {
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  setSessionActAs,
  touchSession,
  type SessionExtraSql,
  type SessionRow,
  type UserRow,
} from './sessions.repo.ts';

export const SESSION_COOKIE = 'granary_session';
/** An anonymous visitor id: the anonymousId of the bootstrap and the anchor of an anonymous CSRF token. */
export const ANON_COOKIE = 'granary_anon';

/** last_seen_at is written at most this often, so reads don't all turn into writes. */
const TOUCH_EVERY_MS = 60_000;

/**
 * A signed-in request. `user` is whom the request acts for: the signed-in user, or — while an admin acts
 * as someone (sessions.act_as_user_id) — the acted-as user; `actor` is then the admin really at the
 * keyboard (null otherwise). Permissions are those of `user`; audit entries name both.
 */
export type SessionState = {
  tokenHash: string;
  session: SessionRow;
  user: UserRow;
  actor: UserRow | null;
  /** What the session was loaded with (`loadSession`'s `extra`), for `user`; absent without. */
  extra?: { of: SessionExtraSql; value: unknown };
};

export type SessionConfig = {
  idleMs: number;
  /** Absolute lifetime: a session older than this ends however busy it is kept (sign in again). */
  maxAgeMs: number;
  /** Cookies are always Secure (production); otherwise only on a request that came over https. */
  alwaysSecure: boolean;
};

/**
 * Whether a cookie set in answer to this request is Secure: always in production, else when this request came
 * over https (behind a TLS proxy with TRUST_PROXY, X-Forwarded-Proto of this request only — never process state).
 */
export function secureCookieFor(config: SessionConfig, request: FastifyRequest): boolean {
  return config.alwaysSecure || request.protocol === 'https';
}

export function setSessionCookies(reply: FastifyReply, token: string, config: SessionConfig): void {
  const secure = secureCookieFor(config, reply.request);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
  // A readable marker (no secret in it) so the page can tell that the login state changed in another tab.
  reply.setCookie(LOGGED_IN_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

export function clearSessionCookies(reply: FastifyReply, config: SessionConfig): void {
  const secure = secureCookieFor(config, reply.request);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(LOGGED_IN_COOKIE, { path: '/', sameSite: 'lax', secure });
}

/** The session token: the cookie, or `Authorization: Bearer` (the native shell, after login/apple-oauth). */
function sessionTokenOf(request: FastifyRequest): string | null {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  const bearer = request.headers.authorization?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/);
  return bearer?.[1] ?? null;
}

/**
 * The session behind the request's cookie (or bearer token), or null. A session idle for longer than the
 * limit, or older than the absolute lifetime, is deleted and treated as absent; an active one has its last-seen time moved forward. While an
 * admin acts as someone, `user` is the acted-as user and `actor` the admin. `extra`: SQL over that user
 * evaluated in the same query (one round trip), its value in the state's `extra`.
 */
export async function loadSession(
  db: Db,
  request: FastifyRequest,
  config: SessionConfig,
  now = new Date(),
  extra?: SessionExtraSql,
): Promise<SessionState | null> {
  const token = sessionTokenOf(request);
  if (!token || token.length > 200) return null;
  const tokenHash = sha256(token);
  const found = await findSessionWithUser(db, tokenHash, extra);
  if (!found) return null;
  const idleFor = now.getTime() - found.session.lastSeenAt.getTime();
  const age = now.getTime() - found.session.createdAt.getTime();
  if (idleFor > config.idleMs || age > config.maxAgeMs) {
    await deleteSession(db, tokenHash);
    return null;
  }
  // A suspended or deleted account's session is over: its next request is told why (platform.md 4.1 'Account
  // problems'), once — the session is removed with the answer (docs/decisions/053-staff-administration.md).
  if (found.user.status !== 'active') {
    await deleteSession(db, tokenHash);
    throw new AppError(found.user.status === 'suspended' ? 'account_suspended' : 'account_deleted');
  }
  if (idleFor > TOUCH_EVERY_MS) await touchSession(db, tokenHash, now);
  const { session, user, actAsUser } = found;
  // findSessionWithUser evaluated `extra` for the same user as chosen here.
  const loaded = extra ? { extra: { of: extra, value: found.extra } } : {};
  if (session.actAsUserId) {
    if (actAsUser && actAsUser.status === 'active')
      return { tokenHash, session, user: actAsUser, actor: user, ...loaded };
    // The acted-as user was suspended or deleted meanwhile: the admin is back to themself.
    await setSessionActAs(db, tokenHash, null, null);
    return { tokenHash, session: { ...session, actAsUserId: null, actAsScope: null }, user, actor: null, ...loaded };
  }
  return { tokenHash, session, user, actor: null, ...loaded };
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await deleteSession(db, tokenHash);
}

export async function endOtherSessions(db: Db, userId: string, keepTokenHash?: string): Promise<void> {
  await deleteUserSessions(db, userId, keepTokenHash);
}
