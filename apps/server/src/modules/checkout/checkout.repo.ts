// Checkout's queries: the cart row (locked when placing), partitions' settings, stock per warehouse, product facts
// for tax and promotions, addresses, delivery contacts, licences, promotions, referral codes and the order writes.

import { and, asc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { PromotionRow } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  storeAddresses,
  storeApplicatorLicences,
  storeCartItems,
  storeCartPartitions,
  storeCarts,
  storeDeliveryContacts,
  storeOrderFulfillments,
  storeOrderItems,
  storeOrders,
  storePromotions,
  storeReferralCodes,
  storeStock,
  storeWarehouses,
  users,
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

const addressFields = {
  id: storeAddresses.id,
  addressType: storeAddresses.addressType,
  format: storeAddresses.format,
  landLocationKind: storeAddresses.landLocationKind,
  name: storeAddresses.name,
  line1: storeAddresses.line1,
  line2: storeAddresses.line2,
  city: storeAddresses.city,
  region: storeAddresses.region,
  postalCode: storeAddresses.postalCode,
  country: storeAddresses.country,
  lllQuarter: storeAddresses.lllQuarter,
  lllSection: storeAddresses.lllSection,
  lllTownship: storeAddresses.lllTownship,
  lllRange: storeAddresses.lllRange,
  lllMeridian: storeAddresses.lllMeridian,
  instructions: storeAddresses.instructions,
  userId: storeAddresses.userId,
  /** Addresses are hidden, never deleted: a hidden one still shows on what points at it. */
  deleted: sql<boolean>`${storeAddresses.deletedAt} is not null`,
};
export type AddressRow = Pick<typeof storeAddresses.$inferSelect, Exclude<keyof typeof addressFields, 'deleted'>> & {
  deleted: boolean;
};

export async function addressesOf(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .select(addressFields)
    .from(storeAddresses)
    .where(and(eq(storeAddresses.userId, userId), isNull(storeAddresses.deletedAt)))
    .orderBy(asc(storeAddresses.id));
}

/** An address by id whoever owns it (a delivery may go to an address that is not the user's: external_delivery). */
export async function addressById(db: Db, id: number): Promise<AddressRow | null> {
  const [row] = await db.select(addressFields).from(storeAddresses).where(eq(storeAddresses.id, id));
  return row ?? null;
}

export type AddressWrite = Pick<
  typeof storeAddresses.$inferInsert,
  | 'addressType'
  | 'format'
  | 'landLocationKind'
  | 'name'
  | 'line1'
  | 'line2'
  | 'city'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'lllQuarter'
  | 'lllSection'
  | 'lllTownship'
  | 'lllRange'
  | 'lllMeridian'
  | 'instructions'
>;

export async function insertAddress(
  db: Db,
  userId: string,
  enterpriseId: number | null,
  a: AddressWrite,
): Promise<AddressRow> {
  const [row] = await db
    .insert(storeAddresses)
    .values({ userId, enterpriseId, ...a })
    .returning(addressFields);
  return row!;
}

export async function updateAddress(db: Db, userId: string, id: number, a: AddressWrite): Promise<AddressRow | null> {
  const [row] = await db
    .update(storeAddresses)
    .set(a)
    .where(and(eq(storeAddresses.id, id), eq(storeAddresses.userId, userId), isNull(storeAddresses.deletedAt)))
    .returning(addressFields);
  return row ?? null;
}

/** Addresses are hidden, never deleted (an order or a partition may point at one). */
export async function hideAddress(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .update(storeAddresses)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(storeAddresses.id, id), eq(storeAddresses.userId, userId), isNull(storeAddresses.deletedAt)))
    .returning({ id: storeAddresses.id });
  return rows.length > 0;
}

const contactFields = {
  id: storeDeliveryContacts.id,
  firstName: storeDeliveryContacts.firstName,
  lastName: storeDeliveryContacts.lastName,
  email: storeDeliveryContacts.email,
  phoneNumber: storeDeliveryContacts.phoneNumber,
  region: storeDeliveryContacts.region,
  userId: storeDeliveryContacts.userId,
};
export type ContactRow = Pick<typeof storeDeliveryContacts.$inferSelect, keyof typeof contactFields>;
export type ContactWrite = Pick<
  typeof storeDeliveryContacts.$inferInsert,
  'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'region'
>;

export async function contactsOf(db: Db, userId: string): Promise<ContactRow[]> {
  return db
    .select(contactFields)
    .from(storeDeliveryContacts)
    .where(eq(storeDeliveryContacts.userId, userId))
    .orderBy(asc(storeDeliveryContacts.id));
}

