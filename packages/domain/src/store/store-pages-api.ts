// Request and response shapes of the store's information pages (platform.md 2.4: feed efficiency, acre plans, the
// house-brand packs, warehouse locations), under /api/store/pages. Shared by the server (route schemas) and the web.
import { z } from 'zod';
import { CURRENCY_CODES } from '../region/countries.ts';
import { LOCALES } from '../region/locales.ts';
import { storeRegionSchema } from './api.ts';

export const STORE_PAGES_API = '/api/store/pages';

const money = z.string();
const currency = z.enum(CURRENCY_CODES);

export const storePagesLocaleQuery = z.object({ locale: z.enum(LOCALES).optional() }).strict();

/** Acres as typed in the URL: digits with up to 2 decimals (commas allowed); the service checks the range. */
export const acrePlanQuerySchema = z
  .object({ locale: z.enum(LOCALES).optional(), acres: z.string().max(20).optional() })
  .strict();

export const storeWarehouseSchema = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  region: z.string(),
  city: z.string(),
  addressLine1: z.string(),
  postalCode: z.string(),
});
export type StoreWarehouse = z.infer<typeof storeWarehouseSchema>;
export const storeWarehouseListSchema = z.object({
  region: storeRegionSchema,
  warehouses: z.array(storeWarehouseSchema),
});
export type StoreWarehouseList = z.infer<typeof storeWarehouseListSchema>;

/** A feed pack of the catalogue with its price per ton in the calculator's unit (null: not sold by weight). */
export const feedPackSchema = z.object({
  id: z.string(),
  label: z.string(),
  size: z.string(),
  unit: z.string(),
  packCount: z.number().int(),
  amount: money,
  costPerTon: money.nullable(),
});
export const feedProductSchema = z.object({
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  categoryPath: z.string(),
  packs: z.array(feedPackSchema),
});
export type FeedProduct = z.infer<typeof feedProductSchema>;
export const feedProductListSchema = z.object({
  region: storeRegionSchema,
  unit: z.enum(['lb', 'kg']),
  currency,
  products: z.array(feedProductSchema),
});
export type FeedProductList = z.infer<typeof feedProductListSchema>;

const productRefSchema = z.object({ slug: z.string(), name: z.string(), brand: z.string() });

export const acrePlanSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  crop: z.string(),
  summary: z.string(),
  productCount: z.number().int(),
  /** Sum of rate × the cheapest unit price of each product: what one acre costs. */
  costPerAcre: money,
  currency,
});
export type AcrePlanSummary = z.infer<typeof acrePlanSummarySchema>;
export const acrePlanListSchema = z.object({ region: storeRegionSchema, plans: z.array(acrePlanSummarySchema) });
export type AcrePlanList = z.infer<typeof acrePlanListSchema>;

export const acrePlanLineSchema = z.object({
  product: productRefSchema,
  timing: z.string(),
  ratePerAcre: z.string(),
  unit: z.string(),
  /** rate × acres. */
  quantity: z.string(),
  /** Content of the packs below (≥ quantity). */
  bought: z.string(),
  packs: z.array(
    z.object({ variantId: z.string(), label: z.string(), count: z.number().int(), amount: money, lineTotal: money }),
  ),
  costPerAcre: money.nullable(),
  cost: money,
});
export type AcrePlanLine = z.infer<typeof acrePlanLineSchema>;

export const acrePlanDetailSchema = acrePlanSummarySchema.extend({
  region: storeRegionSchema,
  acres: z.string(),
  lines: z.array(acrePlanLineSchema),
  /** What the packs for all the acres cost. */
  total: money,
  /** total ÷ acres (more than costPerAcre when packs leave some over). */
  totalPerAcre: money,
});
export type AcrePlanDetail = z.infer<typeof acrePlanDetailSchema>;

export const brandPackItemSchema = z.object({
  product: productRefSchema,
  variantId: z.string(),
  label: z.string(),
  amount: money,
});
export const brandPackSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** The top category the pack's category sits under ('Seed' for 'Corn'); null for a top category. */
  section: z.string().nullable(),
  categoryPath: z.string(),
  productCount: z.number().int(),
  /** One of each product's smallest pack. */
  packPrice: money,
  currency,
});
export type BrandPackSummary = z.infer<typeof brandPackSummarySchema>;
export const brandPackListSchema = z.object({
  region: storeRegionSchema,
  seller: z.object({ slug: z.string(), name: z.string() }),
  packs: z.array(brandPackSummarySchema),
});
export type BrandPackList = z.infer<typeof brandPackListSchema>;
export const brandPackDetailSchema = brandPackSummarySchema.extend({
  region: storeRegionSchema,
  seller: z.object({ slug: z.string(), name: z.string() }),
  items: z.array(brandPackItemSchema),
});
export type BrandPackDetail = z.infer<typeof brandPackDetailSchema>;

/** A house pack's slug from its category path: 'crop-protection/herbicides' → 'crop-protection-herbicides'. */
export function brandPackSlug(categoryPath: string): string {
  return categoryPath.replaceAll('/', '-');
}

/** The path segment of the house-brand packs: '{brand}-pack' with the partner's short word ('granary-pack'). */
export function brandPackSegment(brandShortName: string): string {
  const word = brandShortName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${word || 'house'}-pack`;
}
