// Advances and liens: the module's rows of them (the only other file besides settlements.repo.ts and
// settlement-list.repo.ts that touches the database).

import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import { advances, contracts, legalEntities, liens, settlements } from '../../db/schema/index.ts';

// ---------------------------------------------------------------------------------------------------
// Advances

export type AdvanceRow = {
  id: number;
  contractId: number;
  displayContractId: string;
  clientId: number;
  clientName: string;
  marketId: number;
  amount: string;
  paidDate: string;
  recoveredAmount: string;
  status: 'paid' | 'recovered' | 'void';
  recoveredBySettlementId: number | null;
  recoveredByDisplaySettlementId: string | null;
  note: string | null;
  createdAt: Date;
};

const advanceFields = {
  id: advances.id,
  contractId: advances.contractId,
  displayContractId: contracts.displayContractId,
  clientId: advances.clientId,
  clientName: legalEntities.name,
  marketId: advances.marketId,
  amount: advances.amount,
  paidDate: advances.paidDate,
  recoveredAmount: advances.recoveredAmount,
  status: advances.status,
  recoveredBySettlementId: advances.recoveredBySettlementId,
  recoveredByDisplaySettlementId: settlements.displaySettlementId,
  note: advances.note,
  createdAt: advances.createdAt,
};

export async function listAdvances(
  db: Db,
  f: {
    partnerId: string;
    marketIds: number[];
    clientIds?: number[] | undefined;
    contractId?: number | undefined;
    status?: string | undefined;
    ids?: number[] | undefined;
  },
): Promise<AdvanceRow[]> {
  if (f.marketIds.length === 0) return [];
  const conditions: (SQL | undefined)[] = [
    eq(advances.partnerId, f.partnerId),
    inArray(advances.marketId, f.marketIds),
    f.clientIds ? inArray(advances.clientId, f.clientIds.length ? f.clientIds : [-1]) : undefined,
    f.contractId ? eq(advances.contractId, f.contractId) : undefined,
    f.status ? eq(advances.status, f.status as AdvanceRow['status']) : undefined,
    f.ids ? inArray(advances.id, f.ids) : undefined,
  ];
  return db
    .select(advanceFields)
    .from(advances)
    .innerJoin(contracts, eq(contracts.id, advances.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, advances.clientId))
    .leftJoin(settlements, eq(settlements.id, advances.recoveredBySettlementId))
    .where(and(...conditions))
    .orderBy(desc(advances.paidDate), desc(advances.id))
    .limit(500);
}

/** The farmer's advances (their clients', any partner). */
export async function listClientAdvances(db: Db, clientIds: number[], ids?: number[]): Promise<AdvanceRow[]> {
  if (clientIds.length === 0) return [];
  return db
    .select(advanceFields)
    .from(advances)
    .innerJoin(contracts, eq(contracts.id, advances.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, advances.clientId))
    .leftJoin(settlements, eq(settlements.id, advances.recoveredBySettlementId))
    .where(
      and(
        inArray(advances.clientId, clientIds),
        ids ? inArray(advances.id, ids) : undefined,
        sql`${advances.status} <> 'void'`,
      ),
    )
    .orderBy(desc(advances.paidDate), desc(advances.id))
    .limit(500);
}

export async function insertAdvance(db: Db, values: typeof advances.$inferInsert): Promise<number> {
  const [row] = await db.insert(advances).values(values).returning({ id: advances.id });
  return row!.id;
}

/** The advances of contracts with something left to recover (status paid), with that balance, locked. */
export async function lockOpenAdvances(db: Db, contractIds: number[]) {
  if (contractIds.length === 0) return [];
  return db
    .select({
      id: advances.id,
      contractId: advances.contractId,
      balance: sql<string>`(${advances.amount} - ${advances.recoveredAmount})::text`,
      paidDate: advances.paidDate,
    })
    .from(advances)
    .where(and(inArray(advances.contractId, contractIds), eq(advances.status, 'paid')))
    .orderBy(asc(advances.paidDate), asc(advances.id))
    .for('update');
}

