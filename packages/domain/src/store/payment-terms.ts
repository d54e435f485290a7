// The store's payment terms (platform.md 9.3): the full list, the ones removed from what a buyer is offered, the
// groups the checkout shows them in, and which terms each store region offers.
import { z } from 'zod';
import { isStoreAreaOn, type StoreRegion } from './regions.ts';

/**
 * Every payment term of platform.md 9.3, in the spec's order. Two words are placeholders, kept as the spec writes
 * them: `{brand}` is the partner's brand short word (branding.shortName, lower-cased) and `{card_provider}` the card
 * processor's name; `resolvePaymentTerm` turns a term into the wire value a partner uses ('{brand}_financing' →
 * 'acme_financing'), `parsePaymentTerm` reads one back.
 */
export const PAYMENT_TERMS = [
  'check',
  '28_eom',
  '{card_provider}_ach',
  '{brand}_ach',
  '{brand}_eft',
  'acss_debit',
  '{brand}_financing',
  'use_requested_financing',
  'use_financing',
  'request_financing',
  '{card_provider}_credit_card',
  'offline_credit_card',
  'apply_for_operating_line',
  'complete_operating_line_application',
  'accept_operating_line_terms',
  'use_operating_line',
  'trade_credit',
  'prepay_program',
  'ach',
  'inputs_financing',
  'pay_now',
] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];

export const paymentTermSchema = z.enum(PAYMENT_TERMS);

/** 'The {card_provider}_ach, pay_now and {brand}_eft are removed from the available payment terms' (9.3). */
export const REMOVED_PAYMENT_TERMS = [
  '{card_provider}_ach',
  'pay_now',
  '{brand}_eft',
] as const satisfies readonly PaymentTerm[];

export function isPaymentTerm(value: unknown): value is PaymentTerm {
  return typeof value === 'string' && (PAYMENT_TERMS as readonly string[]).includes(value);
}

export function isRemovedPaymentTerm(term: PaymentTerm): boolean {
  return (REMOVED_PAYMENT_TERMS as readonly PaymentTerm[]).includes(term);
}

/**
 * How the checkout groups the terms. 'Financing terms form their own group' (9.3); the rest is decided here:
 * - financing: the partner's financing, the financing requests and uses, the operating line's four steps, inputs
 *   financing and trade credit (all pay later, against credit someone extends);
 * - card: the card processor's credit card and a card taken offline (both carry the card surcharge);
 * - bank: the debits and transfers (ACH, the brand's ACH and EFT, Canadian pre-authorised debit, pay now);
 * - offline: paid outside the store after the order (a mailed check, 28 days end of month on account);
 * - program: paid in advance through a prepay program.
 */
export const PAYMENT_TERM_GROUPS = ['financing', 'card', 'bank', 'offline', 'program'] as const;
export type PaymentTermGroup = (typeof PAYMENT_TERM_GROUPS)[number];

const GROUP_OF: { readonly [T in PaymentTerm]: PaymentTermGroup } = {
  check: 'offline',
  '28_eom': 'offline',
  '{card_provider}_ach': 'bank',
  '{brand}_ach': 'bank',
  '{brand}_eft': 'bank',
  acss_debit: 'bank',
  '{brand}_financing': 'financing',
  use_requested_financing: 'financing',
  use_financing: 'financing',
  request_financing: 'financing',
  '{card_provider}_credit_card': 'card',
  offline_credit_card: 'card',
  apply_for_operating_line: 'financing',
  complete_operating_line_application: 'financing',
  accept_operating_line_terms: 'financing',
  use_operating_line: 'financing',
  trade_credit: 'financing',
  prepay_program: 'program',
  ach: 'bank',
  inputs_financing: 'financing',
  pay_now: 'bank',
};

export function paymentTermGroup(term: PaymentTerm): PaymentTermGroup {
  return GROUP_OF[term];
}

export function isFinancingTerm(term: PaymentTerm): boolean {
  return GROUP_OF[term] === 'financing';
}

/** 'Credit cards carry a surcharge with an effective percentage' (9.3): the terms the surcharge applies to. */
export function carriesCardSurcharge(term: PaymentTerm): boolean {
  return GROUP_OF[term] === 'card';
}

/**
 * Terms that only exist in one country's banking (decided here): ACH and the brand's ACH are US transfers, ACSS
 * debit is Canada's pre-authorised debit. Every other term is not tied to a country.
 */
const BANK_TERM_REGIONS: { readonly [T in PaymentTerm]?: readonly StoreRegion[] } = {
  ach: ['US'],
  '{brand}_ach': ['US'],
  acss_debit: ['CA'],
};

/**
 * The terms a buyer in the region may be offered, in PAYMENT_TERMS order: never a removed term; check only where
 * the region has pay by check on (9.2); the country-bound bank terms only in their country; the financing group
 * only where the store itself ('direct') is on, since the financing is the store's; nothing in Quebec (unsupported).
 */
export function availablePaymentTerms(region: StoreRegion): PaymentTerm[] {
  if (region === 'QC') return [];
  const storeOn = isStoreAreaOn(region, 'direct');
  return PAYMENT_TERMS.filter((term) => {
    if (isRemovedPaymentTerm(term)) return false;
    if (term === 'check') return isStoreAreaOn(region, 'pay-by-check');
    const regions = BANK_TERM_REGIONS[term];
    if (regions && !regions.includes(region)) return false;
    if (isFinancingTerm(term) && !storeOn) return false;
    return true;
  });
}

/** The available terms of a region by group, groups in PAYMENT_TERM_GROUPS order, empty groups left out. */
export function groupedPaymentTerms(region: StoreRegion): { group: PaymentTermGroup; terms: PaymentTerm[] }[] {
  const terms = availablePaymentTerms(region);
  return PAYMENT_TERM_GROUPS.map((group) => ({ group, terms: terms.filter((t) => GROUP_OF[t] === group) })).filter(
    (g) => g.terms.length > 0,
  );
}

export type PaymentTermWords = { brand: string; cardProvider: string };

/** A word as it appears in a term value: lower case, runs of anything but letters and digits as one '_'. */
function termWord(word: string): string {
  return word
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The wire value of a term for a partner: '{brand}_financing' with brand 'Acme Ag' → 'acme_ag_financing'. */
export function resolvePaymentTerm(term: PaymentTerm, words: PaymentTermWords): string {
  return term.replace('{brand}', termWord(words.brand)).replace('{card_provider}', termWord(words.cardProvider));
}

/** The term a wire value stands for with the partner's words, or null when it is none of them. */
export function parsePaymentTerm(value: string, words: PaymentTermWords): PaymentTerm | null {
  return PAYMENT_TERMS.find((term) => resolvePaymentTerm(term, words) === value) ?? null;
}
