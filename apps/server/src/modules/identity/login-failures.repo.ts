import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import { incrementCounter } from '../../platform/rate-limit-store.ts';

/**
 * The soft lockout's counters (login.service.ts), in rate_limit_counters: failed passwords are counted per
 * e-mail address AND client network, so five wrong passwords lock that address from that network only — a
 * stranger can't lock the owner out of their own network. See docs/decisions/024-password-strength.md.
 */

/**
 * The client a failure is counted against: the IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber holds a whole /64, so counting single addresses would give them billions of fresh tries).
 */
export function clientNetwork(ip: string | undefined | null): string {
  const address = (ip ?? '').trim().replace(/%.*$/, '').toLowerCase();
  const mapped = address.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address || 'unknown';
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const tailWidth = tailGroups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailWidth).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

function emailPart(email: string): string {
  return email.trim().toLowerCase();
}

/** The counter of failed passwords for an address from a client network. */
function failureKey(email: string, ip: string | undefined | null): string {
  return `login-fail:${emailPart(email)}|${clientNetwork(ip)}`;
}

/** Counts a failed password; answers the number of failures in the current window. */
export async function countLoginFailure(db: Db, email: string, ip: string, windowMs: number): Promise<number> {
  const { current } = await incrementCounter(db, failureKey(email, ip), windowMs);
  return current;
}

/** The failures counted for an address from a client network in the current window (peeks, does not count). */
export async function loginFailures(db: Db, email: string, ip: string): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(
      sql`select count from rate_limit_counters where key = ${failureKey(email, ip)} and window_ends_at > now()`,
    ),
  );
  return Number(row?.count ?? 0);
}

/**
 * Forgets an address's failed sign-ins from every network (proving who you are, or an admin's password reset,
 * lifts the lockout everywhere). Also clears the per-address key of the lockout before issue 11.
 */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  const prefix = `login-fail:${emailPart(email)}|`;
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db.execute(
    sql`delete from rate_limit_counters where key like ${pattern} escape '\\' or key = ${`login-fail:${emailPart(email)}`}`,
  );
}

/** The most failed sign-ins an address has from any one client network in the current windows (a lock anywhere). */
export async function mostLoginFailures(db: Db, email: string): Promise<number> {
  const prefix = `login-fail:${emailPart(email)}|`;
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [row] = rowsOf<{ count: number | null }>(
    await db.execute(
      sql`select max(count) as count from rate_limit_counters where key like ${pattern} escape '\\' and window_ends_at > now()`,
    ),
  );
  return Number(row?.count ?? 0);
}

/** Forgets an address's failed sign-ins from one client network (a right password from there). */
export async function clearLoginFailuresFrom(db: Db, email: string, ip: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where key = ${failureKey(email, ip)}`);
}

/**
 * True for the first lock of an address in a window of `windowMs` (its lock e-mail may be sent), false after
 * that: someone locking an account from many networks must not flood its owner with mail.
 */
export async function claimLockMail(db: Db, email: string, windowMs: number): Promise<boolean> {
  const { current } = await incrementCounter(db, `login-lock-mail:${emailPart(email)}`, windowMs);
  return current === 1;
}
