// Pricing operations (docs/decisions/041) over a real database: arithmetic of the stored averages, bounds, states,
// concurrency (409/412), permissions, another partner's ids, and the audit record committed with the change only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CROP_IDS, futuresSymbol, type ContractOperationResponse } from '@granary/domain';
import { startCrmTestApp, injectAs, type CrmTestApp } from '../../testing/crm-test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import {
  auditLog,
  contractAddenda,
  contracts,
  futuresSymbols,
  pricingEvents,
  quotes,
  structuredAddendaNames,
  users,
} from '../../db/schema/index.ts';
import { farmerClients } from '../profit-center/profit-center.public.ts';
import { seedStructuredAddendaNames } from './pricing-operations.repo.ts';

const CTRM = '/api/commodities/ctrm';
const PC = '/api/commodities/profit-center';

let app: CrmTestApp;
let farmerClientId: number;
let seq = 0;

beforeAll(async () => {
  app = await startCrmTestApp();
  const [farmerUser] = await app.t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.farmer));
  const mine = (await farmerClients(app.t.database.db, farmerUser!.id)).filter((c) => c.partnerId === 'demo');
  farmerClientId = mine[0]?.id ?? app.fx.demoClients[0]!;
  await seedStructuredAddendaNames(app.t.database.db, 'demo');
});
afterAll(async () => app?.t.close());

/** A fresh open purchase contract of 10,000 bu of corn at Ames, nothing fixed (or as given). */
async function newContract(over: Partial<typeof contracts.$inferInsert> = {}) {
  seq += 1;
  const [row] = await app.t.database.db
    .insert(contracts)
    .values({
      partnerId: 'demo',
      marketId: app.fx.marketAll,
      clientId: farmerClientId,
      displayContractId: `PX-${seq}-${Date.now() % 100000}`,
      contractType: 'hta',
      cropId: CROP_IDS.corn,
      cropYear: 2026,
      quantity: '10000',
      deliveryStart: '2026-11-01',
      deliveryEnd: '2026-12-31',
      optionMonth: '2026-12',
      priceStatus: 'unpriced',
      contractDate: '2026-10-01',
      ...over,
    })
    .returning();
  return row!;
}

const urlOf = (c: { clientId: number; id: number }) => `${CTRM}/seller/${c.clientId}/contract/${c.id}`;

async function op(c: { clientId: number; id: number }, path: string, body: object, version: number) {
  return injectAs(app.t, app.buyer, 'POST', `${urlOf(c)}/${path}`, body, { 'if-match': `"${version}"` });
}

async function versionOf(id: number): Promise<number> {
  const [row] = await app.t.database.db.select({ v: contracts.version }).from(contracts).where(eq(contracts.id, id));
  return row!.v;
}

async function auditCount(contractId: number): Promise<number> {
  const [row] = await app.t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'contract'), eq(auditLog.targetId, String(contractId))));
  return Number(row!.n);
}

