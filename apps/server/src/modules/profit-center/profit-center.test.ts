import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  balancesResponseSchema,
  farmerContractDetailSchema,
  farmerContractListSchema,
  farmerTaskListSchema,
  farmerTicketListSchema,
  profitSummaryResponseSchema,
  toDecimal,
  type FarmerContractRow,
  type FarmerTicketRow,
} from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import {
  contractAmendments,
  contracts,
  enterpriseUsers,
  enterprises,
  legalEntities,
  scaleTickets,
  users,
} from '../../db/schema/index.ts';

const PC = '/api/commodities/profit-center';

let t: TestApp;
let farmer: string;
let buyer: string;
let noFlag: string;
let prairieFarmer: string;
let farmClientId: number;
let prairieClientId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [farm] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(eq(legalEntities.name, 'Fieldman Family Farms'));
  farmClientId = farm!.id;
  // A second farmer, with the flag, whose enterprise is a client of the other partner (Prairie).
  const [prairieClient] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(
      and(
        eq(legalEntities.partnerId, 'prairie'),
        eq(legalEntities.kind, 'client'),
        sql`exists (select 1 from contracts c where c.client_id = ${legalEntities.id})`,
      ),
    )
    .limit(1);
  prairieClientId = prairieClient!.id;
  const [other] = await db
    .insert(users)
    .values([
      {
        email: 'farmer2@test.granary.test',
        experiences: { enterprise_agronomics: true },
        permissions: ['my-sales-lite'],
      },
      { email: 'noflag@test.granary.test', experiences: { enterprise_agronomics: true }, permissions: [] },
    ])
    .returning({ id: users.id });
  const [otherFarm] = await db.insert(enterprises).values({ name: 'Prairie Acres' }).returning({ id: enterprises.id });
  await db.insert(enterpriseUsers).values({ enterpriseId: otherFarm!.id, userId: other!.id, role: 'owner' });
  await db.update(legalEntities).set({ enterpriseId: otherFarm!.id }).where(eq(legalEntities.id, prairieClientId));

  farmer = await t.sessionCookie(DEMO_ACCOUNTS.farmer);
  buyer = await t.sessionCookie(DEMO_ACCOUNTS.buyer);
  noFlag = await t.sessionCookie('noflag@test.granary.test');
  prairieFarmer = await t.sessionCookie('farmer2@test.granary.test');
});
afterAll(() => t.close());

