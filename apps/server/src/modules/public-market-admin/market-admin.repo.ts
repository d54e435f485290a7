// A market's details (the markets row's address, phone, e-mail, time zone; versioned) and its posts (market_posts).

import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { clientMarkets, marketPosts, markets, users } from '../../db/schema/index.ts';

const detailFields = {
  id: markets.id,
  displayName: markets.displayName,
  addressLine1: markets.addressLine1,
  city: markets.city,
  administrativeAreaLevel1: markets.administrativeAreaLevel1,
  postalCode: markets.postalCode,
  countryCode: markets.countryCode,
  phone: markets.phone,
  email: markets.email,
  timezone: markets.timezone,
  version: markets.version,
};
export type MarketDetailsRow = Pick<typeof markets.$inferSelect, keyof typeof detailFields>;
export type MarketDetailsValues = Pick<
  typeof markets.$inferInsert,
  'displayName' | 'addressLine1' | 'city' | 'administrativeAreaLevel1' | 'postalCode' | 'phone' | 'email' | 'timezone'
>;

export async function findMarketDetails(db: Db, marketId: number): Promise<MarketDetailsRow | null> {
  const [row] = await db.select(detailFields).from(markets).where(eq(markets.id, marketId));
  return row ?? null;
}

/** Writes the details at the version read; null when it was stale. */
export async function updateMarketDetails(
  db: Db,
  marketId: number,
  expectedVersion: number,
  values: MarketDetailsValues,
): Promise<MarketDetailsRow | null> {
  const [row] = await db
    .update(markets)
    .set({ ...values, version: sql`${markets.version} + 1` })
    .where(and(eq(markets.id, marketId), eq(markets.version, expectedVersion)))
    .returning(detailFields);
  return row ?? null;
}

const postFields = {
  id: marketPosts.id,
  marketId: marketPosts.marketId,
  title: marketPosts.title,
  body: marketPosts.body,
  published: marketPosts.published,
  publishedAt: marketPosts.publishedAt,
  version: marketPosts.version,
  createdAt: marketPosts.createdAt,
  updatedAt: marketPosts.updatedAt,
  author: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
};

function selectPosts(db: Db) {
  return db.select(postFields).from(marketPosts).leftJoin(users, eq(users.id, marketPosts.authorUserId));
}
export type MarketPostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

/** A market's posts, newest first; only the published ones when `publishedOnly`. */
export function listMarketPosts(db: Db, marketId: number, publishedOnly = false): Promise<MarketPostRow[]> {
  return selectPosts(db)
    .where(and(eq(marketPosts.marketId, marketId), publishedOnly ? eq(marketPosts.published, true) : undefined))
    .orderBy(desc(marketPosts.createdAt), desc(marketPosts.id))
    .limit(200);
}

export async function findMarketPost(db: Db, marketId: number, postId: number): Promise<MarketPostRow | null> {
  const [row] = await selectPosts(db).where(and(eq(marketPosts.marketId, marketId), eq(marketPosts.id, postId)));
  return row ?? null;
}

export type MarketPostValues = { title: string; body: string; published: boolean };

export async function insertMarketPost(
  db: Db,
  marketId: number,
  values: MarketPostValues,
  authorUserId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(marketPosts)
    .values({ marketId, ...values, publishedAt: values.published ? now : null, authorUserId })
    .returning({ id: marketPosts.id });
  if (!row) throw new Error('market post insert returned nothing');
  return row.id;
}

/** Changes a post at the version read (the publication time is set when it is first published); false when stale. */
export async function updateMarketPost(
  db: Db,
  postId: number,
  expectedVersion: number,
  values: MarketPostValues,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(marketPosts)
    .set({
      ...values,
      publishedAt: values.published
        ? sql`coalesce(${marketPosts.publishedAt}, ${now.toISOString()}::timestamptz)`
        : null,
      version: sql`${marketPosts.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(marketPosts.id, postId), eq(marketPosts.version, expectedVersion)))
    .returning({ id: marketPosts.id });
  return rows.length > 0;
}

export async function deleteMarketPost(db: Db, postId: number, expectedVersion: number): Promise<boolean> {
  const rows = await db
    .delete(marketPosts)
    .where(and(eq(marketPosts.id, postId), eq(marketPosts.version, expectedVersion)))
    .returning({ id: marketPosts.id });
  return rows.length > 0;
}

/** Whether one of these clients (a farmer's farms) sells to the market (client_markets). */
export async function clientsSellTo(db: Db, clientIds: number[], marketId: number): Promise<boolean> {
  if (clientIds.length === 0) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(clientMarkets)
    .where(and(eq(clientMarkets.marketId, marketId), inArray(clientMarkets.clientId, clientIds)))
    .limit(1);
  return row !== undefined;
}

/** A market's published posts for its farmers, newest publication first, at most `limit`. */
export function listPublishedPosts(db: Db, marketId: number, limit: number) {
  return db
    .select({
      id: marketPosts.id,
      title: marketPosts.title,
      body: marketPosts.body,
      publishedAt: marketPosts.publishedAt,
    })
    .from(marketPosts)
    .where(and(eq(marketPosts.marketId, marketId), eq(marketPosts.published, true), isNotNull(marketPosts.publishedAt)))
    .orderBy(desc(marketPosts.publishedAt), desc(marketPosts.id))
    .limit(limit);
}
