// Settlements, advances and liens: the only file of the module that touches the database (docs/decisions/031).

import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  checkoffRates,
  contracts,
  crops,
  scaleTickets,
  settlementCounters,
  settlementDeductions,
  settlementLines,
  settlementPayees,
  settlements,
  storageRates,
  ticketApplications,
} from '../../db/schema/index.ts';
import { levyForSettlement, type ContractSettlePricing, type SettlementResult } from '@granary/domain';

// ---------------------------------------------------------------------------------------------------
// Applied lines

export type AppliedLineRow = {
  ticketApplicationId: number;
  contractId: number;
  displayContractId: string;
  marketId: number;
  clientId: number;
  cropId: number;
  cropYear: number;
  cashPrice: string | null;
  scaleTicketId: number;
  displayScaleTicketId: string;
  deliveryDate: string;
  bushels: string;
  ticketQuantity: string;
  dryingCharge: string;
  discountAmount: string;
  appliedAt: Date;
  /** The settlement holding this application (not void), if any. */
  settledBy: number | null;
  /**
   * Set when only part of the application is priced (decision 044, addendum): `bushels` is the priced part that
   * settles, this the application's whole quantity; creating the settlement splits the application in two.
   */
  appliedBushels?: string;
};

const appliedFields = {
  ticketApplicationId: ticketApplications.id,
  contractId: contracts.id,
  displayContractId: contracts.displayContractId,
  marketId: contracts.marketId,
  clientId: contracts.clientId,
  cropId: contracts.cropId,
  cropYear: contracts.cropYear,
  cashPrice: contracts.cashPrice,
  scaleTicketId: scaleTickets.id,
  displayScaleTicketId: scaleTickets.displayScaleTicketId,
  deliveryDate: scaleTickets.deliveryDate,
  bushels: ticketApplications.quantity,
  ticketQuantity: scaleTickets.quantity,
  dryingCharge: scaleTickets.dryingCharge,
  discountAmount: scaleTickets.discountAmount,
  appliedAt: ticketApplications.appliedAt,
  settledBy: settlementLines.settlementId,
};

/** Applied lines of a partner's client: of some contracts, and/or some applications (purchase contracts only). */
/** A ticket application with its contract, its ticket and its settlement line, if one not voided holds it. */
function appliedJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(contracts, eq(contracts.id, ticketApplications.contractId))
    .innerJoin(scaleTickets, eq(scaleTickets.id, ticketApplications.scaleTicketId))
    .leftJoin(
      settlementLines,
      and(eq(settlementLines.ticketApplicationId, ticketApplications.id), eq(settlementLines.voided, false)),
    );
}

export async function appliedLines(
  db: Db,
  partnerId: string,
  clientId: number,
  of: { contractIds?: number[] | undefined; ticketApplicationIds?: number[] | undefined; unsettledOnly?: boolean },
): Promise<AppliedLineRow[]> {
  const which: SQL[] = [];
  if (of.contractIds?.length) which.push(inArray(contracts.id, of.contractIds));
  if (of.ticketApplicationIds?.length) which.push(inArray(ticketApplications.id, of.ticketApplicationIds));
  const conditions: (SQL | undefined)[] = [
    eq(contracts.partnerId, partnerId),
    eq(contracts.clientId, clientId),
    eq(contracts.direction, 'purchase'),
    which.length ? or(...which) : undefined,
  ];
  if (of.unsettledOnly) conditions.push(isNull(settlementLines.id));
  return appliedJoins(db.select(appliedFields).from(ticketApplications).$dynamic())
    .where(and(...conditions))
    .orderBy(asc(contracts.id), asc(ticketApplications.appliedAt), asc(ticketApplications.id));
}

/**
 * The applied lines of some clients (each of its partner) not yet on a settlement, oldest delivery first, at most
 * `limit`, with how many there are: the farmer's home card reads a page, never every line.
 */
export async function unsettledLinesPage(
  db: Db,
  clients: readonly { partnerId: string; id: number }[],
  limit: number,
): Promise<{ rows: AppliedLineRow[]; total: number }> {
  if (clients.length === 0) return { rows: [], total: 0 };
  const where = and(
    or(...clients.map((c) => and(eq(contracts.partnerId, c.partnerId), eq(contracts.clientId, c.id)))),
    eq(contracts.direction, 'purchase'),
    isNull(settlementLines.id),
  );
  const rowsQuery = appliedJoins(db.select(appliedFields).from(ticketApplications).$dynamic())
    .where(where)
    .orderBy(asc(scaleTickets.deliveryDate), asc(ticketApplications.id))
    .limit(limit);
  const countQuery = appliedJoins(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ticketApplications)
      .$dynamic(),
  ).where(where);
  const [rows, [count]] = await Promise.all([rowsQuery, countQuery]);
  return { rows, total: Number(count?.n ?? 0) };
}

export type LockedContract = ContractSettlePricing & {
  id: number;
  clientId: number;
  displayContractId: string;
  status: string;
};

