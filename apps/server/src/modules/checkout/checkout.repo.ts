// Checkout's queries: the cart row (locked when placing), partitions' settings, stock per warehouse, product facts
// for tax and promotions, addresses, delivery contacts, licences, promotions, referral codes and the order writes.

import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import { publishCartChanged } from '../cart/cart.public.ts';

export type CheckoutCartRow = {
  id: string;
  serial: number;
  status: 'open' | 'checked_out' | 'merged' | 'abandoned';
  kind: 'cart' | 'buy_now';
  user_id: string;
  enterprise_id: number | null;
  country: 'USA' | 'CAN' | 'AUS';
  currency: 'USD' | 'CAD' | 'AUD';
  promo_code: string | null;
  referral_code: string | null;
  payment_terms: string | null;
  payment_method: string | null;
  billing_address_id: number | null;
  rup_holder_id: number | null;
  pickup_contact_email: string | null;
  pickup_contact_phone: string | null;
  customizations_additional_notes: string;
  express: boolean;
};

const cartCols = sql`id::text, serial, status, kind, user_id::text, enterprise_id, country, currency, promo_code, referral_code, payment_terms,
  payment_method, billing_address_id, rup_holder_id, pickup_contact_email, pickup_contact_phone, customizations_additional_notes, express`;

export async function cartOfUser(
  db: Db,
  userId: string,
  cartId: string,
  lock = false,
): Promise<CheckoutCartRow | null> {
  const rows = rowsOf<CheckoutCartRow>(
    await db.execute(
      sql`select ${cartCols} from store_carts where id = ${cartId}::uuid and user_id = ${userId}::uuid ${lock ? sql`for update` : sql``}`,
    ),
  );
  return rows[0] ?? null;
}

/** What the store's terms rule (platform.md 2.9) reads of a buyer. */
export type TermsRuleRow = {
  email: string;
  legacy_id: number;
  is_super_admin: boolean;
  admin_permissions: Record<string, true | 'all' | string[]>;
  experiences: Record<string, boolean>;
  tos_accepted: boolean;
};

export async function termsRuleRowOf(db: Db, userId: string): Promise<TermsRuleRow | null> {
  const rows = rowsOf<TermsRuleRow>(
    await db.execute(
      sql`select email, legacy_id, is_super_admin, admin_permissions, experiences, tos_accepted_at is not null as tos_accepted from users where id = ${userId}::uuid`,
    ),
  );
  return rows[0] ?? null;
}

export async function openCartIdOfUser(db: Db, userId: string, kind: 'cart' | 'buy_now'): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id::text from store_carts where user_id = ${userId}::uuid and kind = ${kind} and status = 'open' limit 1`,
    ),
  );
  return rows[0]?.id ?? null;
}

/**
 * Moves an open cart to the buyer's region (country and currency) when it was last written from another one; the
 * lines keep the price they were added at, so a changed price shows as items_need_adjustment until accepted.
 * Answers whether it moved.
 */
export async function alignCartRegion(db: Db, cartId: string, country: string, currency: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update store_carts set country = ${country}, currency = ${currency}
      where id = ${cartId}::uuid and status = 'open' and (country <> ${country} or currency <> ${currency})
      returning id::text`),
  );
  return rows.length > 0;
}

/** Takes a write: bumps the serial only if it is the one sent and the cart is open and the user's. Locks the row. */
export async function claimSerial(
  tx: Db,
  userId: string,
  cartId: string,
  serial: number,
): Promise<CheckoutCartRow | null> {
  const rows = rowsOf<CheckoutCartRow>(
    await tx.execute(sql`
      update store_carts set serial = serial + 1, updated_at = now(), last_accessed = now()
      where id = ${cartId}::uuid and user_id = ${userId}::uuid and serial = ${serial} and status = 'open'
      returning ${cartCols}`),
  );
  if (rows[0]) await publishCartChanged(tx, rows[0]); // the user's other devices follow (live event, same transaction)
  return rows[0] ?? null;
}

