import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CROPS, futuresProduct, toDecimal, type LiveEvent, type QuotesEventPayload } from '@granary/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { crops, quoteHistory, quotes, futuresSymbols, jobs } from '../../../db/schema/index.ts';
import { seedFuturesDemo } from '../../../seed/trading-demo.ts';
import { subscribe } from '../../../platform/events.ts';
import { runDueJobs } from '../../../platform/jobs.ts';
import { rowsOf } from '../../../platform/db.ts';
import { onQuotesChanged } from '../quotes-listeners.ts';
import { readEnv } from '../../../platform/env.ts';
import { feedSettings, settlementInstant, simulatedFeed, simulatedTick, SIMULATED_TICK_JOB } from './simulated.ts';

let t: TestApp;

type Row = {
  symbol: string;
  root: string;
  last: string;
  open: string | null;
  high: string | null;
  low: string | null;
  previous_settle: string | null;
  trade_date: string;
  version: number;
};

async function quoteRows(): Promise<Map<string, Row>> {
  const result = await t.database.db
    .execute(sql`select q.symbol, s.root, q.last, q.open, q.high, q.low, q.previous_settle, q.trade_date::text as trade_date, q.version
    from quotes q join futures_symbols s on s.symbol = q.symbol order by q.symbol`);
  return new Map(rowsOf<Row>(result).map((r) => [r.symbol, r]));
}

/** A fixed sequence of random numbers, repeated. */
const fixed = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

// Monday 2 March 2026 (Central = UTC−6).
const IN_SESSION = new Date('2026-03-02T16:00:00Z'); // Mon 10:00
const AFTER_CLOSE = new Date('2026-03-02T20:00:00Z'); // Mon 14:00
const EVENING = new Date('2026-03-03T01:30:00Z'); // Mon 19:30: Tuesday's trading day

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
  await t.database.db
    .insert(crops)
    .values(CROPS.map((c) => ({ ...c })))
    .onConflictDoNothing();
}, 120_000);
afterAll(() => t?.close());

beforeEach(async () => {
  await t.database.db.delete(quoteHistory);
  await t.database.db.delete(quotes);
  await t.database.db.delete(futuresSymbols);
  await t.database.db.delete(jobs);
  await seedFuturesDemo(t.database.db, { today: '2026-03-02' });
});

