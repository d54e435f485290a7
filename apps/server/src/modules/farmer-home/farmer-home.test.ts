import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { FARMER_HOME_PATH, farmerHomeSchema, signingUrlsResponseSchema, type FarmerHome } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { seedSigningDemo } from '../esign/esign.public.ts';
import { appliedLines, unsettledLinesPage } from '../settlements/settlements.public.ts';
import { enterpriseUsers, enterprises, legalEntities, users } from '../../db/schema/index.ts';

// The farmer's home (issue 17): one call, the farmer's own enterprise only, each section behind its access flag.

let t: TestApp;
let farmer: string;
let prairieFarmer: string;
let member: string;
let buyer: string;
let fieldmanEnterprise: number;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedSigningDemo(db, {
    partnerId: 'demo',
    clientName: 'Fieldman Family Farms',
    buyerEmail: DEMO_ACCOUNTS.buyer,
    count: 1,
  });
  const [farm] = await db
    .select({ enterpriseId: legalEntities.enterpriseId })
    .from(legalEntities)
    .where(eq(legalEntities.name, 'Fieldman Family Farms'));
  fieldmanEnterprise = farm!.enterpriseId!;
  // Another farmer, owner of a farm that is a client of the other partner (Prairie).
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
  const [other, sub] = await db
    .insert(users)
    .values([
      {
        email: 'home2@test.granary.test',
        experiences: { enterprise_agronomics: true },
        permissions: ['my-sales-lite'],
      },
      {
        email: 'home-sub@test.granary.test',
        experiences: { enterprise_agronomics: true },
        permissions: ['my-sales-lite'],
      },
    ])
    .returning({ id: users.id });
  memberId = sub!.id;
  const [otherFarm] = await db.insert(enterprises).values({ name: 'Home Acres' }).returning({ id: enterprises.id });
  await db.insert(enterpriseUsers).values([
    { enterpriseId: otherFarm!.id, userId: other!.id, role: 'owner' },
    // A sub-account of Fieldman's with no flag at all.
    { enterpriseId: fieldmanEnterprise, userId: memberId, role: 'subaccount', permissions: [] },
  ]);
  await db.update(legalEntities).set({ enterpriseId: otherFarm!.id }).where(eq(legalEntities.id, prairieClient!.id));
  farmer = await t.sessionCookie(DEMO_ACCOUNTS.farmer);
  prairieFarmer = await t.sessionCookie('home2@test.granary.test');
  member = await t.sessionCookie('home-sub@test.granary.test');
  buyer = await t.sessionCookie(DEMO_ACCOUNTS.buyer);
});
afterAll(() => t.close());

const get = (cookie: string | null) =>
  t.app.inject({ method: 'GET', url: FARMER_HOME_PATH, headers: cookie ? { cookie } : {} });

async function homeOf(cookie: string): Promise<FarmerHome> {
  const res = await get(cookie);
  expect(res.statusCode).toBe(200);
  return farmerHomeSchema.parse(res.json());
}

async function setFlags(flags: string[]): Promise<void> {
  await t.database.db
    .update(enterpriseUsers)
    .set({ permissions: flags })
    .where(and(eq(enterpriseUsers.userId, memberId), eq(enterpriseUsers.enterpriseId, fieldmanEnterprise)));
}

