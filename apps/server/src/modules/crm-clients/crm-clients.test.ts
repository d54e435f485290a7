import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTE_MAX_LENGTH,
  clientExposureFor,
  clientProfileCharts,
  contractInView,
  type ContractFacts,
} from '@granary/domain';
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
import { NOTE_BODY_LIMIT } from '../../platform/crm-http.ts';

const MERCH = '/api/commodities/merchandising';
const CTRM = '/api/commodities/ctrm';

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let demoContracts: ContractFacts[];

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedCrmFixtures(t.database.db);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  prairie = await signIn(t, DEMO_ACCOUNTS.prairieBuyer);
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  demoContracts = await contractFactsOf(t.database.db, 'demo');
});
afterAll(() => t.close());

const get = (caller: Caller | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: caller ? headersOf(caller) : {} });
const clientUrl = (clientId: number, marketId = fx.marketAll, platformId = fx.demoPlatformId) =>
  `${MERCH}/le/${platformId}/market/${marketId}/le/${clientId}`;

describe('client search', () => {
  it('market/:marketIds/le-search: the clients of the markets by name, in keyset pages', async () => {
    const first = await get(buyer, `${MERCH}/market/${fx.marketAll}/le-search?pageSize=5`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.totalCount).toBe(fx.demoClients.length);
    const names: string[] = body.rows.map((r: { name: string }) => r.name);
    let token = body.paginationToken;
    let page = 1;
    while (token) {
      page += 1;
      const next = (
        await get(buyer, `${MERCH}/market/${fx.marketAll}/le-search?pageSize=5&page=${page}&paginationToken=${token}`)
      ).json();
      names.push(...next.rows.map((r: { name: string }) => r.name));
      token = next.paginationToken;
    }
    expect(names).toHaveLength(fx.demoClients.length);
    expect(names).toEqual([...names].sort());
    expect(body.rows[0]).toMatchObject({
      name: 'Anderson Family Farms',
      extClientId: 'FX-C100',
      defaultCommodity: 'CN',
    });
    const found = (await get(buyer, `${MERCH}/market/${fx.marketAll}/le-search?search=gUnDeR`)).json();
    expect(found.rows.map((r: { name: string }) => r.name)).toEqual(['Gunderson Ag']);
    const byExtId = (await get(buyer, `${MERCH}/market/${fx.marketAll}/le-search?search=fx-c101`)).json();
    expect(byExtId.rows.map((r: { name: string }) => r.name)).toEqual(['Bergstrom Grain']);
  });

  it('each market must be the user’s: 403 without a client permission, 404 for another partner, 400 for junk', async () => {
    expect((await get(buyer, `${MERCH}/market/${fx.marketAll},${fx.marketBidsOnly}/le-search`)).statusCode).toBe(403);
    expect((await get(buyer, `${MERCH}/market/${fx.marketNone}/le-search`)).statusCode).toBe(403);
    expect((await get(buyer, `${MERCH}/market/${fx.marketAll},${fx.prairieMarket}/le-search`)).statusCode).toBe(404);
    expect((await get(prairie, `${MERCH}/market/${fx.marketAll}/le-search`)).statusCode).toBe(404);
    for (const bad of ['abc', '1,,2', '1;2', ','])
      expect((await get(buyer, `${MERCH}/market/${bad}/le-search`)).statusCode).toBe(400);
    expect((await get(buyer, `${MERCH}/market/${fx.marketAll}/le-search?search=a%00`)).statusCode).toBe(400);
    expect((await get(buyer, `${CTRM}/legal-entities/search?search=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await get(farmer, `${MERCH}/market/${fx.marketAll}/le-search`)).statusCode).toBe(403);
  });

  it("CTRM legal-entities/search: the clients of the user's markets; never another partner's", async () => {
    const one = (await get(buyer, `${CTRM}/legal-entities/search?market_id=${fx.marketAll}&search=farm`)).json();
    expect(one.rows.map((r: { name: string }) => r.name)).toEqual([
      'Anderson Family Farms',
      'Fischer Farms',
      'Knutson Farms',
    ]);
    const theirs = (await get(prairie, `${CTRM}/legal-entities/search?search=Anderson Family`)).json();
    expect(theirs.rows.some((r: { id: number }) => fx.demoClients.includes(r.id))).toBe(false);
    const plains = (await get(prairie, `${CTRM}/legal-entities/search?search=Saskatoon Plains`)).json();
    expect(plains.rows.map((r: { id: number }) => r.id)).toEqual([fx.prairieClient]);
    expect((await get(prairie, `${CTRM}/legal-entities/search?market_id=${fx.marketAll}`)).statusCode).toBe(404);
  });
});

describe('client profile', () => {
  it('answers the profile of section 3 for the crop and year, with the exposure and charts of the domain', async () => {
    const client = fx.demoClients[1]!;
    const year = Number(fx.today.slice(0, 4));
    const res = await get(buyer, `${clientUrl(client)}/profile/SB/${year}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(res.headers.etag).toBe(`"${p.version}"`);
    expect(p).toMatchObject({
      legalEntityId: client,
      marketId: fx.marketAll,
      extClientId: 'FX-C101',
      crop: { id: 2, commodity: 'SB' },
      cropYear: year,
      quantityUnit: 'bushels',
      areaUnit: 'acres',
      currency: { id: 1, code: 'USD' },
      defaultCommodity: 'SB',
      defaultCropYear: year,
      summary: {
        clientName: 'Bergstrom Grain',
        area: '100.00',
        estimatedYield: '50.00',
        contractedWithOther: '1000.0000',
        flags: { eSignEligible: false, ach: false },
      },
    });
    const mine = demoContracts.filter((f) => f.clientId === client && f.cropId === 2 && f.cropYear === year);
    const exposure = clientExposureFor(
      mine[0]?.client ?? {
        id: client,
        name: '',
        area: '100.00',
        estimatedYield: '50.00',
        contractedWithOther: '1000.0000',
      },
      mine,
      2,
      year,
    );
    expect(p.summary.contracted).toEqual({
      withCompany: exposure.contractedWithCompany,
      withOther: exposure.contractedWithOther,
      doubleObligation: exposure.doubleObligation,
      remaining: exposure.remaining,
      estimatedProduction: exposure.estimatedProduction,
    });
    expect(p.charts).toEqual(clientProfileCharts(mine));
    // Last accessed is who opened the client before this visit: nobody yet, then this buyer.
    expect(p.summary.lastAccessed.perUser).toEqual([]);
    const again = (await get(buyer, `${clientUrl(client)}/profile/SB/${year}`)).json();
    expect(again.summary.lastAccessed.perUser.map((u: { name: string }) => u.name)).toEqual(['Dana Merchant']);
    expect(Date.parse(again.summary.lastAccessed.leLastAccessed)).toBeGreaterThan(Date.now() - 60_000);
    expect(p.notes.length).toBeGreaterThan(0);
    expect(p.summary.followup).toMatchObject({ clientId: client });
  });

  it("defaults the crop and year to the client's; the crop may be an id or a name", async () => {
    const client = fx.demoClients[0]!;
    const p = (await get(buyer, `${clientUrl(client)}/profile`)).json();
    expect(p.crop.id).toBe(1);
    expect((await get(buyer, `${clientUrl(client)}/profile/73`)).json().crop.name).toBe('spring_wheat');
    expect((await get(buyer, `${clientUrl(client)}/profile/soybeans`)).json().crop.id).toBe(2);
  });

  it('bad crop or year: 400; other partner: 404; no profile permission: 403', async () => {
    const client = fx.demoClients[0]!;
    for (const path of ['/profile/nonsense', '/profile/CN/20x6', '/profile/CN/123']) {
      const res = await get(buyer, `${clientUrl(client)}${path}`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    expect((await get(buyer, `${clientUrl(fx.prairieClient)}/profile`)).statusCode).toBe(404);
    expect(
      (await get(prairie, `${clientUrl(client, fx.prairieMarket, fx.prairiePlatformId)}/profile`)).statusCode,
    ).toBe(404);
    expect((await get(prairie, `${clientUrl(client)}/profile`)).statusCode).toBe(404);
    expect((await get(buyer, `${clientUrl(client, fx.marketAll, fx.prairiePlatformId)}/profile`)).statusCode).toBe(404);
    expect((await get(buyer, `${clientUrl(client, fx.marketBidsOnly)}/profile`)).statusCode).toBe(403);
    expect((await get(farmer, `${clientUrl(client)}/profile`)).statusCode).toBe(403);
    expect(
      (await get(buyer, `${MERCH}/le/${fx.demoPlatformId}/market/${fx.marketAll}/le/abc/profile`)).statusCode,
    ).toBe(400);
  });

  it('edits the summary with If-Match: 428 without, 412 when stale (nothing changes), 400 for bad values', async () => {
    const client = fx.demoClients[4]!;
    const url = `${clientUrl(client)}/profile`;
    const patch = (body: unknown, ifMatch?: string) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: headersOf(buyer, ifMatch ? { 'if-match': ifMatch } : {}),
        payload: body as object,
      });
    const before = (await get(buyer, url)).json();
    expect((await patch({ area: '1500' })).statusCode).toBe(428);
    const stale = await patch({ area: '1500' }, `"${before.version + 1}"`);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details).toEqual({ currentVersion: before.version });
    const unchanged = (await get(buyer, url)).json();
    expect(unchanged.summary).toEqual({ ...before.summary, lastAccessed: unchanged.summary.lastAccessed });
    expect(unchanged.version).toBe(before.version);
    for (const bad of [
      {},
      { area: '-1' },
      { area: '12.345' },
      { estimatedYield: 'lots' },
      { estimatedStorage: 5 },
      { colour: 'red' },
      { area: '1e9' },
    ]) {
      const res = await patch(bad, `"${before.version}"`);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    const ok = await patch(
      { area: '1500.5', estimatedYield: '175', estimatedStorage: '60000', contractedWithOther: null },
      `"${before.version}"`,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).toBe(`"${before.version + 1}"`);
    expect(ok.json()).toEqual({
      legalEntityId: client,
      area: '1500.50',
      estimatedYield: '175.00',
      estimatedStorage: '60000.0000',
      contractedWithOther: null,
      version: before.version + 1,
    });
    // A second writer who read the old version loses nothing: refused, the first write stands.
    expect((await patch({ area: '1' }, `"${before.version}"`)).statusCode).toBe(412);
    expect((await get(buyer, url)).json().summary.area).toBe('1500.50');
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url,
          headers: headersOf(prairie, { 'if-match': `"${before.version + 1}"` }),
          payload: { area: '1' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a smaller farm estimate puts the client’s open purchases in double_obligation', async () => {
    const client = fx.demoClients[6]!;
    const url = `${clientUrl(client)}/profile`;
    const inView = async () =>
      (
        await get(
          buyer,
          `${CTRM}/contracts/search?market_id=${fx.marketAll}&predefinedFilter=double_obligation&client_legal_entity_id=${client}`,
        )
      ).json().rows.length;
    expect(await inView()).toBe(0);
    const version = (await get(buyer, url)).json().version;
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      headers: headersOf(buyer, { 'if-match': `"${version}"` }),
      payload: { area: '1', estimatedYield: '1' },
    });
    expect(res.statusCode).toBe(200);
    const expected = demoContracts
      .filter((f) => f.clientId === client && f.marketId === fx.marketAll)
      .map((f) => ({ ...f, client: { ...f.client!, area: '1', estimatedYield: '1' } }))
      .filter((f) => contractInView(f, 'double_obligation', fx.today)).length;
    expect(expected).toBeGreaterThan(0);
    expect(await inView()).toBe(expected);
  });
});

describe('notes (text/plain)', () => {
  const client = () => fx.demoClients[2]!;
  const notesUrl = () => `${clientUrl(client())}/notes`;
  const write = (
    method: 'POST' | 'PUT',
    url: string,
    text: string,
    headers: Record<string, string> = {},
    contentType = 'text/plain; charset=utf-8',
  ) =>
    t.app.inject({
      method,
      url,
      headers: headersOf(buyer, { 'content-type': contentType, ...headers }),
      payload: text,
    });

  it('creates, reads, edits (If-Match) and deletes (If-Match) a note', async () => {
    // Text PostgreSQL cannot store (a NUL) is refused before the route runs; other control characters are cleaned.
    const withNul = await write(
      'POST',
      `${notesUrl()}?category=farm_visit&noteDate=${fx.today}`,
      'Walked the bins.\u0000',
    );
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json().code).toBe('invalid_request');
    const created = await write(
      'POST',
      `${notesUrl()}?category=farm_visit&noteDate=${fx.today}`,
      '  Walked the bins.\r\nCorn at 15.5%.\u0007  ',
    );
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json();
    expect(note).toMatchObject({
      note: 'Walked the bins.\nCorn at 15.5%.',
      category: 'farm_visit',
      noteDate: fx.today,
      version: 1,
      author: { name: 'Dana Merchant' },
    });
    expect(created.headers.etag).toBe('"1"');
    // A farm-visit note is a visit: the profile's last farm visit is its day.
    expect((await get(buyer, `${clientUrl(client())}/profile`)).json().summary.lastFarmVisit).toBe(fx.today);
    const url = `${notesUrl()}/${note.id}`;
    expect((await get(buyer, url)).json()).toEqual(note);
    expect((await get(buyer, notesUrl())).json().rows.some((n: { id: number }) => n.id === note.id)).toBe(true);

    expect((await write('PUT', url, 'Second thoughts')).statusCode).toBe(428);
    const stale = await write('PUT', url, 'Second thoughts', { 'if-match': '"2"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details).toEqual({ currentVersion: 1 });
    expect((await get(buyer, url)).json().note).toBe('Walked the bins.\nCorn at 15.5%.');
    const edited = await write('PUT', `${url}?category=meeting`, 'Second thoughts', { 'if-match': '"1"' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      note: 'Second thoughts',
      category: 'meeting',
      noteDate: fx.today,
      version: 2,
    });
    expect((await write('PUT', url, 'Lost update', { 'if-match': '"1"' })).statusCode).toBe(412);
    expect((await get(buyer, url)).json().note).toBe('Second thoughts');

    const del = (ifMatch?: string) =>
      t.app.inject({ method: 'DELETE', url, headers: headersOf(buyer, ifMatch ? { 'if-match': ifMatch } : {}) });
    expect((await del()).statusCode).toBe(428);
    expect((await del('"1"')).statusCode).toBe(412);
    expect((await get(buyer, url)).statusCode).toBe(200);
    expect((await del('"2"')).statusCode).toBe(204);
    expect((await get(buyer, url)).statusCode).toBe(404);
    expect((await del('"3"')).statusCode).toBe(404);
  });

  it("a note's category defaults to other and its day to the market's today", async () => {
    const res = await write('POST', notesUrl(), 'Quick call');
    expect(res.json()).toMatchObject({ category: 'other', noteDate: fx.today });
  });

  it('refuses bad notes: empty, too long, not text/plain, bad category or day, oversize body', async () => {
    for (const text of ['', '   \u0001 ']) expect((await write('POST', notesUrl(), text)).statusCode).toBe(400);
    expect((await write('POST', notesUrl(), 'x'.repeat(NOTE_MAX_LENGTH + 1))).statusCode).toBe(400);
    expect((await write('POST', notesUrl(), 'x'.repeat(NOTE_MAX_LENGTH))).statusCode).toBe(201);
    expect((await write('POST', notesUrl(), 'x'.repeat(NOTE_BODY_LIMIT + 10))).statusCode).toBe(413);
    expect((await write('POST', notesUrl(), JSON.stringify({ note: 'hi' }), {}, 'application/json')).statusCode).toBe(
      400,
    );
    expect((await write('POST', `${notesUrl()}?category=gossip`, 'hi')).statusCode).toBe(400);
    expect((await write('POST', `${notesUrl()}?noteDate=2026-02-30`, 'hi')).statusCode).toBe(400);
    expect((await write('PUT', `${notesUrl()}/abc`, 'hi', { 'if-match': '"1"' })).statusCode).toBe(400);
  });

  it('needs the notes permission (403) and the partner (404)', async () => {
    expect((await get(buyer, `${clientUrl(client(), fx.marketBidsOnly)}/notes`)).statusCode).toBe(403);
    expect((await get(prairie, `${clientUrl(client())}/notes`)).statusCode).toBe(404);
    const prairieNote = await t.app.inject({
      method: 'POST',
      url: `${clientUrl(client(), fx.prairieMarket, fx.prairiePlatformId)}/notes`,
      headers: headersOf(prairie, { 'content-type': 'text/plain' }),
      payload: 'hi',
    });
    expect(prairieNote.statusCode).toBe(404);
    const someNote = (await get(buyer, notesUrl())).json().rows[0];
    // The note exists, but under another client of the path: 404.
    expect((await get(buyer, `${clientUrl(fx.demoClients[3]!)}/notes/${someNote.id}`)).statusCode).toBe(404);
    expect((await write('POST', notesUrl(), 'hi', {}, 'text/plain')).statusCode).toBe(201);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: notesUrl(),
      headers: { cookie: buyer.cookie, 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('the merchandising notes feed: a market’s notes by day, filtered by client and category, paged', async () => {
    const feed = (await get(buyer, `${MERCH}/notes?market_id=${fx.marketAll}&pageSize=5`)).json();
    expect(feed.rows).toHaveLength(5);
    expect(feed.totalCount).toBeGreaterThan(5);
    const p2 = (
      await get(
        buyer,
        `${MERCH}/notes?market_id=${fx.marketAll}&pageSize=5&page=2&paginationToken=${feed.paginationToken}`,
      )
    ).json();
    const all = (await get(buyer, `${MERCH}/notes?market_id=${fx.marketAll}&pageSize=10`)).json();
    expect([...feed.rows, ...p2.rows].map((n: { id: number }) => n.id)).toEqual(
      all.rows.map((n: { id: number }) => n.id),
    );
    const visits = (
      await get(
        buyer,
        `${MERCH}/notes?market_id=${fx.marketAll}&category=farm_visit&client_legal_entity_id=${fx.demoClients[0]}`,
      )
    ).json();
    expect(
      visits.rows.every(
        (n: { category: string; clientId: number }) => n.category === 'farm_visit' && n.clientId === fx.demoClients[0],
      ),
    ).toBe(true);
    expect(visits.rows.length).toBeGreaterThan(0);
    expect((await get(prairie, `${MERCH}/notes?market_id=${fx.marketAll}`)).statusCode).toBe(404);
    const theirs = (await get(prairie, `${MERCH}/notes?market_id=${fx.prairieMarket}`)).json();
    expect(theirs.rows.map((n: { note: string }) => n.note)).toEqual(['Prairie only']);
  });
});
