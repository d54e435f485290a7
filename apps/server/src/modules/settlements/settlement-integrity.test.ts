// The grain book's integrity after issue 14 (decision 044, addendum): a voided settlement releases its ticket
// applications (they may be unapplied, re-applied and settled again); a settlement a standing payment request holds
// cannot be voided; an application to a partly priced contract splits (the priced part settles now, the rest waits);
// an advance is recovered in part when the grain does not cover it whole.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { toDecimal, type Advance, type SettlementDetail } from '@granary/domain';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import type { Caller, CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import { contracts, legalEntities, scaleTickets } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { expectAddsUp, settlementTestSetup } from '../../testing/settlement-fixtures.ts';

const MERCH = '/api/commodities/merchandising';
const CTRM = '/api/commodities/ctrm';
const PC = '/api/commodities/profit-center';
const CORN = 1;

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let farmer: Caller;
let clientId: number;
let n = 0;

const post = (caller: Caller, url: string, body?: object, headers: Record<string, string> = {}) =>
  injectAs(t, caller, 'POST', url, body, headers);
const get = (caller: Caller, url: string) => injectAs(t, caller, 'GET', url);
const settle = (body: object) =>
  post(buyer, `${MERCH}/settlements`, { clientId, settlementDate: '2026-12-01', ...body });
const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => rowsOf<T>(await t.database.db.execute(q));

/** An open purchase contract of corn at FX Ames, `priced` of its `quantity` bushels priced at cash `cash`. */
async function insertContract(o: { quantity: string; priced: string; cash: string | null }): Promise<number> {
  n += 1;
  const full = toDecimal(o.priced).eq(toDecimal(o.quantity));
  const [row] = await t.database.db
    .insert(contracts)
    .values({
      partnerId: 'demo',
      marketId: fx.marketAll,
      clientId,
      displayContractId: `SI-${n}`,
      contractType: 'pp',
      cropId: CORN,
      cropYear: 2026,
      quantity: o.quantity,
      pricedQuantity: o.priced,
      futuresPrice: o.cash === null ? null : '4.4000',
      basis: '-0.4000',
      cashPrice: o.cash,
      deliveryStart: '2026-10-01',
      deliveryEnd: '2026-11-30',
      priceStatus: full ? 'priced' : o.cash === null ? 'basis_set' : 'partially_priced',
      contractDate: '2026-06-01',
    })
    .returning({ id: contracts.id });
  return row!.id;
}

/** A ticket of `quantity` net bushels, unapplied, delivered on 2026-11-25 (within the free storage days). */
async function insertTicket(quantity: string): Promise<number> {
  n += 1;
  const [row] = await t.database.db
    .insert(scaleTickets)
    .values({
      partnerId: 'demo',
      marketId: fx.marketAll,
      clientId,
      displayScaleTicketId: `SIT-${n}`,
      cropId: CORN,
      cropYear: 2026,
      deliveryDate: '2026-11-25',
      quantity,
      appliedQuantity: '0',
      unappliedQuantity: quantity,
    })
    .returning({ id: scaleTickets.id });
  return row!.id;
}