export async function updateCart(
  tx: Db,
  cartId: string,
  set: Record<string, string | number | boolean | null>,
): Promise<void> {
  const columns: Record<string, string> = {
    promoCode: 'promo_code',
    referralCode: 'referral_code',
    paymentTerms: 'payment_terms',
    paymentMethod: 'payment_method',
    billingAddressId: 'billing_address_id',
    rupHolderId: 'rup_holder_id',
    pickupContactEmail: 'pickup_contact_email',
    pickupContactPhone: 'pickup_contact_phone',
    notes: 'customizations_additional_notes',
    express: 'express',
  };
  const parts = Object.entries(set).map(([k, v]) => sql`${sql.raw(columns[k]!)} = ${v}`);
  if (parts.length === 0) return;
  await tx.execute(sql`update store_carts set ${sql.join(parts, sql`, `)} where id = ${cartId}::uuid`);
}

export type PartitionRow = {
  partition_key: string;
  shipping_method: 'delivery' | 'pickup' | null;
  delivery_address_id: number | null;
  pickup_warehouse_id: number | null;
  fulfillment_promise: 'immediate_no_promise' | 'immediate_promise' | 'future_shipment_groups' | 'N/A' | null;
  delivery_not_before: string | null;
  delivery_not_after: string | null;
  application_timing: 'pre_plant' | 'in_crop' | 'other' | null;
  application_state: string | null;
  delivery_contact_id: number | null;
  order_special_instructions: string;
};

export async function partitionsOf(db: Db, cartId: string): Promise<PartitionRow[]> {
  return rowsOf<PartitionRow>(
    await db.execute(sql`
      select partition_key, shipping_method, delivery_address_id, pickup_warehouse_id, fulfillment_promise,
        to_char(delivery_not_before, 'YYYY-MM-DD') as delivery_not_before, to_char(delivery_not_after, 'YYYY-MM-DD') as delivery_not_after,
        application_timing, application_state, delivery_contact_id, order_special_instructions
      from store_cart_partitions where cart_id = ${cartId}::uuid`),
  );
}

export async function upsertPartition(
  tx: Db,
  cartId: string,
  sellerId: number,
  warehouseId: number,
  key: string,
  p: Omit<PartitionRow, 'partition_key'>,
): Promise<void> {
  await tx.execute(sql`
    insert into store_cart_partitions (cart_id, partition_key, seller_id, warehouse_id, shipping_method, delivery_address_id, pickup_warehouse_id,
      fulfillment_promise, deliver_immediately, delivery_not_before, delivery_not_after, application_timing, application_state, delivery_contact_id,
      order_special_instructions)
    values (${cartId}::uuid, ${key}, ${sellerId}, ${warehouseId}, ${p.shipping_method}, ${p.delivery_address_id}, ${p.pickup_warehouse_id},
      ${p.fulfillment_promise}, ${p.fulfillment_promise !== 'future_shipment_groups'}, ${p.delivery_not_before}::date, ${p.delivery_not_after}::date,
      ${p.application_timing}, ${p.application_state}, ${p.delivery_contact_id}, ${p.order_special_instructions})
    on conflict (cart_id, partition_key) do update set shipping_method = excluded.shipping_method, delivery_address_id = excluded.delivery_address_id,
      pickup_warehouse_id = excluded.pickup_warehouse_id, fulfillment_promise = excluded.fulfillment_promise, deliver_immediately = excluded.deliver_immediately,
      delivery_not_before = excluded.delivery_not_before, delivery_not_after = excluded.delivery_not_after, application_timing = excluded.application_timing,
      application_state = excluded.application_state, delivery_contact_id = excluded.delivery_contact_id,
      order_special_instructions = excluded.order_special_instructions`);
}

export type VariantFactsRow = {
  variant_id: number;
  size: string;
  unit: string;
  pack_count: number;
  product_category: string;
  house_brand: boolean;
  adjuvant: boolean;
  nutrition: boolean;
};

/** What tax, shipping weight and the promotions' qualifiers need about each variant. */
export async function variantFacts(db: Db, variantIds: number[]): Promise<VariantFactsRow[]> {
  if (variantIds.length === 0) return [];
  const ids = sql`${`{${variantIds.join(',')}}`}::int[]`;
  return rowsOf<VariantFactsRow>(
    await db.execute(sql`
      select v.id as variant_id, v.size::text, v.unit, v.pack_count, c.product_category,
        (s.kind = 'house' and (p.kind = 'house_special' or p.brand in (select distinct brand from store_products where kind = 'house_special'))) as house_brand,
        (p.category_path like 'crop-protection/adjuvants%') as adjuvant,
        (c.product_category = 'liquid_fertilizer' or 'nutritionals' = any(p.programs)) as nutrition
      from store_variants v join store_products p on p.id = v.product_id join store_sellers s on s.id = p.seller_id
      join store_categories c on c.id = p.category_id
      where v.id = any(${ids})`),
  );
}

