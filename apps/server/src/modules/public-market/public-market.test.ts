import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_DATA_ELEMENT_ID, type PublicMarketPage, type PublicPageData } from '@granary/domain';
import { createTestApp, fakeWebDist, type TestApp } from '../../testing/test-app.ts';
import { eq, sql } from 'drizzle-orm';
import {
  announcements,
  futuresSymbols,
  ingestSyncs,
  instruments,
  marketHours,
  marketPublicPages,
  marketRoundingModes,
  markets,
  partners,
  quotes,
} from '../../db/schema/index.ts';
import { jsonForScript } from './public-market.routes.ts';

const DEMO = { host: 'demo.localhost' };
const PRAIRIE = { host: 'prairie.localhost' };
const ALL_MARKET_FEATURES = [
  'market-delivery-information',
  'market-announcements',
  'market-office-hours',
  'market-contacts',
  'additional-info',
];
const SCRIPT_BREAKER = '</script><script>alert(1)</script> & <!--';

let t: TestApp;
let cornSymbol: string;
let cornLast: string;
let cornPrevious: string;
/** When the demo partner's (and, later, Prairie's) last ERP sync finished (issue 15, ingested-data). */
const DEMO_SYNCED_AT = new Date('2026-11-20T14:05:00.000Z');

const dist = fakeWebDist();
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'src/public-entry.tsx': {
      file: 'assets/market-1.js',
      isEntry: true,
      imports: ['_react-1.js', '_public-market-1.js'],
    },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_public-market-1.js': {
      file: 'assets/public-market-1.js',
      imports: ['_react-1.js'],
      css: ['assets/public-market-1.css'],
    },
  }),
);

