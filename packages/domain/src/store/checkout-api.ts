// The checkout calls' request and response shapes (platform.md 4.3), shared by the server's routes and the web.

import { z } from 'zod';
import { decimalInSchema, isoDateSchema } from '../crm/exact.ts';
import { PAYMENT_TERMS, PAYMENT_TERM_GROUPS, type PaymentTerm } from './payment-terms.ts';
import { APPLICATION_TIMINGS, CART_ERROR_SECTIONS, DELIVERY_TIMINGS, SHIPPING_METHODS } from './checkout.ts';
import { ADDRESS_FORMATS, boundedText } from './checkout-addresses.ts';

// ---------------------------------------------------------------------------------------------------
// API shapes

export const CHECKOUT_API = '/api/store/checkout';
const serialField = z.number().int().min(1).max(2_147_483_647);
const cartRef = { cartId: z.string().uuid(), serial: serialField };
const idRef = z.number().int().min(1).max(2_147_483_647);
const amountMessage = 'Expected an amount such as 25 or 25.50';
const decimalAmount = decimalInSchema({
  min: '0',
  max: '9999999999.99',
  scale: 2,
  messages: { notANumber: amountMessage, min: amountMessage, scale: amountMessage },
});

export const checkoutQuerySchema = z.object({ cartId: z.string().uuid().optional() }).strict();

export const partitionShippingRequestSchema = z
  .object({
    ...cartRef,
    shippingMethod: z.enum(SHIPPING_METHODS).optional(),
    deliveryAddressId: idRef.nullable().optional(),
    pickupWarehouseId: idRef.nullable().optional(),
    fulfillmentPromise: z.enum(DELIVERY_TIMINGS).nullable().optional(),
    deliveryNotBefore: isoDateSchema.nullable().optional(),
    deliveryNotAfter: isoDateSchema.nullable().optional(),
    applicationTiming: z.enum(APPLICATION_TIMINGS).nullable().optional(),
    applicationState: boundedText(3).nullable().optional(),
    deliveryContactId: idRef.nullable().optional(),
    orderSpecialInstructions: boundedText(1000).optional(),
  })
  .strict();
export type PartitionShippingRequest = z.infer<typeof partitionShippingRequestSchema>;

export const paymentRequestSchema = z
  .object({ ...cartRef, paymentTerms: z.enum(PAYMENT_TERMS), cardToken: boundedText(200).min(1).nullable().optional() })
  .strict();
export const billingAddressRequestSchema = z.object({ ...cartRef, billingAddressId: idRef.nullable() }).strict();
export const promoCodeRequestSchema = z.object({ ...cartRef, promoCode: boundedText(40).nullable() }).strict();
export const referralCodeRequestSchema = z.object({ ...cartRef, referralCode: boundedText(40).nullable() }).strict();
export const rupHolderRequestSchema = z.object({ ...cartRef, rupHolderId: idRef.nullable() }).strict();
export const pickupContactRequestSchema = z
  .object({ ...cartRef, contactEmail: boundedText(254).nullable(), contactPhone: boundedText(40).nullable() })
  .strict();
export const notesRequestSchema = z.object({ ...cartRef, notes: boundedText(2000) }).strict();
export const expressRequestSchema = z.object({ ...cartRef, express: z.boolean() }).strict();
export const repriceRequestSchema = z.object(cartRef).strict();
export const placeOrderRequestSchema = z.object({ ...cartRef, expectedTotal: decimalAmount }).strict();
export const buyNowRequestSchema = z
  .object({ variantId: z.string().uuid(), quantity: z.number().int().min(1).max(100_000) })
  .strict();

const moneyString = z.string();
const sectionStateSchema = z.object({ filled: z.boolean(), required: z.boolean() });

export const addressSchema = z.object({
  id: z.number().int(),
  addressType: z.string(),
  format: z.enum(ADDRESS_FORMATS),
  landLocationKind: z.string().nullable(),
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  lllQuarter: z.string().nullable(),
  lllSection: z.number().int().nullable(),
  lllTownship: z.number().int().nullable(),
  lllRange: z.number().int().nullable(),
  lllMeridian: z.string().nullable(),
  instructions: z.string(),
});
export type StoreAddress = z.infer<typeof addressSchema>;

export const deliveryContactSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  aal1: z.string(),
});
export type DeliveryContact = z.infer<typeof deliveryContactSchema>;

export const applicatorLicenceSchema = z.object({
  id: z.number().int(),
  holderName: z.string(),
  licenceNumber: z.string(),
  jurisdiction: z.string(),
  expiresOn: z.string(),
  valid: z.boolean(),
});
export type ApplicatorLicence = z.infer<typeof applicatorLicenceSchema>;

export const warehouseRefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  addressLine1: z.string(),
  postalCode: z.string(),
});
export type WarehouseRef = z.infer<typeof warehouseRefSchema>;

