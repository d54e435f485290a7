import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  futuresProduct,
  listedContracts,
  type InstrumentListResponse,
  type InstrumentRow,
  type PublicBidsResponse,
} from '@granary/domain';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { instruments, marketRoundingModes, markets, offers, quotes } from '../../db/schema/index.ts';
import type { Caller, CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import { publicBids } from './bids.repo.ts';
import { subscribe } from '../../platform/events.ts';

const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
/** Corn and canola futures months still trading for a while (the seed lists them from today). */
let zc: string;
let rs: string;

beforeAll(async () => {
  ({ t, fx, buyer, prairie, farmer } = await startCrmTestApp());
  const today = new Date().toISOString().slice(0, 10);
  zc = listedContracts(futuresProduct('ZC')!, today, 3)[1]!.symbol;
  rs = listedContracts(futuresProduct('RS')!, today, 3)[1]!.symbol;
  // Known quotes, so that cash prices can be checked to the hundredth of a cent.
  await t.database.db.update(quotes).set({ last: '4.3525', previousSettle: '4.3300' }).where(eq(quotes.symbol, zc));
  await t.database.db.update(quotes).set({ last: '651.30', previousSettle: '648.10' }).where(eq(quotes.symbol, rs));
}, 120_000);
afterAll(() => t.close());

type Json = Record<string, unknown>;
const call = (
  caller: Caller | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: Json,
  headers: Record<string, string> = {},
) => injectAs(t, caller, method, url, body, headers);

function bid(overrides: Json = {}): Json {
  const today = new Date().toISOString().slice(0, 10);
  return {
    marketId: fx.marketAll,
    cropId: 1,
    cropYear: Number(today.slice(0, 4)),
    name: 'Spot',
    deliveryStart: today,
    deliveryEnd: addDays(today, 10),
    futuresSymbol: zc,
    basis: '-0.3400',
    ...overrides,
  };
}

async function create(overrides: Json = {}, caller: Caller = buyer): Promise<InstrumentRow> {
  const res = await call(caller, 'POST', `${MERCH}/instruments`, bid(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as InstrumentRow;
}

const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

describe('create and read', () => {
  it('creates a bid whose cash is futures + basis, exactly, and lists it under its crop', async () => {
    const res = await call(buyer, 'POST', `${MERCH}/instruments`, bid({ quantityCap: '50000', notes: 'Trucks only' }));
    expect(res.statusCode).toBe(201);
    const row = res.json() as InstrumentRow;
    expect(res.headers.etag).toBe('"1"');
    expect(row).toMatchObject({
      futuresSymbol: zc,
      futuresLast: '4.3525',
      futuresChange: '0.0225',
      basis: '-0.3400',
      cashPrice: '4.0100', // 4.0125 to the nearest cent, half away from zero → 4.01
      roundingMode: 'nearest_cent',
      quantityCap: '50000.0000',
      quantityContracted: '0.0000',
      quantityRemaining: '50000.0000',
      quantityUnit: 'bushels',
      visibility: 'public',
      workingOffers: 0,
      deletedAt: null,
      version: 1,
    });

    const one = await call(buyer, 'GET', `${MERCH}/instruments/${row.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers.etag).toBe('"1"');
    expect(one.json()).toEqual(row);

    const list = (
      await call(buyer, 'GET', `${MERCH}/instruments/market/${fx.marketAll}`)
    ).json() as InstrumentListResponse;
    expect(list.rows.map((r) => r.id)).toContain(row.id);
    expect(list.crops.find((c) => c.cropId === 1)).toMatchObject({
      cropName: 'Corn',
      priceUnit: 'bushel',
      currency: 'USD',
    });
  });

  it('defaults the futures month from the delivery when none is chosen', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const end = addDays(today, 40);
    const row = await create({ futuresSymbol: null, deliveryEnd: end });
    expect(row.futuresMonth! >= end.slice(0, 7)).toBe(true);
    expect(row.futuresSymbol!.startsWith('ZC')).toBe(true);
  });

  it('prices canola per tonne in CAD with a basis in dollars a tonne', async () => {
    const row = await create({ marketId: fx.marketBidsOnly, cropId: 11, futuresSymbol: rs, basis: '-32.50' });
    expect(row).toMatchObject({ priceUnit: 'tonne', currency: 'CAD', quantityUnit: 'tonnes', cashPrice: '618.8000' });
  });

  it('bids flat when chosen so, and a crop without futures only flat', async () => {
    const flat = await create({ pricing: 'flat', futuresSymbol: null, basis: null, flatPrice: '4.125' });
    expect(flat).toMatchObject({
      pricing: 'flat',
      futuresSymbol: null,
      futuresLast: null,
      basis: null,
      cashPrice: '4.1300',
    });
    const barley = await call(buyer, 'POST', `${MERCH}/instruments`, bid({ cropId: 9, futuresSymbol: null }));
    expect(barley.statusCode).toBe(400);
    expect(barley.json().code).toBe('invalid_request');
    const barleyFlat = await create({
      cropId: 9,
      pricing: 'flat',
      futuresSymbol: null,
      basis: null,
      flatPrice: '4.85',
    });
    expect(barleyFlat.cashPrice).toBe('4.8500');
  });

  it('filters by cropFilter, instrumentVisibility and the v2 crop path', async () => {
    await create({ visibility: 'private', name: 'Private spot' });
    await create({ cropId: 2, futuresSymbol: null, basis: '-0.85' });
    const corn = (
      await call(buyer, 'GET', `${MERCH}/instruments/market/${fx.marketAll}?cropFilter=CN`)
    ).json() as InstrumentListResponse;
    expect(corn.rows.length).toBeGreaterThan(0);
    expect(corn.rows.every((r) => r.cropId === 1)).toBe(true);
    const v2 = (
      await call(buyer, 'GET', `${MERCH}/v2/instruments/market/${fx.marketAll}/crop/2`)
    ).json() as InstrumentListResponse;
    expect(v2.rows.length).toBeGreaterThan(0);
    expect(v2.rows.every((r) => r.cropId === 2)).toBe(true);
    const priv = (
      await call(buyer, 'GET', `${MERCH}/instruments/market/${fx.marketAll}?instrumentVisibility=private`)
    ).json() as InstrumentListResponse;
    expect(priv.rows.map((r) => r.name)).toEqual(['Private spot']);
    const both = (
      await call(buyer, 'GET', `${MERCH}/instruments/market/${fx.marketAll}?cropFilter=corn&cropFilter=SB`)
    ).json() as InstrumentListResponse;
    expect(new Set(both.rows.map((r) => r.cropId))).toEqual(new Set([1, 2]));
  });
});

describe('working offers', () => {
  it('counts the offers working against each bid, not the cancelled ones', async () => {
    const a = await create({ name: 'With offers' });
    const b = await create({ name: 'Without offers' });
    const offer = (status: 'working' | 'cancelled') => ({
      partnerId: 'demo',
      marketId: fx.marketAll,
      instrumentId: a.id,
      clientId: fx.demoClients[0]!,
      cropId: 1,
      cropYear: a.cropYear,
      quantity: '5000',
      targetCashPrice: '4.2500',
      status,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await t.database.db.insert(offers).values([offer('working'), offer('working'), offer('cancelled')]);
    const list = (
      await call(buyer, 'GET', `${MERCH}/instruments/market/${fx.marketAll}`)
    ).json() as InstrumentListResponse;
    expect(list.rows.find((r) => r.id === a.id)?.workingOffers).toBe(2);
    expect(list.rows.find((r) => r.id === b.id)?.workingOffers).toBe(0);
  });
});

describe('bad input is a 400 with a code, never a 500', () => {
  it.each([
    ['a basis beyond the bound', { basis: '-5.01' }],
    ['a basis as a number', { basis: -0.35 }],
    ['a delivery ending before it starts', { deliveryEnd: '2001-01-01' }],
    ['a soybean month on a corn bid', { futuresSymbol: 'ZSF27' }],
    ['a month that is not listed', { futuresSymbol: 'ZCZ35' }],
    ['a negative cap', { quantityCap: '-1' }],
    ['a flat bid without a price', { pricing: 'flat', futuresSymbol: null, basis: null }],
    ['an unknown field', { colour: 'red' }],
    ['an unknown crop', { cropId: 4321 }],
    ['a name of spaces', { name: '   ' }],
  ])('%s', async (_label, overrides) => {
    const res = await call(buyer, 'POST', `${MERCH}/instruments`, bid(overrides as Json));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('invalid_request');
  });

  it('refuses bad ids, filters and an unknown crop filter', async () => {
    for (const url of [
      `${MERCH}/instruments/abc`,
      `${MERCH}/instruments/market/0`,
      `${MERCH}/instruments/market/${fx.marketAll}?instrumentVisibility=secret`,
      `${MERCH}/instruments/market/${fx.marketAll}?cropFilter=bananas`,
      `${MERCH}/instruments/market/${fx.marketAll}?cropYear=twenty`,
    ]) {
      const res = await call(buyer, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
  });
});

describe('access', () => {
  it('is per market: instruments permission, own partner only, buyers only', async () => {
    const row = await create();
    expect((await call(buyer, 'GET', `${MERCH}/instruments/market/${fx.marketBidsOnly}`)).statusCode).toBe(200);
    expect((await call(buyer, 'GET', `${MERCH}/instruments/market/${fx.marketNone}`)).statusCode).toBe(403);
    expect((await call(buyer, 'POST', `${MERCH}/instruments`, bid({ marketId: fx.marketNone }))).statusCode).toBe(403);
    // Another partner's market or bid answers as an unknown one.
    expect((await call(prairie, 'GET', `${MERCH}/instruments/market/${fx.marketAll}`)).statusCode).toBe(404);
    expect((await call(prairie, 'GET', `${MERCH}/instruments/${row.id}`)).statusCode).toBe(404);
    expect(
      (await call(prairie, 'PUT', `${MERCH}/instruments/${row.id}`, { basis: '-0.10' }, ifMatch(1))).statusCode,
    ).toBe(404);
    expect((await call(prairie, 'DELETE', `${MERCH}/instruments/${row.id}`, undefined, ifMatch(1))).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(prairie, 'POST', `${MERCH}/instruments/market/${fx.marketAll}/basis`, {
          cropId: 1,
          adjustmentCents: '1',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(buyer, 'GET', `${MERCH}/instruments/99999999`)).statusCode).toBe(404);
    // A farmer is no buyer; no session is a 401.
    expect((await call(farmer, 'GET', `${MERCH}/instruments/market/${fx.marketAll}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${MERCH}/instruments/market/${fx.marketAll}`)).statusCode).toBe(401);
  });
});

describe('edit, delete and undelete', () => {
  it('edits at the version read: 428 without If-Match, 412 on a stale one', async () => {
    const row = await create();
    expect((await call(buyer, 'PUT', `${MERCH}/instruments/${row.id}`, { basis: '-0.30' })).statusCode).toBe(428);
    const ok = await call(buyer, 'PUT', `${MERCH}/instruments/${row.id}`, { basis: '-0.30' }, ifMatch(1));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe('"2"');
    expect(ok.json()).toMatchObject({ basis: '-0.3000', cashPrice: '4.0500', version: 2 });
    const stale = await call(buyer, 'PUT', `${MERCH}/instruments/${row.id}`, { basis: '-0.25' }, ifMatch(1));
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'precondition_failed', details: { currentVersion: 2 } });
    const bad = await call(buyer, 'PUT', `${MERCH}/instruments/${row.id}`, { basis: '9' }, ifMatch(2));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.problems).toEqual([{ field: 'basis', code: 'basis_out_of_bound' }]);
    expect(bad.json().message).toContain('between -500 and 500 cents');
    const empty = await call(buyer, 'PUT', `${MERCH}/instruments/${row.id}`, {}, ifMatch(2));
    expect(empty.statusCode).toBe(400);
  });

  it('keeps a cap at or above what is contracted', async () => {
    const row = await create({ quantityCap: '20000' });
    await t.database.db.update(instruments).set({ quantityContracted: '15000' }).where(eq(instruments.id, row.id));
    const res = await call(buyer, 'PUT', `${MERCH}/instruments/${row.id}`, { quantityCap: '10000' }, ifMatch(1));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.problems).toEqual([{ field: 'quantityCap', code: 'cap_below_contracted' }]);
    const fine = await call(buyer, 'PUT', `${MERCH}/instruments/${row.id}`, { quantityCap: '15000' }, ifMatch(1));
    expect(fine.json()).toMatchObject({ quantityRemaining: '0.0000' });
  });

  it('deletes (hidden from the list, shown with deleted=true) and undeletes', async () => {
    const row = await create({ name: 'To delete' });
    expect((await call(buyer, 'DELETE', `${MERCH}/instruments/${row.id}`)).statusCode).toBe(428);
    expect((await call(buyer, 'DELETE', `${MERCH}/instruments/${row.id}`, undefined, ifMatch(7))).statusCode).toBe(412);
    const del = await call(buyer, 'DELETE', `${MERCH}/instruments/${row.id}`, undefined, ifMatch(1));
    expect(del.statusCode).toBe(200);
    expect(del.json().deletedAt).not.toBeNull();
    expect(del.json().version).toBe(2);
    const live = (
      await call(buyer, 'GET', `${MERCH}/instruments/market/${fx.marketAll}`)
    ).json() as InstrumentListResponse;
    expect(live.rows.map((r) => r.id)).not.toContain(row.id);
    const withDeleted = (
      await call(buyer, 'GET', `${MERCH}/instruments/market/${fx.marketAll}?deleted=true`)
    ).json() as InstrumentListResponse;
    expect(withDeleted.rows.find((r) => r.id === row.id)?.deletedAt).not.toBeNull();
    const only = (
      await call(buyer, 'GET', `${MERCH}/instruments/market/${fx.marketAll}?deleted=only`)
    ).json() as InstrumentListResponse;
    expect(only.rows.every((r) => r.deletedAt !== null)).toBe(true);
    // A deleted bid is not edited.
    expect((await call(buyer, 'PUT', `${MERCH}/instruments/${row.id}`, { basis: '-0.1' }, ifMatch(2))).statusCode).toBe(
      409,
    );
    const undo = await call(buyer, 'POST', `${MERCH}/instruments/undelete/${row.id}`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({ deletedAt: null, version: 3 });
    expect(
      (await call(buyer, 'POST', `${MERCH}/instruments/undelete/${row.id}`, undefined, ifMatch(2))).statusCode,
    ).toBe(412);
  });
});

describe('bulk basis move', () => {
  it('moves the chosen bids by N cents, exactly', async () => {
    const a = await create({ basis: '-0.3400' });
    const b = await create({ basis: '-0.2875' });
    const res = await call(buyer, 'POST', `${MERCH}/instruments/market/${fx.marketAll}/basis`, {
      instrumentIds: [a.id, b.id],
      adjustmentCents: '-2.5',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { rows: InstrumentRow[] }).rows;
    expect(rows.map((r) => [r.id, r.basis, r.version])).toEqual([
      [a.id, '-0.3650', 2],
      [b.id, '-0.3125', 2],
    ]);
    expect(rows[0]!.cashPrice).toBe('3.9900'); // 4.3525 - 0.3650 = 3.9875 → 3.99
  });

  it('is all or nothing: one basis leaving the bound refuses the move', async () => {
    const a = await create({ basis: '-0.3000' });
    const b = await create({ basis: '-4.9000' });
    const res = await call(buyer, 'POST', `${MERCH}/instruments/market/${fx.marketAll}/basis`, {
      instrumentIds: [a.id, b.id],
      adjustmentCents: '-20',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_request',
      details: { refused: [{ id: b.id, code: 'basis_out_of_bound' }] },
    });
    const after = (await call(buyer, 'GET', `${MERCH}/instruments/${a.id}`)).json() as InstrumentRow;
    expect(after).toMatchObject({ basis: '-0.3000', version: 1 });
  });

  it('moves a whole crop at a market, refuses flat, deleted and other markets’ bids', async () => {
    const canola = await create({ marketId: fx.marketBidsOnly, cropId: 11, futuresSymbol: rs, basis: '-30.00' });
    const res = await call(buyer, 'POST', `${MERCH}/instruments/market/${fx.marketBidsOnly}/basis`, {
      cropId: 11,
      adjustmentCents: '150',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { rows: InstrumentRow[] }).rows.find((r) => r.id === canola.id)?.basis).toBe('-28.5000');

    const flat = await create({ pricing: 'flat', futuresSymbol: null, basis: null, flatPrice: '4.00' });
    const refusedFlat = await call(buyer, 'POST', `${MERCH}/instruments/market/${fx.marketAll}/basis`, {
      instrumentIds: [flat.id],
      adjustmentCents: '1',
    });
    expect(refusedFlat.statusCode).toBe(400);
    const other = await call(buyer, 'POST', `${MERCH}/instruments/market/${fx.marketAll}/basis`, {
      instrumentIds: [canola.id],
      adjustmentCents: '1',
    });
    expect(other.statusCode).toBe(404);
    const both = await call(buyer, 'POST', `${MERCH}/instruments/market/${fx.marketAll}/basis`, {
      instrumentIds: [1],
      cropId: 1,
      adjustmentCents: '1',
    });
    expect(both.statusCode).toBe(400);
    const tooFine = await call(buyer, 'POST', `${MERCH}/instruments/market/${fx.marketAll}/basis`, {
      cropId: 1,
      adjustmentCents: '0.125',
    });
    expect(tooFine.statusCode).toBe(400);
  });

  it('refuses an adjustment that is not a number with 400, and moves nothing (it answered 500)', async () => {
    const a = await create({ basis: '-0.3000' });
    for (const adjustmentCents of ['', 'abc', '1e999', 'NaN', ' 5']) {
      for (const target of [{ cropId: 1 }, { instrumentIds: [a.id] }]) {
        const res = await call(buyer, 'POST', `${MERCH}/instruments/market/${fx.marketAll}/basis`, {
          ...target,
          adjustmentCents,
        });
        expect(res.statusCode, `${JSON.stringify(adjustmentCents)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid_request' });
      }
    }
    const [row] = await t.database.db
      .select({ basis: instruments.basis })
      .from(instruments)
      .where(eq(instruments.id, a.id));
    expect(row?.basis).toBe('-0.3000');
  });

  it('refuses a farmer a market id beyond the markets serial column with 400 (it answered 500)', async () => {
    for (const marketId of ['2147483648', '15652073310', '999999999999999']) {
      const res = await call(farmer, 'GET', `${MERCH}/market/${marketId}/bids`);
      expect(res.statusCode, `${marketId}: ${res.body}`).toBe(400);
    }
    expect((await call(farmer, 'GET', `${MERCH}/market/2147483647/bids`)).statusCode).toBe(404);
  });

  it('refuses an instrument whose basis, flat price or quantity cap is not a number with 400 (the quantity cap answered 500)', async () => {
    for (const field of ['basis', 'flatPrice', 'quantityCap']) {
      for (const value of ['', 'abc', '1e999']) {
        const body =
          field === 'flatPrice'
            ? bid({ pricing: 'flat', futuresSymbol: null, basis: null, flatPrice: value })
            : bid({ [field]: value });
        const res = await call(buyer, 'POST', `${MERCH}/instruments`, body);
        expect(res.statusCode, `${field} ${JSON.stringify(value)}: ${res.body}`).toBe(400);
      }
    }
  });
});

describe('demo seed', () => {
  it('bids corn, soybeans and wheat at every demo market, canola per tonne in Canada, within the bound, with quotes', async () => {
    const db = t.database.db;
    const all = await db.select().from(instruments);
    const demoMarkets = await db
      .select({ id: markets.id, slug: markets.slug, country: markets.countryCode })
      .from(markets);
    for (const m of demoMarkets.filter((x) => !x.slug.startsWith('fx-'))) {
      const crops = new Set(all.filter((b) => b.marketId === m.id).map((b) => b.cropId));
      expect(
        [...crops].sort((a, b) => a - b),
        m.slug,
      ).toEqual(m.country === 'CAN' ? [1, 2, 11, 45] : [1, 2, 45]);
    }
    const seeded = all.filter((b) => b.createdBy === null);
    expect(seeded.filter((b) => b.visibility === 'private').length).toBe(2); // one per partner
    expect(seeded.filter((b) => b.deletedAt !== null).length).toBe(1);
    expect(seeded.some((b) => b.quantityCap !== null)).toBe(true);
    const canola = seeded.filter((b) => b.cropId === 11);
    expect(canola.every((b) => Number(b.basis) <= -18 && Number(b.basis) >= -42 && b.quantityUnit === 'tonnes')).toBe(
      true,
    );
    const corn = seeded.filter((b) => b.cropId === 1 && b.visibility === 'public');
    expect(corn.every((b) => Number(b.basis) <= -0.1 && Number(b.basis) >= -0.8)).toBe(true);
    const [ames] = demoMarkets.filter((m) => m.slug === 'ames');
    const board = await publicBids(db, { partnerId: 'demo', marketId: ames!.id });
    expect(board.rows.length).toBeGreaterThan(8);
    expect(board.rows.every((r) => r.cashPrice !== null && r.futuresLast !== null)).toBe(true);
  });
});

describe('live events', () => {
  it("publishes 'bids:market:<id>' with the changed bids after each change", async () => {
    const got: { topic: string; payload: unknown }[] = [];
    const stop = await subscribe(t.database, (e) => got.push({ topic: e.topic, payload: e.payload }));
    // An earlier test's change may still be on its way from PostgreSQL's LISTEN connection: let it pass first.
    await new Promise((r) => setTimeout(r, 100));
    got.length = 0;
    try {
      const row = await create();
      await call(buyer, 'POST', `${MERCH}/instruments/market/${fx.marketAll}/basis`, {
        instrumentIds: [row.id],
        adjustmentCents: '1',
      });
      for (let i = 0; i < 50 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(got).toEqual([
        {
          topic: `bids:market:${fx.marketAll}`,
          payload: { marketId: fx.marketAll, action: 'created', instrumentIds: [row.id] },
        },
        {
          topic: `bids:market:${fx.marketAll}`,
          payload: { marketId: fx.marketAll, action: 'basis_moved', instrumentIds: [row.id] },
        },
      ]);
    } finally {
      stop();
    }
  });
});

describe('rounding modes', () => {
  it('prices with the market’s rounding mode for the crop', async () => {
    const row = await create({ basis: '-0.3400' }); // 4.0125
    const db = t.database.db;
    for (const [mode, cash] of [
      ['down_cent', '4.0100'],
      ['up_cent', '4.0200'],
      ['nearest_quarter_cent', '4.0125'],
      ['nearest_half_cent', '4.0150'],
    ] as const) {
      await db
        .insert(marketRoundingModes)
        .values({ marketId: fx.marketAll, cropId: 1, roundingMode: mode })
        .onConflictDoUpdate({
          target: [marketRoundingModes.marketId, marketRoundingModes.cropId],
          set: { roundingMode: mode },
        });
      expect((await call(buyer, 'GET', `${MERCH}/instruments/${row.id}`)).json()).toMatchObject({
        roundingMode: mode,
        cashPrice: cash,
      });
    }
    await db
      .delete(marketRoundingModes)
      .where(and(eq(marketRoundingModes.marketId, fx.marketAll), eq(marketRoundingModes.cropId, 1)));
  });
});

describe('public bids', () => {
  it('gives public, live bids without caps or notes (publicBids and the farmer route)', async () => {
    const db = t.database.db;
    const [ames] = await db
      .select({ id: markets.id })
      .from(markets)
      .where(and(eq(markets.partnerId, 'demo'), eq(markets.slug, 'ames')));
    const pub = await create({ marketId: ames!.id, name: 'Public one', quantityCap: '1000', notes: 'secret note' });
    await create({ marketId: ames!.id, name: 'Private one', visibility: 'private' });
    const gone = await create({ marketId: ames!.id, name: 'Deleted one' });
    await call(buyer, 'DELETE', `${MERCH}/instruments/${gone.id}`, undefined, ifMatch(1));

    const direct = await publicBids(db, { partnerId: 'demo', marketId: ames!.id });
    const names = direct.rows.map((r) => r.name);
    expect(names).toContain('Public one');
    expect(names).not.toContain('Private one');
    expect(names).not.toContain('Deleted one');
    const mine = direct.rows.find((r) => r.id === pub.id)!;
    expect(mine).not.toHaveProperty('quantityCap');
    expect(mine).not.toHaveProperty('notes');
    expect(mine.cashPrice).toBe(pub.cashPrice);
    expect((await publicBids(db, { partnerId: 'prairie', marketId: ames!.id })).rows).toEqual([]);
  });

  it('answers a farmer who is a client of the market, and 404 otherwise', async () => {
    const db = t.database.db;
    const [ames] = await db
      .select({ id: markets.id })
      .from(markets)
      .where(and(eq(markets.partnerId, 'demo'), eq(markets.slug, 'ames')));
    const res = await call(farmer, 'GET', `${MERCH}/market/${ames!.id}/bids`);
    // The demo farmer's farm is a client at Ames (the demo seed's named client).
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PublicBidsResponse;
    expect(body.marketId).toBe(ames!.id);
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.rows.every((r) => !('quantityCap' in r))).toBe(true);
    expect((await call(farmer, 'GET', `${MERCH}/market/${fx.prairieMarket}/bids`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${MERCH}/market/${ames!.id}/bids`)).statusCode).toBe(401);
  });
});
