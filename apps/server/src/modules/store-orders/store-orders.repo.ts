// The queries behind a buyer's store orders, reviews, readiness actions, previously purchased products and
// shopping lists. Every read and write is scoped to the user: another user's order or list is simply not found.

import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';

export type Country = 'USA' | 'CAN' | 'AUS';
type SellerKind = 'house' | 'marketplace';
export type SellerRef = { slug: string; name: string; kind: SellerKind };

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

export type OrderListRow = {
  id: string;
  order_number: string;
  kind: 'cart' | 'buy_now';
  cart_id: string;
  status: string;
  placed_at: Date | string;
  currency: 'USD' | 'CAD' | 'AUD';
  total: string;
  payment_status: string;
  item_count: number;
  product_names: string[] | null;
  sellers: SellerRef[] | null;
  shipping_methods: string[] | null;
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
  o.id, o.order_number, o.kind, o.cart_id, o.status, o.placed_at, o.currency, o.total::text as total, o.payment_status,
  (select count(*)::int from store_order_items i where i.order_id = o.id) as item_count,
  (select array_agg(x.product_name order by x.id) from (select i.id, i.product_name from store_order_items i where i.order_id = o.id order by i.id limit 3) x) as product_names,
  (select json_agg(json_build_object('slug', s.slug, 'name', s.name, 'kind', s.kind) order by s.kind, s.name)
     from store_sellers s where s.id in (select i.seller_id from store_order_items i where i.order_id = o.id)) as sellers,
  (select array_agg(distinct f.shipping_method) from store_order_fulfillments f where f.order_id = o.id) as shipping_methods`;

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
  enterprise_public_id: string | null;
  goods_subtotal: string;
  discount_total: string;
  shipping_total: string;
  shipping_discount_total: string;
  tax_total: string;
  payment_fee_total: string;
  discounts: { name: string; amount: string }[];
  promo_code: string | null;
  referral_code: string | null;
  payment_terms: string;
  payment_method: string | null;
  billing_address: Record<string, unknown> | null;
};

export async function orderOf(
  db: Db,
  userId: string,
  by: { id: string } | { cartId: string },
): Promise<OrderRow | null> {
  const match = 'id' in by ? sql`o.id = ${by.id}` : sql`o.cart_id = ${by.cartId}`;
  const [row] = rowsOf<OrderRow>(
    await db.execute(sql`select ${orderColumns},
        (select e.public_id::text from enterprises e where e.id = o.enterprise_id) as enterprise_public_id,
        o.goods_subtotal::text as goods_subtotal, o.discount_total::text as discount_total, o.shipping_total::text as shipping_total,
        o.shipping_discount_total::text as shipping_discount_total, o.tax_total::text as tax_total, o.payment_fee_total::text as payment_fee_total,
        o.discounts, o.promo_code, o.referral_code, o.payment_terms, o.payment_method, o.billing_address
      from store_orders o where ${match} and o.user_id = ${userId}`),
  );
  return row ?? null;
}

export type FulfillmentRow = {
  partition_key: string;
  seller_slug: string;
  seller_name: string;
  seller_kind: SellerKind;
  warehouse_code: string;
  warehouse_name: string;
  warehouse_city: string;
  warehouse_region: string;
  shipping_method: string;
  status: string;
  address: Record<string, unknown> | null;
  contact: Record<string, unknown> | null;
  fulfillment_promise: string | null;
  delivery_not_before: string | Date | null;
  delivery_not_after: string | Date | null;
  application_timing: string | null;
  special_instructions: string;
  shipping_total: string;
};

export async function fulfillmentsOf(db: Db, orderId: string): Promise<FulfillmentRow[]> {
  return rowsOf<FulfillmentRow>(
    await db.execute(sql`select f.partition_key, s.slug as seller_slug, s.name as seller_name, s.kind as seller_kind,
        w.code as warehouse_code, w.name as warehouse_name, w.city as warehouse_city, w.region as warehouse_region,
        f.shipping_method, f.status, f.address, f.contact, f.fulfillment_promise,
        f.delivery_not_before::text as delivery_not_before, f.delivery_not_after::text as delivery_not_after,
        f.application_timing, f.special_instructions, f.shipping_total::text as shipping_total
      from store_order_fulfillments f
      join store_sellers s on s.id = f.seller_id
      join store_warehouses w on w.id = f.warehouse_id
      where f.order_id = ${orderId}
      order by s.kind, s.name, f.partition_key`),
  );
}

export type OrderItemRow = {
  id: number;
  partition_key: string;
  product_id: number;
  product_public_id: string;
  product_slug: string;
  product_name: string;
  variant_id: number;
  variant_public_id: string;
  variant_label: string;
  sku: string;
  quantity: number;
  unit_price: string;
  line_total: string;
  image_id: number | null;
  review_rating: number | null;
  review_title: string | null;
  review_body: string | null;
  review_updated_at: Date | string | null;
};

export async function itemsOf(db: Db, orderId: string, userId: string): Promise<OrderItemRow[]> {
  return rowsOf<OrderItemRow>(
    await db.execute(sql`select i.id, i.partition_key, i.product_id, p.public_id::text as product_public_id, p.slug as product_slug,
        i.product_name, i.variant_id, v.public_id::text as variant_public_id, i.variant_label, i.sku, i.quantity,
        i.unit_price::text as unit_price, i.line_total::text as line_total,
        (select im.id from store_images im where im.product_id = i.product_id order by im.position limit 1) as image_id,
        r.rating as review_rating, r.title as review_title, r.body as review_body, r.updated_at as review_updated_at
      from store_order_items i
      join store_products p on p.id = i.product_id
      join store_variants v on v.id = i.variant_id
      left join store_order_reviews r on r.order_id = i.order_id and r.product_id = i.product_id and r.user_id = ${userId}
      where i.order_id = ${orderId}
      order by i.id`),
  );
}

// ---------- reviews ----------

export type ReviewRow = {
  rating: number;
  title: string;
  body: string;
  created_at: Date | string;
  updated_at: Date | string;
};

/** The product (by public id) when it is a line of the order. */
export async function productInOrder(db: Db, orderId: string, productPublicId: string): Promise<{ id: number } | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select p.id from store_products p where p.public_id = ${productPublicId}
      and exists (select 1 from store_order_items i where i.order_id = ${orderId} and i.product_id = p.id)`),
  );
  return row ?? null;
}

