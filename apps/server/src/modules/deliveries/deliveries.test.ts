import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toDecimal } from '@granary/domain';
import { startCrmTestApp, injectAs, type CrmTestApp } from '../../testing/crm-test-app.ts';
import { clientMarkets, contracts, instruments, legalEntities } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';

const CTRM = '/api/commodities/ctrm';
let s: CrmTestApp;
let client: number;
let other: number;
let year: number;
/** The client's open corn contracts at Ames, in FIFO order: A (Oct, 1,000 bu), B (Oct later date, 500), C (Nov, 2,000). */
let cA: number;
let cB: number;
let cC: number;

beforeAll(async () => {
  s = await startCrmTestApp();
  const db = s.t.database.db;
  year = Number(s.fx.today.slice(0, 4));
  const [a, b] = await db
    .insert(legalEntities)
    .values([
      { partnerId: 'demo', kind: 'client' as const, name: 'Quist Landlord LLC' },
      { partnerId: 'demo', kind: 'client' as const, name: 'Ruud Tenant Farms' },
    ])
    .returning({ id: legalEntities.id });
  client = a!.id;
  other = b!.id;
  await db.insert(clientMarkets).values([
    { clientId: client, marketId: s.fx.marketAll },
    { clientId: other, marketId: s.fx.marketAll },
  ]);
  const base = {
    partnerId: 'demo',
    marketId: s.fx.marketAll,
    clientId: client,
    contractType: 'flat' as const,
    cropId: 1,
    cropYear: year,
    priceStatus: 'priced' as const,
    pricedQuantity: '0',
    cashPrice: '4.1000',
  };
  const rows = await db
    .insert(contracts)
    .values([
      {
        ...base,
        displayContractId: 'D-C',
        quantity: '2000',
        deliveryStart: `${year}-11-01`,
        deliveryEnd: `${year}-11-30`,
        contractDate: `${year}-01-01`,
      },
      {
        ...base,
        displayContractId: 'D-A',
        quantity: '1000',
        deliveryStart: `${year}-10-01`,
        deliveryEnd: `${year}-10-31`,
        contractDate: `${year}-01-01`,
      },
      {
        ...base,
        displayContractId: 'D-B',
        quantity: '500',
        deliveryStart: `${year}-10-01`,
        deliveryEnd: `${year}-10-31`,
        contractDate: `${year}-02-01`,
      },
    ])
    .returning({ id: contracts.id });
  [cC, cA, cB] = rows.map((r) => r.id) as [number, number, number];
  // Priced quantities equal to the quantity, so that a fully delivered contract completes.
  await db.execute(sql`update contracts set priced_quantity = quantity where id in (${cA}, ${cB}, ${cC})`);
});
afterAll(() => s.t.close());

const post = (url: string, body: object, caller = s.buyer, headers: Record<string, string> = {}) =>
  injectAs(s.t, caller, 'POST', `${CTRM}${url}`, body, headers);
const get = (url: string, caller = s.buyer) => injectAs(s.t, caller, 'GET', `${CTRM}${url}`);

const load = (over: Record<string, unknown> = {}) => ({
  marketId: s.fx.marketAll,
  clientId: client,
  cropId: 1,
  cropYear: year,
  deliveryDate: s.fx.today,
  gross: '80000',
  tare: '28000',
  moisture: '17.30',
  testWeight: '52.50',
  damage: '7.30',
  foreignMaterial: '3.70',
  source: 'scale',
  ...over,
});

