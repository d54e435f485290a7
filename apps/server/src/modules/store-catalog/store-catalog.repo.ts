// The store catalogue's queries. Listing and search share one filter builder; paging is by offset (category pages
// carry page numbers, see docs/decisions/020-store-catalogue.md); facets are counted over the page's scope.
// One product's queries are store-product.repo.ts.

import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StoreSort } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  storeCategories,
  type storeIngredients,
  type storePests,
  type storeSellers,
  type storeVariantPrices,
} from '../../db/schema/index.ts';

export type Country = (typeof storeVariantPrices.$inferSelect)['country'];

/** The scope of a listing page: what the page is about (category, program, seller, ingredient, pest, query). */
export type ListingScope = {
  country: Country;
  categoryPath?: string | null;
  dealsOnly?: boolean;
  program?: string | null;
  sellerKind?: 'house' | 'marketplace' | null;
  sellerSlug?: string | null;
  ingredientSlug?: string | null;
  pestSlug?: string | null;
  /** Full-text query (websearch syntax) and/or a trigram match for a misspelling. */
  text?: { q: string; mode: 'text' | 'similar' } | null;
};

/** The visitor's facet choices, narrowing the scope. */
export type ListingFilters = {
  brands?: string[];
  kinds?: string[];
  sellers?: string[];
  ingredients?: string[];
  pests?: string[];
  minPrice?: string;
  maxPrice?: string;
  inStock?: boolean;
};

const TS_CONFIG = sql.raw(`'english'`);

function textMatch(text: NonNullable<ListingScope['text']>): SQL {
  return text.mode === 'text'
    ? sql`p.search_vector @@ websearch_to_tsquery(${TS_CONFIG}, ${text.q})`
    : sql`${text.q} <% p.search_text`;
}

// Listings read the narrow listing rows (store_product_regions, r) of the visitor's country; the wide products
// table (p) is joined only for a text match, through its GIN indexes.

function scopeWhere(scope: ListingScope): SQL[] {
  const where: SQL[] = [];
  if (scope.categoryPath)
    where.push(sql`(r.category_path = ${scope.categoryPath} or r.category_path like ${`${scope.categoryPath}/%`})`);
  if (scope.dealsOnly) where.push(sql`r.is_deal`);
  if (scope.program) where.push(sql`${scope.program} = any(r.programs)`);
  if (scope.sellerKind) where.push(sql`r.seller_id in (select id from store_sellers where kind = ${scope.sellerKind})`);
  if (scope.sellerSlug) where.push(sql`r.seller_id = (select id from store_sellers where slug = ${scope.sellerSlug})`);
  if (scope.ingredientSlug)
    where.push(
      sql`exists (select 1 from store_product_ingredients pi where pi.product_id = r.product_id and pi.ingredient_id = (select id from store_ingredients where slug = ${scope.ingredientSlug}))`,
    );
  if (scope.pestSlug)
    where.push(
      sql`exists (select 1 from store_product_pests pp where pp.product_id = r.product_id and pp.pest_id = (select id from store_pests where slug = ${scope.pestSlug}))`,
    );
  if (scope.text) where.push(textMatch(scope.text));
  return where;
}