/**
 * The locked contract's id written in full: drizzle leaves a one-table select's columns unqualified, and a bare "id"
 * inside the sub-selects below would be their own table's.
 */
const OUTER_CONTRACT_ID = sql.raw('"contracts"."id"');

/** A pricing event's cash price: its own, or its futures + basis (null while either is open). */
const eventCash = sql`coalesce(e.cash_price, e.futures_price + e.basis)`;

/** The contracts' rows locked (in id order, so two settlements never deadlock) until the transaction ends. */
export async function lockContracts(db: Db, partnerId: string, ids: number[]): Promise<LockedContract[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: contracts.id,
      clientId: contracts.clientId,
      displayContractId: contracts.displayContractId,
      cashPrice: contracts.cashPrice,
      pricedQuantity: contracts.pricedQuantity,
      settledQuantity: contracts.settledQuantity,
      status: contracts.status,
      // What its priced bushels are worth and what standing settlements paid (the price of the bushels left).
      pricedEventQuantity: sql<string>`coalesce((select sum(e.quantity) from pricing_events e
        where e.contract_id = ${OUTER_CONTRACT_ID} and ${eventCash} is not null), 0)::text`,
      pricedEventValue: sql<string>`coalesce((select sum(e.quantity * ${eventCash}) from pricing_events e
        where e.contract_id = ${OUTER_CONTRACT_ID} and ${eventCash} is not null), 0)::text`,
      settledValue: sql<string>`coalesce((select sum(l.bushels * l.price) from settlement_lines l
        where l.contract_id = ${OUTER_CONTRACT_ID} and not l.voided), 0)::text`,
    })
    .from(contracts)
    .where(and(eq(contracts.partnerId, partnerId), inArray(contracts.id, ids)))
    .orderBy(asc(contracts.id))
    .for('update');
}

/** The contracts of some applications (of the partner). */
export async function contractIdsOfApplications(db: Db, partnerId: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: contracts.id })
    .from(ticketApplications)
    .innerJoin(contracts, eq(contracts.id, ticketApplications.contractId))
    .where(and(eq(contracts.partnerId, partnerId), inArray(ticketApplications.id, ids)));
  return rows.map((r) => r.id);
}

export async function addSettledQuantity(db: Db, contractId: number, bushels: string): Promise<void> {
  await db
    .update(contracts)
    .set({
      settledQuantity: sql`greatest(${contracts.settledQuantity} + ${bushels}::numeric, 0)`,
      updatedAt: new Date(),
    })
    .where(eq(contracts.id, contractId));
}

// ---------------------------------------------------------------------------------------------------
// Rates

export async function storageRatesOf(db: Db, marketId: number) {
  return db
    .select({
      cropId: storageRates.cropId,
      freeDays: storageRates.freeDays,
      ratePerBushelPerDay: storageRates.ratePerBushelPerDay,
    })
    .from(storageRates)
    .where(eq(storageRates.marketId, marketId));
}

/**
 * The checkoff programs of a crop in a state and the national ones: the partner's own when partnerId is given
 * (it saved its rates), else the seeded published US programs.
 */
export async function checkoffRatesOf(db: Db, state: string, cropIds: number[], partnerId: string | null = null) {
  if (cropIds.length === 0) return [];
  const rows = await db
    .select({
      id: checkoffRates.id,
      cropId: checkoffRates.cropId,
      name: checkoffRates.name,
      basis: checkoffRates.basis,
      rate: checkoffRates.rate,
    })
    .from(checkoffRates)
    .where(
      and(
        partnerId === null ? isNull(checkoffRates.partnerId) : eq(checkoffRates.partnerId, partnerId),
        inArray(checkoffRates.cropId, cropIds),
        inArray(checkoffRates.state, [state, '*']),
      ),
    )
    .orderBy(asc(checkoffRates.id));
  // A per-tonne levy is taken per bushel at the crop's bushel weight (the arithmetic knows $/bu and % of value).
  return rows.flatMap((r) => {
    const levy = levyForSettlement(r.basis, r.rate, r.cropId);
    return levy ? [{ ...r, ...levy }] : [];
  });
}

// ---------------------------------------------------------------------------------------------------
// Settlements

/** The partner's next settlement number (1, 2, …), taken under the counter row's lock. */
export async function nextSettlementNumber(db: Db, partnerId: string): Promise<number> {
  const [row] = await db
    .insert(settlementCounters)
    .values({ partnerId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: settlementCounters.partnerId,
      set: { lastNumber: sql`${settlementCounters.lastNumber} + 1` },
    })
    .returning({ n: settlementCounters.lastNumber });
  return row!.n;
}

