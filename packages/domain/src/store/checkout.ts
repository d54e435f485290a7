// The store's checkout (platform.md 3.4–3.6, 4.3, 5.5, 8.3, 9.3, 9.5): the calls' shapes, the sections and their
// filled/required state, partitions per seller and warehouse, delivery and application timing, delivery contacts,
// addresses (postal and Canadian legal land locations), totals with exact decimals (shipping, tax, card surcharge),
// promotions (codes, referral, the 9.5 offer as data) and the checkout error codes with the section each shows in.
// The rules chosen where the spec is silent are in docs/decisions/021-checkout-and-orders.md.

import { addDays, daysBetween } from '../crm/exact.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import { subdivisionDistanceKm } from '../region/subdivisions.ts';
import { isFinancingTerm, type PaymentTerm } from './payment-terms.ts';

// ---------------------------------------------------------------------------------------------------
// Sections (4.3)

export const CHECKOUT_SECTIONS = ['shipping', 'payment', 'otherInfo', 'summary'] as const;
export type CheckoutSection = (typeof CHECKOUT_SECTIONS)[number];
export type SectionState = { filled: boolean; required: boolean };
export type CheckoutSections = Record<CheckoutSection, SectionState>;

/** Express checkout requires shipping, payment and summary; normal checkout requires none at first (4.3). */
export const EXPRESS_REQUIRED_SECTIONS: readonly CheckoutSection[] = ['shipping', 'payment', 'summary'];