/** Creates or updates the user's review of a product in an order (one per product per order). */
export async function upsertReview(
  db: Db,
  input: { orderId: string; productId: number; userId: string; rating: number; title: string; body: string },
): Promise<ReviewRow> {
  const [row] = rowsOf<ReviewRow>(
    await db.execute(sql`insert into store_order_reviews (order_id, product_id, user_id, rating, title, body)
      values (${input.orderId}, ${input.productId}, ${input.userId}, ${input.rating}, ${input.title}, ${input.body})
      on conflict (order_id, product_id, user_id) do update
        set rating = excluded.rating, title = excluded.title, body = excluded.body, updated_at = now()
      returning rating, title, body, created_at, updated_at`),
  );
  return row!;
}

// ---------- readiness ----------

export type ReadinessRow = {
  order_id: string;
  order_number: string;
  section: string;
  action: string;
  requested_at: Date | string;
  completed_at: Date | string | null;
};

const readinessColumns = sql`r.order_id, o.order_number, r.section, r.action, r.requested_at, r.completed_at`;

export async function readinessOf(
  db: Db,
  userId: string,
  opts: { orderId?: string; openOnly: boolean },
): Promise<ReadinessRow[]> {
  const where = [sql`o.user_id = ${userId}`];
  if (opts.orderId) where.push(sql`o.id = ${opts.orderId}`);
  if (opts.openOnly) where.push(sql`o.status in ('placed', 'processing', 'ready_for_pickup', 'shipped')`);
  return rowsOf<ReadinessRow>(
    await db.execute(sql`select ${readinessColumns} from store_order_readiness r join store_orders o on o.id = r.order_id
      where ${sql.join(where, sql` and `)}
      order by (r.completed_at is not null), o.placed_at desc, r.section`),
  );
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
      select d.order_id, o.order_number, d.section, d.action, d.requested_at, d.completed_at from done d join store_orders o on o.id = d.order_id`),
  );
  return row ?? null;
}

// ---------- previously purchased ----------

export type PurchasedRow = {
  product_id: number;
  product_public_id: string;
  product_slug: string;
  product_name: string;
  brand: string;
  seller_slug: string;
  seller_name: string;
  seller_kind: SellerKind;
  variant_public_id: string;
  variant_label: string;
  quantity: number;
  order_count: number;
  last_unit_price: string;
  last_currency: 'USD' | 'CAD' | 'AUD';
  last_ordered_at: Date | string;
  last_order_id: string;
  image_id: number | null;
  still_sold: boolean;
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
      select p.id as product_id, p.public_id::text as product_public_id, p.slug as product_slug, l.product_name, p.brand,
        s.slug as seller_slug, s.name as seller_name, s.kind as seller_kind,
        v.public_id::text as variant_public_id, l.variant_label, a.quantity, a.order_count,
        l.unit_price::text as last_unit_price, l.currency as last_currency, l.placed_at as last_ordered_at, l.oid as last_order_id,
        (select im.id from store_images im where im.product_id = p.id order by im.position limit 1) as image_id,
        exists (select 1 from store_variant_prices vp where vp.variant_id = l.variant_id and vp.country = ${country}) as still_sold
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

// ---------- variants (for lists and the cart) ----------

export type VariantRef = { id: number; public_id: string; product_name: string; label: string; sold: boolean };

export async function variantsByPublicId(db: Db, publicIds: string[], country: Country): Promise<VariantRef[]> {
  if (publicIds.length === 0) return [];
  return rowsOf<VariantRef>(
    await db.execute(sql`select v.id, v.public_id::text as public_id, p.name as product_name, v.label,
        exists (select 1 from store_variant_prices vp where vp.variant_id = v.id and vp.country = ${country}) as sold
      from store_variants v join store_products p on p.id = v.product_id
      where v.public_id in (${sql.join(
        publicIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
}

export async function variantsById(db: Db, ids: number[], country: Country): Promise<VariantRef[]> {
  if (ids.length === 0) return [];
  return rowsOf<VariantRef>(
    await db.execute(sql`select v.id, v.public_id::text as public_id, p.name as product_name, v.label,
        exists (select 1 from store_variant_prices vp where vp.variant_id = v.id and vp.country = ${country}) as sold
      from store_variants v join store_products p on p.id = v.product_id
      where v.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
}

// ---------- shopping lists ----------

export type ListRow = {
  id: string;
  name: string;
  item_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const listColumns = sql`l.id, l.name, (select count(*)::int from store_shopping_list_items li where li.list_id = l.id) as item_count, l.created_at, l.updated_at`;

export async function listsOf(db: Db, userId: string): Promise<ListRow[]> {
  return rowsOf<ListRow>(
    await db.execute(
      sql`select ${listColumns} from store_shopping_lists l where l.user_id = ${userId} order by l.updated_at desc, l.id`,
    ),
  );
}

export async function listOf(db: Db, userId: string, listId: string): Promise<ListRow | null> {
  const [row] = rowsOf<ListRow>(
    await db.execute(
      sql`select ${listColumns} from store_shopping_lists l where l.id = ${listId} and l.user_id = ${userId}`,
    ),
  );
  return row ?? null;
}

/** The user's lists holding a variant (by its public id), with the quantity on each. */
export async function listsHoldingVariant(
  db: Db,
  userId: string,
  variantPublicId: string,
): Promise<{ list_id: string; quantity: number }[]> {
  return rowsOf<{ list_id: string; quantity: number }>(
    await db.execute(sql`select l.id::text as list_id, li.quantity from store_shopping_lists l
      join store_shopping_list_items li on li.list_id = l.id
      join store_variants v on v.id = li.variant_id
      where l.user_id = ${userId} and v.public_id = ${variantPublicId}
      order by l.updated_at desc, l.id`),
  );
}

export type ListItemRow = {
  variant_id: number;
  variant_public_id: string;
  product_public_id: string;
  product_slug: string;
  product_name: string;
  variant_label: string;
  sku: string;
  quantity: number;
  note: string;
  unit_price: string | null;
  in_stock: boolean;
  image_id: number | null;
  added_at: Date | string;
};

export async function listItemsOf(db: Db, listId: string, country: Country): Promise<ListItemRow[]> {
  return rowsOf<ListItemRow>(
    await db.execute(sql`select li.variant_id, v.public_id::text as variant_public_id, p.public_id::text as product_public_id, p.slug as product_slug,
        p.name as product_name, v.label as variant_label, v.sku, li.quantity, li.note,
        (select vp.amount::text from store_variant_prices vp where vp.variant_id = v.id and vp.country = ${country}) as unit_price,
        exists (select 1 from store_stock st join store_warehouses w on w.id = st.warehouse_id where st.variant_id = v.id and st.quantity > 0 and w.country = ${country}) as in_stock,
        (select im.id from store_images im where im.product_id = p.id order by im.position limit 1) as image_id,
        li.added_at
      from store_shopping_list_items li
      join store_variants v on v.id = li.variant_id
      join store_products p on p.id = v.product_id
      where li.list_id = ${listId}
      order by li.added_at, p.name, v.position`),
  );
}

export async function insertList(
  db: Db,
  input: {
    userId: string;
    enterpriseId: number | null;
    name: string;
    items: { variantId: number; quantity: number; note: string }[];
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into store_shopping_lists (user_id, enterprise_id, name) values (${input.userId}, ${input.enterpriseId}, ${input.name}) returning id`,
      ),
    );
    for (const item of input.items) {
      await tx.execute(sql`insert into store_shopping_list_items (list_id, variant_id, quantity, note) values (${row!.id}, ${item.variantId}, ${item.quantity}, ${item.note})
        on conflict (list_id, variant_id) do update set quantity = excluded.quantity, note = excluded.note`);
    }
    return row!.id;
  });
}

export async function renameList(db: Db, userId: string, listId: string, name: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`update store_shopping_lists set name = ${name}, updated_at = now() where id = ${listId} and user_id = ${userId} returning id`,
    ),
  );
  return rows.length > 0;
}