export type StockRow = { variant_id: number; warehouse_id: number; quantity: number };

export async function stockOf(db: Db, variantIds: number[], country: string): Promise<StockRow[]> {
  if (variantIds.length === 0) return [];
  const ids = sql`${`{${variantIds.join(',')}}`}::int[]`;
  return rowsOf<StockRow>(
    await db.execute(sql`
      select st.variant_id, st.warehouse_id, st.quantity from store_stock st join store_warehouses w on w.id = st.warehouse_id
      where st.variant_id = any(${ids}) and w.country = ${country}`),
  );
}

export type WarehouseRow = {
  id: number;
  code: string;
  name: string;
  city: string;
  region: string;
  country: string;
  address_line_1: string;
  postal_code: string;
};

export async function warehousesOf(db: Db, country: string): Promise<WarehouseRow[]> {
  return rowsOf<WarehouseRow>(
    await db.execute(
      sql`select id, code, name, city, region, country, address_line_1, postal_code from store_warehouses where country = ${country} order by name`,
    ),
  );
}

export type AddressRow = {
  id: number;
  address_type: string;
  format: 'postal' | 'can_lll';
  land_location_kind: string | null;
  name: string;
  line_1: string;
  line_2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  lll_quarter: string | null;
  lll_section: number | null;
  lll_township: number | null;
  lll_range: number | null;
  lll_meridian: string | null;
  instructions: string;
  user_id: string;
  deleted: boolean;
};

const addressCols = sql`id, address_type, format, land_location_kind, name, line_1, line_2, city, region, postal_code, country, lll_quarter, lll_section,
  lll_township, lll_range, lll_meridian, instructions, user_id::text, (deleted_at is not null) as deleted`;

export async function addressesOf(db: Db, userId: string): Promise<AddressRow[]> {
  return rowsOf<AddressRow>(
    await db.execute(
      sql`select ${addressCols} from store_addresses where user_id = ${userId}::uuid and deleted_at is null order by id`,
    ),
  );
}

/** An address by id whoever owns it (a delivery may go to an address that is not the user's: external_delivery). */
export async function addressById(db: Db, id: number): Promise<AddressRow | null> {
  return (
    rowsOf<AddressRow>(await db.execute(sql`select ${addressCols} from store_addresses where id = ${id}`))[0] ?? null
  );
}

export type AddressWrite = {
  addressType: string;
  format: string;
  landLocationKind: string | null;
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  lllQuarter: string | null;
  lllSection: number | null;
  lllTownship: number | null;
  lllRange: number | null;
  lllMeridian: string | null;
  instructions: string;
};

export async function insertAddress(
  db: Db,
  userId: string,
  enterpriseId: number | null,
  a: AddressWrite,
): Promise<AddressRow> {
  const rows = rowsOf<AddressRow>(
    await db.execute(sql`
      insert into store_addresses (user_id, enterprise_id, address_type, format, land_location_kind, name, line_1, line_2, city, region, postal_code, country,
        lll_quarter, lll_section, lll_township, lll_range, lll_meridian, instructions)
      values (${userId}::uuid, ${enterpriseId}, ${a.addressType}, ${a.format}, ${a.landLocationKind}, ${a.name}, ${a.line1}, ${a.line2}, ${a.city}, ${a.region},
        ${a.postalCode}, ${a.country}, ${a.lllQuarter}, ${a.lllSection}, ${a.lllTownship}, ${a.lllRange}, ${a.lllMeridian}, ${a.instructions})
      returning ${addressCols}`),
  );
  return rows[0]!;
}