export async function contactById(db: Db, userId: string, id: number): Promise<ContactRow | null> {
  const [row] = await db
    .select(contactFields)
    .from(storeDeliveryContacts)
    .where(and(eq(storeDeliveryContacts.id, id), eq(storeDeliveryContacts.userId, userId)));
  return row ?? null;
}

export async function insertContact(db: Db, userId: string, c: ContactWrite): Promise<ContactRow> {
  const [row] = await db
    .insert(storeDeliveryContacts)
    .values({ userId, ...c })
    .returning(contactFields);
  return row!;
}

export async function updateContact(db: Db, userId: string, id: number, c: ContactWrite): Promise<ContactRow | null> {
  const [row] = await db
    .update(storeDeliveryContacts)
    .set(c)
    .where(and(eq(storeDeliveryContacts.id, id), eq(storeDeliveryContacts.userId, userId)))
    .returning(contactFields);
  return row ?? null;
}

export async function deleteContact(tx: Db, userId: string, id: number): Promise<boolean> {
  await tx
    .update(storeCartPartitions)
    .set({ deliveryContactId: null })
    .where(
      and(
        eq(storeCartPartitions.deliveryContactId, id),
        inArray(
          storeCartPartitions.cartId,
          tx.select({ id: storeCarts.id }).from(storeCarts).where(eq(storeCarts.userId, userId)),
        ),
      ),
    );
  const rows = await tx
    .delete(storeDeliveryContacts)
    .where(and(eq(storeDeliveryContacts.id, id), eq(storeDeliveryContacts.userId, userId)))
    .returning({ id: storeDeliveryContacts.id });
  return rows.length > 0;
}

export const licenceFields = {
  id: storeApplicatorLicences.id,
  holderName: storeApplicatorLicences.holderName,
  licenceNumber: storeApplicatorLicences.licenceNumber,
  jurisdiction: storeApplicatorLicences.jurisdiction,
  /** 'YYYY-MM-DD'. */
  expiresOn: storeApplicatorLicences.expiresOn,
};
export type LicenceRow = Pick<typeof storeApplicatorLicences.$inferSelect, keyof typeof licenceFields>;
export type LicenceWrite = Pick<
  typeof storeApplicatorLicences.$inferInsert,
  'holderName' | 'licenceNumber' | 'jurisdiction' | 'expiresOn'
>;

export async function licencesOf(db: Db, userId: string): Promise<LicenceRow[]> {
  return db
    .select(licenceFields)
    .from(storeApplicatorLicences)
    .where(eq(storeApplicatorLicences.userId, userId))
    .orderBy(asc(storeApplicatorLicences.id));
}

export async function insertLicence(
  db: Db,
  userId: string,
  enterpriseId: number | null,
  l: LicenceWrite,
): Promise<LicenceRow> {
  const [row] = await db
    .insert(storeApplicatorLicences)
    .values({ userId, enterpriseId, ...l })
    .returning(licenceFields);
  return row!;
}

export async function deleteLicence(tx: Db, userId: string, id: number): Promise<boolean> {
  await tx
    .update(storeCarts)
    .set({ rupHolderId: null })
    .where(and(eq(storeCarts.rupHolderId, id), eq(storeCarts.userId, userId)));
  const rows = await tx
    .delete(storeApplicatorLicences)
    .where(and(eq(storeApplicatorLicences.id, id), eq(storeApplicatorLicences.userId, userId)))
    .returning({ id: storeApplicatorLicences.id });
  return rows.length > 0;
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

// ---------- buy now ----------

export async function ensureBuyNowCart(
  tx: Db,
  userId: string,
  enterpriseId: number | null,
  country: Country,
  currency: Currency,
): Promise<{ id: string; serial: number }> {
  const c = storeCarts;
  const [existing] = await tx
    .update(c)
    .set({ serial: sql`${c.serial} + 1`, updatedAt: sql`now()`, country, currency })
    .where(and(eq(c.userId, userId), eq(c.kind, 'buy_now'), eq(c.status, 'open')))
    .returning({ id: c.id, serial: c.serial });
  if (existing) {
    await tx.delete(storeCartItems).where(eq(storeCartItems.cartId, existing.id));
    await tx.delete(storeCartPartitions).where(eq(storeCartPartitions.cartId, existing.id));
    return existing;
  }
  const [made] = await tx
    .insert(c)
    .values({ userId, kind: 'buy_now', enterpriseId, country, currency })
    .returning({ id: c.id, serial: c.serial });
  return made!;
}

export async function insertCartItem(
  tx: Db,
  cartId: string,
  variantId: number,
  quantity: number,
  pricedAmount: string,
): Promise<void> {
  await tx.insert(storeCartItems).values({ cartId, variantId, quantity, pricedAmount });
}