const get = (cookie: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function allContracts(cookie: string, query = ''): Promise<FarmerContractRow[]> {
  const rows: FarmerContractRow[] = [];
  let url = `${PC}/contracts?pageSize=10${query}`;
  for (let page = 1; page < 100; page++) {
    const res = await get(cookie, url);
    expect(res.statusCode, res.body).toBe(200);
    const body = farmerContractListSchema.parse(res.json());
    rows.push(...body.rows);
    if (!body.paginationToken) break;
    url = `${PC}/contracts?pageSize=10${query}&page=${page + 1}&paginationToken=${encodeURIComponent(body.paginationToken)}`;
  }
  return rows;
}

describe('access', () => {
  it('needs a session (401), then the agronomics experience and the my sales lite flag (403 with a code)', async () => {
    expect((await get(null, `${PC}/contracts`)).statusCode).toBe(401);
    for (const cookie of [buyer, noFlag]) {
      const res = await get(cookie, `${PC}/summary`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it('answers 400 with a message for bad parameters', async () => {
    for (const url of [
      `${PC}/contracts?crop=kale`,
      `${PC}/contracts?cropYear=26`,
      `${PC}/contracts?status=lost`,
      `${PC}/contracts?page=0`,
      `${PC}/contracts/abc`,
      `${PC}/scale-tickets/1,x`,
      `${PC}/summary/kale/2026`,
      `${PC}/summary/corn/1850`,
      `${PC}/balances?cropYear=next`,
    ]) {
      const res = await get(farmer, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('invalid_request');
      expect(res.json().message, url).toBeTruthy();
    }
  });
});

describe('contracts', () => {
  it('lists only the farmer’s own purchase contracts, newest first, every page once, with delivered and remaining', async () => {
    const rows = await allContracts(farmer);
    const [{ n }] = (await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(and(eq(contracts.clientId, farmClientId), eq(contracts.direction, 'purchase')))) as [{ n: number }];
    expect(rows.length).toBe(n);
    expect(n).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows.every((r) => r.clientName === 'Fieldman Family Farms')).toBe(true);
    const dates = rows.map((r) => r.contractDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const r of rows) {
      // contracted = delivered + remaining − over-delivered
      expect(toDecimal(r.delivered).plus(r.remaining).minus(r.overDelivered).equals(r.contracted)).toBe(true);
    }
  });

  it('filters by crop, crop year and status', async () => {
    const all = await allContracts(farmer);
    const sample = all[0]!;
    const filtered = await allContracts(
      farmer,
      `&crop=${sample.cropId}&cropYear=${sample.cropYear}&status=${sample.status}`,
    );
    expect(filtered.length).toBe(
      all.filter((r) => r.cropId === sample.cropId && r.cropYear === sample.cropYear && r.status === sample.status)
        .length,
    );
    const byName = await get(farmer, `${PC}/contracts?crop=${encodeURIComponent(sample.crop)}&pageSize=5`);
    expect(byName.statusCode).toBe(200);
  });

  it('opens the farmer’s contract with pricing, deliveries, amendments and documents, without the buyer’s notes', async () => {
    const [row] = await allContracts(farmer, '&status=open');
    await t.database.db.insert(contractAmendments).values({
      contractId: row!.id,
      displayContractAmendmentId: 'A-NOTE-1',
      action: 'note',
      details: { note: 'Buyer only: call about basis' },
    });
    const res = await get(farmer, `${PC}/contracts/${row!.id}`);
    expect(res.statusCode).toBe(200);
    const detail = farmerContractDetailSchema.parse(res.json());
    expect(detail.contract.id).toBe(row!.id);
    expect(res.body).not.toContain('Buyer only');
    expect(detail.amendments.some((a) => a.action === 'note')).toBe(false);
    expect(res.body).not.toContain('createdBy');
    const applied = detail.ticketApplications.reduce((sum, a) => sum.plus(a.quantity), toDecimal(0));
    expect(applied.equals(detail.contract.delivered)).toBe(true);
  });

  it('answers 404 for another client’s contract of the same partner and for another partner’s contract', async () => {
    const [demoOther] = await t.database.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.partnerId, 'demo'), ne(contracts.clientId, farmClientId)))
      .limit(1);
    const [prairie] = await t.database.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.clientId, prairieClientId))
      .limit(1);
    expect((await get(farmer, `${PC}/contracts/${demoOther!.id}`)).statusCode).toBe(404);
    expect((await get(farmer, `${PC}/contracts/${prairie!.id}`)).json()).toMatchObject({ code: 'not_found' });
    // The Prairie farmer sees their own contract (a client of the other partner) and not the demo farmer's.
    expect((await get(prairieFarmer, `${PC}/contracts/${prairie!.id}`)).statusCode).toBe(200);
    const [mine] = await allContracts(farmer);
    expect((await get(prairieFarmer, `${PC}/contracts/${mine!.id}`)).statusCode).toBe(404);
    const theirs = await allContracts(prairieFarmer);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.clientId === prairieClientId)).toBe(true);
  });
});

