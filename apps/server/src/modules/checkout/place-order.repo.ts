// Placing the order and reading it back: the store's terms rule's facts about the buyer, the order with its
// fulfillments and items, stock taken per line, the cart checked out, and the buyer's e-mail for the confirmation.

import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
import {
  storeCarts,
  storeOrderFulfillments,
  storeOrderItems,
  storeOrders,
  storeStock,
  storeWarehouses,
  users,
} from '../../db/schema/index.ts';
import { publishCartChanged } from '../cart/cart.public.ts';

/** What the store's terms rule (platform.md 2.9) reads of a buyer. */
export type TermsRuleRow = Pick<
  typeof users.$inferSelect,
  'email' | 'legacyId' | 'isSuperAdmin' | 'adminPermissions' | 'experiences'
> & { tosAccepted: boolean };

export async function termsRuleRowOf(db: Db, userId: string): Promise<TermsRuleRow | null> {
  const [row] = await db
    .select({
      email: users.email,
      legacyId: users.legacyId,
      isSuperAdmin: users.isSuperAdmin,
      adminPermissions: users.adminPermissions,
      experiences: users.experiences,
      tosAccepted: sql<boolean>`${users.tosAcceptedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function userEmail(db: Db, userId: string): Promise<{ email: string; firstname: string } | null> {
  const [row] = await db
    .select({ email: users.email, firstname: sql<string>`coalesce(${users.firstName}, '')` })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

// ---------- orders ----------

export async function orderOfCart(
  db: Db,
  cartId: string,
): Promise<Pick<typeof storeOrders.$inferSelect, 'id' | 'orderNumber' | 'userId'> | null> {
  const o = storeOrders;
  const [row] = await db
    .select({ id: o.id, orderNumber: o.orderNumber, userId: o.userId })
    .from(o)
    .where(eq(o.cartId, cartId));
  return row ?? null;
}

export type OrderWrite = Pick<
  typeof storeOrders.$inferInsert,
  | 'cartId'
  | 'kind'
  | 'userId'
  | 'enterpriseId'
  | 'country'
  | 'currency'
  | 'paymentTerms'
  | 'paymentMethod'
  | 'paymentStatus'
  | 'paymentReference'
  | 'promoCode'
  | 'referralCode'
  | 'discounts'
  | 'billingAddress'
  | 'rupLicence'
> & {
  totals: Pick<
    typeof storeOrders.$inferInsert,
    | 'goodsSubtotal'
    | 'discountTotal'
    | 'shippingTotal'
    | 'shippingDiscountTotal'
    | 'taxTotal'
    | 'paymentFeeTotal'
    | 'total'
  >;
};

/** Inserts the order under the next order number ('GS-' and the sequence's next value). */
export async function insertOrder(
  tx: Db,
  { totals, ...o }: OrderWrite,
): Promise<Pick<typeof storeOrders.$inferSelect, 'id' | 'orderNumber'>> {
  const [row] = await tx
    .insert(storeOrders)
    .values({
      ...o,
      goodsSubtotal: totals.goodsSubtotal,
      discountTotal: totals.discountTotal,
      shippingTotal: totals.shippingTotal,
      shippingDiscountTotal: totals.shippingDiscountTotal,
      taxTotal: totals.taxTotal,
      paymentFeeTotal: totals.paymentFeeTotal,
      total: totals.total,
      orderNumber: sql`'GS-' || nextval('store_order_number_seq')`,
    })
    .returning({ id: storeOrders.id, orderNumber: storeOrders.orderNumber });
  return row!;
}

export async function insertFulfillment(
  tx: Db,
  f: Omit<typeof storeOrderFulfillments.$inferInsert, 'status'>,
): Promise<void> {
  await tx.insert(storeOrderFulfillments).values(f);
}

export async function insertOrderItem(tx: Db, i: Omit<typeof storeOrderItems.$inferInsert, 'id'>): Promise<void> {
  await tx.insert(storeOrderItems).values(i);
}

/** Takes stock out of a warehouse; false (nothing changed) when it holds fewer units than asked. */
export async function takeStock(tx: Db, variantId: number, warehouseId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(storeStock)
    .set({ quantity: sql`${storeStock.quantity} - ${quantity}` })
    .where(
      and(
        eq(storeStock.variantId, variantId),
        eq(storeStock.warehouseId, warehouseId),
        gte(storeStock.quantity, quantity),
      ),
    )
    .returning({ quantity: storeStock.quantity });
  return rows.length > 0;
}

export async function markCheckedOut(tx: Db, cartId: string): Promise<void> {
  const c = storeCarts;
  const [row] = await tx
    .update(c)
    .set({ status: 'checked_out', serial: sql`${c.serial} + 1`, updatedAt: sql`now()` })
    .where(eq(c.id, cartId))
    .returning({ id: c.id, serial: c.serial, status: c.status, kind: c.kind, userId: c.userId });
  if (row) await publishCartChanged(tx, row); // the user's other devices see the cart emptied once the order commits
}

const orderFields = {
  id: storeOrders.id,
  orderNumber: storeOrders.orderNumber,
  cartId: storeOrders.cartId,
  kind: storeOrders.kind,
  status: storeOrders.status,
  paymentStatus: storeOrders.paymentStatus,
  paymentTerms: storeOrders.paymentTerms,
  currency: storeOrders.currency,
  /** To the second, as the order confirmation shows it. */
  placedAt: sql<string>`to_char(${storeOrders.placedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  goodsSubtotal: storeOrders.goodsSubtotal,
  discountTotal: storeOrders.discountTotal,
  shippingTotal: storeOrders.shippingTotal,
  shippingDiscountTotal: storeOrders.shippingDiscountTotal,
  taxTotal: storeOrders.taxTotal,
  paymentFeeTotal: storeOrders.paymentFeeTotal,
  total: storeOrders.total,
};
export type OrderRow = Pick<typeof storeOrders.$inferSelect, Exclude<keyof typeof orderFields, 'placedAt'>> & {
  placedAt: string;
};

export async function orderOfUserByCart(db: Db, userId: string, cartId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select(orderFields)
    .from(storeOrders)
    .where(and(eq(storeOrders.cartId, cartId), eq(storeOrders.userId, userId)));
  return row ?? null;
}

export async function orderItems(
  db: Db,
  orderId: string,
): Promise<
  Pick<
    typeof storeOrderItems.$inferSelect,
    'productName' | 'variantLabel' | 'sku' | 'quantity' | 'unitPrice' | 'lineTotal'
  >[]
> {
  const i = storeOrderItems;
  return db
    .select({
      productName: i.productName,
      variantLabel: i.variantLabel,
      sku: i.sku,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      lineTotal: i.lineTotal,
    })
    .from(i)
    .where(eq(i.orderId, orderId))
    .orderBy(asc(i.id));
}

export async function orderFulfillments(db: Db, orderId: string) {
  const f = storeOrderFulfillments;
  return db
    .select({
      partitionKey: f.partitionKey,
      shippingMethod: f.shippingMethod,
      warehouseName: storeWarehouses.name,
      address: f.address,
    })
    .from(f)
    .innerJoin(storeWarehouses, eq(storeWarehouses.id, f.warehouseId))
    .where(eq(f.orderId, orderId))
    .orderBy(asc(f.partitionKey));
}