async function addMarket(values: {
  partnerId: string;
  slug: string;
  displayName: string | null;
  city: string;
  state: string;
  country: 'USA' | 'CAN';
}): Promise<number> {
  const [row] = await t.database.db
    .insert(markets)
    .values({
      partnerId: values.partnerId,
      slug: values.slug,
      displayName: values.displayName,
      city: values.city,
      administrativeAreaLevel1: values.state,
      countryCode: values.country,
      addressLine1: '1 Elevator Rd',
      postalCode: '50010',
      timezone: 'America/Chicago',
      phone: '(515) 555-0100',
    })
    .returning({ id: markets.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ webDist: dist });
  const db = t.database.db;
  // The demo partner is fed by its ERP (ingested-data) and synced; Prairie synced too but does not offer the feature.
  // Set before the first request, which loads the partner directory.
  await db
    .update(partners)
    .set({ publicPageFeatures: sql`array_append(${partners.publicPageFeatures}, 'ingested-data')` })
    .where(eq(partners.id, 'demo'));
  const sync = { recordType: 'contracts' as const, source: 'upload' as const, encoding: 'utf-8', delimiter: ',' };
  await db.insert(ingestSyncs).values([
    {
      ...sync,
      partnerId: 'demo',
      fileName: 'old.csv',
      status: 'succeeded',
      columns: {},
      finishedAt: new Date('2026-11-19T10:00:00Z'),
    },
    { ...sync, partnerId: 'demo', fileName: 'last.csv', status: 'succeeded', columns: {}, finishedAt: DEMO_SYNCED_AT },
    {
      ...sync,
      partnerId: 'demo',
      fileName: 'broken.csv',
      status: 'failed',
      columns: {},
      finishedAt: new Date('2026-11-21T10:00:00Z'),
    },
    {
      ...sync,
      partnerId: 'prairie',
      fileName: 'prairie.csv',
      status: 'succeeded',
      columns: {},
      finishedAt: DEMO_SYNCED_AT,
    },
  ]);
  // A futures month of our own (the demo's quotes move with the date the seed runs).
  cornSymbol = 'ZCZ99';
  cornLast = '4.5525';
  cornPrevious = '4.5000';
  await db.insert(futuresSymbols).values({
    symbol: cornSymbol,
    root: 'ZC',
    exchange: 'CBOT',
    cropId: 1,
    monthCode: 'Z',
    optionMonth: '2099-12',
    lastTradeDay: '2099-12-14',
  });
  await db.insert(quotes).values({
    symbol: cornSymbol,
    last: cornLast,
    previousSettle: cornPrevious,
    tradeDate: '2026-11-20',
    source: 'import',
  });

  const north = await addMarket({
    partnerId: 'demo',
    slug: 'h7-north',
    displayName: 'North Elevator',
    city: 'Ames',
    state: 'IA',
    country: 'USA',
  });
  const plain = await addMarket({
    partnerId: 'demo',
    slug: 'h7-plain',
    displayName: null,
    city: 'Boone',
    state: 'IA',
    country: 'USA',
  });
  const hidden = await addMarket({
    partnerId: 'demo',
    slug: 'h7-hidden',
    displayName: 'Hidden',
    city: 'Nevada',
    state: 'IA',
    country: 'USA',
  });
  const prairie = await addMarket({
    partnerId: 'prairie',
    slug: 'h7-prairie',
    displayName: 'Prairie Terminal',
    city: 'Regina',
    state: 'SK',
    country: 'CAN',
  });

  await db.insert(marketPublicPages).values([
    {
      marketId: north,
      features: ALL_MARKET_FEATURES,
      published: true,
      deliveryInformation: 'Receiving 7 am to 5 pm. Moisture shrink 1.4% per point over 15%.',
      additionalInfo: SCRIPT_BREAKER,
      contacts: [
        { name: 'Dana Merch', title: 'Grain merchandiser', phone: '(515) 555-0101', email: 'dana@example.test' },
      ],
    },
    { marketId: plain, features: ['market-contacts'], published: true, contacts: [{ name: 'Only Contact' }] },
    { marketId: hidden, features: ALL_MARKET_FEATURES, published: false },
    // Prairie offers office hours and contacts only: its announcements and texts stay off the page.
    {
      marketId: prairie,
      features: ALL_MARKET_FEATURES,
      published: true,
      deliveryInformation: 'Prairie delivery',
      contacts: [{ name: 'Pat' }],
    },
  ]);
  // Open all day every day at north (so 'open now' holds whenever the test runs), closed all week at prairie.
  await db.insert(marketHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      marketId: north,
      dayOfWeek: d,
      opensAt: '00:00',
      closesAt: '23:59',
      closed: false,
    })),
  );
  await db.insert(marketHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      marketId: prairie,
      dayOfWeek: d,
      opensAt: null,
      closesAt: null,
      closed: true,
    })),
  );
  const hour = 3_600_000;
  await db.insert(announcements).values([
    {
      marketId: north,
      title: 'Extended harvest hours',
      body: 'Open until 9 pm.',
      startsAt: new Date(Date.now() - hour),
    },
    {
      marketId: north,
      title: 'Old news',
      body: 'Ended.',
      startsAt: new Date(Date.now() - 3 * hour),
      endsAt: new Date(Date.now() - hour),
    },
    { marketId: north, title: 'Later', body: 'Not yet.', startsAt: new Date(Date.now() + hour) },
    { marketId: north, title: 'Deleted', body: 'Gone.', startsAt: new Date(Date.now() - hour), deletedAt: new Date() },
    {
      marketId: prairie,
      title: 'Prairie news',
      body: 'Not offered by the partner.',
      startsAt: new Date(Date.now() - hour),
    },
  ]);
  await db.insert(marketRoundingModes).values({ marketId: north, cropId: 1, roundingMode: 'down_cent' });
  const bid = (
    marketId: number,
    partnerId: string,
    name: string,
    extra: Partial<typeof instruments.$inferInsert> = {},
  ) => ({
    partnerId,
    marketId,
    cropId: 1,
    cropYear: 2026,
    name,
    deliveryStart: '2026-10-01',
    deliveryEnd: '2026-11-30',
    futuresSymbol: cornSymbol,
    basis: '-0.3475',
    ...extra,
  });
  await db
    .insert(instruments)
    .values([
      bid(north, 'demo', 'Harvest 2026'),
      bid(north, 'demo', 'Private bid', { visibility: 'private' }),
      bid(north, 'demo', 'Deleted bid', { deletedAt: new Date() }),
      bid(north, 'demo', 'Oats spot', { cropId: 18, futuresSymbol: null, basis: null, flatPrice: '3.456' }),
      bid(prairie, 'prairie', 'Prairie corn'),
    ]);
}, 60_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = DEMO) => t.app.inject({ method: 'GET', url, headers });

