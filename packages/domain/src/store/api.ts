// Request and response shapes of the store catalogue's calls (under /api/store). Shared by the server (route
// schemas) and the web (types). Request schemas parse strictly: a bad parameter is a 400, never a silent default.

import { z } from 'zod';
import { CURRENCY_CODES } from '../region/countries.ts';
import { LOCALES } from '../region/locales.ts';
import { decimalInSchema } from '../crm/exact.ts';
import { PEST_TYPES, PRODUCT_DOCUMENT_TYPES, STORE_PROGRAMS, STORE_SORTS } from './catalogue.ts';
import { STORE_AREAS, STORE_REGIONS } from './regions.ts';

export const STORE_API = '/api/store';

/** Products per page of the listing pages; the page-size choices. */
export const STORE_PAGE_SIZES = [24, 48, 96] as const;
export const STORE_DEFAULT_PAGE_SIZE = 24;
/** Offset paging stops here (page × size ≤ 10,000): deeper than anyone browses, and it bounds the offset's cost. */
export const STORE_MAX_OFFSET = 10_000;
export const STORE_QUERY_MAX_LENGTH = 120;

const slug = z
  .string()
  .min(1)
  .max(160)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/i, 'Expected a slug');
const amountMessage = 'Expected an amount such as 25 or 25.50';
const decimal = decimalInSchema({
  min: '0',
  max: '999999999.99',
  scale: 2,
  messages: { notANumber: amountMessage, min: amountMessage, scale: amountMessage },
});

/** One value or the same parameter repeated (?brand=A&brand=B); each a short non-empty string; at most 20. */
const multi = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter((s) => s !== ''))
  .pipe(z.array(z.string().max(120)).max(20));

export const storeLocaleQuery = { locale: z.enum(LOCALES).optional() };

export const storeListingQuerySchema = z
  .object({
    ...storeLocaleQuery,
    page: z
      .string()
      .regex(/^\d{1,4}$/, 'Expected a page number')
      .transform(Number)
      .refine((n) => n >= 1, 'Pages start at 1')
      .optional(),
    pageSize: z
      .string()
      .regex(/^\d{1,3}$/, 'Expected a page size')
      .transform(Number)
      .refine(
        (n) => (STORE_PAGE_SIZES as readonly number[]).includes(n),
        `Expected a page size of ${STORE_PAGE_SIZES.join(', ')}`,
      )
      .optional(),
    sort: z.enum(STORE_SORTS).optional(),
    q: z.string().trim().max(STORE_QUERY_MAX_LENGTH).optional(),
    /** A category path to narrow a search ('crop-protection/herbicides' or the URL form with dots). */
    category: z.string().max(200).optional(),
    brand: multi.optional(),
    kind: multi.optional(),
    seller: multi.optional(),
    ingredient: multi.optional(),
    pest: multi.optional(),
    minPrice: decimal.optional(),
    maxPrice: decimal.optional(),
    inStock: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict()
  .refine((q) => !q.minPrice || !q.maxPrice || Number(q.minPrice) <= Number(q.maxPrice), {
    message: 'minPrice must not exceed maxPrice',
    path: ['minPrice'],
  });
export type StoreListingQuery = z.infer<typeof storeListingQuerySchema>;

export const storeSearchQuerySchema = storeListingQuerySchema.refine((q) => (q.q ?? '').length > 0, {
  message: 'Enter something to search for',
  path: ['q'],
});

/** GET /api/store/search/suggest?q=: what to offer while the user types (the last word may be half typed). */
export const storeSearchSuggestQuerySchema = z
  .object({ ...storeLocaleQuery, q: z.string().trim().min(1, 'Enter something to search for').max(100) })
  .strict();

export const storeSearchSuggestionsSchema = z.object({
  /** The catalogue term the synonym list or a typo correction read the query as ('roundup' → 'glyphosate'); null when taken as typed. */
  term: z.string().nullable(),
  /** The query as searched for: the full search page of a suggestion-less Enter goes there. */
  query: z.string(),
  products: z.array(z.object({ slug: z.string(), name: z.string(), brand: z.string() })),
});
export type StoreSearchSuggestions = z.infer<typeof storeSearchSuggestionsSchema>;

export const storeRegionSchema = z.object({
  region: z.enum(STORE_REGIONS),
  country: z.string(),
  currency: z.enum(CURRENCY_CODES),
  locale: z.enum(LOCALES),
  /** The store areas on in this region (platform.md 9.2). */
  areas: z.array(z.enum(STORE_AREAS)),
});
export type StoreRegionResponse = z.infer<typeof storeRegionSchema>;

const priceSchema = z.object({
  amount: z.string(),
  currency: z.enum(CURRENCY_CODES),
  listAmount: z.string().nullable(),
});
export type StorePrice = z.infer<typeof priceSchema>;

export const storeImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type StoreImage = z.infer<typeof storeImageSchema>;

export const storeSellerRefSchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['house', 'marketplace']),
});

