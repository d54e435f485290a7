// A store product (platform.md 9.1–9.2): its page with variants, regional prices, stock per warehouse, ingredients,
// pests, documents and images; a document's PDF (made on first request, then kept); an image, an SVG at the size asked.

import {
  unitPriceOf,
  type CurrencyCode,
  type ProductDocumentType,
  type StockStatus,
  type StoreProductDetail,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as productRepo from './store-product.repo.ts';
import {
  breadcrumbsOf,
  countryOf,
  documentUrl,
  imageUrl,
  regionResponse,
  requireArea,
  toCard,
  type Region,
} from './store-catalog.service.ts';

const LOW_STOCK_BELOW = 10;

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
  const id = await productRepo.productIdBy(db, by);
  if (id === null) throw new AppError('not_found', 'This product does not exist.');
  const detail = await productRepo.productDetail(db, id, countryOf(region));
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
): Promise<{ row: productRepo.DocumentRow; pdf: Buffer }> {
  const row = await productRepo.documentFor(db, slug, docType);
  if (!row) throw new AppError('not_found', 'This product has no such document.');
  if (row.content) return { row, pdf: Buffer.from(row.content) };
  const context = await productRepo.documentContext(db, row.productId);
  // pdf-lib is loaded with the first PDF (decision 049): a server that draws none need not hold it.
  const { productDocumentPdf } = await import('./product-pdf.ts');
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
  await productRepo.storeDocumentContent(db, row.id, pdf);
  return { row, pdf };
}

export async function storeImage(
  db: Db,
  id: number,
  size: { width: number; height: number } | null,
): Promise<{ contentType: string; body: string } | null> {
  const image = await productRepo.imageById(db, id);
  if (!image) return null;
  if (!size || image.contentType !== 'image/svg+xml') return { contentType: image.contentType, body: image.data };
  // SVG scales: the asked size is written on the root element.
  const body = image.data.replace(
    /<svg([^>]*?) width="\d+" height="\d+"/,
    `<svg$1 width="${size.width}" height="${size.height}"`,
  );
  return { contentType: image.contentType, body };
}