export async function updateAddress(db: Db, userId: string, id: number, a: AddressWrite): Promise<AddressRow | null> {
  const rows = rowsOf<AddressRow>(
    await db.execute(sql`
      update store_addresses set address_type = ${a.addressType}, format = ${a.format}, land_location_kind = ${a.landLocationKind}, name = ${a.name},
        line_1 = ${a.line1}, line_2 = ${a.line2}, city = ${a.city}, region = ${a.region}, postal_code = ${a.postalCode}, country = ${a.country},
        lll_quarter = ${a.lllQuarter}, lll_section = ${a.lllSection}, lll_township = ${a.lllTownship}, lll_range = ${a.lllRange},
        lll_meridian = ${a.lllMeridian}, instructions = ${a.instructions}
      where id = ${id} and user_id = ${userId}::uuid and deleted_at is null
      returning ${addressCols}`),
  );
  return rows[0] ?? null;
}

/** Addresses are hidden, never deleted (an order or a partition may point at one). */
export async function hideAddress(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`update store_addresses set deleted_at = now() where id = ${id} and user_id = ${userId}::uuid and deleted_at is null returning id`,
    ),
  );
  return rows.length > 0;
}

export type ContactRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  region: string;
  user_id: string;
};

export async function contactsOf(db: Db, userId: string): Promise<ContactRow[]> {
  return rowsOf<ContactRow>(
    await db.execute(
      sql`select id, first_name, last_name, email, phone_number, region, user_id::text from store_delivery_contacts where user_id = ${userId}::uuid order by id`,
    ),
  );
}

export async function contactById(db: Db, userId: string, id: number): Promise<ContactRow | null> {
  return (
    rowsOf<ContactRow>(
      await db.execute(
        sql`select id, first_name, last_name, email, phone_number, region, user_id::text from store_delivery_contacts where id = ${id} and user_id = ${userId}::uuid`,
      ),
    )[0] ?? null
  );
}

export async function insertContact(
  db: Db,
  userId: string,
  c: { firstName: string; lastName: string; email: string; phoneNumber: string; region: string },
): Promise<ContactRow> {
  return rowsOf<ContactRow>(
    await db.execute(sql`
      insert into store_delivery_contacts (user_id, first_name, last_name, email, phone_number, region)
      values (${userId}::uuid, ${c.firstName}, ${c.lastName}, ${c.email}, ${c.phoneNumber}, ${c.region})
      returning id, first_name, last_name, email, phone_number, region, user_id::text`),
  )[0]!;
}

export async function updateContact(
  db: Db,
  userId: string,
  id: number,
  c: { firstName: string; lastName: string; email: string; phoneNumber: string; region: string },
): Promise<ContactRow | null> {
  return (
    rowsOf<ContactRow>(
      await db.execute(sql`
        update store_delivery_contacts set first_name = ${c.firstName}, last_name = ${c.lastName}, email = ${c.email}, phone_number = ${c.phoneNumber}, region = ${c.region}
        where id = ${id} and user_id = ${userId}::uuid returning id, first_name, last_name, email, phone_number, region, user_id::text`),
    )[0] ?? null
  );
}

export async function deleteContact(tx: Db, userId: string, id: number): Promise<boolean> {
  await tx.execute(sql`
    update store_cart_partitions set delivery_contact_id = null
    where delivery_contact_id = ${id} and cart_id in (select id from store_carts where user_id = ${userId}::uuid)`);
  const rows = rowsOf<{ id: number }>(
    await tx.execute(
      sql`delete from store_delivery_contacts where id = ${id} and user_id = ${userId}::uuid returning id`,
    ),
  );
  return rows.length > 0;
}

export type LicenceRow = {
  id: number;
  holder_name: string;
  licence_number: string;
  jurisdiction: string;
  expires_on: string;
};

export async function licencesOf(db: Db, userId: string): Promise<LicenceRow[]> {
  return rowsOf<LicenceRow>(
    await db.execute(sql`
      select id, holder_name, licence_number, jurisdiction, to_char(expires_on, 'YYYY-MM-DD') as expires_on
      from store_applicator_licences where user_id = ${userId}::uuid order by id`),
  );
}

export async function insertLicence(
  db: Db,
  userId: string,
  enterpriseId: number | null,
  l: { holderName: string; licenceNumber: string; jurisdiction: string; expiresOn: string },
): Promise<LicenceRow> {
  return rowsOf<LicenceRow>(
    await db.execute(sql`
      insert into store_applicator_licences (user_id, enterprise_id, holder_name, licence_number, jurisdiction, expires_on)
      values (${userId}::uuid, ${enterpriseId}, ${l.holderName}, ${l.licenceNumber}, ${l.jurisdiction}, ${l.expiresOn}::date)
      returning id, holder_name, licence_number, jurisdiction, to_char(expires_on, 'YYYY-MM-DD') as expires_on`),
  )[0]!;
}

