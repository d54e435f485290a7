// A farm business's billing (issue 17, platform.md 7.5, docs/decisions/056): its saved payment methods (cards through
// the card provider's setup intent, bank accounts for ACH with micro-deposit or instant verification, one default),
// what it paid (store orders' charges, refunds, coupons), what it was paid (the grain book's payments to its client
// legal entities, by payout charge type) and the calls' wire shapes (snake_case on the wire, camelCase in the web).
// Only members with has_financial_access see or change any of it (FINANCIAL_ACCESS_PERMISSION, decision 052).

import { z } from 'zod';
import { MAX_TOTAL_ROWS } from '../lists/limits.ts';

export const PAYMENT_METHOD_KINDS = ['card', 'bank_account'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

export const PAYMENT_METHOD_STATUSES = ['verified', 'pending_verification', 'verification_failed'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];

export const BANK_VERIFICATION_METHODS = ['micro_deposits', 'instant'] as const;
export type BankVerificationMethod = (typeof BANK_VERIFICATION_METHODS)[number];

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;

/** platform.md 7.5: payouts/:payoutChargeType — eft (Canada's electronic funds transfer) or manual_ach (US ACH). */
export const PAYOUT_CHARGE_TYPES = ['eft', 'manual_ach'] as const;
export type PayoutChargeType = (typeof PAYOUT_CHARGE_TYPES)[number];

/** Wrong micro-deposit amounts allowed before the bank account's verification fails for good. */
export const MICRO_DEPOSIT_ATTEMPTS = 3;
/** Rows per page of the billing lists (payment history, charges, refunds, payouts). */
export const BILLING_PAGE_SIZE = 25;

/**
 * An ABA routing number: nine digits whose weighted sum (3, 7, 1 repeating) is a multiple of ten. A typo in one
 * digit always fails, so the bank is never asked about a number that cannot exist.
 */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(value[i]) * weights[i % 3]!;
  return sum % 10 === 0;
}

/** A micro-deposit amount as the user types it: cents under one dollar, '0.32' or '.32'. */
const microDepositAmount = z
  .string()
  .trim()
  .regex(/^0?\.\d{2}$/, 'Type each amount in dollars and cents under $1, e.g. 0.32.');

const moneyString = z.string();
const isoInstant = z.string();

export const billingPaymentMethodSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  /** Card brand ('Visa'); null for a bank account. */
  brand: z.string().nullable(),
  last4: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  bank_name: z.string().nullable(),
  account_holder_name: z.string().nullable(),
  account_type: z.enum(BANK_ACCOUNT_TYPES).nullable(),
  status: z.enum(PAYMENT_METHOD_STATUSES),
  verification_method: z.enum(BANK_VERIFICATION_METHODS).nullable(),
  /** Wrong micro-deposit tries left (bank accounts waiting for verification); null otherwise. */
  attempts_left: z.number().int().nullable(),
  is_default: z.boolean(),
  created_at: isoInstant,
});

export const billingCardsSchema = z.object({
  cards: z.array(billingPaymentMethodSchema),
  /** The card provider configured (CARD_PROVIDER), null when none: then no card can be added. */
  card_provider: z.string().nullable(),
});
export const billingBankAccountsSchema = z.object({ bank_accounts: z.array(billingPaymentMethodSchema) });

export const setupIntentSchema = z.object({
  setup_intent_id: z.string(),
  client_secret: z.string(),
  provider: z.string(),
});
export const setupIntentConfirmSchema = z.object({
  setup_intent_id: z.string().min(1).max(100),
  /** The provider's token for the card (never a card number). */
  token: z.string().min(1).max(200),
  make_default: z.boolean().optional(),
});

export const bankAccountCreateSchema = z.object({
  account_holder_name: z.string().trim().min(1).max(120),
  routing_number: z.string().trim().refine(isAbaRoutingNumber, 'A routing number is 9 digits (ABA), e.g. 110000000.'),
  account_number: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'An account number is 4 to 17 digits.'),
  account_type: z.enum(BANK_ACCOUNT_TYPES),
  verification_method: z.enum(BANK_VERIFICATION_METHODS),
});
export const bankAccountVerifySchema = z.object({ amounts: z.tuple([microDepositAmount, microDepositAmount]) });

