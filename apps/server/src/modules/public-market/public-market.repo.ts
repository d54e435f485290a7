import { and, asc, eq, gt, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  announcements,
  instruments,
  marketClosures,
  marketHours,
  marketPublicPages,
  markets,
} from '../../db/schema/index.ts';

export type PublicMarketRow = typeof markets.$inferSelect & {
  /** The market's public page settings; null when none were saved (published, no optional features). */
  page: typeof marketPublicPages.$inferSelect | null;
};

/** A market without a settings row is published (the column's default); one with published=false is not. */
const isPublished = or(isNull(marketPublicPages.marketId), eq(marketPublicPages.published, true));

/** The partner's published markets, in the order the partner created them (the first is /market's default). */
export async function listPublishedMarkets(db: Db, partnerId: string): Promise<PublicMarketRow[]> {
  const rows = await db
    .select({ market: markets, page: marketPublicPages })
    .from(markets)
    .leftJoin(marketPublicPages, eq(marketPublicPages.marketId, markets.id))
    .where(and(eq(markets.partnerId, partnerId), isPublished))
    .orderBy(asc(markets.id));
  return rows.map((r) => ({ ...r.market, page: r.page }));
}

/** When the market's public bids last changed (a bid edited, added or deleted), or null without any. */
export async function latestBidChange(db: Db, input: { partnerId: string; marketId: number }): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(instruments.updatedAt) })
    .from(instruments)
    .where(
      and(
        eq(instruments.partnerId, input.partnerId),
        eq(instruments.marketId, input.marketId),
        eq(instruments.visibility, 'public'),
      ),
    );
  return row?.at ?? null;
}

export async function listMarketHours(db: Db, marketId: number): Promise<(typeof marketHours.$inferSelect)[]> {
  return db.select().from(marketHours).where(eq(marketHours.marketId, marketId)).orderBy(asc(marketHours.dayOfWeek));
}

/** The market's holiday hours and closures (dated entries), by date. */
export async function listMarketClosures(db: Db, marketId: number): Promise<(typeof marketClosures.$inferSelect)[]> {
  return db
    .select()
    .from(marketClosures)
    .where(eq(marketClosures.marketId, marketId))
    .orderBy(asc(marketClosures.date));
}

/** Announcements shown at `now`: started, not ended (or without an end), not deleted; newest first. */
export async function listActiveAnnouncements(
  db: Db,
  marketId: number,
  now: Date,
): Promise<(typeof announcements.$inferSelect)[]> {
  return db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.marketId, marketId),
        isNull(announcements.deletedAt),
        lte(announcements.startsAt, now),
        or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
      ),
    )
    .orderBy(sql`${announcements.startsAt} desc`, asc(announcements.id));
}
