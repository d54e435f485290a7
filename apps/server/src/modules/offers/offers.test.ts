import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { addDays, isoDateInZone, toDecimal, type Offer, type OfferListResponse } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import type { Db } from '../../platform/db.ts';
import {
  contracts,
  futuresSymbols,
  instruments,
  legalEntities,
  marketTradingSettings,
  marketUserPermissions,
  markets,
  notifications,
  offerEvents,
  offers,
  outbox,
  quotes,
  users,
} from '../../db/schema/index.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { notifyQuotesChanged } from '../futures/futures.public.ts';
import { checkOffers } from './offers.service.ts';

const MERCH = '/api/commodities/merchandising';
const PC = '/api/commodities/profit-center';

let t: TestApp;
let db: Db;
let buyer: Caller;
let buyer2: Caller;
let prairie: Caller;
let farmer: Caller;
let ames: { id: number; timezone: string };
let noOffersMarket: number;
let fieldman: number;
let otherClient: number;
let symbol: string;
let cropId: number;
let cropYear: number;
let bid: number;
let capBid: number;
let closedBid: number;
let prairieBid: number;
let noPermBid: number;

async function insertBid(
  values: Partial<typeof instruments.$inferInsert> & { partnerId: string; marketId: number },
): Promise<number> {
  const [row] = await db
    .insert(instruments)
    .values({
      cropId,
      cropYear,
      name: 'Test Dec',
      deliveryStart: `${cropYear}-10-01`,
      deliveryEnd: `${cropYear}-12-31`,
      futuresSymbol: symbol,
      basis: '-0.3500',
      ...values,
    })
    .returning({ id: instruments.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const [a] = await db
    .select({ id: markets.id, timezone: markets.timezone })
    .from(markets)
    .where(and(eq(markets.partnerId, 'demo'), eq(markets.slug, 'ames')));
  ames = a!;
  const [swift] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.partnerId, 'prairie'), eq(markets.slug, 'swift-current')));
  const [fm] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(eq(legalEntities.name, 'Fieldman Family Farms'));
  fieldman = fm!.id;
  const [other] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(
      and(
        eq(legalEntities.partnerId, 'demo'),
        eq(legalEntities.kind, 'client'),
        sql`${legalEntities.id} <> ${fieldman}`,
      ),
    )
    .limit(1);
  otherClient = other!.id;
  const [corn] = await db
    .select({ symbol: futuresSymbols.symbol, cropId: futuresSymbols.cropId, optionMonth: futuresSymbols.optionMonth })
    .from(futuresSymbols)
    .where(eq(futuresSymbols.root, 'ZC'))
    .orderBy(futuresSymbols.lastTradeDay)
    .limit(1);
  symbol = corn!.symbol;
  cropId = corn!.cropId;
  cropYear = Number(corn!.optionMonth.slice(0, 4));
  bid = await insertBid({ partnerId: 'demo', marketId: ames.id });
  capBid = await insertBid({ partnerId: 'demo', marketId: ames.id, quantityCap: '10000' });
  closedBid = await insertBid({ partnerId: 'demo', marketId: ames.id, offersAllowed: false });
  prairieBid = await insertBid({ partnerId: 'prairie', marketId: swift!.id });
  const [nm] = await db
    .insert(markets)
    .values({
      partnerId: 'demo',
      slug: 'of-no-offers',
      displayName: 'No Offers',
      city: 'Boone',
      administrativeAreaLevel1: 'IA',
      countryCode: 'USA',
    })
    .returning({ id: markets.id });
  noOffersMarket = nm!.id;
  noPermBid = await insertBid({ partnerId: 'demo', marketId: noOffersMarket });
  const [b1] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.buyer));
  await db
    .insert(marketUserPermissions)
    .values({ marketId: noOffersMarket, userId: b1!.id, permissions: ['instruments'] });
  // A second merchandiser of the demo partner, for the accept race.
  const [b2] = await db
    .insert(users)
    .values({
      email: 'buyer2@demo.granary.test',
      firstName: 'Robin',
      lastName: 'Trader',
      experiences: { grain_buying: true },
      partnerId: 'demo',
    })
    .returning({ id: users.id });
  await db
    .insert(marketUserPermissions)
    .values({ marketId: ames.id, userId: b2!.id, permissions: ['instruments', 'offers'] });
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  buyer2 = await signIn(t, 'buyer2@demo.granary.test');
  prairie = await signIn(t, DEMO_ACCOUNTS.prairieBuyer);
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
}, 120_000);
afterAll(() => t.close());

