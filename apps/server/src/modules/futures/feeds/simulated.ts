// The demo's price feed: a recurring job (every 5 s by default) that moves each futures quote by a random walk of
// whole ticks while the exchange trades (trading-session.ts), holds the quotes outside the session, and settles
// the previous trading day when a new one begins (previousSettle = last, a 'settle' history row). The months
// of a root move together by the same whole ticks, with now and then a tick of spread of their own, as a real
// curve does. docs/decisions/017-futures-feed-and-live-events.md.

import type { Env } from '../../../platform/env.ts';
import { toDecimal, tradingSession, exchangeClock, futuresProduct, type CrmDecimal } from '@granary/domain';
import type { Db } from '../../../platform/db.ts';
import { ensureRecurring, registerJobHandler, unregisterJobHandler } from '../../../platform/jobs.ts';
import {
  applyQuoteUpdates,
  insertSettlements,
  listNewContractMonths,
  pruneTickHistory,
  quotesForUpdate,
  type QuoteWrite,
} from '../futures.repo.ts';
import { notifyQuotesChanged } from '../quotes-listeners.ts';
import type { FeedLog, PriceFeed } from './price-feed.ts';

export const SIMULATED_TICK_JOB = 'futures.simulated-tick';
const PRUNE_HISTORY_JOB = 'futures.prune-history';
const DEFAULT_FEED_INTERVAL_MS = 5000;

export type FeedSettings = { feed: 'simulated' | 'off'; everyMs: number };

/** The feed of the validated environment (env.ts): PRICE_FEED, default simulated but off under test, every PRICE_FEED_INTERVAL_MS. */
export function feedSettings(env: Pick<Env, 'PRICE_FEED' | 'PRICE_FEED_INTERVAL_MS' | 'NODE_ENV'>): FeedSettings {
  return {
    feed: env.PRICE_FEED ?? (env.NODE_ENV === 'test' ? 'off' : 'simulated'),
    everyMs: env.PRICE_FEED_INTERVAL_MS,
  };
}

/** A root's move this tick in whole ticks: mostly none, sometimes one, rarely two, either way. */
function rootStep(u: number): number {
  if (u < 0.04) return -2;
  if (u < 0.2) return -1;
  if (u < 0.8) return 0;
  if (u < 0.96) return 1;
  return 2;
}

/** A month's own tick of spread now and then (one in ten). */
function spreadStep(u: number): number {
  if (u < 0.05) return -1;
  if (u >= 0.95) return 1;
  return 0;
}

/** The instant of a trading day's close (13:20 Central): its settlement's time in the history. */
export function settlementInstant(tradeDate: string): Date {
  const [y, m, d] = tradeDate.split('-').map(Number) as [number, number, number];
  for (const utcHour of [18, 19]) {
    const at = new Date(Date.UTC(y, m - 1, d, utcHour, 20));
    const clock = exchangeClock(at);
    if (clock.date === tradeDate && clock.minutes === 13 * 60 + 20) return at;
  }
  return new Date(Date.UTC(y, m - 1, d, 19, 20));
}

export type TickResult = { open: boolean; tradeDate: string; changed: string[]; settled: string[]; listed: string[] };

/**
 * One tick of the simulated feed at `now` (`rng` in [0, 1) for tests). In one transaction: settles the quotes of a
 * past trading day, lists new contract months, moves the quotes while the session is open, writes and publishes.
 */
export async function simulatedTick(db: Db, now: Date, rng: () => number = Math.random): Promise<TickResult> {
  const session = tradingSession(now);
  return db.transaction(async (tx) => {
    const rows = await quotesForUpdate(tx);
    const writes = new Map<string, QuoteWrite>();
    const settlements: { symbol: string; price: string; quotedAt: Date }[] = [];
    const live = rows.filter((r) => r.lastTradeDay >= session.tradeDate);

    for (const r of live) {
      if (r.tradeDate < session.tradeDate) {
        settlements.push({ symbol: r.symbol, price: r.last, quotedAt: settlementInstant(r.tradeDate) });
        writes.set(r.symbol, {
          symbol: r.symbol,
          last: r.last,
          previousSettle: r.last,
          open: null,
          high: null,
          low: null,
          tradeDate: session.tradeDate,
          quotedAt: now,
        });
      }
    }

    if (session.open) {
      const stepByRoot = new Map<string, number>();
      for (const r of live) {
        const product = futuresProduct(r.root);
        if (!product) continue;
        if (!stepByRoot.has(r.root)) stepByRoot.set(r.root, rootStep(rng()));
        const steps = stepByRoot.get(r.root)! + spreadStep(rng());
        if (steps === 0) continue;
        const tick = toDecimal(product.tick);
        const base = writes.get(r.symbol);
        const before = toDecimal(base ? base.last : r.last);
        let next: CrmDecimal = before.plus(tick.times(steps));
        if (next.lt(tick.times(10))) next = tick.times(10);
        if (next.eq(before)) continue;
        const open = base ? null : r.open;
        const high = base ? null : r.high;
        const low = base ? null : r.low;
        writes.set(r.symbol, {
          symbol: r.symbol,
          last: next.toFixed(4),
          open: open ?? next.toFixed(4),
          high: (high === null || next.gt(toDecimal(high)) ? next : toDecimal(high)).toFixed(4),
          low: (low === null || next.lt(toDecimal(low)) ? next : toDecimal(low)).toFixed(4),
          ...(base ? { previousSettle: base.previousSettle } : {}),
          tradeDate: session.tradeDate,
          quotedAt: now,
        });
      }
    }

    await insertSettlements(tx, settlements, 'simulated');
    const listed = settlements.length > 0 ? await listNewContractMonths(tx, session.tradeDate, 8, now) : [];
    const written = await applyQuoteUpdates(tx, [...writes.values()], 'simulated');
    return {
      open: session.open,
      tradeDate: session.tradeDate,
      changed: written.map((q) => q.symbol),
      settled: settlements.map((s) => s.symbol),
      listed,
    };
  });
}

/** The simulated feed as a PriceFeed: its tick and history-pruning jobs. */
export function simulatedFeed(options: { everyMs?: number; rng?: () => number } = {}): PriceFeed {
  const everyMs = options.everyMs ?? DEFAULT_FEED_INTERVAL_MS;
  const rng = options.rng ?? Math.random;
  return {
    source: 'simulated',
    async start(db: Db, log?: FeedLog) {
      registerJobHandler(
        SIMULATED_TICK_JOB,
        async ({ db: jobDb, now }) => {
          const result = await simulatedTick(jobDb, now, rng);
          // This process ran the tick (the job table gave it to one process only): it tells the listeners.
          await notifyQuotesChanged(jobDb, result.changed, now, {
            logOnly: true,
            settled: result.settled,
            ...(log ? { log } : {}),
          });
        },
        // A failed tick is not retried: the next one comes in a few seconds.
        { everyMs, maxAttempts: 1, leaseMs: 30_000 },
      );
      registerJobHandler(PRUNE_HISTORY_JOB, async ({ db: jobDb, now }) => pruneTickHistory(jobDb, now), {
        everyMs: 3_600_000,
        maxAttempts: 1,
      });
      await ensureRecurring(db, SIMULATED_TICK_JOB);
      await ensureRecurring(db, PRUNE_HISTORY_JOB);
      log?.info({ everyMs }, 'simulated price feed started');
    },
    stop() {
      unregisterJobHandler(SIMULATED_TICK_JOB);
      unregisterJobHandler(PRUNE_HISTORY_JOB);
    },
  };
}
