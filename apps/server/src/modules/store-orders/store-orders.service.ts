// A buyer's store life after checkout (issue 6; platform.md 2.4, 4.3): order history with keyset pages and
// filters, order details as placed (copies of names, prices, addresses), reviews of what arrived, readiness
// actions of open orders, previously purchased products by year. Putting an order or a list back into the cart is
// add-to-cart.service.ts, shopping lists shopping-lists.service.ts. The user's own orders and lists only: anyone
// else's is a 404.

import {
  OPEN_ORDER_STATUSES,
  REVIEWABLE_ORDER_STATUSES,
  ORDER_HISTORY_DEFAULT_PAGE_SIZE,
  orderNumberDigits,
  resolveStoreRegion,
  type OrderDetail,
  type OrderHistory,
  type OrderHistoryQuery,
  type OrderReadinessAction,
  type OrderReview,
  type OrderSummary,
  type PreviouslyPurchased,
  type StoreOrderStatus,
  type StorePaymentStatus,
  type StoreRegionInfo,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { currentMembership, membershipsWithEnterprise } from '../enterprises/enterprises.public.ts';
import * as repo from './store-orders.repo.ts';

type Region = StoreRegionInfo;
/** Who is asking: the signed-in user, their current enterprise and store region. */
export type Buyer = { userId: string; currentEnterpriseId: number | null; region: Region };

export const imageUrl = (id: number | null) => (id === null ? null : `/api/store/images/${id}`);

/** The user's enterprise (for a new list) and its country (their store region when the request names none). */
export async function userEnterprise(
  db: Db,
  userId: string,
  currentEnterpriseId: number | null,
): Promise<{ id: number | null; country: string | null }> {
  const m = currentMembership(await membershipsWithEnterprise(db, userId), currentEnterpriseId);
  return { id: m?.enterprise.id ?? null, country: m?.enterprise.countryCode ?? null };
}

export async function buyerOf(
  db: Db,
  userId: string,
  currentEnterpriseId: number | null,
  locale: string | undefined,
): Promise<Buyer> {
  if (locale) return { userId, currentEnterpriseId, region: resolveStoreRegion({ locale }) };
  const enterprise = await userEnterprise(db, userId, currentEnterpriseId);
  return { userId, currentEnterpriseId, region: resolveStoreRegion({ enterpriseCountry: enterprise.country }) };
}

export const country = (buyer: Buyer) => buyer.region.country as repo.Country;

// ---------- history ----------

function encodeToken(row: repo.OrderListRow): string {
  return Buffer.from(JSON.stringify({ t: repo.iso(row.placedAt), id: row.id })).toString('base64url');
}

function decodeToken(token: string): { placedAt: string; id: string } {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { t?: unknown; id?: unknown };
    if (
      typeof value.t === 'string' &&
      !Number.isNaN(Date.parse(value.t)) &&
      typeof value.id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(value.id)
    ) {
      return { placedAt: value.t, id: value.id };
    }
  } catch {
    // fall through
  }
  throw new AppError('invalid_request', 'The page token is not valid; start from the first page.', {
    field: 'paginationToken',
    reason: 'invalid_pagination_token',
  });
}

function toSummary(row: repo.OrderListRow): OrderSummary {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    kind: row.kind,
    cartId: row.cartId,
    status: row.status as StoreOrderStatus,
    placedAt: repo.iso(row.placedAt),
    currency: row.currency,
    total: row.total,
    itemCount: row.itemCount,
    productNames: row.productNames ?? [],
    sellers: row.sellers ?? [],
    shippingMethods: row.shippingMethods ?? [],
    paymentStatus: row.paymentStatus as StorePaymentStatus,
  };
}

export async function orderHistory(db: Db, buyer: Buyer, query: OrderHistoryQuery): Promise<OrderHistory> {
  const limit = query.pageSize ?? ORDER_HISTORY_DEFAULT_PAGE_SIZE;
  const q = query.q?.trim() ?? '';
  const digits = q ? orderNumberDigits(q) : null;
  const filters: repo.OrderFilters = {
    status: query.status,
    year: query.year,
    seller: query.seller,
    orderNumberDigits: digits,
    productText: digits ? null : q || null,
  };
  const after = query.paginationToken ? decodeToken(query.paginationToken) : null;
  const [{ rows, total }, facets] = await Promise.all([
    repo.listOrders(db, buyer.userId, filters, { limit: limit + 1, after }),
    repo.orderFacets(db, buyer.userId),
  ]);
  const page = rows.slice(0, limit);
  return {
    orders: page.map(toSummary),
    total,
    nextPageToken: rows.length > limit ? encodeToken(page.at(-1)!) : null,
    years: facets.years,
    sellers: facets.sellers,
  };
}

// ---------- one order ----------

function toReadiness(r: repo.ReadinessRow): OrderReadinessAction {
  return {
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    section: r.section,
    action: r.action,
    requestedAt: repo.iso(r.requestedAt),
    completedAt: repo.isoOrNull(r.completedAt),
  };
}

export async function requireOrder(
  db: Db,
  buyer: Buyer,
  by: { id: string } | { cartId: string },
): Promise<repo.OrderRow> {
  const row = await repo.orderOf(db, buyer.userId, by);
  if (!row) throw new AppError('not_found', 'There is no such order.');
  return row;
}