const call = (
  caller: Caller,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: headersOf(caller, headers),
    ...(body === undefined ? {} : { payload: body as object }),
  });

const today = () => isoDateInZone(new Date(), ames.timezone);

async function cashOf(instrumentId: number): Promise<string> {
  const res = await call(farmer, 'GET', `${PC}/market/${ames.id}/request-make-offer`);
  const b = (res.json().bids as { instrumentId: number; cashPrice: string | null }[]).find(
    (x) => x.instrumentId === instrumentId,
  );
  return b!.cashPrice!;
}

const plus = (v: string, d: string) => toDecimal(v).plus(toDecimal(d)).toFixed(4);

async function place(
  caller: Caller,
  over: Partial<{
    instrumentId: number;
    clientId: number;
    quantity: string;
    targetCashPrice: string;
    expiresOn: string;
  }> = {},
  headers: Record<string, string> = {},
) {
  const target = over.targetCashPrice ?? plus(await cashOf(over.instrumentId ?? bid), '0.05');
  return call(
    caller,
    'POST',
    caller === farmer ? `${PC}/offer` : `${MERCH}/offer`,
    {
      instrumentId: bid,
      clientId: fieldman,
      quantity: '5000',
      expiresOn: addDays(today(), 14),
      ...over,
      targetCashPrice: target,
    },
    headers,
  );
}

async function moveQuote(by: string): Promise<void> {
  await db.execute(
    sql`update quotes set last = last + ${by}::numeric, quoted_at = now(), version = version + 1 where symbol = ${symbol}`,
  );
}

async function statusOf(id: number): Promise<string> {
  const [row] = await db.select({ s: offers.status }).from(offers).where(eq(offers.id, id));
  return row!.s;
}

describe('the demo seed', () => {
  it('has offers in every state at the demo markets, several working ones for Fieldman Family Farms just above the cash', async () => {
    const rows = await db
      .select({ status: offers.status, clientId: offers.clientId, contractId: offers.contractId })
      .from(offers)
      .where(eq(offers.partnerId, 'demo'));
    const states = new Set(rows.map((r) => r.status));
    for (const s of ['pending_approval', 'working', 'price_hit', 'filled', 'cancelled', 'expired', 'rejected'])
      expect(states).toContain(s);
    expect(rows.filter((r) => r.status === 'filled').every((r) => r.contractId !== null)).toBe(true);
    const mine = (await call(farmer, 'GET', `${PC}/offers`)).json().offers as Offer[];
    const working = mine.filter((o) => o.status === 'working' && o.quantity !== '5000.0000');
    expect(working.length).toBeGreaterThanOrEqual(2);
    for (const o of working) expect(toDecimal(o.distanceToTarget!).lt(0)).toBe(true);
  });
});

