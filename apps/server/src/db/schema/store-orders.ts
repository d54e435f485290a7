import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { enterprises, users } from './platform.ts';
import { storeProducts, storeSellers, storeVariants, storeWarehouses } from './store.ts';

// Issue 6, the store's carts, checkout and orders (platform.md 3.4–3.6, 4.3, 5.5, 7.6, 8.3, 9.3, 9.5).
// A cart is server-side, for a signed-in user or a guest (a cookie token, stored hashed); every write bumps its
// serial. Checkout partitions the cart per seller and warehouse. Placing an order turns an open cart into exactly
// one order: `store_orders.cart_id` is unique, so a double click, a retry or a second tab cannot make two.
// Money is exact (numeric); an order keeps copies of what it sold (names, prices, addresses) as they were.

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export type CartStatus = 'open' | 'checked_out' | 'merged' | 'abandoned';
export type CartKind = 'cart' | 'buy_now';
export type ShippingMethod = 'delivery' | 'pickup';
export type DeliveryTiming = 'immediate_no_promise' | 'immediate_promise' | 'future_shipment_groups' | 'N/A';
export type ApplicationTiming = 'pre_plant' | 'in_crop' | 'other';
export type ItemRestrictionKind = 'QUANTITY_LIMIT' | 'JURISDICTIONS_RESTRICTION' | 'MINIMUM_QUANTITY';

/** Addresses of a user's farm business (3.4): postal, or a Canadian legal land location (can_lll). */
export const storeAddresses = pgTable(
  'store_addresses',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id, { onDelete: 'set null' }),
    /** default_billing_address, mailing_address, billing_address, shipping_address. */
    addressType: text('address_type').notNull(),
    format: text('format').$type<'postal' | 'can_lll'>().notNull().default('postal'),
    /** For can_lll: can_lll_home or can_lll_shipping. */
    landLocationKind: text('land_location_kind'),
    name: text('name').notNull().default(''),
    line1: text('line_1').notNull().default(''),
    line2: text('line_2').notNull().default(''),
    city: text('city').notNull().default(''),
    /** State or province code (administrative area level 1). */
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').$type<'USA' | 'CAN' | 'AUS'>().notNull(),
    /** Legal land location: quarter (NE/NW/SE/SW or LSD), section, township, range, meridian (W1–W6). */
    lllQuarter: text('lll_quarter'),
    lllSection: smallint('lll_section'),
    lllTownship: smallint('lll_township'),
    lllRange: smallint('lll_range'),
    lllMeridian: text('lll_meridian'),
    /** Directions a driver needs on a rural road. */
    instructions: text('instructions').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Addresses are never deleted while an order may point at them; removal hides them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('store_addresses_user_idx').on(t.userId),
    index('store_addresses_enterprise_idx').on(t.enterpriseId, t.addressType),
  ],
);

/** Who receives a delivery (3.6; required fields of 5.5: first and last name, e-mail, phone, state). */
export const storeDeliveryContacts = pgTable(
  'store_delivery_contacts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The farm business whose book holds the contact (null: a user without one keeps their own). */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    /** aal1: state or province. */
    region: text('region').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_delivery_contacts_user_idx').on(t.userId),
    index('store_delivery_contacts_enterprise_idx').on(t.enterpriseId),
  ],
);

/** A restricted-use pesticide applicator licence on file: buying an RUP product needs a valid one. */
export const storeApplicatorLicences = pgTable(
  'store_applicator_licences',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id, { onDelete: 'set null' }),
    holderName: text('holder_name').notNull(),
    licenceNumber: text('licence_number').notNull(),
    /** The state or province that issued it. */
    jurisdiction: text('jurisdiction').notNull(),
    expiresOn: date('expires_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_applicator_licences_user_idx').on(t.userId)],
);

/**
 * What may limit buying a product (8.3 item restrictions): QUANTITY_LIMIT (at most max_quantity per order),
 * MINIMUM_QUANTITY (at least min_quantity), JURISDICTIONS_RESTRICTION (not sold into the listed states/provinces).
 */
