// Queries of the store's information pages: warehouses (pickup locations) of a country, and catalogue products
// with every pack and its price in the country (feed products, acre-plan products, the house seller's products).
import { and, asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  storeCategories,
  storeProducts,
  storeSellers,
  storeVariantPrices,
  storeVariants,
  storeWarehouses,
} from '../../db/schema/index.ts';

type Country = (typeof storeWarehouses.$inferSelect)['country'];

const warehouseFields = {
  code: storeWarehouses.code,
  name: storeWarehouses.name,
  country: storeWarehouses.country,
  region: storeWarehouses.region,
  city: storeWarehouses.city,
  addressLine1: storeWarehouses.addressLine1,
  postalCode: storeWarehouses.postalCode,
};
export type WarehouseRow = Pick<typeof storeWarehouses.$inferSelect, keyof typeof warehouseFields>;

export async function warehousesIn(db: Db, country: Country): Promise<WarehouseRow[]> {
  const w = storeWarehouses;
  return db
    .select(warehouseFields)
    .from(w)
    .where(eq(w.country, country))
    .orderBy(asc(w.region), asc(w.city), asc(w.name));
}

/** A pack of a product priced in the country (packs with no price there are left out). */
export type PricedPackRow = Awaited<ReturnType<typeof pricedPacks>>[number];

export type PackScope = {
  slugs?: string[];
  categoryPrefix?: string;
  sellerKind?: 'house' | 'marketplace';
  brand?: string;
};

/** Every priced pack of the products in scope sold in the country, by product name then pack position. */
export async function pricedPacks(db: Db, country: Country, scope: PackScope) {
  const p = storeProducts;
  const s = storeSellers;
  const v = storeVariants;
  const vp = storeVariantPrices;
  const where: (SQL | undefined)[] = [eq(vp.country, country)];
  if (scope.slugs) where.push(scope.slugs.length ? inArray(p.slug, scope.slugs) : sql`false`);
  if (scope.categoryPrefix)
    where.push(or(eq(p.categoryPath, scope.categoryPrefix), like(p.categoryPath, `${scope.categoryPrefix}/%`)));
  if (scope.sellerKind) where.push(eq(s.kind, scope.sellerKind));
  if (scope.brand) where.push(eq(p.brand, scope.brand));
  return db
    .select({
      productId: p.id,
      slug: p.slug,
      name: p.name,
      brand: p.brand,
      categoryPath: p.categoryPath,
      sellerSlug: s.slug,
      sellerName: s.name,
      variantId: v.publicId,
      label: v.label,
      size: v.size,
      unit: v.unit,
      packCount: v.packCount,
      position: v.position,
      amount: vp.amount,
      currency: vp.currency,
    })
    .from(p)
    .innerJoin(s, eq(s.id, p.sellerId))
    .innerJoin(v, eq(v.productId, p.id))
    .innerJoin(vp, eq(vp.variantId, v.id))
    .where(and(...where))
    .orderBy(asc(p.name), asc(p.id), asc(v.position));
}

/** The house store and its label brand: an aggregate (the most common brand), clearer as SQL. */
type HouseSellerRow = { slug: string; name: string; brand: string | null };

/**
 * The house store and its own label: the brand most of its products carry (it also resells other makers' products,
 * which are not house-brand).
 */
export async function houseSeller(db: Db): Promise<HouseSellerRow | null> {
  const result = await db.execute(sql`
    select s.slug, s.name, (select mode() within group (order by p.brand) from store_products p where p.seller_id = s.id) as brand
    from store_sellers s where s.kind = 'house' order by s.id limit 1`);
  return rowsOf<HouseSellerRow>(result)[0] ?? null;
}

/** Names and tree positions (the store's order) of categories by path. */
export async function categoriesByPath(
  db: Db,
  paths: string[],
): Promise<Map<string, { name: string; position: number }>> {
  if (paths.length === 0) return new Map();
  const c = storeCategories;
  const rows = await db
    .select({ path: c.path, name: c.name, position: c.position })
    .from(c)
    .where(inArray(c.path, paths));
  return new Map(rows.map((r) => [r.path, { name: r.name, position: r.position }]));
}
