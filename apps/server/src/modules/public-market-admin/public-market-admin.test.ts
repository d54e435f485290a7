import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { injectAs, startCrmTestApp, type InjectMethod } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { markets } from '../../db/schema/index.ts';
import type { Caller, CrmFixtures } from '../../testing/crm-test-fixtures.ts';

const MERCH = '/api/commodities/merchandising';
const PC = '/api/commodities/profit-center';

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let ames: number;
let masonCity: number;
let swiftCurrent: number;

beforeAll(async () => {
  ({ t, fx, buyer, prairie, farmer } = await startCrmTestApp());
  const idOf = async (partnerId: string, slug: string) => {
    const [row] = await t.database.db
      .select({ id: markets.id })
      .from(markets)
      .where(and(eq(markets.partnerId, partnerId), eq(markets.slug, slug)));
    return row!.id;
  };
  ames = await idOf('demo', 'ames');
  masonCity = await idOf('demo', 'mason-city');
  swiftCurrent = await idOf('prairie', 'swift-current');
}, 120_000);
afterAll(() => t.close());

const call = (
  caller: Caller | null,
  method: InjectMethod,
  url: string,
  payload?: object,
  extra: Record<string, string> = {},
) => injectAs(t, caller, method, url, payload, extra);

describe('market/:marketId/info', () => {
  it("reads the seeded page of a market: the partner's features on, texts, contacts, version and ETag", async () => {
    const res = await call(buyer, 'GET', `${MERCH}/market/${ames}/info`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    const body = res.json();
    expect(body).toMatchObject({
      marketId: ames,
      slug: 'ames',
      label: 'Ames Elevator',
      timezone: 'America/Chicago',
      offeredFeatures: [
        'market-announcements',
        'market-office-hours',
        'market-contacts',
        'market-delivery-information',
        'additional-info',
      ],
      features: [
        'market-announcements',
        'market-office-hours',
        'market-contacts',
        'market-delivery-information',
        'additional-info',
      ],
      published: true,
      version: 1,
    });
    expect(body.deliveryInformation).toContain('Corn: 15.0% moisture');
    expect(body.contacts.map((c: { title: string }) => c.title)).toEqual(['Grain merchandiser', 'Location manager']);
    expect((await call(buyer, 'GET', `${MERCH}/market/${masonCity}/info`)).json().published).toBe(false);
  });

  it('answers a market never set up as version 0 with nothing shown, and creates it at If-Match "0"', async () => {
    const first = (await call(buyer, 'GET', `${MERCH}/market/${fx.marketBidsOnly}/info`)).json();
    expect(first).toMatchObject({
      version: 0,
      features: [],
      published: false,
      contacts: [],
      deliveryInformation: null,
    });
    const res = await call(
      buyer,
      'PUT',
      `${MERCH}/market/${fx.marketBidsOnly}/info`,
      { features: ['market-office-hours'], published: true },
      { 'if-match': '"0"' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 1, features: ['market-office-hours'], published: true });
  });

  it('saves one section at the version read, keeps the others, and refuses a stale version with 412', async () => {
    const res = await call(
      buyer,
      'PUT',
      `${MERCH}/market/${ames}/info`,
      { additionalInfo: '  Open house on Friday.\nCoffee at 9.  ' },
      { 'if-match': '"1"' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    const saved = res.json();
    expect(saved).toMatchObject({ version: 2, additionalInfo: 'Open house on Friday.\nCoffee at 9.', published: true });
    expect(saved.contacts).toHaveLength(2);

    const stale = await call(buyer, 'PUT', `${MERCH}/market/${ames}/info`, { published: false }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'precondition_failed', details: { currentVersion: 2 } });
    expect((await call(buyer, 'GET', `${MERCH}/market/${ames}/info`)).json().published).toBe(true);

    const missing = await call(buyer, 'PUT', `${MERCH}/market/${ames}/info`, { published: false });
    expect(missing.statusCode).toBe(428);
  });

  it('replaces the contacts, dropping empty optional fields; an empty text clears it', async () => {
    const res = await call(
      buyer,
      'PUT',
      `${MERCH}/market/${ames}/info`,
      {
        contacts: [{ name: 'Sam Ortiz', title: 'Scale house', phone: '', email: 'sam@demo.granary.test' }],
        deliveryInformation: '',
      },
      { 'if-match': '"2"' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: 3,
      contacts: [{ name: 'Sam Ortiz', title: 'Scale house', email: 'sam@demo.granary.test' }],
      deliveryInformation: null,
    });
    expect(res.json().contacts[0]).not.toHaveProperty('phone');
  });

  it('refuses bad input with 400 and a code, never a 500', async () => {
    const put = (payload: object, marketId = ames, caller = buyer) =>
      call(caller, 'PUT', `${MERCH}/market/${marketId}/info`, payload, { 'if-match': '"3"' });
    for (const payload of [
      {},
      { contacts: [{ name: '' }] },
      { contacts: [{ name: 'A', email: 'not-an-email' }] },
      { contacts: [{ name: 'A', phone: 'call us' }] },
      { features: ['public-ci-score'] },
      { features: ['weather'] },
      { additionalInfo: 'x'.repeat(4001) },
      { published: 'yes' },
      { slug: 'elsewhere' },
      { additionalInfo: 'a\u0000b' },
    ]) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    expect((await call(buyer, 'GET', `${MERCH}/market/abc/info`)).statusCode).toBe(400);
    expect(
      (await call(buyer, 'PUT', `${MERCH}/market/${ames}/info`, { published: false }, { 'if-match': 'latest' }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a feature the partner does not offer', async () => {
    const current = (await call(prairie, 'GET', `${MERCH}/market/${swiftCurrent}/info`)).json();
    expect(current.offeredFeatures).toEqual(['market-office-hours', 'market-contacts']);
    const res = await call(
      prairie,
      'PUT',
      `${MERCH}/market/${swiftCurrent}/info`,
      { features: ['market-contacts', 'market-announcements'] },
      { 'if-match': `"${current.version}"` },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', details: { notOffered: ['market-announcements'] } });
  });

  it("needs the info permission on that market of the user's own partner", async () => {
    expect((await call(null, 'GET', `${MERCH}/market/${ames}/info`)).statusCode).toBe(401);
    expect((await call(farmer, 'GET', `${MERCH}/market/${ames}/info`)).statusCode).toBe(403);
    expect((await call(buyer, 'GET', `${MERCH}/market/${fx.marketNone}/info`)).statusCode).toBe(403);
    expect((await call(buyer, 'GET', `${MERCH}/market/${swiftCurrent}/info`)).statusCode).toBe(404);
    expect(
      (await call(buyer, 'PUT', `${MERCH}/market/${swiftCurrent}/info`, { published: false }, { 'if-match': '"1"' }))
        .statusCode,
    ).toBe(404);
    expect((await call(buyer, 'GET', `${MERCH}/market/999999/info`)).statusCode).toBe(404);
    expect(
      (await call(farmer, 'PUT', `${MERCH}/market/${ames}/info`, { published: false }, { 'if-match': '"1"' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('market/:marketId/hours', () => {
  const week = (saturday: { closed: boolean; opensAt: string | null; closesAt: string | null }) => ({
    days: [
      { dayOfWeek: 0, closed: true, opensAt: null, closesAt: null },
      ...[1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, closed: false, opensAt: '06:30', closesAt: '18:00' })),
      { dayOfWeek: 6, ...saturday },
    ],
  });

  it('reads the week Monday first, in the market’s zone', async () => {
    const res = await call(buyer, 'GET', `${MERCH}/market/${ames}/hours`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ marketId: ames, timezone: 'America/Chicago', configured: true });
    expect(body.days.map((d: { dayOfWeek: number }) => d.dayOfWeek)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(body.days[0]).toEqual({ dayOfWeek: 1, closed: false, opensAt: '07:00', closesAt: '17:00' });
    expect(body.days[6]).toEqual({ dayOfWeek: 0, closed: true, opensAt: null, closesAt: null });
    expect(typeof body.openNow).toBe('boolean');
  });

  it('replaces the week, and the v2 path reads the same', async () => {
    const res = await call(
      buyer,
      'PUT',
      `${MERCH}/market/${ames}/hours`,
      week({ closed: false, opensAt: '08:00', closesAt: '12:00' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().days[0]).toEqual({ dayOfWeek: 1, closed: false, opensAt: '06:30', closesAt: '18:00' });
    const v2 = (await call(buyer, 'GET', `${MERCH}/v2/market/${ames}/hours`)).json();
    expect(v2.days[5]).toEqual({ dayOfWeek: 6, closed: false, opensAt: '08:00', closesAt: '12:00' });
    // A closed day keeps no times.
    const closed = await call(
      buyer,
      'PUT',
      `${MERCH}/v2/market/${ames}/hours`,
      week({ closed: true, opensAt: '08:00', closesAt: '12:00' }),
    );
    expect(closed.json().days[5]).toEqual({ dayOfWeek: 6, closed: true, opensAt: null, closesAt: null });
  });

  it('refuses hours that close before they open, a missing day or a bad time (400)', async () => {
    for (const payload of [
      week({ closed: false, opensAt: '12:00', closesAt: '08:00' }),
      week({ closed: false, opensAt: null, closesAt: '12:00' }),
      week({ closed: false, opensAt: '8am', closesAt: '12:00' }),
      { days: week({ closed: true, opensAt: null, closesAt: null }).days.slice(1) },
    ]) {
      const res = await call(buyer, 'PUT', `${MERCH}/market/${ames}/hours`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
  });

  it('is for the info permission of the own partner', async () => {
    expect((await call(buyer, 'GET', `${MERCH}/market/${swiftCurrent}/hours`)).statusCode).toBe(404);
    expect(
      (
        await call(
          buyer,
          'PUT',
          `${MERCH}/market/${fx.marketNone}/hours`,
          week({ closed: true, opensAt: null, closesAt: null }),
        )
      ).statusCode,
    ).toBe(403);
    expect((await call(farmer, 'GET', `${MERCH}/v2/market/${ames}/hours`)).statusCode).toBe(403);
  });
});

describe('announcement/:announcementId?', () => {
  const now = Date.now();
  const iso = (days: number) => new Date(now + days * 86_400_000).toISOString();

  it("lists a market's announcements with their status", async () => {
    const res = await call(buyer, 'GET', `${MERCH}/announcement?market_id=${ames}`);
    expect(res.statusCode).toBe(200);
    const { announcements } = res.json();
    expect(announcements.length).toBeGreaterThanOrEqual(3);
    const statuses = new Set(announcements.map((a: { status: string }) => a.status));
    expect(statuses.has('active')).toBe(true);
    expect(statuses.has('expired')).toBe(true);
    expect(announcements.every((a: { marketId: number }) => a.marketId === ames)).toBe(true);
  });

  it('creates, edits at the version read (412 when stale), and deletes', async () => {
    const created = await call(buyer, 'POST', `${MERCH}/announcement`, {
      marketId: ames,
      title: 'Closed Christmas Day',
      body: 'Reopening Dec 26.',
      startsAt: iso(3),
      endsAt: iso(10),
    });
    expect(created.statusCode).toBe(201);
    const a = created.json();
    expect(a).toMatchObject({ marketId: ames, title: 'Closed Christmas Day', status: 'scheduled', version: 1 });
    expect(created.headers.etag).toBe('"1"');

    const edited = await call(
      buyer,
      'PUT',
      `${MERCH}/announcement/${a.id}`,
      { title: 'Closed Christmas Day', body: 'Reopening Dec 27.', startsAt: iso(-1), endsAt: null },
      { 'if-match': '"1"' },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, status: 'active', endsAt: null, body: 'Reopening Dec 27.' });

    const stale = await call(
      buyer,
      'PUT',
      `${MERCH}/announcement/${a.id}`,
      { title: 'X', body: '', startsAt: iso(-1), endsAt: null },
      { 'if-match': '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(
      (
        await call(buyer, 'PUT', `${MERCH}/announcement/${a.id}`, {
          title: 'X',
          body: '',
          startsAt: iso(-1),
          endsAt: null,
        })
      ).statusCode,
    ).toBe(428);
    expect((await call(buyer, 'GET', `${MERCH}/announcement/${a.id}`)).json().title).toBe('Closed Christmas Day');

    expect(
      (await call(buyer, 'DELETE', `${MERCH}/announcement/${a.id}`, undefined, { 'if-match': '"1"' })).statusCode,
    ).toBe(412);
    expect(
      (await call(buyer, 'DELETE', `${MERCH}/announcement/${a.id}`, undefined, { 'if-match': '"2"' })).statusCode,
    ).toBe(204);
    expect((await call(buyer, 'GET', `${MERCH}/announcement/${a.id}`)).statusCode).toBe(404);
    expect((await call(buyer, 'DELETE', `${MERCH}/announcement/${a.id}`)).statusCode).toBe(404);
    const list = (await call(buyer, 'GET', `${MERCH}/announcement?market_id=${ames}`)).json().announcements;
    expect(list.some((x: { id: number }) => x.id === a.id)).toBe(false);
  });

  it('refuses a bad announcement with 400', async () => {
    const base = { marketId: ames, title: 'Hours', body: '', startsAt: iso(0), endsAt: iso(1) };
    for (const payload of [
      { ...base, title: 'x'.repeat(121) },
      { ...base, title: ' ' },
      { ...base, body: 'x'.repeat(4001) },
      { ...base, endsAt: iso(-1) },
      { ...base, startsAt: 'next week' },
      { ...base, marketId: 'ames' },
    ]) {
      const res = await call(buyer, 'POST', `${MERCH}/announcement`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    expect((await call(buyer, 'GET', `${MERCH}/announcement`)).statusCode).toBe(400);
  });

  it("keeps each partner to its own markets' announcements; a farmer may not write them", async () => {
    const theirs = await call(prairie, 'POST', `${MERCH}/announcement`, {
      marketId: swiftCurrent,
      title: 'Yorkton rail cars',
      body: '',
      startsAt: iso(-1),
      endsAt: null,
    });
    expect(theirs.statusCode).toBe(201);
    const id = theirs.json().id;
    expect((await call(buyer, 'GET', `${MERCH}/announcement/${id}`)).statusCode).toBe(404);
    expect(
      (
        await call(
          buyer,
          'PUT',
          `${MERCH}/announcement/${id}`,
          { title: 'Mine', body: '', startsAt: iso(-1), endsAt: null },
          { 'if-match': '"1"' },
        )
      ).statusCode,
    ).toBe(404);
    expect((await call(buyer, 'DELETE', `${MERCH}/announcement/${id}`)).statusCode).toBe(404);
    expect((await call(buyer, 'GET', `${MERCH}/announcement?market_id=${swiftCurrent}`)).statusCode).toBe(404);
    expect(
      (
        await call(buyer, 'POST', `${MERCH}/announcement`, {
          marketId: swiftCurrent,
          title: 'Mine',
          body: '',
          startsAt: iso(-1),
          endsAt: null,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(buyer, 'POST', `${MERCH}/announcement`, {
          marketId: fx.marketNone,
          title: 'Mine',
          body: '',
          startsAt: iso(-1),
          endsAt: null,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(farmer, 'POST', `${MERCH}/announcement`, {
          marketId: ames,
          title: 'Hi',
          body: '',
          startsAt: iso(-1),
          endsAt: null,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(farmer, 'GET', `${MERCH}/announcement?market_id=${ames}`)).statusCode).toBe(403);
  });
});

describe('markets/announcements/user', () => {
  it("lists the active announcements of the farmer's markets with read state, and marks them read", async () => {
    const res = await call(farmer, 'GET', `${PC}/markets/announcements/user`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const atAmes = body.announcements.filter((a: { marketId: number }) => a.marketId === ames);
    expect(atAmes.length).toBeGreaterThan(0);
    expect(atAmes[0]).toMatchObject({ marketLabel: 'Ames Elevator', read: false });
    // Active only, and never another partner's market the farmer does not deal with.
    expect(body.announcements.some((a: { title: string }) => a.title === 'Scale house maintenance')).toBe(false);
    expect(body.announcements.some((a: { marketId: number }) => a.marketId === swiftCurrent)).toBe(false);
    expect(body.unreadCount).toBe(body.announcements.length);

    const read = await call(farmer, 'POST', `${PC}/markets/announcements/user/read`, {
      announcementIds: [atAmes[0].id, 999999],
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().unreadCount).toBe(body.unreadCount - 1);
    const again = (await call(farmer, 'GET', `${PC}/markets/announcements/user`)).json();
    expect(again.announcements.find((a: { id: number }) => a.id === atAmes[0].id).read).toBe(true);
    expect(again.unreadCount).toBe(body.unreadCount - 1);
  });

  it('is for a signed-in user; bad ids are a 400', async () => {
    expect((await call(null, 'GET', `${PC}/markets/announcements/user`)).statusCode).toBe(401);
    expect(
      (await call(farmer, 'POST', `${PC}/markets/announcements/user/read`, { announcementIds: [] })).statusCode,
    ).toBe(400);
    expect(
      (await call(farmer, 'POST', `${PC}/markets/announcements/user/read`, { announcementIds: ['x'] })).statusCode,
    ).toBe(400);
    // A buyer deals with no market as a farmer: nothing listed.
    expect((await call(buyer, 'GET', `${PC}/markets/announcements/user`)).json()).toEqual({
      announcements: [],
      unreadCount: 0,
    });
  });
});
