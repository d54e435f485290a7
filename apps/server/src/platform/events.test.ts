import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIVE_EVENT_MAX_BYTES, cartUserTopic, type LiveEvent } from '@granary/domain';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../seed/demo.ts';
import { markets, users } from '../db/schema/index.ts';
import { liveEventDeps } from '../testing/live-events.ts';
import { publish, subscribe } from './events.ts';
import { eventsRoutes } from './events.routes.ts';
import { registerAccessControl } from './access.ts';
import { registerErrorHandler } from './errors.ts';
import type { AppContext } from './context.ts';

let t: TestApp;
let base: string;
let cookies: Record<'buyer' | 'prairie' | 'farmer', string>;
let ames: number;
let prairieMarket: number;
let farmerClient: number;
let farmerId: string;
let buyerId: string;
/** A second server on the same database: its own process-like event hub, a fast heartbeat and one stream at most. */
let small: FastifyInstance;
let smallBase: string;

async function marketId(partnerId: string, slug: string): Promise<number> {
  const [m] = await t.database.db.select({ id: markets.id }).from(markets).where(eq(markets.slug, slug));
  if (!m) throw new Error(`no market ${partnerId}/${slug}`);
  return m.id;
}

/** Reads an SSE response until `done(text)` holds (or the time is up), then aborts it. */
async function readStream(
  url: string,
  headers: Record<string, string>,
  done: (text: string) => boolean,
  whileOpen?: () => Promise<void>,
) {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  let text = '';
  if (res.status !== 200 || !res.body) return { res, text: await res.text() };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const deadline = Date.now() + 5000;
  let started = false;
  while (!done(text) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 200))]);
    if (chunk && !chunk.done) text += decoder.decode(chunk.value, { stream: true });
    if (chunk?.done) break;
    if (!started && whileOpen && text.includes('retry:')) {
      started = true;
      await whileOpen();
    }
  }
  abort.abort();
  return { res, text };
}

function eventsIn(text: string): LiveEvent[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as LiveEvent);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  cookies = {
    buyer: await t.sessionCookie(DEMO_ACCOUNTS.buyer),
    prairie: await t.sessionCookie(DEMO_ACCOUNTS.prairieBuyer),
    farmer: await t.sessionCookie(DEMO_ACCOUNTS.farmer),
  };
  ames = await marketId('demo', 'ames');
  prairieMarket = await marketId('prairie', 'swift-current');
  const [farmerUser] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.farmer));
  const deps = liveEventDeps(t.database.db);
  farmerClient = (await deps.farmerClients(t.database.db, farmerUser!.id))[0]!.id;
  farmerId = farmerUser!.id;
  const [buyerUser] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.buyer));
  buyerId = buyerUser!.id;

  const ctx: AppContext = {
    database: t.database,
    env: t.env,
    sessions: { idleMs: 30 * 60_000, maxAgeMs: 30 * 86_400_000, alwaysSecure: false },
    csrfSecret: 'test',
    webDist: null,
  };
  small = Fastify();
  small.setValidatorCompiler(validatorCompiler);
  small.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(small);
  await small.register(fastifyCookie);
  registerAccessControl(small, ctx);
  await small.register(eventsRoutes, {
    ctx,
    ...deps,
    heartbeatMs: 100,
    maxConnections: 1,
  });
  await small.listen({ port: 0, host: '127.0.0.1' });
  const smallAddress = small.server.address();
  smallBase = `http://127.0.0.1:${typeof smallAddress === 'object' && smallAddress ? smallAddress.port : 0}`;
}, 120_000);

afterAll(async () => {
  await small?.close();
  await t?.close();
});

