// The bid chart (bid/:bidId/chart, decision 057 addendum): a local bid's daily closes from bid_history — seeded from
// the demo's futures settlements and the bid's basis, and written by the bids' writes and futures moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { bidChartSchema, enterpriseBidsSchema, toDecimal } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { bidHistory, instruments, legalEntities, quotes } from '../../db/schema/index.ts';
import { notifyQuotesChanged } from '../futures/futures.public.ts';

const PC = '/api/commodities/profit-center';

let t: TestApp;
let farmer: Caller;
let bidId: number;
let symbol: string;
let farmerMarketIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  const [farm] = await t.database.db
    .select({ enterpriseId: legalEntities.enterpriseId })
    .from(legalEntities)
    .where(eq(legalEntities.name, 'Fieldman Family Farms'));
  const bids = enterpriseBidsSchema.parse(
    (
      await t.app.inject({
        method: 'GET',
        url: `${PC}/enterprise/${farm!.enterpriseId}/bids`,
        headers: headersOf(farmer),
      })
    ).json(),
  );
  const row = bids.markets.flatMap((m) => m.rows).find((r) => r.futuresSymbol !== null && r.basis !== null)!;
  bidId = row.id;
  farmerMarketIds = bids.markets.map((m) => m.id);
  symbol = row.futuresSymbol!;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: headersOf(farmer) });

describe('bid/:bidId/chart', () => {
  it('answers the seeded daily closes: the settlement of the month plus the bid’s basis, oldest first', async () => {
    const res = await get(`${PC}/bid/${bidId}/chart?range=1M`);
    expect(res.statusCode, res.body).toBe(200);
    const chart = bidChartSchema.parse(res.json());
    expect(chart).toMatchObject({ bidId, range: '1M', futuresSymbol: symbol });
    expect(chart.points.length).toBeGreaterThan(10);
    const days = chart.points.map((p) => p.day);
    expect([...days].sort()).toEqual(days);
    expect(days[0]! >= chart.from && days.at(-1)! <= chart.to).toBe(true);
    for (const p of chart.points.slice(0, -1)) {
      // Seeded rows: cash = futures + basis (rounded by the market's mode, within half a cent).
      expect(toDecimal(p.cash!).minus(toDecimal(p.futures!).plus(p.basis!)).abs().lte('0.005')).toBe(true);
    }
    // The default range is 1M; 1Y holds at least as many points.
    expect(bidChartSchema.parse((await get(`${PC}/bid/${bidId}/chart`)).json()).range).toBe('1M');
    const year = bidChartSchema.parse((await get(`${PC}/bid/${bidId}/chart?range=1Y`)).json());
    expect(year.points.length).toBeGreaterThanOrEqual(chart.points.length);
  });

  it('records a futures move as today’s close (one row per bid per day, upserted)', async () => {
    const db = t.database.db;
    const later = new Date(Date.now() + 60_000);
    await db.execute(sql`update quotes set last = last + 0.25 where symbol = ${symbol}`);
    // The futures module tells its listeners (the bids module records the day's close), twice: still one row.
    await notifyQuotesChanged(db, [symbol], later);
    // A tick a moment later with nothing changed writes nothing: the row keeps the time of the change.
    await notifyQuotesChanged(db, [symbol], new Date(later.getTime() + 1));
    const today = later.toISOString().slice(0, 10);
    const rows = await db
      .select()
      .from(bidHistory)
      .where(and(eq(bidHistory.instrumentId, bidId), eq(bidHistory.day, today)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.recordedAt.getTime()).toBe(later.getTime());
    const [quote] = await db.select({ last: quotes.last }).from(quotes).where(eq(quotes.symbol, symbol));
    expect(toDecimal(rows[0]!.futures!).eq(quote!.last)).toBe(true);
  });

  it('refuses a range it does not know (400) and another partner’s or a private bid (404)', async () => {
    const bad = await get(`${PC}/bid/${bidId}/chart?range=5Y`);
    expect(bad.statusCode).toBe(400);
    const db = t.database.db;
    const [marketRow] = await db
      .select({ marketId: instruments.marketId })
      .from(instruments)
      .where(eq(instruments.id, bidId));
    const [foreign] = await db
      .select({ id: instruments.id })
      .from(instruments)
      .where(and(notInArray(instruments.marketId, farmerMarketIds), isNull(instruments.deletedAt)))
      .limit(1);
    expect((await get(`${PC}/bid/${foreign!.id}/chart`)).statusCode).toBe(404);
    expect((await get(`${PC}/bid/999999999/chart`)).statusCode).toBe(404);
    const [priv] = await db
      .select({ id: instruments.id })
      .from(instruments)
      .where(and(eq(instruments.marketId, marketRow!.marketId), eq(instruments.visibility, 'private')))
      .limit(1);
    if (priv) expect((await get(`${PC}/bid/${priv.id}/chart`)).statusCode).toBe(404);
  });
});