export const checkoutLineSchema = z.object({
  itemId: z.string(),
  variantId: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  variantLabel: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** The price the line was priced at (what the totals use). */
  unitPrice: moneyString,
  /** Today's price; differs from unitPrice when the price changed since (items_need_adjustment). */
  currentPrice: moneyString.nullable(),
  lineTotal: moneyString,
  restrictedUse: z.boolean(),
  /** Units the partition's warehouse holds now. */
  available: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const checkoutPartitionSchema = z.object({
  key: z.string(),
  seller: z.object({ slug: z.string(), name: z.string(), kind: z.enum(['house', 'marketplace']) }),
  warehouse: warehouseRefSchema,
  shippingMethod: z.enum(SHIPPING_METHODS).nullable(),
  shownShippingMethod: z.enum(['delivery', 'external_delivery', 'pickup']).nullable(),
  deliveryAddressId: z.number().int().nullable(),
  pickupWarehouseId: z.number().int().nullable(),
  fulfillmentPromise: z.enum(DELIVERY_TIMINGS).nullable(),
  deliveryNotBefore: z.string().nullable(),
  deliveryNotAfter: z.string().nullable(),
  applicationTiming: z.enum(APPLICATION_TIMINGS).nullable(),
  applicationState: z.string().nullable(),
  deliveryContactId: z.number().int().nullable(),
  orderSpecialInstructions: z.string(),
  promiseAvailable: z.boolean(),
  shippingTotal: moneyString,
  taxTotal: moneyString,
  lines: z.array(checkoutLineSchema),
});
export type CheckoutPartition = z.infer<typeof checkoutPartitionSchema>;

export const checkoutErrorSchema = z.object({
  section: z.enum(CART_ERROR_SECTIONS),
  code: z.string(),
  message: z.string(),
  partitionKey: z.string().nullable(),
  items: z.array(z.string()),
});
export type CheckoutError = z.infer<typeof checkoutErrorSchema>;

export const checkoutViewSchema = z.object({
  cart: z.object({
    id: z.string(),
    serial: z.number().int(),
    kind: z.enum(['cart', 'buy_now']),
    status: z.string(),
    country: z.string(),
    currency: z.string(),
    promoCode: z.string().nullable(),
    referralCode: z.string().nullable(),
    paymentTerms: z.enum(PAYMENT_TERMS).nullable(),
    hasCardToken: z.boolean(),
    billingAddressId: z.number().int().nullable(),
    rupHolderId: z.number().int().nullable(),
    pickupContact: z.object({ contactEmail: z.string().nullable(), contactPhone: z.string().nullable() }),
    notes: z.string(),
    express: z.boolean(),
    itemCount: z.number().int(),
  }),
  sections: z.object({
    shipping: sectionStateSchema,
    payment: sectionStateSchema,
    otherInfo: sectionStateSchema,
    summary: sectionStateSchema,
  }),
  partitions: z.array(checkoutPartitionSchema),
  paymentTermGroups: z.array(
    z.object({
      group: z.enum(PAYMENT_TERM_GROUPS),
      terms: z.array(z.object({ term: z.enum(PAYMENT_TERMS), value: z.string() })),
    }),
  ),
  cardProvider: z.string().nullable(),
  /** payment_method_surcharges of 3.5, keyed '<provider>_credit_card'. */
  paymentMethodSurcharges: z.record(
    z.string(),
    z.object({ amount: moneyString, applied: z.boolean(), effectivePct: z.string() }),
  ),
  totals: z.object({
    goodsSubtotal: moneyString,
    discountTotal: moneyString,
    shippingTotal: moneyString,
    shippingDiscountTotal: moneyString,
    taxTotal: moneyString,
    paymentFeeTotal: moneyString,
    total: moneyString,
  }),
  discounts: z.array(z.object({ name: z.string(), amount: moneyString })),
  addresses: z.array(addressSchema),
  deliveryContacts: z.array(deliveryContactSchema),
  licences: z.array(applicatorLicenceSchema),
  pickupWarehouses: z.array(warehouseRefSchema),
  rupRequired: z.boolean(),
  /** The buyer's enterprise's own referral code (to share; not usable on its own carts). */
  ownReferralCode: z.string().nullable(),
  today: z.string(),
  latestFutureDeliveryDate: z.string(),
  errors: z.array(checkoutErrorSchema),
});
export type CheckoutView = z.infer<typeof checkoutViewSchema>;

export const placedOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  cartId: z.string(),
  kind: z.enum(['cart', 'buy_now']),
  status: z.string(),
  paymentStatus: z.string(),
  paymentTerms: z.string(),
  currency: z.string(),
  placedAt: z.string(),
  totals: checkoutViewSchema.shape.totals,
  items: z.array(
    z.object({
      productName: z.string(),
      variantLabel: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      unitPrice: moneyString,
      lineTotal: moneyString,
    }),
  ),
  fulfillments: z.array(
    z.object({
      partitionKey: z.string(),
      shippingMethod: z.string(),
      warehouseName: z.string(),
      address: z.string().nullable(),
    }),
  ),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const buyNowResponseSchema = z.object({ cartId: z.string(), serial: z.number().int() });

export const addressListSchema = z.object({ addresses: z.array(addressSchema) });
export const deliveryContactListSchema = z.object({ contacts: z.array(deliveryContactSchema) });
export const applicatorLicenceListSchema = z.object({ licences: z.array(applicatorLicenceSchema) });

/** Whether a term can be chosen at all by the client (never a removed term: the server checks the region's list). */
export function paymentTermLabelKey(term: PaymentTerm): string {
  return `store.checkout.term.${term.replace(/[{}]/g, '')}`;
}
