import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Issue 6, the farm-input store's catalogue (platform.md 2.4, 3.8, 5.8, 9.1–9.2): sellers, the category
// tree, products with their variants (pack sizes), prices per region and currency, stock per warehouse,
// active ingredients, pests, documents (PDF) and images. Cart, checkout and orders build on the variants'
// stable public ids, their regional prices, the sellers and the warehouses. Money is exact (numeric).

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

type StoreCountry = 'USA' | 'CAN' | 'AUS';
type StoreCurrency = 'USD' | 'CAD' | 'AUD';

/** The house store (kind 'house', one) and the third-party marketplace sellers. */
export const storeSellers = pgTable('store_sellers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind').$type<'house' | 'marketplace'>().notNull(),
  description: text('description').notNull().default(''),
  /** Where the seller ships from (a state or province), shown on its card. */
  location: text('location').notNull().default(''),
  rating: numeric('rating', { precision: 3, scale: 2 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The category tree. `path` is the slash-joined slug path ('crop-protection/herbicides/pre-emergence');
 * URLs write its subcategory part with dots (/direct/crop-protection/herbicides.pre-emergence).
 */
export const storeCategories = pgTable(
  'store_categories',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull().unique(),
    slug: text('slug').notNull(),
    parentId: integer('parent_id'),
    depth: smallint('depth').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The product category of platform.md 3.8 the products below fall in (chemical, seed, animal_health, …). */
    productCategory: text('product_category').notNull(),
    featured: boolean('featured').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('store_categories_parent_idx').on(t.parentId, t.position)],
);

/** Warehouses stock is held in; checkout partitions per seller and warehouse. */
export const storeWarehouses = pgTable('store_warehouses', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  country: text('country').$type<StoreCountry>().notNull(),
  /** State or province code (IA, SK, …). */
  region: text('region').notNull(),
  city: text('city').notNull(),
  addressLine1: text('address_line_1').notNull(),
  postalCode: text('postal_code').notNull(),
});

export const storeProducts = pgTable(
  'store_products',
  {
    id: serial('id').primaryKey(),
    /** The unique product id of /marketplace/products/:uniqueProductId (random, made when the product is). */
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    manufacturer: text('manufacturer').notNull(),
    /** Product kind of platform.md 3.8 (chemical, treated_seed, liquid_fertilizer, …). */
    kind: text('kind').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => storeCategories.id),
    /** The leaf category's path, copied so that a subtree is one indexed prefix scan. */
    categoryPath: text('category_path').notNull(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => storeSellers.id),
    description: text('description').notNull().default(''),
    /** Restricted-use pesticide: buying needs an applicator licence on file. */
    restrictedUse: boolean('restricted_use').notNull().default(false),
    /** Store programs the product belongs to: co-packs, nutritionals, inoculants, organics, bc-products. */
    programs: text('programs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDeal: boolean('is_deal').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    rating: numeric('rating', { precision: 3, scale: 2 }),
    reviewCount: integer('review_count').notNull().default(0),
    /** Name, brand, manufacturer and ingredient names: what trigram (typo-tolerant) matching runs on. */
    searchText: text('search_text').notNull().default(''),
    /** Weighted: name A, brand/manufacturer and ingredients B, category and pests C, description D. */
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_products_category_path_idx').on(sql`${t.categoryPath} text_pattern_ops`),
    index('store_products_seller_idx').on(t.sellerId),
    index('store_products_brand_idx').on(t.brand),
    index('store_products_kind_idx').on(t.kind),
    index('store_products_name_idx').on(t.name),
    index('store_products_search_vector_idx').using('gin', t.searchVector),
    index('store_products_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Where a product is sold and its listing row there: the lowest variant price in the region's currency, whether any
 * warehouse holds it, and copies of the product columns listings filter, sort and count on — a narrow row, so
 * that a category page or its facets never read the wide products table (search documents, descriptions).
 * Kept in step with the products, the variants' prices and the stock by the writers (refreshProductRegions).
 */
export const storeProductRegions = pgTable(
  'store_product_regions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    country: text('country').$type<StoreCountry>().notNull(),
    currency: text('currency').$type<StoreCurrency>().notNull(),
    minPrice: money('min_price').notNull(),
    inStock: boolean('in_stock').notNull().default(false),
    categoryPath: text('category_path').notNull().default(''),
    name: text('name').notNull().default(''),
    brand: text('brand').notNull().default(''),
    kind: text('kind').notNull().default(''),
    sellerId: integer('seller_id').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    isDeal: boolean('is_deal').notNull().default(false),
    reviewCount: integer('review_count').notNull().default(0),
    programs: text('programs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.country] }),
    index('store_product_regions_price_idx').on(t.country, t.minPrice, t.productId),
    index('store_product_regions_category_idx').on(t.country, sql`${t.categoryPath} text_pattern_ops`),
    index('store_product_regions_name_idx').on(t.country, t.name, t.productId),
    index('store_product_regions_seller_idx').on(t.country, t.sellerId),
    /** The 'featured' order of category pages: its first page straight from the index. */
    index('store_product_regions_featured_idx').on(
      t.country,
      t.featured.desc(),
      t.inStock.desc(),
      t.reviewCount.desc(),
      t.productId,
    ),
  ],
);

/** A variant (pack size) of a product: what goes in a cart, by its stable public id. */
export const storeVariants = pgTable(
  'store_variants',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    /** '2.5 gal jug', '265 gal tote', '50 lb bag'. */
    label: text('label').notNull(),
    size: numeric('size', { precision: 12, scale: 3 }).notNull(),
    /** gal, lb, l, kg, oz, bag, unit, dose, ton. */
    unit: text('unit').notNull(),
    packCount: integer('pack_count').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('store_variants_product_idx').on(t.productId, t.position)],
);

/** A variant's price in a region and its currency (exact), with the list price when on sale. */
export const storeVariantPrices = pgTable(
  'store_variant_prices',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => storeVariants.id, { onDelete: 'cascade' }),
    country: text('country').$type<StoreCountry>().notNull(),
    currency: text('currency').$type<StoreCurrency>().notNull(),
    amount: money('amount').notNull(),
    listAmount: money('list_amount'),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.country] })],
);

