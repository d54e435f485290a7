// What happens around and after a store order (issue 6; platform.md 2.4, 4.3): order history with details and
// reviews, order readiness, previously purchased products, shopping lists, reorder. Shared by the server (route
// schemas) and the web (types). Request schemas parse strictly: a bad parameter is a 400, never a silent default.

import { z } from 'zod';
import { CURRENCY_CODES } from '../region/countries.ts';

export const STORE_ORDER_STATUSES = [
  'placed',
  'processing',
  'ready_for_pickup',
  'shipped',
  'delivered',
  'picked_up',
  'canceled',
] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];
/** Orders still on their way: readiness actions are asked for these. */
export const OPEN_ORDER_STATUSES: readonly StoreOrderStatus[] = ['placed', 'processing', 'ready_for_pickup', 'shipped'];
/** A product can be reviewed once the buyer has it. */
export const REVIEWABLE_ORDER_STATUSES: readonly StoreOrderStatus[] = ['delivered', 'picked_up'];

/**
 * Where an order may go from each status (the store's order wrangler, platform.md 6.5 store-order-wrangler-admin):
 * forward only, and canceled while nothing has left the warehouse. Each move is an orders-topic notification
 * (decision 055); placing the order is the receipt.
 */
export const ORDER_STATUS_TRANSITIONS: Record<StoreOrderStatus, readonly StoreOrderStatus[]> = {
  placed: ['processing', 'ready_for_pickup', 'shipped', 'canceled'],
  processing: ['ready_for_pickup', 'shipped', 'canceled'],
  ready_for_pickup: ['picked_up', 'canceled'],
  shipped: ['delivered'],
  delivered: [],
  picked_up: [],
  canceled: [],
};

/** PUT /api/store/admin/orders/:orderId/status. */
export const orderStatusUpdateSchema = z.object({ status: z.enum(STORE_ORDER_STATUSES) }).strict();
export const orderStatusParamsSchema = z.object({ orderId: z.uuid() });
export const orderStatusResponseSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

export const STORE_PAYMENT_STATUSES = ['pending', 'authorized', 'paid', 'failed', 'financing_requested'] as const;
export type StorePaymentStatus = (typeof STORE_PAYMENT_STATUSES)[number];

export const ORDER_HISTORY_PAGE_SIZES = [10, 25, 50] as const;
export const ORDER_HISTORY_DEFAULT_PAGE_SIZE = 10;
export const SHOPPING_LIST_NAME_MAX = 80;
export const SHOPPING_LIST_NOTE_MAX = 500;
export const SHOPPING_LIST_MAX_ITEMS = 200;
export const SHOPPING_LIST_QUANTITY_MAX = 9999;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 4000;

const uuid = z.uuid();
const yearString = z
  .string()
  .regex(/^\d{4}$/, 'Expected a year such as 2025')
  .transform(Number)
  .refine((y) => y >= 2000 && y <= 2100, 'Expected a year between 2000 and 2100');
const money = z.string();

export const orderHistoryQuerySchema = z
  .object({
    status: z.enum(STORE_ORDER_STATUSES).optional(),
    year: yearString.optional(),
    /** A seller's slug. */
    seller: z
      .string()
      .trim()
      .min(1)
      .max(80)
      .regex(/^[a-z0-9-]+$/, 'Expected a seller slug')
      .optional(),
    /** An order number ('GS-100012' or '100012') or words of a product's name. */
    q: z.string().trim().max(120).optional(),
    pageSize: z
      .string()
      .regex(/^\d{1,3}$/, 'Expected a page size')
      .transform(Number)
      .refine(
        (n) => (ORDER_HISTORY_PAGE_SIZES as readonly number[]).includes(n),
        `Expected a page size of ${ORDER_HISTORY_PAGE_SIZES.join(', ')}`,
      )
      .optional(),
    /** The token of the previous page's answer (keyset: placed time and id of its last order). */
    paginationToken: z.string().max(200).optional(),
  })
  .strict();
export type OrderHistoryQuery = z.infer<typeof orderHistoryQuerySchema>;

const sellerRef = z.object({ slug: z.string(), name: z.string(), kind: z.enum(['house', 'marketplace']) });

