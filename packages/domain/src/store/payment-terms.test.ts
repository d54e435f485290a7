import { describe, expect, it } from 'vitest';
import {
  PAYMENT_TERMS,
  REMOVED_PAYMENT_TERMS,
  availablePaymentTerms,
  carriesCardSurcharge,
  groupedPaymentTerms,
  isPaymentTerm,
  parsePaymentTerm,
  paymentTermGroup,
  paymentTermSchema,
  resolvePaymentTerm,
} from './payment-terms.ts';
import { STORE_REGIONS } from './regions.ts';

describe('payment terms (platform.md 9.3)', () => {
  it('lists the 21 terms of the spec, once each', () => {
    expect(PAYMENT_TERMS).toHaveLength(21);
    expect(new Set(PAYMENT_TERMS).size).toBe(21);
    expect(PAYMENT_TERMS).toContain('{brand}_financing');
    expect(PAYMENT_TERMS).toContain('{card_provider}_credit_card');
    expect(isPaymentTerm('inputs_financing')).toBe(true);
    expect(isPaymentTerm('bitcoin')).toBe(false);
    expect(paymentTermSchema.safeParse('28_eom').success).toBe(true);
    expect(paymentTermSchema.safeParse('pay_later').success).toBe(false);
  });

  it('removes the card provider ACH, pay now and the brand EFT', () => {
    expect([...REMOVED_PAYMENT_TERMS].sort()).toEqual(['pay_now', '{brand}_eft', '{card_provider}_ach'].sort());
    for (const region of STORE_REGIONS) {
      for (const removed of REMOVED_PAYMENT_TERMS) expect(availablePaymentTerms(region)).not.toContain(removed);
    }
  });

  it('puts the financing terms in their own group', () => {
    const financing = PAYMENT_TERMS.filter((t) => paymentTermGroup(t) === 'financing');
    expect(financing).toEqual([
      '{brand}_financing',
      'use_requested_financing',
      'use_financing',
      'request_financing',
      'apply_for_operating_line',
      'complete_operating_line_application',
      'accept_operating_line_terms',
      'use_operating_line',
      'trade_credit',
      'inputs_financing',
    ]);
    expect(paymentTermGroup('{card_provider}_credit_card')).toBe('card');
    expect(paymentTermGroup('offline_credit_card')).toBe('card');
    expect(paymentTermGroup('ach')).toBe('bank');
    expect(paymentTermGroup('acss_debit')).toBe('bank');
    expect(paymentTermGroup('check')).toBe('offline');
    expect(paymentTermGroup('28_eom')).toBe('offline');
    expect(paymentTermGroup('prepay_program')).toBe('program');
  });

  it('charges the card surcharge on card terms only', () => {
    expect(carriesCardSurcharge('{card_provider}_credit_card')).toBe(true);
    expect(carriesCardSurcharge('offline_credit_card')).toBe(true);
    expect(carriesCardSurcharge('ach')).toBe(false);
    expect(carriesCardSurcharge('{brand}_financing')).toBe(false);
  });

  it('offers check only where pay by check is on, and bank terms in their own country', () => {
    const us = availablePaymentTerms('US');
    const ca = availablePaymentTerms('CA');
    const au = availablePaymentTerms('AU');
    expect(us).toContain('check');
    expect(ca).toContain('check');
    expect(au).toContain('check');
    expect(availablePaymentTerms('QC')).toEqual([]);
    expect(us).toContain('ach');
    expect(us).toContain('{brand}_ach');
    expect(us).not.toContain('acss_debit');
    expect(ca).toContain('acss_debit');
    expect(ca).not.toContain('ach');
    expect(ca).toContain('inputs_financing');
    // Australia has no store of its own: no store financing, no US or Canadian debits.
    expect(au.filter((t) => paymentTermGroup(t) === 'financing')).toEqual([]);
    expect(au).not.toContain('ach');
    expect(au).toContain('{card_provider}_credit_card');
  });

  it('groups a region’s terms in the groups’ order, leaving empty groups out', () => {
    expect(groupedPaymentTerms('US').map((g) => g.group)).toEqual(['financing', 'card', 'bank', 'offline', 'program']);
    expect(groupedPaymentTerms('AU').map((g) => g.group)).toEqual(['card', 'offline', 'program']);
    expect(groupedPaymentTerms('QC')).toEqual([]);
    const flat = groupedPaymentTerms('CA').flatMap((g) => g.terms);
    expect([...flat].sort()).toEqual([...availablePaymentTerms('CA')].sort());
  });

  it('writes and reads the partner’s wire values', () => {
    const words = { brand: 'Acme Ag', cardProvider: 'Stripe' };
    expect(resolvePaymentTerm('{brand}_financing', words)).toBe('acme_ag_financing');
    expect(resolvePaymentTerm('{card_provider}_credit_card', words)).toBe('stripe_credit_card');
    expect(resolvePaymentTerm('check', words)).toBe('check');
    expect(parsePaymentTerm('acme_ag_ach', words)).toBe('{brand}_ach');
    expect(parsePaymentTerm('use_financing', words)).toBe('use_financing');
    expect(parsePaymentTerm('other_ach', words)).toBeNull();
  });
});
