import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, type Table } from 'drizzle-orm';
import { findCrop, priceAlertSchema } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import type { Db } from '../../platform/db.ts';
import { checkAlerts } from './price-alerts.service.ts';

// The price alerts' check run reads the bids of every active bid alert in one batch (task R17), not the public bids of
// each alert's market, once per market, as it did.

/** The database with a log of the tables each select reads from (a check run's reads of the bids, counted). */
function readLog(db: Db): { db: Db; tables: string[] } {
  const tables: string[] = [];
  const proxy = new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop !== 'select' && prop !== 'selectDistinct') return value.bind(target);
      return (...args: unknown[]) => {
        const builder = value.apply(target, args) as { from: (table: Table, ...rest: unknown[]) => unknown };
        const from = builder.from.bind(builder);
        builder.from = (table: Table, ...rest: unknown[]) => {
          tables.push(getTableName(table));
          return from(table, ...rest);
        };
        return builder;
      };
    },
  });
  return { db: proxy, tables };
}

const PC = '/api/commodities/profit-center';

let t: TestApp;
let farmer: Caller;

beforeAll(async () => {
  t = await createTestApp();
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
}, 120_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.app.inject({ method, url, headers: headersOf(farmer), ...(body !== undefined ? { payload: body as object } : {}) });

describe('the price alerts check run', () => {
  it('reads the bids of alerts at several markets once, and judges each against its own cash price', async () => {
    const matrix = (await call('GET', `${PC}/commodity/corn/bids-matrix`)).json() as {
      markets: { label: string; rows: { id: number; cashPrice: string | null }[] }[];
    };
    // One priced bid at each of (up to) three markets, two alerts on the first.
    const picked = matrix.markets.flatMap((m) => m.rows.filter((r) => r.cashPrice !== null).slice(0, 1)).slice(0, 3);
    expect(picked.length).toBeGreaterThanOrEqual(2);
    const ids: number[] = [];
    for (const [i, bid] of [...picked, picked[0]!].entries()) {
      const res = await call('POST', `${PC}/alerts/corn`, {
        kind: 'bid',
        bidId: bid.id,
        // The last one asks for a price no bid reaches: it must stay active.
        direction: 'above',
        level: i === picked.length ? '999.0000' : '0.0100',
      });
      expect(res.statusCode, res.body).toBe(201);
      const alert = priceAlertSchema.parse(res.json());
      expect(alert.currentPrice).toBe(bid.cashPrice);
      ids.push(alert.id);
    }
    const log = readLog(t.database.db);
    const fired = await checkAlerts(log.db, null);
    expect(fired).toEqual(expect.arrayContaining(ids.slice(0, picked.length)));
    expect(fired).not.toContain(ids[picked.length]);
    // The alerts' bids (names, markets) once and their public rows once, however many markets they are at.
    expect(log.tables.filter((name) => name === 'instruments')).toHaveLength(2);
  });

  it("refuses a futures contract that is not the alert's crop, or not one the server lists: 400 on symbol, nothing saved", async () => {
    const listed = (await call('GET', `${PC}/quotes-symbols-list`)).json() as {
      symbols: { symbol: string; cropId: number }[];
    };
    const corn = listed.symbols.find((s) => s.cropId === findCrop('corn')!.id)!;
    const other = listed.symbols.find((s) => s.cropId !== findCrop('corn')!.id)!;
    expect(corn && other).toBeTruthy();
    const before = (await call('GET', `${PC}/alerts/corn`)).json().alerts.length as number;
    const wrongCrop = await call('POST', `${PC}/alerts/corn`, {
      kind: 'futures',
      symbol: other.symbol,
      direction: 'above',
      level: '4.0000',
    });
    expect(wrongCrop.statusCode).toBe(400);
    expect(wrongCrop.json().details).toEqual([
      { path: 'symbol', message: `${other.symbol} is not a Corn futures contract` },
    ]);
    const unknown = await call('POST', `${PC}/alerts/corn`, {
      kind: 'futures',
      symbol: 'ZCH98',
      direction: 'above',
      level: '4.0000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: 'symbol', message: 'ZCH98 is not a futures contract we know' }]);
    expect((await call('GET', `${PC}/alerts/corn`)).json().alerts).toHaveLength(before);
    // The crop's own listed month is taken.
    const ok = await call('POST', `${PC}/alerts/corn`, {
      kind: 'futures',
      symbol: corn.symbol,
      direction: 'above',
      level: '99.0000',
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