export async function deleteLicence(tx: Db, userId: string, id: number): Promise<boolean> {
  await tx.execute(
    sql`update store_carts set rup_holder_id = null where rup_holder_id = ${id} and user_id = ${userId}::uuid`,
  );
  const rows = rowsOf<{ id: number }>(
    await tx.execute(
      sql`delete from store_applicator_licences where id = ${id} and user_id = ${userId}::uuid returning id`,
    ),
  );
  return rows.length > 0;
}

export type PromotionDbRow = {
  id: number;
  code: string | null;
  name: string;
  kind: 'amount_off' | 'percent_off' | 'free_shipping';
  value: string;
  currency: string | null;
  country: string | null;
  min_subtotal: string;
  first_purchase_only: boolean;
  qualifiers: string[];
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  active: boolean;
};

export async function promotions(db: Db): Promise<PromotionDbRow[]> {
  return rowsOf<PromotionDbRow>(
    await db.execute(sql`
      select id, code, name, kind, value::text, currency, country, min_subtotal::text, first_purchase_only, qualifiers, starts_at, ends_at, active
      from store_promotions where active order by id`),
  );
}

export async function hasEarlierOrder(db: Db, userId: string, enterpriseId: number | null): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`
      select 1 as one from store_orders where status <> 'canceled' and (user_id = ${userId}::uuid ${enterpriseId ? sql`or enterprise_id = ${enterpriseId}` : sql``}) limit 1`),
  );
  return rows.length > 0;
}

export async function referralCodeOf(db: Db, enterpriseId: number): Promise<string | null> {
  return (
    rowsOf<{ code: string }>(
      await db.execute(sql`select code from store_referral_codes where enterprise_id = ${enterpriseId}`),
    )[0]?.code ?? null
  );
}

export async function insertReferralCode(db: Db, enterpriseId: number, code: string): Promise<void> {
  await db.execute(
    sql`insert into store_referral_codes (enterprise_id, code) values (${enterpriseId}, ${code}) on conflict do nothing`,
  );
}

export async function enterpriseOfReferralCode(db: Db, code: string): Promise<number | null> {
  return (
    rowsOf<{ enterprise_id: number }>(
      await db.execute(sql`select enterprise_id from store_referral_codes where code = ${code.trim().toUpperCase()}`),
    )[0]?.enterprise_id ?? null
  );
}

export async function userEmail(db: Db, userId: string): Promise<{ email: string; firstname: string } | null> {
  return (
    rowsOf<{ email: string; firstname: string }>(
      await db.execute(sql`select email, coalesce(first_name, '') as firstname from users where id = ${userId}::uuid`),
    )[0] ?? null
  );
}

// ---------- orders ----------

export async function orderOfCart(
  db: Db,
  cartId: string,
): Promise<{ id: string; order_number: string; user_id: string } | null> {
  return (
    rowsOf<{ id: string; order_number: string; user_id: string }>(
      await db.execute(
        sql`select id::text, order_number, user_id::text from store_orders where cart_id = ${cartId}::uuid`,
      ),
    )[0] ?? null
  );
}