describe('GET profit-center/home', () => {
  it('needs a session (401) and the agronomics experience (403)', async () => {
    expect((await get(null)).statusCode).toBe(401);
    const res = await get(buyer);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it("gives the demo farmer every section of their own enterprise, with the signing page's link", async () => {
    const home = await homeOf(farmer);
    const links = signingUrlsResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/commodities/profit-center/signing/urls',
          headers: { cookie: farmer },
        })
      ).json(),
    ).rows;
    expect(home.toSign!.length).toBeGreaterThan(0);
    expect(home.toSign!.map((r) => r.requestId)).toEqual(links.slice(0, 5).map((r) => r.requestId));
    expect(home.toSign![0]!.url).toMatch(/^\/profit-center\/builtin\/sign\//);
    expect(home.toSign!.every((r) => r.clientName === 'Fieldman Family Farms')).toBe(true);
    expect(home.offers).not.toBeNull();
    expect(home.unsettled).not.toBeNull();
    expect(home.unsettled!.rows.length).toBeLessThanOrEqual(5);
    expect(home.payments).not.toBeNull();
    expect(home.orders).not.toBeNull();
    expect(home.bids!.markets.length).toBeGreaterThan(0);
    expect(home.bids!.markets.some((m) => m.rows.length > 0)).toBe(true);
    // The crops grown (the demo farm's agronomics): only their bids show, one delivery per crop.
    const grown = home.bids!.crops.map((c) => c.toLowerCase());
    for (const m of home.bids!.markets) {
      const names = m.rows.map((r) => r.cropName.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      if (grown.length > 0) expect(names.every((n) => grown.includes(n))).toBe(true);
    }
    expect(home.notifications.rows.length).toBeLessThanOrEqual(5);
  });

  it("never shows another farmer's items", async () => {
    const mine = await homeOf(farmer);
    const theirs = await homeOf(prairieFarmer);
    const ids = (h: FarmerHome) => ({
      sign: (h.toSign ?? []).map((r) => r.requestId),
      tickets: (h.unsettled?.rows ?? []).map((r) => r.ticketApplicationId),
      offers: (h.offers?.rows ?? []).map((r) => r.id),
      payments: (h.payments ?? []).map((r) => r.id),
    });
    const a = ids(mine);
    const b = ids(theirs);
    expect(b.sign.filter((x) => a.sign.includes(x))).toEqual([]);
    expect(b.tickets.filter((x) => a.tickets.includes(x))).toEqual([]);
    expect(b.offers.filter((x) => a.offers.includes(x))).toEqual([]);
    expect(b.payments.filter((x) => a.payments.includes(x))).toEqual([]);
    expect((theirs.toSign ?? []).every((r) => r.clientName !== 'Fieldman Family Farms')).toBe(true);
  });

  it("hides the sections whose flag the member lacks (decision 052), and shows each one's once granted", async () => {
    await setFlags([]);
    let home = await homeOf(member);
    expect(home.toSign).toBeNull();
    expect(home.offers).toBeNull();
    expect(home.unsettled).toBeNull();
    expect(home.bids).toBeNull();
    expect(home.payments).toBeNull();
    expect(home.orders).toBeNull();
    expect(home.notifications.rows).toEqual([]);

    await setFlags(['has_profit_center_access']);
    home = await homeOf(member);
    expect(home.toSign!.length).toBeGreaterThan(0);
    expect(home.bids).not.toBeNull();
    expect(home.payments).toBeNull();
    expect(home.orders).toBeNull();

    await setFlags(['has_financial_access', 'has_input_purchasing_access']);
    home = await homeOf(member);
    expect(home.toSign).toBeNull();
    expect(home.payments).not.toBeNull();
    expect(home.orders).not.toBeNull();
  });
});

describe('the unsettled deliveries card (a page, not every line)', () => {
  it('reads the oldest deliveries up to the limit in SQL and counts them all, as the home shows them', async () => {
    const db = t.database.db;
    const clients = await db
      .select({ partnerId: legalEntities.partnerId, id: legalEntities.id })
      .from(legalEntities)
      .where(eq(legalEntities.name, 'Fieldman Family Farms'));
    const all = (
      await Promise.all(clients.map((c) => appliedLines(db, c.partnerId, c.id, { unsettledOnly: true })))
    ).flat();
    all.sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.ticketApplicationId - b.ticketApplicationId);
    expect(all.length).toBeGreaterThan(2);
    const page = await unsettledLinesPage(db, clients, 2);
    expect(page.total).toBe(all.length);
    expect(page.rows.map((r) => r.ticketApplicationId)).toEqual(all.slice(0, 2).map((r) => r.ticketApplicationId));
    expect(await unsettledLinesPage(db, [], 2)).toEqual({ rows: [], total: 0 });
    const home = farmerHomeSchema.parse(
      (await t.app.inject({ method: 'GET', url: FARMER_HOME_PATH, headers: { cookie: farmer } })).json(),
    );
    expect(home.unsettled!.total).toBe(all.length);
    expect(home.unsettled!.rows.map((r) => r.ticketApplicationId)).toEqual(
      all.slice(0, 5).map((r) => r.ticketApplicationId),
    );
  });
});