export function checkoutSections(express: boolean, filled: Record<CheckoutSection, boolean>): CheckoutSections {
  const out = {} as CheckoutSections;
  for (const s of CHECKOUT_SECTIONS)
    out[s] = { filled: filled[s], required: express && EXPRESS_REQUIRED_SECTIONS.includes(s) };
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Partitions, shipping method, timing

/** A checkout partition is what one seller ships from one warehouse: 'seller-3.warehouse-1'. */
export function partitionKey(sellerId: number, warehouseId: number): string {
  return `seller-${sellerId}.warehouse-${warehouseId}`;
}
export const PARTITION_KEY_PATTERN = /^seller-\d{1,9}\.warehouse-\d{1,9}$/;

export const SHIPPING_METHODS = ['delivery', 'pickup'] as const;
export type CheckoutShippingMethod = (typeof SHIPPING_METHODS)[number];
export type ShownShippingMethod = 'delivery' | 'external_delivery' | 'pickup';

/** Delivery is shown as external_delivery when its address is not among the user's addresses (4.3). */
export function shownShippingMethod(
  method: CheckoutShippingMethod,
  deliveryAddressId: number | null,
  userAddressIds: readonly number[],
): ShownShippingMethod {
  if (method === 'pickup') return 'pickup';
  return deliveryAddressId !== null && !userAddressIds.includes(deliveryAddressId) ? 'external_delivery' : 'delivery';
}

export const DELIVERY_TIMINGS = ['immediate_no_promise', 'immediate_promise', 'future_shipment_groups', 'N/A'] as const;
export type DeliveryTimingValue = (typeof DELIVERY_TIMINGS)[number];
export const APPLICATION_TIMINGS = ['pre_plant', 'in_crop', 'other'] as const;
export type ApplicationTimingValue = (typeof APPLICATION_TIMINGS)[number];

/** Future deliveries may be asked for at most this many days ahead. */
export const MAX_FUTURE_DELIVERY_DAYS = 180;
/** A delivery date can be promised ('immediate_promise') only within this distance of the warehouse. */
export const PROMISE_RADIUS_KM = 700;

/** Whether the warehouse can promise a delivery date to that state/province (centre to centre within the radius). */
export function promiseAvailable(
  warehouse: { country: string; region: string },
  destination: { country: string; region: string } | null,
): boolean {
  if (!destination || destination.country !== warehouse.country) return false;
  const km = subdivisionDistanceKm(warehouse, destination);
  return km !== null && km <= PROMISE_RADIUS_KM;
}

export type TimingProblem = 'invalid_fulfillment_promise' | 'invalid_future_delivery_date';

/**
 * The delivery timing rule. Pickup takes 'N/A' (or nothing). Delivery needs one of the three real timings
 * ('N/A' or none → invalid_fulfillment_promise); 'immediate_promise' only where the warehouse can promise one.
 * Future shipment groups need both dates: after today, not before ≤ not after, and not after within
 * MAX_FUTURE_DELIVERY_DAYS (→ invalid_future_delivery_date). Immediate timings take no dates.
 */
export function deliveryTimingProblem(input: {
  method: CheckoutShippingMethod | null;
  timing: DeliveryTimingValue | null;
  notBefore: string | null;
  notAfter: string | null;
  today: string;
  promiseAvailable: boolean;
}): TimingProblem | null {
  if (input.method !== 'delivery')
    return input.timing === null || input.timing === 'N/A' ? null : 'invalid_fulfillment_promise';
  if (input.timing === null || input.timing === 'N/A') return 'invalid_fulfillment_promise';
  if (input.timing === 'immediate_promise' && !input.promiseAvailable) return 'invalid_fulfillment_promise';
  if (input.timing !== 'future_shipment_groups')
    return input.notBefore || input.notAfter ? 'invalid_future_delivery_date' : null;
  return futureDatesProblem(input.notBefore, input.notAfter, input.today);
}

export function futureDatesProblem(
  notBefore: string | null,
  notAfter: string | null,
  today: string,
): 'invalid_future_delivery_date' | null {
  if (!notBefore || !notAfter) return 'invalid_future_delivery_date';
  if (daysBetween(today, notBefore) < 1) return 'invalid_future_delivery_date';
  if (daysBetween(notBefore, notAfter) < 0) return 'invalid_future_delivery_date';
  if (daysBetween(today, notAfter) > MAX_FUTURE_DELIVERY_DAYS) return 'invalid_future_delivery_date';
  return null;
}

/** The last day a future delivery may be asked for. */
export function latestFutureDeliveryDate(today: string): string {
  return addDays(today, MAX_FUTURE_DELIVERY_DAYS);
}

// ---------------------------------------------------------------------------------------------------
// Payment: what needs a provider, and the state an offline term leaves the order in

/** Terms paid outside the store after the order: no provider takes part; the order's payment stays pending. */
export function paymentNeedsProvider(term: PaymentTerm): boolean {
  return term === '{card_provider}_credit_card';
}
export function initialPaymentStatus(term: PaymentTerm): 'pending' | 'financing_requested' {
  return isFinancingTerm(term) ? 'financing_requested' : 'pending';
}

// ---------------------------------------------------------------------------------------------------
// Errors (8.3)

export const CHECKOUT_ERROR_CODES = [
  'invalid_fulfillment_promise',
  'invalid_future_delivery_date',
  'invalid_referral_code',
  'cart_conflict',
  'invalid_billing_address',
  'invalid_shipping_address',
  'invalid_promo_code',
  'cart_already_checked_out',
  'invalid_checkout_cart_content',
] as const satisfies readonly ErrorCode[];
export type CheckoutErrorCode = (typeof CHECKOUT_ERROR_CODES)[number];

export const CART_ERROR_SECTIONS = [
  'itemsNotSellable',
  'shipping',
  'delivery',
  'payment',
  'startOverCheckout',
  'items_need_adjustment',
  'ineligible_items',
  'invalid_promo_code',
  'invalid_referral_code',
] as const;
export type CartErrorSection = (typeof CART_ERROR_SECTIONS)[number];

/** Every code the checkout answers with (the 8.3 codes, the adjustment section's code and a failed payment). */
export type CheckoutAnswerCode = CheckoutErrorCode | 'items_need_adjustment' | 'payment_failed';

/** The cart error section each code is shown in; invalid_checkout_cart_content names its own in details.section. */
export const ERROR_SECTION_OF: Readonly<Record<CheckoutAnswerCode, CartErrorSection>> = {
  invalid_fulfillment_promise: 'delivery',
  invalid_future_delivery_date: 'delivery',
  invalid_referral_code: 'invalid_referral_code',
  cart_conflict: 'startOverCheckout',
  invalid_billing_address: 'payment',
  invalid_shipping_address: 'shipping',
  invalid_promo_code: 'invalid_promo_code',
  cart_already_checked_out: 'startOverCheckout',
  invalid_checkout_cart_content: 'itemsNotSellable',
  items_need_adjustment: 'items_need_adjustment',
  payment_failed: 'payment',
};

/** The checkout card a cart error section shows in (startOverCheckout: above all cards). */
export const CHECKOUT_SECTION_OF_ERROR: Readonly<Record<CartErrorSection, CheckoutSection | 'page'>> = {
  itemsNotSellable: 'summary',
  shipping: 'shipping',
  delivery: 'shipping',
  payment: 'payment',
  startOverCheckout: 'page',
  items_need_adjustment: 'summary',
  ineligible_items: 'otherInfo',
  invalid_promo_code: 'summary',
  invalid_referral_code: 'summary',
};

export function errorSection(code: string, detailsSection?: string | null): CartErrorSection | null {
  if (detailsSection && (CART_ERROR_SECTIONS as readonly string[]).includes(detailsSection))
    return detailsSection as CartErrorSection;
  return (ERROR_SECTION_OF as Record<string, CartErrorSection>)[code] ?? null;
}

export const PAYMENT_FAILED_MESSAGE = 'Your payment failed. Please try again with a different payment method.';