export const storeProductCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  kind: z.string(),
  categoryPath: z.string(),
  seller: storeSellerRefSchema,
  restrictedUse: z.boolean(),
  isDeal: z.boolean(),
  rating: z.string().nullable(),
  reviewCount: z.number().int(),
  /** The lowest variant price in the visitor's region; null when the product is not sold there. */
  price: priceSchema.nullable(),
  /** Price per unit of that variant ('12.3400' per 'gal'). */
  unitPrice: z.object({ amount: z.string(), unit: z.string() }).nullable(),
  inStock: z.boolean(),
  variantCount: z.number().int(),
  image: storeImageSchema.nullable(),
  /** Main active ingredients, for the card's second line. */
  ingredients: z.array(z.string()),
});
export type StoreProductCard = z.infer<typeof storeProductCardSchema>;

const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type StoreFacetValue = z.infer<typeof facetValueSchema>;

export const storeFacetsSchema = z.object({
  categories: z.array(facetValueSchema),
  kinds: z.array(facetValueSchema),
  brands: z.array(facetValueSchema),
  sellers: z.array(facetValueSchema),
  ingredients: z.array(facetValueSchema),
  pests: z.array(facetValueSchema),
  /** Price bands in the region's currency: value 'min-max' ('500-' open-ended), usable as minPrice/maxPrice. */
  prices: z.array(facetValueSchema.extend({ min: z.string(), max: z.string().nullable() })),
  inStock: z.number().int(),
});
export type StoreFacets = z.infer<typeof storeFacetsSchema>;

export const storeCategoryRefSchema = z.object({ path: z.string(), name: z.string() });

export const storeCategorySchema = z.object({
  path: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  productCategory: z.string(),
  productCount: z.number().int(),
  children: z.array(z.object({ path: z.string(), name: z.string(), productCount: z.number().int() })),
});
export type StoreCategory = z.infer<typeof storeCategorySchema>;

export const storeListingSchema = z.object({
  region: storeRegionSchema,
  /** The category listed; null for search, deals and program pages. */
  category: storeCategorySchema.nullable(),
  breadcrumbs: z.array(storeCategoryRefSchema),
  products: z.array(storeProductCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  sort: z.enum(STORE_SORTS),
  facets: storeFacetsSchema,
  /**
   * Search only: how the results were found — words ('text'), the synonym list's catalogue term for a trade name
   * or a known misspelling ('synonym', the term in `suggestion`), or close spellings ('similar').
   */
  matchedBy: z.enum(['text', 'synonym', 'similar', 'none']).optional(),
  /** Search only: the catalogue word nearest to a misspelt query ('glyphosat' → 'glyphosate'). */
  suggestion: z.string().nullable().optional(),
});
export type StoreListing = z.infer<typeof storeListingSchema>;

export const storeHomeSchema = z.object({
  region: storeRegionSchema,
  categories: z.array(storeCategorySchema),
  deals: z.array(storeProductCardSchema),
  featured: z.array(storeProductCardSchema),
  sellers: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      kind: z.enum(['house', 'marketplace']),
      productCount: z.number().int(),
    }),
  ),
});
export type StoreHome = z.infer<typeof storeHomeSchema>;

export const stockStatusSchema = z.enum(['in_stock', 'low_stock', 'out_of_stock']);
export type StockStatus = z.infer<typeof stockStatusSchema>;