/** Applies the ticket to the contract through the API; the application's id. */
async function apply(ticketId: number, contractId: number, quantity: string): Promise<number> {
  const res = await post(buyer, `${CTRM}/scale-tickets/apply`, {
    tickets: [{ ticketId, allocations: [{ contractId, quantity }] }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().applications[0].id as number;
}

const unapply = (applicationIds: number[]) => post(buyer, `${CTRM}/scale-tickets/unapply`, { applicationIds });

async function settled(contractId: number): Promise<string> {
  const [row] = await t.database.db
    .select({ settled: contracts.settledQuantity })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  return toDecimal(row!.settled).toString();
}

const voidIt = (s: { id: number | null; version: number }, reason = 'Wrong ticket') =>
  post(buyer, `${MERCH}/settlements/${s.id}/void`, { reason }, { 'if-match': `"${s.version}"` });
const finalize = (s: { id: number | null; version: number }) =>
  post(buyer, `${MERCH}/settlements/${s.id}/finalize`, undefined, { 'if-match': `"${s.version}"` });

beforeAll(async () => {
  ({ t, fx, buyer, farmer } = await startCrmTestApp());
  const farmEnterprise = await settlementTestSetup(t, fx);
  const [client] = await t.database.db
    .insert(legalEntities)
    .values({ partnerId: 'demo', kind: 'client', name: 'Integrity Test Farms', enterpriseId: farmEnterprise })
    .returning({ id: legalEntities.id });
  clientId = client!.id;
});
afterAll(() => t.close());

describe('voiding a settlement releases its applications', () => {
  it('settle, void, unapply succeeds; re-applied, the bushels settle again', async () => {
    const contractId = await insertContract({ quantity: '5000', priced: '5000', cash: '4.0000' });
    const ticketId = await insertTicket('1000');
    const appId = await apply(ticketId, contractId, '1000');

    const first = await settle({ contractIds: [contractId] });
    expect(first.statusCode, first.body).toBe(201);
    const s1 = first.json<SettlementDetail>();
    expect(s1.gross).toBe('4000.00');
    // While the settlement stands, the bushels cannot be taken back.
    const held = await unapply([appId]);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toContain('void the settlement first');

    expect((await voidIt({ id: s1.id, version: 1 })).statusCode).toBe(200);
    // The voided settlement keeps its line for the record, with the application it held.
    const record = (await get(buyer, `${MERCH}/settlements/${s1.id}`)).json<SettlementDetail>();
    expect(record.status).toBe('void');
    expect(record.lines.map((l) => [l.ticketApplicationId, l.bushels, l.amount])).toEqual([[appId, '1000', '4000.00']]);

    const back = await unapply([appId]);
    expect(back.statusCode, back.body).toBe(200);
    const [ticket] = await t.database.db
      .select({ unapplied: scaleTickets.unappliedQuantity })
      .from(scaleTickets)
      .where(eq(scaleTickets.id, ticketId));
    expect(toDecimal(ticket!.unapplied).toString()).toBe('1000');
    // The record still names the application it settled, though it is gone.
    const after = (await get(buyer, `${MERCH}/settlements/${s1.id}`)).json<SettlementDetail>();
    expect(after.lines[0]!.ticketApplicationId).toBe(appId);

    const again = await apply(ticketId, contractId, '1000');
    const second = await settle({ contractIds: [contractId] });
    expect(second.statusCode, second.body).toBe(201);
    const s2 = second.json<SettlementDetail>();
    expect(s2.lines.map((l) => l.ticketApplicationId)).toEqual([again]);
    expect(s2.gross).toBe('4000.00');
    expect(await settled(contractId)).toBe('1000');
  });

  it('refuses to void a settlement a standing payment request holds (409), allows it once the request is rejected', async () => {
    const contractId = await insertContract({ quantity: '5000', priced: '5000', cash: '4.0000' });
    await apply(await insertTicket('500'), contractId, '500');
    const created = (await settle({ contractIds: [contractId] })).json<SettlementDetail>();
    const final = await finalize({ id: created.id, version: 1 });
    expect(final.statusCode, final.body).toBe(200);

    const asked = await post(farmer, `${PC}/payment-requests`, { settlementIds: [created.id] });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json().paymentRequests[0] as { id: number; version: number };

    const refused = await voidIt({ id: created.id, version: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `This settlement is held by payment request ${request.id} (requested): reject the request before voiding the settlement.`,
    );
    expect(refused.json().details).toMatchObject({ reason: 'payment_requested', paymentRequestIds: [request.id] });
    // Nothing changed: still final, the bushels still settled, no void audited.
    expect((await get(buyer, `${MERCH}/settlements/${created.id}`)).json().status).toBe('final');
    expect(await settled(contractId)).toBe('500');
    const audits = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'settlement_void' and target_id = ${String(created.id)}`,
    );
    expect(audits[0]!.n).toBe(0);

    const rejected = await post(
      buyer,
      `${MERCH}/payment-requests/${request.id}/reject`,
      { reason: 'Settlement to be redone' },
      { 'if-match': `"${request.version}"` },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const voided = await voidIt({ id: created.id, version: 2 });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await settled(contractId)).toBe('0');
  });
});

describe('a ticket applied to a partly priced contract', () => {
  it('splits: the priced 3,000 bu settle now, 1,000 wait; priced later, they settle at their own price', async () => {
    // A 5,000 bu basis contract (basis -40), futures set on 3,000 bu at $4.40: cash $4.00 on those.
    const written = await post(buyer, `${CTRM}/seller/${clientId}/contract`, {
      contractType: 'pp',
      direction: 'purchase',
      marketId: fx.marketAll,
      cropId: CORN,
      cropYear: 2026,
      quantity: '5000',
      deliveryStart: '2026-10-01',
      deliveryEnd: '2026-11-30',
      optionMonth: '2026-12',
      basis: '-0.40',
      pricingPeriodStart: '2026-03-01',
      pricingPeriodEnd: '2026-06-30',
    });
    expect(written.statusCode, written.body).toBe(201);
    const contractId = written.json().id as number;
    const futuresSet = async (quantity: string, futuresPrice: string) => {
      const url = `${CTRM}/seller/${clientId}/contract/${contractId}`;
      const etag = (await get(buyer, url)).headers.etag as string;
      const res = await post(buyer, `${url}/futures-set`, { quantity, futuresPrice }, { 'if-match': etag });
      expect(res.statusCode, res.body).toBe(200);
    };
    await futuresSet('3000', '4.40');
    const appId = await apply(await insertTicket('4000'), contractId, '4000');

    // The New settlement dialog's choices: the application's priced part settles, the rest waits.
    const choices = await get(
      buyer,
      `${MERCH}/settlements/settleable?client_id=${clientId}&contract_ids=${contractId}`,
    );
    expect(choices.statusCode, choices.body).toBe(200);
    expect(
      choices
        .json()
        .rows.map((r: { ticketApplicationId: number; bushels: string; blockedBy: string | null }) => [
          r.ticketApplicationId,
          r.bushels,
          r.blockedBy,
        ]),
    ).toEqual([
      [appId, '3000', null],
      [appId, '1000', 'unpriced'],
    ]);

    const first = await settle({ contractIds: [contractId] });
    expect(first.statusCode, first.body).toBe(201);
    const s1 = first.json<SettlementDetail>();
    expect(s1.lines.map((l) => [l.ticketApplicationId, l.bushels, l.price, l.amount])).toEqual([
      [appId, '3000', '4.0000', '12000.00'],
    ]);
    expectAddsUp(s1);
    expect(await settled(contractId)).toBe('3000');
    // The application is split in two: 3,000 bu settled (75% of the ticket), 1,000 waiting (25%).
    const apps = await rows<{ id: number; quantity: string; split_pct: string }>(
      sql`select id::int as id, quantity::text as quantity, split_pct::text as split_pct from ticket_applications
        where contract_id = ${contractId} order by id`,
    );
    expect(apps.map((a) => [a.id === appId, toDecimal(a.quantity).toString(), a.split_pct])).toEqual([
      [true, '3000', '75.00'],
      [false, '1000', '25.00'],
    ]);
    const audit = await rows<{ details: { splitApplications: unknown } }>(
      sql`select details from audit_log where action = 'settlement_create' and target_id = ${String(s1.id)}`,
    );
    expect(audit[0]!.details.splitApplications).toEqual([
      { applicationId: appId, settled: '3000', waiting: apps[1]!.id },
    ]);

    // Nothing else is priced: the 1,000 bu wait.
    const waiting = await settle({ contractIds: [contractId] });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toMatch(/not priced yet/);

    // The rest priced at $4.60 (cash $4.20): the 1,000 bu settle at $4.20, not at the contract's average ($4.08).
    await futuresSet('2000', '4.60');
    const second = await settle({ contractIds: [contractId] });
    expect(second.statusCode, second.body).toBe(201);
    const s2 = second.json<SettlementDetail>();
    expect(s2.lines.map((l) => [l.ticketApplicationId, l.bushels, l.price, l.amount])).toEqual([
      [apps[1]!.id, '1000', '4.2000', '4200.00'],
    ]);
    expectAddsUp(s2);
    expect(await settled(contractId)).toBe('4000');
  });
});

describe('advances recovered in part', () => {
  it('recovers up to the net: the oldest whole, the next in part with its balance on the statement, the rest later', async () => {
    const contractId = await insertContract({ quantity: '5000', priced: '5000', cash: '4.0000' });
    await apply(await insertTicket('1000'), contractId, '1000');
    const advance = async (amount: string, paidDate: string) => {
      const res = await post(buyer, `${MERCH}/advances`, { contractId, amount, paidDate });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Advance>().id;
    };
    const older = await advance('3000.00', '2026-09-01');
    const newer = await advance('2000.00', '2026-09-15');
    const advancesNow = async () =>
      Object.fromEntries(
        (await get(buyer, `${MERCH}/advances?contract_id=${contractId}`))
          .json<{ rows: Advance[] }>()
          .rows.map((a) => [a.id, [a.status, a.recoveredAmount]]),
      );

    // $4,000.00 of grain less $10.00 checkoff nets $3,990.00: $3,000.00 recovered whole, then $990.00 of $2,000.00.
    const first = await settle({ contractIds: [contractId] });
    expect(first.statusCode, first.body).toBe(201);
    const s1 = first.json<SettlementDetail>();
    expect(s1.deductions.filter((d) => d.kind === 'advance')).toEqual([
      { kind: 'advance', description: '2026-09-01', amount: '3000.00', advanceBalance: '0.00' },
      { kind: 'advance', description: '2026-09-15', amount: '990.00', advanceBalance: '1010.00' },
    ]);
    expect(s1.net).toBe('0.00');
    expect(s1.payees.map((p) => [p.kind, p.amount])).toEqual([['farmer', '0.00']]);
    expectAddsUp(s1);
    expect(await advancesNow()).toEqual({ [older]: ['recovered', '3000.00'], [newer]: ['paid', '990.00'] });
    // Read back, the settlement says the same.
    const read = (await get(buyer, `${MERCH}/settlements/${s1.id}`)).json<SettlementDetail>();
    expect(read.deductions.filter((d) => d.kind === 'advance').map((d) => d.advanceBalance)).toEqual([
      '0.00',
      '1010.00',
    ]);
    const statement = await pdfText((await get(buyer, `${MERCH}/settlements/${s1.id}/statement`)).rawPayload);
    expect(statement).toContain('Less advance recovered (paid 09/01/2026)');
    expect(statement).toContain('-$3,000.00');
    expect(statement).toContain('Advance recovered in full');
    expect(statement).toContain('Less advance recovered (paid 09/15/2026)');
    expect(statement).toContain('-$990.00');
    expect(statement).toContain('Advance balance left $1,010.00');

    // The next delivery recovers the balance and pays the farmer the rest: $2,000.00 − $5.00 − $1,010.00 = $985.00.
    await apply(await insertTicket('500'), contractId, '500');
    const second = await settle({ contractIds: [contractId] });
    expect(second.statusCode, second.body).toBe(201);
    const s2 = second.json<SettlementDetail>();
    expect(s2.deductions.filter((d) => d.kind === 'advance').map((d) => [d.amount, d.advanceBalance])).toEqual([
      ['1010.00', '0.00'],
    ]);
    expect(s2.net).toBe('985.00');
    expectAddsUp(s2);
    expect(await advancesNow()).toEqual({ [older]: ['recovered', '3000.00'], [newer]: ['recovered', '2000.00'] });

    // Voiding the second gives its $1,010.00 back to the advance; the first settlement still reads as it was.
    expect((await voidIt({ id: s2.id, version: 1 })).statusCode).toBe(200);
    expect(await advancesNow()).toEqual({ [older]: ['recovered', '3000.00'], [newer]: ['paid', '990.00'] });
    const again = (await get(buyer, `${MERCH}/settlements/${s1.id}`)).json<SettlementDetail>();
    expect(again.deductions.filter((d) => d.kind === 'advance').map((d) => d.advanceBalance)).toEqual([
      '0.00',
      '1010.00',
    ]);
  });
});
