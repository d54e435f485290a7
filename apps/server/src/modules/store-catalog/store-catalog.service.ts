// The store catalogue's rules: the visitor's region and its flags (platform.md 9.1–9.2), listings with facets and
// page numbers, typo-tolerant search, products with regional prices and stock, documents as PDFs.

import {
  STORE_AREAS,
  STORE_DEFAULT_PAGE_SIZE,
  STORE_MAX_OFFSET,
  canonicalCategorySlug,
  isStoreAreaOn,
  isVirtualCategory,
  resolveStoreRegion,
  subcategoryPathFromUrl,
  unitPriceOf,
  type CurrencyCode,
  type ProductDocumentType,
  type StockStatus,
  type StoreArea,
  type StoreCategory,
  type StoreFacets,
  type StoreHome,
  type StoreListing,
  type StoreListingQuery,
  type StoreProductCard,
  type StoreProductDetail,
  type StoreRegionInfo,
  type StoreRegionResponse,
  type StoreSort,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './store-catalog.repo.ts';
import { productDocumentPdf } from './product-pdf.ts';
import { catalogAggregates } from './catalog-cache.ts';

export const STORE_API_PREFIX = '/api/store';
const LOW_STOCK_BELOW = 10;

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

const countryOf = (region: Region) => region.country;

/** Every category with its product count in the region (cached a minute: it changes with the catalogue only). */
function categoryCounts(db: Db, region: Region): Promise<repo.CategoryRow[]> {
  return catalogAggregates(db).get(`categories:${region.country}`, () => repo.categoriesWithCounts(db, region.country));
}

function imageUrl(id: number): string {
  return `${STORE_API_PREFIX}/images/${id}`;
}

export function documentUrl(slug: string, type: string): string {
  return `${STORE_API_PREFIX}/products/${encodeURIComponent(slug)}/documents/${type}/file`;
}

function toCard(row: repo.CardRow): StoreProductCard {
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

async function breadcrumbsOf(db: Db, path: string | null): Promise<{ path: string; name: string }[]> {
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

async function listing(
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
    return listing(db, region, { country: countryOf(region), dealsOnly: true }, q);
  }
  const [info, breadcrumbs] = await Promise.all([categoryInfo(db, region, path), breadcrumbsOf(db, path)]);
  void slug;
  return listing(db, region, { country: countryOf(region), categoryPath: path }, q, { category: info, breadcrumbs });
}

export async function categoryAbout(db: Db, region: Region, category: string): Promise<StoreListing> {
  requireArea(region, 'direct');
  const { path } = await resolveCategoryPath(db, category, undefined);
  if (path === null) throw new AppError('not_found', 'There is no such category.');
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
 * Search: full-text first (weighted words, English stems: 'atrazin' finds 'atrazine'); when the words match
 * nothing, close spellings by trigram similarity ('glyphosat' finds 'glyphosate'), with the nearest catalogue
 * word as a suggestion.
 */
export async function search(db: Db, region: Region, q: StoreListingQuery): Promise<StoreListing> {
  requireArea(region, 'direct', 'search');
  const text = (q.q ?? '').trim();
  const category = searchCategory(q.category);
  const base = { country: countryOf(region), categoryPath: category };
  const breadcrumbs = await breadcrumbsOf(db, category);
  const exact = await listing(db, region, { ...base, text: { q: text, mode: 'text' } }, q, {
    defaultSort: 'relevance',
    breadcrumbs,
  });
  if (exact.total > 0) return { ...exact, matchedBy: 'text', suggestion: null };
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

export async function programListing(
  db: Db,
  region: Region,
  program: StoreArea & string,
  q: StoreListingQuery,
): Promise<StoreListing> {
  requireArea(region, 'direct', program);
  return listing(db, region, { country: countryOf(region), program }, q);
}

function stockStatus(quantity: number): StockStatus {
  if (quantity <= 0) return 'out_of_stock';
  return quantity < LOW_STOCK_BELOW ? 'low_stock' : 'in_stock';
}

export async function productPage(
  db: Db,
  region: Region,
  by: { slug: string } | { publicId: string },
): Promise<StoreProductDetail> {
  requireArea(region, 'slug' in by ? 'direct' : 'marketplace');
  const id = await repo.productIdBy(db, by);
  if (id === null) throw new AppError('not_found', 'This product does not exist.');
  const detail = await repo.productDetail(db, id, countryOf(region));
  if (!detail) throw new AppError('not_found', 'This product does not exist.');
  const card = toCard(detail.card);
  const breadcrumbs = await breadcrumbsOf(db, card.categoryPath);
  const variants = detail.variants.map((v) => {
    const warehouses = detail.stock
      .filter((s) => s.variantId === v.id)
      .map((s) => ({ code: s.code, name: s.name, city: s.city, region: s.region, quantity: s.quantity }));
    const quantity = warehouses.reduce((sum, w) => sum + w.quantity, 0);
    return {
      id: v.publicId,
      sku: v.sku,
      label: v.label,
      size: v.size,
      unit: v.unit,
      packCount: v.packCount,
      price:
        v.amount !== null && v.currency
          ? { amount: v.amount, currency: v.currency as CurrencyCode, listAmount: v.listAmount }
          : null,
      unitPrice: v.amount !== null ? unitPriceOf(v.amount, v.size, v.packCount) : null,
      stockStatus: stockStatus(quantity),
      quantityAvailable: quantity,
      warehouses,
    };
  });
  return {
    ...card,
    description: detail.extra.description,
    manufacturer: detail.extra.manufacturer,
    programs: detail.extra.programs as StoreProductDetail['programs'],
    breadcrumbs,
    seller: {
      ...card.seller,
      description: detail.extra.sellerDescription,
      location: detail.extra.sellerLocation,
      rating: detail.extra.sellerRating,
    },
    variants,
    activeIngredients: detail.ingredients.map((i) => ({
      slug: i.slug,
      name: i.name,
      concentration: i.concentration,
      unit: i.unit,
      modeOfAction: i.modeOfAction,
    })),
    pests: detail.pests.map((p) => ({ slug: p.slug, name: p.name, pestType: p.pestType })),
    documents: detail.documents.map((d) => ({
      type: d.docType as ProductDocumentType,
      title: d.title,
      revisedOn: d.revisedOn,
      url: documentUrl(card.slug, d.docType),
    })),
    images: detail.images.map((im) => ({ url: imageUrl(im.id), width: im.width, height: im.height, alt: im.alt })),
    availableInRegion: card.price !== null,
    region: regionResponse(region),
  };
}

/** A product document: its data and its PDF (made on first request, then kept). */
export async function productDocument(
  db: Db,
  slug: string,
  docType: ProductDocumentType,
): Promise<{ row: repo.DocumentRow; pdf: Buffer }> {
  const row = await repo.documentFor(db, slug, docType);
  if (!row) throw new AppError('not_found', 'This product has no such document.');
  if (row.content) return { row, pdf: Buffer.from(row.content) };
  const context = await repo.documentContext(db, row.productId);
  const bytes = await productDocumentPdf({
    docType,
    title: row.title,
    revisedOn: row.revisedOn,
    product: {
      name: row.productName,
      brand: row.brand,
      manufacturer: row.manufacturer,
      kind: row.kind,
      restrictedUse: row.restrictedUse,
      description: row.description,
    },
    ingredients: context.ingredients.map((i) => ({
      name: i.name,
      concentration: i.concentration,
      unit: i.unit,
      modeOfAction: i.modeOfAction,
      ingredientType: i.ingredientType,
    })),
    pests: context.pests.map((p) => ({ name: p.name, pestType: p.pestType })),
  });
  const pdf = Buffer.from(bytes);
  await repo.storeDocumentContent(db, row.id, pdf);
  return { row, pdf };
}

export async function ingredientList(db: Db, region: Region) {
  requireArea(region, 'ingredients');
  const rows = await repo.ingredientsWithCounts(db, countryOf(region));
  return { region: regionResponse(region), ingredients: rows.map(ingredientOut) };
}

function ingredientOut(r: repo.IngredientRow) {
  return {
    slug: r.slug,
    name: r.name,
    ingredientType: r.ingredientType,
    modeOfAction: r.modeOfAction,
    description: r.description,
    productCount: r.productCount,
  };
}

export async function ingredientPage(db: Db, region: Region, slug: string, q: StoreListingQuery) {
  requireArea(region, 'ingredients');
  const [row] = await repo.ingredientsWithCounts(db, countryOf(region), slug);
  if (!row) throw new AppError('not_found', 'There is no such active ingredient.');
  return {
    ingredient: ingredientOut(row),
    listing: await listing(db, region, { country: countryOf(region), ingredientSlug: slug }, q),
  };
}

function pestOut(r: repo.PestRow) {
  return {
    slug: r.slug,
    name: r.name,
    pestType: r.pestType,
    scientificName: r.scientificName,
    description: r.description,
    productCount: r.productCount,
  };
}

export async function pestList(db: Db, region: Region) {
  requireArea(region, 'pests');
  const rows = await repo.pestsWithCounts(db, countryOf(region));
  return { region: regionResponse(region), pests: rows.map(pestOut) };
}

export async function pestPage(db: Db, region: Region, slug: string, q: StoreListingQuery) {
  requireArea(region, 'pests');
  const [row] = await repo.pestsWithCounts(db, countryOf(region), slug);
  if (!row) throw new AppError('not_found', 'There is no such pest.');
  return { pest: pestOut(row), listing: await listing(db, region, { country: countryOf(region), pestSlug: slug }, q) };
}

/** /direct/marketplace/:section?: the marketplace sellers and their products; a section naming a seller lists theirs. */
export async function marketplace(db: Db, region: Region, section: string | undefined, q: StoreListingQuery) {
  requireArea(region, 'marketplace');
  const sellers = (await repo.sellersWithCounts(db, countryOf(region))).filter((s) => s.kind === 'marketplace');
  const out = sellers.map((s) => ({
    slug: s.slug,
    name: s.name,
    kind: s.kind,
    description: s.description,
    location: s.location,
    rating: s.rating,
    productCount: s.productCount,
  }));
  const seller = section ? (out.find((s) => s.slug === section) ?? null) : null;
  if (section && !seller) throw new AppError('not_found', 'There is no such marketplace seller.');
  const scope: repo.ListingScope = seller
    ? { country: countryOf(region), sellerSlug: seller.slug }
    : { country: countryOf(region), sellerKind: 'marketplace' };
  return { sellers: out, seller, listing: await listing(db, region, scope, q) };
}

export async function storeImage(
  db: Db,
  id: number,
  size: { width: number; height: number } | null,
): Promise<{ contentType: string; body: string } | null> {
  const image = await repo.imageById(db, id);
  if (!image) return null;
  if (!size || image.contentType !== 'image/svg+xml') return { contentType: image.contentType, body: image.data };
  // SVG scales: the asked size is written on the root element.
  const body = image.data.replace(
    /<svg([^>]*?) width="\d+" height="\d+"/,
    `<svg$1 width="${size.width}" height="${size.height}"`,
  );
  return { contentType: image.contentType, body };
}