function inlined(html: string): PublicPageData {
  const match = new RegExp(`<script id="${PUBLIC_PAGE_DATA_ELEMENT_ID}" type="application/json">([^<]*)</script>`).exec(
    html,
  );
  if (!match) throw new Error('no inlined data');
  return JSON.parse(match[1]!) as PublicPageData;
}

describe('GET /api/public/market/:marketName?', () => {
  it('answers anyone with the market bids per crop, cash = futures + basis by the market rounding mode, no private or deleted bids', async () => {
    const res = await get('/api/public/market/h7-north');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const page = res.json<PublicMarketPage>();
    expect(page.market?.label).toBe('North Elevator');
    expect(page.partner.publicHeader.title).toBe('Granary Demo Grain');
    const names = page.crops.flatMap((c) => c.bids.map((b) => b.name));
    expect(names).toContain('Harvest 2026');
    expect(names).toContain('Oats spot');
    expect(names).not.toContain('Private bid');
    expect(names).not.toContain('Deleted bid');
    const harvest = page.crops.flatMap((c) => c.bids).find((b) => b.name === 'Harvest 2026')!;
    expect(harvest.cashPrice).toBe('4.2000'); // 4.5525 − 0.3475 = 4.2050, rounded down to the cent
    expect(harvest.futuresChange).toBe('0.0525');
    expect(harvest.futuresLast).toBe(cornLast);
    expect(harvest.futuresSymbol).toBe(cornSymbol);
    const oats = page.crops.flatMap((c) => c.bids).find((b) => b.name === 'Oats spot')!;
    expect(oats.cashPrice).toBe('3.4600'); // flat price, nearest cent (no mode set for oats)
    expect(oats.basis).toBeNull();
    expect(page.updatedAt).not.toBeNull();
  });

  it('shows the features the partner offers and the market turns on: hours with open now, contacts, active announcements, texts', async () => {
    const page = (await get('/api/public/market/h7-north')).json<PublicMarketPage>();
    expect(page.features.sort()).toEqual([...ALL_MARKET_FEATURES].sort());
    expect(page.hours?.openNow).toBe(true);
    expect(page.hours?.days).toHaveLength(7);
    expect(page.contacts).toEqual([
      { name: 'Dana Merch', title: 'Grain merchandiser', phone: '(515) 555-0101', email: 'dana@example.test' },
    ]);
    expect(page.announcements?.map((a) => a.title)).toEqual(['Extended harvest hours']);
    expect(page.deliveryInformation).toMatch(/Moisture shrink/);
    expect(page.additionalInfo).toBe(SCRIPT_BREAKER);

    const plain = (await get('/api/public/market/h7-plain')).json<PublicMarketPage>();
    expect(plain.market?.label).toBe('Boone, IA');
    expect(plain.features).toEqual(['market-contacts']);
    expect(plain.hours).toBeNull();
    expect(plain.announcements).toBeNull();
    expect(plain.deliveryInformation).toBeNull();
  });

  it("keeps to the vhost's partner: its markets only, its features only", async () => {
    const prairie = (await get('/api/public/market/h7-prairie', PRAIRIE)).json<PublicMarketPage>();
    expect(prairie.partner.id).toBe('prairie');
    expect(prairie.locale).toBe('en-CA');
    expect(prairie.features.sort()).toEqual(['market-contacts', 'market-office-hours']);
    expect(prairie.announcements).toBeNull();
    expect(prairie.deliveryInformation).toBeNull();
    expect(prairie.hours?.openNow).toBe(false);
    expect(prairie.crops.flatMap((c) => c.bids.map((b) => b.name))).toEqual(['Prairie corn']);
    expect(prairie.markets.map((m) => m.slug)).not.toContain('h7-north');

    const cross = await get('/api/public/market/h7-north', PRAIRIE);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ code: 'not_found' });
    expect((await get('/api/public/market/h7-prairie', DEMO)).statusCode).toBe(404);
  });

  it("says when the data last came in from the partner's ERP only when the partner offers ingested-data", async () => {
    const demo = (await get('/api/public/market/h7-north')).json<PublicMarketPage>();
    // The last successful sync, not a failed one after it.
    expect(demo.dataUpdatedAt).toBe(DEMO_SYNCED_AT.toISOString());
    const prairie = (await get('/api/public/market/h7-prairie', PRAIRIE)).json<PublicMarketPage>();
    expect(prairie.dataUpdatedAt).toBeNull();
  });

  it('answers 404 for an unpublished or unknown market; without a name, the first published market and a picker list', async () => {
    expect((await get('/api/public/market/h7-hidden')).statusCode).toBe(404);
    expect((await get('/api/public/market/no-such-market')).statusCode).toBe(404);
    const first = await get('/api/public/market');
    expect(first.statusCode).toBe(200);
    const page = first.json<PublicMarketPage>();
    const slugs = page.markets.map((m) => m.slug);
    expect(page.market?.slug).toBe(slugs[0]);
    expect(slugs).toContain('h7-north');
    expect(slugs).not.toContain('h7-hidden');
    expect(slugs).not.toContain('h7-prairie');
  });
});

