// Background jobs (DESIGN.md: "a job table in PostgreSQL claimed with FOR UPDATE SKIP LOCKED, never a timer
// that only one process knows about"). This is the one system of background work (docs/decisions/028): price-feed
// ticks, offers' watcher, imports' follow-ups, outbox delivery (platform/outbox.ts) and maintenance
// (platform/maintenance.ts) are all job kinds. Any number of server processes run the same worker loop; each due
// job is claimed by exactly one of them for a lease (locked_until), run, then marked done, retried with back-off,
// or failed. A process that dies mid-job leaves its lease to expire and another process takes the job again.
// A recurring job keeps one pending row per `key` (a partial unique index) and enqueues its next run when it
// finishes; a scheduled one (registerRecurringJob) is also given its first run by every worker that starts.
// Handlers are registered by kind (registerJobHandler) when their module loads; tests drive the runner with
// runDueJobs(db, now) instead of starting the loop.

import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db.ts';

type JobRow = {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  runAt: Date;
  attempts: number;
};

export type JobContext = {
  db: Db;
  job: JobRow;
  /** The time the runner runs at (tests pass their own clock). */
  now: Date;
};

export type JobHandler = (ctx: JobContext) => Promise<void>;

export type JobKindOptions = {
  /** Tries before the job is marked failed (default 5). */
  maxAttempts?: number;
  /** How long a claim holds before another process may take the job again (default 60 s). */
  leaseMs?: number;
  /** A recurring job: its next run is enqueued this many ms after each run (done or failed for good). */
  everyMs?: number;
};

type Registered = { handler: JobHandler; maxAttempts: number; leaseMs: number; everyMs: number | null };

const handlers = new Map<string, Registered>();
/** The recurring kinds every worker schedules when it starts (registerRecurringJob). */
const schedules = new Set<string>();

/** Registers (or replaces) the handler of a job kind in this process. */
export function registerJobHandler(kind: string, handler: JobHandler, options: JobKindOptions = {}): void {
  handlers.set(kind, {
    handler,
    maxAttempts: options.maxAttempts ?? 5,
    leaseMs: options.leaseMs ?? 60_000,
    everyMs: options.everyMs ?? null,
  });
}

export function unregisterJobHandler(kind: string): void {
  handlers.delete(kind);
  schedules.delete(kind);
}

/**
 * Registers a recurring job that runs every `everyMs` from the moment a worker starts (startJobWorker): its
 * schedule is the job table's pending row under the kind's key, so however many processes start, one run is
 * pending at a time and one process runs it.
 */
export function registerRecurringJob(
  kind: string,
  handler: JobHandler,
  options: JobKindOptions & { everyMs: number },
): void {
  registerJobHandler(kind, handler, options);
  schedules.add(kind);
}

/** Gives each registered recurring job (registerRecurringJob) its first run, unless one is pending or running. */
export async function ensureSchedules(db: Db, runAt = new Date()): Promise<void> {
  for (const kind of schedules) await ensureRecurring(db, kind, kind, {}, runAt);
}

export type EnqueueOptions = {
  /** When it may run (default now). */
  runAt?: Date;
  /** At most one pending or running job per key: a second enqueue with the key is a no-op (returns null). */
  key?: string;
};

/**
 * Adds a job. Call it with the transaction of whatever caused it (`tx`), so both happen or neither.
 * Returns the job's id, or null when a pending job with the same key already exists.
 */
export async function enqueue(
  db: Db,
  kind: string,
  payload: Record<string, unknown> = {},
  options: EnqueueOptions = {},
): Promise<number | null> {
  const runAt = options.runAt ?? new Date();
  const key = options.key ?? null;
  const result = await db.execute<{ id: string | number }>(sql`
    insert into jobs (kind, key, payload, run_at)
    values (${kind}, ${key}, ${JSON.stringify(payload)}::jsonb, ${runAt.toISOString()}::timestamptz)
    on conflict (key) where status in ('pending', 'running') and key is not null do nothing
    returning id`);
  const row = rowsOf<{ id: string | number }>(result)[0];
  return row ? Number(row.id) : null;
}

/** A recurring job's first run, unless one is already pending or running (every process may call this at start). */
export function ensureRecurring(
  db: Db,
  kind: string,
  key: string = kind,
  payload: Record<string, unknown> = {},
  runAt = new Date(),
): Promise<number | null> {
  return enqueue(db, kind, payload, { key, runAt });
}

/** Back-off before retry n (1-based): 2, 4, 8 … seconds, at most 10 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, 600_000);
}

type ClaimedRow = {
  id: string | number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown> | string;
  run_at: string | Date;
  attempts: number;
};

/**
 * Claims the next due job for this runner: a pending job whose time has come, or a running one whose lease
 * expired (its process died). FOR UPDATE SKIP LOCKED makes two runners claiming at once take different jobs;
 * the attempts count it sets is the claim's fencing token (the finish only applies while it still matches).
 */
async function claimNext(db: Db, now: Date): Promise<ClaimedRow | null> {
  const kinds = [...handlers.keys()];
  if (kinds.length === 0) return null;
  const at = now.toISOString();
  const lease = sql`case kind ${sql.join(
    kinds.map((k) => sql`when ${k} then ${handlers.get(k)!.leaseMs}`),
    sql` `,
  )} else 60000 end`;
  const result = await db.execute<ClaimedRow>(sql`
    update jobs set status = 'running', attempts = attempts + 1,
      locked_until = ${at}::timestamptz + (${lease}) * interval '1 millisecond'
    where id = (
      select id from jobs
      where kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})
        and ((status = 'pending' and run_at <= ${at}::timestamptz) or (status = 'running' and locked_until < ${at}::timestamptz))
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning id, kind, key, payload, run_at, attempts`);
  return rowsOf<ClaimedRow>(result)[0] ?? null;
}

