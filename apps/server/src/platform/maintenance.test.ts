import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../seed/demo.ts';
import { MAINTENANCE_JOB, purgeExpired, registerMaintenanceJob } from './maintenance.ts';
import { rowsOf } from './db.ts';
import { ensureSchedules, runDueJobs } from './jobs.ts';
import { incrementCounter } from './rate-limit-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const count = async (table: string) =>
  (
    (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe('purgeExpired', () => {
  it('removes idle and too old sessions, long-expired tokens and ended counters, and keeps live ones', async () => {
    const db = t.database.db;
    await t.sessionCookie(DEMO_ACCOUNTS.buyer);
    await t.sessionCookie(DEMO_ACCOUNTS.farmer);
    await t.sessionCookie(DEMO_ACCOUNTS.admin);
    await db.execute(
      sql`update sessions set last_seen_at = now() - interval '2 hours' where user_id = (select id from users where email = ${DEMO_ACCOUNTS.farmer})`,
    );
    // Busy (seen just now) but older than the absolute lifetime.
    await db.execute(
      sql`update sessions set created_at = now() - interval '31 days' where user_id = (select id from users where email = ${DEMO_ACCOUNTS.admin})`,
    );
    await db.execute(sql`insert into auth_tokens (purpose, token_hash, expires_at) values
      ('magic_link', 'old', now() - interval '2 days'), ('magic_link', 'live', now() + interval '5 minutes')`);
    await incrementCounter(db, 'old-counter', 1);
    await db.execute(
      sql`update rate_limit_counters set window_ends_at = now() - interval '2 hours' where key = 'old-counter'`,
    );
    await incrementCounter(db, 'live-counter', 60_000);

    const purged = await purgeExpired(db, { idleMs: 30 * 60_000, maxAgeMs: 30 * 86_400_000 });
    expect(purged).toMatchObject({ sessions: 2, authTokens: 1, counters: 1 });
    expect(await count('sessions')).toBe(1);
    const tokens = await db.execute(sql`select token_hash from auth_tokens`);
    expect((tokens as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash)).toEqual(['live']);
    const counters = await db.execute(sql`select key from rate_limit_counters`);
    expect((counters as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual(['live-counter']);
  });
});

describe('the maintenance job', () => {
  it('is one recurring job of the job table, however many workers schedule it, and runs the purge', async () => {
    const db = t.database.db;
    await db.execute(sql`delete from jobs`);
    registerMaintenanceJob({ idleMs: 30 * 60_000, maxAgeMs: 30 * 86_400_000 }, 600_000);
    const T0 = new Date();
    // Two processes starting: one pending run.
    await ensureSchedules(db, T0);
    await ensureSchedules(db, T0);
    const pending = async () =>
      rowsOf<{ run_at: string | Date }>(
        await db.execute(sql`select run_at from jobs where kind = ${MAINTENANCE_JOB} and status = 'pending'`),
      );
    expect(await pending()).toHaveLength(1);
    await db.execute(sql`insert into auth_tokens (purpose, token_hash, expires_at) values
      ('magic_link', 'stale', now() - interval '2 days')`);
    // Every due recurring job runs (the job table's own pruning, the payments' daily run, …); the maintenance run is one.
    const ran = await runDueJobs(db, T0);
    expect(ran).toBeGreaterThanOrEqual(2);
    expect(
      rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from jobs where kind = ${MAINTENANCE_JOB} and status <> 'pending'`,
        ),
      )[0]?.n,
    ).toBe(1);
    const tokens = rowsOf<{ token_hash: string }>(
      await db.execute(sql`select token_hash from auth_tokens where token_hash = 'stale'`),
    );
    expect(tokens).toEqual([]);
    // The next run, 10 minutes on.
    expect((await pending()).map((r) => new Date(r.run_at).getTime())).toEqual([T0.getTime() + 600_000]);
  });
});
