// The tables of a market's public page: market_public_pages (settings), market_hours, announcements and
// announcement_reads (schema/bids.ts), and the markets a farmer deals with.

import { and, asc, desc, eq, inArray, isNull, lte, or, gt, sql } from 'drizzle-orm';
import type { DayHours, MarketClosure, PublicContact } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import {
  announcementReads,
  announcements,
  clientMarkets,
  contracts,
  enterpriseUsers,
  legalEntities,
  marketClosures,
  marketHours,
  marketPublicPages,
  markets,
} from '../../db/schema/index.ts';

export type MarketPageRow = typeof marketPublicPages.$inferSelect;

export async function findMarketSlug(db: Db, marketId: number): Promise<string | null> {
  const [row] = await db.select({ slug: markets.slug }).from(markets).where(eq(markets.id, marketId));
  return row?.slug ?? null;
}

export async function findMarketPage(db: Db, marketId: number): Promise<MarketPageRow | null> {
  const [row] = await db.select().from(marketPublicPages).where(eq(marketPublicPages.marketId, marketId));
  return row ?? null;
}

export type MarketPageValues = {
  features: string[];
  published: boolean;
  deliveryInformation: string | null;
  additionalInfo: string | null;
  contacts: PublicContact[];
};

/**
 * Writes a market's page settings at the version the writer read: version 0 creates the row (if nobody did
 * meanwhile), else the row is updated only at that version. Null when the version was stale.
 */
export async function saveMarketPage(
  db: Db,
  marketId: number,
  expectedVersion: number,
  values: MarketPageValues,
  userId: string,
): Promise<MarketPageRow | null> {
  if (expectedVersion === 0) {
    const [row] = await db
      .insert(marketPublicPages)
      .values({ marketId, ...values, version: 1, updatedBy: userId })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }
  const [row] = await db
    .update(marketPublicPages)
    .set({ ...values, version: sql`${marketPublicPages.version} + 1`, updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(marketPublicPages.marketId, marketId), eq(marketPublicPages.version, expectedVersion)))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Hours

export async function listHours(db: Db, marketId: number): Promise<DayHours[]> {
  const rows = await db
    .select({
      dayOfWeek: marketHours.dayOfWeek,
      closed: marketHours.closed,
      opensAt: marketHours.opensAt,
      closesAt: marketHours.closesAt,
    })
    .from(marketHours)
    .where(eq(marketHours.marketId, marketId))
    .orderBy(asc(marketHours.dayOfWeek));
  return rows;
}

/** Replaces the market's week (one row per weekday) in one transaction. */
export async function replaceHours(db: Db, marketId: number, days: DayHours[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(marketHours).where(eq(marketHours.marketId, marketId));
    if (days.length > 0) await tx.insert(marketHours).values(days.map((d) => ({ marketId, ...d })));
  });
}

// ---------------------------------------------------------------------------------------------------
// Holiday hours and closures

export async function listClosures(db: Db, marketId: number): Promise<MarketClosure[]> {
  return db
    .select({
      date: marketClosures.date,
      label: marketClosures.label,
      closed: marketClosures.closed,
      opensAt: marketClosures.opensAt,
      closesAt: marketClosures.closesAt,
    })
    .from(marketClosures)
    .where(eq(marketClosures.marketId, marketId))
    .orderBy(asc(marketClosures.date));
}

/** Replaces the market's dated entries in one transaction. */
export async function replaceClosures(db: Db, marketId: number, closures: MarketClosure[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(marketClosures).where(eq(marketClosures.marketId, marketId));
    if (closures.length > 0) await tx.insert(marketClosures).values(closures.map((c) => ({ marketId, ...c })));
  });
}

// ---------------------------------------------------------------------------------------------------
// Announcements

export type AnnouncementRow = typeof announcements.$inferSelect;

export async function listAnnouncements(db: Db, marketId: number, limit: number): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .where(and(eq(announcements.marketId, marketId), isNull(announcements.deletedAt)))
    .orderBy(desc(announcements.startsAt), desc(announcements.id))
    .limit(limit);
}