function toJob(row: ClaimedRow): JobRow {
  return {
    id: Number(row.id),
    kind: row.kind,
    key: row.key,
    payload:
      typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : (row.payload ?? {}),
    runAt: new Date(row.run_at),
    attempts: row.attempts,
  };
}

export type RunOptions = {
  /** At most this many jobs in one call (default 50). */
  limit?: number;
  log?: { error(obj: object, msg: string): void };
};

/**
 * Runs the due jobs of the registered kinds, one claim at a time, until none is due (or `limit`). Returns how
 * many ran. Tests call it with their own `now`; the worker loop calls it with the clock.
 */
export async function runDueJobs(db: Db, now: Date = new Date(), options: RunOptions = {}): Promise<number> {
  const limit = options.limit ?? 50;
  let ran = 0;
  while (ran < limit) {
    const row = await claimNext(db, now);
    if (!row) break;
    ran++;
    await runClaimed(db, toJob(row), now, options);
  }
  return ran;
}

async function runClaimed(db: Db, job: JobRow, now: Date, options: RunOptions): Promise<void> {
  const kind = handlers.get(job.kind);
  if (!kind) return; // unregistered since the claim: its lease expires and a process that knows it takes it
  // A job whose process died on every try (recovered past its attempts) is given up without running again.
  let error: unknown = job.attempts > kind.maxAttempts ? new Error('lease expired on every attempt') : null;
  if (error === null) {
    try {
      await kind.handler({ db, job, now });
    } catch (err) {
      error = err ?? new Error('job failed');
    }
  }
  const finishedAt = new Date(Math.max(Date.now(), now.getTime()));
  await db.transaction(async (tx) => {
    if (error === null) {
      const done =
        await tx.execute(sql`update jobs set status = 'done', finished_at = ${finishedAt.toISOString()}::timestamptz, locked_until = null, last_error = null
        where id = ${job.id} and attempts = ${job.attempts} and status = 'running' returning id`);
      if (rowsOf(done).length > 0 && kind.everyMs !== null) await enqueueNext(tx, job, now, kind.everyMs);
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    options.log?.error({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
    if (job.attempts < kind.maxAttempts) {
      const retryAt = new Date(now.getTime() + Math.min(retryDelayMs(job.attempts), kind.everyMs ?? Infinity));
      await tx.execute(sql`update jobs set status = 'pending', run_at = ${retryAt.toISOString()}::timestamptz, locked_until = null, last_error = ${message}
        where id = ${job.id} and attempts = ${job.attempts} and status = 'running'`);
      return;
    }
    const failed =
      await tx.execute(sql`update jobs set status = 'failed', finished_at = ${finishedAt.toISOString()}::timestamptz, locked_until = null, last_error = ${message}
      where id = ${job.id} and attempts = ${job.attempts} and status = 'running' returning id`);
    // A recurring job goes on after a run that failed for good.
    if (rowsOf(failed).length > 0 && kind.everyMs !== null) await enqueueNext(tx, job, now, kind.everyMs);
  });
}

function enqueueNext(db: Db, job: JobRow, now: Date, everyMs: number): Promise<number | null> {
  return enqueue(db, job.kind, job.payload, { key: job.key ?? job.kind, runAt: new Date(now.getTime() + everyMs) });
}

/** Done jobs are kept an hour (to look at), failed ones a week. */
async function pruneJobs(db: Db, now: Date = new Date()): Promise<void> {
  await db.execute(sql`delete from jobs where (status = 'done' and finished_at < ${now.toISOString()}::timestamptz - interval '1 hour')
    or (status = 'failed' and finished_at < ${now.toISOString()}::timestamptz - interval '7 days')`);
}

registerRecurringJob('jobs.prune', ({ db, now }) => pruneJobs(db, now), { everyMs: 3_600_000, maxAttempts: 1 });

export type JobWorker = { stop(): Promise<void> };

export type WorkerOptions = {
  /** How long a runner waits after finding nothing due (default 1 s). */
  pollMs?: number;
  /**
   * Runners in this process, each claiming one job at a time (default 2): a slow job (an SMTP delivery) holds one
   * of them while the other goes on with the rest (price ticks, offers). On PGlite their queries take turns on
   * its one connection.
   */
  concurrency?: number;
  log?: RunOptions['log'];
};

/**
 * The worker of a process, the one loop of background work: it schedules the recurring jobs (ensureSchedules),
 * then each runner runs the due jobs and waits `pollMs` when none is left. stop() waits for the runs in progress.
 * Started once, by main.ts (never in tests unless a test asks).
 */
export function startJobWorker(db: Db, options: WorkerOptions = {}): JobWorker {
  const pollMs = options.pollMs ?? 1000;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };
  const runner = () => {
    if (stopped) return;
    const run = runDueJobs(db, new Date(), { log: options.log })
      .then(() => undefined)
      .catch((err: unknown) => options.log?.error({ err }, 'job worker run failed'))
      .finally(() => {
        running.delete(run);
        if (!stopped) later(runner, pollMs);
      });
    running.add(run);
  };
  const scheduled = ensureSchedules(db)
    .catch((err: unknown) => options.log?.error({ err }, 'could not schedule the recurring jobs'))
    .finally(() => {
      for (let i = 0; i < concurrency; i++) if (!stopped) later(runner, 0);
    });
  return {
    async stop() {
      stopped = true;
      await scheduled;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