const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]`;

function filterWhere(f: ListingFilters): SQL[] {
  const where: SQL[] = [];
  if (f.brands?.length) where.push(sql`r.brand = any(${textArray(f.brands)})`);
  if (f.kinds?.length) where.push(sql`r.kind = any(${textArray(f.kinds)})`);
  if (f.sellers?.length)
    where.push(sql`r.seller_id in (select id from store_sellers where slug = any(${textArray(f.sellers)}))`);
  if (f.ingredients?.length)
    where.push(
      sql`exists (select 1 from store_product_ingredients pi join store_ingredients i on i.id = pi.ingredient_id where pi.product_id = r.product_id and i.slug = any(${textArray(f.ingredients)}))`,
    );
  if (f.pests?.length)
    where.push(
      sql`exists (select 1 from store_product_pests pp join store_pests t on t.id = pp.pest_id where pp.product_id = r.product_id and t.slug = any(${textArray(f.pests)}))`,
    );
  if (f.minPrice) where.push(sql`r.min_price >= ${f.minPrice}::numeric`);
  if (f.maxPrice) where.push(sql`r.min_price <= ${f.maxPrice}::numeric`);
  if (f.inStock) where.push(sql`r.in_stock`);
  return where;
}

function fromScope(scope: ListingScope, filters: ListingFilters | null): SQL {
  const where = [sql`r.country = ${scope.country}`, ...scopeWhere(scope), ...(filters ? filterWhere(filters) : [])];
  const join = scope.text ? sql` join store_products p on p.id = r.product_id` : sql``;
  return sql`from store_product_regions r${join} where ${sql.join(where, sql` and `)}`;
}

function orderBy(sort: StoreSort, scope: ListingScope): SQL {
  switch (sort) {
    case 'price-asc':
      return sql`r.min_price asc, r.product_id asc`;
    case 'price-desc':
      return sql`r.min_price desc, r.product_id asc`;
    case 'name-asc':
      return sql`r.name asc, r.product_id asc`;
    case 'name-desc':
      return sql`r.name desc, r.product_id asc`;
    case 'relevance':
      if (scope.text?.mode === 'text')
        return sql`ts_rank_cd(p.search_vector, websearch_to_tsquery(${TS_CONFIG}, ${scope.text.q})) desc, r.in_stock desc, r.product_id asc`;
      if (scope.text?.mode === 'similar')
        return sql`word_similarity(${scope.text.q}, p.search_text) desc, r.in_stock desc, r.product_id asc`;
      return sql`r.featured desc, r.review_count desc, r.product_id asc`;
    case 'featured':
    default:
      // As store_product_regions_featured_idx orders them, so that the first page is read from it.
      return sql`r.featured desc nulls last, r.in_stock desc nulls last, r.review_count desc nulls last, r.product_id asc`;
  }
}

/** A product card: the product, its seller, its listing figures in the country, its cheapest pack and first image. */
export type CardRow = {
  id: number;
  publicId: string;
  slug: string;
  name: string;
  brand: string;
  kind: string;
  categoryPath: string;
  sellerSlug: string;
  sellerName: string;
  sellerKind: 'house' | 'marketplace';
  restrictedUse: boolean;
  isDeal: boolean;
  rating: string | null;
  reviewCount: number;
  minPrice: string | null;
  currency: string | null;
  listAmount: string | null;
  unitPrice: string | null;
  unit: string | null;
  inStock: boolean;
  variantCount: number;
  imageId: number | null;
  imageWidth: number | null;
  imageHeight: number | null;
  ingredients: string[] | null;
};

/** The card columns for product ids (any order; the caller reorders). */
export async function cardsFor(db: Db, ids: number[], country: Country): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select p.id, p.public_id::text as "publicId", p.slug, p.name, p.brand, p.kind, p.category_path as "categoryPath",
      s.slug as "sellerSlug", s.name as "sellerName", s.kind as "sellerKind",
      p.restricted_use as "restrictedUse", p.is_deal as "isDeal", p.rating::text as rating, p.review_count as "reviewCount",
      r.min_price::text as "minPrice", r.currency, coalesce(r.in_stock, false) as "inStock",
      cheapest.list_amount::text as "listAmount", cheapest.unit_price::text as "unitPrice", cheapest.unit,
      (select count(*)::int from store_variants v where v.product_id = p.id) as "variantCount",
      img.id as "imageId", img.width as "imageWidth", img.height as "imageHeight",
      (select array_agg(i.name order by pi.concentration desc) from store_product_ingredients pi join store_ingredients i on i.id = pi.ingredient_id where pi.product_id = p.id) as ingredients
    from store_products p
    join store_sellers s on s.id = p.seller_id
    left join store_product_regions r on r.product_id = p.id and r.country = ${country}
    left join lateral (
      select vp.list_amount, round(vp.amount / (v.size * v.pack_count), 4) as unit_price, v.unit
      from store_variants v join store_variant_prices vp on vp.variant_id = v.id and vp.country = ${country}
      where v.product_id = p.id order by vp.amount asc, v.position asc limit 1
    ) cheapest on true
    left join lateral (select id, width, height from store_images im where im.product_id = p.id order by position limit 1) img on true
    where p.id = any(${sql`${`{${ids.join(',')}}`}::int[]`})`);
  return rowsOf<CardRow>(result);
}