/** An announcement (not deleted) with its market's partner, or null. */
export async function findAnnouncement(db: Db, id: number): Promise<(AnnouncementRow & { partnerId: string }) | null> {
  const [row] = await db
    .select({ announcement: announcements, partnerId: markets.partnerId })
    .from(announcements)
    .innerJoin(markets, eq(markets.id, announcements.marketId))
    .where(and(eq(announcements.id, id), isNull(announcements.deletedAt)));
  return row ? { ...row.announcement, partnerId: row.partnerId } : null;
}

export type AnnouncementValues = { title: string; body: string; startsAt: Date; endsAt: Date | null };

export async function insertAnnouncement(
  db: Db,
  marketId: number,
  values: AnnouncementValues,
  userId: string,
): Promise<AnnouncementRow> {
  const [row] = await db
    .insert(announcements)
    .values({ marketId, ...values, createdBy: userId })
    .returning();
  if (!row) throw new Error('announcement insert returned nothing');
  return row;
}

/** Rewrites an announcement at the version the writer read; null when stale (or deleted meanwhile). */
export async function updateAnnouncement(
  db: Db,
  id: number,
  expectedVersion: number,
  values: AnnouncementValues,
): Promise<AnnouncementRow | null> {
  const [row] = await db
    .update(announcements)
    .set({ ...values, version: sql`${announcements.version} + 1`, updatedAt: new Date() })
    .where(and(eq(announcements.id, id), eq(announcements.version, expectedVersion), isNull(announcements.deletedAt)))
    .returning();
  return row ?? null;
}

/** Removes an announcement (kept, marked deleted), at a version when one is given; false when stale or gone. */
export async function deleteAnnouncement(db: Db, id: number, expectedVersion: number | null): Promise<boolean> {
  const rows = await db
    .update(announcements)
    .set({ deletedAt: new Date(), version: sql`${announcements.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(announcements.id, id),
        isNull(announcements.deletedAt),
        expectedVersion === null ? undefined : eq(announcements.version, expectedVersion),
      ),
    )
    .returning({ id: announcements.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// A farmer's announcements

export type FarmerMarketRow = {
  id: number;
  displayName: string | null;
  city: string;
  administrativeAreaLevel1: string;
};

/**
 * The markets a farmer deals with: those their farms' client legal entities (onboarded to the user's enterprises)
 * sell to (client_markets) or hold contracts at.
 */
export async function farmerMarkets(db: Db, userId: string): Promise<FarmerMarketRow[]> {
  const clientIds = db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .innerJoin(enterpriseUsers, eq(enterpriseUsers.enterpriseId, legalEntities.enterpriseId))
    .where(and(eq(enterpriseUsers.userId, userId), eq(legalEntities.kind, 'client')));
  return db
    .select({
      id: markets.id,
      displayName: markets.displayName,
      city: markets.city,
      administrativeAreaLevel1: markets.administrativeAreaLevel1,
    })
    .from(markets)
    .where(
      or(
        inArray(
          markets.id,
          db
            .select({ id: clientMarkets.marketId })
            .from(clientMarkets)
            .where(inArray(clientMarkets.clientId, clientIds)),
        ),
        inArray(
          markets.id,
          db.selectDistinct({ id: contracts.marketId }).from(contracts).where(inArray(contracts.clientId, clientIds)),
        ),
      ),
    )
    .orderBy(asc(markets.id));
}

export type UserAnnouncementRow = AnnouncementRow & { read: boolean };

/** The announcements of these markets active at `now`, with whether the user read each, newest start first. */
export async function activeAnnouncementsOf(
  db: Db,
  marketIds: number[],
  userId: string,
  now: Date,
  limit: number,
): Promise<UserAnnouncementRow[]> {
  if (marketIds.length === 0) return [];
  const rows = await db
    .select({ announcement: announcements, readAt: announcementReads.readAt })
    .from(announcements)
    .leftJoin(
      announcementReads,
      and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId)),
    )
    .where(
      and(
        inArray(announcements.marketId, marketIds),
        isNull(announcements.deletedAt),
        lte(announcements.startsAt, now),
        or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
      ),
    )
    .orderBy(desc(announcements.startsAt), desc(announcements.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.announcement, read: r.readAt !== null }));
}

export async function markRead(db: Db, userId: string, announcementIds: number[]): Promise<void> {
  if (announcementIds.length === 0) return;
  await db
    .insert(announcementReads)
    .values(announcementIds.map((announcementId) => ({ announcementId, userId })))
    .onConflictDoNothing();
}