export const storeItemRestrictions = pgTable(
  'store_item_restrictions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ItemRestrictionKind>().notNull(),
    maxQuantity: integer('max_quantity'),
    minQuantity: integer('min_quantity'),
    /** Region codes (IA, CA, SK, …) a JURISDICTIONS_RESTRICTION forbids. */
    jurisdictions: text('jurisdictions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index('store_item_restrictions_product_idx').on(t.productId)],
);

/**
 * Promotions: a promo code a buyer types, or (code null) an offer applied by itself when its conditions hold —
 * the marketing offer of 9.5 is such a row. Qualifiers name what the order must include ('house_brand',
 * 'adjuvant', 'nutrition'); any one of them suffices.
 */
export const storePromotions = pgTable(
  'store_promotions',
  {
    id: serial('id').primaryKey(),
    /** Upper-case code; null for an offer applied automatically. */
    code: text('code'),
    name: text('name').notNull(),
    kind: text('kind').$type<'amount_off' | 'percent_off' | 'free_shipping'>().notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull().default('0'),
    currency: text('currency').$type<'USD' | 'CAD' | 'AUD'>(),
    country: text('country').$type<'USA' | 'CAN' | 'AUS'>(),
    minSubtotal: money('min_subtotal').notNull().default('0'),
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    qualifiers: text('qualifiers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('store_promotions_code_idx').on(sql`upper(${t.code})`)],
);

/** A cart (3.5). Open carts: one per user and kind, one per guest token. */
export const storeCarts = pgTable(
  'store_carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: integer('serial').notNull().default(1),
    status: text('status').$type<CartStatus>().notNull().default('open'),
    kind: text('kind').$type<CartKind>().notNull().default('cart'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the guest cookie's token; null once the cart belongs to a user. */
    guestTokenHash: text('guest_token_hash'),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id, { onDelete: 'set null' }),
    country: text('country').$type<'USA' | 'CAN' | 'AUS'>().notNull(),
    currency: text('currency').$type<'USD' | 'CAD' | 'AUD'>().notNull(),
    promoCode: text('promo_code'),
    referralCode: text('referral_code'),
    paymentTerms: text('payment_terms'),
    paymentMethod: text('payment_method'),
    billingAddressId: integer('billing_address_id').references(() => storeAddresses.id),
    rupHolderId: integer('rup_holder_id').references(() => storeApplicatorLicences.id),
    pickupContactEmail: text('pickup_contact_email'),
    pickupContactPhone: text('pickup_contact_phone'),
    customizationsAdditionalNotes: text('customizations_additional_notes').notNull().default(''),
    /** Express checkout: shipping, payment and summary are required sections (4.3). */
    express: boolean('express').notNull().default(false),
    /** When the cart was last priced for checkout; prices changed since then need the buyer's adjustment. */
    pricedAt: timestamp('priced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastAccessed: timestamp('last_accessed', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_carts_open_user_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.status} = 'open' and ${t.userId} is not null`),
    uniqueIndex('store_carts_open_guest_idx')
      .on(t.guestTokenHash, t.kind)
      .where(sql`${t.status} = 'open' and ${t.guestTokenHash} is not null`),
    index('store_carts_user_idx').on(t.userId, t.updatedAt),
  ],
);

/** A cart line: a variant and a quantity, with the unit price it was priced at (what a price change is checked against). */
export const storeCartItems = pgTable(
  'store_cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => storeCarts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => storeVariants.id),
    quantity: integer('quantity').notNull(),
    pricedAmount: money('priced_amount').notNull(),
    tankDetails: jsonb('tank_details').$type<Record<string, unknown> | null>(),
    itemAddedAt: timestamp('item_added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_cart_items_cart_variant_idx').on(t.cartId, t.variantId)],
);

/** A checkout partition (3.5): the part of a cart one seller ships from one warehouse, and how it gets to the farm. */
export const storeCartPartitions = pgTable(
  'store_cart_partitions',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => storeCarts.id, { onDelete: 'cascade' }),
    /** 'seller-<id>.warehouse-<id>'. */
    partitionKey: text('partition_key').notNull(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => storeSellers.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => storeWarehouses.id),
    shippingMethod: text('shipping_method').$type<ShippingMethod>(),
    deliveryAddressId: integer('delivery_address_id').references(() => storeAddresses.id),
    pickupWarehouseId: integer('pickup_warehouse_id').references(() => storeWarehouses.id),
    fulfillmentPromise: text('fulfillment_promise').$type<DeliveryTiming>(),
    deliverImmediately: boolean('deliver_immediately').notNull().default(true),
    deliveryNotBefore: date('delivery_not_before'),
    deliveryNotAfter: date('delivery_not_after'),
    applicationTiming: text('application_timing').$type<ApplicationTiming>(),
    applicationState: text('application_state'),
    deliveryContactId: integer('delivery_contact_id').references(() => storeDeliveryContacts.id),
    orderSpecialInstructions: text('order_special_instructions').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.partitionKey] })],
);

