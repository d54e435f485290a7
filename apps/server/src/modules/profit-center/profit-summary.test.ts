import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  bidsMatrixSchema,
  cropStatsSchema,
  enterpriseBidsSchema,
  favoritesResponseSchema,
  profitSummaryResponseSchema,
  profitSummaryRowSchema,
  salesSummary,
  toDecimal,
} from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import {
  contracts,
  enterpriseAgronomics,
  enterpriseUsers,
  enterprises,
  legalEntities,
  users,
} from '../../db/schema/index.ts';
import { allContracts, farmerClients } from './profit-center.repo.ts';

const PC = '/api/commodities/profit-center';

let t: TestApp;
let farmer: Caller;
let other: Caller;
let member: Caller;
let farmEnterpriseId: number;
let otherEnterpriseId: number;
let otherMarketId: number;
let otherClientId: number;
let farmerUserId: string;
let otherUserId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [farm] = await db
    .select({ enterpriseId: legalEntities.enterpriseId })
    .from(legalEntities)
    .where(eq(legalEntities.name, 'Fieldman Family Farms'));
  farmEnterpriseId = farm!.enterpriseId!;
  // Another farmer, owner of a farm business that is a client of Prairie with contracts at a Prairie market.
  const [prairieClient] = await db
    .select({
      id: legalEntities.id,
      marketId:
        sql<number>`(select c.market_id from contracts c where c.client_id = legal_entities.id limit 1)`.mapWith(
          Number,
        ),
    })
    .from(legalEntities)
    .where(
      and(
        eq(legalEntities.partnerId, 'prairie'),
        eq(legalEntities.kind, 'client'),
        sql`exists (select 1 from contracts c where c.client_id = ${legalEntities.id})`,
      ),
    )
    .limit(1);
  otherMarketId = prairieClient!.marketId;
  otherClientId = prairieClient!.id;
  expect(otherMarketId).toBeGreaterThan(0);
  const [o, m] = await db
    .insert(users)
    .values([
      {
        email: 'pc-other@test.granary.test',
        experiences: { enterprise_agronomics: true },
        permissions: ['my-sales-lite'],
      },
      {
        email: 'pc-member@test.granary.test',
        experiences: { enterprise_agronomics: true },
        permissions: ['my-sales-lite'],
      },
    ])
    .returning({ id: users.id });
  const [otherFarm] = await db.insert(enterprises).values({ name: 'Prairie Acres' }).returning({ id: enterprises.id });
  otherEnterpriseId = otherFarm!.id;
  otherUserId = o!.id;
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.farmer));
  farmerUserId = me!.id;
  await db.insert(enterpriseUsers).values([
    { enterpriseId: otherEnterpriseId, userId: o!.id, role: 'owner' },
    // A member of the demo farm without profit center access.
    { enterpriseId: farmEnterpriseId, userId: m!.id, role: 'subaccount', permissions: [] },
  ]);
  await db
    .update(legalEntities)
    .set({ enterpriseId: otherEnterpriseId })
    .where(eq(legalEntities.id, prairieClient!.id));
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  other = await signIn(t, 'pc-other@test.granary.test');
  member = await signIn(t, 'pc-member@test.granary.test');
});
afterAll(() => t.close());

const call = (who: Caller, method: 'GET' | 'PUT' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: headersOf(who) });

