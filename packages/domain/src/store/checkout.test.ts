import { describe, expect, it } from 'vitest';
import { toDecimal } from '../crm/exact.ts';
import {
  checkoutSections,
  deliveryTimingProblem,
  errorSection,
  partitionKey,
  promiseAvailable,
  shownShippingMethod,
  CHECKOUT_ERROR_CODES,
  CART_ERROR_SECTIONS,
  ERROR_SECTION_OF,
} from './checkout.ts';
import { addressProblems, addressInputSchema, deliveryContactProblems } from './checkout-addresses.ts';
import { computeTotals, evaluatePromotions, partitionShipping, type PromotionRow } from './checkout-money.ts';
import { availablePaymentTerms } from './payment-terms.ts';

const today = '2026-11-22';
const none = { shipping: false, payment: false, otherInfo: false, summary: false };

describe('sections (4.3)', () => {
  it('requires nothing at first in normal checkout and shipping, payment and summary in express', () => {
    const normal = checkoutSections(false, none);
    expect(Object.values(normal).every((s) => !s.required)).toBe(true);
    const express = checkoutSections(true, { ...none, shipping: true });
    expect(express.shipping).toEqual({ filled: true, required: true });
    expect(express.payment.required).toBe(true);
    expect(express.summary.required).toBe(true);
    expect(express.otherInfo.required).toBe(false);
  });
});

describe('partitions and shipping method', () => {
  it('keys a partition by seller and warehouse', () => expect(partitionKey(3, 1)).toBe('seller-3.warehouse-1'));
  it('shows delivery to an address not among the user’s as external_delivery', () => {
    expect(shownShippingMethod('delivery', 5, [5, 6])).toBe('delivery');
    expect(shownShippingMethod('delivery', 9, [5, 6])).toBe('external_delivery');
    expect(shownShippingMethod('pickup', null, [])).toBe('pickup');
  });
});

describe('delivery timing', () => {
  const base = { method: 'delivery' as const, notBefore: null, notAfter: null, today, promiseAvailable: true };
  it('needs a real timing for delivery and N/A for pickup', () => {
    expect(deliveryTimingProblem({ ...base, timing: null })).toBe('invalid_fulfillment_promise');
    expect(deliveryTimingProblem({ ...base, timing: 'N/A' })).toBe('invalid_fulfillment_promise');
    expect(deliveryTimingProblem({ ...base, timing: 'immediate_no_promise' })).toBeNull();
    expect(deliveryTimingProblem({ ...base, method: 'pickup', timing: 'N/A' })).toBeNull();
    expect(deliveryTimingProblem({ ...base, method: 'pickup', timing: 'immediate_promise' })).toBe(
      'invalid_fulfillment_promise',
    );
  });
  it('promises only where the warehouse can', () => {
    expect(deliveryTimingProblem({ ...base, timing: 'immediate_promise', promiseAvailable: false })).toBe(
      'invalid_fulfillment_promise',
    );
    expect(promiseAvailable({ country: 'USA', region: 'IA' }, { country: 'USA', region: 'IL' })).toBe(true);
    expect(promiseAvailable({ country: 'USA', region: 'IA' }, { country: 'USA', region: 'TX' })).toBe(false);
    expect(promiseAvailable({ country: 'USA', region: 'IA' }, { country: 'CAN', region: 'MB' })).toBe(false);
  });
  it('checks future dates: after today, in order, within 180 days', () => {
    const f = (notBefore: string | null, notAfter: string | null) =>
      deliveryTimingProblem({ ...base, timing: 'future_shipment_groups', notBefore, notAfter });
    expect(f('2026-12-01', '2026-12-15')).toBeNull();
    expect(f('2026-11-22', '2026-12-15')).toBe('invalid_future_delivery_date');
    expect(f('2026-12-15', '2026-12-01')).toBe('invalid_future_delivery_date');
    expect(f('2026-12-01', '2027-06-01')).toBe('invalid_future_delivery_date');
    expect(f('2026-12-01', null)).toBe('invalid_future_delivery_date');
  });
});

