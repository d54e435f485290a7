// The queries behind an order's status change by staff (the order wrangler): any buyer's order, locked while it moves.
import { eq, sql } from 'drizzle-orm';
import type { StoreOrderStatus } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { storeOrders, users } from '../../db/schema/index.ts';

export type OrderForStatus = {
  id: string;
  orderNumber: string;
  status: StoreOrderStatus;
  userId: string;
  email: string;
  firstName: string | null;
  /** The buyer's partner: the mail is in its brand, linking to its host. */
  partnerId: string | null;
};

/** An order with its buyer's address, locked for the change; null for an unknown id. */
export async function lockOrderForStatus(db: Db, orderId: string): Promise<OrderForStatus | null> {
  const [row] = await db
    .select({
      id: storeOrders.id,
      orderNumber: storeOrders.orderNumber,
      status: storeOrders.status,
      userId: storeOrders.userId,
      email: users.email,
      firstName: users.firstName,
      partnerId: users.partnerId,
    })
    .from(storeOrders)
    .innerJoin(users, eq(users.id, storeOrders.userId))
    .where(eq(storeOrders.id, orderId))
    .for('update', { of: storeOrders });
  return row ?? null;
}

export async function setOrderStatus(db: Db, orderId: string, status: StoreOrderStatus): Promise<void> {
  await db
    .update(storeOrders)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(storeOrders.id, orderId));
}
