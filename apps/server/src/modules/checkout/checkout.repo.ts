// Checkout's queries: the cart row and its checkout choices (claimed by serial), partitions' settings, stock per
// warehouse, product facts for tax and promotions, promotions and referral codes, and re-pricing the cart's lines.
// The address book's queries are address-book.repo.ts, licences' licences.repo.ts, the order's place-order.repo.ts
// and buy-now carts' buy-now.repo.ts.

import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { PromotionRow } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  storeCartItems,
  storeCartPartitions,
  storeCarts,
  storeOrders,
  storePromotions,
  storeReferralCodes,
  storeStock,
  storeWarehouses,
} from '../../db/schema/index.ts';
import { publishCartChanged } from '../cart/cart.public.ts';

const cartFields = {
  id: storeCarts.id,
  serial: storeCarts.serial,
  status: storeCarts.status,
  kind: storeCarts.kind,
  userId: storeCarts.userId,
  enterpriseId: storeCarts.enterpriseId,
  country: storeCarts.country,
  currency: storeCarts.currency,
  promoCode: storeCarts.promoCode,
  referralCode: storeCarts.referralCode,
  paymentTerms: storeCarts.paymentTerms,
  paymentMethod: storeCarts.paymentMethod,
  billingAddressId: storeCarts.billingAddressId,
  rupHolderId: storeCarts.rupHolderId,
  pickupContactEmail: storeCarts.pickupContactEmail,
  pickupContactPhone: storeCarts.pickupContactPhone,
  customizationsAdditionalNotes: storeCarts.customizationsAdditionalNotes,
  express: storeCarts.express,
};
export type CheckoutCartRow = Pick<typeof storeCarts.$inferSelect, keyof typeof cartFields>;