/** A page of a listing (ids in order, then their cards) and the listing's size (`count`, which the caller may cache). */
export async function listProducts(
  db: Db,
  scope: ListingScope,
  filters: ListingFilters,
  sort: StoreSort,
  page: { offset: number; limit: number },
  count: () => Promise<number> = () => countListing(db, scope, filters),
  /** Where the page's ids may come from instead of the query (a cache of ranked searches); cards are always fresh. */
  ids: (query: () => Promise<{ id: number }[]>) => Promise<{ id: number }[]> = (query) => query(),
): Promise<{ total: number; rows: CardRow[] }> {
  const [hits, total] = await Promise.all([
    ids(() =>
      db
        .execute(
          sql`select r.product_id as id ${fromScope(scope, filters)} order by ${orderBy(sort, scope)} limit ${page.limit} offset ${page.offset}`,
        )
        .then((result) => rowsOf<{ id: number }>(result)),
    ),
    count(),
  ]);
  const cards = await cardsFor(
    db,
    hits.map((h) => h.id),
    scope.country,
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  return { total, rows: hits.map((h) => byId.get(h.id)).filter((c): c is CardRow => Boolean(c)) };
}

/** How many products a listing holds. */
export async function countListing(db: Db, scope: ListingScope, filters: ListingFilters): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${fromScope(scope, filters)}`));
  return row?.n ?? 0;
}

export type FacetRow = { facet: string; value: string; label: string; n: number };

/** Price bands (in the region's currency) of the price facet. */
const PRICE_BANDS: [number, number | null][] = [
  [0, 50],
  [50, 100],
  [100, 250],
  [250, 500],
  [500, 1000],
  [1000, 2500],
  [2500, null],
];

/**
 * Facet counts over the scope (not narrowed by the facet choices, so a chosen value never hides the others).
 * `categoryDepth`: the depth of category path the category facet groups by (children of the listed category).
 */
export async function facetCounts(db: Db, scope: ListingScope, categoryDepth: number): Promise<FacetRow[]> {
  const bands = PRICE_BANDS.map(
    ([min, max]) => sql`(${`${min}-${max ?? ''}`}, ${min}::numeric, ${max === null ? null : String(max)}::numeric)`,
  );
  const result = await db.execute(sql`
    with scope as materialized (select r.product_id as id, r.brand, r.kind, r.seller_id, r.category_path, r.min_price, r.in_stock ${fromScope(scope, null)}),
    bands(value, lo, hi) as (values ${sql.join(bands, sql`, `)})
    select 'brand' as facet, brand as value, brand as label, count(*)::int as n from scope group by brand
    union all
    select 'kind', kind, kind, count(*)::int from scope group by kind
    union all
    select 'seller', s.slug, s.name, count(*)::int from scope join store_sellers s on s.id = scope.seller_id group by s.slug, s.name
    union all
    select 'category', c.path, c.name, count(*)::int from scope
      join store_categories c on c.path = array_to_string((string_to_array(scope.category_path, '/'))[1:${categoryDepth + 1}], '/')
      where cardinality(string_to_array(scope.category_path, '/')) > ${categoryDepth}
      group by c.path, c.name
    union all
    (select 'ingredient', i.slug, i.name, count(*)::int from scope join store_product_ingredients pi on pi.product_id = scope.id
      join store_ingredients i on i.id = pi.ingredient_id group by i.slug, i.name order by count(*) desc, i.name limit 25)
    union all
    (select 'pest', t.slug, t.name, count(*)::int from scope join store_product_pests pp on pp.product_id = scope.id
      join store_pests t on t.id = pp.pest_id group by t.slug, t.name order by count(*) desc, t.name limit 25)
    union all
    select 'price', b.value, b.value, count(scope.id)::int from bands b
      left join scope on scope.min_price >= b.lo and (b.hi is null or scope.min_price < b.hi) group by b.value, b.lo
    union all
    select 'in-stock', 'true', 'true', count(*)::int from scope where scope.in_stock`);
  return rowsOf<FacetRow>(result);
}

/** How many products on sale each top-level category holds in the country (the deals' about page). */
export async function dealCountsByTopCategory(db: Db, country: Country): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select split_part(r.category_path, '/', 1) as top, count(*)::int as n from store_product_regions r
    where r.country = ${country} and r.is_deal group by 1`);
  return new Map(rowsOf<{ top: string; n: number }>(result).map((r) => [r.top, r.n]));
}

