// The store's catalogue vocabulary (platform.md 2.4, 3.8): product kinds and categories, the category slugs
// the /direct routes accept (both spellings), subcategory paths in URLs (dots stand for slashes) and the
// product documents.

/** Product kinds of platform.md 3.8 ({brand}_special written as house_special). */
export const PRODUCT_KINDS = [
  'chemical',
  'treated_seed',
  'liquid_fertilizer',
  'livestock',
  'green-cover-seeds',
  'pharmaceutical',
  'house_special',
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Product categories of platform.md 3.8 ({brand}_special written as house_special). */
export const PRODUCT_CATEGORIES = [
  'chemical',
  'seed',
  'animal_health',
  'feed',
  'dry_feed',
  'liquid_fertilizer',
  'house_special',
  'unknown',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The category segment of /direct/:category/about and /direct/:category/:subcategory* as the routes spell them. */
export const ROUTE_CATEGORY_SLUGS = [
  'animal_health',
  'animal-health',
  'seed',
  'crop-protection',
  'crop_protection',
  'crop-nutrition',
  'crop_nutrition',
  'beef-cattle',
  'feed',
  'dry-feed',
  'cyber',
  'deals',
  'supplies',
  'range-and-pasture',
  'livestock',
  'fertilizer-and-nutrition',
  'pets-and-equine',
  'farm-and-ranch',
] as const;
export type RouteCategorySlug = (typeof ROUTE_CATEGORY_SLUGS)[number];

/** The one (hyphenated) slug a route's category stands for: animal_health and animal-health are one category. */
export type StoreCategorySlug = Exclude<RouteCategorySlug, 'animal_health' | 'crop_protection' | 'crop_nutrition'>;

/** The canonical category slug of a route segment (case-insensitive, '_' read as '-'); null when it is no store category. */
export function canonicalCategorySlug(segment: string): StoreCategorySlug | null {
  const lower = segment.trim().toLowerCase();
  if (!(ROUTE_CATEGORY_SLUGS as readonly string[]).includes(lower)) return null;
  return lower.replaceAll('_', '-') as StoreCategorySlug;
}

/**
 * Categories that are views over the catalogue rather than a place in the tree: 'deals' lists the products on
 * sale, 'cyber' the deals of the season.
 */
export const VIRTUAL_CATEGORY_SLUGS = ['deals', 'cyber'] as const satisfies readonly StoreCategorySlug[];
export type VirtualCategorySlug = (typeof VIRTUAL_CATEGORY_SLUGS)[number];
export function isVirtualCategory(slug: string): boolean {
  return (VIRTUAL_CATEGORY_SLUGS as readonly string[]).includes(slug);
}

/** The names and descriptions of the virtual categories' about pages (the tree's categories keep theirs as data). */
export const VIRTUAL_CATEGORY_TEXT: { readonly [S in VirtualCategorySlug]: { name: string; description: string } } = {
  deals: {
    name: 'Deals',
    description:
      'Products on sale now, from every department of the store: the sale price shows beside the regular price.',
  },
  cyber: {
    name: 'Cyber deals',
    description: "The season's online deals on inputs, animal health and supplies, sorted by department.",
  },
};

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The subcategory part of a category URL as a tree path: dots stand for slashes
 * ('herbicides.pre-emergence' → 'herbicides/pre-emergence'); a splat with real slashes is read the same way.
 * Null when a segment is not a slug (empty, upper case after lowering is fine, spaces, '..').
 */
export function subcategoryPathFromUrl(value: string): string | null {
  const parts = value.trim().toLowerCase().replaceAll('/', '.').split('.');
  if (parts.length === 0 || parts.length > 6 || parts.some((p) => !SEGMENT.test(p))) return null;
  return parts.join('/');
}

/** The URL form of a subcategory path: 'herbicides/pre-emergence' → 'herbicides.pre-emergence'. */
export function subcategoryPathToUrl(path: string): string {
  return path.split('/').filter(Boolean).join('.');
}

/** The page of a category path: 'crop-protection/herbicides/burndown' → '/direct/crop-protection/herbicides.burndown'. */
export function categoryHref(categoryPath: string): string {
  const [top, ...rest] = categoryPath.split('/').filter(Boolean);
  return rest.length === 0 ? `/direct/${top ?? ''}` : `/direct/${top}/${rest.join('.')}`;
}

/** Product documents of /direct/product/:slug/:pdfType. */
export const PRODUCT_DOCUMENT_TYPES = ['specimen-label', 'sds', 'tech-sheet', 'mixing-instructions'] as const;
export type ProductDocumentType = (typeof PRODUCT_DOCUMENT_TYPES)[number];
export function isProductDocumentType(value: string): value is ProductDocumentType {
  return (PRODUCT_DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** Store programs with a page of their own (/direct/co-packs, …); each is a store area of 9.2. */
export const STORE_PROGRAMS = ['co-packs', 'nutritionals', 'inoculants', 'organics', 'bc-products'] as const;
export type StoreProgram = (typeof STORE_PROGRAMS)[number];
export function isStoreProgram(value: string): value is StoreProgram {
  return (STORE_PROGRAMS as readonly string[]).includes(value);
}

/** Sorts of the listing and search pages. 'relevance' is the search's default, 'featured' the category's. */
export const STORE_SORTS = ['relevance', 'featured', 'price-asc', 'price-desc', 'name-asc', 'name-desc'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

/** Pests by type. */
export const PEST_TYPES = ['weed', 'insect', 'disease'] as const;
export type PestType = (typeof PEST_TYPES)[number];
