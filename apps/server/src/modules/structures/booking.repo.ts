// The booking side's reads and writes of structures (issue 18 'Booking and life of a structure', decision 062's booking
// section): a structure row with its client and market, the partner's lists (keyset paged), the observations, the
// close cost cached per trading day, the parameters row, and the farmer's structures. Only this file touches the
// tables for booking.* (DESIGN.md Conventions 4).

import { and, asc, desc, eq, inArray, lt, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  crops,
  enterpriseUsers,
  legalEntities,
  marketUserPermissions,
  markets,
  structureCloseCosts,
  structureObservations,
  structures,
  users,
} from '../../db/schema/index.ts';

export type StructureRow = typeof structures.$inferSelect & {
  clientName: string;
  clientEnterpriseId: number | null;
  marketLabel: string;
  marketCountry: 'USA' | 'CAN' | 'AUS';
  cropName: string;
  /** Who quoted and who traded it, as people read a name (their name, else their e-mail); null when nobody. */
  quotedByName: string | null;
  tradedByName: string | null;
};

/** A user's name as the CRM shows who did something: first and last name, else the e-mail. */
function userName(userId: SQL | AnyColumn) {
  return sql<string | null>`(select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)
    from users u where u.id = ${userId})`;
}

export type NewStructureRow = typeof structures.$inferInsert;

function rowQuery(db: Db) {
  return db
    .select({
      s: structures,
      clientName: legalEntities.name,
      clientEnterpriseId: legalEntities.enterpriseId,
      marketLabel: sql<string>`coalesce(${markets.displayName}, ${markets.city} || ', ' || ${markets.administrativeAreaLevel1})`,
      marketCountry: markets.countryCode,
      cropName: crops.displayName,
      quotedByName: userName(structures.quotedBy),
      tradedByName: userName(structures.tradedBy),
    })
    .from(structures)
    .innerJoin(legalEntities, eq(legalEntities.id, structures.clientLegalEntityId))
    .innerJoin(markets, eq(markets.id, structures.marketId))
    .innerJoin(crops, eq(crops.id, structures.cropId));
}

type Joined = {
  s: typeof structures.$inferSelect;
  clientName: string;
  clientEnterpriseId: number | null;
  marketLabel: string;
  marketCountry: 'USA' | 'CAN' | 'AUS';
  cropName: string;
  quotedByName: string | null;
  tradedByName: string | null;
};

const flat = (r: Joined): StructureRow => ({
  ...r.s,
  clientName: r.clientName,
  clientEnterpriseId: r.clientEnterpriseId,
  marketLabel: r.marketLabel,
  marketCountry: r.marketCountry,
  cropName: r.cropName,
  quotedByName: r.quotedByName,
  tradedByName: r.tradedByName,
});

/** A structure of a partner (another partner's or an unknown id: null). */
export async function findStructure(db: Db, partnerId: string, id: number): Promise<StructureRow | null> {
  const [row] = await rowQuery(db).where(and(eq(structures.id, id), eq(structures.partnerId, partnerId)));
  return row ? flat(row) : null;
}

/** The same, locked until the transaction ends (trade, edit, cancel, close and signing take turns on it). */
export async function lockStructure(db: Db, partnerId: string, id: number): Promise<StructureRow | null> {
  const [row] = await rowQuery(db)
    .where(and(eq(structures.id, id), eq(structures.partnerId, partnerId)))
    .for('update', { of: structures });
  return row ? flat(row) : null;
}

/** A structure by id whatever its partner (the farmer's reads check the client; notices). */
export async function findStructureById(db: Db, id: number): Promise<StructureRow | null> {
  const [row] = await rowQuery(db).where(eq(structures.id, id));
  return row ? flat(row) : null;
}

export async function insertStructure(db: Db, row: NewStructureRow): Promise<number> {
  const [out] = await db.insert(structures).values(row).returning({ id: structures.id });
  return out!.id;
}

/** Writes when the row is still at `version` (and version + 1); false when someone changed it first. */
export async function updateStructure(
  db: Db,
  id: number,
  version: number,
  patch: Partial<NewStructureRow>,
): Promise<boolean> {
  const rows = await db
    .update(structures)
    .set({ ...patch, version: sql`${structures.version} + 1`, updatedAt: new Date() })
    .where(and(eq(structures.id, id), eq(structures.version, version)))
    .returning({ id: structures.id });
  return rows.length === 1;
}

export type StructureListFilter = {
  partnerId: string;
  /** The markets the user may see structures of. */
  marketIds: number[];
  statuses: string[] | null;
  clientId: number | null;
  marketId: number | null;
  cropId: number | null;
  /** Only the quotes this user saved (saved-structure). */
  quotedBy: string | null;
};

