import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  PROFIT_CENTER_API,
  SCS_API,
  exchangeToday,
  futuresProductForCrop,
  lastTradeDay,
  listedContracts,
  nearbyFuturesMonth,
  optionExpiry,
  type HedgeTrade,
  type Positions,
} from '@granary/domain';
import {
  DEFAULT_PARAMETERS,
  INITIAL_STATE,
  accumulator,
  addDays,
  black76,
  daysBetween,
  isTradingDay,
  resolveMarket,
} from '@granary/scs-engine';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import type { Caller, CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import {
  auditLog,
  contracts,
  jobs,
  futuresSymbols,
  legalEntities,
  marketUserPermissions,
  markets,
  pricingEvents,
  quotes,
  structureRisk,
  structures,
  users,
} from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { refreshStructureRisk } from './positions.risk.ts';

const PC = PROFIT_CENTER_API;
const CORN = 1;

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let marketId: number;
let clientId: number;
let today: string;
/** Two listed corn months with quotes we set: the contracts' and the structure's, and the hedges'. */
let near: { symbol: string; optionMonth: string };
let far: { symbol: string; optionMonth: string };
let n = 0;

const setGrants = (email: string, grants: Record<string, string[]>) =>
  t.database.db.update(users).set({ adminPermissions: grants }).where(eq(users.email, email));

const positions = (caller: Caller, query = `marketIds=${marketId}&cropId=${CORN}`) =>
  injectAs(t, caller, 'GET', `${SCS_API}/position-manager?${query}`);

const tradeBody = (extra: Record<string, unknown> = {}) => ({
  futuresSymbol: far.symbol,
  instrument: 'futures',
  direction: 'sell',
  contracts: 2,
  price: '4.6250',
  tradedOn: today,
  ...extra,
});

async function contract(values: Partial<typeof contracts.$inferInsert>): Promise<number> {
  n += 1;
  const [row] = await t.database.db
    .insert(contracts)
    .values({
      partnerId: 'demo',
      marketId,
      clientId,
      displayContractId: `POS-${n}`,
      contractType: 'flat',
      cropId: CORN,
      cropYear: 2026,
      quantity: '1000',
      deliveryStart: today,
      deliveryEnd: addDays(today, 60),
      optionMonth: near.optionMonth,
      priceStatus: 'unpriced',
      contractDate: today,
      ...values,
    })
    .returning({ id: contracts.id });
  return row!.id;
}

async function setQuote(symbol: string, last: string): Promise<void> {
  await t.database.db
    .insert(quotes)
    .values({ symbol, last, tradeDate: today, source: 'import' })
    .onConflictDoUpdate({ target: quotes.symbol, set: { last } });
}

beforeAll(async () => {
  ({ t, fx, buyer, prairie, farmer } = await startCrmTestApp());
  const db = t.database.db;
  today = exchangeToday();
  const product = futuresProductForCrop(CORN)!;
  const listed = listedContracts(product, addDays(today, 40), 3);
  [near, far] = [listed[0]!, listed[1]!];
  for (const m of [near, far])
    await db
      .insert(futuresSymbols)
      .values({
        symbol: m.symbol,
        root: 'ZC',
        exchange: 'CBOT',
        cropId: CORN,
        monthCode: m.symbol.slice(2, 3),
        optionMonth: m.optionMonth,
        lastTradeDay: listed.find((x) => x.symbol === m.symbol)!.lastTradeDay,
      })
      .onConflictDoNothing();
  await setQuote(near.symbol, '4.5000');
  await setQuote(far.symbol, '4.7000');
  const [market] = await db
    .insert(markets)
    .values({
      partnerId: 'demo',
      slug: 'pos-ames',
      displayName: 'Positions Elevator',
      city: 'Ames',
      administrativeAreaLevel1: 'IA',
      countryCode: 'USA',
    })
    .returning({ id: markets.id });
  marketId = market!.id;
  const [client] = await db
    .insert(legalEntities)
    .values({ partnerId: 'demo', kind: 'client', name: 'Position Test Farms' })
    .returning({ id: legalEntities.id });
  clientId = client!.id;
});
afterAll(() => t?.close());

describe('permissions', () => {
  it('refuses a buyer without structures (403) and a farmer (403)', async () => {
    await setGrants(DEMO_ACCOUNTS.buyer, { 'buyer-admin': ['all'] });
    expect((await positions(buyer)).statusCode).toBe(403);
    expect((await injectAs(t, buyer, 'GET', `${PC}/positions`)).statusCode).toBe(403);
    expect((await injectAs(t, buyer, 'GET', `${PC}/trades`)).statusCode).toBe(403);
    expect((await positions(farmer)).statusCode).toBe(403);
    expect((await injectAs(t, null, 'GET', `${PC}/trades`)).statusCode).toBe(401);
  });

  it('lets structures read but not record a trade (403 forbidden)', async () => {
    await setGrants(DEMO_ACCOUNTS.buyer, { 'buyer-admin': ['all'], structures: ['all'] });
    expect((await positions(buyer)).statusCode).toBe(200);
    const res = await injectAs(t, buyer, 'POST', `${PC}/trades`, tradeBody());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
  });

  it("answers 404 for another partner's market", async () => {
    await setGrants(DEMO_ACCOUNTS.buyer, { 'buyer-admin': ['all'], 'structures-admin': ['all'] });
    expect((await positions(buyer, `marketIds=${fx.prairieMarket}`)).statusCode).toBe(404);
  });
});

describe('trades', () => {
  let trade: HedgeTrade;

  it('records a futures hedge, audited, with its ETag', async () => {
    const res = await injectAs(t, buyer, 'POST', `${PC}/trades`, tradeBody({ account: 'FCM 1', note: 'hedge' }));
    expect(res.statusCode).toBe(201);
    trade = res.json<HedgeTrade>();
    expect(trade).toMatchObject({
      cropId: CORN,
      futuresSymbol: far.symbol,
      optionMonth: far.optionMonth,
      instrument: 'futures',
      direction: 'sell',
      contracts: 2,
      bushels: '-10000',
      strike: null,
      price: '4.625',
      version: 1,
      cancelledAt: null,
    });
    expect(res.headers.etag).toBe('"1"');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'hedge_trade_create'), eq(auditLog.targetId, String(trade.id))));
    expect(entry).toBeDefined();
    const list = (await injectAs(t, buyer, 'GET', `${PC}/trades?cropId=${CORN}`)).json<{ rows: HedgeTrade[] }>();
    expect(list.rows.map((r) => r.id)).toContain(trade.id);
  });

  it('refuses bad trades with 400 naming the field, and writes nothing', async () => {
    const before = await t.database.db.select({ c: sql<number>`count(*)::int` }).from(auditLog);
    const cases: [Record<string, unknown>, string][] = [
      [{ futuresSymbol: 'XXZ26' }, 'futuresSymbol'],
      [{ futuresSymbol: 'ZCZ99' }, 'futuresSymbol'],
      [{ instrument: 'put' }, 'strike'],
      [{ strike: '4.50' }, 'strike'],
      [{ contracts: 0 }, 'contracts'],
      [{ contracts: 1.5 }, 'contracts'],
      [{ price: '-1' }, 'price'],
      [{ price: '0' }, 'price'],
      [{ tradedOn: addDays(today, 3) }, 'tradedOn'],
      [{ tradedOn: '2026-02-30' }, 'tradedOn'],
      [{ direction: 'short' }, 'direction'],
    ];
    for (const [extra, field] of cases) {
      const res = await injectAs(t, buyer, 'POST', `${PC}/trades`, tradeBody(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(extra)).toContain(field);
    }
    const after = await t.database.db.select({ c: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0]!.c).toBe(before[0]!.c);
  });

  it('edits with If-Match: 428 without, 412 stale, then the new version', async () => {
    const url = `${PC}/trades/${trade.id}`;
    expect((await injectAs(t, buyer, 'PUT', url, tradeBody({ contracts: 3 }))).statusCode).toBe(428);
    expect((await injectAs(t, buyer, 'PUT', url, tradeBody({ contracts: 3 }), { 'if-match': '"7"' })).statusCode).toBe(
      412,
    );
    const res = await injectAs(t, buyer, 'PUT', url, tradeBody({ contracts: 3 }), { 'if-match': '"1"' });
    expect(res.statusCode).toBe(200);
    expect(res.json<HedgeTrade>()).toMatchObject({ contracts: 3, bushels: '-15000', version: 2 });
    expect(res.headers.etag).toBe('"2"');
    trade = res.json<HedgeTrade>();
  });

  it("answers 404 for another partner's trade, to read, edit or cancel", async () => {
    await setGrants(DEMO_ACCOUNTS.prairieBuyer, { 'buyer-admin': ['all'], 'structures-admin': ['all'] });
    const url = `${PC}/trades/${trade.id}`;
    expect((await injectAs(t, prairie, 'GET', url)).statusCode).toBe(404);
    expect((await injectAs(t, prairie, 'PUT', url, tradeBody(), { 'if-match': '"2"' })).statusCode).toBe(404);
    expect((await injectAs(t, prairie, 'DELETE', url, undefined, { 'if-match': '"2"' })).statusCode).toBe(404);
    expect((await injectAs(t, prairie, 'GET', `${PC}/trades`)).json<{ rows: HedgeTrade[] }>().rows).toEqual([]);
    expect((await injectAs(t, buyer, 'GET', `${PC}/trades/999999`)).statusCode).toBe(404);
  });

  it('cancels with If-Match; a cancelled trade is not edited (409) and leaves the list', async () => {
    const res = await injectAs(t, buyer, 'POST', `${PC}/trades`, tradeBody({ contracts: 1 }));
    const extra = res.json<HedgeTrade>();
    const url = `${PC}/trades/${extra.id}`;
    expect((await injectAs(t, buyer, 'DELETE', url)).statusCode).toBe(428);
    const gone = await injectAs(t, buyer, 'DELETE', url, undefined, { 'if-match': '"1"' });
    expect(gone.statusCode).toBe(200);
    expect(gone.json<HedgeTrade>().cancelledAt).not.toBeNull();
    expect((await injectAs(t, buyer, 'PUT', url, tradeBody(), { 'if-match': '"2"' })).statusCode).toBe(409);
    const active = (await injectAs(t, buyer, 'GET', `${PC}/trades`)).json<{ rows: HedgeTrade[] }>().rows;
    expect(active.map((r) => r.id)).not.toContain(extra.id);
    const all = (await injectAs(t, buyer, 'GET', `${PC}/trades?status=all`)).json<{ rows: HedgeTrade[] }>().rows;
    expect(all.map((r) => r.id)).toContain(extra.id);
  });
});