export async function insertOrder(
  tx: Db,
  o: {
    cartId: string;
    kind: string;
    userId: string;
    enterpriseId: number | null;
    country: string;
    currency: string;
    totals: {
      goodsSubtotal: string;
      discountTotal: string;
      shippingTotal: string;
      shippingDiscountTotal: string;
      taxTotal: string;
      paymentFeeTotal: string;
      total: string;
    };
    paymentTerms: string;
    paymentMethod: string | null;
    paymentStatus: string;
    paymentReference: string | null;
    promoCode: string | null;
    referralCode: string | null;
    discounts: { name: string; amount: string }[];
    billingAddress: Record<string, unknown> | null;
    rupLicence: Record<string, unknown> | null;
  },
): Promise<{ id: string; order_number: string }> {
  const t = o.totals;
  return rowsOf<{ id: string; order_number: string }>(
    await tx.execute(sql`
      insert into store_orders (order_number, cart_id, kind, user_id, enterprise_id, country, currency, goods_subtotal, discount_total, shipping_total,
        shipping_discount_total, tax_total, payment_fee_total, total, payment_terms, payment_method, payment_status, payment_reference, promo_code,
        referral_code, discounts, billing_address, rup_licence)
      values ('GS-' || nextval('store_order_number_seq'), ${o.cartId}::uuid, ${o.kind}, ${o.userId}::uuid, ${o.enterpriseId}, ${o.country}, ${o.currency},
        ${t.goodsSubtotal}, ${t.discountTotal}, ${t.shippingTotal}, ${t.shippingDiscountTotal}, ${t.taxTotal}, ${t.paymentFeeTotal}, ${t.total},
        ${o.paymentTerms}, ${o.paymentMethod}, ${o.paymentStatus}, ${o.paymentReference}, ${o.promoCode}, ${o.referralCode},
        ${JSON.stringify(o.discounts)}::jsonb, ${o.billingAddress ? JSON.stringify(o.billingAddress) : null}::jsonb,
        ${o.rupLicence ? JSON.stringify(o.rupLicence) : null}::jsonb)
      returning id::text, order_number`),
  )[0]!;
}

export async function insertFulfillment(
  tx: Db,
  f: {
    orderId: string;
    partitionKey: string;
    sellerId: number;
    warehouseId: number;
    shippingMethod: string;
    address: Record<string, unknown> | null;
    contact: Record<string, unknown> | null;
    fulfillmentPromise: string | null;
    notBefore: string | null;
    notAfter: string | null;
    applicationTiming: string | null;
    instructions: string;
    shippingTotal: string;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into store_order_fulfillments (order_id, partition_key, seller_id, warehouse_id, shipping_method, address, contact, fulfillment_promise,
      delivery_not_before, delivery_not_after, application_timing, special_instructions, shipping_total)
    values (${f.orderId}::uuid, ${f.partitionKey}, ${f.sellerId}, ${f.warehouseId}, ${f.shippingMethod}, ${f.address ? JSON.stringify(f.address) : null}::jsonb,
      ${f.contact ? JSON.stringify(f.contact) : null}::jsonb, ${f.fulfillmentPromise}, ${f.notBefore}::date, ${f.notAfter}::date, ${f.applicationTiming},
      ${f.instructions}, ${f.shippingTotal})`);
}

export async function insertOrderItem(
  tx: Db,
  i: {
    orderId: string;
    partitionKey: string;
    productId: number;
    variantId: number;
    sellerId: number;
    warehouseId: number;
    productName: string;
    variantLabel: string;
    sku: string;
    quantity: number;
    unitPrice: string;
    lineTotal: string;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into store_order_items (order_id, partition_key, product_id, variant_id, seller_id, warehouse_id, product_name, variant_label, sku, quantity, unit_price, line_total)
    values (${i.orderId}::uuid, ${i.partitionKey}, ${i.productId}, ${i.variantId}, ${i.sellerId}, ${i.warehouseId}, ${i.productName}, ${i.variantLabel}, ${i.sku},
      ${i.quantity}, ${i.unitPrice}, ${i.lineTotal})`);
}

/** Takes stock out of a warehouse; false (nothing changed) when it holds fewer units than asked. */
export async function takeStock(tx: Db, variantId: number, warehouseId: number, quantity: number): Promise<boolean> {
  const rows = rowsOf<{ quantity: number }>(
    await tx.execute(sql`
      update store_stock set quantity = quantity - ${quantity}
      where variant_id = ${variantId} and warehouse_id = ${warehouseId} and quantity >= ${quantity} returning quantity`),
  );
  return rows.length > 0;
}

export async function markCheckedOut(tx: Db, cartId: string): Promise<void> {
  const rows = rowsOf<{
    id: string;
    serial: number;
    status: 'checked_out';
    kind: 'cart' | 'buy_now';
    user_id: string | null;
  }>(
    await tx.execute(
      sql`update store_carts set status = 'checked_out', serial = serial + 1, updated_at = now() where id = ${cartId}::uuid returning id::text, serial, status, kind, user_id::text`,
    ),
  );
  if (rows[0]) await publishCartChanged(tx, rows[0]); // the user's other devices see the cart emptied once the order commits
}

