import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { marketingPlanSchema, priceAlertSchema, toDecimal } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import {
  enterpriseUsers,
  enterprises,
  legalEntities,
  notifications,
  outbox,
  priceAlerts,
  quotes,
  users,
} from '../../db/schema/index.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { checkAlerts } from './price-alerts.service.ts';

// The profit center's marketing tab (issue 17, decision 058): plan CRUD and progress, alert CRUD, an alert that fires
// once when the admin's CSV import moves the futures and tells the farmer as their preference says, another user's
// ids, bad input and the profit center access flag.

const PC = '/api/commodities/profit-center';

let t: TestApp;
let farmer: Caller;
let other: Caller;
let member: Caller;
let admin: Caller;
let farmerId: string;
let symbol: string;
let last: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [farm] = await db
    .select({ enterpriseId: legalEntities.enterpriseId })
    .from(legalEntities)
    .where(eq(legalEntities.name, 'Fieldman Family Farms'));
  const [o, m] = await db
    .insert(users)
    .values([
      {
        email: 'mp-other@test.granary.test',
        experiences: { enterprise_agronomics: true },
        permissions: ['my-sales-lite'],
      },
      {
        email: 'mp-member@test.granary.test',
        experiences: { enterprise_agronomics: true },
        permissions: ['my-sales-lite'],
      },
    ])
    .returning({ id: users.id });
  const [otherFarm] = await db.insert(enterprises).values({ name: 'Other Acres' }).returning({ id: enterprises.id });
  await db.insert(enterpriseUsers).values([
    { enterpriseId: otherFarm!.id, userId: o!.id, role: 'owner' },
    { enterpriseId: farm!.enterpriseId!, userId: m!.id, role: 'subaccount', permissions: [] },
  ]);
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.farmer));
  farmerId = me!.id;
  const [q] = await db.select().from(quotes).where(eq(quotes.symbol, 'ZCZ26'));
  const [any] = q ? [q] : await db.select().from(quotes).limit(1);
  symbol = any!.symbol;
  last = any!.last!;
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  other = await signIn(t, 'mp-other@test.granary.test');
  member = await signIn(t, 'mp-member@test.granary.test');
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
});
afterAll(() => t.close());

