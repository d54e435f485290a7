import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { injectAs, startCrmTestApp, type InjectMethod } from '../../testing/crm-test-app.ts';
import type { Caller, CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { auditLog, legalEntities, marketPosts, markets, users } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';

const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let ames: number;
let swiftCurrent: number;
let demoPlatform: number;
let prairiePlatform: number;

const call = (caller: Caller | null, method: InjectMethod, url: string, payload?: object, headers = {}) =>
  injectAs(t, caller, method, url, payload, headers);

beforeAll(async () => {
  ({ t, fx, buyer, prairie, farmer } = await startCrmTestApp());
  const db = t.database.db;
  const marketOf = async (partnerId: string, slug: string) =>
    (
      await db
        .select({ id: markets.id })
        .from(markets)
        .where(and(eq(markets.partnerId, partnerId), eq(markets.slug, slug)))
    )[0]!.id;
  const platformOf = async (partnerId: string) =>
    (
      await db
        .select({ id: legalEntities.id })
        .from(legalEntities)
        .where(and(eq(legalEntities.partnerId, partnerId), eq(legalEntities.kind, 'partner')))
    )[0]!.id;
  ames = await marketOf('demo', 'ames');
  swiftCurrent = await marketOf('prairie', 'swift-current');
  demoPlatform = await platformOf('demo');
  prairiePlatform = await platformOf('prairie');
}, 120_000);
afterAll(() => t.close());

const details = {
  displayName: 'Ames Elevator',
  addressLine1: '1200 Lincoln Way',
  city: 'Ames',
  administrativeAreaLevel1: 'IA',
  postalCode: '50010',
  phone: '(515) 555-0100',
  email: 'ames@demo.granary.test',
  timezone: 'America/Chicago',
};

describe('MERCH/market (details)', () => {
  it("reads and changes a market's details at the version read, audited; a stale version is a 412 that changes nothing", async () => {
    const read = await call(buyer, 'GET', `${MERCH}/market?market_id=${ames}`);
    expect(read.statusCode).toBe(200);
    const before = read.json();
    expect(read.headers.etag).toBe(`"${before.version}"`);
    expect(before).toMatchObject({ marketId: ames, city: 'Ames', countryCode: 'USA' });

    expect((await call(buyer, 'PUT', `${MERCH}/market?market_id=${ames}`, details)).statusCode).toBe(428);
    const saved = await call(buyer, 'PUT', `${MERCH}/market?market_id=${ames}`, details, {
      'if-match': `"${before.version}"`,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...details, version: before.version + 1, label: 'Ames Elevator' });

    const stale = await call(
      buyer,
      'PUT',
      `${MERCH}/market?market_id=${ames}`,
      { ...details, city: 'Nevada' },
      {
        'if-match': `"${before.version}"`,
      },
    );
    expect(stale.statusCode).toBe(412);
    expect((await call(buyer, 'GET', `${MERCH}/market?market_id=${ames}`)).json().city).toBe('Ames');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'market_details_update'), eq(auditLog.targetId, String(ames))));
    expect(audits).toHaveLength(1);
  });

  it('clears an optional field sent empty and refuses a bad phone, e-mail or time zone with 400', async () => {
    const version = (await call(buyer, 'GET', `${MERCH}/market?market_id=${ames}`)).json().version;
    for (const bad of [{ phone: 'call us' }, { email: 'not-an-address' }, { timezone: 'Mars/Olympus' }, { city: '' }]) {
      const res = await call(
        buyer,
        'PUT',
        `${MERCH}/market?market_id=${ames}`,
        { ...details, ...bad },
        {
          'if-match': `"${version}"`,
        },
      );
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const cleared = await call(
      buyer,
      'PUT',
      `${MERCH}/market?market_id=${ames}`,
      { ...details, postalCode: '' },
      {
        'if-match': `"${version}"`,
      },
    );
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().postalCode).toBeNull();
  });

  it("is for the market's buyer-admins of its own partner", async () => {
    expect((await call(buyer, 'GET', `${MERCH}/market?market_id=${swiftCurrent}`)).statusCode).toBe(404);
    expect((await call(prairie, 'GET', `${MERCH}/market?market_id=${ames}`)).statusCode).toBe(404);
    expect((await call(farmer, 'GET', `${MERCH}/market?market_id=${ames}`)).statusCode).toBe(403);
    const db = t.database.db;
    const [row] = await db
      .select({ id: users.id, admin: users.adminPermissions })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.buyer));
    // Buyer-admin of another market only.
    await db
      .update(users)
      .set({ adminPermissions: { 'buyer-admin': [String(fx.marketAll)] } })
      .where(eq(users.id, row!.id));
    try {
      expect((await call(buyer, 'GET', `${MERCH}/market?market_id=${ames}`)).statusCode).toBe(403);
      expect((await call(buyer, 'GET', `${MERCH}/market?market_id=${fx.marketAll}`)).statusCode).toBe(200);
    } finally {
      await db.update(users).set({ adminPermissions: row!.admin }).where(eq(users.id, row!.id));
    }
  });
});

