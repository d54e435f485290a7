// Payment requests, their settlements, events and payments; and what they read of settlements (task E's tables) and
// contracts. The only file of the module that touches the database.

import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  contracts,
  legalEntities,
  markets,
  paymentRequestEvents,
  paymentRequestSettlements,
  paymentRequests,
  payments,
  settlementLines,
  settlements,
  users,
  type PaymentMethodColumn,
  type PaymentStatusColumn,
} from '../../db/schema/index.ts';

// ---------------------------------------------------------------------------------------------------
// Settlements the farmer may ask to be paid for

export type SettlementToPay = {
  settlementId: number;
  displaySettlementId: string;
  settlementDate: string;
  status: string;
  partnerId: string;
  marketId: number;
  marketLabel: string;
  marketTimezone: string;
  clientId: number;
  clientName: string;
  ach: boolean;
  payeeId: number;
  payeeName: string;
  amount: string;
  held: boolean;
  cropId: number;
  cropYear: number;
  deferredPaymentDate: string | null;
  contracts: { id: number; displayContractId: string }[];
};

type SettlementRow = {
  settlement_id: string | number;
  display_settlement_id: string;
  settlement_date: string | Date;
  status: string;
  partner_id: string;
  market_id: number;
  market_label: string;
  market_timezone: string;
  client_id: string | number;
  client_name: string;
  ach: boolean;
  payee_id: string | number;
  payee_name: string;
  amount: string;
  held: boolean;
  crop_id: number;
  crop_year: number;
  deferred_payment_date: string | Date | null;
  contracts: { id: number; displayContractId: string }[] | string;
};

const day = (v: string | Date | null): string | null =>
  v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);

function settlementOf(r: SettlementRow): SettlementToPay {
  const cs = typeof r.contracts === 'string' ? (JSON.parse(r.contracts) as SettlementToPay['contracts']) : r.contracts;
  return {
    settlementId: Number(r.settlement_id),
    displaySettlementId: r.display_settlement_id,
    settlementDate: day(r.settlement_date)!,
    status: r.status,
    partnerId: r.partner_id,
    marketId: r.market_id,
    marketLabel: r.market_label,
    marketTimezone: r.market_timezone,
    clientId: Number(r.client_id),
    clientName: r.client_name,
    ach: r.ach,
    payeeId: Number(r.payee_id),
    payeeName: r.payee_name,
    amount: r.amount,
    held: r.held,
    cropId: r.crop_id,
    cropYear: r.crop_year,
    deferredPaymentDate: day(r.deferred_payment_date),
    contracts: cs.map((c) => ({ id: Number(c.id), displayContractId: c.displayContractId })),
  };
}

/**
 * Settlements with their farmer payee's net, with whether a standing request holds it, their
 * contracts, crop and year (of the first contract), and the latest deferred payment date of their contracts.
 * `where` narrows (client ids, settlement ids, deferred date); `lock` takes the settlements' rows FOR UPDATE.
 */
async function settlementsToPay(db: Db, where: SQL, lock = false): Promise<SettlementToPay[]> {
  const result = await db.execute(sql`
    select s.id as settlement_id, s.display_settlement_id, s.settlement_date, s.status, s.partner_id, s.market_id,
      coalesce(m.display_name, m.city || ', ' || m.administrative_area_level_1) as market_label,
      m.timezone as market_timezone, s.client_id, le.name as client_name, le.ach,
      p.id as payee_id, p.payee_name, p.amount::text as amount,
      exists (select 1 from payment_request_settlements h where h.settlement_payee_id = p.id and h.held) as held,
      lc.crop_id, lc.crop_year, lc.deferred_payment_date, lc.contracts
    from settlements s
    join settlement_payees p on p.settlement_id = s.id and p.kind = 'farmer'
    join legal_entities le on le.id = s.client_id
    join markets m on m.id = s.market_id
    cross join lateral (
      select min(c.crop_id) as crop_id, min(c.crop_year) as crop_year,
        max(c.deferred_payment_date) as deferred_payment_date,
        json_agg(json_build_object('id', c.id, 'displayContractId', c.display_contract_id) order by c.id) as contracts
      from contracts c
      where c.id in (select l.contract_id from settlement_lines l where l.settlement_id = s.id and not l.voided)
    ) lc
    where lc.crop_id is not null and ${where}
    order by s.settlement_date desc, s.id desc
    ${lock ? sql`for update of s` : sql``}`);
  return rowsOf<SettlementRow>(result).map(settlementOf);
}