async function newTicket(over: Record<string, unknown> = {}) {
  const res = await post('/scale-tickets', load(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tickets as {
    id: number;
    displayScaleTicketId: string;
    quantity: string;
    unappliedQuantity: string;
  }[];
}

type Facts = { delivered: string; status: string; last: string | null; version: number };
async function contractFacts(id: number): Promise<Facts> {
  const rows = rowsOf<Facts>(
    await s.t.database.db.execute(
      sql`select delivered_quantity::text as delivered, status, last_ticket_date::text as last, version from contracts where id = ${id}`,
    ),
  );
  return rows[0]!;
}
async function ticketFacts(id: number) {
  const rows = rowsOf<{ applied: string; unapplied: string }>(
    await s.t.database.db.execute(
      sql`select applied_quantity::text as applied, unapplied_quantity::text as unapplied from scale_tickets where id = ${id}`,
    ),
  );
  return rows[0]!;
}
async function auditCount(action: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await s.t.database.db.execute(sql`select count(*)::int as n from audit_log where action = ${action}`),
  );
  return rows[0]!.n;
}
const eqDec = (a: string, b: string) => expect(toDecimal(a).equals(toDecimal(b)), `${a} = ${b}`).toBe(true);

describe('discount schedules', () => {
  it('starts from the crop’s schedule at version 0, saves with If-Match, refuses a stale version', async () => {
    const first = await get(`/discount-schedules/${s.fx.marketAll}/2`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ version: 0, baseMoisture: '13.00', testWeightPar: '54.00' });
    const terms = { ...body, baseMoisture: '13.50' };
    for (const k of ['id', 'marketId', 'cropId', 'version', 'updatedAt']) delete terms[k];
    const saved = await injectAs(s.t, s.buyer, 'PUT', `${CTRM}/discount-schedules/${s.fx.marketAll}/2`, terms, {
      'if-match': '"0"',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1, baseMoisture: '13.50' });
    expect(saved.headers.etag).toBe('"1"');
    const stale = await injectAs(s.t, s.buyer, 'PUT', `${CTRM}/discount-schedules/${s.fx.marketAll}/2`, terms, {
      'if-match': '"0"',
    });
    expect(stale.statusCode).toBe(412);
    const list = await get(`/discount-schedules/${s.fx.marketAll}`);
    expect(list.json().rows.map((r: { cropId: number }) => r.cropId)).toContain(2);
    expect(await auditCount('discount_schedule_save')).toBe(1);
  });

  it('answers 400 with the field for bad tables, 403 without deliveries, 404 for another partner’s market', async () => {
    const { json } = await get(`/discount-schedules/${s.fx.marketAll}/1`);
    const terms = { ...json() };
    for (const k of ['id', 'marketId', 'cropId', 'version', 'updatedAt']) delete terms[k];
    const bad = await injectAs(
      s.t,
      s.buyer,
      'PUT',
      `${CTRM}/discount-schedules/${s.fx.marketAll}/1`,
      {
        ...terms,
        damageBands: [
          { upTo: '3', centsPerUnit: '1' },
          { upTo: '2', centsPerUnit: '2' },
        ],
      },
      { 'if-match': '"0"' },
    );
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('damageBands');
    expect((await get(`/discount-schedules/${s.fx.marketBidsOnly}/1`)).statusCode).toBe(403);
    expect((await get(`/discount-schedules/${s.fx.prairieMarket}/1`)).statusCode).toBe(404);
  });
});