describe('summary and balances', () => {
  it('sums the contracts per crop and crop year; one crop year by name', async () => {
    const rows = await allContracts(farmer);
    const res = await get(farmer, `${PC}/summary`);
    const summary = profitSummaryResponseSchema.parse(res.json()).rows;
    for (const s of summary) {
      const mine = rows.filter((r) => r.cropId === s.cropId && r.cropYear === s.cropYear);
      expect(s.contractCount).toBe(mine.length);
      expect(mine.reduce((sum, r) => sum.plus(r.remaining), toDecimal(0)).equals(s.remaining)).toBe(true);
      expect(mine.reduce((sum, r) => sum.plus(r.delivered), toDecimal(0)).equals(s.delivered)).toBe(true);
    }
    const first = summary[0]!;
    const one = await get(farmer, `${PC}/summary/${first.crop.toLowerCase()}/${first.cropYear}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
  });

  it('balances add the unapplied ticket bushels', async () => {
    const res = await get(farmer, `${PC}/balances`);
    const rows = balancesResponseSchema.parse(res.json()).rows;
    const [{ total }] = (await t.database.db
      .select({ total: sql<string>`coalesce(sum(${scaleTickets.unappliedQuantity}), 0)::text` })
      .from(scaleTickets)
      .where(eq(scaleTickets.clientId, farmClientId))) as [{ total: string }];
    expect(rows.reduce((sum, r) => sum.plus(r.unappliedTickets), toDecimal(0)).equals(toDecimal(total))).toBe(true);
    const commodities = (await get(farmer, `${PC}/commodity-balances`)).json() as {
      commodities: { totals: { contracted: string } }[];
    };
    const contracted = rows.reduce((sum, r) => sum.plus(r.contracted), toDecimal(0));
    expect(
      commodities.commodities.reduce((sum, c) => sum.plus(c.totals.contracted), toDecimal(0)).equals(contracted),
    ).toBe(true);
  });

  it('task list counts the contracts to sign, to price and to deliver', async () => {
    const res = await get(farmer, `${PC}/task-list`);
    const list = farmerTaskListSchema.parse(res.json());
    const open = (await allContracts(farmer, '&status=open')).filter((r) => toDecimal(r.unpriced).greaterThan(0));
    expect(list.counts.pricing_needed).toBe(open.length);
    expect(list.items.filter((i) => i.task === 'pricing_needed').length).toBe(Math.min(open.length, 50));
  });
});

describe('scale tickets, crops, filters and markets', () => {
  it('lists the farmer’s tickets with grade factors and the contracts they were applied to; others’ tickets are 404', async () => {
    const res = await get(farmer, `${PC}/scale-tickets?pageSize=100`);
    const body = farmerTicketListSchema.parse(res.json());
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.rows.every((r) => r.clientName === 'Fieldman Family Farms')).toBe(true);
    const applied = body.rows.find((r: FarmerTicketRow) => r.applications.length > 0)!;
    expect(applied.applications.reduce((s, a) => s.plus(a.quantity), toDecimal(0)).equals(applied.applied)).toBe(true);
    const ids = body.rows.slice(0, 2).map((r) => r.id);
    const some = await get(farmer, `${PC}/scale-tickets/${ids.join(',')}`);
    expect(
      some
        .json()
        .rows.map((r: FarmerTicketRow) => r.id)
        .sort(),
    ).toEqual([...ids].sort());
    const [foreign] = await t.database.db
      .select({ id: scaleTickets.id })
      .from(scaleTickets)
      .where(ne(scaleTickets.clientId, farmClientId))
      .limit(1);
    expect((await get(farmer, `${PC}/scale-tickets/${ids[0]},${foreign!.id}`)).statusCode).toBe(404);
  });

  it('names the farmer’s crops, crop years and markets', async () => {
    const crops = (await get(farmer, `${PC}/crops`)).json() as { crops: { id: number; cropYears: number[] }[] };
    expect(crops.crops.length).toBeGreaterThan(0);
    const filters = (await get(farmer, `${PC}/filters`)).json() as {
      cropYears: number[];
      markets: { label: string }[];
      statuses: string[];
    };
    expect(filters.statuses).toEqual(['open', 'completed', 'cancelled']);
    expect(filters.markets.length).toBeGreaterThan(0);
    const location = (await get(farmer, `${PC}/location`)).json() as { markets: { id: number; label: string }[] };
    expect(location.markets.map((m) => m.label)).toEqual(filters.markets.map((m) => m.label));
    const rows = await allContracts(farmer);
    expect(new Set(rows.map((r) => r.marketId)).size).toBeLessThanOrEqual(location.markets.length);
  });
});