export async function cartOfUser(
  db: Db,
  userId: string,
  cartId: string,
  lock = false,
): Promise<CheckoutCartRow | null> {
  const query = db
    .select(cartFields)
    .from(storeCarts)
    .where(and(eq(storeCarts.id, cartId), eq(storeCarts.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function openCartIdOfUser(db: Db, userId: string, kind: 'cart' | 'buy_now'): Promise<string | null> {
  const [row] = await db
    .select({ id: storeCarts.id })
    .from(storeCarts)
    .where(and(eq(storeCarts.userId, userId), eq(storeCarts.kind, kind), eq(storeCarts.status, 'open')))
    .limit(1);
  return row?.id ?? null;
}

type Country = CheckoutCartRow['country'];
type Currency = CheckoutCartRow['currency'];

/**
 * Moves an open cart to the buyer's region (country and currency) when it was last written from another one; the
 * lines keep the price they were added at, so a changed price shows as items_need_adjustment until accepted.
 * Answers whether it moved.
 */
export async function alignCartRegion(db: Db, cartId: string, country: Country, currency: Currency): Promise<boolean> {
  const rows = await db
    .update(storeCarts)
    .set({ country, currency })
    .where(
      and(
        eq(storeCarts.id, cartId),
        eq(storeCarts.status, 'open'),
        or(ne(storeCarts.country, country), ne(storeCarts.currency, currency)),
      ),
    )
    .returning({ id: storeCarts.id });
  return rows.length > 0;
}

/** Takes a write: bumps the serial only if it is the one sent and the cart is open and the user's. Locks the row. */
export async function claimSerial(
  tx: Db,
  userId: string,
  cartId: string,
  serial: number,
): Promise<CheckoutCartRow | null> {
  const [row] = await tx
    .update(storeCarts)
    .set({ serial: sql`${storeCarts.serial} + 1`, updatedAt: sql`now()`, lastAccessed: sql`now()` })
    .where(
      and(
        eq(storeCarts.id, cartId),
        eq(storeCarts.userId, userId),
        eq(storeCarts.serial, serial),
        eq(storeCarts.status, 'open'),
      ),
    )
    .returning(cartFields);
  if (row) await publishCartChanged(tx, row); // the user's other devices follow (live event, same transaction)
  return row ?? null;
}

/** The checkout choices a write may set on the cart row. */
export type CartChoices = Partial<
  Pick<
    typeof storeCarts.$inferInsert,
    | 'promoCode'
    | 'referralCode'
    | 'paymentTerms'
    | 'paymentMethod'
    | 'billingAddressId'
    | 'rupHolderId'
    | 'pickupContactEmail'
    | 'pickupContactPhone'
    | 'customizationsAdditionalNotes'
    | 'express'
  >
>;

export async function updateCart(tx: Db, cartId: string, set: CartChoices): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await tx.update(storeCarts).set(set).where(eq(storeCarts.id, cartId));
}

const partitionFields = {
  partitionKey: storeCartPartitions.partitionKey,
  shippingMethod: storeCartPartitions.shippingMethod,
  deliveryAddressId: storeCartPartitions.deliveryAddressId,
  pickupWarehouseId: storeCartPartitions.pickupWarehouseId,
  fulfillmentPromise: storeCartPartitions.fulfillmentPromise,
  deliveryNotBefore: storeCartPartitions.deliveryNotBefore,
  deliveryNotAfter: storeCartPartitions.deliveryNotAfter,
  applicationTiming: storeCartPartitions.applicationTiming,
  applicationState: storeCartPartitions.applicationState,
  deliveryContactId: storeCartPartitions.deliveryContactId,
  orderSpecialInstructions: storeCartPartitions.orderSpecialInstructions,
};
export type PartitionRow = Pick<typeof storeCartPartitions.$inferSelect, keyof typeof partitionFields>;

export async function partitionsOf(db: Db, cartId: string): Promise<PartitionRow[]> {
  return db.select(partitionFields).from(storeCartPartitions).where(eq(storeCartPartitions.cartId, cartId));
}

export async function upsertPartition(
  tx: Db,
  cartId: string,
  sellerId: number,
  warehouseId: number,
  key: string,
  p: Omit<PartitionRow, 'partitionKey'>,
): Promise<void> {
  const t = storeCartPartitions;
  const settings = { ...p, deliverImmediately: p.fulfillmentPromise !== 'future_shipment_groups' };
  await tx
    .insert(t)
    .values({ cartId, partitionKey: key, sellerId, warehouseId, ...settings })
    .onConflictDoUpdate({ target: [t.cartId, t.partitionKey], set: settings });
}

/** What tax, shipping weight and the promotions' qualifiers need about each variant: a four-table read. */
export type VariantFactsRow = {
  variantId: number;
  size: string;
  unit: string;
  packCount: number;
  productCategory: string;
  houseBrand: boolean;
  adjuvant: boolean;
  nutrition: boolean;
};

export async function variantFacts(db: Db, variantIds: number[]): Promise<VariantFactsRow[]> {
  if (variantIds.length === 0) return [];
  const ids = sql`${`{${variantIds.join(',')}}`}::int[]`;
  return rowsOf<VariantFactsRow>(
    await db.execute(sql`
      select v.id as "variantId", v.size::text as size, v.unit, v.pack_count as "packCount", c.product_category as "productCategory",
        (s.kind = 'house' and (p.kind = 'house_special' or p.brand in (select distinct brand from store_products where kind = 'house_special'))) as "houseBrand",
        (p.category_path like 'crop-protection/adjuvants%') as adjuvant,
        (c.product_category = 'liquid_fertilizer' or 'nutritionals' = any(p.programs)) as nutrition
      from store_variants v join store_products p on p.id = v.product_id join store_sellers s on s.id = p.seller_id
      join store_categories c on c.id = p.category_id
      where v.id = any(${ids})`),
  );
}

export type StockRow = Pick<typeof storeStock.$inferSelect, 'variantId' | 'warehouseId' | 'quantity'>;

export async function stockOf(db: Db, variantIds: number[], country: Country): Promise<StockRow[]> {
  if (variantIds.length === 0) return [];
  return db
    .select({ variantId: storeStock.variantId, warehouseId: storeStock.warehouseId, quantity: storeStock.quantity })
    .from(storeStock)
    .innerJoin(storeWarehouses, eq(storeWarehouses.id, storeStock.warehouseId))
    .where(and(inArray(storeStock.variantId, variantIds), eq(storeWarehouses.country, country)));
}

export type WarehouseRow = typeof storeWarehouses.$inferSelect;

export async function warehousesOf(db: Db, country: Country): Promise<WarehouseRow[]> {
  return db
    .select()
    .from(storeWarehouses)
    .where(eq(storeWarehouses.country, country))
    .orderBy(asc(storeWarehouses.name));
}

/** The active promotions, as the domain's promotion rules read them. */
export async function promotions(db: Db): Promise<PromotionRow[]> {
  const p = storePromotions;
  return db
    .select({
      id: p.id,
      code: p.code,
      name: p.name,
      kind: p.kind,
      value: p.value,
      currency: p.currency,
      country: p.country,
      minSubtotal: p.minSubtotal,
      firstPurchaseOnly: p.firstPurchaseOnly,
      qualifiers: p.qualifiers,
      startsAt: p.startsAt,
      endsAt: p.endsAt,
      active: p.active,
    })
    .from(p)
    .where(eq(p.active, true))
    .orderBy(asc(p.id));
}

export async function hasEarlierOrder(db: Db, userId: string, enterpriseId: number | null): Promise<boolean> {
  const o = storeOrders;
  const rows = await db
    .select({ one: sql`1` })
    .from(o)
    .where(
      and(
        ne(o.status, 'canceled'),
        enterpriseId ? or(eq(o.userId, userId), eq(o.enterpriseId, enterpriseId)) : eq(o.userId, userId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function referralCodeOf(db: Db, enterpriseId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: storeReferralCodes.code })
    .from(storeReferralCodes)
    .where(eq(storeReferralCodes.enterpriseId, enterpriseId));
  return row?.code ?? null;
}

export async function insertReferralCode(db: Db, enterpriseId: number, code: string): Promise<void> {
  await db.insert(storeReferralCodes).values({ enterpriseId, code }).onConflictDoNothing();
}

export async function enterpriseOfReferralCode(db: Db, code: string): Promise<number | null> {
  const [row] = await db
    .select({ enterpriseId: storeReferralCodes.enterpriseId })
    .from(storeReferralCodes)
    .where(eq(storeReferralCodes.code, code.trim().toUpperCase()));
  return row?.enterpriseId ?? null;
}
export async function setItemPrice(tx: Db, itemId: string, amount: string): Promise<void> {
  await tx.update(storeCartItems).set({ pricedAmount: amount }).where(eq(storeCartItems.id, itemId));
}
export async function setItemQuantity(tx: Db, itemId: string, quantity: number): Promise<void> {
  await tx.update(storeCartItems).set({ quantity }).where(eq(storeCartItems.id, itemId));
}
export async function deleteItem(tx: Db, itemId: string): Promise<void> {
  await tx.delete(storeCartItems).where(eq(storeCartItems.id, itemId));
}
export async function markPriced(tx: Db, cartId: string): Promise<void> {
  await tx
    .update(storeCarts)
    .set({ pricedAt: sql`now()` })
    .where(eq(storeCarts.id, cartId));
}