describe('summary', () => {
  it('adds the production estimate from the farm business’s acres × yield, % sold, revenue and what is left', async () => {
    const first = profitSummaryResponseSchema.parse((await call(farmer, 'GET', `${PC}/summary`)).json()).rows;
    const row = first.find((r) => r.crop === 'Corn')!;
    expect(row).toBeTruthy();
    await t.database.db
      .insert(enterpriseAgronomics)
      .values({
        enterpriseId: farmEnterpriseId,
        cropYear: row.cropYear,
        crop: 'corn',
        area: '1000',
        averageYield: '200',
      })
      .onConflictDoUpdate({
        target: [enterpriseAgronomics.enterpriseId, enterpriseAgronomics.cropYear, enterpriseAgronomics.crop],
        set: { area: '1000', averageYield: '200', areaUnits: 'acres' },
      });
    const res = await call(farmer, 'GET', `${PC}/summary/corn/${row.cropYear}`);
    expect(res.statusCode, res.body).toBe(200);
    const corn = profitSummaryRowSchema.parse(res.json());
    expect(corn.production).toBe('200000');
    expect(corn.percentSold).toBe(toDecimal(corn.contracted).dividedBy(2000).toDecimalPlaces(2).toString());
    const left = toDecimal(200000).minus(corn.contracted);
    expect(corn.leftToSell).toBe((left.isNegative() ? toDecimal(0) : left).toString());
    const revenue = corn.averageCash ? toDecimal(corn.priced).times(corn.averageCash) : toDecimal(0);
    expect(toDecimal(corn.revenueToDate).minus(revenue).abs().lessThan(0.01)).toBe(true);
    if (corn.todayBid) expect(toDecimal(corn.projectedRevenue!).greaterThanOrEqualTo(corn.revenueToDate)).toBe(true);
    // crop stats: the same row among the crop's years.
    const stats = cropStatsSchema.parse((await call(farmer, 'GET', `${PC}/crop/corn/stats`)).json());
    expect(stats.years.find((y) => y.cropYear === row.cropYear)?.production).toBe('200000');
  });

  it('sums fractional acres × yield exactly (100.5 ac × 61.25 bu/ac was a 500)', async () => {
    const first = profitSummaryResponseSchema.parse((await call(farmer, 'GET', `${PC}/summary`)).json()).rows;
    const row = first.find((r) => r.crop === 'Corn')!;
    const values = { area: '100.5', averageYield: '61.25', areaUnits: 'acres' as const };
    await t.database.db
      .insert(enterpriseAgronomics)
      .values({ enterpriseId: farmEnterpriseId, cropYear: row.cropYear, crop: 'corn', ...values })
      .onConflictDoUpdate({
        target: [enterpriseAgronomics.enterpriseId, enterpriseAgronomics.cropYear, enterpriseAgronomics.crop],
        set: values,
      });
    const res = await call(farmer, 'GET', `${PC}/summary/corn/${row.cropYear}`);
    expect(res.statusCode, res.body).toBe(200);
    const corn = profitSummaryRowSchema.parse(res.json());
    expect(toDecimal(corn.production!).minus('6155.625').abs().lessThan(1)).toBe(true);
    expect((await call(farmer, 'GET', `${PC}/summary`)).statusCode).toBe(200);
    expect((await call(farmer, 'GET', `${PC}/crop/corn/stats`)).statusCode).toBe(200);
  });

  it('sums in the database exactly as the domain sums the contracts (over-delivered, over-cancelled, over-priced)', async () => {
    const db = t.database.db;
    const [c] = await db
      .select({ partnerId: contracts.partnerId, marketId: contracts.marketId, clientId: contracts.clientId })
      .from(contracts)
      .where(eq(contracts.clientId, otherClientId))
      .limit(1);
    const base = { ...c!, contractType: 'flat' as const, cropId: 1, cropYear: 2031, priceStatus: 'priced' as const };
    const dates = { deliveryStart: '2031-10-01', deliveryEnd: '2031-12-31', contractDate: '2031-05-01' };
    await db.insert(contracts).values([
      {
        ...base,
        ...dates,
        displayContractId: 'EDGE-1',
        quantity: '1000',
        deliveredQuantity: '1500',
        pricedQuantity: '1000',
        cashPrice: '4.1234',
      },
      {
        ...base,
        ...dates,
        displayContractId: 'EDGE-2',
        quantity: '1000',
        cancelledQuantity: '1200',
        deliveredQuantity: '0',
        pricedQuantity: '0',
        cashPrice: null,
      },
      {
        ...base,
        ...dates,
        displayContractId: 'EDGE-3',
        quantity: '2000',
        cancelledQuantity: '500',
        deliveredQuantity: '100',
        pricedQuantity: '1800',
        cashPrice: '4.3333',
      },
      {
        ...base,
        ...dates,
        displayContractId: 'EDGE-4',
        quantity: '700',
        deliveredQuantity: '0',
        pricedQuantity: '300',
        cashPrice: null,
        status: 'completed' as const,
      },
    ]);
    for (const who of [farmer, other]) {
      const ids = await farmerClients(db, who === farmer ? farmerUserId : otherUserId);
      const expected = salesSummary(await allContracts(db, { clientIds: ids.map((x) => x.id) }));
      const rows = profitSummaryResponseSchema.parse((await call(who, 'GET', `${PC}/summary`)).json()).rows;
      const sales = rows.map((r) =>
        Object.fromEntries(Object.keys(expected[0]!).map((k) => [k, r[k as keyof typeof r]])),
      );
      expect(sales).toEqual(expected);
    }
  });

  it('reads only the farmer’s own data: another farmer’s summary holds none of it, their figures none of ours', async () => {
    const mine = profitSummaryResponseSchema.parse((await call(farmer, 'GET', `${PC}/summary`)).json()).rows;
    const theirs = profitSummaryResponseSchema.parse((await call(other, 'GET', `${PC}/summary`)).json()).rows;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.production === null)).toBe(true);
    const sum = (rows: typeof mine) => rows.reduce((s, r) => s + r.contractCount, 0);
    expect(sum(mine)).not.toBe(sum(theirs));
  });

  it('answers 403 with the access-denied code to a member without profit center access', async () => {
    for (const url of [`${PC}/summary`, `${PC}/enterprise/${farmEnterpriseId}/bids`, `${PC}/crop/corn/stats`]) {
      const res = await call(member, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('enterprise_access_required');
    }
  });
});