describe('contacts and addresses', () => {
  it('requires the 5.5 contact fields', () => {
    const problems = deliveryContactProblems({
      firstName: '',
      lastName: 'Olsen',
      email: 'x',
      phoneNumber: '',
      country: 'USA',
      aal1: 'ZZ',
    });
    expect(problems).toEqual([
      { field: 'firstName', problem: 'required' },
      { field: 'email', problem: 'invalid' },
      { field: 'phone', problem: 'required' },
      { field: 'aal1', problem: 'invalid' },
    ]);
    expect(
      deliveryContactProblems({
        firstName: 'Ann',
        lastName: 'Olsen',
        email: 'ann@farm.test',
        phoneNumber: '515-555-0100',
        country: 'USA',
        aal1: 'IA',
      }),
    ).toEqual([]);
  });
  it('validates postal addresses by country', () => {
    const us = addressInputSchema.parse({
      addressType: 'shipping_address',
      format: 'postal',
      line1: '1 Farm Rd',
      city: 'Ames',
      region: 'IA',
      postalCode: '50010',
      country: 'USA',
    });
    expect(addressProblems(us)).toEqual([]);
    expect(addressProblems({ ...us, postalCode: 'S7K 6P6' })).toEqual([{ field: 'postalCode', problem: 'invalid' }]);
    expect(addressProblems({ ...us, region: 'SK' })).toEqual([{ field: 'region', problem: 'invalid' }]);
    expect(addressProblems({ ...us, country: 'CAN', region: 'SK', postalCode: 'S7K 6P6' })).toEqual([]);
  });
  it('validates a legal land location in a prairie province', () => {
    const lll = addressInputSchema.parse({
      addressType: 'shipping_address',
      format: 'can_lll',
      region: 'SK',
      country: 'CAN',
      lllQuarter: 'NE',
      lllSection: 12,
      lllTownship: 34,
      lllRange: 5,
      lllMeridian: 'W3',
    });
    expect(addressProblems(lll)).toEqual([]);
    expect(
      addressProblems({ ...lll, region: 'ON', lllSection: 37, lllTownship: 127, lllRange: 0, lllMeridian: 'W7' }).map(
        (p) => p.field,
      ),
    ).toEqual(['region', 'lllSection', 'lllTownship', 'lllRange', 'lllMeridian']);
  });
});

const promo = (over: Partial<PromotionRow>): PromotionRow => ({
  id: 1,
  code: null,
  name: 'Offer',
  kind: 'amount_off',
  value: '250',
  currency: 'USD',
  country: 'USA',
  minSubtotal: '0',
  firstPurchaseOnly: false,
  qualifiers: [],
  startsAt: null,
  endsAt: null,
  active: true,
  ...over,
});

describe('promotions (9.5 offer as data)', () => {
  const offer = promo({
    name: '$250 off your first store purchase',
    minSubtotal: '10000',
    firstPurchaseOnly: true,
    qualifiers: ['house_brand', 'adjuvant', 'nutrition'],
    endsAt: new Date('2024-09-30T23:59:59-05:00'),
  });
  const ctx = {
    now: new Date('2024-09-01T12:00:00Z'),
    country: 'USA',
    currency: 'USD',
    goodsSubtotal: toDecimal('12000'),
    lineQualifiers: new Set(['adjuvant']),
    firstPurchase: true,
    referralValid: false,
  };
  it('applies the offer when every condition holds', () =>
    expect(evaluatePromotions([offer], null, ctx).applied).toHaveLength(1));
  it('refuses it after its end, under the minimum, on a later purchase or with no qualifying item', () => {
    expect(evaluatePromotions([offer], null, { ...ctx, now: new Date('2024-10-01T12:00:00Z') }).applied).toHaveLength(
      0,
    );
    expect(evaluatePromotions([offer], null, { ...ctx, goodsSubtotal: toDecimal('9999.99') }).applied).toHaveLength(0);
    expect(evaluatePromotions([offer], null, { ...ctx, firstPurchase: false }).applied).toHaveLength(0);
    expect(evaluatePromotions([offer], null, { ...ctx, lineQualifiers: new Set() }).applied).toHaveLength(0);
  });
  it('says why a typed code does not apply', () => {
    const code = promo({ id: 2, code: 'SPRING10', kind: 'percent_off', value: '10', minSubtotal: '500' });
    expect(evaluatePromotions([code], 'spring10', ctx).applied.map((p) => p.id)).toEqual([2]);
    expect(evaluatePromotions([code], 'NOPE', ctx).promoCodeRefusal).toBe('unknown');
    expect(evaluatePromotions([code], 'SPRING10', { ...ctx, goodsSubtotal: toDecimal('100') }).promoCodeRefusal).toBe(
      'below_minimum',
    );
  });
  it('applies a referral offer only with a valid referral code', () => {
    const ref = promo({ id: 3, qualifiers: ['referral'], value: '100' });
    expect(evaluatePromotions([ref], null, ctx).applied).toHaveLength(0);
    expect(evaluatePromotions([ref], null, { ...ctx, referralValid: true }).applied).toHaveLength(1);
  });
});