/** The farmer's final settlements not yet requested (credit sales before their date included). */
export function openSettlementsOfClients(db: Db, clientIds: number[]): Promise<SettlementToPay[]> {
  if (clientIds.length === 0) return Promise.resolve([]);
  return settlementsToPay(
    db,
    sql`s.status = 'final' and p.amount > 0 and s.client_id in (${sql.join(
      clientIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and not exists (select 1 from payment_request_settlements h where h.settlement_payee_id = p.id and h.held)`,
  );
}

/** Settlements by id, locked (FOR UPDATE) for a request about to hold them. */
export function lockSettlementsToPay(db: Db, settlementIds: number[]): Promise<SettlementToPay[]> {
  return settlementsToPay(
    db,
    sql`s.id in (${sql.join(
      settlementIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    true,
  );
}

/** Credit sales whose deferred date has come by `upTo` (a UTC day; the caller checks each market's day) and nobody asked. */
export function dueCreditSales(db: Db, upTo: string): Promise<SettlementToPay[]> {
  return settlementsToPay(
    db,
    sql`s.status = 'final' and p.amount > 0 and lc.deferred_payment_date is not null and lc.deferred_payment_date <= ${upTo}::date
      and not exists (select 1 from payment_request_settlements h where h.settlement_payee_id = p.id and h.held)`,
  );
}

/** The settlements' display numbers ('S-000123'), in id order. */
export async function settlementDisplayIds(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ d: settlements.displaySettlementId })
    .from(settlements)
    .where(inArray(settlements.id, ids))
    .orderBy(settlements.id);
  return rows.map((r) => r.d);
}

/** The settlements a request covers that are no longer final (voided, or paid some other way): their numbers. */
export async function settlementsNoLongerFinal(db: Db, requestId: number): Promise<string[]> {
  const rows = await db
    .select({ d: settlements.displaySettlementId })
    .from(paymentRequestSettlements)
    .innerJoin(settlements, eq(settlements.id, paymentRequestSettlements.settlementId))
    .where(and(eq(paymentRequestSettlements.requestId, requestId), sql`${settlements.status} <> 'final'`))
    .orderBy(settlements.id);
  return rows.map((r) => r.d);
}

/** Settlements the payment paid: final → paid (their version moves on). */
export async function markSettlementsPaid(db: Db, settlementIds: number[]): Promise<void> {
  if (settlementIds.length === 0) return;
  await db
    .update(settlements)
    .set({ status: 'paid', version: sql`${settlements.version} + 1`, updatedAt: sql`now()` })
    .where(and(inArray(settlements.id, settlementIds), eq(settlements.status, 'final')));
}

// ---------------------------------------------------------------------------------------------------
// Requests

export type NewRequest = {
  partnerId: string;
  marketId: number;
  clientId: number;
  requestedBy: string | null;
  source: 'farmer' | 'credit_sale';
  amount: string;
  method: PaymentMethodColumn;
  note: string | null;
  items: { settlementId: number; payeeId: number; amount: string }[];
};

export async function insertRequest(db: Db, r: NewRequest): Promise<number> {
  const [row] = await db
    .insert(paymentRequests)
    .values({
      partnerId: r.partnerId,
      marketId: r.marketId,
      clientId: r.clientId,
      requestedBy: r.requestedBy,
      source: r.source,
      amount: r.amount,
      method: r.method,
      note: r.note,
    })
    .returning({ id: paymentRequests.id });
  const id = row!.id;
  await db.insert(paymentRequestSettlements).values(
    r.items.map((i) => ({
      requestId: id,
      settlementId: i.settlementId,
      settlementPayeeId: i.payeeId,
      amount: i.amount,
    })),
  );
  return id;
}

export type RequestRecord = typeof paymentRequests.$inferSelect;

/** A request of the partner (or of these clients), locked for a change. */
export async function lockRequest(
  db: Db,
  scope: { partnerId: string } | { clientIds: number[] },
  id: number,
): Promise<RequestRecord | null> {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.id, id),
        'partnerId' in scope
          ? eq(paymentRequests.partnerId, scope.partnerId)
          : scope.clientIds.length > 0
            ? inArray(paymentRequests.clientId, scope.clientIds)
            : sql`false`,
      ),
    )
    .for('update');
  return row ?? null;
}

/** Moves a request to `status` at the version read; false when someone else changed it first. */
export async function updateRequestStatus(
  db: Db,
  id: number,
  version: number,
  patch: { status: PaymentStatusColumn; decidedBy?: string | null; decided?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(paymentRequests)
    .set({
      status: patch.status,
      version: version + 1,
      updatedAt: sql`now()`,
      ...(patch.decided ? { decidedBy: patch.decidedBy ?? null, decidedAt: sql`now()` } : {}),
    })
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.version, version)))
    .returning({ id: paymentRequests.id });
  return rows.length === 1;
}

/** A rejected or returned request lets its settlements go: the farmer may ask again. */
export async function releaseSettlements(db: Db, requestId: number): Promise<void> {
  await db
    .update(paymentRequestSettlements)
    .set({ held: false })
    .where(eq(paymentRequestSettlements.requestId, requestId));
}

export async function requestSettlementIds(db: Db, requestId: number): Promise<number[]> {
  const rows = await db
    .select({ id: paymentRequestSettlements.settlementId })
    .from(paymentRequestSettlements)
    .where(eq(paymentRequestSettlements.requestId, requestId));
  return rows.map((r) => r.id);
}

export async function insertEvent(
  db: Db,
  e: {
    requestId: number;
    action: (typeof paymentRequestEvents.$inferInsert)['action'];
    fromStatus: PaymentStatusColumn | null;
    toStatus: PaymentStatusColumn;
    actorUserId: string | null;
    note: string | null;
    at?: Date;
  },
): Promise<void> {
  await db.insert(paymentRequestEvents).values({ ...e, at: e.at ?? new Date() });
}

export type EventRecord = {
  id: number;
  action: (typeof paymentRequestEvents.$inferSelect)['action'];
  fromStatus: PaymentStatusColumn | null;
  toStatus: PaymentStatusColumn;
  actorFirst: string | null;
  actorLast: string | null;
  actorEmail: string | null;
  note: string | null;
  at: Date;
};

export function listEvents(db: Db, requestId: number): Promise<EventRecord[]> {
  return db
    .select({
      id: paymentRequestEvents.id,
      action: paymentRequestEvents.action,
      fromStatus: paymentRequestEvents.fromStatus,
      toStatus: paymentRequestEvents.toStatus,
      actorFirst: users.firstName,
      actorLast: users.lastName,
      actorEmail: users.email,
      note: paymentRequestEvents.note,
      at: paymentRequestEvents.at,
    })
    .from(paymentRequestEvents)
    .leftJoin(users, eq(users.id, paymentRequestEvents.actorUserId))
    .where(eq(paymentRequestEvents.requestId, requestId))
    .orderBy(paymentRequestEvents.id);
}

// ---------------------------------------------------------------------------------------------------
// Payments

export type PaymentRecord = typeof payments.$inferSelect;

export async function insertPayment(db: Db, p: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(p);
}

export async function updatePayment(
  db: Db,
  requestId: number,
  patch: Partial<Pick<PaymentRecord, 'status' | 'settledAt' | 'returnedAt' | 'returnReason'>>,
): Promise<void> {
  await db.update(payments).set(patch).where(eq(payments.requestId, requestId));
}

export async function paymentOf(db: Db, requestId: number): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(payments).where(eq(payments.requestId, requestId));
  return row ?? null;
}

/** ACH payments sent whose settlement day has come by `upTo`, with their request's partner. */
export async function achDueToSettle(db: Db, upTo: string): Promise<{ requestId: number; partnerId: string }[]> {
  return db
    .select({ requestId: payments.requestId, partnerId: paymentRequests.partnerId })
    .from(payments)
    .innerJoin(paymentRequests, eq(paymentRequests.id, payments.requestId))
    .where(and(eq(payments.status, 'sent'), eq(payments.method, 'ach'), sql`${payments.settlesOn} <= ${upTo}::date`));
}

/** Approved requests with no payment yet (the provider failed after the approval): sent again by the daily job. */
export async function approvedUnsent(db: Db): Promise<{ requestId: number; partnerId: string }[]> {
  return db
    .select({ requestId: paymentRequests.id, partnerId: paymentRequests.partnerId })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.status, 'approved'),
        sql`not exists (select 1 from ${payments} where ${payments.requestId} = ${paymentRequests.id})`,
      ),
    );
}

// ---------------------------------------------------------------------------------------------------
// Request rows (the lists and details)

export type RequestListFilter = {
  partnerId?: string;
  marketIds?: number[];
  clientIds?: number[];
  statuses?: readonly PaymentStatusColumn[];
  clientId?: number;
  contractId?: number;
};

function listWhere(f: RequestListFilter): SQL {
  return and(
    f.partnerId !== undefined ? eq(paymentRequests.partnerId, f.partnerId) : undefined,
    f.marketIds !== undefined
      ? f.marketIds.length > 0
        ? inArray(paymentRequests.marketId, f.marketIds)
        : sql`false`
      : undefined,
    f.clientIds !== undefined
      ? f.clientIds.length > 0
        ? inArray(paymentRequests.clientId, f.clientIds)
        : sql`false`
      : undefined,
    f.statuses !== undefined ? inArray(paymentRequests.status, [...f.statuses]) : undefined,
    f.clientId !== undefined ? eq(paymentRequests.clientId, f.clientId) : undefined,
    f.contractId !== undefined
      ? sql`exists (select 1 from ${paymentRequestSettlements} i join ${settlementLines} l on l.settlement_id = i.settlement_id
          where i.request_id = ${paymentRequests.id} and l.contract_id = ${f.contractId})`
      : undefined,
  )!;
}

/** One page of requests, newest first (keyset on id). */
export async function requestIdPage(
  db: Db,
  f: RequestListFilter,
  afterId: number | null,
  limit: number,
  offset: number,
): Promise<{ id: number }[]> {
  return db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(and(listWhere(f), afterId !== null ? lt(paymentRequests.id, afterId) : undefined))
    .orderBy(desc(paymentRequests.id))
    .limit(limit)
    .offset(offset);
}

export async function countRequests(db: Db, f: RequestListFilter, cap: number): Promise<number> {
  const result = await db.execute<{ n: string | number }>(
    sql`select count(*) as n from (select 1 from ${paymentRequests} where ${listWhere(f)} limit ${cap}) x`,
  );
  return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0);
}

export type RequestRowData = RequestRecord & {
  marketLabel: string;
  clientName: string;
  requesterFirst: string | null;
  requesterLast: string | null;
  settlementIds: number[];
  contracts: { id: number; displayContractId: string }[];
  payment: PaymentRecord | null;
};

/** Requests by id with what their rows show, in the order of `ids`. */
export async function requestRows(db: Db, ids: number[]): Promise<RequestRowData[]> {
  if (ids.length === 0) return [];
  const base = await db
    .select({
      r: paymentRequests,
      marketDisplayName: markets.displayName,
      marketCity: markets.city,
      marketState: markets.administrativeAreaLevel1,
      clientName: legalEntities.name,
      requesterFirst: users.firstName,
      requesterLast: users.lastName,
    })
    .from(paymentRequests)
    .innerJoin(markets, eq(markets.id, paymentRequests.marketId))
    .innerJoin(legalEntities, eq(legalEntities.id, paymentRequests.clientId))
    .leftJoin(users, eq(users.id, paymentRequests.requestedBy))
    .where(inArray(paymentRequests.id, ids));
  const items = await db
    .select({ requestId: paymentRequestSettlements.requestId, settlementId: paymentRequestSettlements.settlementId })
    .from(paymentRequestSettlements)
    .where(inArray(paymentRequestSettlements.requestId, ids))
    .orderBy(paymentRequestSettlements.id);
  const contractRows = await db
    .selectDistinct({
      requestId: paymentRequestSettlements.requestId,
      id: contracts.id,
      displayContractId: contracts.displayContractId,
    })
    .from(paymentRequestSettlements)
    .innerJoin(settlementLines, eq(settlementLines.settlementId, paymentRequestSettlements.settlementId))
    .innerJoin(contracts, eq(contracts.id, settlementLines.contractId))
    .where(inArray(paymentRequestSettlements.requestId, ids))
    .orderBy(contracts.id);
  const paid = await db.select().from(payments).where(inArray(payments.requestId, ids));
  const byId = new Map(
    base.map((b) => [
      b.r.id,
      {
        ...b.r,
        marketLabel: b.marketDisplayName ?? `${b.marketCity}, ${b.marketState}`,
        clientName: b.clientName,
        requesterFirst: b.requesterFirst,
        requesterLast: b.requesterLast,
        settlementIds: items.filter((i) => i.requestId === b.r.id).map((i) => i.settlementId),
        contracts: contractRows
          .filter((c) => c.requestId === b.r.id)
          .map((c) => ({ id: c.id, displayContractId: c.displayContractId })),
        payment: paid.find((p) => p.requestId === b.r.id) ?? null,
      } satisfies RequestRowData,
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((r): r is RequestRowData => r !== undefined);
}

/** The farmer users of a client (its enterprise's users), to tell them by e-mail. */
export async function clientFarmers(
  db: Db,
  clientId: number,
): Promise<{ id: string; email: string; firstName: string | null }[]> {
  const result = await db.execute(sql`
    select u.id, u.email, u.first_name from users u
    join enterprise_users eu on eu.user_id = u.id
    join legal_entities le on le.enterprise_id = eu.enterprise_id
    where le.id = ${clientId} order by u.email`);
  return rowsOf<{ id: string; email: string; first_name: string | null }>(result).map((r) => ({
    id: r.id,
    email: r.email,
    firstName: r.first_name,
  }));
}

export async function partnerVhostOf(db: Db, partnerId: string): Promise<string | null> {
  const result = await db.execute(sql`select vhost from partners where id = ${partnerId}`);
  return rowsOf<{ vhost: string | null }>(result)[0]?.vhost ?? null;
}

/** The requests that hold a settlement's net while they stand (requested, approved or sent): what forbids its void. */
export async function standingRequestsOfSettlement(
  db: Db,
  settlementId: number,
): Promise<{ id: number; status: string }[]> {
  return db
    .selectDistinct({ id: paymentRequests.id, status: paymentRequests.status })
    .from(paymentRequestSettlements)
    .innerJoin(paymentRequests, eq(paymentRequests.id, paymentRequestSettlements.requestId))
    .where(and(eq(paymentRequestSettlements.settlementId, settlementId), eq(paymentRequestSettlements.held, true)))
    .orderBy(paymentRequests.id);
}
