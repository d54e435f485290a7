// The cart's queries (platform.md 3.5): open carts by user or by guest token hash, their lines with the current
// prices of the cart's country, item restrictions, and the writes. Serial checks happen in the row's UPDATE
// (`where serial = $sent`), so two writes with the same serial can never both pass, on PGlite or a server. Every
// serial bump of a signed-in user's cart publishes a 'cart:user:<id>' live event in the same transaction
// (publishCartChanged): the user's other devices read the cart again, and a rolled-back write tells no one.

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { cartUserTopic, type CartEventPayload } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { publish } from '../../platform/events.ts';
import {
  storeCartItems,
  storeCarts,
  storeItemRestrictions,
  storeVariantPrices,
  storeVariants,
  users,
} from '../../db/schema/index.ts';

export type Country = (typeof storeCarts.$inferSelect)['country'];
export type Currency = (typeof storeCarts.$inferSelect)['currency'];

const cartFields = {
  id: storeCarts.id,
  serial: storeCarts.serial,
  status: storeCarts.status,
  kind: storeCarts.kind,
  userId: storeCarts.userId,
  guestTokenHash: storeCarts.guestTokenHash,
  enterpriseId: storeCarts.enterpriseId,
  country: storeCarts.country,
  currency: storeCarts.currency,
};
export type CartRow = Pick<typeof storeCarts.$inferSelect, keyof typeof cartFields>;

const openCart = and(eq(storeCarts.kind, 'cart'), eq(storeCarts.status, 'open'));

export async function openCartOfUser(db: Db, userId: string): Promise<CartRow | null> {
  const [row] = await db
    .select(cartFields)
    .from(storeCarts)
    .where(and(eq(storeCarts.userId, userId), openCart))
    .limit(1);
  return row ?? null;
}

export async function openCartOfGuest(db: Db, tokenHash: string): Promise<CartRow | null> {
  const [row] = await db
    .select(cartFields)
    .from(storeCarts)
    .where(and(eq(storeCarts.guestTokenHash, tokenHash), isNull(storeCarts.userId), openCart))
    .limit(1);
  return row ?? null;
}

/** A cart of the user's by id, whatever its status (the ?cartId= of 2.4); null for anyone else's. */
export async function cartOfUserById(db: Db, userId: string, cartId: string): Promise<CartRow | null> {
  const [row] = await db
    .select(cartFields)
    .from(storeCarts)
    .where(and(eq(storeCarts.id, cartId), eq(storeCarts.userId, userId)));
  return row ?? null;
}

export async function cartById(db: Db, cartId: string): Promise<CartRow | null> {
  const [row] = await db.select(cartFields).from(storeCarts).where(eq(storeCarts.id, cartId));
  return row ?? null;
}

/**
 * The open cart of a user or guest, made when there is none. Two first writes at once may both try to make it:
 * the partial unique indexes let one insert win and the other read it.
 */
export async function ensureOpenCart(
  db: Db,
  owner: { userId: string } | { guestTokenHash: string },
  region: { country: Country; currency: Currency; enterpriseId: number | null },
): Promise<CartRow> {
  const existing =
    'userId' in owner ? await openCartOfUser(db, owner.userId) : await openCartOfGuest(db, owner.guestTokenHash);
  if (existing) return existing;
  const [inserted] = await db
    .insert(storeCarts)
    .values({
      userId: 'userId' in owner ? owner.userId : null,
      guestTokenHash: 'guestTokenHash' in owner ? owner.guestTokenHash : null,
      enterpriseId: region.enterpriseId,
      country: region.country,
      currency: region.currency,
    })
    .onConflictDoNothing()
    .returning(cartFields);
  if (inserted) return inserted;
  const again =
    'userId' in owner ? await openCartOfUser(db, owner.userId) : await openCartOfGuest(db, owner.guestTokenHash);
  if (!again) throw new Error('open cart vanished while being made');
  return again;
}

