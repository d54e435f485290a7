// The store's checkout (platform.md 3.4–3.6, 4.3, 5.5, 8.3, 9.3, 9.5): the calls' shapes, the sections and their
// filled/required state, partitions per seller and warehouse, delivery and application timing, delivery contacts,
// addresses (postal and Canadian legal land locations), totals with exact decimals (shipping, tax, card surcharge),
// promotions (codes, referral, the 9.5 offer as data) and the checkout error codes with the section each shows in.
// The rules chosen where the spec is silent are in docs/decisions/021-checkout-and-orders.md.

import { z } from 'zod';
import {
  CrmDecimal,
  addDays,
  daysBetween,
  decimalInSchema,
  isoDateSchema,
  toDecimal,
  type CrmDecimal as Dec,
} from '../crm/exact.ts';
import { isValidEmail, isValidPhone } from '../identity/patterns.ts';
import { isValidPostalCode } from '../identity/signup.ts';
import { PRAIRIE_PROVINCES, isSubdivisionOf, subdivisionDistanceKm } from '../region/subdivisions.ts';
import {
  PAYMENT_TERMS,
  PAYMENT_TERM_GROUPS,
  carriesCardSurcharge,
  isFinancingTerm,
  type PaymentTerm,
} from './payment-terms.ts';

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
// Delivery contacts (5.5) and addresses (3.4)

export type FieldProblem = { field: string; problem: 'required' | 'invalid' };

const text = (max: number) => z.string().trim().max(max);

export const deliveryContactInputSchema = z
  .object({
    firstName: text(80),
    lastName: text(80),
    email: text(254),
    phoneNumber: text(40),
    country: z.enum(['USA', 'CAN']),
    aal1: text(3),
  })
  .strict();
export type DeliveryContactInput = z.infer<typeof deliveryContactInputSchema>;

/** Required: firstName, lastName, email, phone, aal1 (state/province) — 5.5; e-mail and phone as 5.1. */
export function deliveryContactProblems(c: DeliveryContactInput): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (!c.firstName) out.push({ field: 'firstName', problem: 'required' });
  if (!c.lastName) out.push({ field: 'lastName', problem: 'required' });
  if (!c.email) out.push({ field: 'email', problem: 'required' });
  else if (!isValidEmail(c.email)) out.push({ field: 'email', problem: 'invalid' });
  if (!c.phoneNumber) out.push({ field: 'phone', problem: 'required' });
  else if (!isValidPhone(c.phoneNumber)) out.push({ field: 'phone', problem: 'invalid' });
  if (!c.aal1) out.push({ field: 'aal1', problem: 'required' });
  else if (!isSubdivisionOf(c.country, c.aal1)) out.push({ field: 'aal1', problem: 'invalid' });
  return out;
}

export const ADDRESS_TYPES = [
  'default_billing_address',
  'mailing_address',
  'billing_address',
  'shipping_address',
] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const ADDRESS_FORMATS = ['postal', 'can_lll'] as const;
export const LAND_LOCATION_KINDS = ['can_lll_home', 'can_lll_shipping'] as const;
export const LLL_QUARTERS = ['NE', 'NW', 'SE', 'SW'] as const;
export const LLL_MERIDIANS = ['W1', 'W2', 'W3', 'W4', 'W5', 'W6'] as const;

const smallInt = z.number().int().min(-1_000_000).max(1_000_000);

export const addressInputSchema = z
  .object({
    addressType: z.enum(ADDRESS_TYPES),
    format: z.enum(ADDRESS_FORMATS),
    landLocationKind: z.enum(LAND_LOCATION_KINDS).nullable().optional(),
    name: text(120).default(''),
    line1: text(160).default(''),
    line2: text(160).default(''),
    city: text(80).default(''),
    region: text(3),
    postalCode: text(12).default(''),
    country: z.enum(['USA', 'CAN']),
    lllQuarter: text(4).nullable().optional(),
    lllSection: smallInt.nullable().optional(),
    lllTownship: smallInt.nullable().optional(),
    lllRange: smallInt.nullable().optional(),
    lllMeridian: text(4).nullable().optional(),
    instructions: text(500).default(''),
  })
  .strict();
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressValues = z.output<typeof addressInputSchema>;

/**
 * A postal address needs a street line, a city, a state/province of its country and a ZIP or postal code of that
 * country. A legal land location (can_lll) needs quarter (NE/NW/SE/SW), section 1–36, township 1–126, range 1–34,
 * meridian W1–W6 and a prairie province (AB, SK, MB); its postal code is optional but checked when given.
 */