/** A placed order: exactly one per cart (the unique cart_id makes placing idempotent). */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the buyer quotes on the phone: 'GS-104233'. */
    orderNumber: text('order_number').notNull().unique(),
    cartId: uuid('cart_id')
      .notNull()
      .unique()
      .references(() => storeCarts.id),
    kind: text('kind').$type<CartKind>().notNull().default('cart'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id, { onDelete: 'set null' }),
    status: text('status')
      .$type<'placed' | 'processing' | 'ready_for_pickup' | 'shipped' | 'delivered' | 'picked_up' | 'canceled'>()
      .notNull()
      .default('placed'),
    country: text('country').$type<'USA' | 'CAN' | 'AUS'>().notNull(),
    currency: text('currency').$type<'USD' | 'CAD' | 'AUD'>().notNull(),
    goodsSubtotal: money('goods_subtotal').notNull(),
    discountTotal: money('discount_total').notNull().default('0'),
    shippingTotal: money('shipping_total').notNull().default('0'),
    shippingDiscountTotal: money('shipping_discount_total').notNull().default('0'),
    taxTotal: money('tax_total').notNull().default('0'),
    paymentFeeTotal: money('payment_fee_total').notNull().default('0'),
    total: money('total').notNull(),
    paymentTerms: text('payment_terms').notNull(),
    paymentMethod: text('payment_method'),
    paymentStatus: text('payment_status')
      .$type<'pending' | 'authorized' | 'paid' | 'failed' | 'financing_requested'>()
      .notNull()
      .default('pending'),
    /** The payment provider's reference (a card authorisation), when one took part. */
    paymentReference: text('payment_reference'),
    promoCode: text('promo_code'),
    referralCode: text('referral_code'),
    /** Discounts applied, as shown: [{name, amount}]. */
    discounts: jsonb('discounts').$type<{ name: string; amount: string }[]>().notNull().default([]),
    billingAddress: jsonb('billing_address').$type<Record<string, unknown> | null>(),
    rupLicence: jsonb('rup_licence').$type<Record<string, unknown> | null>(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_orders_user_idx').on(t.userId, t.placedAt.desc()),
    index('store_orders_enterprise_idx').on(t.enterpriseId, t.placedAt.desc()),
  ],
);

/** How one partition of an order reaches the farm, as chosen at checkout (addresses and contact copied). */
export const storeOrderFulfillments = pgTable(
  'store_order_fulfillments',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    partitionKey: text('partition_key').notNull(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => storeSellers.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => storeWarehouses.id),
    /** delivery, external_delivery (an address not among the user's) or pickup. */
    shippingMethod: text('shipping_method').notNull(),
    address: jsonb('address').$type<Record<string, unknown> | null>(),
    contact: jsonb('contact').$type<Record<string, unknown> | null>(),
    fulfillmentPromise: text('fulfillment_promise'),
    deliveryNotBefore: date('delivery_not_before'),
    deliveryNotAfter: date('delivery_not_after'),
    applicationTiming: text('application_timing'),
    specialInstructions: text('special_instructions').notNull().default(''),
    shippingTotal: money('shipping_total').notNull().default('0'),
    status: text('status').notNull().default('placed'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.partitionKey] })],
);

export const storeOrderItems = pgTable(
  'store_order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    partitionKey: text('partition_key').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => storeVariants.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => storeSellers.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => storeWarehouses.id),
    productName: text('product_name').notNull(),
    variantLabel: text('variant_label').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    lineTotal: money('line_total').notNull(),
  },
  (t) => [index('store_order_items_order_idx').on(t.orderId), index('store_order_items_variant_idx').on(t.variantId)],
);

/** A buyer's review of a product they bought in an order. */
export const storeOrderReviews = pgTable(
  'store_order_reviews',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_order_reviews_unique_idx').on(t.orderId, t.productId, t.userId),
    index('store_order_reviews_product_idx').on(t.productId),
  ],
);

/** Order readiness (4.3): actions the buyer is asked for before an order can go out, unique by section. */
export const storeOrderReadiness = pgTable(
  'store_order_readiness',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    action: text('action').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.section] })],
);

export const storeShoppingLists = pgTable(
  'store_shopping_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_shopping_lists_user_idx').on(t.userId, t.updatedAt.desc())],
);

export const storeShoppingListItems = pgTable(
  'store_shopping_list_items',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => storeShoppingLists.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => storeVariants.id),
    quantity: integer('quantity').notNull().default(1),
    note: text('note').notNull().default(''),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.variantId] })],
);