/**
 * Records what a settlement recovered of each advance: its recovered amount grows, the advance is 'recovered' once
 * that reaches its amount and stays 'paid' with the rest as its balance otherwise; the settlement is the last to
 * have recovered from it.
 */
export async function recordAdvanceRecoveries(
  db: Db,
  recoveries: { advanceId: number; amount: string }[],
  settlementId: number,
): Promise<void> {
  for (const r of recoveries) {
    const recovered = sql`${advances.recoveredAmount} + ${r.amount}::numeric`;
    await db
      .update(advances)
      .set({
        recoveredAmount: recovered,
        status: sql`case when ${recovered} >= ${advances.amount} then 'recovered' else 'paid' end`,
        recoveredBySettlementId: settlementId,
      })
      .where(eq(advances.id, r.advanceId));
  }
}

/**
 * A voided settlement gives back what it recovered of advances (its advance deductions): their balance grows again,
 * they are 'paid' (open), and the last settlement recovering from them is the latest other one standing, if any.
 * The advances' ids.
 */
export async function reverseAdvanceRecoveries(db: Db, settlementId: number): Promise<number[]> {
  const result = await db.execute(sql`
    with r as (
      select advance_id, sum(amount) as amount from settlement_deductions
      where settlement_id = ${settlementId} and kind = 'advance' and advance_id is not null
      group by advance_id)
    update advances a set recovered_amount = greatest(a.recovered_amount - r.amount, 0), status = 'paid',
      recovered_by_settlement_id = (
        select max(d.settlement_id) from settlement_deductions d join settlements s on s.id = d.settlement_id
        where d.advance_id = a.id and d.kind = 'advance' and s.id <> ${settlementId} and s.status <> 'void')
    from r where a.id = r.advance_id
    returning a.id::int as id`);
  return rowsOf<{ id: number }>(result)
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------------
// Liens

export type LienRow = typeof liens.$inferSelect;

export async function listLiens(db: Db, partnerId: string, clientId: number): Promise<LienRow[]> {
  return db
    .select()
    .from(liens)
    .where(and(eq(liens.partnerId, partnerId), eq(liens.clientId, clientId)))
    .orderBy(desc(liens.active), asc(liens.id));
}

export async function findLien(db: Db, partnerId: string, lienId: number): Promise<LienRow | null> {
  const [row] = await db
    .select()
    .from(liens)
    .where(and(eq(liens.partnerId, partnerId), eq(liens.id, lienId)));
  return row ?? null;
}

export async function insertLien(db: Db, values: typeof liens.$inferInsert): Promise<LienRow> {
  const [row] = await db.insert(liens).values(values).returning();
  return row!;
}

/** Writes a lien at the version read; null when someone else changed it first. */
export async function updateLien(
  db: Db,
  lienId: number,
  version: number,
  patch: Partial<typeof liens.$inferInsert>,
): Promise<LienRow | null> {
  const [row] = await db
    .update(liens)
    .set({ ...patch, version: sql`${liens.version} + 1`, updatedAt: new Date() })
    .where(and(eq(liens.id, lienId), eq(liens.version, version)))
    .returning();
  return row ?? null;
}

/** The client's active liens that apply to a crop and crop year, locked, in their order. */
export async function lockApplicableLiens(db: Db, clientId: number, cropId: number, cropYear: number) {
  return db
    .select()
    .from(liens)
    .where(
      and(
        eq(liens.clientId, clientId),
        eq(liens.active, true),
        or(isNull(liens.cropId), eq(liens.cropId, cropId)),
        or(isNull(liens.cropYear), eq(liens.cropYear, cropYear)),
      ),
    )
    .orderBy(asc(liens.id))
    .for('update');
}

export async function addLienPaid(db: Db, lienId: number, amount: string): Promise<void> {
  await db
    .update(liens)
    .set({ paidAmount: sql`greatest(${liens.paidAmount} + ${amount}::numeric, 0)`, updatedAt: new Date() })
    .where(eq(liens.id, lienId));
}