describe('shipping and totals', () => {
  it('ships flat in Canada, by weight in the US, free over the threshold, pickup free', () => {
    expect(
      partitionShipping({
        method: 'delivery',
        country: 'CAN',
        flatShipping: true,
        goods: toDecimal('100'),
        weightLb: toDecimal('500'),
      }).toFixed(2),
    ).toBe('49.00');
    expect(
      partitionShipping({
        method: 'delivery',
        country: 'USA',
        flatShipping: false,
        goods: toDecimal('100'),
        weightLb: toDecimal('100'),
      }).toFixed(2),
    ).toBe('37.00');
    expect(
      partitionShipping({
        method: 'delivery',
        country: 'USA',
        flatShipping: false,
        goods: toDecimal('100'),
        weightLb: toDecimal('5000'),
      }).toFixed(2),
    ).toBe('250.00');
    expect(
      partitionShipping({
        method: 'delivery',
        country: 'USA',
        flatShipping: false,
        goods: toDecimal('2500'),
        weightLb: toDecimal('100'),
      }).toFixed(2),
    ).toBe('0.00');
    expect(
      partitionShipping({
        method: 'pickup',
        country: 'USA',
        flatShipping: false,
        goods: toDecimal('1'),
        weightLb: toDecimal('1'),
      }).toFixed(2),
    ).toBe('0.00');
  });

  it('adds goods, discounts, shipping, tax on taxable goods and the card surcharge exactly', () => {
    const r = computeTotals({
      lines: [
        { partitionKey: 'a', unitPrice: '100.10', quantity: 3, taxExempt: true },
        { partitionKey: 'a', unitPrice: '19.99', quantity: 1, taxExempt: false },
      ],
      partitions: [{ key: 'a', shipping: toDecimal('37.00'), taxCountry: 'USA', taxRegion: 'IA' }],
      promotions: [promo({ kind: 'percent_off', value: '10' })],
      country: 'USA',
      billingRegion: 'IA',
      paymentTerm: '{card_provider}_credit_card',
    });
    // goods 320.29; 10% off = 32.03; taxable 19.99 × 0.9 × 6% = 1.08; card pays 326.34
    expect(r.totals).toEqual({
      goodsSubtotal: '320.29',
      discountTotal: '32.03',
      shippingTotal: '37.00',
      shippingDiscountTotal: '0.00',
      taxTotal: '1.08',
      paymentFeeTotal: '9.79',
      total: '336.13',
    });
    expect(r.surcharge).toEqual({ amount: '9.79', applied: true, effectivePct: '3.00' }); // 3% of 326.34
  });

  it('shows the surcharge unapplied for other terms and none where surcharging is banned', () => {
    const base = {
      lines: [{ partitionKey: 'a', unitPrice: '1000', quantity: 1, taxExempt: true }],
      partitions: [{ key: 'a', shipping: toDecimal('0'), taxCountry: 'USA', taxRegion: 'IA' }],
      promotions: [],
      country: 'USA',
    };
    const check = computeTotals({ ...base, billingRegion: 'IA', paymentTerm: 'check' });
    expect(check.surcharge).toEqual({ amount: '30.00', applied: false, effectivePct: '3.00' });
    expect(check.totals.paymentFeeTotal).toBe('0.00');
    expect(
      computeTotals({ ...base, billingRegion: 'CT', paymentTerm: '{card_provider}_credit_card' }).surcharge.amount,
    ).toBe('0.00');
    expect(
      computeTotals({ ...base, country: 'CAN', billingRegion: 'SK', paymentTerm: 'offline_credit_card' }).surcharge,
    ).toEqual({ amount: '24.00', applied: true, effectivePct: '2.40' });
  });

  it('never discounts below zero and takes free shipping off as a shipping discount', () => {
    const r = computeTotals({
      lines: [{ partitionKey: 'a', unitPrice: '50', quantity: 1, taxExempt: true }],
      partitions: [{ key: 'a', shipping: toDecimal('31'), taxCountry: 'USA', taxRegion: 'IA' }],
      promotions: [promo({ value: '250' }), promo({ id: 2, kind: 'free_shipping' })],
      country: 'USA',
      billingRegion: null,
      paymentTerm: 'check',
    });
    expect(r.totals.discountTotal).toBe('50.00');
    expect(r.totals.shippingDiscountTotal).toBe('31.00');
    expect(r.totals.total).toBe('0.00');
  });
});

describe('errors (8.3) and payment terms', () => {
  it('gives every checkout code a cart error section', () => {
    for (const code of CHECKOUT_ERROR_CODES) expect(CART_ERROR_SECTIONS).toContain(ERROR_SECTION_OF[code]);
    expect(errorSection('invalid_checkout_cart_content', 'ineligible_items')).toBe('ineligible_items');
    expect(errorSection('payment_failed')).toBe('payment');
  });
  it('never offers the removed terms', () => {
    for (const r of ['US', 'CA'] as const) {
      const terms = availablePaymentTerms(r);
      expect(terms).not.toContain('pay_now');
      expect(terms).not.toContain('{brand}_eft');
      expect(terms).not.toContain('{card_provider}_ach');
    }
  });
});
