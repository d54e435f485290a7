import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { exchangeClock, priceChange, toDecimal, type LiveEvent, type Quote } from '@granary/domain';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller, type CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import { quotes } from '../../db/schema/index.ts';
import { subscribe } from '../../platform/events.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { latestQuotes, roundingModeFor } from './futures.repo.ts';
import { onQuotesChanged } from './quotes-listeners.ts';
import { settlementInstant } from './feeds/simulated.ts';

const PC = '/api/commodities/profit-center';
const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let admin: Caller;
let today: string;

const get = (caller: Caller | null, url: string) => injectAs(t, caller, 'GET', url);

beforeAll(async () => {
  ({ t, fx, buyer, prairie, farmer } = await startCrmTestApp());
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
  today = exchangeClock(new Date()).date;
}, 120_000);
afterAll(() => t?.close());

describe('futures symbols and calendar', () => {
  it('needs a session', async () => {
    for (const url of [
      `${PC}/futures-symbols/calendar`,
      `${PC}/futures-symbols/corn`,
      `${PC}/quotes-symbols-list`,
      `${PC}/quotes-root/ZC`,
    ]) {
      expect((await get(null, url)).statusCode).toBe(401);
    }
  });

  it('lists the calendar of every product still trading, nearest month first', async () => {
    const res = await get(farmer, `${PC}/futures-symbols/calendar`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cropId).toBeNull();
    expect(new Set(body.symbols.map((s: { root: string }) => s.root))).toEqual(
      new Set(['ZC', 'ZS', 'ZW', 'KE', 'MWE', 'RS', 'ZO']),
    );
    const corn = body.symbols.filter((s: { root: string }) => s.root === 'ZC');
    expect(corn.length).toBe(8);
    expect(corn.map((s: { optionMonth: string }) => s.optionMonth)).toEqual(
      [...corn.map((s: { optionMonth: string }) => s.optionMonth)].sort(),
    );
    for (const s of body.symbols) expect(s.lastTradeDay >= today).toBe(true);
    expect(corn[0]).toMatchObject({
      exchange: 'CBOT',
      cropId: 1,
      priceUnit: 'bushel',
      currency: 'USD',
      symbol: expect.stringMatching(/^ZC[HKNUZ]\d\d$/),
    });
  });

  it('lists a crop by id, commodity code or name, as of a day; durum lists spring wheat', async () => {
    const byName = (await get(buyer, `${PC}/futures-symbols/corn`)).json();
    const byCode = (await get(buyer, `${PC}/futures-symbols/CN`)).json();
    const byId = (await get(buyer, `${PC}/futures-symbols/1`)).json();
    expect(byName.symbols.length).toBe(8);
    expect(byCode).toEqual(byName);
    expect(byId).toEqual(byName);
    expect(byName.symbols.every((s: { root: string }) => s.root === 'ZC')).toBe(true);
    // Far in the future nothing listed today still trades.
    const later = (await get(buyer, `${PC}/futures-symbols/corn/2099-01-01`)).json();
    expect(later).toMatchObject({ asOf: '2099-01-01', symbols: [] });
    const epoch = (await get(buyer, `${PC}/futures-symbols/corn/${Date.parse('2099-01-01T18:00:00Z')}`)).json();
    expect(epoch.asOf).toBe('2099-01-01');
    const durum = (await get(buyer, `${PC}/futures-symbols/74`)).json();
    expect(durum.symbols.every((s: { root: string }) => s.root === 'MWE')).toBe(true);
    expect((await get(buyer, `${PC}/futures-symbols/barley`)).json().symbols).toEqual([]);
  });

  it('refuses an unknown crop or a bad timestamp (400); an unknown commodity id is 404', async () => {
    expect((await get(buyer, `${PC}/futures-symbols/unobtainium`)).statusCode).toBe(400);
    expect((await get(buyer, `${PC}/futures-symbols/corn/yesterday`)).json()).toMatchObject({
      code: 'invalid_request',
    });
    expect((await get(buyer, `${PC}/futures-symbols/commodity/1`)).json().symbols.length).toBe(8);
    expect((await get(buyer, `${PC}/futures-symbols/commodity/999`)).statusCode).toBe(404);
    expect((await get(buyer, `${PC}/futures-symbols/commodity/abc`)).statusCode).toBe(400);
  });
});

