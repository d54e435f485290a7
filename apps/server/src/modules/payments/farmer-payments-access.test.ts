// The profit center's payments tab (issue 17, decision 057 addendum): the payment calls are money, so they answer
// to has_financial_access (decision 052) — a member with profit center access alone is refused with 403
// enterprise_access_required while the tab's balances still answer; a request of another farm business is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { enterpriseUsers, legalEntities, paymentRequests, users } from '../../db/schema/index.ts';

const PC = '/api/commodities/profit-center';
const PAYMENT_CALLS = [
  `${PC}/payment-eligible-contracts`,
  `${PC}/payment-eligible-summaries`,
  `${PC}/payment-requests`,
  `${PC}/payment-requests?status=settled`,
];

let t: TestApp;
let farmer: string;
let member: string;
let memberId: string;
let enterpriseId: number;
let farmClientIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const farm = await db
    .select({ id: legalEntities.id, enterpriseId: legalEntities.enterpriseId })
    .from(legalEntities)
    .where(eq(legalEntities.name, 'Fieldman Family Farms'));
  enterpriseId = farm[0]!.enterpriseId!;
  farmClientIds = (
    await db.select({ id: legalEntities.id }).from(legalEntities).where(eq(legalEntities.enterpriseId, enterpriseId))
  ).map((r) => r.id);
  const [sub] = await db
    .insert(users)
    .values({
      email: 'pay-member@test.granary.test',
      experiences: { enterprise_agronomics: true },
      permissions: ['my-sales-lite'],
    })
    .returning({ id: users.id });
  memberId = sub!.id;
  await db.insert(enterpriseUsers).values({ enterpriseId, userId: memberId, role: 'subaccount', permissions: [] });
  farmer = await t.sessionCookie(DEMO_ACCOUNTS.farmer);
  member = await t.sessionCookie('pay-member@test.granary.test');
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function setFlags(flags: string[]): Promise<void> {
  await t.database.db
    .update(enterpriseUsers)
    .set({ permissions: flags })
    .where(and(eq(enterpriseUsers.userId, memberId), eq(enterpriseUsers.enterpriseId, enterpriseId)));
}

describe('the payments tab’s calls', () => {
  it('answer the farmer: eligible settlements, summaries, requests and the paid ones (payment history)', async () => {
    for (const url of PAYMENT_CALLS) expect((await get(farmer, url)).statusCode, url).toBe(200);
    const history = (await get(farmer, `${PC}/payment-requests?status=settled`)).json() as {
      paymentRequests: { status: string; payment: { settledAt: string | null } | null }[];
    };
    expect(history.paymentRequests.length).toBeGreaterThan(0);
    for (const r of history.paymentRequests) {
      expect(r.status).toBe('settled');
      expect(r.payment?.settledAt).toBeTruthy();
    }
  });

  it('refuse a member with profit center access but not financial access (403), whose balances still answer', async () => {
    await setFlags(['has_profit_center_access']);
    for (const url of PAYMENT_CALLS) {
      const res = await get(member, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'enterprise_access_required' });
    }
    expect((await get(member, `${PC}/balances`)).statusCode).toBe(200);
    expect((await get(member, `${PC}/commodity-balances`)).statusCode).toBe(200);
  });

  it('answer a member with both flags; financial access alone keeps the calls but not the profit center', async () => {
    await setFlags(['has_profit_center_access', 'has_financial_access']);
    for (const url of PAYMENT_CALLS) expect((await get(member, url)).statusCode, url).toBe(200);
    await setFlags(['has_financial_access']);
    expect((await get(member, `${PC}/payment-requests`)).statusCode).toBe(200);
    const refused = await get(member, `${PC}/balances`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'enterprise_access_required' });
  });

  it('answers another farm business’s request events with 404, as an unknown id', async () => {
    const db = t.database.db;
    const mine = await db
      .select({ id: paymentRequests.id })
      .from(paymentRequests)
      .where(inArray(paymentRequests.clientId, farmClientIds))
      .limit(2);
    expect(mine.length).toBe(2);
    expect((await get(farmer, `${PC}/payment-requests/${mine[0]!.id}/events`)).statusCode).toBe(200);
    // The second request becomes another farm business's (a client of the same buyer outside Fieldman's).
    const [other] = await db
      .select({ id: legalEntities.id })
      .from(legalEntities)
      .where(and(eq(legalEntities.kind, 'client'), notInArray(legalEntities.id, farmClientIds)))
      .limit(1);
    await db.update(paymentRequests).set({ clientId: other!.id }).where(eq(paymentRequests.id, mine[1]!.id));
    expect((await get(farmer, `${PC}/payment-requests/${mine[1]!.id}/events`)).statusCode).toBe(404);
    expect((await get(farmer, `${PC}/payment-requests/999999999/events`)).statusCode).toBe(404);
  });
});
