// The queries behind a buyer's store orders, reviews, readiness actions, previously purchased products and
// shopping lists. Every read and write is scoped to the user: another user's order or list is simply not found.
// A shopping list's queries are shopping-lists.repo.ts; the variants lists and the cart name, variant-refs.repo.ts.

import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  storeImages,
  storeOrderFulfillments,
  storeOrderItems,
  storeOrderReadiness,
  storeOrderReviews,
  storeOrders,
  storeProducts,
  storeSellers,
  storeVariants,
  storeWarehouses,
} from '../../db/schema/index.ts';

export type Country = (typeof storeOrders.$inferSelect)['country'];
/** A seller as lists of orders name it (the API's seller reference). */
export type SellerRef = Pick<typeof storeSellers.$inferSelect, 'slug' | 'name' | 'kind'>;

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
export { iso, isoOrNull };

// ---------- order history ----------

export type OrderFilters = {
  status?: string | undefined;
  year?: number | undefined;
  seller?: string | undefined;
  /** Digits of an order number. */
  orderNumberDigits?: string | null | undefined;
  /** Words of a product name. */
  productText?: string | null | undefined;
};

/** An order of the history: the order row with counts and aggregates over its lines (SQL: subqueries, json_agg). */
export type OrderListRow = {
  id: string;
  orderNumber: string;
  kind: 'cart' | 'buy_now';
  cartId: string;
  status: string;
  placedAt: Date | string;
  currency: 'USD' | 'CAD' | 'AUD';
  total: string;
  paymentStatus: string;
  itemCount: number;
  productNames: string[] | null;
  sellers: SellerRef[] | null;
  shippingMethods: string[] | null;
};