describe('placing', () => {
  it('lets the farmer see the bids of a market their farm sells to, with cash prices; other markets are 404', async () => {
    const res = await call(farmer, 'GET', `${PC}/market/${ames.id}/request-make-offer`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.clients).toEqual([{ id: fieldman, name: 'Fieldman Family Farms' }]);
    const [quote] = await db.select({ last: quotes.last }).from(quotes).where(eq(quotes.symbol, symbol));
    const b = body.bids.find((x: { instrumentId: number }) => x.instrumentId === bid);
    expect(b.cashPrice).toBe(toDecimal(quote!.last).minus('0.35').toFixed(4));
    expect(body.bids.find((x: { instrumentId: number }) => x.instrumentId === closedBid).offersAllowed).toBe(false);
    expect((await call(farmer, 'GET', `${PC}/market/${noOffersMarket}/request-make-offer`)).statusCode).toBe(404);
    expect((await call(buyer, 'GET', `${PC}/market/${ames.id}/request-make-offer`)).statusCode).toBe(403);
  });

  it('places a working offer for the farm, seen by the buyer on /crm/offers and by the farmer', async () => {
    const res = await place(farmer);
    expect(res.statusCode).toBe(200);
    const offer = res.json() as Offer;
    expect(offer).toMatchObject({
      status: 'working',
      clientId: fieldman,
      quantity: '5000.0000',
      placedByFarmer: true,
      actions: ['edit', 'cancel'],
    });
    expect(toDecimal(offer.distanceToTarget!).toFixed(2)).toBe('-0.05');
    const list = (
      await call(buyer, 'GET', `${MERCH}/offers?market_id=${ames.id}&status=open`)
    ).json() as OfferListResponse;
    const row = list.rows.find((r) => r.id === offer.id)!;
    expect(row.actions).toEqual(['edit', 'cancel']);
    expect(row.placedBy?.name).toBe('Sam Fieldman');
    expect(list.counts.open).toBeGreaterThanOrEqual(1);
    const mine = (await call(farmer, 'GET', `${PC}/offers`)).json();
    expect(mine.offers.map((o: Offer) => o.id)).toContain(offer.id);
    expect(mine.markets.map((m: { slug: string }) => m.slug)).toContain('ames');
    const events = await db.select().from(offerEvents).where(eq(offerEvents.offerId, offer.id));
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([['place', null, 'working']]);
  });

  it('refuses bids the farm cannot offer on: another partner (404), a closed bid (409), bad input (400)', async () => {
    expect((await place(farmer, { instrumentId: prairieBid, targetCashPrice: '5' })).statusCode).toBe(404);
    expect((await place(farmer, { clientId: otherClient })).statusCode).toBe(404);
    const closed = await place(farmer, { instrumentId: closedBid });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().details.reason).toBe('offers_not_allowed');
    expect((await place(farmer, { quantity: '0' })).statusCode).toBe(400);
    expect((await place(farmer, { targetCashPrice: 'abc' })).statusCode).toBe(400);
    const past = await place(farmer, { expiresOn: addDays(today(), -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().details.reason).toBe('expiry');
    expect((await call(farmer, 'POST', `${PC}/offer`, { instrumentId: 'x' })).statusCode).toBe(400);
  });

  it('lets a buyer place for a client; not at another partner or without the offers permission', async () => {
    const res = await place(buyer, { clientId: otherClient });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'working', placedByFarmer: false });
    expect((await place(prairie, { instrumentId: bid })).statusCode).toBe(404);
    expect((await place(buyer, { instrumentId: noPermBid, targetCashPrice: '5' })).statusCode).toBe(403);
  });

  it('waits for approval where the market wants it: buyers approve or reject, farmers cannot', async () => {
    await db
      .insert(marketTradingSettings)
      .values({ marketId: ames.id, offersRequireApproval: true })
      .onConflictDoUpdate({
        target: marketTradingSettings.marketId,
        set: { offersRequireApproval: true },
      });
    try {
      const a = (await place(farmer)).json() as Offer;
      const b = (await place(farmer)).json() as Offer;
      expect(a.status).toBe('pending_approval');
      expect((await call(farmer, 'POST', `${MERCH}/offer/${a.id}/approve`)).statusCode).toBe(403);
      const approved = await call(buyer, 'POST', `${MERCH}/offer/${a.id}/approve`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json().status).toBe('working');
      const again = await call(buyer2, 'POST', `${MERCH}/offer/${a.id}/approve`);
      expect(again.statusCode).toBe(409);
      expect(again.json().details.reason).toBe('wrong_state');
      expect((await call(buyer, 'POST', `${MERCH}/offer/${b.id}/reject`)).json().status).toBe('rejected');
      const canceled = (
        await call(buyer, 'GET', `${MERCH}/offers?market_id=${ames.id}&status=canceled`)
      ).json() as OfferListResponse;
      expect(canceled.rows.map((r) => r.id)).toContain(b.id);
    } finally {
      await db
        .update(marketTradingSettings)
        .set({ offersRequireApproval: false })
        .where(eq(marketTradingSettings.marketId, ames.id));
    }
  });
});

