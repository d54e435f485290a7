import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { registerRecurringJob } from './jobs.ts';

export type PurgeCounts = { sessions: number; authTokens: number; verificationSessions: number; counters: number };

async function deleted(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute(query);
  return (
    (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}

export type SessionLimits = { idleMs: number; maxAgeMs: number };

/**
 * Deletes what can no longer be used: sessions idle past the limit or older than their absolute lifetime, auth
 * tokens and verification sessions a day past expiry (kept a little for audit questions), counters whose window
 * ended an hour ago. Idempotent; the recurring job below runs it in one process at a time.
 */

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

export const MAINTENANCE_JOB = 'maintenance.purge-expired';

/** A module's own clean-up run by the maintenance job after the purge (e.g. the ingest's retention of files). */
type MaintenanceTask = (db: Db, now: Date) => Promise<unknown>;
const tasks = new Map<string, MaintenanceTask>();

/** Registers (or replaces) a module's maintenance task; the modules call it when they load, as with job handlers. */
export function registerMaintenanceTask(name: string, task: MaintenanceTask): void {
  tasks.set(name, task);
}

/** Runs every registered task in turn; one that fails does not keep the others from running (it is rethrown last). */
export async function runMaintenanceTasks(db: Db, now: Date = new Date()): Promise<void> {
  let failure: unknown = null;
  for (const task of tasks.values()) {
    try {
      await task(db, now);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== null) throw failure;
}

/**
 * Makes the purge a recurring job of the job table, every `everyMs` (default 10 minutes) from the moment a worker
 * starts: one run pending at a time and one process running it, however many processes serve. A failed run is
 * logged by the runner and not retried; the next one comes at its time.
 */
export function registerMaintenanceJob(limits: SessionLimits, everyMs = 600_000): void {
  registerRecurringJob(
    MAINTENANCE_JOB,
    async ({ db }) => {
      await purgeExpired(db, limits);
      await runMaintenanceTasks(db);
    },
    { everyMs, maxAttempts: 1 },
  );
}
