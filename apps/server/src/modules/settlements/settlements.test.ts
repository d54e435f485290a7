import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { SettlementDetail } from '@granary/domain';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import type { Caller, CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import {
  advances,
  auditLog,
  contracts,
  legalEntities,
  liens,
  scaleTickets,
  ticketApplications,
} from '../../db/schema/index.ts';
import { expectAddsUp, settlementTestSetup } from '../../testing/settlement-fixtures.ts';
import { rowsOf } from '../../platform/db.ts';
import { pdfText } from '../../testing/pdf-text.ts';

const MERCH = '/api/commodities/merchandising';
const PC = '/api/commodities/profit-center';
const CORN = 1;

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let clientId: number;
let otherClientId: number;
let n = 0;

async function insertClient(name: string, enterpriseId: number | null = null): Promise<number> {
  const [row] = await t.database.db
    .insert(legalEntities)
    .values({ partnerId: 'demo', kind: 'client', name, enterpriseId })
    .returning({ id: legalEntities.id });
  return row!.id;
}

/** A purchase contract of corn at FX Ames; priced (flat, cash given) or not (basis only). */
async function insertContract(
  client: number,
  o: { cash: string | null; quantity?: string; marketId?: number },
): Promise<number> {
  n += 1;
  const [row] = await t.database.db
    .insert(contracts)
    .values({
      partnerId: 'demo',
      marketId: o.marketId ?? fx.marketAll,
      clientId: client,
      displayContractId: `ST-${n}`,
      contractType: o.cash ? 'flat' : 'basic_cs',
      cropId: CORN,
      cropYear: 2026,
      quantity: o.quantity ?? '10000',
      pricedQuantity: o.cash ? (o.quantity ?? '10000') : '0',
      cashPrice: o.cash,
      basis: '-0.4500',
      deliveryStart: '2026-10-01',
      deliveryEnd: '2026-11-30',
      priceStatus: o.cash ? 'priced' : 'basis_set',
      contractDate: '2026-06-01',
    })
    .returning({ id: contracts.id });
  return row!.id;
}

/** A ticket of `quantity` bu delivered on `day`, applied (`applied` bu) to the contract; the application's id. */
async function applyTicket(
  client: number,
  contractId: number,
  o: { quantity: string; applied?: string; day?: string; drying?: string; discounts?: string; marketId?: number },
): Promise<number> {
  n += 1;
  const [ticket] = await t.database.db
    .insert(scaleTickets)
    .values({
      partnerId: 'demo',
      marketId: o.marketId ?? fx.marketAll,
      clientId: client,
      displayScaleTicketId: `STK-${n}`,
      cropId: CORN,
      cropYear: 2026,
      deliveryDate: o.day ?? '2026-10-01',
      quantity: o.quantity,
      appliedQuantity: o.applied ?? o.quantity,
      unappliedQuantity: '0',
      dryingCharge: o.drying ?? '0',
      discountAmount: o.discounts ?? '0',
    })
    .returning({ id: scaleTickets.id });
  const [app] = await t.database.db
    .insert(ticketApplications)
    .values({ scaleTicketId: ticket!.id, contractId, quantity: o.applied ?? o.quantity, splitPct: '100' })
    .returning({ id: ticketApplications.id });
  return app!.id;
}

const post = (caller: Caller, url: string, body?: object, headers: Record<string, string> = {}) =>
  injectAs(t, caller, 'POST', url, body, headers);
const get = (caller: Caller, url: string) => injectAs(t, caller, 'GET', url);
const settle = (caller: Caller, body: object) => post(caller, `${MERCH}/settlements`, { clientId, ...body });

beforeAll(async () => {
  ({ t, fx, buyer, prairie, farmer } = await startCrmTestApp());
  // FX Ames: 30 free days, then 0.15¢ a bushel a day.
  const farmEnterprise = await settlementTestSetup(t, fx);
  // The test client is the demo farmer's (onboarded on the farmer's enterprise); the other client is not.
  clientId = await insertClient('Settle Test Farms', farmEnterprise);
  otherClientId = await insertClient('Other Test Farms');
});
afterAll(() => t.close());

describe('generating a settlement', () => {
  let contractId: number;
  let unpricedId: number;
  let settlement: SettlementDetail;

  beforeAll(async () => {
    contractId = await insertContract(clientId, { cash: '4.3325' });
    unpricedId = await insertContract(clientId, { cash: null });
    // 1,234.5678 bu delivered 2026-10-01, drying $30.00 and discounts $12.34 on a 1,500 bu ticket.
    await applyTicket(clientId, contractId, {
      quantity: '1500',
      applied: '1234.5678',
      drying: '30.00',
      discounts: '12.34',
    });
    await applyTicket(clientId, contractId, { quantity: '333.3333', day: '2026-11-20' });
    await applyTicket(clientId, unpricedId, { quantity: '800' });
  });

  it('previews without writing anything', async () => {
    const res = await settle(buyer, { contractIds: [contractId], settlementDate: '2026-12-01', preview: true });
    expect(res.statusCode).toBe(200);
    const body = res.json<SettlementDetail>();
    expect(body.id).toBeNull();
    expect(body.lines).toHaveLength(2);
    const [row] = await t.database.db
      .select({ settled: contracts.settledQuantity })
      .from(contracts)
      .where(eq(contracts.id, contractId));
    expect(row!.settled).toBe('0.0000');
  });

  it('settles the applied, priced bushels with every deduction, adding up to the cent, audited', async () => {
    const res = await settle(buyer, { contractIds: [contractId], settlementDate: '2026-12-01' });
    expect(res.statusCode).toBe(201);
    settlement = res.json<SettlementDetail>();
    expect(settlement.displaySettlementId).toMatch(/^S-\d{6}$/);
    expect(settlement.status).toBe('draft');
    const [a, b] = settlement.lines;
    // 1,234.5678 × 4.3325 = 5,348.7649935; 333.3333 × 4.3325 = 1,444.1665223; Σ 6,792.9315158 → $6,792.93
    expect(settlement.gross).toBe('6792.93');
    expect([a!.amount, b!.amount]).toEqual(['5348.76', '1444.17']);
    // Drying and discounts prorated: 1,234.5678 / 1,500 of $30.00 and $12.34.
    expect([a!.drying, a!.discounts]).toEqual(['24.69', '10.16']);
    // Storage: 61 days − 30 free = 31 days × 1,234.5678 × $0.0015 = $57.41; the second ticket is within its free days.
    expect([a!.storageDays, a!.storage, b!.storage]).toEqual([31, '57.41', '0.00']);
    // Iowa corn checkoff, 1¢ a bushel: $12.35 + $3.33.
    expect([a!.checkoff, b!.checkoff]).toEqual(['12.35', '3.33']);
    expect(settlement.deductions.map((d) => [d.kind, d.amount])).toEqual([
      ['drying', '24.69'],
      ['discounts', '10.16'],
      ['storage', '57.41'],
      ['checkoff', '15.68'],
    ]);
    expect(settlement.payees).toEqual([{ kind: 'farmer', payeeName: 'Settle Test Farms', amount: settlement.net }]);
    expectAddsUp(settlement);
    const [row] = await t.database.db
      .select({ settled: contracts.settledQuantity })
      .from(contracts)
      .where(eq(contracts.id, contractId));
    expect(row!.settled).toBe('1567.9011');
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'settlement'), eq(auditLog.targetId, String(settlement.id))));
    expect(audits.map((x) => x.action)).toEqual(['settlement_create']);
  });

  it('refuses to settle the same bushels twice (409) and changes nothing', async () => {
    const again = await settle(buyer, { contractIds: [contractId] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/settled already/);
    const byLine = await settle(buyer, { ticketApplicationIds: [settlement.lines[0]!.ticketApplicationId] });
    expect(byLine.statusCode).toBe(409);
    expect(byLine.json().message).toMatch(/already settled/);
  });

  it('does not settle unpriced bushels (409 saying why)', async () => {
    const res = await settle(buyer, { contractIds: [unpricedId] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not priced/);
    const choices = await get(buyer, `${MERCH}/settlements/settleable?client_id=${clientId}`);
    expect(choices.statusCode).toBe(200);
    const rows = choices.json<{ rows: { contractId: number; blockedBy: string | null }[] }>().rows;
    expect(rows.filter((r) => r.contractId === unpricedId).map((r) => r.blockedBy)).toEqual(['unpriced']);
    expect(rows.some((r) => r.contractId === contractId)).toBe(false);
  });

  it('lists it by contract and client, and shows one with its ETag', async () => {
    const list = await get(buyer, `${MERCH}/settlements?contract_id=${contractId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([settlement.id]);
    expect(list.json().rows[0].contracts).toEqual([{ id: contractId, displayContractId: expect.any(String) }]);
    const byClient = await get(buyer, `${MERCH}/settlements?client_id=${clientId}&status=draft`);
    expect(byClient.json().totalCount).toBe(1);
    const one = await get(buyer, `${MERCH}/settlements/${settlement.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers.etag).toBe('"1"');
    expect(one.json<SettlementDetail>().lines).toHaveLength(2);
  });

  it('answers the statement as a PDF with the number and the figures in it', async () => {
    const res = await get(buyer, `${MERCH}/settlements/${settlement.id}/statement`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(settlement.displaySettlementId!);
    expect(text).toContain('$6,792.93');
    expect(text).toContain('1,234.57');
    expect(text).toContain('12/01/2026');
  });

  it('finalizes at the version read (412 when stale), then the farmer sees it; void frees the bushels', async () => {
    const url = `${MERCH}/settlements/${settlement.id}`;
    const stale = await post(buyer, `${url}/finalize`, undefined, { 'if-match': '"7"' });
    expect(stale.statusCode).toBe(412);
    const blind = await post(buyer, `${url}/finalize`);
    expect(blind.statusCode).toBe(428);
    // A draft is the buyer's: the farmer does not see it yet.
    expect((await get(farmer, `${PC}/settlements/${settlement.id}`)).statusCode).toBe(404);
    const ok = await post(buyer, `${url}/finalize`, undefined, { 'if-match': '"1"' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('final');
    const again = await post(buyer, `${url}/finalize`, undefined, { 'if-match': '"2"' });
    expect(again.statusCode).toBe(409);

    const mine = await get(farmer, `${PC}/settlements`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().rows.map((r: { id: number }) => r.id)).toContain(settlement.id);
    expect((await get(farmer, `${PC}/settlements/${settlement.id}`)).json().net).toBe(settlement.net);
    const pdf = await get(farmer, `${PC}/settlements/${settlement.id}/statement`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const items = await get(farmer, `${PC}/contract/${contractId}/associated-items`);
    expect(items.statusCode).toBe(200);
    expect(items.json().settlements.map((x: { id: number }) => x.id)).toEqual([settlement.id]);

    const voided = await post(buyer, `${url}/void`, { reason: 'Wrong price' }, { 'if-match': '"2"' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().status).toBe('void');
    const [row] = await t.database.db
      .select({ settled: contracts.settledQuantity })
      .from(contracts)
      .where(eq(contracts.id, contractId));
    expect(row!.settled).toBe('0.0000');
    const resettled = await settle(buyer, { contractIds: [contractId], settlementDate: '2026-12-01' });
    expect(resettled.statusCode).toBe(201);
    expect(resettled.json().gross).toBe('6792.93');
  });
});

describe('advances and liens', () => {
  it('recovers the advances paid on the contract and pays the liens before the farmer', async () => {
    const contractId = await insertContract(clientId, { cash: '4.0000' });
    await applyTicket(clientId, contractId, { quantity: '1000', day: '2026-11-25' });
    const advance = await post(buyer, `${MERCH}/advances`, { contractId, amount: '500.00', paidDate: '2026-10-15' });
    expect(advance.statusCode).toBe(201);
    const lien = await post(buyer, `${MERCH}/clients/${clientId}/liens`, {
      lienholder: 'Heartland Farm Credit',
      amount: '1000.00',
      cropYear: 2026,
    });
    expect(lien.statusCode).toBe(201);
    const pct = await post(buyer, `${MERCH}/clients/${clientId}/liens`, { lienholder: 'Seed Co', pct: '10' });
    expect(pct.statusCode).toBe(201);

    const res = await settle(buyer, { contractIds: [contractId], settlementDate: '2026-12-01' });
    expect(res.statusCode).toBe(201);
    const s = res.json<SettlementDetail>();
    // $4,000.00 less checkoff $10.00 less the $500.00 advance = $3,490.00; liens: $1,000.00, then 10% = $349.00.
    expect(s.gross).toBe('4000.00');
    expect(s.deductions.map((d) => [d.kind, d.amount])).toEqual([
      ['checkoff', '10.00'],
      ['advance', '500.00'],
    ]);
    expect(s.net).toBe('3490.00');
    expect(s.payees).toEqual([
      { kind: 'farmer', payeeName: 'Settle Test Farms', amount: '2141.00' },
      { kind: 'lienholder', payeeName: 'Heartland Farm Credit', amount: '1000.00' },
      { kind: 'lienholder', payeeName: 'Seed Co', amount: '349.00' },
    ]);
    expectAddsUp(s);
    const [a] = await t.database.db
      .select({ status: advances.status, by: advances.recoveredBySettlementId })
      .from(advances)
      .where(eq(advances.id, advance.json().id));
    expect(a).toEqual({ status: 'recovered', by: s.id });
    const [l] = await t.database.db.select({ paid: liens.paidAmount }).from(liens).where(eq(liens.id, lien.json().id));
    expect(l!.paid).toBe('1000.00');
    // The farmer sees the advance, recovered, by its id.
    const mine = await get(farmer, `${PC}/advances/${advance.json().id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().rows.map((r: { status: string }) => r.status)).toEqual(['recovered']);
    // Deactivated so the next tests settle without them.
    for (const x of [lien.json(), pct.json()]) {
      const del = await injectAs(t, buyer, 'DELETE', `${MERCH}/liens/${x.id}`, undefined, { 'if-match': '"1"' });
      expect(del.statusCode).toBe(200);
      expect(del.json().active).toBe(false);
    }
  });

  it('recovers an advance beyond what the grain pays in part (its balance stays), and refuses bad amounts (400)', async () => {
    const contractId = await insertContract(clientId, { cash: '4.0000' });
    await applyTicket(clientId, contractId, { quantity: '100', day: '2026-11-25' });
    expect(
      (await post(buyer, `${MERCH}/advances`, { contractId, amount: '5000.00', paidDate: '2026-10-15' })).statusCode,
    ).toBe(201);
    const res = await settle(buyer, { contractIds: [contractId], settlementDate: '2026-12-01' });
    expect(res.statusCode).toBe(201);
    // $400.00 less the $1.00 checkoff: $399.00 of the $5,000.00 recovered, $4,601.00 left on the advance.
    expect(res.json().deductions.at(-1)).toEqual({
      kind: 'advance',
      description: '2026-10-15',
      amount: '399.00',
      advanceBalance: '4601.00',
    });
    expect(res.json().net).toBe('0.00');
    const bad = await post(buyer, `${MERCH}/advances`, { contractId, amount: '-5', paidDate: '2026-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_request');
    const both = await post(buyer, `${MERCH}/clients/${clientId}/liens`, { lienholder: 'X', amount: '1', pct: '1' });
    expect(both.statusCode).toBe(400);
  });
});

describe('who may', () => {
  it('hides another partner’s settlements and clients (404) and refuses a market without contracts (403)', async () => {
    const contractId = await insertContract(otherClientId, { cash: '4.0000' });
    await applyTicket(otherClientId, contractId, { quantity: '100' });
    const res = await post(buyer, `${MERCH}/settlements`, { clientId: otherClientId, contractIds: [contractId] });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect((await get(prairie, `${MERCH}/settlements/${id}`)).statusCode).toBe(404);
    expect((await get(prairie, `${MERCH}/settlements/${id}/statement`)).statusCode).toBe(404);
    expect(
      (await post(prairie, `${MERCH}/settlements`, { clientId: otherClientId, contractIds: [contractId] })).statusCode,
    ).toBe(404);
    expect((await get(prairie, `${MERCH}/settlements`)).json().rows.some((r: { id: number }) => r.id === id)).toBe(
      false,
    );
    // The farmer's calls only see the farmer's own clients.
    await post(buyer, `${MERCH}/settlements/${id}/finalize`, undefined, { 'if-match': '"1"' });
    expect((await get(farmer, `${PC}/settlements/${id}`)).statusCode).toBe(404);
    expect((await get(farmer, `${PC}/contract/${contractId}/associated-items`)).statusCode).toBe(404);
    expect((await get(farmer, `${PC}/settlements`)).json().rows.some((r: { id: number }) => r.id === id)).toBe(false);

    const bidsOnly = await insertContract(otherClientId, { cash: '4.0000', marketId: fx.marketBidsOnly });
    await applyTicket(otherClientId, bidsOnly, { quantity: '100', marketId: fx.marketBidsOnly });
    const forbidden = await post(buyer, `${MERCH}/settlements`, { clientId: otherClientId, contractIds: [bidsOnly] });
    expect(forbidden.statusCode).toBe(403);
    expect((await post(buyer, `${MERCH}/settlements`, { clientId })).statusCode).toBe(400);
  });

  it('settles the same bushels once when two buyers try at the same moment', async () => {
    const contractId = await insertContract(clientId, { cash: '4.1000' });
    await applyTicket(clientId, contractId, { quantity: '250' });
    const [a, b] = await Promise.all([
      settle(buyer, { contractIds: [contractId] }),
      settle(buyer, { contractIds: [contractId] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from settlement_lines where contract_id = ${contractId} and not voided`,
      ),
    );
    expect(row!.n).toBe(1);
  });
});
