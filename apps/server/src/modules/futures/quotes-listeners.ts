// The in-process hook after quotes change: onQuotesChanged(listener) — the offers' price watcher registers here
// (docs/api/live-events.md). Listeners run in exactly one process per change: the feed's tick job calls them
// itself (after its transaction commits), and an import enqueues a 'futures.quotes-changed' job that one process
// claims. A listener is handed the database and the symbols that moved; it reads the prices it needs. `settled` names
// the symbols that got a new settlement (a 'settle' history row: the feed's close of a day, or an imported settle) —
// the structures' nightly observation runs on it (decision 062).

import type { Db } from '../../platform/db.ts';
import { enqueue, registerJobHandler } from '../../platform/jobs.ts';

type QuotesChanged = { db: Db; symbols: string[]; now: Date; settled: string[] };
export type QuotesListener = (change: QuotesChanged) => Promise<void>;

const listeners = new Set<QuotesListener>();

/** Registers a listener (once per process, e.g. when its module's routes are registered); returns its removal. */
export function onQuotesChanged(listener: QuotesListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Calls every listener with the symbols that changed, one after another. Every listener runs even if one fails;
 * the first failure is thrown afterwards (the quotes-changed job then retries), or only logged with `logOnly`
 * (the feed's tick: the next tick tells the listeners again).
 */
export async function notifyQuotesChanged(
  db: Db,
  symbols: readonly string[],
  now: Date,
  options: { logOnly?: boolean; log?: { error(obj: object, msg: string): void }; settled?: readonly string[] } = {},
): Promise<void> {
  if (symbols.length === 0) return;
  let failure: unknown = null;
  for (const listener of [...listeners]) {
    try {
      await listener({ db, symbols: [...symbols], now, settled: [...(options.settled ?? [])] });
    } catch (err) {
      failure ??= err;
      (options.log ?? console).error({ err }, 'a quotes-changed listener failed');
    }
  }
  if (failure !== null && !options.logOnly) throw failure;
}

const QUOTES_CHANGED_JOB = 'futures.quotes-changed';

registerJobHandler(
  QUOTES_CHANGED_JOB,
  async ({ db, job, now }) => {
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
    await notifyQuotesChanged(db, strings(job.payload.symbols), now, { settled: strings(job.payload.settled) });
  },
  { maxAttempts: 3 },
);

/** Tells the listeners through the job table (call it in the transaction of the change). */
export function enqueueQuotesChanged(
  db: Db,
  symbols: readonly string[],
  runAt?: Date,
  options: { settled?: readonly string[] } = {},
): Promise<number | null> {
  return enqueue(
    db,
    QUOTES_CHANGED_JOB,
    { symbols: [...symbols], settled: [...(options.settled ?? [])] },
    runAt ? { runAt } : {},
  );
}