describe('simulated feed', () => {
  it('moves every quote by whole ticks during the session, keeps open/high/low, a history tick and one event per root', async () => {
    const before = await quoteRows();
    const events: LiveEvent[] = [];
    const stop = await subscribe(t.database, (e) => {
      if (e.topic === 'quotes') events.push(e);
    });
    // Every root +2 ticks, every month +1 of its own: +3 ticks.
    const result = await simulatedTick(t.database.db, IN_SESSION, fixed(0.97));
    expect(result).toMatchObject({ open: true, tradeDate: '2026-03-02', settled: [] });
    expect(result.changed.length).toBe(before.size);
    const after = await quoteRows();
    for (const [symbol, b] of before) {
      const a = after.get(symbol)!;
      const tick = toDecimal(futuresProduct(a.root)!.tick);
      expect(toDecimal(a.last).minus(toDecimal(b.last)).div(tick).toNumber()).toBe(3);
      expect(a).toMatchObject({
        version: b.version + 1,
        trade_date: '2026-03-02',
        previous_settle: b.previous_settle,
        open: b.open,
        low: b.low,
      });
      expect(a.high).toBe(toDecimal(a.last).gt(toDecimal(b.high!)) ? a.last : b.high);
    }
    const ticks = await t.database.db.select().from(quoteHistory);
    expect(ticks.length).toBe(before.size);
    expect(ticks.every((h) => h.kind === 'tick' && h.quotedAt.getTime() === IN_SESSION.getTime())).toBe(true);

    for (let i = 0; i < 50 && events.length < 7; i++) await new Promise((r) => setTimeout(r, 10));
    stop();
    expect(events.length).toBe(7);
    const corn = events.find((e) => (e.payload as QuotesEventPayload).quotes[0]!.symbol.startsWith('ZC'))!
      .payload as QuotesEventPayload;
    expect(corn.source).toBe('simulated');
    expect(corn.quotes.length).toBe(8);
    expect(corn.quotes[0]).toEqual({
      symbol: expect.stringMatching(/^ZC/),
      last: after.get(corn.quotes[0]!.symbol)!.last,
      change: toDecimal(after.get(corn.quotes[0]!.symbol)!.last)
        .minus(toDecimal(after.get(corn.quotes[0]!.symbol)!.previous_settle!))
        .toFixed(4),
      previousSettle: after.get(corn.quotes[0]!.symbol)!.previous_settle,
      tradeDate: '2026-03-02',
      quotedAt: IN_SESSION.toISOString(),
      version: 2,
    });
  });

  it('keeps prices on whole ticks over many random ticks, and a history row per minute at most', async () => {
    for (let i = 0; i < 30; i++) await simulatedTick(t.database.db, new Date(IN_SESSION.getTime() + i * 5000));
    const after = await quoteRows();
    for (const q of after.values()) {
      const tick = toDecimal(futuresProduct(q.root)!.tick);
      expect(toDecimal(q.last).div(tick).isInteger()).toBe(true);
      expect(toDecimal(q.high!).gte(toDecimal(q.last)) && toDecimal(q.low!).lte(toDecimal(q.last))).toBe(true);
    }
    // 30 ticks over 150 s: at most 3 history rows per symbol (0 s, 60 s, 120 s).
    const perSymbol = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from quote_history group by symbol`),
    );
    expect(Math.max(...perSymbol.map((r) => r.n))).toBeLessThanOrEqual(3);
  });

  it('holds the quotes outside the session', async () => {
    const before = await quoteRows();
    const result = await simulatedTick(t.database.db, AFTER_CLOSE, fixed(0.99));
    expect(result).toEqual({ open: false, tradeDate: '2026-03-02', changed: [], settled: [], listed: [] });
    expect(await quoteRows()).toEqual(before);
  });

  it('settles the previous trading day when a new one begins', async () => {
    await simulatedTick(t.database.db, IN_SESSION, fixed(0.97));
    const before = await quoteRows();
    // No move this tick (0.5: no root step, no spread): only the settlement.
    const result = await simulatedTick(t.database.db, EVENING, fixed(0.5));
    expect(result.open).toBe(true);
    expect(result.tradeDate).toBe('2026-03-03');
    expect(result.settled.length).toBe(before.size);
    const after = await quoteRows();
    for (const [symbol, b] of before) {
      expect(after.get(symbol)).toMatchObject({
        last: b.last,
        previous_settle: b.last,
        open: null,
        high: null,
        low: null,
        trade_date: '2026-03-03',
        version: b.version + 1,
      });
    }
    const settles = (await t.database.db.select().from(quoteHistory)).filter((h) => h.kind === 'settle');
    expect(settles.length).toBe(before.size);
    expect(settles[0]!.quotedAt.toISOString()).toBe('2026-03-02T19:20:00.000Z');
    // A second tick of the same evening settles nothing again.
    expect((await simulatedTick(t.database.db, new Date(EVENING.getTime() + 5000), fixed(0.5))).settled).toEqual([]);
  });

  it('lists a new contract month when one stops trading', async () => {
    // ZCH26's last trade day is Friday 13 March: the Monday after, the corn curve lists a new month.
    const result = await simulatedTick(t.database.db, new Date('2026-03-16T15:00:00Z'), fixed(0.5));
    expect(result.listed).toContain('ZCU27');
    const rows = await quoteRows();
    expect(rows.get('ZCU27')!.last).toBe(rows.get('ZCN27')!.last);
    // The expired month holds where it stopped.
    expect(rows.get('ZCH26')!.trade_date).toBe('2026-03-02');
  });

  it('runs as a recurring job that tells the quotes-changed listeners once per tick', async () => {
    const heard: string[][] = [];
    const stopListening = onQuotesChanged(async ({ symbols }) => {
      heard.push(symbols);
    });
    const feed = simulatedFeed({ everyMs: 5000, rng: fixed(0.97) });
    await feed.start(t.database.db);
    await feed.start(t.database.db); // a second process starting: still one pending tick
    const pending = await t.database.db.select().from(jobs);
    expect(pending.filter((j) => j.kind === SIMULATED_TICK_JOB && j.status === 'pending')).toHaveLength(1);
    const runAt = pending.find((j) => j.kind === SIMULATED_TICK_JOB)!.runAt;
    // The clock of the job: a Monday morning in session.
    await t.database.db.execute(
      sql`update jobs set run_at = ${IN_SESSION.toISOString()}::timestamptz where kind = ${SIMULATED_TICK_JOB}`,
    );
    await runDueJobs(t.database.db, IN_SESSION);
    expect(heard.length).toBe(1);
    expect(heard[0]!.length).toBe(7 * 8);
    const next = (await t.database.db.select().from(jobs)).filter(
      (j) => j.kind === SIMULATED_TICK_JOB && j.status === 'pending',
    );
    expect(next.map((j) => j.runAt.getTime())).toEqual([IN_SESSION.getTime() + 5000]);
    expect(runAt).toBeInstanceOf(Date);
    feed.stop();
    stopListening();
  });

  it('reads its settings from the environment: off in tests, 5 s by default', () => {
    const settings = (vars: Record<string, string>) => feedSettings(readEnv(vars));
    expect(settings({ NODE_ENV: 'test' })).toEqual({ feed: 'off', everyMs: 5000 });
    expect(settings({ NODE_ENV: 'development' })).toEqual({ feed: 'simulated', everyMs: 5000 });
    expect(settings({ PRICE_FEED: 'simulated', PRICE_FEED_INTERVAL_MS: '2000', NODE_ENV: 'test' })).toEqual({
      feed: 'simulated',
      everyMs: 2000,
    });
    expect(settings({ PRICE_FEED: 'off' })).toEqual({ feed: 'off', everyMs: 5000 });
    // A setting the server cannot use stops it at start with the setting's name, rather than being ignored.
    expect(() => readEnv({ PRICE_FEED_INTERVAL_MS: '10' })).toThrow(/PRICE_FEED_INTERVAL_MS/);
    expect(() => readEnv({ PRICE_FEED: 'live' })).toThrow(/PRICE_FEED/);
    expect(settlementInstant('2026-07-01').toISOString()).toBe('2026-07-01T18:20:00.000Z');
  });
});
