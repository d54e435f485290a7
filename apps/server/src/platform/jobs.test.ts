import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { enqueue, ensureRecurring, registerJobHandler, runDueJobs, startJobWorker } from './jobs.ts';
import { rowsOf } from './db.ts';

let t: TestApp;
const ran: { kind: string; payload: unknown; attempts: number }[] = [];

async function jobRows(kind: string) {
  const result = await t.database.db.execute(
    sql`select id, status, attempts, run_at, last_error, key from jobs where kind = ${kind} order by id`,
  );
  return rowsOf<{
    id: number;
    status: string;
    attempts: number;
    run_at: string;
    last_error: string | null;
    key: string | null;
  }>(result);
}

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
  registerJobHandler('test.ok', async ({ job }) => {
    ran.push({ kind: job.kind, payload: job.payload, attempts: job.attempts });
  });
  registerJobHandler(
    'test.flaky',
    async ({ job }) => {
      ran.push({ kind: job.kind, payload: job.payload, attempts: job.attempts });
      if (job.attempts < 3) throw new Error(`boom ${job.attempts}`);
    },
    { maxAttempts: 3 },
  );
  registerJobHandler(
    'test.broken',
    async () => {
      throw new Error('always');
    },
    { maxAttempts: 2 },
  );
  registerJobHandler(
    'test.tick',
    async ({ job }) => {
      ran.push({ kind: job.kind, payload: job.payload, attempts: job.attempts });
    },
    { everyMs: 5000 },
  );
  registerJobHandler('test.slow', async ({ job }) => {
    await new Promise((r) => setTimeout(r, 20));
    ran.push({ kind: job.kind, payload: job.payload, attempts: job.attempts });
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  ran.length = 0;
  await t.database.db.execute(sql`delete from jobs`);
});

const T0 = new Date('2026-03-02T15:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('job runner', () => {
  it('runs a due job once with its payload, and not one that is not due yet', async () => {
    await enqueue(t.database.db, 'test.ok', { n: 1 }, { runAt: T0 });
    await enqueue(t.database.db, 'test.ok', { n: 2 }, { runAt: at(60_000) });
    expect(await runDueJobs(t.database.db, T0)).toBe(1);
    expect(ran).toEqual([{ kind: 'test.ok', payload: { n: 1 }, attempts: 1 }]);
    expect(await runDueJobs(t.database.db, T0)).toBe(0);
    expect((await jobRows('test.ok')).map((r) => r.status)).toEqual(['done', 'pending']);
    expect(await runDueJobs(t.database.db, at(60_000))).toBe(1);
    expect(ran.map((r) => r.payload)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('keeps one pending job per key', async () => {
    expect(await enqueue(t.database.db, 'test.ok', {}, { key: 'k1', runAt: T0 })).toEqual(expect.any(Number));
    expect(await enqueue(t.database.db, 'test.ok', {}, { key: 'k1', runAt: T0 })).toBeNull();
    await runDueJobs(t.database.db, T0);
    // Once done, the key is free again.
    expect(await enqueue(t.database.db, 'test.ok', {}, { key: 'k1', runAt: T0 })).toEqual(expect.any(Number));
  });

  it('retries a failing job with back-off and marks it done when a retry succeeds', async () => {
    await enqueue(t.database.db, 'test.flaky', {}, { runAt: T0 });
    await runDueJobs(t.database.db, T0);
    let [row] = await jobRows('test.flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'boom 1' });
    expect(new Date(row!.run_at).getTime()).toBe(at(2000).getTime());
    // Not before its back-off.
    expect(await runDueJobs(t.database.db, at(1000))).toBe(0);
    await runDueJobs(t.database.db, at(2000));
    [row] = await jobRows('test.flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(new Date(row!.run_at).getTime()).toBe(at(2000 + 4000).getTime());
    await runDueJobs(t.database.db, at(6000));
    [row] = await jobRows('test.flaky');
    expect(row).toMatchObject({ status: 'done', attempts: 3, last_error: null });
  });

  it('marks a job failed after its last attempt', async () => {
    await enqueue(t.database.db, 'test.broken', {}, { runAt: T0 });
    await runDueJobs(t.database.db, T0);
    await runDueJobs(t.database.db, at(10_000));
    expect(await jobRows('test.broken')).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 2, last_error: 'always' }),
    ]);
    expect(await runDueJobs(t.database.db, at(100_000))).toBe(0);
  });

  it('re-enqueues a recurring job under its key after each run', async () => {
    await ensureRecurring(t.database.db, 'test.tick', 'test.tick', {}, T0);
    await ensureRecurring(t.database.db, 'test.tick', 'test.tick', {}, T0);
    expect(await runDueJobs(t.database.db, T0)).toBe(1);
    let rows = await jobRows('test.tick');
    expect(rows.map((r) => [r.status, r.key])).toEqual([
      ['done', 'test.tick'],
      ['pending', 'test.tick'],
    ]);
    expect(new Date(rows[1]!.run_at).getTime()).toBe(at(5000).getTime());
    expect(await runDueJobs(t.database.db, at(4999))).toBe(0);
    expect(await runDueJobs(t.database.db, at(5000))).toBe(1);
    rows = await jobRows('test.tick');
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
  });

  it('takes over a job whose lease expired (its process died) and lets the old claim finish nothing', async () => {
    const id = await enqueue(t.database.db, 'test.ok', { n: 7 }, { runAt: T0 });
    // A process claimed it at T0 and died: running, lease to T0 + 60 s.
    await t.database.db.execute(
      sql`update jobs set status = 'running', attempts = 1, locked_until = ${at(60_000).toISOString()}::timestamptz where id = ${id}`,
    );
    expect(await runDueJobs(t.database.db, at(30_000))).toBe(0);
    expect(await runDueJobs(t.database.db, at(61_000))).toBe(1);
    expect(ran).toEqual([{ kind: 'test.ok', payload: { n: 7 }, attempts: 2 }]);
    expect(await jobRows('test.ok')).toEqual([expect.objectContaining({ status: 'done', attempts: 2 })]);
  });

  it('two runners at once never run one job twice', async () => {
    for (let i = 0; i < 12; i++) await enqueue(t.database.db, 'test.slow', { i }, { runAt: T0 });
    // On PostgreSQL (DATABASE_URL) the two runs use two pooled connections and really interleave; on PGlite
    // they queue on its one connection, and the claims are sequential.
    const [a, b] = await Promise.all([runDueJobs(t.database.db, T0), runDueJobs(t.database.db, T0)]);
    expect(a + b).toBe(12);
    const seen = ran.map((r) => (r.payload as { i: number }).i).sort((x, y) => x - y);
    expect(seen).toEqual([...Array(12).keys()]);
    expect((await jobRows('test.slow')).every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('the worker loop runs jobs as they come due and stops cleanly', async () => {
    const worker = startJobWorker(t.database.db, { pollMs: 10 });
    await enqueue(t.database.db, 'test.ok', { n: 'loop' });
    for (let i = 0; i < 100 && ran.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await worker.stop();
    expect(ran.map((r) => r.payload)).toEqual([{ n: 'loop' }]);
    // Its own pruning job is scheduled once.
    expect((await jobRows('jobs.prune')).filter((r) => r.status === 'pending')).toHaveLength(1);
  });
});