describe('the position', () => {
  let put: HedgeTrade;
  let structureId: number;
  const nearRowOf = (p: Positions) => p.rows.find((r) => r.optionMonth === near.optionMonth)!;
  const riskOf = async () =>
    (await t.database.db.select().from(structureRisk).where(eq(structureRisk.structureId, structureId)))[0];

  beforeAll(async () => {
    const db = t.database.db;
    // A purchase HTA: futures fixed on 10,000 bu, nothing delivered: long 10,000.
    await contract({ contractType: 'hta', quantity: '10000', futuresPrice: '4.4000', priceStatus: 'futures_set' });
    // A flat purchase of 5,000 bu, 3,000 delivered and priced: 2,000 remain long.
    await contract({
      contractType: 'flat',
      quantity: '5000',
      deliveredQuantity: '3000',
      pricedQuantity: '5000',
      futuresPrice: '4.4000',
      basis: '-0.3000',
      cashPrice: '4.1000',
      priceStatus: 'priced',
    });
    // A flat sale of 4,000 bu: short 4,000.
    await contract({
      contractType: 'flat',
      direction: 'sale',
      quantity: '4000',
      pricedQuantity: '4000',
      futuresPrice: '4.5000',
      basis: '0.1000',
      cashPrice: '4.6000',
      priceStatus: 'priced',
    });
    // A basis contract (pricing program, basis set, futures open): no futures exposure.
    await contract({ contractType: 'pp', quantity: '7000', basis: '-0.2500', priceStatus: 'basis_set' });
    // A purchase whose pricing events fix futures on 1,500 of 6,000 bu (1,000 of them cash-priced): long 1,500.
    const withEvents = await contract({
      contractType: 'pp',
      quantity: '6000',
      pricedQuantity: '1000',
      priceStatus: 'partially_priced',
    });
    await db.insert(pricingEvents).values([
      { contractId: withEvents, quantity: '1000', futuresPrice: '4.4000', basis: '-0.2000', cashPrice: '4.2000' },
      { contractId: withEvents, quantity: '500', futuresPrice: '4.4500' },
      { contractId: withEvents, quantity: '4500', basis: '-0.2000' },
    ]);
    // A cancelled contract and another partner's do not count.
    await contract({
      contractType: 'flat',
      quantity: '9000',
      pricedQuantity: '9000',
      cashPrice: '4',
      status: 'cancelled',
      priceStatus: 'priced',
    });
    // A live accumulator: the farmer sells 50,000 bu over the next month above today's futures.
    const input = {
      kind: 'accumulator',
      side: 'sale',
      cropId: CORN,
      optionMonth: near.optionMonth,
      start: addDays(today, 1),
      end: addDays(today, 30),
      quantity: '50000',
      fee: '0.05',
      frequency: 'daily',
      accumulationLevel: '4.8',
      knockOut: '4.1',
      doubleUp: 'daily',
    } as const;
    const terms = accumulator({ ...input, quantity: 50_000, fee: 0.05, accumulationLevel: 4.8, knockOut: 4.1 });
    const [live] = await db
      .insert(structures)
      .values({
        partnerId: 'demo',
        marketId,
        clientLegalEntityId: clientId,
        status: 'live',
        kind: 'accumulator',
        side: 'sale',
        cropId: CORN,
        cropYear: 2026,
        futuresSymbol: near.symbol,
        optionMonth: near.optionMonth,
        input,
        terms,
        state: { ...INITIAL_STATE },
        quantity: '50000',
        fee: '0.0500',
        startDate: terms.start,
        endDate: terms.end,
      })
      .returning({ id: structures.id });
    structureId = live!.id;
    // An option hedge: 1 put bought at $4.60 on the far month.
    put = (
      await injectAs(
        t,
        buyer,
        'POST',
        `${PC}/trades`,
        tradeBody({ instrument: 'put', direction: 'buy', contracts: 1, strike: '4.6000', price: '0.1200' }),
      )
    ).json<HedgeTrade>();
  });

  it('lists a structure traded a moment ago as pending, and asks the background job to value it', async () => {
    const body = (await positions(buyer)).json<Positions>();
    const nearRow = nearRowOf(body);
    expect(body.structures).toMatchObject({ count: 1, cached: 0, skipped: [], refreshing: 0, oldestAt: null });
    expect(body.structures.pending).toEqual([{ id: structureId, reason: expect.stringContaining('being computed') }]);
    expect(nearRow).toMatchObject({ structureDelta: '0', structureCount: 0, structurePending: 1 });
    expect(nearRow.structureDeltaAsOf).toBeNull();
    // The call never valued it: nothing stored yet, a refresh job is waiting.
    expect(await riskOf()).toBeUndefined();
    const waiting = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'structures.risk-refresh'), eq(jobs.status, 'pending')));
    expect(waiting).toHaveLength(1);
    await runDueJobs(t.database.db, new Date(Date.now() + 1000));
    const risk = await riskOf();
    expect(risk).toMatchObject({ futures: '4.5000', error: null, paths: 20_000 });
    expect(risk!.delta).toBeGreaterThan(5_000);
  });

  it('sums contracts, the live structure delta and the hedges per futures month', async () => {
    const res = await positions(buyer);
    expect(res.statusCode).toBe(200);
    const body = res.json<Positions>();
    const nearRow = body.rows.find((r) => r.optionMonth === near.optionMonth)!;
    expect(nearRow).toMatchObject({
      cropId: CORN,
      futuresSymbol: near.symbol,
      futures: '4.5',
      purchasePriced: '13500',
      purchaseUnpriced: '11500',
      salePriced: '-4000',
      saleUnpriced: '0',
      hedges: '0',
    });
    // The farmer's sale accumulator makes the merchandiser long: a positive delta, at most the bushels it can buy.
    const delta = Number(nearRow.structureDelta);
    expect(delta).toBeGreaterThan(5_000);
    expect(delta).toBeLessThan(100_000);
    expect(Number(nearRow.netToHedge)).toBe(13_500 - 4_000 + delta);
    expect(body.structures).toMatchObject({ count: 1, cached: 1, skipped: [], pending: [], refreshing: 0 });
    const risk = await riskOf();
    expect(delta).toBe(Math.round(risk!.delta!));
    expect(nearRow.structureDeltaAsOf).toBe(risk!.computedAt.toISOString());
    expect(body.structures.oldestAt).toBe(risk!.computedAt.toISOString());
    expect(nearRow.structurePending).toBe(0);

    // Hedges on the far month: 3 sold futures (−15,000) and a bought put valued by its Black-76 delta.
    const farRow = body.rows.find((r) => r.optionMonth === far.optionMonth)!;
    expect(farRow.hedgeFutures).toBe('-15000');
    const market = resolveMarket(DEFAULT_PARAMETERS, {
      cropId: CORN,
      optionMonth: far.optionMonth,
      futures: 4.7,
      strike: 4.6,
    })!;
    const time = Math.max(0, daysBetween(today, optionExpiry(far.optionMonth, isTradingDay))) / 365;
    const expected = Math.round(
      5000 *
        black76({ kind: 'put', futures: 4.7, strike: 4.6, time, vol: market.vol, rate: market.discountRate }).delta,
    );
    expect(Number(farRow.hedgeOptionDelta)).toBe(expected);
    expect(expected).toBeLessThan(0);
    expect(farRow.netToHedge).toBe(String(-15000 + expected));
    expect(put.bushels).toBe('5000');

    const totals = body.totals.find((x) => x.cropId === CORN)!;
    expect(Number(totals.netToHedge)).toBe(Number(nearRow.netToHedge) + Number(farRow.netToHedge));
  });

  it('answers the same on the profit-center path', async () => {
    const a = (
      await injectAs(t, buyer, 'GET', `${PC}/positions?marketIds=${marketId}&cropId=${CORN}`)
    ).json<Positions>();
    expect(a.structures.cached).toBe(1);
    const b = (await positions(buyer)).json<Positions>();
    expect(b.rows).toEqual(a.rows);
  });

  it('moves the stored delta with futures by its gamma, and the job values again only what futures moved far', async () => {
    const db = t.database.db;
    // Another live structure, on the far month at another market: the near month's move leaves it alone.
    const [other] = await db
      .insert(markets)
      .values({
        partnerId: 'demo',
        slug: 'pos-other',
        displayName: 'Other Elevator',
        city: 'Ames',
        administrativeAreaLevel1: 'IA',
        countryCode: 'USA',
      })
      .returning({ id: markets.id });
    const [source] = await db.select().from(structures).where(eq(structures.id, structureId));
    const terms = accumulator({
      side: 'sale',
      cropId: CORN,
      optionMonth: far.optionMonth,
      start: addDays(today, 1),
      end: addDays(today, 30),
      quantity: 20_000,
      fee: 0.05,
      frequency: 'daily',
      accumulationLevel: 5,
      knockOut: 4.3,
      doubleUp: 'daily',
    });
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source!;
    await db.insert(structures).values({
      ...copy,
      marketId: other!.id,
      futuresSymbol: far.symbol,
      optionMonth: far.optionMonth,
      terms,
      state: { ...INITIAL_STATE },
      version: 1,
    });
    expect(await refreshStructureRisk(db, new Date())).toMatchObject({ valued: 1, failed: 0 });
    const risk = (await riskOf())!;
    expect(risk.gamma).not.toBeNull();
    const before = (await positions(buyer)).json<Positions>();

    // Within the threshold (1 %): the stored delta moved by its gamma, nothing valued again.
    await setQuote(near.symbol, '4.4800');
    const small = (await positions(buyer)).json<Positions>();
    expect(nearRowOf(small).futures).toBe('4.48');
    expect(Number(nearRowOf(small).structureDelta)).toBe(Math.round(risk.delta! + risk.gamma! * (4.48 - 4.5)));
    expect(small.structures).toMatchObject({ cached: 1, refreshing: 0, pending: [] });
    expect(await refreshStructureRisk(db, new Date())).toMatchObject({ valued: 0, batches: 0 });

    // Beyond it: shown meanwhile (gamma-moved) as being valued again; the job values this one only.
    await setQuote(near.symbol, '4.3000');
    const far_ = (await positions(buyer)).json<Positions>();
    expect(far_.structures).toMatchObject({ cached: 1, refreshing: 1 });
    expect(Number(nearRowOf(far_).structureDelta)).toBe(Math.round(risk.delta! + risk.gamma! * (4.3 - 4.5)));
    expect(await refreshStructureRisk(db, new Date())).toMatchObject({ valued: 1, batches: 1 });
    const after = (await positions(buyer)).json<Positions>();
    expect((await riskOf())!.futures).toBe('4.3000');
    expect(after.structures.refreshing).toBe(0);
    expect(nearRowOf(after).structureDelta).not.toBe(nearRowOf(before).structureDelta);

    // A structure whose state moved on (an observation, a booking write) is valued again; the others are not.
    await db
      .update(structures)
      .set({ version: sql`${structures.version} + 1` })
      .where(eq(structures.id, structureId));
    expect(await refreshStructureRisk(db, new Date())).toMatchObject({ valued: 1 });
    expect((await riskOf())!.version).toBe(source!.version + 1);
    await setQuote(near.symbol, '4.5000');
    await refreshStructureRisk(db, new Date());
  });

  it('shows a structure traded through the trade call as pending, then with its delta once the job has run', async () => {
    const input = {
      kind: 'accumulator',
      side: 'sale',
      cropId: CORN,
      optionMonth: far.optionMonth,
      start: addDays(today, 1),
      end: addDays(today, 30),
      quantity: '20000',
      fee: '0.05',
      frequency: 'daily',
      accumulationLevel: '5.00',
      knockOut: '4.30',
      doubleUp: 'daily',
    };
    // The buyer books at the test's market (the booking calls want a market permission there).
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.buyer));
    await t.database.db
      .insert(marketUserPermissions)
      .values({ marketId, userId: me!.id, permissions: ['contracts'] })
      .onConflictDoNothing();
    const quoted = await injectAs(t, buyer, 'POST', `${SCS_API}/structure`, {
      marketId,
      clientLegalEntityId: clientId,
      cropYear: 2026,
      input,
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const { id, version } = quoted.json<{ id: number; version: number }>();
    const traded = await injectAs(
      t,
      buyer,
      'POST',
      `${SCS_API}/trade`,
      { structureId: id, confirmation: 'verbal' },
      { 'if-match': `"${version}"` },
    );
    expect(traded.statusCode, traded.body).toBe(200);
    const farRowOf = (p: Positions) => p.rows.find((r) => r.optionMonth === far.optionMonth)!;
    const before = (await positions(buyer)).json<Positions>();
    expect(before.structures.pending.map((p) => p.id)).toEqual([id]);
    expect(farRowOf(before)).toMatchObject({ structurePending: 1, structureCount: 0, structureDelta: '0' });
    await runDueJobs(t.database.db, new Date(Date.now() + 1000));
    const after = (await positions(buyer)).json<Positions>();
    expect(after.structures.pending).toEqual([]);
    expect(farRowOf(after)).toMatchObject({ structurePending: 0, structureCount: 1 });
    expect(Number(farRowOf(after).structureDelta)).toBeGreaterThan(0);
    expect(Number(farRowOf(after).netToHedge)).toBe(
      Number(farRowOf(before).netToHedge) + Number(farRowOf(after).structureDelta),
    );
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const bad = await positions(buyer, 'cropId=abc');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('cropId');
    const canola = await positions(buyer, 'cropId=11');
    expect(canola.statusCode).toBe(400);
    expect(JSON.stringify(canola.json())).toContain('cropId');
    expect((await positions(buyer, 'marketIds=1,x')).statusCode).toBe(400);
  });

  it("leaves out another partner's contracts and keeps markets apart", async () => {
    const other = (await positions(prairie, `cropId=${CORN}`)).json<Positions>();
    expect(other.rows.every((r) => r.hedges === '0')).toBe(true);
    expect(other.structures.count).toBe(0);
  });
});