describe('the public pages’ HTML', () => {
  it('inlines the page data into the light entry, safely, with no session', async () => {
    const res = await get('/market/h7-north');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/market-1.js"></script>');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js">');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/public-market-1.css">');
    expect(res.body).toContain('<title>North Elevator · Granary Demo Grain</title>');
    expect(res.body).toContain('<html lang="en-US">');
    expect(res.body).toContain('<meta name="theme-color" content="#2e6b3a">');
    // The additional info's '</script>' cannot close the data element.
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    const data = inlined(res.body);
    expect(data.view).toBe('market');
    if (data.view !== 'market') return;
    expect(data.page.market?.slug).toBe('h7-north');
    expect(data.page.additionalInfo).toBe(SCRIPT_BREAKER);
    expect(data.page.crops.flatMap((c) => c.bids.map((b) => b.name))).toContain('Harvest 2026');
    expect(data.page.dataUpdatedAt).toBe(DEMO_SYNCED_AT.toISOString());
  });

  it('sends the app instead when a flash alert waits in the cookies, so the shell can show it', async () => {
    const res = await get('/market/h7-north', {
      ...DEMO,
      cookie: 'granary_alert_message=Your%20e-mail%20address%20is%20verified.; granary_alert_type=success',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(() => inlined(res.body)).toThrow('no inlined data');
    // Without the alert, the light entry again.
    expect(inlined((await get('/market/h7-north')).body).view).toBe('market');
  });

  it('serves the default market at /market and under a locale prefix', async () => {
    const bare = inlined((await get('/market')).body);
    expect(bare.view).toBe('market');
    const localized = await get('/en-ca/market/h7-north');
    expect(localized.statusCode).toBe(200);
    expect(inlined(localized.body).view).toBe('market');
  });

  it('answers the not-found page (404) for another partner’s, an unpublished or an unknown market', async () => {
    for (const [path, headers] of [
      ['/market/h7-north', PRAIRIE],
      ['/market/h7-hidden', DEMO],
      ['/market/nowhere', DEMO],
    ] as const) {
      const res = await get(path, headers);
      expect(res.statusCode, path).toBe(404);
      const data = inlined(res.body);
      expect(data.view).toBe('not-found');
      if (data.view === 'not-found') expect(data.partner.id).toBe(headers === PRAIRIE ? 'prairie' : 'demo');
    }
  });

  it('shows /score only when the partner offers public-ci-score', async () => {
    const demo = await get('/score');
    expect(demo.statusCode).toBe(200);
    expect(inlined(demo.body).view).toBe('score');
    const prairie = await get('/score', PRAIRIE);
    expect(prairie.statusCode).toBe(404);
    expect(inlined(prairie.body).view).toBe('not-found');
  });

  it('sends a logged-out visitor from / to /market', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/market');
  });
});

describe('jsonForScript', () => {
  it('leaves no character that could end the script element or break JavaScript', () => {
    const out = jsonForScript({ s: '</script><!-- \u2028 & >' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ s: '</script><!-- \u2028 & >' });
  });
});