export function addressProblems(a: AddressValues): FieldProblem[] {
  const out: FieldProblem[] = [];
  const need = (field: string, value: string | null | undefined) => {
    if (!value) out.push({ field, problem: 'required' });
  };
  if (a.format === 'postal') {
    need('line1', a.line1);
    need('city', a.city);
    if (!a.region) out.push({ field: 'region', problem: 'required' });
    else if (!isSubdivisionOf(a.country, a.region)) out.push({ field: 'region', problem: 'invalid' });
    if (!a.postalCode) out.push({ field: 'postalCode', problem: 'required' });
    else if (!isValidPostalCode(a.postalCode, a.country)) out.push({ field: 'postalCode', problem: 'invalid' });
    return out;
  }
  if (a.country !== 'CAN') out.push({ field: 'country', problem: 'invalid' });
  if (!a.region) out.push({ field: 'region', problem: 'required' });
  else if (!(PRAIRIE_PROVINCES as readonly string[]).includes(a.region.toUpperCase()))
    out.push({ field: 'region', problem: 'invalid' });
  const range = (field: string, v: number | null | undefined, min: number, max: number) => {
    if (v === null || v === undefined) out.push({ field, problem: 'required' });
    else if (v < min || v > max) out.push({ field, problem: 'invalid' });
  };
  if (!a.lllQuarter) out.push({ field: 'lllQuarter', problem: 'required' });
  else if (!(LLL_QUARTERS as readonly string[]).includes(a.lllQuarter.toUpperCase()))
    out.push({ field: 'lllQuarter', problem: 'invalid' });
  range('lllSection', a.lllSection, 1, 36);
  range('lllTownship', a.lllTownship, 1, 126);
  range('lllRange', a.lllRange, 1, 34);
  if (!a.lllMeridian) out.push({ field: 'lllMeridian', problem: 'required' });
  else if (!(LLL_MERIDIANS as readonly string[]).includes(a.lllMeridian.toUpperCase()))
    out.push({ field: 'lllMeridian', problem: 'invalid' });
  if (a.postalCode && !isValidPostalCode(a.postalCode, 'CAN')) out.push({ field: 'postalCode', problem: 'invalid' });
  return out;
}

/** 'NE-12-34-5-W3' — how a legal land location is written. */
export function formatLegalLandLocation(a: {
  lllQuarter?: string | null;
  lllSection?: number | null;
  lllTownship?: number | null;
  lllRange?: number | null;
  lllMeridian?: string | null;
}): string {
  return [a.lllQuarter, a.lllSection, a.lllTownship, a.lllRange, a.lllMeridian].map((p) => p ?? '?').join('-');
}

export const applicatorLicenceInputSchema = z
  .object({
    holderName: text(120).min(1),
    licenceNumber: text(40).min(1),
    jurisdiction: text(3).min(2),
    expiresOn: isoDateSchema,
  })
  .strict();
export type ApplicatorLicenceInput = z.infer<typeof applicatorLicenceInputSchema>;

/** A licence is valid through its expiry day. */
export function licenceValid(expiresOn: string, today: string): boolean {
  return daysBetween(today, expiresOn) >= 0;
}

// ---------------------------------------------------------------------------------------------------
// Money: shipping, tax, card surcharge, promotions, totals

const ZERO = new CrmDecimal(0);
const cents = (d: Dec) => d.toDecimalPlaces(2, CrmDecimal.ROUND_HALF_UP);
export const moneyAmount = (d: Dec): string => cents(d).toFixed(2);

/** Shipping rules (decision 021): flat per delivery partition in Canada where flat shipping is on; by weight in the US. */
export const FLAT_SHIPPING_CAD = '49.00';
export const US_SHIPPING_BASE = '25.00';
export const US_SHIPPING_PER_LB = '0.12';
export const US_SHIPPING_CAP = '250.00';
export const US_FREE_SHIPPING_FROM = '2500.00';

/** An estimate of a pack's shipping weight in lb from its size and unit (liquids at ~10 lb/gal, the jug included). */
export function packWeightLb(size: string, unit: string, packCount: number): Dec {
  const s = toDecimal(size).times(packCount);
  switch (unit) {
    case 'lb':
      return s;
    case 'kg':
      return s.times('2.2046');
    case 'gal':
      return s.times(10);
    case 'l':
      return s.times('2.64');
    case 'oz':
      return s.div(16);
    case 'ton':
      return s.times(2000);
    default:
      return s.times(2); // bags, units, doses, acre cases: a nominal 2 lb a piece
  }
}