export const storeDocumentRefSchema = z.object({
  type: z.enum(PRODUCT_DOCUMENT_TYPES),
  title: z.string(),
  revisedOn: z.string(),
  /** The PDF's address (Content-Type application/pdf). */
  url: z.string(),
});
export type StoreDocumentRef = z.infer<typeof storeDocumentRefSchema>;

export const storeVariantSchema = z.object({
  /** The variant's stable id: what a cart line refers to. */
  id: z.string(),
  sku: z.string(),
  label: z.string(),
  size: z.string(),
  unit: z.string(),
  packCount: z.number().int(),
  price: priceSchema.nullable(),
  unitPrice: z.string().nullable(),
  stockStatus: stockStatusSchema,
  quantityAvailable: z.number().int(),
  warehouses: z.array(
    z.object({ code: z.string(), name: z.string(), city: z.string(), region: z.string(), quantity: z.number().int() }),
  ),
});
export type StoreVariant = z.infer<typeof storeVariantSchema>;

export const storeProductDetailSchema = storeProductCardSchema.extend({
  description: z.string(),
  manufacturer: z.string(),
  programs: z.array(z.enum(STORE_PROGRAMS)),
  breadcrumbs: z.array(storeCategoryRefSchema),
  seller: storeSellerRefSchema.extend({ description: z.string(), location: z.string(), rating: z.string().nullable() }),
  variants: z.array(storeVariantSchema),
  activeIngredients: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      concentration: z.string(),
      unit: z.string(),
      modeOfAction: z.string(),
    }),
  ),
  pests: z.array(z.object({ slug: z.string(), name: z.string(), pestType: z.enum(PEST_TYPES) })),
  documents: z.array(storeDocumentRefSchema),
  images: z.array(storeImageSchema),
  /** Whether the product is sold in the visitor's region at all. */
  availableInRegion: z.boolean(),
  region: storeRegionSchema,
});
export type StoreProductDetail = z.infer<typeof storeProductDetailSchema>;

export const storeDocumentSchema = storeDocumentRefSchema.extend({
  product: z.object({ slug: z.string(), name: z.string(), brand: z.string() }),
  byteLength: z.number().int(),
});
export type StoreDocument = z.infer<typeof storeDocumentSchema>;

export const storeIngredientSchema = z.object({
  slug: z.string(),
  name: z.string(),
  ingredientType: z.string(),
  modeOfAction: z.string(),
  description: z.string(),
  productCount: z.number().int(),
});
export type StoreIngredient = z.infer<typeof storeIngredientSchema>;

export const storePestSchema = z.object({
  slug: z.string(),
  name: z.string(),
  pestType: z.enum(PEST_TYPES),
  scientificName: z.string(),
  description: z.string(),
  productCount: z.number().int(),
});
export type StorePest = z.infer<typeof storePestSchema>;

export const storeIngredientListSchema = z.object({
  region: storeRegionSchema,
  ingredients: z.array(storeIngredientSchema),
});
export const storePestListSchema = z.object({ region: storeRegionSchema, pests: z.array(storePestSchema) });
export const storeIngredientPageSchema = z.object({ ingredient: storeIngredientSchema, listing: storeListingSchema });
export const storePestPageSchema = z.object({ pest: storePestSchema, listing: storeListingSchema });
export type StoreIngredientList = z.infer<typeof storeIngredientListSchema>;
export type StorePestList = z.infer<typeof storePestListSchema>;
export type StoreIngredientPage = z.infer<typeof storeIngredientPageSchema>;
export type StorePestPage = z.infer<typeof storePestPageSchema>;

export const storeSellerSchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['house', 'marketplace']),
  description: z.string(),
  location: z.string(),
  rating: z.string().nullable(),
  productCount: z.number().int(),
});
export type StoreSeller = z.infer<typeof storeSellerSchema>;

export const storeMarketplaceSchema = z.object({
  sellers: z.array(storeSellerSchema),
  /** The seller of /direct/marketplace/:section, when the section names one. */
  seller: storeSellerSchema.nullable(),
  listing: storeListingSchema,
});
export type StoreMarketplace = z.infer<typeof storeMarketplaceSchema>;

export const storeSlugParam = slug;