function orderWhere(userId: string, f: OrderFilters): SQL[] {
  const where: SQL[] = [sql`o.user_id = ${userId}`];
  if (f.status) where.push(sql`o.status = ${f.status}`);
  if (f.year)
    where.push(
      sql`o.placed_at >= ${`${f.year}-01-01T00:00:00Z`}::timestamptz and o.placed_at < ${`${f.year + 1}-01-01T00:00:00Z`}::timestamptz`,
    );
  if (f.seller)
    where.push(
      sql`exists (select 1 from store_order_items i join store_sellers s on s.id = i.seller_id where i.order_id = o.id and s.slug = ${f.seller})`,
    );
  if (f.orderNumberDigits) where.push(sql`o.order_number like ${`GS-${f.orderNumberDigits}%`}`);
  else if (f.productText) {
    const like = `%${f.productText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`exists (select 1 from store_order_items i where i.order_id = o.id and (i.product_name ilike ${like} or i.sku ilike ${like}))`,
    );
  }
  return where;
}

const orderColumns = sql`
  o.id, o.order_number as "orderNumber", o.kind, o.cart_id as "cartId", o.status, o.placed_at as "placedAt", o.currency,
  o.total::text as total, o.payment_status as "paymentStatus",
  (select count(*)::int from store_order_items i where i.order_id = o.id) as "itemCount",
  (select array_agg(x.product_name order by x.id) from (select i.id, i.product_name from store_order_items i where i.order_id = o.id order by i.id limit 3) x) as "productNames",
  (select json_agg(json_build_object('slug', s.slug, 'name', s.name, 'kind', s.kind) order by s.kind, s.name)
     from store_sellers s where s.id in (select i.seller_id from store_order_items i where i.order_id = o.id)) as sellers,
  (select array_agg(distinct f.shipping_method) from store_order_fulfillments f where f.order_id = o.id) as "shippingMethods"`;

export async function listOrders(
  db: Db,
  userId: string,
  filters: OrderFilters,
  page: { limit: number; after: { placedAt: string; id: string } | null },
): Promise<{ rows: OrderListRow[]; total: number }> {
  const where = orderWhere(userId, filters);
  const keyset = page.after
    ? [sql`(o.placed_at, o.id) < (${page.after.placedAt}::timestamptz, ${page.after.id}::uuid)`]
    : [];
  const rows = rowsOf<OrderListRow>(
    await db.execute(sql`select ${orderColumns} from store_orders o
      where ${sql.join([...where, ...keyset], sql` and `)}
      order by o.placed_at desc, o.id desc limit ${page.limit}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from store_orders o where ${sql.join(where, sql` and `)}`),
  );
  return { rows, total: count?.n ?? 0 };
}

/** What the history's filters can offer: the years the user ordered in and the sellers they ordered from. */
export async function orderFacets(db: Db, userId: string): Promise<{ years: number[]; sellers: SellerRef[] }> {
  const years = rowsOf<{ y: number }>(
    await db.execute(
      sql`select distinct extract(year from o.placed_at at time zone 'UTC')::int as y from store_orders o where o.user_id = ${userId} order by y desc`,
    ),
  ).map((r) => r.y);
  const sellers = rowsOf<SellerRef>(
    await db.execute(sql`select s.slug, s.name, s.kind from store_sellers s
      where s.id in (select i.seller_id from store_order_items i join store_orders o on o.id = i.order_id where o.user_id = ${userId})
      order by s.kind, s.name`),
  );
  return { years, sellers };
}

// ---------- one order ----------

export type OrderRow = OrderListRow & {
  enterprisePublicId: string | null;
  goodsSubtotal: string;
  discountTotal: string;
  shippingTotal: string;
  shippingDiscountTotal: string;
  taxTotal: string;
  paymentFeeTotal: string;
  discounts: { name: string; amount: string }[];
  promoCode: string | null;
  referralCode: string | null;
  paymentTerms: string;
  paymentMethod: string | null;
  billingAddress: Record<string, unknown> | null;
};

export async function orderOf(
  db: Db,
  userId: string,
  by: { id: string } | { cartId: string },
): Promise<OrderRow | null> {
  const match = 'id' in by ? sql`o.id = ${by.id}` : sql`o.cart_id = ${by.cartId}`;
  const [row] = rowsOf<OrderRow>(
    await db.execute(sql`select ${orderColumns},
        (select e.public_id::text from enterprises e where e.id = o.enterprise_id) as "enterprisePublicId",
        o.goods_subtotal::text as "goodsSubtotal", o.discount_total::text as "discountTotal", o.shipping_total::text as "shippingTotal",
        o.shipping_discount_total::text as "shippingDiscountTotal", o.tax_total::text as "taxTotal", o.payment_fee_total::text as "paymentFeeTotal",
        o.discounts, o.promo_code as "promoCode", o.referral_code as "referralCode", o.payment_terms as "paymentTerms",
        o.payment_method as "paymentMethod", o.billing_address as "billingAddress"
      from store_orders o where ${match} and o.user_id = ${userId}`),
  );
  return row ?? null;
}

export async function fulfillmentsOf(db: Db, orderId: string) {
  const f = storeOrderFulfillments;
  const s = storeSellers;
  const w = storeWarehouses;
  return db
    .select({
      partitionKey: f.partitionKey,
      sellerSlug: s.slug,
      sellerName: s.name,
      sellerKind: s.kind,
      warehouseCode: w.code,
      warehouseName: w.name,
      warehouseCity: w.city,
      warehouseRegion: w.region,
      shippingMethod: f.shippingMethod,
      status: f.status,
      address: f.address,
      contact: f.contact,
      fulfillmentPromise: f.fulfillmentPromise,
      deliveryNotBefore: f.deliveryNotBefore,
      deliveryNotAfter: f.deliveryNotAfter,
      applicationTiming: f.applicationTiming,
      specialInstructions: f.specialInstructions,
      shippingTotal: f.shippingTotal,
    })
    .from(f)
    .innerJoin(s, eq(s.id, f.sellerId))
    .innerJoin(w, eq(w.id, f.warehouseId))
    .where(eq(f.orderId, orderId))
    .orderBy(asc(s.kind), asc(s.name), asc(f.partitionKey));
}

/** A product's first image (by position), for a row that reads the product id from `productId`. */
export const firstImageOf = (productId: AnyPgColumn) =>
  sql<
    number | null
  >`(select ${storeImages.id} from ${storeImages} where ${storeImages.productId} = ${productId} order by ${storeImages.position} limit 1)`;

export async function itemsOf(db: Db, orderId: string, userId: string) {
  const i = storeOrderItems;
  const p = storeProducts;
  const v = storeVariants;
  const r = storeOrderReviews;
  return db
    .select({
      id: i.id,
      partitionKey: i.partitionKey,
      productId: i.productId,
      productPublicId: p.publicId,
      productSlug: p.slug,
      productName: i.productName,
      variantId: i.variantId,
      variantPublicId: v.publicId,
      variantLabel: i.variantLabel,
      sku: i.sku,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      lineTotal: i.lineTotal,
      imageId: firstImageOf(i.productId),
      reviewRating: r.rating,
      reviewTitle: r.title,
      reviewBody: r.body,
      reviewUpdatedAt: r.updatedAt,
    })
    .from(i)
    .innerJoin(p, eq(p.id, i.productId))
    .innerJoin(v, eq(v.id, i.variantId))
    .leftJoin(r, and(eq(r.orderId, i.orderId), eq(r.productId, i.productId), eq(r.userId, userId)))
    .where(eq(i.orderId, orderId))
    .orderBy(asc(i.id));
}

// ---------- reviews ----------

const reviewFields = {
  rating: storeOrderReviews.rating,
  title: storeOrderReviews.title,
  body: storeOrderReviews.body,
  createdAt: storeOrderReviews.createdAt,
  updatedAt: storeOrderReviews.updatedAt,
};
export type ReviewRow = Pick<typeof storeOrderReviews.$inferSelect, keyof typeof reviewFields>;

/** The product (by public id) when it is a line of the order. */
export async function productInOrder(db: Db, orderId: string, productPublicId: string): Promise<{ id: number } | null> {
  const p = storeProducts;
  const i = storeOrderItems;
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        eq(p.publicId, productPublicId),
        exists(
          db
            .select({ one: sql`1` })
            .from(i)
            .where(and(eq(i.orderId, orderId), eq(i.productId, p.id))),
        ),
      ),
    );
  return row ?? null;
}

/** Creates or updates the user's review of a product in an order (one per product per order). */
export async function upsertReview(
  db: Db,
  input: Pick<typeof storeOrderReviews.$inferInsert, 'orderId' | 'productId' | 'userId' | 'rating' | 'title' | 'body'>,
): Promise<ReviewRow> {
  const r = storeOrderReviews;
  const [row] = await db
    .insert(r)
    .values(input)
    .onConflictDoUpdate({
      target: [r.orderId, r.productId, r.userId],
      set: { rating: input.rating, title: input.title, body: input.body, updatedAt: sql`now()` },
    })
    .returning(reviewFields);
  return row!;
}

// ---------- readiness ----------

/** A readiness action with its order's number; as an update answers it (SQL), its times are the driver's text. */
export type ReadinessRow = Pick<typeof storeOrderReadiness.$inferSelect, 'orderId' | 'section' | 'action'> & {
  orderNumber: string;
  requestedAt: Date | string;
  completedAt: Date | string | null;
};

export async function readinessOf(
  db: Db,
  userId: string,
  opts: { orderId?: string; openOnly: boolean },
): Promise<ReadinessRow[]> {
  const r = storeOrderReadiness;
  const o = storeOrders;
  return db
    .select({
      orderId: r.orderId,
      orderNumber: o.orderNumber,
      section: r.section,
      action: r.action,
      requestedAt: r.requestedAt,
      completedAt: r.completedAt,
    })
    .from(r)
    .innerJoin(o, eq(o.id, r.orderId))
    .where(
      and(
        eq(o.userId, userId),
        opts.orderId ? eq(o.id, opts.orderId) : undefined,
        opts.openOnly ? inArray(o.status, ['placed', 'processing', 'ready_for_pickup', 'shipped']) : undefined,
      ),
    )
    .orderBy(sql`(${r.completedAt} is not null)`, desc(o.placedAt), asc(r.section));
}

/** Marks an action done (once: a second call keeps the first time). Null when the user has no such action. */
export async function completeReadiness(
  db: Db,
  userId: string,
  orderId: string,
  section: string,
): Promise<ReadinessRow | null> {
  const [row] = rowsOf<ReadinessRow>(
    await db.execute(sql`with done as (
        update store_order_readiness r set completed_at = coalesce(r.completed_at, now())
        from store_orders o
        where r.order_id = o.id and o.user_id = ${userId} and r.order_id = ${orderId} and r.section = ${section}
        returning r.order_id, r.section, r.action, r.requested_at, r.completed_at)
      select d.order_id as "orderId", o.order_number as "orderNumber", d.section, d.action, d.requested_at as "requestedAt",
        d.completed_at as "completedAt"
      from done d join store_orders o on o.id = d.order_id`),
  );
  return row ?? null;
}

// ---------- previously purchased ----------

/** A product bought in a year with its last line bought (SQL: CTEs, distinct on, aggregates). */
export type PurchasedRow = {
  productId: number;
  productPublicId: string;
  productSlug: string;
  productName: string;
  brand: string;
  sellerSlug: string;
  sellerName: string;
  sellerKind: SellerRef['kind'];
  variantPublicId: string;
  variantLabel: string;
  quantity: number;
  orderCount: number;
  lastUnitPrice: string;
  lastCurrency: 'USD' | 'CAD' | 'AUD';
  lastOrderedAt: Date | string;
  lastOrderId: string;
  imageId: number | null;
  stillSold: boolean;
};

/** Distinct products the user bought in a year (orders not canceled), with the last line bought of each. */
export async function purchasedInYear(db: Db, userId: string, year: number, country: Country): Promise<PurchasedRow[]> {
  return rowsOf<PurchasedRow>(
    await db.execute(sql`
      with lines as (
        select i.*, o.placed_at, o.currency, o.id as oid
        from store_order_items i join store_orders o on o.id = i.order_id
        where o.user_id = ${userId} and o.status <> 'canceled'
          and o.placed_at >= ${`${year}-01-01T00:00:00Z`}::timestamptz and o.placed_at < ${`${year + 1}-01-01T00:00:00Z`}::timestamptz
      ),
      agg as (select product_id, sum(quantity)::int as quantity, count(distinct oid)::int as order_count from lines group by product_id),
      last as (select distinct on (product_id) * from lines order by product_id, placed_at desc, id desc)
      select p.id as "productId", p.public_id::text as "productPublicId", p.slug as "productSlug", l.product_name as "productName", p.brand,
        s.slug as "sellerSlug", s.name as "sellerName", s.kind as "sellerKind",
        v.public_id::text as "variantPublicId", l.variant_label as "variantLabel", a.quantity, a.order_count as "orderCount",
        l.unit_price::text as "lastUnitPrice", l.currency as "lastCurrency", l.placed_at as "lastOrderedAt", l.oid as "lastOrderId",
        (select im.id from store_images im where im.product_id = p.id order by im.position limit 1) as "imageId",
        exists (select 1 from store_variant_prices vp where vp.variant_id = l.variant_id and vp.country = ${country}) as "stillSold"
      from agg a join last l on l.product_id = a.product_id
      join store_products p on p.id = a.product_id
      join store_sellers s on s.id = p.seller_id
      join store_variants v on v.id = l.variant_id
      order by l.placed_at desc, l.product_name`),
  );
}

export async function purchaseYears(db: Db, userId: string): Promise<number[]> {
  return rowsOf<{ y: number }>(
    await db.execute(sql`select distinct extract(year from o.placed_at at time zone 'UTC')::int as y from store_orders o
      where o.user_id = ${userId} and o.status <> 'canceled' order by y desc`),
  ).map((r) => r.y);
}
