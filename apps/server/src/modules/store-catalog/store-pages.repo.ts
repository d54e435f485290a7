// Queries of the store's information pages: warehouses (pickup locations) of a country, and catalogue products
// with every pack and its price in the country (feed products, acre-plan products, the house seller's products).
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';

type Country = 'USA' | 'CAN' | 'AUS';

export type WarehouseRow = {
  code: string;
  name: string;
  country: string;
  region: string;
  city: string;
  address_line_1: string;
  postal_code: string;
};

export async function warehousesIn(db: Db, country: Country): Promise<WarehouseRow[]> {
  const result = await db.execute(sql`
    select code, name, country, region, city, address_line_1, postal_code
    from store_warehouses where country = ${country} order by region, city, name`);
  return rowsOf<WarehouseRow>(result);
}

/** A pack of a product priced in the country (packs with no price there are left out). */
export type PricedPackRow = {
  product_id: number;
  slug: string;
  name: string;
  brand: string;
  category_path: string;
  seller_slug: string;
  seller_name: string;
  variant_id: string;
  label: string;
  size: string;
  unit: string;
  pack_count: number;
  position: number;
  amount: string;
  currency: string;
};

const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]`;

export type PackScope = {
  slugs?: string[];
  categoryPrefix?: string;
  sellerKind?: 'house' | 'marketplace';
  brand?: string;
};

/** Every priced pack of the products in scope sold in the country, by product name then pack position. */
export async function pricedPacks(db: Db, country: Country, scope: PackScope): Promise<PricedPackRow[]> {
  const where: SQL[] = [sql`vp.country = ${country}`];
  if (scope.slugs) where.push(sql`p.slug = any(${textArray(scope.slugs)})`);
  if (scope.categoryPrefix)
    where.push(sql`(p.category_path = ${scope.categoryPrefix} or p.category_path like ${`${scope.categoryPrefix}/%`})`);
  if (scope.sellerKind) where.push(sql`s.kind = ${scope.sellerKind}`);
  if (scope.brand) where.push(sql`p.brand = ${scope.brand}`);
  const result = await db.execute(sql`
    select p.id as product_id, p.slug, p.name, p.brand, p.category_path, s.slug as seller_slug, s.name as seller_name,
      v.public_id::text as variant_id, v.label, v.size::text as size, v.unit, v.pack_count, v.position,
      vp.amount::text as amount, vp.currency
    from store_products p
      join store_sellers s on s.id = p.seller_id
      join store_variants v on v.product_id = p.id
      join store_variant_prices vp on vp.variant_id = v.id
    where ${sql.join(where, sql` and `)}
    order by p.name, p.id, v.position`);
  return rowsOf<PricedPackRow>(result);
}

/**
 * The house store and its own label: the brand most of its products carry (it also resells other makers' products,
 * which are not house-brand).
 */
export async function houseSeller(db: Db): Promise<{ slug: string; name: string; brand: string | null } | null> {
  const result = await db.execute(sql`
    select s.slug, s.name, (select mode() within group (order by p.brand) from store_products p where p.seller_id = s.id) as brand
    from store_sellers s where s.kind = 'house' order by s.id limit 1`);
  return rowsOf<{ slug: string; name: string; brand: string | null }>(result)[0] ?? null;
}

/** Names and tree positions (the store's order) of categories by path. */
export async function categoriesByPath(
  db: Db,
  paths: string[],
): Promise<Map<string, { name: string; position: number }>> {
  if (paths.length === 0) return new Map();
  const result = await db.execute(
    sql`select path, name, position from store_categories where path = any(${textArray(paths)})`,
  );
  return new Map(
    rowsOf<{ path: string; name: string; position: number }>(result).map((r) => [
      r.path,
      { name: r.name, position: r.position },
    ]),
  );
}
