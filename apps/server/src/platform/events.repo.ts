// What the live-event routes read to decide who may follow a topic (events.routes.ts): markets' partners, a
// partner's clients, a public page's market.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './db.ts';
import { legalEntities, markets } from '../db/schema/index.ts';

/** Each of the markets' partner (markets that do not exist are left out). */
export async function partnersOfMarkets(db: Db, marketIds: number[]): Promise<Map<number, string>> {
  if (marketIds.length === 0) return new Map();
  const rows = await db
    .select({ id: markets.id, partnerId: markets.partnerId })
    .from(markets)
    .where(inArray(markets.id, marketIds));
  return new Map(rows.map((r) => [r.id, r.partnerId]));
}

/** Those of the legal entities that are clients of the partner. */
export async function clientsOfPartner(db: Db, partnerId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(
      and(inArray(legalEntities.id, ids), eq(legalEntities.partnerId, partnerId), eq(legalEntities.kind, 'client')),
    );
  return new Set(rows.map((r) => r.id));
}

/** The id of the partner's market with that slug (its public page), or null. */
export async function marketIdBySlug(db: Db, partnerId: string, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.partnerId, partnerId), eq(markets.slug, slug)));
  return row?.id ?? null;
}
