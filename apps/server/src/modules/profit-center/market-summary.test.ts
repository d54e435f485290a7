import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  basisAnalysisSchema,
  enterpriseBidsSchema,
  futuresHistoricalSchema,
  marketSummarySchema,
} from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { enterpriseUsers, legalEntities, users } from '../../db/schema/index.ts';

const PC = '/api/commodities/profit-center';

let t: TestApp;
let farmer: Caller;
let member: Caller;
let farmEnterpriseId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [farm] = await db
    .select({ enterpriseId: legalEntities.enterpriseId })
    .from(legalEntities)
    .where(eq(legalEntities.name, 'Fieldman Family Farms'));
  farmEnterpriseId = farm!.enterpriseId!;
  const [m] = await db
    .insert(users)
    .values({
      email: 'ms-member@test.granary.test',
      experiences: { enterprise_agronomics: true },
      permissions: ['my-sales-lite'],
    })
    .returning({ id: users.id });
  // A member of the demo farm without profit center access.
  await db
    .insert(enterpriseUsers)
    .values({ enterpriseId: farm!.enterpriseId!, userId: m!.id, role: 'subaccount', permissions: [] });
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  member = await signIn(t, 'ms-member@test.granary.test');
});
afterAll(() => t.close());

const get = (who: Caller | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? headersOf(who) : {} });

describe('market summary (marketSummary tab)', () => {
  it('lists the farmer’s futures crops with their nearest months, nearest first', async () => {
    const res = await get(farmer, `${PC}/market-summary`);
    expect(res.statusCode, res.body).toBe(200);
    const body = marketSummarySchema.parse(res.json());
    expect(body.crops.length).toBeGreaterThan(0);
    const corn = body.crops.find((c) => c.root === 'ZC');
    expect(corn?.cropName).toBe('Corn');
    for (const c of body.crops) {
      expect(c.quotes.length).toBeGreaterThan(0);
      expect(c.quotes.length).toBeLessThanOrEqual(3);
      expect(c.quotes.every((q) => q.root === c.root)).toBe(true);
      const trades = c.quotes.map((q) => q.optionMonth);
      expect([...trades].sort()).toEqual(trades);
    }
  });

  it('needs a session (401), then profit center access (403 with the access-denied code)', async () => {
    expect((await get(null, `${PC}/market-summary`)).statusCode).toBe(401);
    const res = await get(member, `${PC}/market-summary`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('enterprise_access_required');
  });
});

describe('futurePrices calls (the futures module under the profit-center prefix)', () => {
  it('answers a symbol’s history for a range; 400 for bad dates or a malformed symbol, 404 for an unknown one', async () => {
    const sum = marketSummarySchema.parse((await get(farmer, `${PC}/market-summary`)).json());
    const symbol = sum.crops[0]!.quotes[0]!.symbol;
    const ok = await get(farmer, `${PC}/futures-historical/${symbol}/2026-01-01/2026-12-31`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(futuresHistoricalSchema.parse(ok.json()).symbol).toBe(symbol);
    for (const url of [
      `${PC}/futures-historical/${symbol}/2026-13-01/2026-12-31`,
      `${PC}/futures-historical/${symbol}/2026-12-31/2026-01-01`,
      `${PC}/futures-historical/${symbol}/2020-01-01/2026-12-31`,
      `${PC}/futures-historical/not-a-symbol!/2026-01-01/2026-02-01`,
      `${PC}/quotes/ZCZ2x`,
    ]) {
      const res = await get(farmer, url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().code).toBe('string');
    }
    expect((await get(farmer, `${PC}/quotes/ZCQ26`)).statusCode).toBe(404);
    expect((await get(farmer, `${PC}/futures-historical/XXZ26/2026-01-01/2026-02-01`)).statusCode).toBe(404);
    expect((await get(farmer, `${PC}/quotes/${symbol}`)).statusCode).toBe(200);
  });
});

describe('crop spot basis analysis (research/crop-spot-basis-analysis)', () => {
  it('answers a location’s spot bid for a crop and its recorded basis a day a point, with no seasonal average before a year is recorded', async () => {
    const bids = enterpriseBidsSchema.parse((await get(farmer, `${PC}/enterprise/${farmEnterpriseId}/bids`)).json());
    const market = bids.markets.find((m) => m.rows.some((r) => r.cropId === 1 && r.basis !== null))!;
    expect(market).toBeTruthy();
    const res = await get(farmer, `${PC}/basis-analysis/${market.id}/corn?range=3M`);
    expect(res.statusCode, res.body).toBe(200);
    const body = basisAnalysisSchema.parse(res.json());
    expect(body.cropName).toBe('Corn');
    expect(body.bid).not.toBeNull();
    expect(market.rows.some((r) => r.id === body.bid!.id)).toBe(true);
    expect(body.points.length).toBeGreaterThan(0);
    expect(body.points.at(-1)!.day).toBe(body.to);
    expect(body.points.at(-1)!.basis).toBe(body.bid!.basis);
    expect(body.recordedSince! <= body.points[0]!.day).toBe(true);
    // The demo records about a month of closes: no earlier year, so no seasonal average is made up.
    expect(body.points.every((p) => p.seasonalAverage === null && p.seasonalYears === 0)).toBe(true);
    const days = body.points.map((p) => p.day);
    expect(new Set(days).size).toBe(days.length);
  });

  it('refuses a bad range or crop (400), another location (404), and a member without access (403)', async () => {
    const bids = enterpriseBidsSchema.parse((await get(farmer, `${PC}/enterprise/${farmEnterpriseId}/bids`)).json());
    const marketId = bids.markets[0]!.id;
    for (const url of [
      `${PC}/basis-analysis/${marketId}/corn?range=5Y`,
      `${PC}/basis-analysis/${marketId}/not-a-crop`,
      `${PC}/basis-analysis/x/corn`,
    ]) {
      const res = await get(farmer, url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().code).toBe('string');
    }
    expect((await get(farmer, `${PC}/basis-analysis/999999/corn`)).statusCode).toBe(404);
    const denied = await get(member, `${PC}/basis-analysis/${marketId}/corn`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('enterprise_access_required');
  });
});