export async function setItemPrice(tx: Db, itemId: string, amount: string): Promise<void> {
  await tx.execute(sql`update store_cart_items set priced_amount = ${amount} where id = ${itemId}::uuid`);
}
export async function setItemQuantity(tx: Db, itemId: string, quantity: number): Promise<void> {
  await tx.execute(sql`update store_cart_items set quantity = ${quantity} where id = ${itemId}::uuid`);
}
export async function deleteItem(tx: Db, itemId: string): Promise<void> {
  await tx.execute(sql`delete from store_cart_items where id = ${itemId}::uuid`);
}
export async function markPriced(tx: Db, cartId: string): Promise<void> {
  await tx.execute(sql`update store_carts set priced_at = now() where id = ${cartId}::uuid`);
}

export type OrderRow = {
  id: string;
  order_number: string;
  cart_id: string;
  kind: 'cart' | 'buy_now';
  status: string;
  payment_status: string;
  payment_terms: string;
  currency: string;
  placed_at: string;
  goods_subtotal: string;
  discount_total: string;
  shipping_total: string;
  shipping_discount_total: string;
  tax_total: string;
  payment_fee_total: string;
  total: string;
};

export async function orderOfUserByCart(db: Db, userId: string, cartId: string): Promise<OrderRow | null> {
  return (
    rowsOf<OrderRow>(
      await db.execute(sql`
      select id::text, order_number, cart_id::text, kind, status, payment_status, payment_terms, currency,
        to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as placed_at, goods_subtotal::text, discount_total::text,
        shipping_total::text, shipping_discount_total::text, tax_total::text, payment_fee_total::text, total::text
      from store_orders where cart_id = ${cartId}::uuid and user_id = ${userId}::uuid`),
    )[0] ?? null
  );
}

export async function orderItems(
  db: Db,
  orderId: string,
): Promise<
  {
    product_name: string;
    variant_label: string;
    sku: string;
    quantity: number;
    unit_price: string;
    line_total: string;
  }[]
> {
  return rowsOf(
    await db.execute(sql`
      select product_name, variant_label, sku, quantity, unit_price::text, line_total::text from store_order_items where order_id = ${orderId}::uuid order by id`),
  );
}

export async function orderFulfillments(
  db: Db,
  orderId: string,
): Promise<
  { partition_key: string; shipping_method: string; warehouse_name: string; address: Record<string, unknown> | null }[]
> {
  return rowsOf(
    await db.execute(sql`
      select f.partition_key, f.shipping_method, w.name as warehouse_name, f.address
      from store_order_fulfillments f join store_warehouses w on w.id = f.warehouse_id where f.order_id = ${orderId}::uuid order by f.partition_key`),
  );
}

// ---------- buy now ----------

export async function ensureBuyNowCart(
  tx: Db,
  userId: string,
  enterpriseId: number | null,
  country: string,
  currency: string,
): Promise<{ id: string; serial: number }> {
  const existing = rowsOf<{ id: string; serial: number }>(
    await tx.execute(sql`
      update store_carts set serial = serial + 1, updated_at = now(), country = ${country}, currency = ${currency}
      where user_id = ${userId}::uuid and kind = 'buy_now' and status = 'open' returning id::text, serial`),
  )[0];
  if (existing) {
    await tx.execute(sql`delete from store_cart_items where cart_id = ${existing.id}::uuid`);
    await tx.execute(sql`delete from store_cart_partitions where cart_id = ${existing.id}::uuid`);
    return existing;
  }
  return rowsOf<{ id: string; serial: number }>(
    await tx.execute(sql`
      insert into store_carts (user_id, kind, enterprise_id, country, currency) values (${userId}::uuid, 'buy_now', ${enterpriseId}, ${country}, ${currency})
      returning id::text, serial`),
  )[0]!;
}

export async function insertCartItem(
  tx: Db,
  cartId: string,
  variantId: number,
  quantity: number,
  pricedAmount: string,
): Promise<void> {
  await tx.execute(
    sql`insert into store_cart_items (cart_id, variant_id, quantity, priced_amount) values (${cartId}::uuid, ${variantId}, ${quantity}, ${pricedAmount})`,
  );
}