describe('basis set and futures set', () => {
  it('partial pricings with awkward quantities keep exact stored averages', async () => {
    const c = await newContract();
    let v = c.version;
    const steps: [string, object][] = [
      ['futures-set', { quantity: '3333.3333', futuresPrice: '4.1275' }],
      ['futures-set', { quantity: '3333.3333', futuresPrice: '4.2525' }],
      ['basis-set', { quantity: '5000.5', basis: '-0.3525' }],
    ];
    for (const [path, body] of steps) {
      const res = await op(c, path, body, v);
      expect(res.statusCode, res.body).toBe(200);
      v += 1;
      expect(res.headers.etag).toBe(`"${v}"`);
    }
    const [row] = await app.t.database.db.select().from(contracts).where(eq(contracts.id, c.id));
    // 5000.5 bu priced: 3333.3333 at 4.1275 and 1667.1667 at 4.2525 → futures avg over the events:
    // futures fixed on 6666.6666 bu (avg 4.19), basis −0.3525 on 5000.5; cash over the priced 5000.5 bu:
    // (3333.3333×3.775 + 1667.1667×3.9) / 5000.5 = 3.81667...
    expect(row!.pricedQuantity).toBe('5000.5000');
    expect(row!.priceStatus).toBe('partially_priced');
    expect(row!.futuresPrice).toBe('4.1900');
    expect(row!.basis).toBe('-0.3525');
    expect(row!.cashPrice).toBe('3.8167');
    const events = await app.t.database.db.select().from(pricingEvents).where(eq(pricingEvents.contractId, c.id));
    const total = events.reduce((a, e) => a + Number(e.quantity) * 10000, 0) / 10000;
    expect(total).toBe(3333.3333 + 3333.3333 + (5000.5 - 3333.3333 - 1667.1667));

    // The rest: futures on 3333.3334, basis on 4999.5 → fully priced; the contract is still undelivered: open.
    expect((await op(c, 'futures-set', { quantity: '3333.3334', futuresPrice: '4.3775' }, v)).statusCode).toBe(200);
    v += 1;
    const last = await op(c, 'basis-set', { quantity: '4999.5', basis: '-0.3525' }, v);
    expect(last.statusCode).toBe(200);
    const body = last.json() as ContractOperationResponse;
    expect(body.contract.contract.priceStatus).toBe('priced');
    expect(body.amendment.action).toBe('basis_set');
    const [done] = await app.t.database.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(done!.futuresPrice).toBe('4.2525');
    expect(done!.cashPrice).toBe('3.9000');
    expect(done!.status).toBe('open');
    // Each operation is one amendment and one audit record.
    expect(await auditCount(c.id)).toBe(5);
  });

  it('more than the open quantity is 400 with the field; a fixed contract 409; cancelled 409', async () => {
    const c = await newContract();
    const over = await op(c, 'basis-set', { quantity: '10000.0001', basis: '-0.3' }, c.version);
    expect(over.statusCode).toBe(400);
    expect(over.json().details.fields.quantity).toMatch(/At most 10000/);
    expect(await versionOf(c.id)).toBe(c.version);
    expect(await auditCount(c.id)).toBe(0);
    expect((await op(c, 'basis-set', { quantity: '10000', basis: '-0.3' }, c.version)).statusCode).toBe(200);
    const again = await op(c, 'basis-set', { quantity: '1', basis: '-0.3' }, c.version + 1);
    expect(again.statusCode).toBe(409);
    expect(await auditCount(c.id)).toBe(1);

    const cancelled = await newContract({ status: 'cancelled', cancelledQuantity: '10000' });
    expect(
      (await op(cancelled, 'futures-set', { quantity: '1', futuresPrice: '4' }, cancelled.version)).statusCode,
    ).toBe(409);
    for (const bad of [
      { quantity: '0', basis: '0' },
      { quantity: '5', basis: '-6' },
      { quantity: '5' },
      { quantity: '5', basis: '1', x: 1 },
    ]) {
      expect((await op(c, 'basis-set', bad, c.version + 1)).statusCode).toBe(400);
    }
    expect(
      (await op(c, 'futures-set', { quantity: '5', futuresPrice: '4', useLivePrice: true }, c.version + 1)).statusCode,
    ).toBe(400);
  });

  it('two futures-sets on the last 5,000 bu at the same moment: one wins, the other is refused and changes nothing', async () => {
    const c = await newContract();
    expect((await op(c, 'futures-set', { quantity: '5000', futuresPrice: '4.1' }, c.version)).statusCode).toBe(200);
    const v = c.version + 1;
    const [a, b] = await Promise.all([
      op(c, 'futures-set', { quantity: '5000', futuresPrice: '4.2' }, v),
      op(c, 'futures-set', { quantity: '5000', futuresPrice: '4.3' }, v),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412]);
    // The loser reloads and tries again: nothing is open any more.
    const retry = await op(c, 'futures-set', { quantity: '5000', futuresPrice: '4.3' }, v + 1);
    expect(retry.statusCode).toBe(409);
    const events = await app.t.database.db.select().from(pricingEvents).where(eq(pricingEvents.contractId, c.id));
    expect(events).toHaveLength(2);
    expect(await auditCount(c.id)).toBe(2);
  });

  it('futures at the live price of the contract month; 409 without a live price', async () => {
    const db = app.t.database.db;
    const symbol = futuresSymbol('ZC', '2026-12');
    await db
      .insert(futuresSymbols)
      .values({
        symbol,
        root: 'ZC',
        exchange: 'CBOT',
        cropId: CROP_IDS.corn,
        monthCode: 'Z',
        optionMonth: '2026-12',
        lastTradeDay: '2026-12-14',
      })
      .onConflictDoNothing();
    await db
      .insert(quotes)
      .values({ symbol, last: '4.4125', tradeDate: '2026-11-27', source: 'simulated' })
      .onConflictDoUpdate({ target: quotes.symbol, set: { last: '4.4125' } });
    const c = await newContract();
    const res = await op(c, 'futures-set', { quantity: '2500', useLivePrice: true }, c.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amendment.details).toMatchObject({ futuresPrice: '4.4125', livePrice: { symbol } });
    const none = await newContract({ optionMonth: '2031-03' });
    const refused = await op(none, 'futures-set', { quantity: '1', useLivePrice: true }, none.version);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/No live price/);
  });

  it('a contract stored without events keeps its figures: its futures-set bushels take the basis and become priced', async () => {
    const c = await newContract({ priceStatus: 'futures_set', futuresPrice: '4.5000' });
    const res = await op(c, 'basis-set', { quantity: '4000', basis: '-0.25' }, c.version);
    expect(res.statusCode).toBe(200);
    const [row] = await app.t.database.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(row!.futuresPrice).toBe('4.5000');
    expect(row!.pricedQuantity).toBe('4000.0000');
    expect(row!.cashPrice).toBe('4.2500');
    expect(row!.priceStatus).toBe('partially_priced');
  });
});