describe('publish and subscribe', () => {
  it('delivers a published event to the subscribers of the process', async () => {
    const got: LiveEvent[] = [];
    const stop = await subscribe(t.database, (e) => got.push(e));
    const sent = await publish(t.database.db, 'quotes', { source: 'import', quotes: [] });
    for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    stop();
    expect(got).toEqual([sent]);
    expect(sent).toMatchObject({
      topic: 'quotes',
      payload: { source: 'import', quotes: [] },
      id: expect.any(String),
      at: expect.any(String),
    });
  });

  it('sends an event published in a transaction only when it commits, and never on rollback', async () => {
    const got: string[] = [];
    const stop = await subscribe(t.database, (e) => got.push(e.topic));
    await t.database.db
      .transaction(async (tx) => {
        await publish(tx as never, 'bids:market:999001', { n: 1 });
        throw new Error('rollback');
      })
      .catch(() => {});
    await t.database.db.transaction(async (tx) => {
      await publish(tx as never, 'bids:market:999002', { n: 2 });
      await new Promise((r) => setTimeout(r, 30));
      expect(got).not.toContain('bids:market:999002');
    });
    for (let i = 0; i < 50 && !got.includes('bids:market:999002'); i++) await new Promise((r) => setTimeout(r, 10));
    stop();
    expect(got.filter((x) => x.startsWith('bids:market:99900'))).toEqual(['bids:market:999002']);
  });

  it('sends an event too big for a notification as truncated, without its payload', async () => {
    const got: LiveEvent[] = [];
    const stop = await subscribe(t.database, (e) => got.push(e));
    const sent = await publish(t.database.db, 'quotes', { blob: 'x'.repeat(LIVE_EVENT_MAX_BYTES) });
    for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    stop();
    expect(sent).toMatchObject({ topic: 'quotes', payload: null, truncated: true });
    expect(got).toEqual([sent]);
  });
});