export const orderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  kind: z.enum(['cart', 'buy_now']),
  cartId: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
  placedAt: z.string(),
  currency: z.enum(CURRENCY_CODES),
  total: money,
  itemCount: z.number().int(),
  /** The first products' names, for the row. */
  productNames: z.array(z.string()),
  sellers: z.array(sellerRef),
  shippingMethods: z.array(z.string()),
  paymentStatus: z.enum(STORE_PAYMENT_STATUSES),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderHistorySchema = z.object({
  orders: z.array(orderSummarySchema),
  total: z.number().int(),
  nextPageToken: z.string().nullable(),
  /** What the filters can offer: years with orders, sellers ordered from. */
  years: z.array(z.number().int()),
  sellers: z.array(sellerRef),
});
export type OrderHistory = z.infer<typeof orderHistorySchema>;

export const orderLineSchema = z.object({
  id: z.number().int(),
  partitionKey: z.string(),
  productId: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  variantId: z.string(),
  variantLabel: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPrice: money,
  lineTotal: money,
  imageUrl: z.string().nullable(),
  /** The buyer's review of this product in this order, when written. */
  review: z.object({ rating: z.number().int(), title: z.string(), body: z.string(), updatedAt: z.string() }).nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderFulfillmentSchema = z.object({
  partitionKey: z.string(),
  seller: sellerRef,
  warehouse: z.object({ code: z.string(), name: z.string(), city: z.string(), region: z.string() }),
  shippingMethod: z.string(),
  status: z.string(),
  address: z.record(z.string(), z.unknown()).nullable(),
  contact: z.record(z.string(), z.unknown()).nullable(),
  fulfillmentPromise: z.string().nullable(),
  deliveryNotBefore: z.string().nullable(),
  deliveryNotAfter: z.string().nullable(),
  applicationTiming: z.string().nullable(),
  specialInstructions: z.string(),
  shippingTotal: money,
  lines: z.array(orderLineSchema),
});
export type OrderFulfillment = z.infer<typeof orderFulfillmentSchema>;

export const orderReadinessActionSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  section: z.string(),
  action: z.string(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type OrderReadinessAction = z.infer<typeof orderReadinessActionSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  enterpriseIdPublic: z.string().nullable(),
  totals: z.object({
    goodsSubtotal: money,
    discountTotal: money,
    shippingTotal: money,
    shippingDiscountTotal: money,
    taxTotal: money,
    paymentFeeTotal: money,
    total: money,
  }),
  discounts: z.array(z.object({ name: z.string(), amount: money })),
  promoCode: z.string().nullable(),
  referralCode: z.string().nullable(),
  paymentTerms: z.string(),
  paymentMethod: z.string().nullable(),
  billingAddress: z.record(z.string(), z.unknown()).nullable(),
  fulfillments: z.array(orderFulfillmentSchema),
  readiness: z.array(orderReadinessActionSchema),
  /** Whether its products can be reviewed (delivered or picked up). */
  reviewable: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderIdParamsSchema = z.object({ orderId: uuid });
export const orderByCartParamsSchema = z.object({ cartId: uuid });

export const orderReviewParamsSchema = z.object({ orderId: uuid, productId: uuid });
export const orderReviewBodySchema = z
  .object({
    rating: z
      .number()
      .int('A rating is a whole number of stars')
      .min(1, 'Rate from 1 to 5 stars')
      .max(5, 'Rate from 1 to 5 stars'),
    title: z.string().trim().max(REVIEW_TITLE_MAX).default(''),
    body: z.string().trim().max(REVIEW_BODY_MAX).default(''),
  })
  .strict();
export type OrderReviewBody = z.input<typeof orderReviewBodySchema>;
export const orderReviewSchema = z.object({
  orderId: z.string(),
  productId: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

/** Why a line could not go (back) into the cart. */
export const CART_REFUSAL_REASONS = [
  'not_sold',
  'not_sold_in_region',
  'out_of_stock',
  'restricted',
  'cart_refused',
] as const;
export type CartRefusalReason = (typeof CART_REFUSAL_REASONS)[number];

export const addToCartOutcomeSchema = z.object({
  added: z.array(
    z.object({ variantId: z.string(), productName: z.string(), variantLabel: z.string(), quantity: z.number().int() }),
  ),
  notAdded: z.array(
    z.object({
      variantId: z.string(),
      productName: z.string(),
      variantLabel: z.string(),
      quantity: z.number().int(),
      reason: z.enum(CART_REFUSAL_REASONS),
      message: z.string(),
    }),
  ),
  /** The cart's item count and serial after adding, when the cart answered. */
  cart: z.object({ id: z.string(), serial: z.number().int(), itemCount: z.number().int() }).nullable(),
});
export type AddToCartOutcome = z.infer<typeof addToCartOutcomeSchema>;

export const readinessListSchema = z.object({ actions: z.array(orderReadinessActionSchema) });
export type ReadinessList = z.infer<typeof readinessListSchema>;
export const readinessParamsSchema = z.object({
  orderId: uuid,
  section: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[a-z_]+$/, 'Expected a section name'),
});

export const previouslyPurchasedParamsSchema = z.object({ year: yearString });
export const previouslyPurchasedSchema = z.object({
  year: z.number().int(),
  /** Years in which the buyer ordered, newest first (the year picker). */
  years: z.array(z.number().int()),
  currency: z.enum(CURRENCY_CODES),
  products: z.array(
    z.object({
      productId: z.string(),
      productSlug: z.string(),
      productName: z.string(),
      brand: z.string(),
      seller: sellerRef,
      variantId: z.string(),
      variantLabel: z.string(),
      /** Units bought that year (all pack sizes of the product). */
      quantity: z.number().int(),
      orderCount: z.number().int(),
      lastUnitPrice: money,
      lastCurrency: z.enum(CURRENCY_CODES),
      lastOrderedAt: z.string(),
      lastOrderId: z.string(),
      imageUrl: z.string().nullable(),
      /** Whether 'Buy again' can work: the variant is still sold. */
      stillSold: z.boolean(),
    }),
  ),
});
export type PreviouslyPurchased = z.infer<typeof previouslyPurchasedSchema>;

const listName = z
  .string()
  .trim()
  .min(1, 'Give the list a name')
  .max(SHOPPING_LIST_NAME_MAX, `A list name has at most ${SHOPPING_LIST_NAME_MAX} characters`);
const quantity = z
  .number()
  .int('A quantity is a whole number')
  .min(1, 'The quantity must be at least 1')
  .max(SHOPPING_LIST_QUANTITY_MAX, `The quantity can be at most ${SHOPPING_LIST_QUANTITY_MAX}`);

export const shoppingListParamsSchema = z.object({ listId: uuid });
export const shoppingListItemParamsSchema = z.object({ listId: uuid, variantId: uuid });
export const shoppingListCreateSchema = z
  .object({
    name: listName,
    items: z
      .array(
        z
          .object({ variantId: uuid, quantity, note: z.string().trim().max(SHOPPING_LIST_NOTE_MAX).default('') })
          .strict(),
      )
      .max(SHOPPING_LIST_MAX_ITEMS)
      .default([]),
  })
  .strict();
export type ShoppingListCreate = z.input<typeof shoppingListCreateSchema>;
export const shoppingListRenameSchema = z.object({ name: listName }).strict();
export const shoppingListItemBodySchema = z
  .object({ quantity, note: z.string().trim().max(SHOPPING_LIST_NOTE_MAX).optional() })
  .strict();
export type ShoppingListItemBody = z.input<typeof shoppingListItemBodySchema>;

export const shoppingListItemSchema = z.object({
  variantId: z.string(),
  productId: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  variantLabel: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  note: z.string(),
  /** Today's price in the buyer's region; null when not sold there. */
  unitPrice: money.nullable(),
  currency: z.enum(CURRENCY_CODES),
  inStock: z.boolean(),
  imageUrl: z.string().nullable(),
  addedAt: z.string(),
});
export type ShoppingListItem = z.infer<typeof shoppingListItemSchema>;

export const shoppingListSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShoppingListSummary = z.infer<typeof shoppingListSummarySchema>;
export const shoppingListsSchema = z.object({ lists: z.array(shoppingListSummarySchema) });
export type ShoppingLists = z.infer<typeof shoppingListsSchema>;
export const shoppingListSchema = shoppingListSummarySchema.extend({
  items: z.array(shoppingListItemSchema),
  /** Sum of the priced lines at today's prices. */
  estimatedTotal: money,
  currency: z.enum(CURRENCY_CODES),
});
export type ShoppingList = z.infer<typeof shoppingListSchema>;

/** GET /api/store/shopping-lists/with-variant/:variantId — which of the buyer's lists hold a pack size (the list picker's checkmarks). */
export const shoppingListVariantParamsSchema = z.object({ variantId: uuid });
export const shoppingListsWithVariantSchema = z.object({
  variantId: z.string(),
  lists: z.array(z.object({ listId: z.string(), quantity: z.number().int() })),
});
export type ShoppingListsWithVariant = z.infer<typeof shoppingListsWithVariantSchema>;

/** 'GS-100012', '100012' or 'gs100012' → the digits, when the text looks like an order number. */
export function orderNumberDigits(text: string): string | null {
  const m = /^\s*(?:gs-?)?(\d{3,12})\s*$/i.exec(text);
  return m ? m[1]! : null;
}
