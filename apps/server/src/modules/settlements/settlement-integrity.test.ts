// The grain book's integrity after issue 14 (decision 044, addendum): a voided settlement releases its ticket
// applications (they may be unapplied, re-applied and settled again); a settlement a standing payment request holds
// cannot be voided; an application to a partly priced contract splits (the priced part settles now, the rest waits);
// an advance is recovered in part when the grain does not cover it whole.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { toDecimal, type SettlementDetail } from '@granary/domain';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import type { Caller, CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import { contracts, enterpriseUsers, legalEntities, scaleTickets, storageRates, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { seedSettlementRates } from '../../seed/settlements-demo.ts';

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
  await seedSettlementRates(t.database.db);
  await t.database.db
    .update(storageRates)
    .set({ freeDays: 30, ratePerBushelPerDay: '0.0015' })
    .where(eq(storageRates.marketId, fx.marketAll));
  const [farm] = await t.database.db
    .select({ enterpriseId: enterpriseUsers.enterpriseId })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(eq(users.email, 'farmer@demo.granary.test'));
  const [client] = await t.database.db
    .insert(legalEntities)
    .values({ partnerId: 'demo', kind: 'client', name: 'Integrity Test Farms', enterpriseId: farm!.enterpriseId })
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
