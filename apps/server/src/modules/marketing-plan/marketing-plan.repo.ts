// The marketing tab's tables (docs/decisions/058): a farm business's marketing plans and a user's price alerts, and
// the bids (instruments) an alert may watch. Every read of an alert names its user, so another user's id reads nothing.

import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  instruments,
  markets,
  marketingPlans,
  priceAlerts,
  users,
  type MarketingTargetRow,
} from '../../db/schema/index.ts';

export type PlanRow = typeof marketingPlans.$inferSelect;
export type AlertRow = typeof priceAlerts.$inferSelect;
export type NewAlert = typeof priceAlerts.$inferInsert;

export async function findPlan(
  db: Db,
  enterpriseId: number,
  cropId: number,
  cropYear: number,
): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(marketingPlans)
    .where(
      and(
        eq(marketingPlans.enterpriseId, enterpriseId),
        eq(marketingPlans.cropId, cropId),
        eq(marketingPlans.cropYear, cropYear),
      ),
    );
  return row ?? null;
}

export function plansOf(db: Db, enterpriseId: number): Promise<PlanRow[]> {
  return db
    .select()
    .from(marketingPlans)
    .where(eq(marketingPlans.enterpriseId, enterpriseId))
    .orderBy(desc(marketingPlans.cropYear), asc(marketingPlans.cropId));
}

/** Saves a plan's targets (replacing the ones before); an empty list removes the plan. */
export async function savePlan(
  db: Db,
  key: { enterpriseId: number; cropId: number; cropYear: number },
  plan: { targets: MarketingTargetRow[]; notes: string; userId: string },
  now: Date,
): Promise<PlanRow | null> {
  if (plan.targets.length === 0) {
    await db
      .delete(marketingPlans)
      .where(
        and(
          eq(marketingPlans.enterpriseId, key.enterpriseId),
          eq(marketingPlans.cropId, key.cropId),
          eq(marketingPlans.cropYear, key.cropYear),
        ),
      );
    return null;
  }
  const [row] = await db
    .insert(marketingPlans)
    .values({ ...key, targets: plan.targets, notes: plan.notes, updatedBy: plan.userId, updatedAt: now })
    .onConflictDoUpdate({
      target: [marketingPlans.enterpriseId, marketingPlans.cropId, marketingPlans.cropYear],
      set: { targets: plan.targets, notes: plan.notes, updatedBy: plan.userId, updatedAt: now },
    })
    .returning();
  return row!;
}

export function alertsOf(db: Db, userId: string, cropId?: number): Promise<AlertRow[]> {
  return db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), cropId === undefined ? undefined : eq(priceAlerts.cropId, cropId)))
    .orderBy(desc(priceAlerts.id));
}

export async function alertOf(db: Db, userId: string, alertId: number): Promise<AlertRow | null> {
  const [row] = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.id, alertId)));
  return row ?? null;
}

export async function countActive(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')));
  return row?.n ?? 0;
}

export async function insertAlert(db: Db, alert: NewAlert): Promise<AlertRow> {
  const [row] = await db.insert(priceAlerts).values(alert).returning();
  return row!;
}

export async function updateAlert(
  db: Db,
  userId: string,
  alertId: number,
  set: Partial<NewAlert>,
): Promise<AlertRow | null> {
  const [row] = await db
    .update(priceAlerts)
    .set(set)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.id, alertId)))
    .returning();
  return row ?? null;
}

export async function deleteAlert(db: Db, userId: string, alertId: number): Promise<boolean> {
  const rows = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.id, alertId)))
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

/** The active alerts to judge: on the futures that moved (and the bids priced off them), or all of them. */
export function activeAlerts(db: Db, symbols: readonly string[] | null): Promise<AlertRow[]> {
  const onSymbols =
    symbols === null
      ? undefined
      : sql`(${inArray(priceAlerts.symbol, [...symbols])} or (${priceAlerts.kind} = 'bid' and ${priceAlerts.bidId} in (
          select ${instruments.id} from ${instruments} where ${inArray(instruments.futuresSymbol, [...symbols])})))`;
  return db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.status, 'active'), onSymbols))
    .orderBy(asc(priceAlerts.id));
}

/** Moves an active alert to triggered (once: a second judge of the same alert finds it no longer active). */
export async function markTriggered(db: Db, alertId: number, price: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(priceAlerts)
    .set({ status: 'triggered', triggeredAt: at, triggeredPrice: price, updatedAt: at })
    .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.status, 'active')))
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

/** Active alerts whose last day is before `today` become expired. */
export async function expireAlerts(db: Db, today: string, at: Date): Promise<number> {
  const rows = await db
    .update(priceAlerts)
    .set({ status: 'expired', updatedAt: at })
    .where(and(eq(priceAlerts.status, 'active'), lte(priceAlerts.expiresOn, sql`(${today}::date - 1)`)))
    .returning({ id: priceAlerts.id });
  return rows.length;
}

/** A bid (instrument) as an alert needs it: its market, partner, crop and delivery period; null when removed. */
const bidFields = {
  id: instruments.id,
  partnerId: instruments.partnerId,
  marketId: instruments.marketId,
  cropId: instruments.cropId,
  cropYear: instruments.cropYear,
  name: instruments.name,
  deliveryStart: instruments.deliveryStart,
  deliveryEnd: instruments.deliveryEnd,
  futuresSymbol: instruments.futuresSymbol,
  quantityUnit: instruments.quantityUnit,
  visibility: instruments.visibility,
  marketDisplayName: markets.displayName,
  marketCity: markets.city,
  marketState: markets.administrativeAreaLevel1,
};

export async function bidOf(db: Db, bidId: number) {
  const [row] = await bidsByIds(db, [bidId]);
  return row ?? null;
}

/** The live bids of these ids with their markets, in one query (the alerts' judge runs every minute). */
export async function bidsByIds(db: Db, bidIds: readonly number[]) {
  if (bidIds.length === 0) return [];
  return db
    .select(bidFields)
    .from(instruments)
    .innerJoin(markets, eq(markets.id, instruments.marketId))
    .where(and(inArray(instruments.id, [...bidIds]), isNull(instruments.deletedAt)));
}

export async function recipientOf(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