export async function deleteList(db: Db, userId: string, listId: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`delete from store_shopping_lists where id = ${listId} and user_id = ${userId} returning id`),
  );
  return rows.length > 0;
}

export async function countListItems(db: Db, listId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from store_shopping_list_items where list_id = ${listId}`),
  );
  return row?.n ?? 0;
}

/** Sets an item's quantity (and note when given), adding the variant when the list lacks it. */
export async function putListItem(
  db: Db,
  listId: string,
  item: { variantId: number; quantity: number; note?: string | undefined },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into store_shopping_list_items (list_id, variant_id, quantity, note) values (${listId}, ${item.variantId}, ${item.quantity}, ${item.note ?? ''})
      on conflict (list_id, variant_id) do update set quantity = excluded.quantity${item.note === undefined ? sql`` : sql`, note = excluded.note`}`);
    await tx.execute(sql`update store_shopping_lists set updated_at = now() where id = ${listId}`);
  });
}

export async function deleteListItem(db: Db, listId: string, variantId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = rowsOf(
      await tx.execute(
        sql`delete from store_shopping_list_items where list_id = ${listId} and variant_id = ${variantId} returning variant_id`,
      ),
    );
    if (rows.length) await tx.execute(sql`update store_shopping_lists set updated_at = now() where id = ${listId}`);
    return rows.length > 0;
  });
}

/** The user's enterprise (for a new list) and its country (their store region when the request names none). */
export async function userEnterprise(
  db: Db,
  userId: string,
  currentEnterpriseId: number | null,
): Promise<{ id: number | null; country: string | null }> {
  const [row] = rowsOf<{ id: number; country: string | null }>(
    await db.execute(sql`select e.id, e.country_code as country from enterprise_users eu join enterprises e on e.id = eu.enterprise_id
      where eu.user_id = ${userId} order by (e.id = ${currentEnterpriseId ?? -1}) desc, e.id limit 1`),
  );
  return { id: row?.id ?? null, country: row?.country ?? null };
}