export function partitionShipping(input: {
  method: CheckoutShippingMethod | null;
  country: string;
  flatShipping: boolean;
  goods: Dec;
  weightLb: Dec;
}): Dec {
  if (input.method !== 'delivery') return ZERO;
  if (input.flatShipping) return toDecimal(FLAT_SHIPPING_CAD);
  if (input.goods.greaterThanOrEqualTo(US_FREE_SHIPPING_FROM)) return ZERO;
  const charge = toDecimal(US_SHIPPING_BASE).plus(input.weightLb.times(US_SHIPPING_PER_LB));
  return cents(charge.greaterThan(US_SHIPPING_CAP) ? toDecimal(US_SHIPPING_CAP) : charge);
}

/**
 * Sales tax by the destination's state/province (pickup: the warehouse's), on goods that are not agricultural
 * inputs. Agricultural inputs (seed, crop protection, fertilizer, feed) are exempt from state sales tax for farm use
 * and zero-rated for GST/HST in Canada (decision 021). Rates: state base rates; Canada GST + PST or HST.
 */
export const TAX_RATES: Readonly<Record<string, string>> = {
  'USA.IA': '6',
  'USA.IL': '6.25',
  'USA.SD': '4.2',
  'USA.NE': '5.5',
  'USA.MN': '6.875',
  'USA.ND': '5',
  'USA.KS': '6.5',
  'USA.MO': '4.225',
  'USA.WI': '5',
  'USA.IN': '7',
  'USA.OH': '5.75',
  'USA.TX': '6.25',
  'USA.CO': '2.9',
  'USA.MT': '0',
  'USA.OR': '0',
  'USA.NH': '0',
  'USA.DE': '0',
  'USA.AK': '0',
  'USA.CA': '7.25',
  'USA.NY': '4',
  'USA.MI': '6',
  'CAN.AB': '5',
  'CAN.SK': '11',
  'CAN.MB': '12',
  'CAN.BC': '12',
  'CAN.ON': '13',
  'CAN.QC': '14.975',
  'CAN.NB': '15',
  'CAN.NS': '14',
  'CAN.PE': '15',
  'CAN.NL': '15',
  'CAN.YT': '5',
  'CAN.NT': '5',
  'CAN.NU': '5',
};
/** States not in the table: a 5% base rate. */
export const DEFAULT_US_TAX_RATE = '5';

export function taxRatePct(country: string, region: string): Dec {
  const r = TAX_RATES[`${country}.${region.toUpperCase()}`];
  if (r !== undefined) return toDecimal(r);
  return country === 'USA' ? toDecimal(DEFAULT_US_TAX_RATE) : ZERO;
}

/** Product categories (3.8) whose goods are agricultural inputs, exempt from sales tax. */
export const TAX_EXEMPT_PRODUCT_CATEGORIES = [
  'chemical',
  'seed',
  'feed',
  'dry_feed',
  'liquid_fertilizer',
  'house_special',
] as const;
export function isTaxExemptCategory(productCategory: string): boolean {
  return (TAX_EXEMPT_PRODUCT_CATEGORIES as readonly string[]).includes(productCategory);
}

/**
 * Card surcharge rates: the US at most 3% (card network cap) and none where state law forbids surcharging (CT, MA);
 * Canada at most 2.4% (card network cap since 2022). 'Effective' is the rounded amount over what the card pays.
 */
export const CARD_SURCHARGE_PCT: Readonly<Record<string, string>> = { USA: '3', CAN: '2.4', AUS: '1.5' };
export const NO_SURCHARGE_REGIONS = ['USA.CT', 'USA.MA'] as const;

export type CardSurcharge = { amount: string; applied: boolean; effectivePct: string };

export function cardSurcharge(input: {
  country: string;
  billingRegion: string | null;
  cardPaidAmount: Dec;
  applied: boolean;
}): CardSurcharge {
  const banned =
    input.billingRegion !== null &&
    (NO_SURCHARGE_REGIONS as readonly string[]).includes(`${input.country}.${input.billingRegion.toUpperCase()}`);
  const pct = banned ? ZERO : toDecimal(CARD_SURCHARGE_PCT[input.country] ?? '0');
  const amount = cents(input.cardPaidAmount.times(pct).div(100));
  const effective = input.cardPaidAmount.isZero()
    ? ZERO
    : amount.div(input.cardPaidAmount).times(100).toDecimalPlaces(2, CrmDecimal.ROUND_HALF_UP);
  return { amount: moneyAmount(amount), applied: input.applied, effectivePct: effective.toFixed(2) };
}

// Promotions ------------------------------------------------------------------------------------------