/**
 * Tells the user's devices that their cart moved to `serial` (docs/api/live-events.md, topic 'cart:user:<id>').
 * Call it with the transaction of the write that bumped the serial: the event leaves only when that commits. A
 * guest's cart (no user) and a buy-now cart (not the cart the header shows) publish nothing. The cart and checkout
 * modules call it after every serial bump.
 */
export async function publishCartChanged(
  tx: Db,
  cart: Pick<CartRow, 'id' | 'serial' | 'status' | 'kind' | 'userId'>,
): Promise<void> {
  if (!cart.userId || cart.kind !== 'cart') return;
  await publish(tx, cartUserTopic(cart.userId), {
    cartId: cart.id,
    serial: cart.serial,
    status: cart.status,
  } satisfies CartEventPayload);
}

/** A serial bump: the write's stamp on the cart row. */
const bumped = {
  serial: sql`${storeCarts.serial} + 1`,
  updatedAt: sql`now()`,
  lastAccessed: sql`now()`,
};

/**
 * Takes the write: bumps the serial by one only if it is still the one the client sent and the cart is open, and
 * moves the cart to the visitor's region. Locks the row for the rest of the transaction and publishes the new
 * serial with it (publishCartChanged). Null when stale.
 */
export async function claimSerial(
  tx: Db,
  cartId: string,
  sentSerial: number,
  region: { country: Country; currency: Currency; enterpriseId: number | null },
): Promise<CartRow | null> {
  const [row] = await tx
    .update(storeCarts)
    .set({
      ...bumped,
      country: region.country,
      currency: region.currency,
      enterpriseId: sql`coalesce(${region.enterpriseId}, ${storeCarts.enterpriseId})`,
    })
    .where(and(eq(storeCarts.id, cartId), eq(storeCarts.serial, sentSerial), eq(storeCarts.status, 'open')))
    .returning(cartFields);
  if (row) await publishCartChanged(tx, row);
  return row ?? null;
}

/** Bumps the serial of an open cart without a client serial (a merge, another module's add). Locks the row; publishes. */
export async function bumpSerial(tx: Db, cartId: string): Promise<CartRow | null> {
  const [row] = await tx
    .update(storeCarts)
    .set(bumped)
    .where(and(eq(storeCarts.id, cartId), eq(storeCarts.status, 'open')))
    .returning(cartFields);
  if (row) await publishCartChanged(tx, row);
  return row ?? null;
}

/** A guest cart's region follows the visitor's while it is only read (its lines are re-priced in the new one). */
export async function setCartRegion(db: Db, cartId: string, country: Country, currency: Currency): Promise<void> {
  await db
    .update(storeCarts)
    .set({ country, currency })
    .where(and(eq(storeCarts.id, cartId), eq(storeCarts.status, 'open')));
}

export type VariantRow = { id: number; publicId: string; productId: number; amount: string | null };

/** A variant by its public id or its internal id, with its price in a country (null when not sold there). */
export async function variantWithPrice(
  db: Db,
  by: { publicId: string } | { id: number },
  country: Country,
): Promise<VariantRow | null> {
  const v = storeVariants;
  const vp = storeVariantPrices;
  const [row] = await db
    .select({ id: v.id, publicId: v.publicId, productId: v.productId, amount: vp.amount })
    .from(v)
    .leftJoin(vp, and(eq(vp.variantId, v.id), eq(vp.country, country)))
    .where('publicId' in by ? eq(v.publicId, by.publicId) : eq(v.id, by.id));
  return row ?? null;
}

/** The products' restrictions (the domain's RestrictionRow, with the product each is on). */
export async function restrictionsOf(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  const r = storeItemRestrictions;
  return db
    .select({
      productId: r.productId,
      kind: r.kind,
      maxQuantity: r.maxQuantity,
      minQuantity: r.minQuantity,
      jurisdictions: r.jurisdictions,
    })
    .from(r)
    .where(inArray(r.productId, productIds))
    .orderBy(asc(r.productId), asc(r.id));
}

const itemFields = {
  id: storeCartItems.id,
  variantId: storeCartItems.variantId,
  quantity: storeCartItems.quantity,
  pricedAmount: storeCartItems.pricedAmount,
};
export type ItemRow = Pick<typeof storeCartItems.$inferSelect, keyof typeof itemFields>;

