// A partner's own checkoff/levy and storage rates (decision 044 addendum): read, replaced whole, versioned.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LevyRate, StorageRate } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { checkoffRates, partnerSettlementRates, storageRates } from '../../db/schema/index.ts';

/** The version of the partner's saved rates, locked for the save; null while it has saved none. */
export async function lockRatesVersion(db: Db, partnerId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: partnerSettlementRates.version })
    .from(partnerSettlementRates)
    .where(eq(partnerSettlementRates.partnerId, partnerId))
    .for('update');
  return row?.version ?? null;
}

export async function ratesVersion(db: Db, partnerId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: partnerSettlementRates.version })
    .from(partnerSettlementRates)
    .where(eq(partnerSettlementRates.partnerId, partnerId));
  return row?.version ?? null;
}

/** Bumps (or creates at 1) the version of the partner's rates; null when another save came first. */
export async function bumpRatesVersion(db: Db, partnerId: string, userId: string, current: number | null) {
  const [row] =
    current === null
      ? await db
          .insert(partnerSettlementRates)
          .values({ partnerId, version: 1, updatedBy: userId })
          .onConflictDoNothing()
          .returning({ version: partnerSettlementRates.version })
      : await db
          .update(partnerSettlementRates)
          .set({ version: sql`${partnerSettlementRates.version} + 1`, updatedBy: userId, updatedAt: new Date() })
          .where(and(eq(partnerSettlementRates.partnerId, partnerId), eq(partnerSettlementRates.version, current)))
          .returning({ version: partnerSettlementRates.version });
  return row?.version ?? null;
}

const levyFields = {
  cropId: checkoffRates.cropId,
  region: checkoffRates.state,
  name: checkoffRates.name,
  basis: checkoffRates.basis,
  rate: checkoffRates.rate,
  source: checkoffRates.source,
};

/** The partner's own levies, or (partnerId null) the seeded published US programs. */
export function leviesOf(db: Db, partnerId: string | null) {
  return db
    .select(levyFields)
    .from(checkoffRates)
    .where(partnerId === null ? isNull(checkoffRates.partnerId) : eq(checkoffRates.partnerId, partnerId))
    .orderBy(asc(checkoffRates.cropId), asc(checkoffRates.state), asc(checkoffRates.id));
}

export async function replaceLevies(db: Db, partnerId: string, levies: LevyRate[]) {
  await db.delete(checkoffRates).where(eq(checkoffRates.partnerId, partnerId));
  if (levies.length === 0) return;
  await db.insert(checkoffRates).values(
    levies.map((l) => ({
      partnerId,
      cropId: l.cropId,
      state: l.region,
      name: l.name,
      basis: l.basis,
      rate: l.rate,
      source: l.source,
    })),
  );
}

export function storageOf(db: Db, marketIds: number[]) {
  if (marketIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      marketId: storageRates.marketId,
      cropId: storageRates.cropId,
      freeDays: storageRates.freeDays,
      ratePerBushelPerDay: storageRates.ratePerBushelPerDay,
    })
    .from(storageRates)
    .where(inArray(storageRates.marketId, marketIds))
    .orderBy(asc(storageRates.marketId), sql`${storageRates.cropId} nulls first`);
}

export async function replaceStorage(db: Db, marketIds: number[], storage: StorageRate[]) {
  if (marketIds.length > 0) await db.delete(storageRates).where(inArray(storageRates.marketId, marketIds));
  if (storage.length > 0) await db.insert(storageRates).values(storage);
}
