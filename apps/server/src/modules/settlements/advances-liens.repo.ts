// Advances and liens: the module's rows of them (the only other file besides settlements.repo.ts and
// settlement-list.repo.ts that touches the database).

import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
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

/** The paid (not yet recovered) advances of contracts, locked. */
export async function lockOpenAdvances(db: Db, contractIds: number[]) {
  if (contractIds.length === 0) return [];
  return db
    .select({ id: advances.id, contractId: advances.contractId, amount: advances.amount, paidDate: advances.paidDate })
    .from(advances)
    .where(and(inArray(advances.contractId, contractIds), eq(advances.status, 'paid')))
    .orderBy(asc(advances.paidDate), asc(advances.id))
    .for('update');
}

export async function markAdvancesRecovered(db: Db, ids: number[], settlementId: number | null): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(advances)
    .set({ status: settlementId === null ? 'paid' : 'recovered', recoveredBySettlementId: settlementId })
    .where(inArray(advances.id, ids));
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

export async function advancesRecoveredBy(db: Db, settlementId: number): Promise<number[]> {
  const rows = await db
    .select({ id: advances.id })
    .from(advances)
    .where(eq(advances.recoveredBySettlementId, settlementId));
  return rows.map((r) => r.id);
}