export async function itemsOf(db: Db, cartId: string): Promise<ItemRow[]> {
  return db
    .select(itemFields)
    .from(storeCartItems)
    .where(eq(storeCartItems.cartId, cartId))
    .orderBy(asc(storeCartItems.itemAddedAt), asc(storeCartItems.id));
}

export async function insertItem(
  db: Db,
  cartId: string,
  variantId: number,
  quantity: number,
  pricedAmount: string,
): Promise<void> {
  await db.insert(storeCartItems).values({ cartId, variantId, quantity, pricedAmount });
}

export async function setItemQuantity(db: Db, itemId: string, quantity: number): Promise<void> {
  await db.update(storeCartItems).set({ quantity }).where(eq(storeCartItems.id, itemId));
}

export async function deleteItem(db: Db, itemId: string): Promise<void> {
  await db.delete(storeCartItems).where(eq(storeCartItems.id, itemId));
}

export async function deleteAllItems(db: Db, cartId: string): Promise<void> {
  await db.delete(storeCartItems).where(eq(storeCartItems.cartId, cartId));
}

/** Marks a guest cart merged (once: a second merge of the same cart finds it no longer open). */
export async function markMerged(db: Db, cartId: string): Promise<boolean> {
  const rows = await db
    .update(storeCarts)
    .set({ status: 'merged', updatedAt: sql`now()` })
    .where(and(eq(storeCarts.id, cartId), eq(storeCarts.status, 'open')))
    .returning({ id: storeCarts.id });
  return rows.length > 0;
}

/** A cart line with its product, seller, first image and current price: a five-table read with a lateral join. */
export type LineRow = {
  itemId: string;
  variantId: number;
  variantPublicId: string;
  productId: number;
  quantity: number;
  pricedAmount: string;
  itemAddedAt: string;
  sku: string;
  label: string;
  productSlug: string;
  productName: string;
  brand: string;
  restrictedUse: boolean;
  sellerId: number;
  sellerSlug: string;
  sellerName: string;
  sellerKind: 'house' | 'marketplace';
  imageId: number | null;
  imageWidth: number | null;
  imageHeight: number | null;
  /** The variant's current price in the cart's country; null when it is not sold there any more. */
  amount: string | null;
  currency: Currency | null;
};

/** A cart's lines with their products, sellers, first images and current prices in `country`. */
export async function linesOf(db: Db, cartId: string, country: Country): Promise<LineRow[]> {
  return rowsOf<LineRow>(
    await db.execute(sql`
      select ci.id::text as "itemId", ci.variant_id as "variantId", v.public_id::text as "variantPublicId", v.product_id as "productId", ci.quantity,
        ci.priced_amount::text as "pricedAmount", to_char(ci.item_added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "itemAddedAt",
        v.sku, v.label, p.slug as "productSlug", p.name as "productName", p.brand, p.restricted_use as "restrictedUse",
        s.id as "sellerId", s.slug as "sellerSlug", s.name as "sellerName", s.kind as "sellerKind",
        im.id as "imageId", im.width as "imageWidth", im.height as "imageHeight",
        vp.amount::text as amount, vp.currency
      from store_cart_items ci
      join store_variants v on v.id = ci.variant_id
      join store_products p on p.id = v.product_id
      join store_sellers s on s.id = p.seller_id
      left join store_variant_prices vp on vp.variant_id = v.id and vp.country = ${country}
      left join lateral (select id, width, height from store_images where product_id = p.id order by position limit 1) im on true
      where ci.cart_id = ${cartId}::uuid
      order by ci.item_added_at, ci.id`),
  );
}

export async function userCountry(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ countryCode: users.countryCode }).from(users).where(eq(users.id, userId));
  return row?.countryCode ?? '';
}

export async function isSuperAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ isSuperAdmin: users.isSuperAdmin }).from(users).where(eq(users.id, userId));
  return row?.isSuperAdmin ?? false;
}