/** The catalogue word nearest to a misspelt query (ingredients, pests, brands, categories). */
export async function nearestTerm(db: Db, q: string): Promise<string | null> {
  const result = await db.execute(sql`
    select term from (
      select name as term from store_ingredients union select name from store_pests
      union select name from store_categories union select distinct brand from store_product_regions
    ) t where similarity(lower(term), lower(${q})) > 0.3 or word_similarity(lower(${q}), lower(term)) > 0.6
    order by greatest(similarity(lower(term), lower(${q})), word_similarity(lower(${q}), lower(term))) desc limit 1`);
  return rowsOf<{ term: string }>(result)[0]?.term ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Reference data

export type CategoryRow = Pick<
  typeof storeCategories.$inferSelect,
  'id' | 'path' | 'slug' | 'parentId' | 'depth' | 'name' | 'description' | 'productCategory' | 'featured'
> & { productCount: number };

/** Every category with how many products are sold below it in the country. */
export async function categoriesWithCounts(db: Db, country: Country): Promise<CategoryRow[]> {
  // One pass over the products (counts per leaf path), then each category sums the leaves below it.
  const result = await db.execute(sql`
    with leaves as materialized (
      select r.category_path, count(*) as n from store_product_regions r where r.country = ${country} group by r.category_path
    )
    select c.id, c.path, c.slug, c.parent_id as "parentId", c.depth, c.name, c.description, c.product_category as "productCategory", c.featured,
      coalesce((select sum(l.n) from leaves l where l.category_path = c.path or l.category_path like c.path || '/%'), 0)::int as "productCount"
    from store_categories c order by c.position`);
  return rowsOf<CategoryRow>(result);
}

export async function categoryByPath(
  db: Db,
  path: string,
): Promise<Pick<
  typeof storeCategories.$inferSelect,
  'path' | 'name' | 'slug' | 'description' | 'productCategory'
> | null> {
  const c = storeCategories;
  const [row] = await db
    .select({
      path: c.path,
      name: c.name,
      slug: c.slug,
      description: c.description,
      productCategory: c.productCategory,
    })
    .from(c)
    .where(eq(c.path, path));
  return row ?? null;
}

export async function categoryNames(db: Db, paths: string[]): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  const rows = await db
    .select({ path: storeCategories.path, name: storeCategories.name })
    .from(storeCategories)
    .where(inArray(storeCategories.path, paths));
  return new Map(rows.map((r) => [r.path, r.name]));
}

export type SellerRow = Pick<
  typeof storeSellers.$inferSelect,
  'slug' | 'name' | 'kind' | 'description' | 'location' | 'rating'
> & { productCount: number };

export async function sellersWithCounts(db: Db, country: Country): Promise<SellerRow[]> {
  const result = await db.execute(sql`
    select s.slug, s.name, s.kind, s.description, s.location, s.rating::text as rating,
      (select count(*)::int from store_product_regions r where r.country = ${country} and r.seller_id = s.id) as "productCount"
    from store_sellers s order by s.kind = 'house' desc, s.name`);
  return rowsOf<SellerRow>(result);
}

export type IngredientRow = Pick<
  typeof storeIngredients.$inferSelect,
  'slug' | 'name' | 'ingredientType' | 'modeOfAction' | 'description'
> & { productCount: number };

export async function ingredientsWithCounts(db: Db, country: Country, slug?: string): Promise<IngredientRow[]> {
  const result = await db.execute(sql`
    select i.slug, i.name, i.ingredient_type as "ingredientType", i.mode_of_action as "modeOfAction", i.description,
      (select count(*)::int from store_product_ingredients pi join store_product_regions r on r.product_id = pi.product_id and r.country = ${country}
        where pi.ingredient_id = i.id) as "productCount"
    from store_ingredients i ${slug ? sql`where i.slug = ${slug}` : sql``} order by i.name`);
  return rowsOf<IngredientRow>(result);
}

export type PestRow = Pick<
  typeof storePests.$inferSelect,
  'slug' | 'name' | 'pestType' | 'scientificName' | 'description'
> & { productCount: number };