describe('working an offer', () => {
  it('reads one offer with its history; another partner gets 404, a bad id 400', async () => {
    const offer = (await place(farmer)).json() as Offer;
    const res = await call(buyer, 'GET', `${MERCH}/offer/${offer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"${offer.version}"`);
    expect(res.json().events).toHaveLength(1);
    expect((await call(prairie, 'GET', `${MERCH}/offer/${offer.id}`)).statusCode).toBe(404);
    expect((await call(prairie, 'POST', `${MERCH}/offer/${offer.id}/cancel`)).statusCode).toBe(404);
    expect((await call(prairie, 'POST', `${MERCH}/offers/reset-price-hit`, { offerIds: [offer.id] })).statusCode).toBe(
      404,
    );
    expect((await call(buyer, 'GET', `${MERCH}/offer/abc`)).statusCode).toBe(400);
    expect((await call(buyer, 'GET', `${MERCH}/offer/99999999`)).statusCode).toBe(404);
    expect((await call(farmer, 'GET', `${PC}/offer/${offer.id}`)).statusCode).toBe(200);
    const others = (await place(buyer, { clientId: otherClient })).json() as Offer;
    expect((await call(farmer, 'GET', `${PC}/offer/${others.id}`)).statusCode).toBe(404);
    expect((await call(farmer, 'POST', `${PC}/offer/${others.id}/cancel`)).statusCode).toBe(404);
  });

  it('edits with If-Match (428 without, 412 stale); the farmer edits their own', async () => {
    const offer = (await place(farmer)).json() as Offer;
    const url = `${MERCH}/offer/${offer.id}`;
    expect((await call(buyer, 'PATCH', url, { quantity: '6000' })).statusCode).toBe(428);
    expect(
      (await call(buyer, 'PATCH', url, { quantity: '6000' }, { 'if-match': `"${offer.version + 1}"` })).statusCode,
    ).toBe(412);
    expect((await call(buyer, 'PATCH', url, {}, { 'if-match': `"${offer.version}"` })).statusCode).toBe(400);
    const edited = await call(buyer, 'PATCH', url, { quantity: '6000' }, { 'if-match': `"${offer.version}"` });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ quantity: '6000.0000', version: offer.version + 1 });
    const own = await call(
      farmer,
      'PATCH',
      `${PC}/offer/${offer.id}`,
      { targetCashPrice: plus(offer.targetCashPrice, '0.02') },
      { 'if-match': `"${offer.version + 1}"` },
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().targetCashPrice).toBe(plus(offer.targetCashPrice, '0.02'));
  });

  it('cancels once: the farmer their own; the second cancel says Unable (409); it sits under canceled until expiry', async () => {
    const offer = (await place(farmer)).json() as Offer;
    const res = await call(farmer, 'POST', `${PC}/offer/${offer.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const again = await call(buyer, 'POST', `${MERCH}/offer/${offer.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', details: { reason: 'not_open', status: 'cancelled' } });
    const canceled = (
      await call(buyer, 'GET', `${MERCH}/offers?market_id=${ames.id}&status=canceled`)
    ).json() as OfferListResponse;
    expect(canceled.rows.map((r) => r.id)).toContain(offer.id);
    await db
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offers.id, offer.id));
    const expired = (
      await call(buyer, 'GET', `${MERCH}/offers?market_id=${ames.id}&status=expired`)
    ).json() as OfferListResponse;
    expect(expired.rows.map((r) => r.id)).toContain(offer.id);
  });

  it('refuses to accept a working offer below its target', async () => {
    const offer = (await place(farmer)).json() as Offer;
    const res = await call(buyer, 'POST', `${MERCH}/offer/${offer.id}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().details.reason).toBe('price_not_hit');
  });
});

describe('the price watcher', () => {
  it('marks price hit when the futures bring the cash to the target, once, and tells the farmer', async () => {
    // The farmer places the offer on this machine's host (npm start's localhost:3000), not the partner's vhost.
    const offer = (await place(farmer, {}, { host: 'localhost:3000' })).json() as Offer;
    await moveQuote('0.10');
    const first = await checkOffers(db, { symbols: [symbol] });
    expect(first.hit).toContain(offer.id);
    expect(first.filled).not.toContain(offer.id);
    const second = await checkOffers(db, { symbols: [symbol] });
    expect(second.hit).not.toContain(offer.id);
    const read = (await call(buyer, 'GET', `${MERCH}/offer/${offer.id}`)).json();
    expect(read.offer.status).toBe('price_hit');
    expect(read.offer.actions).toEqual(['cancel', 'accept', 'reset_price_hit']);
    expect(toDecimal(read.offer.priceHitCash).gte(toDecimal(offer.targetCashPrice))).toBe(true);
    const [farmerUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.farmer));
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, farmerUser!.id), eq(notifications.topic, 'offers.price_hit')));
    expect(notes.length).toBeGreaterThanOrEqual(1);
    const mail = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, DEMO_ACCOUNTS.farmer), eq(outbox.template, 'offers_price_hit')));
    expect(mail.length).toBeGreaterThanOrEqual(1);
    // A tick has no request: the e-mail links, as a whole address, to the host the farmer placed the offer on (where
    // they are signed in), not to the partner's vhost.
    expect(mail.at(-1)!.text).toContain('See your offers http://localhost:3000/my-sales-lite/bids');
    expect(mail.at(-1)!.html).toContain('<a href="http://localhost:3000/my-sales-lite/bids"');
    const hits = (
      await call(buyer, 'GET', `${MERCH}/offers?market_id=${ames.id}&status=price_hit`)
    ).json() as OfferListResponse;
    expect(hits.rows.map((r) => r.id)).toContain(offer.id);
    // Reset: back to working, and the sweep leaves it until the price moves again.
    const reset = await call(buyer, 'POST', `${MERCH}/offers/reset-price-hit`, { offerIds: [offer.id] });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().offers[0].status).toBe('working');
    expect((await checkOffers(db, { repricedOnly: true })).hit).not.toContain(offer.id);
    await moveQuote('0.0025');
    expect((await checkOffers(db, { repricedOnly: true })).hit).toContain(offer.id);
    expect((await call(buyer, 'POST', `${MERCH}/offers/reset-price-hit`, { offerIds: [] })).statusCode).toBe(400);
  });

  it('e-mails the fill with links on the host the farmer placed the offer on, prices as the pages write them', async () => {
    const host = 'demo.localhost:4321';
    const offer = (await place(farmer, { quantity: '4500' }, { host })).json() as Offer;
    await moveQuote('0.10');
    // The buyer accepts from the CRM on another host: the farmer's mail still links to the farmer's.
    const accepted = await call(buyer, 'POST', `${MERCH}/offer/${offer.id}/accept`, undefined, {
      host: 'localhost:3000',
    });
    expect(accepted.statusCode).toBe(200);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, DEMO_ACCOUNTS.farmer), eq(outbox.template, 'offers_filled')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.subject).toBe('Your offer was filled');
    expect(mail!.text).toContain('4,500 bu of');
    expect(mail!.text).toMatch(/ at \$\d\.\d{2}[¼½¾]?\/bu /);
    expect(mail!.text).toContain(`as contract ${(accepted.json() as Offer).displayContractId}`);
    const hrefs = [...mail!.html!.matchAll(/ href="([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs.filter((h) => !h.startsWith('mailto:'))) expect(new URL(href).host).toBe(host);
    expect(mail!.text).toContain(`http://${host}/my-sales-lite/bids`);
  });

  it("links an offer a buyer placed for the farmer to the partner's own host when a tick hits it", async () => {
    const offer = (await place(buyer, {}, { host: 'localhost:3000' })).json() as Offer;
    await moveQuote('0.10');
    expect((await checkOffers(db, { instrumentIds: [bid] })).hit).toContain(offer.id);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, DEMO_ACCOUNTS.farmer), eq(outbox.template, 'offers_price_hit')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.text).toMatch(/See your offers http:\/\/demo\.localhost:\d+\/my-sales-lite\/bids/);
  });

  it('lets exactly one of several buyers accepting at once win; the rest get 409', async () => {
    const offer = (await place(farmer)).json() as Offer;
    await moveQuote('0.10');
    await checkOffers(db, { instrumentIds: [bid] });
    expect(await statusOf(offer.id)).toBe('price_hit');
    const [before] = await db
      .select({ c: instruments.quantityContracted })
      .from(instruments)
      .where(eq(instruments.id, bid));
    const callers = [buyer, buyer2, buyer, buyer2, buyer];
    const results = await Promise.all(callers.map((c) => call(c, 'POST', `${MERCH}/offer/${offer.id}/accept`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const won = results.find((r) => r.statusCode === 200)!.json() as Offer;
    expect(won).toMatchObject({ status: 'filled', displayContractId: expect.stringMatching(/^C-\d{6,}$/) });
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().details).toMatchObject({ reason: 'not_open', status: 'filled' });
    const made = await db.select().from(contracts).where(eq(contracts.displayContractId, won.displayContractId!));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      contractType: 'flat',
      priceStatus: 'priced',
      clientId: fieldman,
      quantity: '5000.0000',
    });
    expect(toDecimal(made[0]!.cashPrice!).eq(toDecimal(offer.targetCashPrice))).toBe(true);
    expect(
      toDecimal(made[0]!.futuresPrice!).plus(toDecimal(made[0]!.basis!)).eq(toDecimal(offer.targetCashPrice)),
    ).toBe(true);
    const [after] = await db
      .select({ c: instruments.quantityContracted })
      .from(instruments)
      .where(eq(instruments.id, bid));
    expect(toDecimal(after!.c).minus(toDecimal(before!.c)).toFixed(0)).toBe('5000');
    const filled = (await call(farmer, 'GET', `${PC}/offers`)).json().offers.find((o: Offer) => o.id === offer.id);
    expect(filled.status).toBe('filled');
  });

  it('fills into a contract that is e-sign eligible exactly when its client is', async () => {
    const fillFor = async (clientId: number) => {
      const offer = (await place(buyer, { clientId })).json() as Offer;
      await moveQuote('0.10');
      const accepted = await call(buyer, 'POST', `${MERCH}/offer/${offer.id}/accept`);
      expect(accepted.statusCode).toBe(200);
      const [made] = await db
        .select({ esignEligible: contracts.esignEligible })
        .from(contracts)
        .where(eq(contracts.id, (accepted.json() as Offer).contractId!));
      return made!.esignEligible;
    };
    const [client] = await db
      .select({ v: legalEntities.esignEligible })
      .from(legalEntities)
      .where(eq(legalEntities.id, fieldman));
    try {
      await db.update(legalEntities).set({ esignEligible: true }).where(eq(legalEntities.id, fieldman));
      expect(await fillFor(fieldman)).toBe(true);
      await db.update(legalEntities).set({ esignEligible: false }).where(eq(legalEntities.id, fieldman));
      expect(await fillFor(fieldman)).toBe(false);
    } finally {
      await db.update(legalEntities).set({ esignEligible: client!.v }).where(eq(legalEntities.id, fieldman));
    }
  });

  it('auto-fills where the market says so, once, even with two watchers at once', async () => {
    const offer = (await place(farmer)).json() as Offer;
    await db
      .insert(marketTradingSettings)
      .values({ marketId: ames.id, autoFillOffers: true })
      .onConflictDoUpdate({
        target: marketTradingSettings.marketId,
        set: { autoFillOffers: true },
      });
    try {
      await moveQuote('0.10');
      const [a, b] = await Promise.all([
        checkOffers(db, { symbols: [symbol] }),
        checkOffers(db, { symbols: [symbol] }),
      ]);
      expect([...a.filled, ...b.filled].filter((id) => id === offer.id)).toHaveLength(1);
      expect(await statusOf(offer.id)).toBe('filled');
      const [{ contractId }] = (await db
        .select({ contractId: offers.contractId })
        .from(offers)
        .where(eq(offers.id, offer.id))) as [{ contractId: number }];
      expect(await db.select().from(contracts).where(eq(contracts.id, contractId))).toHaveLength(1);
      const events = await db
        .select()
        .from(offerEvents)
        .where(eq(offerEvents.offerId, offer.id))
        .orderBy(offerEvents.id);
      expect(events.map((e) => e.action)).toEqual(['place', 'price_hit', 'fill']);
    } finally {
      await db
        .update(marketTradingSettings)
        .set({ autoFillOffers: false })
        .where(eq(marketTradingSettings.marketId, ames.id));
    }
  });

  it('refuses a fill over the bid cap with its own reason', async () => {
    const cash = await cashOf(capBid);
    // Targets at the cash: hit as soon as they are placed.
    const a = (await place(farmer, { instrumentId: capBid, quantity: '8000', targetCashPrice: cash })).json() as Offer;
    const b = (await place(farmer, { instrumentId: capBid, quantity: '8000', targetCashPrice: cash })).json() as Offer;
    expect([a.status, b.status]).toEqual(['price_hit', 'price_hit']);
    expect((await call(buyer, 'POST', `${MERCH}/offer/${a.id}/accept`)).statusCode).toBe(200);
    const over = await call(buyer, 'POST', `${MERCH}/offer/${b.id}/accept`);
    expect(over.statusCode).toBe(409);
    expect(over.json().details.reason).toBe('bid_cap_exceeded');
    expect(await statusOf(b.id)).toBe('price_hit');
    const tooBig = await place(farmer, { instrumentId: capBid, quantity: '2001' });
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().details.reason).toBe('bid_cap_exceeded');
  });

  it('expires open offers past their expiry', async () => {
    const offer = (await place(farmer)).json() as Offer;
    await db
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(offers.id, offer.id));
    const out = await checkOffers(db, { instrumentIds: [] });
    expect(out.expired).toContain(offer.id);
    expect(await statusOf(offer.id)).toBe('expired');
    const res = await call(buyer, 'POST', `${MERCH}/offer/${offer.id}/cancel`);
    expect(res.statusCode).toBe(409);
  });

  it('hits the price when the futures module says quotes changed (its onQuotesChanged hook)', async () => {
    const offer = (await place(farmer)).json() as Offer;
    await moveQuote('0.10');
    await notifyQuotesChanged(db, [symbol], new Date());
    expect(await statusOf(offer.id)).toBe('price_hit');
  });

  it('hits the price when the buyer moves the bid basis', async () => {
    const offer = (await place(farmer)).json() as Offer;
    const head = await call(buyer, 'GET', `${MERCH}/instruments/${bid}`);
    expect(head.statusCode).toBe(200);
    const moved = await call(
      buyer,
      'PUT',
      `${MERCH}/instruments/${bid}`,
      { basis: '-0.2500' },
      { 'if-match': head.headers.etag as string },
    );
    expect(moved.statusCode).toBe(200);
    expect(await statusOf(offer.id)).toBe('price_hit');
  });
});