describe('market home', () => {
  it('lists the farm business’s markets with their bids; another farmer’s farm business is a 404', async () => {
    const res = await call(farmer, 'GET', `${PC}/enterprise/${farmEnterpriseId}/bids`);
    expect(res.statusCode, res.body).toBe(200);
    const body = enterpriseBidsSchema.parse(res.json());
    expect(body.markets.length).toBeGreaterThan(0);
    expect(body.markets.some((m) => m.rows.length > 0)).toBe(true);
    expect((await call(farmer, 'GET', `${PC}/enterprise/${otherEnterpriseId}/bids`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `${PC}/enterprise/${farmEnterpriseId}/bids`)).statusCode).toBe(404);
    expect((await call(farmer, 'GET', `${PC}/enterprise/abc/bids`)).statusCode).toBe(400);
  });

  it('gives one crop’s bids at each market (bids-matrix)', async () => {
    const body = bidsMatrixSchema.parse((await call(farmer, 'GET', `${PC}/commodity/corn/bids-matrix`)).json());
    expect(body.crop).toBe('Corn');
    expect(body.markets.every((m) => m.rows.every((r) => r.cropId === 1))).toBe(true);
    expect((await call(farmer, 'GET', `${PC}/commodity/kale/bids-matrix`)).statusCode).toBe(400);
  });

  it('keeps favourite locations per user; another farmer’s location is a 404 and changes nothing', async () => {
    const home = enterpriseBidsSchema.parse(
      (await call(farmer, 'GET', `${PC}/enterprise/${farmEnterpriseId}/bids`)).json(),
    );
    const marketId = home.markets[0]!.id;
    const put = await call(farmer, 'PUT', `${PC}/favorite/${marketId}/corn`);
    expect(put.statusCode, put.body).toBe(200);
    expect(favoritesResponseSchema.parse(put.json()).favorites).toEqual([{ marketId, cropId: 1 }]);
    // Twice is the same.
    expect((await call(farmer, 'PUT', `${PC}/favorite/${marketId}/corn`)).json().favorites).toHaveLength(1);
    expect((await call(other, 'GET', `${PC}/favorite`)).json().favorites).toEqual([]);
    expect((await call(farmer, 'PUT', `${PC}/favorite/${otherMarketId}/corn`)).statusCode).toBe(404);
    expect((await call(farmer, 'PUT', `${PC}/favorite/${marketId}/kale`)).statusCode).toBe(400);
    const again = enterpriseBidsSchema.parse(
      (await call(farmer, 'GET', `${PC}/enterprise/${farmEnterpriseId}/bids`)).json(),
    );
    expect(again.favorites).toEqual([{ marketId, cropId: 1 }]);
    const del = await call(farmer, 'DELETE', `${PC}/favorite/${marketId}/corn`);
    expect(del.json().favorites).toEqual([]);
  });
});