describe('le/:partnerLegalEntity/market/:marketId/posts', () => {
  const posts = () => `${MERCH}/le/${demoPlatform}/market/${ames}/posts`;

  it('writes, lists, edits and deletes posts, each at its version and audited', async () => {
    const created = await call(buyer, 'POST', posts(), {
      title: 'Harvest hours',
      body: 'Open until 9 PM through October.',
      published: false,
    });
    expect(created.statusCode).toBe(201);
    const post = created.json();
    expect(post).toMatchObject({ title: 'Harvest hours', published: false, publishedAt: null, version: 1 });
    expect(post.author).toBeTruthy();

    const published = await call(
      buyer,
      'PUT',
      `${posts()}/${post.id}`,
      { ...post, published: true },
      {
        'if-match': '"1"',
      },
    );
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ published: true, version: 2 });
    expect(published.json().publishedAt).not.toBeNull();

    const list = await call(buyer, 'GET', posts());
    expect(list.json().posts.map((p: { id: number }) => p.id)).toContain(post.id);

    const staleDelete = await call(buyer, 'DELETE', `${posts()}/${post.id}`, undefined, { 'if-match': '"1"' });
    expect(staleDelete.statusCode).toBe(412);
    expect((await call(buyer, 'DELETE', `${posts()}/${post.id}`, undefined, { 'if-match': '"2"' })).statusCode).toBe(
      204,
    );
    expect(await t.database.db.select().from(marketPosts).where(eq(marketPosts.id, post.id))).toHaveLength(0);
    const actions = (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(post.id)))
    )
      .map((a) => a.action)
      .filter((a) => a.startsWith('market_post'))
      .sort();
    expect(actions).toEqual(['market_post_create', 'market_post_delete', 'market_post_update']);
  });

  it("refuses a post without a title, another partner's market or legal entity, and a farmer", async () => {
    expect((await call(buyer, 'POST', posts(), { title: ' ', body: '', published: true })).statusCode).toBe(400);
    expect((await call(buyer, 'GET', `${MERCH}/le/${prairiePlatform}/market/${ames}/posts`)).statusCode).toBe(404);
    expect((await call(buyer, 'GET', `${MERCH}/le/${demoPlatform}/market/${swiftCurrent}/posts`)).statusCode).toBe(404);
    expect((await call(prairie, 'GET', posts())).statusCode).toBe(404);
    expect((await call(farmer, 'GET', posts())).statusCode).toBe(403);
    expect(
      (await call(buyer, 'PUT', `${posts()}/999999`, { title: 'x', body: '', published: true }, { 'if-match': '"1"' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('profit-center/market/:marketId/posts (the farmer reads)', () => {
  const PC = '/api/commodities/profit-center';
  const write = (marketId: number, title: string, published: boolean) =>
    call(buyer, 'POST', `${MERCH}/le/${demoPlatform}/market/${marketId}/posts`, {
      title,
      body: `${title}.\nSecond line.`,
      published,
    });

  it("lists a market's published posts, newest first, to a farmer whose farm sells there; drafts never", async () => {
    const first = (await write(ames, 'Scale closed Friday', true)).json();
    const draft = (await write(ames, 'Draft: winter hours', false)).json();
    const second = (await write(ames, 'Corn basis firmer', true)).json();
    const res = await call(farmer, 'GET', `${PC}/market/${ames}/posts`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.marketId).toBe(ames);
    const ids = body.posts.map((p: { id: number }) => p.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).toContain(first.id);
    expect(ids).not.toContain(draft.id);
    expect(body.posts.find((p: { id: number }) => p.id === second.id)).toEqual({
      id: second.id,
      title: 'Corn basis firmer',
      body: 'Corn basis firmer.\nSecond line.',
      publishedAt: second.publishedAt,
    });

    // A post taken back to a draft leaves the farmer's list.
    const unpublished = await call(
      buyer,
      'PUT',
      `${MERCH}/le/${demoPlatform}/market/${ames}/posts/${first.id}`,
      { title: first.title, body: first.body, published: false },
      { 'if-match': '"1"' },
    );
    expect(unpublished.statusCode).toBe(200);
    const after = (await call(farmer, 'GET', `${PC}/market/${ames}/posts`)).json();
    expect(after.posts.map((p: { id: number }) => p.id)).not.toContain(first.id);
  });

  it("answers 404 for a market the farm does not sell to (its partner's or another's), 403 to a buyer, 401 to nobody", async () => {
    const [other] = await t.database.db
      .insert(markets)
      .values({
        partnerId: 'demo',
        slug: 'posts-not-sold-to',
        displayName: 'Not Sold To',
        city: 'Boone',
        administrativeAreaLevel1: 'IA',
        countryCode: 'USA',
      })
      .returning({ id: markets.id });
    expect((await write(other!.id, 'Only for its own farmers', true)).statusCode).toBe(201);
    expect((await call(farmer, 'GET', `${PC}/market/${other!.id}/posts`)).statusCode).toBe(404);
    expect((await call(farmer, 'GET', `${PC}/market/${swiftCurrent}/posts`)).statusCode).toBe(404);
    expect((await call(farmer, 'GET', `${PC}/market/999999/posts`)).statusCode).toBe(404);
    expect((await call(buyer, 'GET', `${PC}/market/${ames}/posts`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${PC}/market/${ames}/posts`)).statusCode).toBe(401);
    expect((await call(farmer, 'GET', `${PC}/market/abc/posts`)).statusCode).toBe(400);
  });
});
