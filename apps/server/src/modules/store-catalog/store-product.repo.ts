// One store product's queries: its id by slug or public id, its page (card, variants with regional prices, stock
// per warehouse, ingredients, pests, documents, images), a document with what its PDF is made from, and an image.

import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
import {
  storeDocuments,
  storeImages,
  storeIngredients,
  storePests,
  storeProductIngredients,
  storeProductPests,
  storeProducts,
  storeSellers,
  storeStock,
  storeVariantPrices,
  storeVariants,
  storeWarehouses,
} from '../../db/schema/index.ts';
import { cardsFor, type Country } from './store-catalog.repo.ts';

export async function productIdBy(db: Db, by: { slug: string } | { publicId: string }): Promise<number | null> {
  const [row] = await db
    .select({ id: storeProducts.id })
    .from(storeProducts)
    .where('slug' in by ? eq(storeProducts.slug, by.slug) : eq(storeProducts.publicId, by.publicId));
  return row?.id ?? null;
}

/** The documents in the order the product page lists them. */
const DOCUMENT_ORDER = sql`array_position(array['specimen-label','sds','tech-sheet','mixing-instructions'], ${storeDocuments.docType})`;

export async function productDetail(db: Db, id: number, country: Country) {
  const [card] = await cardsFor(db, [id], country);
  if (!card) return null;
  const p = storeProducts;
  const s = storeSellers;
  const v = storeVariants;
  const vp = storeVariantPrices;
  const [extra] = await db
    .select({
      id: p.id,
      publicId: p.publicId,
      slug: p.slug,
      description: p.description,
      manufacturer: p.manufacturer,
      programs: p.programs,
      sellerDescription: s.description,
      sellerLocation: s.location,
      sellerRating: s.rating,
    })
    .from(p)
    .innerJoin(s, eq(s.id, p.sellerId))
    .where(eq(p.id, id));
  const variants = await db
    .select({
      id: v.id,
      publicId: v.publicId,
      sku: v.sku,
      label: v.label,
      size: v.size,
      unit: v.unit,
      packCount: v.packCount,
      amount: vp.amount,
      currency: vp.currency,
      listAmount: vp.listAmount,
    })
    .from(v)
    .leftJoin(vp, and(eq(vp.variantId, v.id), eq(vp.country, country)))
    .where(eq(v.productId, id))
    .orderBy(asc(v.position));
  const w = storeWarehouses;
  const stock = await db
    .select({
      variantId: storeStock.variantId,
      code: w.code,
      name: w.name,
      city: w.city,
      region: w.region,
      quantity: storeStock.quantity,
    })
    .from(storeStock)
    .innerJoin(w, eq(w.id, storeStock.warehouseId))
    .innerJoin(v, eq(v.id, storeStock.variantId))
    .where(and(eq(v.productId, id), eq(w.country, country)))
    .orderBy(asc(w.code));
  const pi = storeProductIngredients;
  const i = storeIngredients;
  const ingredients = await db
    .select({
      slug: i.slug,
      name: i.name,
      concentration: pi.concentration,
      unit: pi.concentrationUnit,
      modeOfAction: i.modeOfAction,
    })
    .from(pi)
    .innerJoin(i, eq(i.id, pi.ingredientId))
    .where(eq(pi.productId, id))
    .orderBy(desc(pi.concentration), asc(i.name));
  const t = storePests;
  const pests = await db
    .select({ slug: t.slug, name: t.name, pestType: t.pestType })
    .from(storeProductPests)
    .innerJoin(t, eq(t.id, storeProductPests.pestId))
    .where(eq(storeProductPests.productId, id))
    .orderBy(asc(t.pestType), asc(t.name));
  const d = storeDocuments;
  const documents = await db
    .select({ docType: d.docType, title: d.title, revisedOn: d.revisedOn })
    .from(d)
    .where(eq(d.productId, id))
    .orderBy(DOCUMENT_ORDER);
  const im = storeImages;
  const images = await db
    .select({ id: im.id, width: im.width, height: im.height, alt: im.alt })
    .from(im)
    .where(eq(im.productId, id))
    .orderBy(asc(im.position));
  return { card, extra: extra!, variants, stock, ingredients, pests, documents, images };
}

export type DocumentRow = NonNullable<Awaited<ReturnType<typeof documentFor>>>;

export async function documentFor(db: Db, productSlug: string, docType: string) {
  const d = storeDocuments;
  const p = storeProducts;
  const [row] = await db
    .select({
      id: d.id,
      docType: d.docType,
      title: d.title,
      revisedOn: d.revisedOn,
      content: d.content,
      productId: p.id,
      productSlug: p.slug,
      productName: p.name,
      brand: p.brand,
      manufacturer: p.manufacturer,
      kind: p.kind,
      restrictedUse: p.restrictedUse,
      description: p.description,
    })
    .from(d)
    .innerJoin(p, eq(p.id, d.productId))
    .where(and(eq(p.slug, productSlug), eq(d.docType, docType)));
  return row ?? null;
}

export async function documentContext(db: Db, productId: number) {
  const pi = storeProductIngredients;
  const i = storeIngredients;
  const ingredients = await db
    .select({
      name: i.name,
      concentration: pi.concentration,
      unit: pi.concentrationUnit,
      modeOfAction: i.modeOfAction,
      ingredientType: i.ingredientType,
    })
    .from(pi)
    .innerJoin(i, eq(i.id, pi.ingredientId))
    .where(eq(pi.productId, productId));
  const t = storePests;
  const pests = await db
    .select({ name: t.name, pestType: t.pestType })
    .from(storeProductPests)
    .innerJoin(t, eq(t.id, storeProductPests.pestId))
    .where(eq(storeProductPests.productId, productId))
    .orderBy(asc(t.name));
  return { ingredients, pests };
}

/** Keeps a made PDF (only when none was stored meanwhile: two first requests store one). */
export async function storeDocumentContent(db: Db, documentId: number, content: Buffer): Promise<void> {
  await db
    .update(storeDocuments)
    .set({ content })
    .where(and(eq(storeDocuments.id, documentId), isNull(storeDocuments.content)));
}

export async function imageById(
  db: Db,
  id: number,
): Promise<Pick<typeof storeImages.$inferSelect, 'contentType' | 'data' | 'width' | 'height'> | null> {
  const im = storeImages;
  const [row] = await db
    .select({ contentType: im.contentType, data: im.data, width: im.width, height: im.height })
    .from(im)
    .where(eq(im.id, id));
  return row ?? null;
}
