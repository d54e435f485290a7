import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MARKET_PERMISSIONS, addDays, taskListStatuses, type ContractFacts } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import {
  contractFactsOf,
  headersOf,
  seedCrmFixtures,
  signIn,
  type Caller,
  type CrmFixtures,
} from '../../testing/crm-test-fixtures.ts';
import { etagOf, ifMatchVersion } from '../../platform/crm-access.ts';

const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let admin: Caller;
let contractsAtAmes: ContractFacts[];

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedCrmFixtures(t.database.db);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  prairie = await signIn(t, DEMO_ACCOUNTS.prairieBuyer);
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
  contractsAtAmes = (await contractFactsOf(t.database.db, 'demo')).filter((f) => f.marketId === fx.marketAll);
});
afterAll(() => t.close());

const get = (caller: Caller | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: caller ? headersOf(caller) : {} });
const send = (caller: Caller, method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: headersOf(caller), payload });

describe('merchandising bootstrap', () => {
  it("answers the buyer's partner fields", async () => {
    const res = await get(buyer, `${MERCH}/bootstrap`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      partnerLegalEntity: { id: fx.demoPlatformId, scopeLegalEntityId: 0 },
      partner: { id: 'demo', shortName: 'Granary' },
      partnerHasCrm: true,
      ingestDashboardAccess: true,
      // The demo buyer holds structures-admin (decision 062).
      structuredProductAccess: true,
      hasExternalScope: false,
      defaultScopeLegalEntityId: 0,
    });
    expect(body.bids_offers_ext_commodities).toMatchObject({ CN: 1, SB: 2, RS: 11 });
    expect((await get(prairie, `${MERCH}/bootstrap`)).json().partnerLegalEntity.id).toBe(fx.prairiePlatformId);
  });

  it('is for grain buyers only: 401 without a session, 403 for a farmer', async () => {
    expect((await get(null, `${MERCH}/bootstrap`)).statusCode).toBe(401);
    const res = await get(farmer, `${MERCH}/bootstrap`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});

describe('le/:platformId/markets', () => {
  it("lists every market of the partner with the user's permissions and entitlements", async () => {
    const res = await get(buyer, `${MERCH}/le/${fx.demoPlatformId}/markets`);
    expect(res.statusCode).toBe(200);
    const { markets, adminPermissions } = res.json();
    expect(adminPermissions).toBeUndefined();
    const byId = new Map(markets.map((m: { id: number }) => [m.id, m]));
    expect(byId.get(fx.marketAll)).toMatchObject({
      label: 'FX Ames Elevator',
      address: { city: 'Ames', administrativeAreaLevel1: 'IA' },
      userPermissions: [...MARKET_PERMISSIONS],
      entitlements: [
        'granary-dashboard',
        'grain-buying-contracts',
        'grain-buying-deliveries',
        'grain-buying-bids',
        'grain-buying-offers',
        'grain-buying-structures',
      ],
    });
    expect(byId.get(fx.marketBidsOnly)).toMatchObject({
      label: 'Regina, SK',
      userPermissions: ['instruments', 'offers', 'info'],
      // Structured products follow the admin grant, not the market's permissions (grain-marketing.md 6).
      entitlements: ['grain-buying-bids', 'grain-buying-offers', 'grain-buying-structures'],
    });
    expect(byId.get(fx.marketNone)).toMatchObject({ userPermissions: [], entitlements: ['grain-buying-structures'] });
    expect(byId.has(fx.prairieMarket)).toBe(false);
  });

  it('limit_by_user_id keeps the markets the user holds permissions on; include_admin_permissions adds the admin grants', async () => {
    const res = await get(
      buyer,
      `${MERCH}/le/${fx.demoPlatformId}/markets?limit_by_user_id=true&include_admin_permissions=true`,
    );
    const body = res.json();
    const ids = body.markets.map((m: { id: number }) => m.id);
    expect(ids).toContain(fx.marketAll);
    expect(ids).toContain(fx.marketBidsOnly);
    expect(ids).not.toContain(fx.marketNone);
    expect(body.adminPermissions).toEqual({
      'buyer-admin': 'all',
      'structures-admin': 'all',
      'view-offboarding-report': 'all',
    });
    expect(body.isAdmin).toBe(true);
    const own = await get(buyer, `${MERCH}/le/${fx.demoPlatformId}/markets?limit_by_user_id=${fx.buyerId}`);
    expect(own.json().markets.map((m: { id: number }) => m.id)).toEqual(ids);
  });

  it("an admin may list another user's markets of the same partner; others may not", async () => {
    const adminView = await get(
      admin,
      `${MERCH}/le/${fx.demoPlatformId}/markets?limit_by_user_id=${fx.buyerId}&include_admin_permissions=1`,
    );
    expect(adminView.statusCode).toBe(200);
    expect(adminView.json().markets.find((m: { id: number }) => m.id === fx.marketBidsOnly).userPermissions).toEqual([
      'instruments',
      'offers',
      'info',
    ]);
    expect(adminView.json().adminPermissions).toEqual({
      'buyer-admin': 'all',
      'structures-admin': 'all',
      'view-offboarding-report': 'all',
    });
    // The Prairie buyer is not a user of the demo partner.
    expect(
      (await get(admin, `${MERCH}/le/${fx.demoPlatformId}/markets?limit_by_user_id=${fx.prairieBuyerId}`)).statusCode,
    ).toBe(404);
    await t.database.db.execute(
      sql`update users set admin_permissions = '{}'::jsonb where email = ${DEMO_ACCOUNTS.buyer}`,
    );
    try {
      const plain = await signIn(t, DEMO_ACCOUNTS.buyer);
      const adminId = (
        (await t.database.db.execute(sql`select id from users where email = ${DEMO_ACCOUNTS.admin}`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows[0]!.id;
      expect(
        (await get(plain, `${MERCH}/le/${fx.demoPlatformId}/markets?limit_by_user_id=${adminId}`)).statusCode,
      ).toBe(403);
      const mine = (await get(plain, `${MERCH}/le/${fx.demoPlatformId}/markets?include_admin_permissions=true`)).json();
      expect(mine).toMatchObject({ adminPermissions: {}, isAdmin: false });
    } finally {
      await t.database.db.execute(
        sql`update users set admin_permissions = '{"buyer-admin":["all"]}'::jsonb where email = ${DEMO_ACCOUNTS.buyer}`,
      );
    }
  });

  it("another partner's platformId answers 404; bad parameters 400; a farmer 403", async () => {
    expect((await get(prairie, `${MERCH}/le/${fx.demoPlatformId}/markets`)).statusCode).toBe(404);
    expect((await get(buyer, `${MERCH}/le/${fx.prairiePlatformId}/markets`)).statusCode).toBe(404);
    expect((await get(buyer, `${MERCH}/le/abc/markets`)).statusCode).toBe(400);
    expect(
      (await get(buyer, `${MERCH}/le/${fx.demoPlatformId}/markets?include_admin_permissions=maybe`)).statusCode,
    ).toBe(400);
    expect((await get(farmer, `${MERCH}/le/${fx.demoPlatformId}/markets`)).statusCode).toBe(403);
  });
});

describe('dashboard: task list', () => {
  it('counts the market contracts in each task-list status, as taskListStatuses says', async () => {
    const res = await get(buyer, `${MERCH}/le/${fx.demoPlatformId}/task-list?market_id=${fx.marketAll}`);
    expect(res.statusCode).toBe(200);
    const expected = { signature_needed: 0, pricing_needed: 0, delivery_needed: 0 };
    for (const f of contractsAtAmes) for (const s of taskListStatuses(f, fx.today)) expected[s] += 1;
    expect(res.json()).toEqual({ marketId: fx.marketAll, today: fx.today, counts: expected });
    expect(Object.values(expected).every((n) => n > 0)).toBe(true);
  });

  it('within the list context (commodity and crop year)', async () => {
    const year = Number(fx.today.slice(0, 4));
    const res = await get(
      buyer,
      `${MERCH}/le/${fx.demoPlatformId}/task-list?market_id=${fx.marketAll}&commodity=SB&crop_year=${year}`,
    );
    const expected = { signature_needed: 0, pricing_needed: 0, delivery_needed: 0 };
    for (const f of contractsAtAmes.filter((x) => x.cropId === 2 && x.cropYear === year))
      for (const s of taskListStatuses(f, fx.today)) expected[s] += 1;
    expect(res.json().counts).toEqual(expected);
  });

  it('needs the dashboard permission (403), the partner market (404)', async () => {
    expect(
      (await get(buyer, `${MERCH}/le/${fx.demoPlatformId}/task-list?market_id=${fx.marketBidsOnly}`)).statusCode,
    ).toBe(403);
    expect(
      (await get(buyer, `${MERCH}/le/${fx.demoPlatformId}/task-list?market_id=${fx.prairieMarket}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(prairie, `${MERCH}/le/${fx.prairiePlatformId}/task-list?market_id=${fx.marketAll}`)).statusCode,
    ).toBe(404);
  });
});

describe('dashboard: follow-ups', () => {
  const list = (q: string) => get(buyer, `${MERCH}/followups?market_id=${fx.marketAll}&${q}`);

  it('splits open follow-ups into upcoming and past, past into under / over 90 days', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Fixture: due +5, 0 (upcoming); -1, -30, -89 (under 90); -90, -200 (over 90); one done (left out).
    expect(body.counts).toEqual({ upcoming: 2, past: 5, under90Days: 3, over90Days: 2 });
    expect(body.totalCount).toBe(7);
    const upcoming = (await list('state=upcoming')).json();
    expect(upcoming.rows.map((r: { dueDate: string }) => r.dueDate)).toEqual([fx.today, addDays(fx.today, 5)]);
    expect(
      upcoming.rows.every((r: { state: string; ageBucket: null }) => r.state === 'upcoming' && r.ageBucket === null),
    ).toBe(true);
    const under = (await list('age=under')).json();
    expect(under.rows.map((r: { daysOverdue: number }) => r.daysOverdue)).toEqual([1, 30, 89]);
    expect(under.rows.every((r: { ageBucket: string }) => r.ageBucket === 'under90Days')).toBe(true);
    const over = (await list('age=over90Days')).json();
    expect(over.rows.map((r: { daysOverdue: number }) => r.daysOverdue)).toEqual([90, 200]);
    const mine = (await list('assigned=me')).json();
    expect(mine.rows.every((r: { assignedUser: { id: string } | null }) => r.assignedUser?.id === fx.buyerId)).toBe(
      true,
    );
    expect((await list('state=later')).statusCode).toBe(400);
  });

  it('pages with tokens', async () => {
    const p1 = (await list('pageSize=5')).json();
    expect(p1.rows).toHaveLength(5);
    const p2 = (await list(`pageSize=5&page=2&paginationToken=${p1.paginationToken}`)).json();
    expect(p2.rows).toHaveLength(2);
    const all = (await list('')).json();
    expect([...p1.rows, ...p2.rows].map((r: { id: number }) => r.id)).toEqual(
      all.rows.map((r: { id: number }) => r.id),
    );
  });

  it('creates a follow-up (notes permission) and marks it done', async () => {
    const created = await send(buyer, 'POST', `${MERCH}/followups`, {
      marketId: fx.marketAll,
      clientId: fx.demoClients[5],
      dueDate: addDays(fx.today, 3),
      description: 'Call about the spring wheat offer',
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ state: 'upcoming', assignedUser: { id: fx.buyerId, name: 'Dana Merchant' } });
    const done = await send(buyer, 'PATCH', `${MERCH}/followups/${row.id}`, { done: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().doneAt).not.toBeNull();
    expect((await list('')).json().rows.some((r: { id: number }) => r.id === row.id)).toBe(false);
  });

  it('refuses bad input (400), other partners (404) and markets without notes (403)', async () => {
    const bad = [
      { marketId: fx.marketAll, clientId: fx.demoClients[0], dueDate: '2026-02-30', description: 'x' },
      { marketId: fx.marketAll, clientId: fx.demoClients[0], dueDate: fx.today, description: '' },
      {
        marketId: fx.marketAll,
        clientId: fx.demoClients[0],
        dueDate: fx.today,
        description: 'x',
        assignedUserId: fx.prairieBuyerId,
      },
      { marketId: fx.marketAll, clientId: fx.demoClients[0], dueDate: fx.today, description: 'x', noteId: 999999 },
      { marketId: 'one', clientId: fx.demoClients[0], dueDate: fx.today, description: 'x' },
      { marketId: fx.marketAll, clientId: fx.demoClients[0], dueDate: fx.today, description: 'a\u0000b' },
    ];
    for (const body of bad) expect((await send(buyer, 'POST', `${MERCH}/followups`, body)).statusCode).toBe(400);
    expect(
      (
        await send(buyer, 'POST', `${MERCH}/followups`, {
          marketId: fx.marketAll,
          clientId: fx.prairieClient,
          dueDate: fx.today,
          description: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await send(prairie, 'POST', `${MERCH}/followups`, {
          marketId: fx.marketAll,
          clientId: fx.demoClients[0],
          dueDate: fx.today,
          description: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await send(buyer, 'POST', `${MERCH}/followups`, {
          marketId: fx.marketBidsOnly,
          clientId: fx.demoClients[0],
          dueDate: fx.today,
          description: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const some = (await list('')).json().rows[0];
    expect((await send(prairie, 'PATCH', `${MERCH}/followups/${some.id}`, { done: true })).statusCode).toBe(404);
    expect((await send(buyer, 'PATCH', `${MERCH}/followups/${some.id}`, {})).statusCode).toBe(400);
    expect((await get(prairie, `${MERCH}/followups?market_id=${fx.marketAll}`)).statusCode).toBe(404);
    expect((await get(buyer, `${MERCH}/followups?market_id=${fx.marketBidsOnly}`)).statusCode).toBe(403);
  });
});

describe('dashboard: recent activity and last-updated', () => {
  it('merges the latest notes, contracts and tickets of the market, newest first', async () => {
    const res = await get(buyer, `${MERCH}/recent-activity?market_id=${fx.marketAll}&limit=15`);
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items).toHaveLength(15);
    const times = items.map((i: { at: string }) => Date.parse(i.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(items.map((i: { type: string }) => i.type)).size).toBeGreaterThan(1);
    expect(items.every((i: { at: string }) => i.at.slice(0, 10) <= addDays(fx.today, 1))).toBe(true);
    expect(items.every((i: { clientId: number }) => fx.demoClients.includes(i.clientId))).toBe(true);
    // A ticket or contract reads 'T-1234 · 1,104.26 bu Corn': quantities grouped and to 2 decimals, as on screen.
    for (const item of items.filter((i: { type: string }) => i.type !== 'note')) {
      expect(item.summary).toMatch(/^\S+ · -?\d{1,3}(,\d{3})*(\.\d{1,2})? \S+ \S/);
    }
    expect((await get(buyer, `${MERCH}/recent-activity?market_id=${fx.marketBidsOnly}`)).statusCode).toBe(403);
    expect((await get(prairie, `${MERCH}/recent-activity?market_id=${fx.marketAll}`)).statusCode).toBe(404);
  });

  it('says when the market data last changed', async () => {
    const res = await get(buyer, `${MERCH}/last-updated?market_id=${fx.marketAll}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.marketId).toBe(fx.marketAll);
    for (const k of ['contracts', 'scaleTickets', 'notes', 'lastUpdated'])
      expect(Date.parse(body[k])).toBeGreaterThan(0);
    expect(body.lastUpdated).toBe([body.contracts, body.scaleTickets, body.notes].sort().at(-1));
    expect((await get(buyer, `${MERCH}/last-updated?market_id=${fx.marketNone}`)).statusCode).toBe(403);
    expect((await get(buyer, `${MERCH}/last-updated?market_id=x`)).statusCode).toBe(400);
  });
});

describe('If-Match', () => {
  it('reads "3", W/"3" and 3; a missing header is 428, anything else 400', () => {
    expect(ifMatchVersion('"3"')).toBe(3);
    expect(ifMatchVersion('W/"12"')).toBe(12);
    expect(ifMatchVersion('7')).toBe(7);
    expect(() => ifMatchVersion(undefined)).toThrow(expect.objectContaining({ code: 'precondition_required' }));
    expect(() => ifMatchVersion('*')).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(() => ifMatchVersion('"a"')).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(etagOf(4)).toBe('"4"');
  });
});