export async function insertSettlement(
  db: Db,
  s: {
    partnerId: string;
    marketId: number;
    clientId: number;
    displaySettlementId: string;
    settlementDate: string;
    createdBy: string | null;
  },
  r: SettlementResult,
): Promise<number> {
  const [row] = await db
    .insert(settlements)
    .values({
      ...s,
      status: 'draft',
      gross: r.gross,
      deductionsTotal: r.deductionsTotal,
      net: r.net,
      bushels: r.bushels,
    })
    .returning({ id: settlements.id });
  const id = row!.id;
  // One statement of 16 arrays (unnest) rather than 200 rows × 16 parameters: building and planning the multi-row
  // insert cost ~50 ms of the 100 ms budget for a 200-ticket settlement (docs/decisions/044).
  const col = <K extends keyof SettlementResult['lines'][number]>(k: K) => r.lines.map((l) => l[k]);
  await db.execute(sql`
    insert into settlement_lines (settlement_id, ticket_application_id, contract_id, scale_ticket_id, bushels, price,
      amount, drying, discounts, storage, storage_days, checkoff, net)
    select ${id}, * from unnest(
      ${pgArray(col('ticketApplicationId'))}::bigint[], ${pgArray(col('contractId'))}::bigint[],
      ${pgArray(col('scaleTicketId'))}::bigint[], ${pgArray(col('bushels'))}::numeric[],
      ${pgArray(col('price'))}::numeric[], ${pgArray(col('amount'))}::numeric[], ${pgArray(col('drying'))}::numeric[],
      ${pgArray(col('discounts'))}::numeric[], ${pgArray(col('storage'))}::numeric[],
      ${pgArray(col('storageDays'))}::int[], ${pgArray(col('checkoff'))}::numeric[], ${pgArray(col('net'))}::numeric[])`);
  if (r.deductions.length) {
    await db.insert(settlementDeductions).values(
      r.deductions.map((d) => ({
        settlementId: id,
        kind: d.kind,
        description: d.description,
        amount: d.amount,
        advanceId: d.advanceId,
        checkoffRateId: d.checkoffRateId,
      })),
    );
  }
  await db.insert(settlementPayees).values(r.payees.map((p) => ({ ...p, settlementId: id })));
  return id;
}

/** A PostgreSQL array literal of numbers or decimal strings ('{1,2.5}'): one text parameter, whatever the driver. */
function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map(String).join(',')}}`;
}

export async function lockSettlement(db: Db, partnerId: string, id: number) {
  const [row] = await db
    .select({
      id: settlements.id,
      status: settlements.status,
      version: settlements.version,
      marketId: settlements.marketId,
    })
    .from(settlements)
    .where(and(eq(settlements.partnerId, partnerId), eq(settlements.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateSettlementStatus(
  db: Db,
  id: number,
  version: number,
  patch: { status: 'final' | 'void'; voidReason?: string | null },
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(settlements)
    .set({
      status: patch.status,
      version: sql`${settlements.version} + 1`,
      updatedAt: now,
      ...(patch.status === 'final' ? { finalizedAt: now } : { voidedAt: now, voidReason: patch.voidReason ?? null }),
    })
    .where(and(eq(settlements.id, id), eq(settlements.version, version)))
    .returning({ id: settlements.id });
  return rows.length === 1;
}

/**
 * Voids a settlement's lines and releases their applications (decision 044, addendum): the line keeps its bushels,
 * money and the application's id (released_ticket_application_id) for the record, but no longer references it, so
 * the bushels may be settled again or unapplied. The bushels per contract they held.
 */
export async function voidLines(db: Db, settlementId: number): Promise<{ contractId: number; bushels: string }[]> {
  await db
    .update(settlementLines)
    .set({
      voided: true,
      releasedTicketApplicationId: sql`${settlementLines.ticketApplicationId}`,
      ticketApplicationId: null,
    })
    .where(eq(settlementLines.settlementId, settlementId));
  const result = await db.execute(
    // In contract id order: the caller updates each contract in turn, and every writer locks contracts in id order.
    sql`select contract_id, sum(bushels)::text as bushels from settlement_lines where settlement_id = ${settlementId}
      group by contract_id order by contract_id`,
  );
  return rowsOf<{ contract_id: string | number; bushels: string }>(result).map((r) => ({
    contractId: Number(r.contract_id),
    bushels: r.bushels,
  }));
}

const cropNames = new Map<number, string>();

/** A crop's display name (crops are reference data: read once per process). */
export async function cropName(db: Db, cropId: number): Promise<string> {
  const known = cropNames.get(cropId);
  if (known !== undefined) return known;
  const [row] = await db.select({ name: crops.displayName }).from(crops).where(eq(crops.id, cropId));
  const name = row?.name ?? String(cropId);
  if (row) cropNames.set(cropId, name);
  return name;
}

export async function contractMarketAndClient(
  db: Db,
  contractId: number,
): Promise<{ marketId: number; clientId: number }> {
  const [row] = await db
    .select({ marketId: contracts.marketId, clientId: contracts.clientId })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  return row!;
}

/** Whether a contract is one of these clients' (the farmer's own). */
export async function contractOfClients(db: Db, contractId: number, clientIds: number[]): Promise<boolean> {
  if (clientIds.length === 0) return false;
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.id, contractId), inArray(contracts.clientId, clientIds)));
  return rows.length === 1;
}
