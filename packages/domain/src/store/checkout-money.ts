// The checkout's money (platform.md 3.5, 9.3, 9.5; decision 021): shipping, sales tax, card surcharge, promotions
// and the order totals, all with exact decimals.

import { CrmDecimal, toDecimal, type CrmDecimal as Dec } from '../crm/exact.ts';
import { carriesCardSurcharge, type PaymentTerm } from './payment-terms.ts';
import type { CheckoutShippingMethod } from './checkout.ts';

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