export const billingMethodParamsSchema = z.object({
  enterprisePublicId: z.string().min(1).max(64),
  methodId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const billingHistoryQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/** One store order as billing shows it: what the farm business paid, how, and where the payment stands. */
export const billingPaymentSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  placed_at: isoInstant,
  amount: moneyString,
  currency: z.string(),
  payment_terms: z.string(),
  payment_status: z.string(),
  order_status: z.string(),
});
export const billingPaymentHistorySchema = z.object({
  payments: z.array(billingPaymentSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

/** A card charge: a store order the card provider authorised (its reference). */
export const billingChargeSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  amount: moneyString,
  currency: z.string(),
  status: z.string(),
  created_at: isoInstant,
});
export const billingChargesSchema = z.object({
  charges: z.array(billingChargeSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

/** A refund: a canceled order that had been charged or authorised; its amount goes back to the payer. */
export const billingRefundSchema = z.object({
  order_number: z.string(),
  amount: moneyString,
  currency: z.string(),
  payment_terms: z.string(),
  created_at: isoInstant,
});
export const billingRefundsSchema = z.object({
  refunds: z.array(billingRefundSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

export const billingCouponsSchema = z.object({
  /** Promo codes the farm business used on its orders, newest first: a page of them (`total` counts them all). */
  applied: z.array(
    z.object({
      code: z.string(),
      name: z.string().nullable(),
      order_number: z.string(),
      placed_at: isoInstant,
      discount: moneyString,
      currency: z.string(),
    }),
  ),
  /** The store's offers that apply by themselves now (no code to type), with their conditions. */
  available: z.array(
    z.object({
      name: z.string(),
      kind: z.string(),
      value: moneyString,
      currency: z.string().nullable(),
      min_subtotal: moneyString,
      first_purchase_only: z.boolean(),
      ends_at: isoInstant.nullable(),
    }),
  ),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

/** Subscriptions and generic (one-off) payments: none are sold yet, so these lists are empty (decision 056). */
export const billingOtherPaymentsSchema = z.object({
  payments: z.array(z.object({ id: z.string(), amount: moneyString, currency: z.string(), created_at: isoInstant })),
});

export const payoutParamsSchema = z.object({
  enterprisePublicId: z.string().min(1).max(64),
  payoutChargeType: z.enum(PAYOUT_CHARGE_TYPES),
  page: z.coerce.number().int().min(1).max(10_000),
});
export const payoutDownloadParamsSchema = payoutParamsSchema.omit({ page: true });
/**
 * The payouts CSV holds at most this many rows, newest first: the CRM's exports' bound (MAX_TOTAL_ROWS), so a
 * download never reads an unbounded list into memory.
 */
export const PAYOUT_CSV_MAX_ROWS = MAX_TOTAL_ROWS;

/** What the farm business was paid: one grain-book payment (decision 045) to one of its client legal entities. */
export const payoutSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  amount: moneyString,
  currency: z.string(),
  status: z.enum(['sent', 'settled', 'returned']),
  sent_at: isoInstant,
  settles_on: z.string().nullable(),
  settled_at: isoInstant.nullable(),
  payee: z.string(),
  market: z.string(),
  settlements: z.array(z.string()),
});
export const payoutPageSchema = z.object({
  payouts: z.array(payoutSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type PayoutRow = z.infer<typeof payoutSchema>;

/**
 * The payouts as CSV (decisions 034, 035: exact decimals, ISO dates and instants — a CSV is for spreadsheets, not
 * people's formats).
 */
export const PAYOUT_CSV_HEADER = [
  'reference',
  'status',
  'amount',
  'currency',
  'sent_at',
  'settles_on',
  'settled_at',
  'payee',
  'market',
  'settlements',
] as const;

export function payoutCsvRow(p: PayoutRow): (string | null)[] {
  return [
    p.reference,
    p.status,
    p.amount,
    p.currency,
    p.sent_at,
    p.settles_on,
    p.settled_at,
    p.payee,
    p.market,
    p.settlements.join(' '),
  ];
}