describe('GET /api/events', () => {
  const get = (query: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/events?${query}`, headers: cookie ? { cookie } : {} });

  it('needs a session', async () => {
    expect((await get('topics=quotes')).statusCode).toBe(401);
  });

  it('refuses unknown topics (400) and topics the user may not follow (403)', async () => {
    expect((await get('topics=', cookies.buyer)).statusCode).toBe(400);
    expect((await get('topics=quotes,prices', cookies.buyer)).json()).toMatchObject({ code: 'invalid_request' });
    expect((await get('topics=bids:market:abc', cookies.buyer)).statusCode).toBe(400);
    // A buyer: another partner's market or client.
    expect((await get(`topics=bids:market:${prairieMarket}`, cookies.buyer)).json()).toMatchObject({
      code: 'forbidden',
    });
    expect((await get(`topics=offers:market:${ames}`, cookies.prairie)).statusCode).toBe(403);
    expect((await get(`topics=offers:client:${farmerClient}`, cookies.prairie)).statusCode).toBe(403);
    // A farmer: a market's offers, or a client not theirs.
    expect((await get(`topics=offers:market:${ames}`, cookies.farmer)).statusCode).toBe(403);
    expect((await get(`topics=offers:client:${farmerClient + 100000}`, cookies.farmer)).statusCode).toBe(403);
    expect((await get(`topics=bids:market:${prairieMarket}`, cookies.farmer)).statusCode).toBe(403);
  });

  it('streams the events of its topics, with ids and the retry hint, to an allowed user', async () => {
    const { res, text } = await readStream(
      `${base}/api/events?topics=quotes,bids:market:${ames}`,
      { cookie: cookies.buyer },
      (s) => s.includes('"topic":"quotes"'),
      async () => {
        await publish(t.database.db, `bids:market:${prairieMarket}`, {
          marketId: prairieMarket,
          action: 'updated',
          instrumentIds: [1],
        });
        await publish(t.database.db, `bids:market:${ames}`, { marketId: ames, action: 'updated', instrumentIds: [5] });
        await publish(t.database.db, 'quotes', { source: 'simulated', quotes: [] });
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    expect(text).toMatch(/^retry: 3000\n/);
    const events = eventsIn(text);
    expect(events.map((e) => e.topic)).toEqual([`bids:market:${ames}`, 'quotes']);
    expect(events[0]!.payload).toEqual({ marketId: ames, action: 'updated', instrumentIds: [5] });
    const ids = text
      .split('\n')
      .filter((l) => l.startsWith('id: '))
      .map((l) => l.slice(4));
    expect(ids).toEqual(events.map((e) => e.id));
  });

  it('lets a farmer follow their own client offers and the bids of the markets they sell to', async () => {
    const { res, text } = await readStream(
      `${base}/api/events?topics=offers:client:${farmerClient},bids:market:${ames}`,
      { cookie: cookies.farmer },
      (s) => s.includes('"topic":"offers:client'),
      async () => {
        await publish(t.database.db, `offers:client:${farmerClient}`, {
          marketId: ames,
          clientId: farmerClient,
          offerIds: [3],
          action: 'filled',
          status: 'filled',
        });
      },
    );
    expect(res.status).toBe(200);
    expect(eventsIn(text).map((e) => e.topic)).toEqual([`offers:client:${farmerClient}`]);
  });

  it('lets a user follow their own cart only: another user asking for it is refused, and gets none of its events', async () => {
    const farmerCart = cartUserTopic(farmerId);
    expect((await get(`topics=${farmerCart}`, cookies.buyer)).json()).toMatchObject({ code: 'forbidden' });
    expect((await get(`topics=quotes,${farmerCart}`, cookies.prairie)).statusCode).toBe(403);
    expect((await get(`topics=${cartUserTopic(buyerId)},${farmerCart}`, cookies.buyer)).statusCode).toBe(403);
    expect((await get('topics=cart:user:12', cookies.farmer)).statusCode).toBe(400);
    expect((await get(`topics=${farmerCart}`)).statusCode).toBe(401);

    // Each on their own topic: the farmer hears their cart, the buyer (listening at the same time) nothing of it.
    const payload = { cartId: '00000000-0000-4000-8000-000000000001', serial: 7, status: 'open' };
    let publishedAt = 0;
    const [farmerStream, buyerStream] = await Promise.all([
      readStream(
        `${base}/api/events?topics=${farmerCart}`,
        { cookie: cookies.farmer },
        (s) => s.includes('"serial":7'),
        async () => {
          await new Promise((r) => setTimeout(r, 150)); // both streams are open
          await publish(t.database.db, farmerCart, payload);
          publishedAt = Date.now();
        },
      ),
      // The buyer's stream stays open until well after the farmer's event went out.
      readStream(
        `${base}/api/events?topics=${cartUserTopic(buyerId)}`,
        { cookie: cookies.buyer },
        () => publishedAt > 0 && Date.now() - publishedAt > 400,
      ),
    ]);
    expect(farmerStream.res.status).toBe(200);
    expect(eventsIn(farmerStream.text)).toEqual([expect.objectContaining({ topic: farmerCart, payload })]);
    expect(buyerStream.res.status).toBe(200);
    expect(eventsIn(buyerStream.text)).toEqual([]);
  });

  it('sends a heartbeat comment, serves a bounded number of streams, and frees the slot on disconnect', async () => {
    let second: Response | null = null;
    const { res, text } = await readStream(
      `${smallBase}/api/events?topics=quotes`,
      { cookie: cookies.buyer },
      (s) => s.includes(': heartbeat'),
      async () => {
        second = await fetch(`${smallBase}/api/events?topics=quotes`, { headers: { cookie: cookies.buyer } });
      },
    );
    expect(res.status).toBe(200);
    expect(text).toContain(': heartbeat');
    expect(second!.status).toBe(503);
    expect(second!.headers.get('retry-after')).toBe('10');
    // The first stream was aborted: a new one is served.
    await new Promise((r) => setTimeout(r, 100));
    const again = await readStream(`${smallBase}/api/events?topics=quotes`, { cookie: cookies.buyer }, (s) =>
      s.includes('retry:'),
    );
    expect(again.res.status).toBe(200);
  });
});

describe('GET /api/public/events', () => {
  it('streams a market of the vhost partner its bids and quotes; an unknown or other partner market is 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/public/events?market=swift-current' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/public/events?market=nowhere' })).statusCode).toBe(404);
    const { res, text } = await readStream(
      `${base}/api/public/events?market=ames`,
      {},
      (s) => s.includes('"topic":"quotes"'),
      async () => {
        await publish(t.database.db, `offers:market:${ames}`, { secret: true });
        await publish(t.database.db, `bids:market:${ames}`, { marketId: ames, action: 'created', instrumentIds: [9] });
        await publish(t.database.db, 'quotes', { source: 'simulated', quotes: [] });
      },
    );
    expect(res.status).toBe(200);
    expect(eventsIn(text).map((e) => e.topic)).toEqual([`bids:market:${ames}`, 'quotes']);
  });
});
