import { LOGGED_IN_COOKIE } from '@granary/domain';
import { randomToken, sha256 } from './crypto.ts';
import { deleteSession, deleteUserSessions, findSessionWithUser, insertSession, touchSession, } from './sessions.repo.ts';
export const SESSION_COOKIE = 'granary_session';
/** An anonymous visitor id: the anonymousId of the bootstrap and the anchor of an anonymous CSRF token. */
export const ANON_COOKIE = 'granary_anon';
/** last_seen_at is written at most this often, so reads don't all turn into writes. */
const TOUCH_EVERY_MS = 60000;
/** Starts a session for a user: a fresh random token each time (no fixation), only its hash stored. */
export async function startSession(db, reply, config, userId, meta) {
    const token = randomToken();
    await insertSession(db, { tokenHash: sha256(token), userId, ...meta });
    setSessionCookies(reply, token, config);
    return token;
}
export function setSessionCookies(reply, token, config) {
    reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
    });
    // A readable marker (no secret in it) so the page can tell that the login state changed in another tab.
    reply.setCookie(LOGGED_IN_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure: config.secureCookies });
}
export function clearSessionCookies(reply, config) {
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
    reply.clearCookie(LOGGED_IN_COOKIE, { path: '/', sameSite: 'lax', secure: config.secureCookies });
}
/**
 * The session behind the request's cookie, or null. A session idle for longer than the limit is
 * deleted and treated as absent; an active one has its last-seen time moved forward.
 */
export async function loadSession(db, request, config, now = new Date()) {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200)
        return null;
    const tokenHash = sha256(token);
    const found = await findSessionWithUser(db, tokenHash);
    if (!found)
        return null;
    const idleFor = now.getTime() - found.session.lastSeenAt.getTime();
    if (idleFor > config.idleMs || found.user.status !== 'active') {
        await deleteSession(db, tokenHash);
        return null;
    }
    if (idleFor > TOUCH_EVERY_MS)
        await touchSession(db, tokenHash, now);
    return { tokenHash, ...found };
}
export async function endSession(db, tokenHash) {
    await deleteSession(db, tokenHash);
}
export async function endOtherSessions(db, userId, keepTokenHash) {
    await deleteUserSessions(db, userId, keepTokenHash);
}
