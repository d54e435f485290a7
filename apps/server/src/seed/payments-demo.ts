// Demo payments (issue 14, task F; docs/decisions/045): four more final settlements of the demo farmer (Fieldman Family
// Farms) at the market of its first settlement, computed like every settlement (decision 044) — one paid by check, one
// sent by ACH and in flight, two with a payment request waiting for the buyer — so /crm/payments and My Sales Lite's
// payments show a history on `npm start`, while the settlements seed's own final settlement stays ready to be requested.

import { and, eq, sql } from 'drizzle-orm';
import { achSettlementDay, computeSettlement, decimalString, toDecimal } from '@granary/domain';
import { rowsOf, type Db } from '../platform/db.ts';
import { legalEntities, markets, users } from '../db/schema/index.ts';
import {
  addSettledQuantity,
  appliedLines,
  checkoffRatesOf,
  insertSettlement,
  nextSettlementNumber,
  storageRatesOf,
} from '../modules/settlements/settlements.repo.ts';
import {
  insertEvent,
  insertPayment,
  insertRequest,
  lockSettlementsToPay,
  markSettlementsPaid,
  updateRequestStatus,
} from '../modules/payments/payments.repo.ts';

type Planned = { status: 'requested' | 'sent' | 'settled'; daysAgo: number; method: 'check' | 'ach' };
const PLAN: readonly Planned[] = [
  { status: 'settled', daysAgo: 9, method: 'check' },
  // Approved and sent by ACH today: in flight until its settlement day (the next business day).
  { status: 'sent', daysAgo: 1, method: 'ach' },
  // Waiting for the buyer to approve.
  { status: 'requested', daysAgo: 1, method: 'ach' },
  { status: 'requested', daysAgo: 2, method: 'check' },
];

const at = (today: string, daysAgo: number, hour: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000 + hour * 3_600_000);

/** The demo farmer's payment history (see the file comment); nothing when the settlements seed made none. */
export async function seedPaymentsDemo(db: Db, options: { today: string }): Promise<void> {
  const [client] = await db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .where(and(eq(legalEntities.partnerId, 'demo'), eq(legalEntities.name, 'Fieldman Family Farms')));
  if (!client) return;
  const [first] = rowsOf<{ market_id: number }>(
    await db.execute(sql`select market_id from settlements where client_id = ${client.id} order by id limit 1`),
  );
  if (!first) return;
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.granary.test'));
  const [farmer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'farmer@demo.granary.test'));
  const [market] = await db
    .select({ state: markets.administrativeAreaLevel1 })
    .from(markets)
    .where(eq(markets.id, first.market_id));
  const candidates = rowsOf<{ id: string | number; cash_price: string; priced: string; settled: string }>(
    await db.execute(sql`
      select c.id, c.cash_price::text, c.priced_quantity::text as priced, c.settled_quantity::text as settled
      from contracts c
      where c.client_id = ${client.id} and c.market_id = ${first.market_id} and c.direction = 'purchase'
        and c.cash_price is not null and c.priced_quantity > c.settled_quantity
        and exists (select 1 from ticket_applications ta where ta.contract_id = c.id)
      order by c.contract_date, c.id limit 40`),
  );
  const storage = await storageRatesOf(db, first.market_id);
  let planned = 0;
  for (const c of candidates) {
    const plan = PLAN[planned];
    if (!plan) break;
    const contractId = Number(c.id);
    let room = toDecimal(c.priced).minus(toDecimal(c.settled));
    const lines = (
      await appliedLines(db, 'demo', client.id, { contractIds: [contractId], unsettledOnly: true })
    ).filter((l) => {
      const b = toDecimal(l.bushels);
      if (b.gt(room)) return false;
      room = room.minus(b);
      return true;
    });
    if (lines.length === 0) continue;
    const checkoffs = await checkoffRatesOf(db, market?.state ?? '', [...new Set(lines.map((l) => l.cropId))]);
    const settlementDate = at(options.today, plan.daysAgo + 1, 0)
      .toISOString()
      .slice(0, 10);
    let result;
    try {
      result = computeSettlement({
        settlementDate,
        lines: lines.map((l) => ({ ...l, price: c.cash_price })),
        storageRate: (crop) => {
          const r = storage.find((s) => s.cropId === crop) ?? storage.find((s) => s.cropId === null);
          return r ? { freeDays: r.freeDays, ratePerBushelPerDay: r.ratePerBushelPerDay } : null;
        },
        checkoffRates: (crop) => checkoffs.filter((r) => r.cropId === crop),
        advances: [],
        liens: [],
        farmer: { clientId: client.id, name: client.name },
      });
    } catch {
      continue;
    }
    const n = await nextSettlementNumber(db, 'demo');
    const settlementId = await insertSettlement(
      db,
      {
        partnerId: 'demo',
        marketId: first.market_id,
        clientId: client.id,
        displaySettlementId: `S-${String(n).padStart(6, '0')}`,
        settlementDate,
        createdBy: buyer?.id ?? null,
      },
      result,
    );
    await addSettledQuantity(db, contractId, decimalString(toDecimal(result.bushels)));
    await db.execute(
      sql`update settlements set status = 'final', finalized_at = now(), version = 2 where id = ${settlementId}`,
    );
    const [s] = await lockSettlementsToPay(db, [settlementId]);
    if (!s) continue;
    await paymentHistory(db, s, plan, options.today, { buyer: buyer?.id ?? null, farmer: farmer?.id ?? null });
    planned += 1;
  }
}