export async function pestsWithCounts(db: Db, country: Country, slug?: string): Promise<PestRow[]> {
  const result = await db.execute(sql`
    select t.slug, t.name, t.pest_type as "pestType", t.scientific_name as "scientificName", t.description,
      (select count(*)::int from store_product_pests pp join store_product_regions r on r.product_id = pp.product_id and r.country = ${country}
        where pp.pest_id = t.id) as "productCount"
    from store_pests t ${slug ? sql`where t.slug = ${slug}` : sql``} order by t.pest_type, t.name`);
  return rowsOf<PestRow>(result);
}

// ---------------------------------------------------------------------------------------------------
// Writers' upkeep: the per-region listing figures and the search documents

/**
 * Recomputes store_product_regions (per country: lowest price, in stock, and the product's listing columns) from the
 * products, the variant prices and the stock.
 */
export async function refreshProductRegions(db: Db, productIds?: number[]): Promise<void> {
  const ids = productIds ? sql`${`{${productIds.join(',')}}`}::int[]` : null;
  if (ids) await db.execute(sql`delete from store_product_regions where product_id = any(${ids})`);
  else await db.execute(sql`delete from store_product_regions`);
  await db.execute(sql`
    insert into store_product_regions (product_id, country, currency, min_price, in_stock, category_path, name, brand, kind,
      seller_id, featured, is_deal, review_count, programs)
    select x.product_id, x.country, x.currency, x.min_price, x.in_stock, p.category_path, p.name, p.brand, p.kind,
      p.seller_id, p.featured, p.is_deal, p.review_count, p.programs
    from (
      select v.product_id, vp.country, min(vp.currency) as currency, min(vp.amount) as min_price,
        coalesce(bool_or(exists (select 1 from store_stock st join store_warehouses w on w.id = st.warehouse_id
          where st.variant_id = v.id and w.country = vp.country and st.quantity > 0)), false) as in_stock
      from store_variants v join store_variant_prices vp on vp.variant_id = v.id
      ${ids ? sql`where v.product_id = any(${ids})` : sql``}
      group by v.product_id, vp.country
    ) x join store_products p on p.id = x.product_id`);
}

/**
 * Recomputes the products' search documents: the weighted tsvector (name A; brand, manufacturer and active
 * ingredients B; category and pests C; description D) and the trigram text (name, brand, ingredients).
 */
export async function refreshSearchDocuments(db: Db): Promise<void> {
  await db.execute(sql`
    update store_products p set
      search_text = lower(p.name || ' ' || p.brand || ' ' || coalesce(x.ingredients, '')),
      search_vector =
        setweight(to_tsvector(${TS_CONFIG}, p.name), 'A') ||
        setweight(to_tsvector(${TS_CONFIG}, p.brand || ' ' || p.manufacturer || ' ' || coalesce(x.ingredients, '')), 'B') ||
        setweight(to_tsvector(${TS_CONFIG}, coalesce(x.category, '') || ' ' || coalesce(x.pests, '')), 'C') ||
        setweight(to_tsvector(${TS_CONFIG}, p.description), 'D')
    from (
      select p2.id,
        (select string_agg(i.name, ' ') from store_product_ingredients pi join store_ingredients i on i.id = pi.ingredient_id where pi.product_id = p2.id) as ingredients,
        (select string_agg(t.name, ' ') from store_product_pests pp join store_pests t on t.id = pp.pest_id where pp.product_id = p2.id) as pests,
        (select string_agg(c.name, ' ') from store_categories c where p2.category_path = c.path or p2.category_path like c.path || '/%') as category
      from store_products p2
    ) x
    where x.id = p.id`);
}

/** The country of the user's current enterprise, else of their first one, else the user's own ('' when none). */
export async function visitorCountry(db: Db, userId: string, currentEnterpriseId: number | null): Promise<string> {
  const result = await db.execute(sql`
    select coalesce(
      (select e.country_code from enterprises e join enterprise_users eu on eu.enterprise_id = e.id
        where eu.user_id = ${userId}::uuid and e.country_code <> ''
        order by (e.id = ${currentEnterpriseId ?? -1}) desc, e.id limit 1),
      (select country_code from users where id = ${userId}::uuid), '') as country`);
  return rowsOf<{ country: string }>(result)[0]?.country ?? '';
}