describe('scale tickets', () => {
  it('computes net bushels, shrink, drying and discounts from the market’s schedule and numbers the ticket', async () => {
    const preview = await post('/scale-tickets/preview', load());
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      grossBushels: '928.57',
      shrinkBushels: '34.54',
      netBushels: '894.03',
      dryingCharge: '96.11',
    });
    const before = await auditCount('scale_ticket_create');
    const [t] = await newTicket();
    expect(t!.displayScaleTicketId).toMatch(/^T-\d+$/);
    const row = t as unknown as Record<string, string>;
    eqDec(row.quantity!, '894.03');
    eqDec(row.unappliedQuantity!, '894.03');
    eqDec(row.grossQuantity!, '928.57');
    eqDec(row.shrinkQuantity!, '34.54');
    eqDec(row.dryingCharge!, '96.11');
    eqDec(row.weight!, '52000');
    expect(row.source).toBe('scale');
    // Grade discounts on the net bushels: 5¢ + 4.6¢ + 1.05¢ a bushel, each line to the cent.
    eqDec(row.discountAmount!, toDecimal('44.70').plus('41.13').plus('9.39').toFixed(2));
    expect(await auditCount('scale_ticket_create')).toBe(before + 1);
    const [next] = await newTicket();
    expect(Number(next!.displayScaleTicketId.slice(2))).toBe(Number(t!.displayScaleTicketId.slice(2)) + 1);
  });

  it('splits a load between landlord and tenant: one ticket each, bushels adding up exactly to the net', async () => {
    const tickets = await newTicket({
      splits: [
        { clientId: client, splitPct: '66.67' },
        { clientId: other, splitPct: '33.33' },
      ],
    });
    expect(tickets).toHaveLength(2);
    const [n] = tickets[0]!.displayScaleTicketId.match(/^T-\d+/)!;
    expect(tickets.map((t) => t.displayScaleTicketId)).toEqual([`${n}-1`, `${n}-2`]);
    eqDec(tickets[1]!.quantity, '297.98'); // 894.03 × 33.33 % = 297.979…
    eqDec(tickets[0]!.quantity, '596.05'); // the rest
    eqDec(toDecimal(tickets[0]!.quantity).plus(tickets[1]!.quantity).toFixed(), '894.03');
  });

  it('refuses bad input with 400 and the field, another partner’s client with 404, no permission with 403', async () => {
    const bad = await post('/scale-tickets', load({ tare: '90000' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('tare');
    const split = await post(
      '/scale-tickets',
      load({
        splits: [
          { clientId: client, splitPct: '50' },
          { clientId: other, splitPct: '49' },
        ],
      }),
    );
    expect(split.statusCode).toBe(400);
    expect((await post('/scale-tickets', load({ gross: 'lots' }))).statusCode).toBe(400);
    expect((await post('/scale-tickets', load({ clientId: s.fx.prairieClient }))).statusCode).toBe(404);
    expect((await post('/scale-tickets', load({ marketId: s.fx.marketBidsOnly }))).statusCode).toBe(403);
    expect((await post('/scale-tickets', load(), s.farmer)).statusCode).toBe(403);
    expect((await post('/scale-tickets', load({ marketId: s.fx.prairieMarket }))).statusCode).toBe(404);
  });
});

describe('applying tickets', () => {
  it('applies first-in-first-out by delivery window, then contract date, never past a contract’s open bushels', async () => {
    const [t1] = await newTicket({
      gross: '113200',
      tare: '28000',
      moisture: '15.00',
      testWeight: '56',
      damage: null,
      foreignMaterial: null,
    });
    // 85200 lb / 56 = 1521.43 bu: A takes 1,000, B 500, C 21.43.
    const proposal = await get(`/scale-tickets/apply-proposal?ticketIds=${t1!.id}`);
    expect(proposal.statusCode).toBe(200);
    expect(proposal.json().tickets[0].allocations).toEqual([
      { contractId: cA, quantity: '1000' },
      { contractId: cB, quantity: '500' },
      { contractId: cC, quantity: '21.43' },
    ]);
    const res = await post('/scale-tickets/apply', { tickets: [{ ticketId: t1!.id }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .applications.map((a: { displayContractId: string; quantity: string }) => [a.displayContractId, a.quantity]),
    ).toEqual([
      ['D-A', '1000'],
      ['D-B', '500'],
      ['D-C', '21.43'],
    ]);
    const a = await contractFacts(cA);
    eqDec(a.delivered, '1000');
    expect(a.status).toBe('completed');
    expect(a.last).toBe(s.fx.today);
    eqDec((await contractFacts(cC)).delivered, '21.43');
    expect((await contractFacts(cC)).status).toBe('open');
    const tf = await ticketFacts(t1!.id);
    eqDec(tf.applied, '1521.43');
    eqDec(tf.unapplied, '0');
    expect(await auditCount('scale_tickets_apply')).toBeGreaterThanOrEqual(1);
  });

  it('applies part of a ticket to the contract chosen, and refuses more than is open or unapplied (409, nothing changed)', async () => {
    const [t] = await newTicket({ moisture: null, testWeight: null, damage: null, foreignMaterial: null }); // 928.57 bu
    const part = await post('/scale-tickets/apply', {
      tickets: [{ ticketId: t!.id, allocations: [{ contractId: cC, quantity: '400.25' }] }],
    });
    expect(part.statusCode, part.body).toBe(200);
    eqDec((await ticketFacts(t!.id)).unapplied, '528.32');
    const before = await contractFacts(cC);
    eqDec(before.delivered, '421.68');
    const audits = await auditCount('scale_tickets_apply');

    const tooMuch = await post('/scale-tickets/apply', {
      tickets: [{ ticketId: t!.id, allocations: [{ contractId: cC, quantity: '600' }] }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain('528.32');
    const full = await post('/scale-tickets/apply', {
      tickets: [{ ticketId: t!.id, allocations: [{ contractId: cA, quantity: '1' }] }],
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toContain('D-A has only 0 bu open');
    expect(await contractFacts(cC)).toEqual(before);
    eqDec((await ticketFacts(t!.id)).unapplied, '528.32');
    expect(await auditCount('scale_tickets_apply')).toBe(audits);
  });

  it('lets one of two people applying the same ticket at once win; the other gets 409 with what is left', async () => {
    const [t] = await newTicket({
      gross: '33600',
      tare: '28000',
      moisture: null,
      testWeight: null,
      damage: null,
      foreignMaterial: null,
    }); // 100 bu
    const [r1, r2] = await Promise.all([
      post('/scale-tickets/apply', { tickets: [{ ticketId: t!.id }] }),
      post('/scale-tickets/apply', { tickets: [{ ticketId: t!.id }] }),
    ]);
    expect([r1!.statusCode, r2!.statusCode].sort()).toEqual([200, 409]);
    const loser = r1!.statusCode === 409 ? r1! : r2!;
    expect(loser.json().message).toContain('no unapplied bushels left');
    eqDec((await ticketFacts(t!.id)).applied, '100');
  });

  it('checks permissions: another partner’s ticket is 404, a farmer 403, a market without deliveries 403', async () => {
    const [t] = await newTicket();
    expect((await post('/scale-tickets/apply', { tickets: [{ ticketId: t!.id }] }, s.prairie)).statusCode).toBe(404);
    expect((await get(`/scale-tickets/apply-proposal?ticketIds=${t!.id}`, s.prairie)).statusCode).toBe(404);
    expect((await get(`/scale-tickets/${t!.id}/spot-sale`, s.prairie)).statusCode).toBe(404);
    expect((await get(`/scale-tickets/apply-proposal?ticketIds=1,x`)).statusCode).toBe(400);
    // Corn has no cash bid at Ames in the fixtures: nothing to sell at.
    expect((await get(`/scale-tickets/${t!.id}/spot-sale`)).json().bid).toBeNull();
    const noBid = await post(`/scale-tickets/${t!.id}/spot-sale`, { cashPrice: '4' });
    expect(noBid.statusCode).toBe(409);
    expect(noBid.json().message).toContain('no cash bid');
    expect((await post('/scale-tickets/apply', { tickets: [{ ticketId: t!.id }] }, s.farmer)).statusCode).toBe(403);
    const rows = rowsOf<{ id: number }>(
      await s.t.database.db.execute(
        sql`select id::int as id from scale_tickets where market_id = ${s.fx.marketBidsOnly} and unapplied_quantity > 0 limit 1`,
      ),
    );
    expect((await post('/scale-tickets/apply', { tickets: [{ ticketId: rows[0]!.id }] })).statusCode).toBe(403);
    expect((await post('/scale-tickets/apply', { tickets: [{ ticketId: 987654321 }] })).statusCode).toBe(404);
    expect((await post('/scale-tickets/apply', { tickets: [] })).statusCode).toBe(400);
  });

  it('unapplies: the bushels go back to the ticket and leave the contract, and a settled application is refused', async () => {
    const [t] = await newTicket({
      gross: '39200',
      tare: '28000',
      moisture: null,
      testWeight: null,
      damage: null,
      foreignMaterial: null,
    }); // 200 bu
    const applied = await post('/scale-tickets/apply', {
      tickets: [{ ticketId: t!.id, allocations: [{ contractId: cC, quantity: '200' }] }],
    });
    const appId = applied.json().applications[0].id as number;
    const before = await contractFacts(cC);
    const res = await post('/scale-tickets/unapply', { applicationIds: [appId] });
    expect(res.statusCode, res.body).toBe(200);
    eqDec((await ticketFacts(t!.id)).unapplied, '200');
    eqDec((await contractFacts(cC)).delivered, toDecimal(before.delivered).minus(200).toFixed());
    expect((await post('/scale-tickets/unapply', { applicationIds: [appId] })).statusCode).toBe(404);
    expect((await post('/scale-tickets/unapply', { applicationIds: [appId] }, s.prairie)).statusCode).toBe(404);

    const again = await post('/scale-tickets/apply', {
      tickets: [{ ticketId: t!.id, allocations: [{ contractId: cC, quantity: '200' }] }],
    });
    const settledId = again.json().applications[0].id as number;
    const db = s.t.database.db;
    await db.execute(sql`
      with st as (insert into settlements (partner_id, market_id, client_id, display_settlement_id, settlement_date, gross,
        deductions_total, net, bushels) values ('demo', ${s.fx.marketAll}, ${client}, 'S-T1', ${s.fx.today}, 820, 0, 820, 200)
        returning id)
      insert into settlement_lines (settlement_id, ticket_application_id, contract_id, scale_ticket_id, bushels, price, amount, net)
      select id, ${settledId}, ${cC}, ${t!.id}, 200, 4.1, 820, 820 from st`);
    const refused = await post('/scale-tickets/unapply', { applicationIds: [settledId] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('on a settlement');
    eqDec((await ticketFacts(t!.id)).applied, '200');
  });
});

describe('spot sale', () => {
  it('sells an unapplied ticket at today’s cash bid: a priced spot contract, applied, in one step', async () => {
    const db = s.t.database.db;
    await db.insert(instruments).values({
      partnerId: 'demo',
      marketId: s.fx.marketAll,
      cropId: 2,
      cropYear: year,
      name: 'Spot',
      deliveryStart: s.fx.today,
      deliveryEnd: s.fx.today,
      flatPrice: '10.1250',
    });
    const [t] = await newTicket({ cropId: 2, moisture: '12', testWeight: null, damage: null, foreignMaterial: null }); // 866.67 bu
    const quote = await get(`/scale-tickets/${t!.id}/spot-sale`);
    expect(quote.statusCode, quote.body).toBe(200);
    const cash = quote.json().bid.cashPrice as string;
    eqDec(cash, '10.13'); // the market's rounding of cash bids (as /crm/bids shows it)
    const moved = await post(`/scale-tickets/${t!.id}/spot-sale`, { cashPrice: '9.99' });
    expect(moved.statusCode).toBe(409);
    const sold = await post(`/scale-tickets/${t!.id}/spot-sale`, { cashPrice: cash });
    expect(sold.statusCode, sold.body).toBe(200);
    const { contractId, displayContractId, quantity } = sold.json();
    expect(displayContractId).toMatch(/^C-\d+$/);
    eqDec(quantity, '866.67');
    const facts = rowsOf<{ type: string; status: string; delivered: string; cash: string; ps: string }>(
      await db.execute(sql`select contract_type as type, status, delivered_quantity::text as delivered, cash_price::text as cash,
        price_status as ps from contracts where id = ${contractId}`),
    )[0]!;
    expect(facts).toMatchObject({ type: 'spot', status: 'completed', ps: 'priced' });
    eqDec(facts.delivered, '866.67');
    eqDec((await ticketFacts(t!.id)).unapplied, '0');
    expect((await post(`/scale-tickets/${t!.id}/spot-sale`, { cashPrice: cash })).statusCode).toBe(409);
    expect(await auditCount('scale_ticket_spot_sale')).toBe(1);
  });
});