export const storeStock = pgTable(
  'store_stock',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => storeVariants.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => storeWarehouses.id),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.warehouseId] }), index('store_stock_warehouse_idx').on(t.warehouseId)],
);

export const storeIngredients = pgTable('store_ingredients', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** herbicide, fungicide, insecticide, nutrient, … */
  ingredientType: text('ingredient_type').notNull(),
  /** Resistance-management group, e.g. 'Group 9' (HRAC/FRAC/IRAC). */
  modeOfAction: text('mode_of_action').notNull().default(''),
  description: text('description').notNull().default(''),
});

export const storeProductIngredients = pgTable(
  'store_product_ingredients',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    ingredientId: integer('ingredient_id')
      .notNull()
      .references(() => storeIngredients.id),
    /** e.g. 41.0 with unit '%', or 4 with 'lb/gal'. */
    concentration: numeric('concentration', { precision: 10, scale: 3 }).notNull(),
    concentrationUnit: text('concentration_unit').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.ingredientId] }),
    index('store_product_ingredients_ingredient_idx').on(t.ingredientId),
  ],
);

export const storePests = pgTable('store_pests', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  pestType: text('pest_type').$type<'weed' | 'insect' | 'disease'>().notNull(),
  scientificName: text('scientific_name').notNull().default(''),
  description: text('description').notNull().default(''),
});

export const storeProductPests = pgTable(
  'store_product_pests',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    pestId: integer('pest_id')
      .notNull()
      .references(() => storePests.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.pestId] }), index('store_product_pests_pest_idx').on(t.pestId)],
);

/**
 * A product's documents (specimen-label, sds, tech-sheet, mixing-instructions). The PDF is made with
 * pdf-lib from the product's data the first time it is asked for and kept in `content`.
 */
export const storeDocuments = pgTable(
  'store_documents',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    docType: text('doc_type').notNull(),
    title: text('title').notNull(),
    revisedOn: text('revised_on').notNull(),
    content: bytea('content'),
  },
  (t) => [uniqueIndex('store_documents_product_type_idx').on(t.productId, t.docType)],
);

/** Product images as SVG data made at seed time, with their intrinsic size (platform.md 5.8 sizes them). */
export const storeImages = pgTable(
  'store_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    contentType: text('content_type').notNull().default('image/svg+xml'),
    data: text('data').notNull(),
  },
  (t) => [index('store_images_product_idx').on(t.productId, t.position)],
);