async function paymentHistory(
  db: Db,
  s: Awaited<ReturnType<typeof lockSettlementsToPay>>[number],
  plan: Planned,
  today: string,
  who: { buyer: string | null; farmer: string | null },
): Promise<void> {
  const method = plan.method === 'ach' && s.ach ? 'ach' : 'check';
  const id = await insertRequest(db, {
    partnerId: s.partnerId,
    marketId: s.marketId,
    clientId: s.clientId,
    requestedBy: who.farmer,
    source: 'farmer',
    amount: s.amount,
    method,
    note: null,
    items: [{ settlementId: s.settlementId, payeeId: s.payeeId, amount: s.amount }],
  });
  const requestedAt = at(today, plan.daysAgo, 14);
  await db.execute(
    sql`update payment_requests set created_at = ${requestedAt.toISOString()}::timestamptz where id = ${id}`,
  );
  await insertEvent(db, {
    requestId: id,
    action: 'request',
    fromStatus: null,
    toStatus: 'requested',
    actorUserId: who.farmer,
    note: null,
    at: requestedAt,
  });
  if (plan.status === 'requested') return;
  if (plan.status === 'sent') {
    // As the built-in provider sends it (payments.service sendApproved): ACH settling on the next business day.
    const sentAt = at(today, 0, 0);
    await updateRequestStatus(db, id, 1, { status: 'approved', decided: true, decidedBy: who.buyer });
    await updateRequestStatus(db, id, 2, { status: 'sent' });
    await db.execute(
      sql`update payment_requests set decided_at = ${sentAt.toISOString()}::timestamptz, updated_at = ${sentAt.toISOString()}::timestamptz where id = ${id}`,
    );
    const reference =
      method === 'ach' ? `ACH-${today.replaceAll('-', '')}-${id}-DEMO` : `CHK-${String(100000 + id)}-${id}-DEMO`;
    await insertPayment(db, {
      requestId: id,
      provider: 'builtin',
      providerReference: reference,
      status: 'sent',
      amount: s.amount,
      method,
      checkNumber: method === 'ach' ? null : String(100000 + id),
      settlesOn: method === 'ach' ? achSettlementDay(today) : null,
      sentAt,
    });
    await recordSteps(db, id, who.buyer, [
      { action: 'approve', from: 'requested', to: 'approved', note: null, at: sentAt },
      { action: 'send', from: 'approved', to: 'sent', note: reference, at: sentAt },
    ]);
    return;
  }
  const approvedAt = at(today, plan.daysAgo - 1, 9);
  const cashedAt = at(today, plan.daysAgo - 5, 11);
  const checkNumber = String(100000 + id);
  await updateRequestStatus(db, id, 1, { status: 'approved', decided: true, decidedBy: who.buyer });
  await updateRequestStatus(db, id, 2, { status: 'sent' });
  await updateRequestStatus(db, id, 3, { status: 'settled' });
  await db.execute(
    sql`update payment_requests set decided_at = ${approvedAt.toISOString()}::timestamptz, updated_at = ${cashedAt.toISOString()}::timestamptz where id = ${id}`,
  );
  await insertPayment(db, {
    requestId: id,
    provider: 'builtin',
    providerReference: `CHK-${checkNumber}-${id}-DEMO`,
    status: 'settled',
    amount: s.amount,
    method: 'check',
    checkNumber,
    sentAt: approvedAt,
    settledAt: cashedAt,
  });
  await recordSteps(db, id, who.buyer, [
    { action: 'approve', from: 'requested', to: 'approved', note: null, at: approvedAt },
    { action: 'send', from: 'approved', to: 'sent', note: `Check no. ${checkNumber}`, at: approvedAt },
    { action: 'settle', from: 'sent', to: 'settled', note: 'Check cashed', at: cashedAt },
  ]);
  await markSettlementsPaid(db, [s.settlementId]);
}

/** The buyer's steps of a request, as its history (the events the payments module writes on each). */
async function recordSteps(
  db: Db,
  requestId: number,
  actor: string | null,
  steps: readonly {
    action: 'approve' | 'send' | 'settle';
    from: 'requested' | 'approved' | 'sent';
    to: 'approved' | 'sent' | 'settled';
    note: string | null;
    at: Date;
  }[],
): Promise<void> {
  for (const e of steps) {
    await insertEvent(db, {
      requestId,
      action: e.action,
      fromStatus: e.from,
      toStatus: e.to,
      actorUserId: actor,
      note: e.note,
      at: e.at,
    });
  }
}