function listWhere(f: StructureListFilter): SQL | undefined {
  return and(
    eq(structures.partnerId, f.partnerId),
    f.marketIds.length > 0 ? inArray(structures.marketId, f.marketIds) : sql`false`,
    f.statuses ? inArray(structures.status, f.statuses as (typeof structures.$inferSelect)['status'][]) : undefined,
    f.clientId !== null ? eq(structures.clientLegalEntityId, f.clientId) : undefined,
    f.marketId !== null ? eq(structures.marketId, f.marketId) : undefined,
    f.cropId !== null ? eq(structures.cropId, f.cropId) : undefined,
    f.quotedBy !== null ? eq(structures.quotedBy, f.quotedBy) : undefined,
  );
}

/** The sort key of a row: newest first (the key is the id; the keyset compares ids). */
export const structureSortKey = (r: { id: number }): string => String(r.id).padStart(10, '0');

/** One page of the partner's structures, newest first: after a keyset cursor, else at an offset. */
export async function listStructures(
  db: Db,
  f: StructureListFilter,
  after: { key: string; id: number } | null,
  limit: number,
  offset: number,
): Promise<StructureRow[]> {
  const where = listWhere(f);
  const rows = await rowQuery(db)
    .where(after ? and(where, lt(structures.id, after.id)) : where)
    .orderBy(desc(structures.id))
    .limit(limit)
    .offset(offset);
  return rows.map(flat);
}

export async function countStructures(db: Db, f: StructureListFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(structures)
    .where(listWhere(f));
  return row?.n ?? 0;
}

/** The structures of some clients (a farmer's), but never a quote nor a cancelled one; newest first. */
export async function structuresOfClients(db: Db, clientIds: number[], id: number | null): Promise<StructureRow[]> {
  if (clientIds.length === 0) return [];
  const rows = await rowQuery(db)
    .where(
      and(
        inArray(structures.clientLegalEntityId, clientIds),
        notInArray(structures.status, ['quote', 'cancelled']),
        id !== null ? eq(structures.id, id) : undefined,
      ),
    )
    .orderBy(desc(structures.id))
    .limit(500);
  return rows.map(flat);
}

export type ObservationRow = typeof structureObservations.$inferSelect;

export async function observationsOf(db: Db, structureId: number): Promise<ObservationRow[]> {
  return db
    .select()
    .from(structureObservations)
    .where(eq(structureObservations.structureId, structureId))
    .orderBy(asc(structureObservations.date));
}

export type CloseCostRow = typeof structureCloseCosts.$inferSelect;

export async function cachedCloseCosts(db: Db, structureIds: number[]): Promise<Map<number, CloseCostRow>> {
  if (structureIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(structureCloseCosts)
    .where(inArray(structureCloseCosts.structureId, structureIds));
  return new Map(rows.map((r) => [r.structureId, r]));
}

/** Keeps a structure's close cost for its trading day, version and futures (one row per structure). */
export async function saveCloseCost(db: Db, row: typeof structureCloseCosts.$inferInsert): Promise<void> {
  await db
    .insert(structureCloseCosts)
    .values(row)
    .onConflictDoUpdate({
      target: structureCloseCosts.structureId,
      set: {
        tradingDay: row.tradingDay,
        structureVersion: row.structureVersion,
        futures: row.futures,
        closeCost: row.closeCost,
        standardError: row.standardError,
        valuation: row.valuation,
        computedAt: row.computedAt ?? new Date(),
      },
    });
}

/** Records the confirmation's request on the structure (no version change: the trade's own write made one). */
export async function setSigningRequest(db: Db, id: number, requestId: number): Promise<void> {
  await db.update(structures).set({ signingRequestId: requestId }).where(eq(structures.id, id));
}

/**
 * The partner's active CRM users who see a market (any permission there), with their admin grants: among them the
 * merchandisers who hear of a farmer's action on a structure of that market (booking-notices.ts).
 */
export async function marketStaff(
  db: Db,
  partnerId: string,
  marketId: number,
): Promise<{ userId: string; adminPermissions: Record<string, unknown>; grainBuying: boolean }[]> {
  const rows = await db
    .select({ userId: users.id, adminPermissions: users.adminPermissions, experiences: users.experiences })
    .from(marketUserPermissions)
    .innerJoin(users, eq(users.id, marketUserPermissions.userId))
    .where(
      and(
        eq(marketUserPermissions.marketId, marketId),
        eq(users.partnerId, partnerId),
        eq(users.status, 'active'),
        sql`cardinality(${marketUserPermissions.permissions}) > 0`,
      ),
    );
  return rows.map((r) => ({
    userId: r.userId,
    adminPermissions: r.adminPermissions,
    grainBuying: r.experiences.grain_buying === true,
  }));
}

/** The active users onboarded on an enterprise (the client's farm): who hears of the client's structures. */
export async function enterpriseUserIds(db: Db, enterpriseId: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}
