import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';

export type PurgeCounts = { sessions: number; authTokens: number; verificationSessions: number; counters: number };

async function deleted(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute(query);
  return (
    (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}

/**
 * Deletes what can no longer be used: sessions idle past the limit or older than their absolute lifetime, auth tokens and verification
 * sessions a day past expiry (kept a little for audit questions), counters whose window ended an hour
 * ago. Idempotent, so every server process may run it; none needs to coordinate.
 */
export type SessionLimits = { idleMs: number; maxAgeMs: number };

export async function purgeExpired(db: Db, limits: SessionLimits): Promise<PurgeCounts> {
  return {
    sessions: await deleted(
      db,
      sql`delete from sessions where last_seen_at < now() - ${limits.idleMs} * interval '1 millisecond'
        or created_at < now() - ${limits.maxAgeMs} * interval '1 millisecond'`,
    ),
    authTokens: await deleted(db, sql`delete from auth_tokens where expires_at < now() - interval '1 day'`),
    verificationSessions: await deleted(
      db,
      sql`delete from verification_sessions where expires_at < now() - interval '1 day'`,
    ),
    counters: await deleted(db, sql`delete from rate_limit_counters where window_ends_at < now() - interval '1 hour'`),
  };
}

/** Runs purgeExpired every `intervalMs` (default 10 minutes); failures are logged, never fatal. */
export function startMaintenance(
  db: Db,
  limits: SessionLimits,
  log: { error(obj: unknown, msg: string): void },
  intervalMs = 600_000,
): () => void {
  const timer = setInterval(() => {
    purgeExpired(db, limits).catch((err) => log.error({ err }, 'maintenance failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