describe('the list', () => {
  it('pages with keyset tokens and counts each filter', async () => {
    const first = (
      await call(buyer, 'GET', `${MERCH}/offers?market_id=${ames.id}&status=all&pageSize=5`)
    ).json() as OfferListResponse;
    expect(first.rows).toHaveLength(5);
    expect(first.totalCount).toBe(first.counts.all);
    expect(first.paginationToken).not.toBeNull();
    const second = (
      await call(
        buyer,
        'GET',
        `${MERCH}/offers?market_id=${ames.id}&status=all&pageSize=5&page=2&paginationToken=${encodeURIComponent(first.paginationToken!)}`,
      )
    ).json() as OfferListResponse;
    expect(second.rows[0]!.id).toBeLessThan(first.rows[4]!.id);
    expect(first.counts.filled).toBeGreaterThanOrEqual(2);
    expect((await call(buyer, 'GET', `${MERCH}/offers?market_id=${ames.id}&status=bogus`)).statusCode).toBe(400);
    expect((await call(prairie, 'GET', `${MERCH}/offers?market_id=${ames.id}`)).statusCode).toBe(404);
    expect((await call(buyer, 'GET', `${MERCH}/offers?market_id=${noOffersMarket}`)).statusCode).toBe(403);
    expect((await call(farmer, 'GET', `${MERCH}/offers?market_id=${ames.id}`)).statusCode).toBe(403);
  });
});