describe('expired futures months', () => {
  it('counts contracts, structures and hedges left on a month that expired in the nearby month, and says so', async () => {
    const db = t.database.db;
    const year = Number(today.slice(0, 4)) - 1;
    // Last year's September and December: both stopped trading; the nearby is the first corn month still trading.
    const [sep, dec] = [`${year}-09`, `${year}-12`];
    const decSymbol = `ZCZ${String(year).slice(2)}`;
    const nearby = nearbyFuturesMonth(CORN, today)!;
    expect(lastTradeDay(dec) < today && today <= lastTradeDay(nearby)).toBe(true);
    await db
      .insert(futuresSymbols)
      .values({
        symbol: decSymbol,
        root: 'ZC',
        exchange: 'CBOT',
        cropId: CORN,
        monthCode: 'Z',
        optionMonth: dec,
        lastTradeDay: lastTradeDay(dec),
      })
      .onConflictDoNothing();
    const [market] = await db
      .insert(markets)
      .values({
        partnerId: 'demo',
        slug: 'pos-expired',
        displayName: 'Expired Months Elevator',
        city: 'Ames',
        administrativeAreaLevel1: 'IA',
        countryCode: 'USA',
      })
      .returning({ id: markets.id });
    const query = `marketIds=${market!.id}&cropId=${CORN}`;
    const nearbyRowOf = (p: Positions) => p.rows.find((r) => r.optionMonth === nearby);
    const before = nearbyRowOf((await positions(buyer, query)).json<Positions>());

    const priced = { contractType: 'hta', futuresPrice: '4.4000', priceStatus: 'futures_set' } as const;
    // Open contracts on the expired months: a purchase of 100,000 bu on December, a sale of 20,000 on September, and a
    // basis contract (futures open) on September; 5,000 bu bought on the nearby itself.
    await contract({ ...priced, marketId: market!.id, optionMonth: dec, quantity: '100000' });
    await contract({ ...priced, marketId: market!.id, optionMonth: sep, quantity: '20000', direction: 'sale' });
    await contract({ marketId: market!.id, optionMonth: sep, quantity: '7000', contractType: 'pp', basis: '-0.2' });
    await contract({ ...priced, marketId: market!.id, optionMonth: nearby, quantity: '5000' });
    // A hedge on December recorded late: dated when December still traded (after it, refused), 4 futures sold.
    const late = await injectAs(
      t,
      buyer,
      'POST',
      `${PC}/trades`,
      tradeBody({ futuresSymbol: decSymbol, contracts: 4, tradedOn: today }),
    );
    expect(late.statusCode).toBe(400);
    expect(JSON.stringify(late.json())).toContain(`${decSymbol} stopped trading`);
    const hedge = await injectAs(
      t,
      buyer,
      'POST',
      `${PC}/trades`,
      tradeBody({ futuresSymbol: decSymbol, contracts: 4, tradedOn: `${year}-12-01` }),
    );
    expect(hedge.statusCode, hedge.body).toBe(201);
    // A structure still live on December (its last settles never came): not valued yet, pending in the nearby.
    const [source] = await db.select().from(structures).limit(1);
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source!;
    const [stuck] = await db
      .insert(structures)
      .values({ ...copy, marketId: market!.id, futuresSymbol: decSymbol, optionMonth: dec, version: 1 })
      .returning({ id: structures.id });

    const body = (await positions(buyer, query)).json<Positions>();
    // No row on a month that stopped trading: all of it is in the nearby's.
    expect(body.rows.filter((r) => r.optionMonth < nearby)).toEqual([]);
    const row = nearbyRowOf(body)!;
    expect(row).toMatchObject({
      futuresSymbol: `ZC${'FGHJKMNQUVXZ'[Number(nearby.slice(5)) - 1]}${nearby.slice(2, 4)}`,
      purchasePriced: '105000',
      salePriced: '-20000',
      purchaseUnpriced: '7000',
      structurePending: 1,
      structureCount: 0,
      hedgeFutures: String(Number(before?.hedgeFutures ?? 0) - 20_000),
    });
    expect(body.structures.pending.map((p) => p.id)).toEqual([stuck!.id]);
    // Its net: 100,000 − 20,000 − 20,000 from the expired months (the basis contract is not in the net) + 5,000.
    expect(Number(row.netToHedge)).toBe(Number(before?.netToHedge ?? 0) + 60_000 + 5_000);
    expect(row.fromExpiredMonths).toEqual({ months: [sep, dec], bushels: '60000' });
    // The months that still trade say nothing of the kind.
    expect(body.rows.filter((r) => r.optionMonth !== nearby).every((r) => r.fromExpiredMonths === null)).toBe(true);
  });
});