describe('quotes', () => {
  let corn: Quote[];
  beforeAll(async () => {
    corn = (await get(buyer, `${PC}/quotes-root/ZC`)).json().quotes;
  });

  it('answers the quotes of a root (or of any of its symbols), nearest month first, with change = last − previous settle', async () => {
    expect(corn.length).toBe(8);
    const q = corn[0]!;
    expect(q).toMatchObject({ root: 'ZC', cropId: 1, source: 'simulated', version: 1, priceUnit: 'bushel' });
    expect(q.change).toBe(priceChange(q.last, q.previousSettle));
    expect(toDecimal(q.change!).gt(0)).toBe(true);
    const viaSymbol = (await get(farmer, `${PC}/quotes-root/${corn[3]!.symbol.toLowerCase()}`)).json();
    expect(viaSymbol.quotes.map((x: Quote) => x.symbol)).toEqual(corn.map((x) => x.symbol));
    expect((await get(buyer, `${PC}/quotes-root/QQ`)).statusCode).toBe(404);
    expect((await get(buyer, `${PC}/quotes-root/no-such`)).statusCode).toBe(400);
  });

  it('answers one quote with its session fields; an unknown symbol is 404', async () => {
    const res = await get(buyer, `${PC}/quotes/${corn[0]!.symbol}`);
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(Object.keys(q).sort()).toEqual(
      [
        'symbol',
        'root',
        'exchange',
        'cropId',
        'monthCode',
        'optionMonth',
        'last',
        'change',
        'open',
        'high',
        'low',
        'previousSettle',
        'tradeDate',
        'source',
        'quotedAt',
        'version',
        'priceUnit',
        'currency',
      ].sort(),
    );
    expect(q.quotedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await get(buyer, `${PC}/quotes/ZCF26`)).statusCode).toBe(404);
    expect((await get(buyer, `${PC}/quotes/ZCZ99`)).statusCode).toBe(404);
    expect((await get(buyer, `${PC}/quotes/ZC%3BZ26`)).statusCode).toBe(400);
  });

  it('lists the symbols that have quotes', async () => {
    const list = (await get(farmer, `${PC}/quotes-symbols-list`)).json();
    expect(list.symbols.length).toBe(7 * 8);
    expect(list.symbols[0]).toEqual({
      symbol: expect.any(String),
      root: expect.any(String),
      exchange: expect.any(String),
      cropId: expect.any(Number),
      optionMonth: expect.any(String),
      monthCode: expect.any(String),
    });
  });

  it('latestQuotes gives other modules the quotes of the symbols asked for', async () => {
    const map = await latestQuotes(t.database.db, [corn[0]!.symbol, corn[1]!.symbol, 'ZCZ99']);
    expect([...map.keys()].sort()).toEqual([corn[0]!.symbol, corn[1]!.symbol].sort());
    expect(map.get(corn[0]!.symbol)).toMatchObject({
      last: corn[0]!.last,
      previousSettle: corn[0]!.previousSettle,
      change: corn[0]!.change,
      version: 1,
    });
  });
});

