// The cart's queries (platform.md 3.5): open carts by user or by guest token hash, their lines with the current
// prices of the cart's country, item restrictions, and the writes. Serial checks happen in the row's UPDATE
// (`where serial = $sent`), so two writes with the same serial can never both pass, on PGlite or a server. Every
// serial bump of a signed-in user's cart publishes a 'cart:user:<id>' live event in the same transaction
// (publishCartChanged): the user's other devices read the cart again, and a rolled-back write tells no one.

import { sql } from 'drizzle-orm';
import {
  cartUserTopic,
  type CartEventPayload,
  type CartStatusValue,
  type EnterpriseRole,
  type ItemRestrictionKindValue,
} from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { publish } from '../../platform/events.ts';

export type Country = 'USA' | 'CAN' | 'AUS';
export type Currency = 'USD' | 'CAD' | 'AUD';

export type CartRow = {
  id: string;
  serial: number;
  status: CartStatusValue;
  kind: 'cart' | 'buy_now';
  user_id: string | null;
  guest_token_hash: string | null;
  enterprise_id: number | null;
  country: Country;
  currency: Currency;
};

const cartColumns = sql`id::text, serial, status, kind, user_id::text, guest_token_hash, enterprise_id, country, currency`;

export async function openCartOfUser(db: Db, userId: string): Promise<CartRow | null> {
  const rows = rowsOf<CartRow>(
    await db.execute(
      sql`select ${cartColumns} from store_carts where user_id = ${userId}::uuid and kind = 'cart' and status = 'open' limit 1`,
    ),
  );
  return rows[0] ?? null;
}

export async function openCartOfGuest(db: Db, tokenHash: string): Promise<CartRow | null> {
  const rows = rowsOf<CartRow>(
    await db.execute(
      sql`select ${cartColumns} from store_carts where guest_token_hash = ${tokenHash} and user_id is null and kind = 'cart' and status = 'open' limit 1`,
    ),
  );
  return rows[0] ?? null;
}

/** A cart of the user's by id, whatever its status (the ?cartId= of 2.4); null for anyone else's. */
export async function cartOfUserById(db: Db, userId: string, cartId: string): Promise<CartRow | null> {
  const rows = rowsOf<CartRow>(
    await db.execute(
      sql`select ${cartColumns} from store_carts where id = ${cartId}::uuid and user_id = ${userId}::uuid`,
    ),
  );
  return rows[0] ?? null;
}

export async function cartById(db: Db, cartId: string): Promise<CartRow | null> {
  const rows = rowsOf<CartRow>(
    await db.execute(sql`select ${cartColumns} from store_carts where id = ${cartId}::uuid`),
  );
  return rows[0] ?? null;
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
  const userId = 'userId' in owner ? owner.userId : null;
  const tokenHash = 'guestTokenHash' in owner ? owner.guestTokenHash : null;
  const inserted = rowsOf<CartRow>(
    await db.execute(sql`
      insert into store_carts (user_id, guest_token_hash, enterprise_id, country, currency)
      values (${userId}::uuid, ${tokenHash}, ${region.enterpriseId}, ${region.country}, ${region.currency})
      on conflict do nothing
      returning ${cartColumns}`),
  );
  if (inserted[0]) return inserted[0];
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
  cart: {
    id: string;
    serial: number;
    status: CartEventPayload['status'];
    kind: 'cart' | 'buy_now';
    user_id: string | null;
  },
): Promise<void> {
  if (!cart.user_id || cart.kind !== 'cart') return;
  await publish(tx, cartUserTopic(cart.user_id), {
    cartId: cart.id,
    serial: cart.serial,
    status: cart.status,
  } satisfies CartEventPayload);
}

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
  const rows = rowsOf<CartRow>(
    await tx.execute(sql`
      update store_carts set serial = serial + 1, updated_at = now(), last_accessed = now(),
        country = ${region.country}, currency = ${region.currency}, enterprise_id = coalesce(${region.enterpriseId}, enterprise_id)
      where id = ${cartId}::uuid and serial = ${sentSerial} and status = 'open'
      returning ${cartColumns}`),
  );
  if (rows[0]) await publishCartChanged(tx, rows[0]);
  return rows[0] ?? null;
}

/** Bumps the serial of an open cart without a client serial (a merge, another module's add). Locks the row; publishes. */
export async function bumpSerial(tx: Db, cartId: string): Promise<CartRow | null> {
  const rows = rowsOf<CartRow>(
    await tx.execute(sql`
      update store_carts set serial = serial + 1, updated_at = now(), last_accessed = now()
      where id = ${cartId}::uuid and status = 'open' returning ${cartColumns}`),
  );
  if (rows[0]) await publishCartChanged(tx, rows[0]);
  return rows[0] ?? null;
}

/** A guest cart's region follows the visitor's while it is only read (its lines are re-priced in the new one). */
export async function setCartRegion(db: Db, cartId: string, country: Country, currency: Currency): Promise<void> {
  await db.execute(
    sql`update store_carts set country = ${country}, currency = ${currency} where id = ${cartId}::uuid and status = 'open'`,
  );
}

export type VariantRow = {
  id: number;
  public_id: string;
  product_id: number;
  amount: string | null;
};

/** A variant by its public id or its internal id, with its price in a country (null when not sold there). */
export async function variantWithPrice(
  db: Db,
  by: { publicId: string } | { id: number },
  country: Country,
): Promise<VariantRow | null> {
  const where = 'publicId' in by ? sql`v.public_id = ${by.publicId}::uuid` : sql`v.id = ${by.id}`;
  const rows = rowsOf<VariantRow>(
    await db.execute(sql`
      select v.id, v.public_id::text, v.product_id, vp.amount::text
      from store_variants v left join store_variant_prices vp on vp.variant_id = v.id and vp.country = ${country}
      where ${where}`),
  );
  return rows[0] ?? null;
}

