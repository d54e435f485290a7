import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { legalEntities, marketUserPermissions, markets } from '../../db/schema/index.ts';

export type PartnerMarketRow = {
  id: number;
  displayName: string | null;
  city: string;
  administrativeAreaLevel1: string;
  countryCode: 'USA' | 'CAN' | 'AUS';
  timezone: string;
  sustainabilityEnabled: boolean;
  /** The user's permissions on the market; null when the user has no row there. */
  permissions: string[] | null;
};

/** Every market of a partner, with one user's permissions on each (one query). */
export async function listPartnerMarketsForUser(db: Db, partnerId: string, userId: string): Promise<PartnerMarketRow[]> {
  return db
    .select({
      id: markets.id,
      displayName: markets.displayName,
      city: markets.city,
      administrativeAreaLevel1: markets.administrativeAreaLevel1,
      countryCode: markets.countryCode,
      timezone: markets.timezone,
      sustainabilityEnabled: markets.sustainabilityEnabled,
      permissions: marketUserPermissions.permissions,
    })
    .from(markets)
    .leftJoin(marketUserPermissions, and(eq(marketUserPermissions.marketId, markets.id), eq(marketUserPermissions.userId, userId)))
    .where(eq(markets.partnerId, partnerId))
    .orderBy(asc(markets.id));
}

export type PartnerLegalEntityRow = { id: number; name: string; scopeLegalEntityId: number };

/** The partner's own legal entity (the platformId of the merchandising paths): the oldest of kind 'partner'. */
export async function findPartnerLegalEntity(db: Db, partnerId: string): Promise<PartnerLegalEntityRow | null> {
  const [row] = await db
    .select({ id: legalEntities.id, name: legalEntities.name, scopeLegalEntityId: legalEntities.scopeLegalEntityId })
    .from(legalEntities)
    .where(and(eq(legalEntities.partnerId, partnerId), eq(legalEntities.kind, 'partner')))
    .orderBy(asc(legalEntities.id))
    .limit(1);
  return row ?? null;
}

export type ClientRow = typeof legalEntities.$inferSelect;

/** A client (legal entity of kind 'client') of the partner, or null (another partner's id included). */
export async function findPartnerClient(db: Db, partnerId: string, clientId: number): Promise<ClientRow | null> {
  const [row] = await db
    .select()
    .from(legalEntities)
    .where(and(eq(legalEntities.id, clientId), eq(legalEntities.partnerId, partnerId), eq(legalEntities.kind, 'client')));
  return row ?? null;
}

/** A legal entity of any kind of the partner, or null. */
export async function findPartnerLegalEntityById(db: Db, partnerId: string, id: number): Promise<ClientRow | null> {
  const [row] = await db.select().from(legalEntities).where(and(eq(legalEntities.id, id), eq(legalEntities.partnerId, partnerId)));
  return row ?? null;
}