describe('addenda, credit sale, secondary obligations', () => {
  it('a pricing addendum prices part of the quantity as its own row, numbered <contract>-P<n>', async () => {
    const c = await newContract();
    const res = await op(
      c,
      'pricing-addenda',
      { quantity: '1234.5678', futuresPrice: '4.33', basis: '-0.4075' },
      c.version,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [addendum] = await app.t.database.db
      .select()
      .from(contractAddenda)
      .where(eq(contractAddenda.contractId, c.id));
    expect(addendum).toMatchObject({
      kind: 'pricing',
      displayAddendumId: `${c.displayContractId}-P1`,
      quantity: '1234.5678',
      cashPrice: '3.9225',
    });
    expect(res.json().contract.contract.unpricedQuantity).toBe('8765.4322');
    expect(res.json().contract.contract.averageCash).toBe('3.9225');
    const over = await op(
      c,
      'pricing-addenda',
      { quantity: '8765.4323', futuresPrice: '4', basis: '0' },
      c.version + 1,
    );
    expect(over.statusCode).toBe(400);
    const extras = (await injectAs(app.t, app.buyer, 'GET', `${urlOf(c)}/pricing`)).json();
    expect(extras.unfixedQuantity).toBe('8765.4322');
    expect(extras.addenda).toHaveLength(1);
  });

  it('a structured addendum records a name and terms, no price', async () => {
    const c = await newContract();
    const names = (await injectAs(app.t, app.buyer, 'GET', `${CTRM}/structured-addenda-names`)).json().names;
    expect(names.length).toBeGreaterThan(2);
    const res = await op(
      c,
      'structured-addendum',
      { name: names[0].name, terms: { premium: '0.05', days: 30 } },
      c.version,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().contract.contract.priceStatus).toBe('unpriced');
    const [addendum] = await app.t.database.db
      .select()
      .from(contractAddenda)
      .where(eq(contractAddenda.contractId, c.id));
    expect(addendum).toMatchObject({ kind: 'structured', name: names[0].name, terms: { premium: '0.05', days: 30 } });
    expect((await injectAs(app.t, app.prairie, 'GET', `${CTRM}/structured-addenda-names`)).json().names).toEqual(
      (
        await app.t.database.db
          .select()
          .from(structuredAddendaNames)
          .where(eq(structuredAddendaNames.partnerId, 'prairie'))
      ).map((n) => ({ id: n.id, name: n.name, description: n.description })),
    );
  });

  it('credit sale: a priced purchase only, on a later day', async () => {
    const unpriced = await newContract();
    expect(
      (await op(unpriced, 'credit-sale', { deferredPaymentDate: '2099-01-15' }, unpriced.version)).statusCode,
    ).toBe(409);
    const priced = await newContract({
      contractType: 'flat',
      priceStatus: 'priced',
      pricedQuantity: '10000',
      futuresPrice: '4.4',
      basis: '-0.3',
      cashPrice: '4.1',
    });
    const past = await op(priced, 'credit-sale', { deferredPaymentDate: '2020-01-15' }, priced.version);
    expect(past.statusCode).toBe(400);
    expect(past.json().details.fields.deferredPaymentDate).toBeTruthy();
    const ok = await op(priced, 'credit-sale', { deferredPaymentDate: '2099-01-15' }, priced.version);
    expect(ok.statusCode).toBe(200);
    const [row] = await app.t.database.db.select().from(contracts).where(eq(contracts.id, priced.id));
    expect(row!.deferredPaymentDate).toBe('2099-01-15');
    const sale = await newContract({
      direction: 'sale',
      priceStatus: 'priced',
      pricedQuantity: '10000',
      cashPrice: '4',
    });
    expect((await op(sale, 'credit-sale', { deferredPaymentDate: '2099-01-15' }, sale.version)).statusCode).toBe(409);
  });

  it('a secondary obligation and its events: created, then fulfilled once', async () => {
    const c = await newContract();
    const res = await op(
      c,
      'secondary-obligation',
      { kind: 'delivery', quantity: '2500', dueDate: '2027-01-31' },
      c.version,
    );
    expect(res.statusCode, res.body).toBe(200);
    let extras = (await injectAs(app.t, app.buyer, 'GET', `${urlOf(c)}/pricing`)).json();
    const obligation = extras.obligations[0];
    expect(obligation).toMatchObject({ kind: 'delivery', quantity: '2500', status: 'open' });
    expect(obligation.events.map((e: { action: string }) => e.action)).toEqual(['created']);
    const path = `secondary-obligation/${obligation.id}/events`;
    expect((await op(c, path, { action: 'fulfilled', note: 'Hauled' }, c.version + 1)).statusCode).toBe(200);
    expect((await op(c, path, { action: 'cancelled' }, c.version + 2)).statusCode).toBe(409);
    expect((await op(c, `secondary-obligation/999999/events`, { action: 'cancelled' }, c.version + 2)).statusCode).toBe(
      404,
    );
    extras = (await injectAs(app.t, app.buyer, 'GET', `${urlOf(c)}/pricing`)).json();
    expect(extras.obligations[0].status).toBe('fulfilled');
    expect(extras.obligations[0].events.map((e: { action: string }) => e.action)).toEqual(['created', 'fulfilled']);
  });
});

describe('access', () => {
  it("another partner's contract is 404, a farmer 403, a market without contracts 403, no If-Match 428", async () => {
    const c = await newContract();
    const body = { quantity: '1', basis: '0' };
    expect(
      (await injectAs(app.t, app.prairie, 'POST', `${urlOf(c)}/basis-set`, body, { 'if-match': '"1"' })).statusCode,
    ).toBe(404);
    expect(
      (await injectAs(app.t, app.farmer, 'POST', `${urlOf(c)}/basis-set`, body, { 'if-match': '"1"' })).statusCode,
    ).toBe(403);
    expect((await injectAs(app.t, app.buyer, 'POST', `${urlOf(c)}/basis-set`, body)).statusCode).toBe(428);
    const regina = await newContract({ marketId: app.fx.marketBidsOnly });
    expect((await op(regina, 'basis-set', body, regina.version)).statusCode).toBe(403);
    expect(await auditCount(c.id)).toBe(0);
  });
});

describe('reads', () => {
  it('open positions sum undelivered and unpriced bushels by crop, year and month, per market', async () => {
    const res = await injectAs(
      app.t,
      app.buyer,
      'GET',
      `${CTRM}/contracts/open/purchase?market_id=${app.fx.marketAll}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [expected] = await app.t.database.db
      .select({
        n: sql<number>`count(*)::int`,
        unpriced: sql<string>`sum(greatest(quantity - cancelled_quantity - priced_quantity, 0))`,
      })
      .from(contracts)
      .where(
        and(
          eq(contracts.marketId, app.fx.marketAll),
          eq(contracts.status, 'open'),
          eq(contracts.direction, 'purchase'),
        ),
      );
    expect(body.rows.reduce((a: number, r: { contracts: number }) => a + r.contracts, 0)).toBe(expected!.n);
    const unpriced = body.rows.reduce(
      (a: bigint, r: { unpricedQuantity: string }) => a + BigInt(Math.round(Number(r.unpricedQuantity) * 10000)),
      0n,
    );
    expect(unpriced).toBe(BigInt(Math.round(Number(expected!.unpriced) * 10000)));
    expect((await injectAs(app.t, app.buyer, 'GET', `${CTRM}/contracts/open/sales`)).statusCode).toBe(200);
    expect(
      (await injectAs(app.t, app.prairie, 'GET', `${CTRM}/contracts/open/purchase?market_id=${app.fx.marketAll}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await injectAs(app.t, app.buyer, 'GET', `${CTRM}/contracts/open/purchase?market_id=${app.fx.marketNone}`))
        .statusCode,
    ).toBe(403);
  });

  it('related contracts: the same client, crop and crop year; another partner 404', async () => {
    const a = await newContract();
    const b = await newContract();
    const res = await injectAs(app.t, app.buyer, 'GET', `${CTRM}/contracts/related/${a.id}`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().rows.map((r: { id: number }) => r.id);
    expect(ids).toContain(b.id);
    expect(ids).not.toContain(a.id);
    expect((await injectAs(app.t, app.prairie, 'GET', `${CTRM}/contracts/related/${a.id}`)).statusCode).toBe(404);
  });

  it("the farmer reads their own contracts' pricing events and addenda, nobody else's", async () => {
    const c = await newContract();
    await op(c, 'pricing-addenda', { quantity: '100', futuresPrice: '4.5', basis: '-0.2' }, c.version);
    const events = await injectAs(app.t, app.farmer, 'GET', `${PC}/contracts/pricing-events?contractId=${c.id}`);
    expect(events.statusCode, events.body).toBe(200);
    const mine = events.json().rows;
    const ownsIt = (
      await farmerClients(
        app.t.database.db,
        (await app.t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.farmer)))[0]!
          .id,
      )
    ).some((x) => x.id === c.clientId);
    expect(ownsIt).toBe(true);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ quantity: '100', cashPrice: '4.3' });
    const addenda = (await injectAs(app.t, app.farmer, 'GET', `${PC}/contracts/addenda?contractId=${c.id}`)).json()
      .rows;
    expect(addenda[0].displayAddendumId).toBe(`${c.displayContractId}-P1`);
    expect((await injectAs(app.t, app.farmer, 'GET', `${PC}/contracts/pricing-event/${mine[0].id}`)).statusCode).toBe(
      200,
    );
    expect((await injectAs(app.t, app.farmer, 'GET', `${PC}/contracts/addenda/${addenda[0].id}`)).statusCode).toBe(200);
    // Another client's contract: its events are not in the farmer's list, and by id they are 404.
    const other = await newContract({ clientId: app.fx.demoClients.find((id) => id !== farmerClientId)! });
    await op(other, 'pricing-addenda', { quantity: '100', futuresPrice: '4.5', basis: '-0.2' }, other.version);
    const [otherEvent] = await app.t.database.db
      .select({ id: pricingEvents.id })
      .from(pricingEvents)
      .where(eq(pricingEvents.contractId, other.id));
    expect(
      (await injectAs(app.t, app.farmer, 'GET', `${PC}/contracts/pricing-event/${otherEvent!.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await injectAs(app.t, app.farmer, 'GET', `${PC}/contracts/pricing-events?contractId=${other.id}`)).json().rows,
    ).toEqual([]);
    // A buyer is no farmer; someone else's event is 404.
    expect((await injectAs(app.t, app.buyer, 'GET', `${PC}/contracts/pricing-events`)).statusCode).toBe(403);
    expect((await injectAs(app.t, app.farmer, 'GET', `${PC}/contracts/pricing-event/999999999`)).statusCode).toBe(404);
  });
});