export const PROMOTION_QUALIFIERS = ['house_brand', 'adjuvant', 'nutrition'] as const;
export type PromotionQualifier = (typeof PROMOTION_QUALIFIERS)[number];
/** A qualifier that is a condition on the cart, not on a line: the offer needs a valid referral code. */
export const REFERRAL_QUALIFIER = 'referral';

export type PromotionRow = {
  id: number;
  code: string | null;
  name: string;
  kind: 'amount_off' | 'percent_off' | 'free_shipping';
  value: string;
  currency: string | null;
  country: string | null;
  minSubtotal: string;
  firstPurchaseOnly: boolean;
  qualifiers: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
};

export type PromotionContext = {
  now: Date;
  country: string;
  currency: string;
  goodsSubtotal: Dec;
  /** Qualifiers any line of the cart carries. */
  lineQualifiers: ReadonlySet<string>;
  firstPurchase: boolean;
  referralValid: boolean;
};

export type PromotionRefusal =
  | 'inactive'
  | 'not_started'
  | 'ended'
  | 'wrong_region'
  | 'below_minimum'
  | 'not_first_purchase'
  | 'no_qualifying_item'
  | 'needs_referral';

/** Why a promotion does not apply to the cart now, or null when it does. */
export function promotionRefusal(p: PromotionRow, c: PromotionContext): PromotionRefusal | null {
  if (!p.active) return 'inactive';
  if (p.startsAt && c.now < p.startsAt) return 'not_started';
  if (p.endsAt && c.now > p.endsAt) return 'ended';
  if (p.country && p.country !== c.country) return 'wrong_region';
  if (p.currency && p.currency !== c.currency) return 'wrong_region';
  if (c.goodsSubtotal.lessThan(p.minSubtotal)) return 'below_minimum';
  if (p.firstPurchaseOnly && !c.firstPurchase) return 'not_first_purchase';
  if (p.qualifiers.includes(REFERRAL_QUALIFIER) && !c.referralValid) return 'needs_referral';
  const lineQualifiers = p.qualifiers.filter((q) => q !== REFERRAL_QUALIFIER);
  if (lineQualifiers.length > 0 && !lineQualifiers.some((q) => c.lineQualifiers.has(q))) return 'no_qualifying_item';
  return null;
}

export type AppliedPromotion = { id: number; name: string; kind: PromotionRow['kind']; amount: string };

/**
 * The promotions that apply: every automatic offer (code null) whose conditions hold, and the promotion of the
 * cart's promo code when its conditions hold. `promoCodeRefusal` says why a typed code does not apply
 * ('unknown' when no promotion has it) — the caller answers invalid_promo_code.
 */
export function evaluatePromotions(
  rows: readonly PromotionRow[],
  promoCode: string | null,
  c: PromotionContext,
): { applied: PromotionRow[]; promoCodeRefusal: PromotionRefusal | 'unknown' | null } {
  const applied: PromotionRow[] = [];
  for (const p of rows) if (p.code === null && promotionRefusal(p, c) === null) applied.push(p);
  let promoCodeRefusal: PromotionRefusal | 'unknown' | null = null;
  if (promoCode) {
    const row = rows.find((p) => p.code !== null && p.code.toUpperCase() === promoCode.trim().toUpperCase());
    if (!row) promoCodeRefusal = 'unknown';
    else {
      promoCodeRefusal = promotionRefusal(row, c);
      if (promoCodeRefusal === null) applied.push(row);
    }
  }
  return { applied, promoCodeRefusal };
}

// Totals -----------------------------------------------------------------------------------------------

export type TotalsLine = { partitionKey: string; unitPrice: string; quantity: number; taxExempt: boolean };
export type TotalsPartition = { key: string; shipping: Dec; taxCountry: string; taxRegion: string | null };

export type CheckoutTotals = {
  goodsSubtotal: string;
  discountTotal: string;
  shippingTotal: string;
  shippingDiscountTotal: string;
  taxTotal: string;
  paymentFeeTotal: string;
  total: string;
};

/**
 * Totals, exact to the cent: discounts come off the goods (never below zero) and are shared over the partitions'
 * taxable goods in proportion; tax is per partition at its destination's rate on taxable goods after their share
 * of the discount (shipping is not taxed); the card surcharge is a percentage of what the card pays; total =
 * goods − discounts + shipping − shipping discount + tax + payment fee.
 */