export async function orderDetail(db: Db, buyer: Buyer, by: { id: string } | { cartId: string }): Promise<OrderDetail> {
  const row = await requireOrder(db, buyer, by);
  const [fulfillments, items, readiness] = await Promise.all([
    repo.fulfillmentsOf(db, row.id),
    repo.itemsOf(db, row.id, buyer.userId),
    repo.readinessOf(db, buyer.userId, { orderId: row.id, openOnly: false }),
  ]);
  const lines = items.map((i) => ({
    id: i.id,
    partitionKey: i.partitionKey,
    productId: i.productPublicId,
    productSlug: i.productSlug,
    productName: i.productName,
    variantId: i.variantPublicId,
    variantLabel: i.variantLabel,
    sku: i.sku,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    lineTotal: i.lineTotal,
    imageUrl: imageUrl(i.imageId),
    review:
      i.reviewRating === null
        ? null
        : {
            rating: i.reviewRating,
            title: i.reviewTitle ?? '',
            body: i.reviewBody ?? '',
            updatedAt: repo.iso(i.reviewUpdatedAt),
          },
  }));
  return {
    ...toSummary(row),
    enterpriseIdPublic: row.enterprisePublicId,
    totals: {
      goodsSubtotal: row.goodsSubtotal,
      discountTotal: row.discountTotal,
      shippingTotal: row.shippingTotal,
      shippingDiscountTotal: row.shippingDiscountTotal,
      taxTotal: row.taxTotal,
      paymentFeeTotal: row.paymentFeeTotal,
      total: row.total,
    },
    discounts: row.discounts ?? [],
    promoCode: row.promoCode,
    referralCode: row.referralCode,
    paymentTerms: row.paymentTerms,
    paymentMethod: row.paymentMethod,
    billingAddress: row.billingAddress,
    fulfillments: fulfillments.map((f) => ({
      partitionKey: f.partitionKey,
      seller: { slug: f.sellerSlug, name: f.sellerName, kind: f.sellerKind },
      warehouse: { code: f.warehouseCode, name: f.warehouseName, city: f.warehouseCity, region: f.warehouseRegion },
      shippingMethod: f.shippingMethod,
      status: f.status,
      address: f.address,
      contact: f.contact,
      fulfillmentPromise: f.fulfillmentPromise,
      deliveryNotBefore: f.deliveryNotBefore === null ? null : String(f.deliveryNotBefore).slice(0, 10),
      deliveryNotAfter: f.deliveryNotAfter === null ? null : String(f.deliveryNotAfter).slice(0, 10),
      applicationTiming: f.applicationTiming,
      specialInstructions: f.specialInstructions,
      shippingTotal: f.shippingTotal,
      lines: lines.filter((l) => l.partitionKey === f.partitionKey),
    })),
    readiness: readiness.map(toReadiness),
    reviewable: (REVIEWABLE_ORDER_STATUSES as readonly string[]).includes(row.status),
  };
}

// ---------- reviews ----------

export async function saveReview(
  db: Db,
  buyer: Buyer,
  orderId: string,
  productPublicId: string,
  body: { rating: number; title: string; body: string },
): Promise<OrderReview> {
  const order = await requireOrder(db, buyer, { id: orderId });
  const product = await repo.productInOrder(db, order.id, productPublicId);
  if (!product)
    throw new AppError('invalid_request', 'This product is not in this order.', {
      reason: 'product_not_in_order',
      productId: productPublicId,
    });
  if (!(REVIEWABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
    throw new AppError('invalid_request', 'You can review a product once the order has been delivered or picked up.', {
      reason: 'order_not_received',
      status: order.status,
    });
  }
  const row = await repo.upsertReview(db, { orderId: order.id, productId: product.id, userId: buyer.userId, ...body });
  return {
    orderId: order.id,
    productId: productPublicId,
    rating: row.rating,
    title: row.title,
    body: row.body,
    createdAt: repo.iso(row.createdAt),
    updatedAt: repo.iso(row.updatedAt),
  };
}

// ---------- readiness ----------

export async function readinessList(db: Db, buyer: Buyer): Promise<{ actions: OrderReadinessAction[] }> {
  return { actions: (await repo.readinessOf(db, buyer.userId, { openOnly: true })).map(toReadiness) };
}

export async function completeAction(
  db: Db,
  buyer: Buyer,
  orderId: string,
  section: string,
): Promise<OrderReadinessAction> {
  const order = await requireOrder(db, buyer, { id: orderId });
  if (!(OPEN_ORDER_STATUSES as readonly string[]).includes(order.status)) {
    throw new AppError('invalid_request', 'This order is no longer open.', {
      reason: 'order_not_open',
      status: order.status,
    });
  }
  const row = await repo.completeReadiness(db, buyer.userId, orderId, section);
  if (!row) throw new AppError('not_found', 'This order asks for nothing in that section.');
  return toReadiness(row);
}

// ---------- previously purchased ----------

export async function previouslyPurchased(db: Db, buyer: Buyer, year: number): Promise<PreviouslyPurchased> {
  const [rows, years] = await Promise.all([
    repo.purchasedInYear(db, buyer.userId, year, country(buyer)),
    repo.purchaseYears(db, buyer.userId),
  ]);
  return {
    year,
    years,
    currency: buyer.region.currency,
    products: rows.map((r) => ({
      productId: r.productPublicId,
      productSlug: r.productSlug,
      productName: r.productName,
      brand: r.brand,
      seller: { slug: r.sellerSlug, name: r.sellerName, kind: r.sellerKind },
      variantId: r.variantPublicId,
      variantLabel: r.variantLabel,
      quantity: r.quantity,
      orderCount: r.orderCount,
      lastUnitPrice: r.lastUnitPrice,
      lastCurrency: r.lastCurrency,
      lastOrderedAt: repo.iso(r.lastOrderedAt),
      lastOrderId: r.lastOrderId,
      imageUrl: imageUrl(r.imageId),
      stillSold: r.stillSold,
    })),
  };
}
