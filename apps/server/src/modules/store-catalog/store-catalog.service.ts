// The store catalogue's rules: the visitor's region and its flags (platform.md 9.1–9.2), listings with facets and
// page numbers, typo-tolerant search, and the pages built on them (home, categories, all products, search, programs). A product page, its documents and
// images are store-product.service.ts; browsing by active ingredient, pest or marketplace seller store-browse.service.ts.

import {
  STORE_AREAS,
  STORE_DEFAULT_PAGE_SIZE,
  STORE_MAX_OFFSET,
  canonicalCategorySlug,
  isStoreAreaOn,
  isVirtualCategory,
  resolveStoreRegion,
  subcategoryPathFromUrl,
  VIRTUAL_CATEGORY_TEXT,
  type CurrencyCode,
  type StoreArea,
  type StoreCategory,
  type StoreFacets,
  type StoreHome,
  type StoreListing,
  type StoreListingQuery,
  type StoreProductCard,
  type StoreRegionInfo,
  type StoreRegionResponse,
  type StoreSearchSuggestions,
  type StoreSort,
  type VirtualCategorySlug,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './store-catalog.repo.ts';
import { catalogAggregates } from './catalog-cache.ts';
import * as searchTerms from './store-search.service.ts';

export const STORE_API_PREFIX = '/api/store';

export type Region = StoreRegionInfo;

export function regionResponse(region: Region): StoreRegionResponse {
  return { ...region, areas: STORE_AREAS.filter((area) => isStoreAreaOn(region.region, area)) };
}

export function regionOf(input: { locale?: string | null; enterpriseCountry?: string | null }): Region {
  return resolveStoreRegion(input);
}

/** A signed-in visitor's region when the URL names none: their farm business's country, else their own. */
export async function regionOfUser(db: Db, userId: string, currentEnterpriseId: number | null): Promise<Region> {
  return regionOf({ enterpriseCountry: await repo.visitorCountry(db, userId, currentEnterpriseId) });
}

/** A store area off in the visitor's region is not there: 404, as for a page that does not exist. */
export function requireArea(region: Region, ...areas: StoreArea[]): void {
  for (const area of areas) {
    if (!isStoreAreaOn(region.region, area)) {
      throw new AppError('not_found', 'This part of the store is not available in your region.', {
        area,
        region: region.region,
      });
    }
  }
}

export const countryOf = (region: Region) => region.country;

/** Every category with its product count in the region (cached a minute: it changes with the catalogue only). */
function categoryCounts(db: Db, region: Region): Promise<repo.CategoryRow[]> {
  return catalogAggregates(db).get(`categories:${region.country}`, () => repo.categoriesWithCounts(db, region.country));
}

export function imageUrl(id: number): string {
  return `${STORE_API_PREFIX}/images/${id}`;
}

export function documentUrl(slug: string, type: string): string {
  return `${STORE_API_PREFIX}/products/${encodeURIComponent(slug)}/documents/${type}/file`;
}

export function toCard(row: repo.CardRow): StoreProductCard {
  return {
    id: row.publicId,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    kind: row.kind,
    categoryPath: row.categoryPath,
    seller: { slug: row.sellerSlug, name: row.sellerName, kind: row.sellerKind },
    restrictedUse: row.restrictedUse,
    isDeal: row.isDeal,
    rating: row.rating,
    reviewCount: row.reviewCount,
    price:
      row.minPrice !== null && row.currency
        ? { amount: row.minPrice, currency: row.currency as CurrencyCode, listAmount: row.listAmount }
        : null,
    unitPrice: row.unitPrice !== null && row.unit ? { amount: row.unitPrice, unit: row.unit } : null,
    inStock: row.inStock,
    variantCount: row.variantCount,
    image:
      row.imageId !== null
        ? { url: imageUrl(row.imageId), width: row.imageWidth ?? 600, height: row.imageHeight ?? 600, alt: row.name }
        : null,
    ingredients: (row.ingredients ?? []).slice(0, 3),
  };
}

function toFacets(rows: repo.FacetRow[], selected: repo.ListingFilters): StoreFacets {
  const pick = (facet: string) =>
    rows.filter((r) => r.facet === facet && r.n > 0).map((r) => ({ value: r.value, label: r.label, count: r.n }));
  const bySize = <T extends { count: number; label: string }>(list: T[]) =>
    list.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  // A chosen value stays listed even where the scope has none of it (e.g. after a search changed).
  const keep = (list: { value: string; label: string; count: number }[], chosen: string[] | undefined) => {
    for (const value of chosen ?? [])
      if (!list.some((v) => v.value === value)) list.push({ value, label: value, count: 0 });
    return list;
  };
  return {
    categories: pick('category'),
    kinds: keep(bySize(pick('kind')), selected.kinds),
    brands: keep(bySize(pick('brand')), selected.brands),
    sellers: keep(bySize(pick('seller')), selected.sellers),
    ingredients: keep(pick('ingredient'), selected.ingredients),
    pests: keep(pick('pest'), selected.pests),
    prices: rows
      .filter((r) => r.facet === 'price')
      .map((r) => {
        const [min = '0', max = ''] = r.value.split('-');
        return { value: r.value, label: r.value, count: r.n, min, max: max === '' ? null : max };
      })
      .sort((a, b) => Number(a.min) - Number(b.min))
      .filter((r) => r.count > 0),
    inStock: rows.find((r) => r.facet === 'in-stock')?.n ?? 0,
  };
}

function filtersOf(q: StoreListingQuery): repo.ListingFilters {
  return {
    ...(q.brand ? { brands: q.brand } : {}),
    ...(q.kind ? { kinds: q.kind } : {}),
    ...(q.seller ? { sellers: q.seller } : {}),
    ...(q.ingredient ? { ingredients: q.ingredient } : {}),
    ...(q.pest ? { pests: q.pest } : {}),
    ...(q.minPrice ? { minPrice: q.minPrice } : {}),
    ...(q.maxPrice ? { maxPrice: q.maxPrice } : {}),
    ...(q.inStock ? { inStock: true } : {}),
  };
}

function paging(q: StoreListingQuery): { page: number; pageSize: number; offset: number } {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? STORE_DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  if (offset + pageSize > STORE_MAX_OFFSET) {
    throw new AppError(
      'invalid_request',
      `Pages go up to ${Math.floor(STORE_MAX_OFFSET / pageSize)} at ${pageSize} per page; narrow the list with a filter.`,
    );
  }
  return { page, pageSize, offset };
}

export async function breadcrumbsOf(db: Db, path: string | null): Promise<{ path: string; name: string }[]> {
  if (!path) return [];
  const parts = path.split('/');
  const paths = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  const names = await repo.categoryNames(db, paths);
  return paths.map((p) => ({ path: p, name: names.get(p) ?? p }));
}

async function categoryInfo(db: Db, region: Region, path: string): Promise<StoreCategory | null> {
  const all = await categoryCounts(db, region);
  const cat = all.find((c) => c.path === path);
  if (!cat) return null;
  return {
    path: cat.path,
    slug: cat.slug,
    name: cat.name,
    description: cat.description,
    productCategory: cat.productCategory,
    productCount: cat.productCount,
    // Subcategories with nothing sold in the region are left out (e.g. Canadian co-packs in the US).
    children: all
      .filter((c) => c.parentId === cat.id && c.productCount > 0)
      .map((c) => ({ path: c.path, name: c.name, productCount: c.productCount })),
  };
}

type ListingOptions = {
  category?: StoreCategory | null;
  breadcrumbs?: { path: string; name: string }[];
  defaultSort?: StoreSort;
};

export async function listing(
  db: Db,
  region: Region,
  scope: repo.ListingScope,
  q: StoreListingQuery,
  options: ListingOptions = {},
): Promise<StoreListing> {
  const { page, pageSize, offset } = paging(q);
  const sort = q.sort ?? options.defaultSort ?? 'featured';
  const filters = filtersOf(q);
  const depth = scope.categoryPath ? scope.categoryPath.split('/').length : 0;
  const [{ total, rows }, facetRows] = await Promise.all([
    repo.listProducts(
      db,
      scope,
      filters,
      sort,
      { offset, limit: pageSize },
      () =>
        catalogAggregates(db).get(`count:${JSON.stringify(scope)}:${JSON.stringify(filters)}`, () =>
          repo.countListing(db, scope, filters),
        ),
      // A text search ranks every match: its pages' ids are kept a minute (the cards, prices and stock stay live).
      scope.text
        ? (query) => catalogAggregates(db).get(`ids:${JSON.stringify([scope, filters, sort, offset, pageSize])}`, query)
        : undefined,
    ),
    catalogAggregates(db).get(`facets:${JSON.stringify(scope)}:${depth}`, () => repo.facetCounts(db, scope, depth)),
  ]);
  return {
    region: regionResponse(region),
    category: options.category ?? null,
    breadcrumbs: options.breadcrumbs ?? [],
    products: rows.map(toCard),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    sort,
    facets: toFacets(facetRows, filters),
  };
}

/** A search's narrowing category: the tree path or its URL form with dots. */
function searchCategory(value: string | undefined): string | null {
  if (!value) return null;
  const [top, ...rest] = value.replaceAll('.', '/').split('/');
  const slug = canonicalCategorySlug(top ?? '');
  if (!slug) throw new AppError('invalid_request', `Unknown category '${value.slice(0, 60)}'.`);
  if (rest.length === 0) return slug;
  const sub = subcategoryPathFromUrl(rest.join('.'));
  if (!sub) throw new AppError('invalid_request', `Unknown category '${value.slice(0, 60)}'.`);
  return `${slug}/${sub}`;
}

// ---------------------------------------------------------------------------------------------------
// Pages

export async function storeHome(db: Db, region: Region): Promise<StoreHome> {
  requireArea(region, 'direct');
  const country = countryOf(region);
  const [categories, deals, featured, sellers] = await Promise.all([
    categoryCounts(db, region),
    // The home page shows the first few of each, never their number.
    repo.listProducts(db, { country, dealsOnly: true }, {}, 'featured', { offset: 0, limit: 8 }, async () => 0),
    repo.listProducts(db, { country }, { inStock: true }, 'featured', { offset: 0, limit: 8 }, async () => 0),
    repo.sellersWithCounts(db, country),
  ]);
  const top = categories.filter((c) => c.depth === 0 && c.productCount > 0);
  return {
    region: regionResponse(region),
    categories: top
      .map((c) => ({
        path: c.path,
        slug: c.slug,
        name: c.name,
        description: c.description,
        productCategory: c.productCategory,
        productCount: c.productCount,
        children: categories
          .filter((x) => x.parentId === c.id && x.productCount > 0)
          .map((x) => ({ path: x.path, name: x.name, productCount: x.productCount })),
      }))
      .sort(
        (a, b) =>
          Number(categories.find((c) => c.path === b.path)?.featured) -
          Number(categories.find((c) => c.path === a.path)?.featured),
      ),
    deals: deals.rows.map(toCard),
    featured: featured.rows.map(toCard),
    sellers: sellers
      .filter((s) => s.productCount > 0)
      .map((s) => ({ slug: s.slug, name: s.name, kind: s.kind, productCount: s.productCount })),
  };
}

/** The tree path of a route's category and subcategory (URL form); 404 when it is no store category. */
async function resolveCategoryPath(
  db: Db,
  category: string,
  subcategory: string | undefined,
): Promise<{ slug: string; path: string | null }> {
  const slug = canonicalCategorySlug(category);
  if (!slug) throw new AppError('not_found', 'There is no such category.');
  if (isVirtualCategory(slug)) {
    if (subcategory) throw new AppError('not_found', 'There is no such category.');
    return { slug, path: null };
  }
  let path: string = slug;
  if (subcategory) {
    const sub = subcategoryPathFromUrl(subcategory);
    if (!sub)
      throw new AppError(
        'invalid_request',
        'The subcategory is not valid: use letters, digits and dashes, dots between levels.',
      );
    path = `${slug}/${sub}`;
  }
  if (!(await repo.categoryByPath(db, path))) throw new AppError('not_found', 'There is no such category.');
  return { slug, path };
}

export async function categoryListing(
  db: Db,
  region: Region,
  category: string,
  subcategory: string | undefined,
  q: StoreListingQuery,
): Promise<StoreListing> {
  requireArea(region, 'direct');
  const { slug, path } = await resolveCategoryPath(db, category, subcategory);
  if (path === null) {
    requireArea(region, 'deals');
    // The deals of one department when the about page's department card asked for them (?category=seed).
    return listing(
      db,
      region,
      { country: countryOf(region), dealsOnly: true, categoryPath: searchCategory(q.category) },
      q,
    );
  }
  const [info, breadcrumbs] = await Promise.all([categoryInfo(db, region, path), breadcrumbsOf(db, path)]);
  void slug;
  return listing(db, region, { country: countryOf(region), categoryPath: path }, q, { category: info, breadcrumbs });
}

/**
 * The about page of a virtual category (deals, cyber): the products on sale, and as its subcategories the store's
 * departments that have some on sale, each with how many.
 */
async function virtualCategoryAbout(db: Db, region: Region, slug: VirtualCategorySlug): Promise<StoreListing> {
  requireArea(region, 'deals');
  const [all, deals] = await Promise.all([
    categoryCounts(db, region),
    catalogAggregates(db).get(`deal-counts:${region.country}`, () => repo.dealCountsByTopCategory(db, region.country)),
  ]);
  const children = all
    .filter((c) => c.parentId === null && (deals.get(c.path) ?? 0) > 0)
    .map((c) => ({ path: c.path, name: c.name, productCount: deals.get(c.path) ?? 0 }));
  const info: StoreCategory = {
    path: slug,
    slug,
    ...VIRTUAL_CATEGORY_TEXT[slug],
    productCategory: slug,
    productCount: children.reduce((sum, c) => sum + c.productCount, 0),
    children,
  };
  return listing(db, region, { country: countryOf(region), dealsOnly: true }, { pageSize: 24 }, { category: info });
}

export async function categoryAbout(db: Db, region: Region, category: string): Promise<StoreListing> {
  requireArea(region, 'direct');
  const { slug, path } = await resolveCategoryPath(db, category, undefined);
  if (path === null) return virtualCategoryAbout(db, region, slug as VirtualCategorySlug);
  const [info, breadcrumbs] = await Promise.all([categoryInfo(db, region, path), breadcrumbsOf(db, path)]);
  return listing(
    db,
    region,
    { country: countryOf(region), categoryPath: path },
    { pageSize: 24 },
    { category: info, breadcrumbs },
  );
}

export async function allProducts(db: Db, region: Region, q: StoreListingQuery): Promise<StoreListing> {
  requireArea(region, 'direct');
  const category = searchCategory(q.category);
  return listing(db, region, { country: countryOf(region), categoryPath: category }, q, {
    breadcrumbs: await breadcrumbsOf(db, category),
  });
}

/**
 * Search: the synonym list first (a trade name or a known misspelling reads as its catalogue term: 'roundup' →
 * glyphosate), then full-text (weighted words, English stems: 'atrazin' finds 'atrazine'); when the words match
 * nothing, the nearest catalogue word for each unknown word ('atrazien' → atrazine), then close spellings by
 * trigram similarity ('glyphosat' finds 'glyphosate'), with the nearest catalogue word as a suggestion.
 */
export async function search(db: Db, region: Region, q: StoreListingQuery): Promise<StoreListing> {
  requireArea(region, 'direct', 'search');
  const typed = (q.q ?? '').trim();
  const synonym = await searchTerms.withSynonyms(db, typed);
  const text = synonym.replaced.length > 0 ? synonym.query : typed;
  const category = searchCategory(q.category);
  const base = { country: countryOf(region), categoryPath: category };
  const breadcrumbs = await breadcrumbsOf(db, category);
  const byWords = (query: string) =>
    listing(db, region, { ...base, text: { q: query, mode: 'text' } }, q, { defaultSort: 'relevance', breadcrumbs });
  const exact = await byWords(text);
  if (exact.total > 0)
    return synonym.replaced.length > 0
      ? { ...exact, matchedBy: 'synonym', suggestion: synonym.replaced.map((r) => r.term).join(' ') }
      : { ...exact, matchedBy: 'text', suggestion: null };
  const corrected = await searchTerms.withTypoCorrection(db, text);
  if (corrected.replaced.length > 0) {
    const near = await byWords(corrected.query);
    if (near.total > 0)
      return { ...near, matchedBy: 'similar', suggestion: await searchTerms.catalogueSpelling(db, corrected.query) };
  }
  const similar = await listing(db, region, { ...base, text: { q: text.toLowerCase(), mode: 'similar' } }, q, {
    defaultSort: 'relevance',
    breadcrumbs,
  });
  const suggestion = await catalogAggregates(db).get(`near:${text.toLowerCase()}`, () => repo.nearestTerm(db, text));
  return {
    ...similar,
    matchedBy: similar.total > 0 ? 'similar' : 'none',
    suggestion: suggestion && suggestion.toLowerCase() !== text.toLowerCase() ? suggestion : null,
  };
}

/** The suggestions while the user types in the store's search box. */
export function searchSuggestions(db: Db, region: Region, q: string): Promise<StoreSearchSuggestions> {
  requireArea(region, 'direct', 'search');
  return searchTerms.suggest(db, countryOf(region), q);
}

export async function programListing(
  db: Db,
  region: Region,
  program: StoreArea & string,
  q: StoreListingQuery,
): Promise<StoreListing> {
  requireArea(region, 'direct', program);
  return listing(db, region, { country: countryOf(region), program }, q);
}