export function computeTotals(input: {
  lines: readonly TotalsLine[];
  partitions: readonly TotalsPartition[];
  promotions: readonly PromotionRow[];
  country: string;
  billingRegion: string | null;
  paymentTerm: PaymentTerm | null;
}): {
  totals: CheckoutTotals;
  discounts: AppliedPromotion[];
  surcharge: CardSurcharge;
  partitionTax: Record<string, string>;
} {
  const goods = input.lines.reduce((s, l) => s.plus(toDecimal(l.unitPrice).times(l.quantity)), ZERO);
  const shipping = input.partitions.reduce((s, p) => s.plus(p.shipping), ZERO);
  const discounts: AppliedPromotion[] = [];
  let discountLeft = goods;
  let shippingDiscount = ZERO;
  for (const p of input.promotions) {
    if (p.kind === 'free_shipping') {
      const amount = shipping.minus(shippingDiscount);
      shippingDiscount = shippingDiscount.plus(amount);
      discounts.push({ id: p.id, name: p.name, kind: p.kind, amount: moneyAmount(amount) });
      continue;
    }
    const raw = p.kind === 'amount_off' ? toDecimal(p.value) : cents(goods.times(p.value).div(100));
    const amount = raw.greaterThan(discountLeft) ? discountLeft : raw;
    discountLeft = discountLeft.minus(amount);
    discounts.push({ id: p.id, name: p.name, kind: p.kind, amount: moneyAmount(amount) });
  }
  const discountTotal = goods.minus(discountLeft);
  const factor = goods.isZero() ? ZERO : discountLeft.div(goods);
  let tax = ZERO;
  const partitionTax: Record<string, string> = {};
  for (const p of input.partitions) {
    const taxable = input.lines
      .filter((l) => l.partitionKey === p.key && !l.taxExempt)
      .reduce((s, l) => s.plus(toDecimal(l.unitPrice).times(l.quantity)), ZERO);
    const rate = p.taxRegion ? taxRatePct(p.taxCountry, p.taxRegion) : ZERO;
    const t = cents(taxable.times(factor).times(rate).div(100));
    partitionTax[p.key] = moneyAmount(t);
    tax = tax.plus(t);
  }
  const beforeFee = discountLeft.plus(shipping).minus(shippingDiscount).plus(tax);
  const isCard = input.paymentTerm !== null && carriesCardSurcharge(input.paymentTerm);
  const surcharge = cardSurcharge({
    country: input.country,
    billingRegion: input.billingRegion,
    cardPaidAmount: beforeFee,
    applied: isCard,
  });
  const fee = isCard ? toDecimal(surcharge.amount) : ZERO;
  return {
    totals: {
      goodsSubtotal: moneyAmount(goods),
      discountTotal: moneyAmount(discountTotal),
      shippingTotal: moneyAmount(shipping),
      shippingDiscountTotal: moneyAmount(shippingDiscount),
      taxTotal: moneyAmount(tax),
      paymentFeeTotal: moneyAmount(fee),
      total: moneyAmount(beforeFee.plus(fee)),
    },
    discounts,
    surcharge,
    partitionTax,
  };
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
] as const;
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
    applicationState: text(3).nullable().optional(),
    deliveryContactId: idRef.nullable().optional(),
    orderSpecialInstructions: text(1000).optional(),
  })
  .strict();
export type PartitionShippingRequest = z.infer<typeof partitionShippingRequestSchema>;

export const paymentRequestSchema = z
  .object({ ...cartRef, paymentTerms: z.enum(PAYMENT_TERMS), cardToken: text(200).min(1).nullable().optional() })
  .strict();
export const billingAddressRequestSchema = z.object({ ...cartRef, billingAddressId: idRef.nullable() }).strict();
export const promoCodeRequestSchema = z.object({ ...cartRef, promoCode: text(40).nullable() }).strict();
export const referralCodeRequestSchema = z.object({ ...cartRef, referralCode: text(40).nullable() }).strict();
export const rupHolderRequestSchema = z.object({ ...cartRef, rupHolderId: idRef.nullable() }).strict();
export const pickupContactRequestSchema = z
  .object({ ...cartRef, contactEmail: text(254).nullable(), contactPhone: text(40).nullable() })
  .strict();
export const notesRequestSchema = z.object({ ...cartRef, notes: text(2000) }).strict();
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

export const addressWriteResponseSchema = addressSchema;
export const addressListSchema = z.object({ addresses: z.array(addressSchema) });
export const deliveryContactListSchema = z.object({ contacts: z.array(deliveryContactSchema) });
export const applicatorLicenceListSchema = z.object({ licences: z.array(applicatorLicenceSchema) });

/** Whether a term can be chosen at all by the client (never a removed term: the server checks the region's list). */
export function paymentTermLabelKey(term: PaymentTerm): string {
  return `store.checkout.term.${term.replace(/[{}]/g, '')}`;
}