const call = (who: Caller, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.app.inject({ method, url, headers: headersOf(who), ...(body !== undefined ? { payload: body as object } : {}) });

const up = (v: string, by: string) => toDecimal(v).plus(by).toFixed(4);

describe('marketing plan', () => {
  it('saves targets per crop and year and reads the sales against them; an empty list removes the plan', async () => {
    const empty = marketingPlanSchema.parse((await call(farmer, 'GET', `${PC}/marketing-plan/corn/2026`)).json());
    expect(empty.targets).toEqual([]);
    expect(empty.crop).toBe('Corn');
    const res = await call(farmer, 'PUT', `${PC}/marketing-plan/corn/2026`, {
      targets: [
        { date: '2099-12-31', percentSold: '100', minPrice: '9999.0000' },
        { date: '2000-01-01', percentSold: '0', minPrice: null },
      ],
      notes: 'Sell into strength',
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = marketingPlanSchema.parse(res.json());
    expect(plan.targets.map((x) => [x.date, x.status])).toEqual([
      // Without a production estimate (no acres × yield for 2026) no % sold can be met; its day is past.
      ['2000-01-01', 'behind'],
      ['2099-12-31', 'upcoming'],
    ]);
    expect(plan.notes).toBe('Sell into strength');
    expect(plan.progress.cropYear).toBe(2026);
    const overview = (await call(farmer, 'GET', `${PC}/marketing-plan/enterprise-data`)).json();
    expect(overview.plans).toEqual([expect.objectContaining({ crop: 'Corn', cropYear: 2026, targetCount: 2 })]);
    // Another farm business sees none of it.
    expect((await call(other, 'GET', `${PC}/marketing-plan/enterprise-data`)).json().plans).toEqual([]);
    expect((await call(other, 'GET', `${PC}/marketing-plan/corn/2026`)).json().targets).toEqual([]);
    await call(farmer, 'PUT', `${PC}/marketing-plan/corn/2026`, { targets: [] });
    expect((await call(farmer, 'GET', `${PC}/marketing-plan/enterprise-data`)).json().plans).toEqual([]);
  });

  it('refuses bad targets with the field (400) and changes nothing', async () => {
    const bad = await call(farmer, 'PUT', `${PC}/marketing-plan/corn/2026`, {
      targets: [
        { date: '2026-10-01', percentSold: '50', minPrice: null },
        { date: '2026-10-01', percentSold: '120', minPrice: 'abc' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['targets.1.percentSold', 'targets.1.minPrice']));
    const later = await call(farmer, 'PUT', `${PC}/marketing-plan/corn/2026`, {
      targets: [
        { date: '2026-10-01', percentSold: '50', minPrice: null },
        { date: '2026-10-01', percentSold: '60', minPrice: null },
      ],
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().details).toEqual([expect.objectContaining({ path: 'targets.1.date' })]);
    expect((await call(farmer, 'GET', `${PC}/marketing-plan/soybean/1999`)).statusCode).toBe(400);
    expect((await call(farmer, 'GET', `${PC}/marketing-plan/corn/2026`)).json().targets).toEqual([]);
  });

  it('refuses a percentage too long for a number with the field (400), not a 500', async () => {
    const res = await call(farmer, 'PUT', `${PC}/marketing-plan/corn/2026`, {
      targets: [{ date: '2031-01-01', percentSold: '1'.repeat(61), minPrice: null }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'targets.0.percentSold' })]),
    );
  });

  it('needs the flag on the plan’s own farm business, and its progress is that business’s sales only', async () => {
    const db = t.database.db;
    const [farm] = await db
      .select({ id: legalEntities.enterpriseId })
      .from(legalEntities)
      .where(eq(legalEntities.name, 'Fieldman Family Farms'));
    const [otherUser] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'mp-other@test.granary.test'));
    // 'other' holds the flag on their own Other Acres (owner) but not on Fieldman (a subaccount without it).
    await db
      .insert(enterpriseUsers)
      .values({ enterpriseId: farm!.id!, userId: otherUser!.id, role: 'subaccount', permissions: [] });
    const switchTo = (who: Caller, id: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/effu/user/current-enterprise',
        headers: headersOf(who),
        payload: { enterprise_id: id },
      });
    expect((await switchTo(other, farm!.id!)).statusCode).toBe(200);
    const plan = { targets: [{ date: '2031-01-01', percentSold: '10', minPrice: null }] };
    expect((await call(farmer, 'PUT', `${PC}/marketing-plan/wheat/2031`, plan)).statusCode).toBe(200);
    const read = await call(other, 'GET', `${PC}/marketing-plan/wheat/2031`);
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe('enterprise_access_required');
    const write = await call(other, 'PUT', `${PC}/marketing-plan/wheat/2031`, { targets: [] });
    expect(write.json().code).toBe('enterprise_access_required');
    expect((await call(farmer, 'GET', `${PC}/marketing-plan/wheat/2031`)).json().targets).toHaveLength(1);
    // The farmer's second business (owner, no clients): its plan's progress has none of Fieldman's contracts.
    const sold = (await call(farmer, 'GET', `${PC}/summary`))
      .json()
      .rows.find((r: { contracted: string }) => toDecimal(r.contracted).greaterThan(0));
    const path = `${PC}/marketing-plan/${sold.crop.toLowerCase()}/${sold.cropYear}`;
    expect(marketingPlanSchema.parse((await call(farmer, 'GET', path)).json()).progress.contracted).toBe(
      sold.contracted,
    );
    const [second] = await db.insert(enterprises).values({ name: 'Second Field' }).returning({ id: enterprises.id });
    await db.insert(enterpriseUsers).values({ enterpriseId: second!.id, userId: farmerId, role: 'owner' });
    expect((await switchTo(farmer, second!.id)).statusCode).toBe(200);
    try {
      expect(marketingPlanSchema.parse((await call(farmer, 'GET', path)).json()).progress.contracted).toBe('0');
    } finally {
      await switchTo(farmer, farm!.id!);
    }
  });

  it('needs profit center access (the one refusal code)', async () => {
    const res = await call(member, 'GET', `${PC}/marketing-plan/corn/2026`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('enterprise_access_required');
    expect((await call(member, 'GET', `${PC}/alerts`)).json().code).toBe('enterprise_access_required');
    expect((await t.app.inject({ method: 'GET', url: `${PC}/alerts` })).statusCode).toBe(401);
  });
});

describe('price alerts', () => {
  it('creates, reads, edits and removes; another user’s ids are 404; bad input 400 with the field', async () => {
    const created = await call(farmer, 'POST', `${PC}/alerts/corn`, {
      kind: 'futures',
      symbol,
      direction: 'below',
      level: '0.2500',
    });
    expect(created.statusCode, created.body).toBe(201);
    const alert = priceAlertSchema.parse(created.json());
    expect(alert).toMatchObject({ status: 'active', symbol, level: '0.2500', currentPrice: last });
    const url = `${PC}/alerts/corn/${alert.id}`;
    expect((await call(farmer, 'GET', url)).json().id).toBe(alert.id);
    expect((await call(farmer, 'GET', `${PC}/alerts/corn`)).json().alerts.map((a: { id: number }) => a.id)).toContain(
      alert.id,
    );
    expect((await call(farmer, 'GET', `${PC}/alerts/soybeans`)).json().alerts).toEqual([]);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { kind: 'futures', symbol, direction: 'above', level: '9.0000' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(other, method, url, body)).statusCode).toBe(404);
    }
    expect((await call(farmer, 'GET', `${PC}/alerts/soybeans/${alert.id}`)).statusCode).toBe(404);
    const edited = await call(farmer, 'PUT', url, { kind: 'futures', symbol, direction: 'below', level: '0.5000' });
    expect(edited.json()).toMatchObject({ level: '0.5000', status: 'active' });

    const bad = await call(farmer, 'POST', `${PC}/alerts/corn`, {
      kind: 'futures',
      symbol: 'nope',
      direction: 'sideways',
      level: '-1',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().details as { path: string }[]).map((d) => d.path)).toEqual(
      expect.arrayContaining(['symbol', 'direction', 'level']),
    );
    const unknown = await call(farmer, 'POST', `${PC}/alerts/corn`, {
      kind: 'futures',
      symbol: 'ZCH98',
      direction: 'above',
      level: '4.0000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([expect.objectContaining({ path: 'symbol' })]);
    const badBid = await call(farmer, 'POST', `${PC}/alerts/corn`, {
      kind: 'bid',
      bidId: 999999999,
      direction: 'above',
      level: '4.0000',
    });
    expect(badBid.statusCode).toBe(400);
    expect(badBid.json().details).toEqual([expect.objectContaining({ path: 'bidId' })]);

    expect((await call(farmer, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(farmer, 'GET', url)).statusCode).toBe(404);
  });

  it('fires once when the admin’s CSV import moves the futures past the level, as the user’s preference says', async () => {
    const db = t.database.db;
    const level = up(last, '0.1000');
    const a = priceAlertSchema.parse(
      (await call(farmer, 'POST', `${PC}/alerts/corn`, { kind: 'futures', symbol, direction: 'above', level })).json(),
    );
    // A second alert whose user does not want price alerts in the app or by e-mail.
    const b = priceAlertSchema.parse(
      (await call(other, 'POST', `${PC}/alerts/corn`, { kind: 'futures', symbol, direction: 'above', level })).json(),
    );
    const [otherUser] = await db.select().from(users).where(eq(users.email, 'mp-other@test.granary.test'));
    for (const channel of ['in_app', 'email'])
      await call(
        other,
        'PUT',
        `/api/effu/notifications/subscriptions/topic/price_alerts/sub_topic/all/user/${otherUser!.id}`,
        { [channel]: false },
      );

    const importCsv = (price: string) =>
      t.app.inject({
        method: 'POST',
        url: `${PC}/quotes/import`,
        headers: headersOf(admin, { 'content-type': 'text/csv' }),
        payload: `symbol,last\n${symbol},${price}\n`,
      });
    expect((await importCsv(up(last, '0.0500'))).statusCode).toBe(200);
    await runDueJobs(db, new Date(Date.now() + 1000));
    expect((await call(farmer, 'GET', `${PC}/alerts/corn/${a.id}`)).json().status).toBe('active');

    expect((await importCsv(up(last, '0.2000'))).statusCode).toBe(200);
    await runDueJobs(db, new Date(Date.now() + 1000));
    const fired = priceAlertSchema.parse((await call(farmer, 'GET', `${PC}/alerts/corn/${a.id}`)).json());
    expect(fired).toMatchObject({ status: 'triggered', triggeredPrice: up(last, '0.2000') });
    // Once: a later move past the level tells nobody again.
    expect((await importCsv(up(last, '0.3000'))).statusCode).toBe(200);
    await runDueJobs(db, new Date(Date.now() + 1000));
    const notices = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, farmerId), eq(notifications.topic, 'price_alerts.triggered')));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toContain(symbol);
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, farmerId), eq(outbox.template, 'price_alert')));
    expect(mails).toHaveLength(1);
    // The other user's alert fired too, but they asked for neither an in-app notice nor an e-mail.
    expect((await call(other, 'GET', `${PC}/alerts/corn/${b.id}`)).json().status).toBe('triggered');
    expect(
      await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, otherUser!.id), eq(notifications.topic, 'price_alerts.triggered'))),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, otherUser!.id), eq(outbox.template, 'price_alert'))),
    ).toHaveLength(0);

    // Saving it again arms it.
    const rearmed = await call(farmer, 'PUT', `${PC}/alerts/corn/${a.id}`, {
      kind: 'futures',
      symbol,
      direction: 'above',
      level: up(last, '0.5000'),
    });
    expect(rearmed.json()).toMatchObject({ status: 'active', triggeredAt: null });
    const [row] = await db.select().from(priceAlerts).where(eq(priceAlerts.id, a.id));
    expect(row!.status).toBe('active');
  });

  it('watches a local bid of the farmer’s markets (the recurring judge) and expires an alert past its last day', async () => {
    const matrix = (await call(farmer, 'GET', `${PC}/commodity/corn/bids-matrix`)).json() as {
      markets: { label: string; rows: { id: number; cashPrice: string | null; name: string }[] }[];
    };
    const bid = matrix.markets.flatMap((m) => m.rows).find((r) => r.cashPrice !== null)!;
    expect(bid).toBeTruthy();
    const res = await call(farmer, 'POST', `${PC}/alerts/corn`, {
      kind: 'bid',
      bidId: bid.id,
      direction: 'above',
      level: '0.0100',
    });
    expect(res.statusCode, res.body).toBe(201);
    const alert = priceAlertSchema.parse(res.json());
    expect(alert).toMatchObject({ kind: 'bid', bidName: bid.name, currentPrice: bid.cashPrice, status: 'active' });
    // A bid of another crop than the path's is refused on its field.
    const wrongCrop = await call(farmer, 'POST', `${PC}/alerts/soybeans`, {
      kind: 'bid',
      bidId: bid.id,
      direction: 'above',
      level: '1.0000',
    });
    expect(wrongCrop.statusCode).toBe(400);
    expect(wrongCrop.json().details).toEqual([expect.objectContaining({ path: 'bidId' })]);
    const old = priceAlertSchema.parse(
      (
        await call(farmer, 'POST', `${PC}/alerts/corn`, {
          kind: 'futures',
          symbol,
          direction: 'above',
          level: '0.0100',
          expiresOn: '2020-01-01',
        })
      ).json(),
    );
    const fired = await checkAlerts(t.database.db, null);
    expect(fired).toContain(alert.id);
    expect(fired).not.toContain(old.id);
    expect((await call(farmer, 'GET', `${PC}/alerts/corn/${alert.id}`)).json().status).toBe('triggered');
    expect((await call(farmer, 'GET', `${PC}/alerts/corn/${old.id}`)).json().status).toBe('expired');
    expect(await checkAlerts(t.database.db, null)).not.toContain(alert.id);
  });
});