export type RestrictionDbRow = {
  product_id: number;
  kind: ItemRestrictionKindValue;
  max_quantity: number | null;
  min_quantity: number | null;
  jurisdictions: string[];
};

export async function restrictionsOf(db: Db, productIds: number[]): Promise<RestrictionDbRow[]> {
  if (productIds.length === 0) return [];
  return rowsOf<RestrictionDbRow>(
    await db.execute(sql`
      select product_id, kind, max_quantity, min_quantity, jurisdictions
      from store_item_restrictions where product_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by product_id, id`),
  );
}

export type ItemRow = { id: string; variant_id: number; quantity: number; priced_amount: string };

export async function itemsOf(db: Db, cartId: string): Promise<ItemRow[]> {
  return rowsOf<ItemRow>(
    await db.execute(
      sql`select id::text, variant_id, quantity, priced_amount::text from store_cart_items where cart_id = ${cartId}::uuid order by item_added_at, id`,
    ),
  );
}

export async function itemById(db: Db, cartId: string, itemId: string): Promise<ItemRow | null> {
  const rows = rowsOf<ItemRow>(
    await db.execute(
      sql`select id::text, variant_id, quantity, priced_amount::text from store_cart_items where cart_id = ${cartId}::uuid and id = ${itemId}::uuid`,
    ),
  );
  return rows[0] ?? null;
}

export async function insertItem(
  db: Db,
  cartId: string,
  variantId: number,
  quantity: number,
  pricedAmount: string,
): Promise<void> {
  await db.execute(sql`
    insert into store_cart_items (cart_id, variant_id, quantity, priced_amount)
    values (${cartId}::uuid, ${variantId}, ${quantity}, ${pricedAmount})`);
}

export async function setItemQuantity(db: Db, itemId: string, quantity: number): Promise<void> {
  await db.execute(sql`update store_cart_items set quantity = ${quantity} where id = ${itemId}::uuid`);
}

export async function deleteItem(db: Db, itemId: string): Promise<void> {
  await db.execute(sql`delete from store_cart_items where id = ${itemId}::uuid`);
}

export async function deleteAllItems(db: Db, cartId: string): Promise<void> {
  await db.execute(sql`delete from store_cart_items where cart_id = ${cartId}::uuid`);
}

/** Marks a guest cart merged (once: a second merge of the same cart finds it no longer open). */
export async function markMerged(db: Db, cartId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      sql`update store_carts set status = 'merged', updated_at = now() where id = ${cartId}::uuid and status = 'open' returning id::text`,
    ),
  );
  return rows.length > 0;
}

export type LineRow = {
  item_id: string;
  variant_id: number;
  variant_public_id: string;
  product_id: number;
  quantity: number;
  priced_amount: string;
  item_added_at: string;
  sku: string;
  label: string;
  product_slug: string;
  product_name: string;
  brand: string;
  restricted_use: boolean;
  seller_id: number;
  seller_slug: string;
  seller_name: string;
  seller_kind: 'house' | 'marketplace';
  image_id: number | null;
  image_width: number | null;
  image_height: number | null;
  /** The variant's current price in the cart's country; null when it is not sold there any more. */
  amount: string | null;
  currency: Currency | null;
};

/** A cart's lines with their products, sellers, first images and current prices in `country`. */
export async function linesOf(db: Db, cartId: string, country: Country): Promise<LineRow[]> {
  return rowsOf<LineRow>(
    await db.execute(sql`
      select ci.id::text as item_id, ci.variant_id, v.public_id::text as variant_public_id, v.product_id, ci.quantity,
        ci.priced_amount::text, to_char(ci.item_added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as item_added_at,
        v.sku, v.label, p.slug as product_slug, p.name as product_name, p.brand, p.restricted_use,
        s.id as seller_id, s.slug as seller_slug, s.name as seller_name, s.kind as seller_kind,
        im.id as image_id, im.width as image_width, im.height as image_height,
        vp.amount::text, vp.currency
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

export type MembershipRow = {
  enterprise_id: number;
  role: EnterpriseRole;
  permissions: string[];
  country_code: string;
  state: string | null;
};

/** The user's membership of their current enterprise (else their first), for the cart's permission check (6.2). */
export async function membershipOf(
  db: Db,
  userId: string,
  currentEnterpriseId: number | null,
): Promise<MembershipRow | null> {
  const rows = rowsOf<MembershipRow>(
    await db.execute(sql`
      select e.id as enterprise_id, eu.role, eu.permissions, e.country_code, e.administrative_area_level_1 as state
      from enterprise_users eu join enterprises e on e.id = eu.enterprise_id
      where eu.user_id = ${userId}::uuid
      order by (e.id = ${currentEnterpriseId ?? -1}) desc, e.id limit 1`),
  );
  return rows[0] ?? null;
}

export async function userCountry(db: Db, userId: string): Promise<string> {
  const rows = rowsOf<{ country_code: string }>(
    await db.execute(sql`select country_code from users where id = ${userId}::uuid`),
  );
  return rows[0]?.country_code ?? '';
}

export async function isSuperAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = rowsOf<{ is_super_admin: boolean }>(
    await db.execute(sql`select is_super_admin from users where id = ${userId}::uuid`),
  );
  return rows[0]?.is_super_admin ?? false;
}