describe('rounding modes', () => {
  const base = (platformId: number, marketId: number) => `${MERCH}/le/${platformId}/market/${marketId}`;
  const set = (caller: Caller, url: string, method: 'PUT' | 'POST' = 'PUT') =>
    t.app.inject({ method, url, headers: headersOf(caller) });

  it("lists a market's mode per futures crop, the default until one is set", async () => {
    const res = await get(buyer, `${base(fx.demoPlatformId, fx.marketAll)}/rounding-mode`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.marketId).toBe(fx.marketAll);
    // Corn, soybeans, canola, oats, wheat and its classes (durum prices off spring wheat).
    expect(body.modes.map((m: { cropId: number }) => m.cropId)).toEqual([1, 2, 11, 18, 45, 72, 73, 74]);
    expect(body.modes.find((m: { cropId: number }) => m.cropId === 1)).toEqual({
      marketId: fx.marketAll,
      cropId: 1,
      roundingMode: 'nearest_cent',
      isDefault: true,
      updatedAt: null,
    });
  });

  it('sets a mode (PUT or POST) for a buyer with instruments on the market; bids read it through roundingModeFor', async () => {
    const url = `${base(fx.demoPlatformId, fx.marketBidsOnly)}/commodity/1/rounding-mode/down_cent`;
    const res = await set(buyer, url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      marketId: fx.marketBidsOnly,
      cropId: 1,
      roundingMode: 'down_cent',
      isDefault: false,
      updatedAt: expect.any(String),
    });
    expect(await roundingModeFor(t.database.db, fx.marketBidsOnly, 1)).toBe('down_cent');
    expect(await roundingModeFor(t.database.db, fx.marketBidsOnly, 2)).toBe('nearest_cent');
    const again = await set(
      buyer,
      `${base(fx.demoPlatformId, fx.marketBidsOnly)}/commodity/1/rounding-mode/nearest_quarter_cent`,
      'POST',
    );
    expect(again.json().roundingMode).toBe('nearest_quarter_cent');
    const one = (await get(buyer, `${base(fx.demoPlatformId, fx.marketBidsOnly)}/commodity/1/rounding-mode`)).json();
    expect(one).toMatchObject({ cropId: 1, roundingMode: 'nearest_quarter_cent', isDefault: false });
    // Another market keeps its own.
    expect(await roundingModeFor(t.database.db, fx.marketAll, 1)).toBe('nearest_cent');
  });

  it('refuses a bad mode or id (400), another partner or unknown commodity (404), no permission (403), no CSRF token (403)', async () => {
    const ok = `${base(fx.demoPlatformId, fx.marketBidsOnly)}/commodity/1/rounding-mode`;
    expect((await set(buyer, `${ok}/nearest_dime`)).statusCode).toBe(400);
    expect((await set(buyer, `${ok}/nearest_dime`)).json().message).toContain('nearest_cent');
    expect(
      (await set(buyer, `${base(fx.demoPlatformId, fx.marketBidsOnly)}/commodity/x/rounding-mode/up_cent`)).statusCode,
    ).toBe(400);
    expect(
      (await set(buyer, `${base(fx.demoPlatformId, fx.marketBidsOnly)}/commodity/999/rounding-mode/up_cent`))
        .statusCode,
    ).toBe(404);
    expect(
      (await set(buyer, `${base(fx.demoPlatformId, fx.prairieMarket)}/commodity/1/rounding-mode/up_cent`)).statusCode,
    ).toBe(404);
    expect((await get(buyer, `${base(fx.demoPlatformId, fx.prairieMarket)}/rounding-mode`)).statusCode).toBe(404);
    expect(
      (await set(buyer, `${base(fx.prairiePlatformId, fx.marketBidsOnly)}/commodity/1/rounding-mode/up_cent`))
        .statusCode,
    ).toBe(404);
    expect(
      (await set(prairie, `${base(fx.prairiePlatformId, fx.marketBidsOnly)}/commodity/1/rounding-mode/up_cent`))
        .statusCode,
    ).toBe(404);
    expect(
      (await set(buyer, `${base(fx.demoPlatformId, fx.marketNone)}/commodity/1/rounding-mode/up_cent`)).statusCode,
    ).toBe(403);
    expect((await get(buyer, `${base(fx.demoPlatformId, fx.marketNone)}/rounding-mode`)).statusCode).toBe(403);
    expect((await set(farmer, `${ok}/up_cent`)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${ok}/up_cent`, headers: { cookie: buyer.cookie } })).statusCode,
    ).toBe(403);
    expect(await roundingModeFor(t.database.db, fx.marketNone, 1)).toBe('nearest_cent');
  });
});

describe('CSV import of quotes', () => {
  const importCsv = (caller: Caller, csv: string, contentType = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: `${PC}/quotes/import`,
      headers: headersOf(caller, { 'content-type': contentType }),
      payload: csv,
    });

  it('is for super admins only, and only text/csv', async () => {
    expect((await importCsv(buyer, 'symbol,last\nZCZ29,4.5\n')).statusCode).toBe(403);
    expect((await importCsv(farmer, 'symbol,last\nZCZ29,4.5\n')).statusCode).toBe(403);
    expect((await importCsv(admin, '{"a":1}', 'application/json')).statusCode).toBe(415);
  });

  it('writes nothing when any row is bad, and lists every bad row with its reasons', async () => {
    const corn = (await get(buyer, `${PC}/quotes-root/ZC`)).json().quotes as Quote[];
    const csv = [
      'symbol,last,open,high,low,previous_settle,trade_date,quoted_at',
      `${corn[0]!.symbol},4.5000,,,,,,`,
      'ZCF27,4.50',
      `${corn[1]!.symbol},4.501`,
      `${corn[2]!.symbol},abc,,4.40,4.60,,2026-13-40,`,
      `${corn[0]!.symbol},4.25`,
      '',
      'ZSF27,,,,,,,tomorrow',
    ].join('\n');
    const res = await importCsv(admin, csv);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid_request');
    expect(body.message).toMatch(/^Nothing was imported: 5 rows are not valid/);
    const rows = body.details.rows as { row: number; reasons: string[] }[];
    expect(rows.map((r) => r.row)).toEqual([3, 4, 5, 6, 8]);
    expect(rows[0]!.reasons).toEqual(["unknown symbol 'ZCF27'"]);
    expect(rows[1]!.reasons).toEqual(['last 4.5010 is not on the 0.0025 tick']);
    expect(rows[2]!.reasons).toEqual(
      expect.arrayContaining([
        "last 'abc' is not a positive number",
        'high is below low',
        "trade_date '2026-13-40' is not a date (YYYY-MM-DD)",
      ]),
    );
    expect(rows[3]!.reasons).toEqual([`symbol ${corn[0]!.symbol} is also on row 2`]);
    expect(rows[4]!.reasons).toEqual(
      expect.arrayContaining(['last is missing', "quoted_at 'tomorrow' is not a date and time"]),
    );
    const [after] = await t.database.db.select().from(quotes).where(eq(quotes.symbol, corn[0]!.symbol));
    expect(after).toMatchObject({ last: corn[0]!.last, version: 1 });
  });

  it('refuses an unknown column or an empty file', async () => {
    const res = await importCsv(admin, 'symbol,price\nZCZ29,4.5\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().details.rows).toEqual([
      { row: 1, reasons: ["unknown column 'price'", "column 'last' is missing"] },
    ]);
    expect((await importCsv(admin, 'symbol,last\n')).json()).toMatchObject({
      code: 'invalid_request',
      message: 'The file has no quotes.',
    });
  });

  it('imports every row: updates quotes (version + 1), lists unknown months, keeps history, publishes and tells the listeners once', async () => {
    const corn = (await get(buyer, `${PC}/quotes-root/ZC`)).json().quotes as Quote[];
    const heard: string[][] = [];
    const settledHeard: string[][] = [];
    const stopListening = onQuotesChanged(async ({ symbols, settled }) => {
      heard.push(symbols);
      settledHeard.push(settled);
    });
    const events: LiveEvent[] = [];
    const stopEvents = await subscribe(t.database, (e) => {
      if (e.topic === 'quotes') events.push(e);
    });
    const nextYear = Number(today.slice(0, 4)) + 3;
    const farSymbol = `ZCZ${String(nextYear).slice(2)}`;
    const csv = [
      `${corn[0]!.symbol},4.6125,4.5000,4.6200,4.4950,4.5500,,2026-01-05T15:30:00Z`,
      `${farSymbol},4.9000`,
      `RSX${String(nextYear).slice(2)},655.10`,
    ].join('\r\n');
    const res = await importCsv(admin, csv, 'text/csv; charset=utf-8');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imported: 3,
      created: [farSymbol, `RSX${String(nextYear).slice(2)}`].sort(),
      symbols: [corn[0]!.symbol, farSymbol, `RSX${String(nextYear).slice(2)}`],
      settlements: 0,
    });

    const q = (await get(buyer, `${PC}/quotes/${corn[0]!.symbol}`)).json();
    expect(q).toMatchObject({
      last: '4.6125',
      open: '4.5000',
      high: '4.6200',
      low: '4.4950',
      previousSettle: '4.5500',
      change: '0.0625',
      source: 'import',
      version: 2,
      quotedAt: '2026-01-05T15:30:00.000Z',
    });
    const far = (await get(buyer, `${PC}/quotes/${farSymbol}`)).json();
    expect(far).toMatchObject({
      last: '4.9000',
      previousSettle: null,
      change: null,
      version: 1,
      optionMonth: `${nextYear}-12`,
    });

    for (let i = 0; i < 50 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    stopEvents();
    // One event per root.
    expect(events.map((e) => (e.payload as { quotes: { symbol: string }[] }).quotes.map((x) => x.symbol))).toEqual([
      [corn[0]!.symbol, farSymbol],
      [`RSX${String(nextYear).slice(2)}`],
    ]);

    // The listeners hear of it through the job table: once, whichever process claims it.
    expect(heard).toEqual([]);
    await runDueJobs(t.database.db, new Date(Date.now() + 1000));
    await runDueJobs(t.database.db, new Date(Date.now() + 1000));
    stopListening();
    expect(heard).toEqual([[corn[0]!.symbol, farSymbol, `RSX${String(nextYear).slice(2)}`]]);
    expect(settledHeard).toEqual([[]]);

    // History: the imported tick.
    const hist = (await get(farmer, `${PC}/futures-historical/${corn[0]!.symbol}/2026-01-05/2026-01-05`)).json();
    expect(hist).toEqual({
      symbol: corn[0]!.symbol,
      fromDate: '2026-01-05',
      toDate: '2026-01-05',
      points: [{ quotedAt: '2026-01-05T15:30:00.000Z', price: '4.6125', kind: 'tick' }],
    });
  });
});

describe('CSV import of settlements (the settle column)', () => {
  const importCsv = (csv: string) =>
    t.app.inject({
      method: 'POST',
      url: `${PC}/quotes/import`,
      headers: headersOf(admin, { 'content-type': 'text/csv' }),
      payload: csv,
    });
  // A past weekday before today's session: its settlement can be imported (a missed day's, late).
  const day = '2026-11-24';
  const settlesOf = async (symbol: string) =>
    (await get(buyer, `${PC}/futures-historical/${symbol}/${day}/${day}`))
      .json()
      .points.filter((p: { kind: string }) => p.kind === 'settle');

  it("records a row's settle as its trade_date's settlement, once per day (a re-import replaces it), and tells the listeners which symbols settled", async () => {
    const corn = (await get(buyer, `${PC}/quotes-root/ZC`)).json().quotes as Quote[];
    const symbol = corn[1]!.symbol;
    const before = corn[1]!;
    const settled: string[][] = [];
    const stopListening = onQuotesChanged(async (change) => {
      settled.push(change.settled);
    });
    // A file of settlements alone: no last; the quote stays as it is.
    const res = await importCsv(`symbol,settle,trade_date\n${symbol},4.4000,${day}\n`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 0, created: [], symbols: [], settlements: 1 });
    const q = (await get(buyer, `${PC}/quotes/${symbol}`)).json();
    expect(q).toMatchObject({ last: before.last, version: before.version });
    expect(await settlesOf(symbol)).toEqual([
      { quotedAt: settlementInstant(day).toISOString(), price: '4.4000', kind: 'settle' },
    ]);
    // The same day again, now with a quote: the settlement is replaced, never doubled; the quote moves.
    const again = await importCsv(`symbol,last,trade_date,settle\n${symbol},4.4125,${day},4.4125\n`);
    expect(again.json()).toMatchObject({ imported: 1, settlements: 1, symbols: [symbol] });
    expect(await settlesOf(symbol)).toEqual([
      { quotedAt: settlementInstant(day).toISOString(), price: '4.4125', kind: 'settle' },
    ]);
    await runDueJobs(t.database.db, new Date(Date.now() + 1000));
    stopListening();
    expect(settled).toEqual([[symbol], [symbol]]);
  });

  it('keeps headerless files of the eight older columns valid and reads a ninth as the settle', async () => {
    const corn = (await get(buyer, `${PC}/quotes-root/ZC`)).json().quotes as Quote[];
    const symbol = corn[2]!.symbol;
    const old = await importCsv(`${symbol},4.5000,4.4900,4.5100,4.4800,4.4900,${day},2026-11-24T18:00:00Z\n`);
    expect(old.json()).toMatchObject({ imported: 1, settlements: 0 });
    const withSettle = await importCsv(`${symbol},4.5000,,,,,${day},,4.5000\n`);
    expect(withSettle.json()).toMatchObject({ imported: 1, settlements: 1 });
    expect((await settlesOf(symbol)).map((p: { price: string }) => p.price)).toEqual(['4.5000']);
  });

  it('refuses a settle off the tick, on a weekend, of a day still to come, or a row with neither last nor settle', async () => {
    const corn = (await get(buyer, `${PC}/quotes-root/ZC`)).json().quotes as Quote[];
    const [a, b, c, d] = corn.map((x) => x.symbol);
    const res = await importCsv(
      [
        'symbol,last,trade_date,settle',
        `${a},,${day},4.4010`,
        `${b},,2026-11-21,4.4000`,
        `${c},,2099-01-05,4.4000`,
        `${d},,${day},`,
      ].join('\n'),
    );
    expect(res.statusCode).toBe(400);
    const rows = res.json().details.rows as { row: number; reasons: string[] }[];
    expect(rows).toEqual([
      { row: 2, reasons: ['settle 4.4010 is not on the 0.0025 tick'] },
      { row: 3, reasons: ['trade_date 2026-11-21 is a weekend: no settlement'] },
      { row: 4, reasons: expect.arrayContaining(['settle of 2099-01-05, a trading day still to come']) },
      { row: 5, reasons: ['last is missing'] },
    ]);
    expect(await settlesOf(a!)).not.toContainEqual(expect.objectContaining({ price: '4.4010' }));
  });
});

describe('futures-historical', () => {
  it('answers the points between two exchange days, oldest first', async () => {
    const symbol = (await get(buyer, `${PC}/quotes-root/ZS`)).json().quotes[0].symbol as string;
    await t.database.db.execute(sql`insert into quote_history (symbol, price, kind, source, quoted_at) values
      (${symbol}, '10.2000', 'settle', 'simulated', '2026-02-02T19:20:00Z'),
      (${symbol}, '10.2500', 'tick', 'simulated', '2026-02-03T15:00:00Z'),
      (${symbol}, '10.3000', 'settle', 'simulated', '2026-02-03T19:20:00Z'),
      (${symbol}, '10.3100', 'tick', 'simulated', '2026-02-04T05:59:00Z'),
      (${symbol}, '10.4000', 'tick', 'simulated', '2026-02-04T06:00:00Z')`);
    // 2026-02-03 at the exchange (Central, UTC−6) runs from 06:00Z on the 3rd to 06:00Z on the 4th.
    const res = await get(buyer, `${PC}/futures-historical/${symbol}/2026-02-03/2026-02-03`);
    expect(res.statusCode).toBe(200);
    expect(res.json().points).toEqual([
      { quotedAt: '2026-02-03T15:00:00.000Z', price: '10.2500', kind: 'tick' },
      { quotedAt: '2026-02-03T19:20:00.000Z', price: '10.3000', kind: 'settle' },
      { quotedAt: '2026-02-04T05:59:00.000Z', price: '10.3100', kind: 'tick' },
    ]);
    expect(
      (await get(buyer, `${PC}/futures-historical/${symbol}/2026-02-01/2026-02-28`))
        .json()
        .points.map((p: { price: string }) => p.price),
    ).toEqual(['10.2000', '10.2500', '10.3000', '10.3100', '10.4000']);
  });

  it('refuses bad ranges (400) and unknown symbols (404)', async () => {
    const symbol = (await get(buyer, `${PC}/quotes-root/ZS`)).json().quotes[0].symbol as string;
    expect((await get(buyer, `${PC}/futures-historical/${symbol}/2026-02-05/2026-02-01`)).statusCode).toBe(400);
    expect((await get(buyer, `${PC}/futures-historical/${symbol}/2024-01-01/2026-02-01`)).statusCode).toBe(400);
    expect((await get(buyer, `${PC}/futures-historical/${symbol}/2026-02-30/2026-03-01`)).statusCode).toBe(400);
    expect((await get(buyer, `${PC}/futures-historical/ZSF99/2026-02-01/2026-02-02`)).statusCode).toBe(404);
    expect((await get(null, `${PC}/futures-historical/${symbol}/2026-02-01/2026-02-02`)).statusCode).toBe(401);
  });
});
