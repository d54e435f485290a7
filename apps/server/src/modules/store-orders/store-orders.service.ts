// A buyer's store life after checkout (issue 6; platform.md 2.4, 4.3): order history with keyset pages and
// filters, order details as placed (copies of names, prices, addresses), reviews of what arrived, readiness
// actions of open orders, previously purchased products by year, shopping lists, and putting an order or a list
// back into the cart through the cart module. The user's own orders and lists only: anyone else's is a 404.

import {
  OPEN_ORDER_STATUSES,
  REVIEWABLE_ORDER_STATUSES,
  ORDER_HISTORY_DEFAULT_PAGE_SIZE,
  CrmDecimal,
  orderNumberDigits,
  resolveStoreRegion,
  type AddToCartOutcome,
  type CartRefusalReason,
  type OrderDetail,
  type OrderHistory,
  type OrderHistoryQuery,
  type OrderReadinessAction,
  type OrderReview,
  type OrderSummary,
  type PreviouslyPurchased,
  type ShoppingList,
  type ShoppingLists,
  type ShoppingListsWithVariant,
  type StoreOrderStatus,
  type StorePaymentStatus,
  type StoreRegionInfo,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { addItemsToCart } from '../cart/cart.public.ts';
import * as repo from './store-orders.repo.ts';

type Region = StoreRegionInfo;
/** Who is asking: the signed-in user, their current enterprise and store region. */
export type Buyer = { userId: string; currentEnterpriseId: number | null; region: Region };

const imageUrl = (id: number | null) => (id === null ? null : `/api/store/images/${id}`);

export async function buyerOf(
  db: Db,
  userId: string,
  currentEnterpriseId: number | null,
  locale: string | undefined,
): Promise<Buyer> {
  if (locale) return { userId, currentEnterpriseId, region: resolveStoreRegion({ locale }) };
  const enterprise = await repo.userEnterprise(db, userId, currentEnterpriseId);
  return { userId, currentEnterpriseId, region: resolveStoreRegion({ enterpriseCountry: enterprise.country }) };
}

const country = (buyer: Buyer) => buyer.region.country as repo.Country;

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

async function requireOrder(db: Db, buyer: Buyer, by: { id: string } | { cartId: string }): Promise<repo.OrderRow> {
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

// ---------- into the cart ----------

type Wanted = { variant: repo.VariantRef; quantity: number };

function refusal(w: Wanted, reason: CartRefusalReason, message: string): AddToCartOutcome['notAdded'][number] {
  return {
    variantId: w.variant.publicId,
    productName: w.variant.productName,
    variantLabel: w.variant.label,
    quantity: w.quantity,
    reason,
    message,
  };
}

const added = (w: Wanted) => ({
  variantId: w.variant.publicId,
  productName: w.variant.productName,
  variantLabel: w.variant.label,
  quantity: w.quantity,
});

/** Errors that refuse the whole cart (no cart in the region, no purchasing permission): said as they are. */
const WHOLE_CART_CODES = new Set(['cart_not_available_in_region', 'input_purchasing_permission_required', 'forbidden']);

/**
 * Puts variants into the user's open cart: what is no longer sold in the region is left out and said so; the rest
 * goes in one write. When the cart refuses that write (a restriction, a bound), each line is tried on its own so
 * that the good ones still go in and each refused one says why.
 */
async function putInCart(db: Db, buyer: Buyer, wanted: Wanted[]): Promise<AddToCartOutcome> {
  const notAdded: AddToCartOutcome['notAdded'] = [];
  const sellable: Wanted[] = [];
  for (const w of wanted) {
    if (!w.variant.sold)
      notAdded.push(refusal(w, 'not_sold_in_region', 'This product is no longer sold in your region.'));
    else sellable.push(w);
  }
  const base = { userId: buyer.userId, region: buyer.region, currentEnterpriseId: buyer.currentEnterpriseId };
  if (sellable.length === 0) return { added: [], notAdded, cart: null };
  try {
    const cart = await addItemsToCart(db, {
      ...base,
      items: sellable.map((w) => ({ variantId: w.variant.id, quantity: w.quantity })),
    });
    return {
      added: sellable.map(added),
      notAdded,
      cart: { id: cart.id, serial: cart.serial, itemCount: cart.itemCount },
    };
  } catch (error) {
    if (!(error instanceof AppError) || WHOLE_CART_CODES.has(error.code) || sellable.length === 1) {
      if (error instanceof AppError && !WHOLE_CART_CODES.has(error.code) && sellable.length === 1) {
        return {
          added: [],
          notAdded: [...notAdded, refusal(sellable[0]!, reasonOf(error), error.message)],
          cart: null,
        };
      }
      throw error;
    }
  }
  const ok: Wanted[] = [];
  let cart: AddToCartOutcome['cart'] = null;
  for (const w of sellable) {
    try {
      const view = await addItemsToCart(db, { ...base, items: [{ variantId: w.variant.id, quantity: w.quantity }] });
      cart = { id: view.id, serial: view.serial, itemCount: view.itemCount };
      ok.push(w);
    } catch (error) {
      if (!(error instanceof AppError) || WHOLE_CART_CODES.has(error.code)) throw error;
      notAdded.push(refusal(w, reasonOf(error), error.message));
    }
  }
  return { added: ok.map(added), notAdded, cart };
}

function reasonOf(error: AppError): CartRefusalReason {
  if (error.code === 'item_restricted') return 'restricted';
  if (error.code === 'variant_not_sold_in_region') return 'not_sold_in_region';
  if (error.code === 'not_found') return 'not_sold';
  return 'cart_refused';
}

/** Reorder: the order's lines, each variant once with its quantity, back into the cart. */
export async function reorder(db: Db, buyer: Buyer, orderId: string): Promise<AddToCartOutcome> {
  const order = await requireOrder(db, buyer, { id: orderId });
  const items = await repo.itemsOf(db, order.id, buyer.userId);
  const quantities = new Map<number, number>();
  for (const i of items) quantities.set(i.variantId, (quantities.get(i.variantId) ?? 0) + i.quantity);
  const variants = await repo.variantsById(db, [...quantities.keys()], country(buyer));
  const byId = new Map(variants.map((v) => [v.id, v]));
  return putInCart(
    db,
    buyer,
    [...quantities.entries()].flatMap(([id, quantity]) => {
      const variant = byId.get(id);
      return variant ? [{ variant, quantity }] : [];
    }),
  );
}

// ---------- shopping lists ----------

async function requireList(db: Db, buyer: Buyer, listId: string): Promise<repo.ListRow> {
  const list = await repo.listOf(db, buyer.userId, listId);
  if (!list) throw new AppError('not_found', 'There is no such shopping list.');
  return list;
}

async function resolveVariants(db: Db, buyer: Buyer, publicIds: string[]): Promise<Map<string, repo.VariantRef>> {
  const found = await repo.variantsByPublicId(db, [...new Set(publicIds)], country(buyer));
  const map = new Map(found.map((v) => [v.publicId, v]));
  const unknown = publicIds.filter((id) => !map.has(id));
  if (unknown.length)
    throw new AppError('invalid_request', 'Some of these products do not exist.', {
      reason: 'unknown_variant',
      variantIds: [...new Set(unknown)],
    });
  return map;
}

export async function shoppingLists(db: Db, buyer: Buyer): Promise<ShoppingLists> {
  const rows = await repo.listsOf(db, buyer.userId);
  return {
    lists: rows.map((r) => ({
      id: r.id,
      name: r.name,
      itemCount: r.itemCount,
      createdAt: repo.iso(r.createdAt),
      updatedAt: repo.iso(r.updatedAt),
    })),
  };
}

/** Which of the buyer's lists hold a pack size; none when no list (or no product) has it. */
export async function listsWithVariant(db: Db, buyer: Buyer, variantId: string): Promise<ShoppingListsWithVariant> {
  const rows = await repo.listsHoldingVariant(db, buyer.userId, variantId);
  return { variantId, lists: rows.map((r) => ({ listId: r.listId, quantity: r.quantity })) };
}

export async function shoppingList(db: Db, buyer: Buyer, listId: string): Promise<ShoppingList> {
  const list = await requireList(db, buyer, listId);
  const items = await repo.listItemsOf(db, list.id, country(buyer));
  const estimated = items.reduce(
    (sum, i) => (i.unitPrice === null ? sum : sum.add(new CrmDecimal(i.unitPrice).mul(i.quantity))),
    new CrmDecimal(0),
  );
  return {
    id: list.id,
    name: list.name,
    itemCount: items.length,
    createdAt: repo.iso(list.createdAt),
    updatedAt: repo.iso(list.updatedAt),
    currency: buyer.region.currency,
    estimatedTotal: estimated.toFixed(2),
    items: items.map((i) => ({
      variantId: i.variantPublicId,
      productId: i.productPublicId,
      productSlug: i.productSlug,
      productName: i.productName,
      variantLabel: i.variantLabel,
      sku: i.sku,
      quantity: i.quantity,
      note: i.note,
      unitPrice: i.unitPrice,
      currency: buyer.region.currency,
      inStock: i.inStock,
      imageUrl: imageUrl(i.imageId),
      addedAt: repo.iso(i.addedAt),
    })),
  };
}

export async function createList(
  db: Db,
  buyer: Buyer,
  input: { name: string; items: { variantId: string; quantity: number; note: string }[] },
): Promise<ShoppingList> {
  const variants = await resolveVariants(
    db,
    buyer,
    input.items.map((i) => i.variantId),
  );
  const enterprise = await repo.userEnterprise(db, buyer.userId, buyer.currentEnterpriseId);
  const id = await repo.insertList(db, {
    userId: buyer.userId,
    enterpriseId: enterprise.id,
    name: input.name,
    items: input.items.map((i) => ({ variantId: variants.get(i.variantId)!.id, quantity: i.quantity, note: i.note })),
  });
  return shoppingList(db, buyer, id);
}

export async function renameList(db: Db, buyer: Buyer, listId: string, name: string): Promise<ShoppingList> {
  if (!(await repo.renameList(db, buyer.userId, listId, name)))
    throw new AppError('not_found', 'There is no such shopping list.');
  return shoppingList(db, buyer, listId);
}

export async function deleteList(db: Db, buyer: Buyer, listId: string): Promise<void> {
  if (!(await repo.deleteList(db, buyer.userId, listId)))
    throw new AppError('not_found', 'There is no such shopping list.');
}

export async function putListItem(
  db: Db,
  buyer: Buyer,
  listId: string,
  variantId: string,
  body: { quantity: number; note?: string | undefined },
): Promise<ShoppingList> {
  const list = await requireList(db, buyer, listId);
  const variant = (await resolveVariants(db, buyer, [variantId])).get(variantId)!;
  const items = await repo.listItemsOf(db, list.id, country(buyer));
  if (!items.some((i) => i.variantId === variant.id) && items.length >= 200) {
    throw new AppError('invalid_request', 'A shopping list holds at most 200 products.', { reason: 'list_full' });
  }
  await repo.putListItem(db, list.id, { variantId: variant.id, quantity: body.quantity, note: body.note });
  return shoppingList(db, buyer, list.id);
}

export async function deleteListItem(db: Db, buyer: Buyer, listId: string, variantId: string): Promise<ShoppingList> {
  const list = await requireList(db, buyer, listId);
  const [variant] = await repo.variantsByPublicId(db, [variantId], country(buyer));
  if (!variant || !(await repo.deleteListItem(db, list.id, variant.id)))
    throw new AppError('not_found', 'This product is not on the list.');
  return shoppingList(db, buyer, list.id);
}

export async function listToCart(db: Db, buyer: Buyer, listId: string): Promise<AddToCartOutcome> {
  const list = await requireList(db, buyer, listId);
  const items = await repo.listItemsOf(db, list.id, country(buyer));
  if (items.length === 0)
    throw new AppError('invalid_request', 'This shopping list is empty.', { reason: 'list_empty' });
  const variants = await repo.variantsById(
    db,
    items.map((i) => i.variantId),
    country(buyer),
  );
  const byId = new Map(variants.map((v) => [v.id, v]));
  return putInCart(
    db,
    buyer,
    items.flatMap((i) => {
      const variant = byId.get(i.variantId);
      return variant ? [{ variant, quantity: i.quantity }] : [];
    }),
  );
}
