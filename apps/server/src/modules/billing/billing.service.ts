// A farm business's billing (issue 17, platform.md 7.5, docs/decisions/056). Every call names the enterprise; the caller
// must be a member of it (else 404, like an unknown id: decision 052's IDOR rule; super admins pass as owners) and
// hold has_financial_access (6.2's enterprise permission, flags granted by hand included), else 403 with the one
// access-denied refusal. Cards and bank accounts are kept with the card provider of checkout (decision 021); only its
// references are stored.

import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  currencyForCountry,
  BILLING_PAGE_SIZE,
  FINANCIAL_ACCESS_PERMISSION,
  MICRO_DEPOSIT_ATTEMPTS,
  PAYOUT_CSV_HEADER,
  PAYOUT_CSV_MAX_ROWS,
  payoutCsvRow,
  toCsv,
  toDecimal,
  type PayoutChargeType,
  type bankAccountCreateSchema,
  type billingBankAccountsSchema,
  type billingCardsSchema,
  type billingChargesSchema,
  type billingCouponsSchema,
  type billingPaymentHistorySchema,
  type billingPaymentMethodSchema,
  type billingRefundsSchema,
  type payoutPageSchema,
  type setupIntentConfirmSchema,
  type setupIntentSchema,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { CardProvider } from '../checkout/checkout.public.ts';
import { enterpriseForAnyId } from '../enterprises/enterprises.public.ts';
import * as repo from './billing.repo.ts';

export type BillingDeps = { ctx: AppContext; cardProvider: CardProvider | null };

type Caller = { userId: string; enterprise: repo.BillingEnterprise };
type Wire<T extends z.ZodType> = z.infer<T>;

const NO_METHOD = 'No such payment method.';

/**
 * The caller on the enterprise, with financial access: the enterprises module's one check (404 for an enterprise they
 * are not in, 403 accessDenied(has_financial_access) without the flag; flags granted by hand and super admins pass).
 */
async function billingCaller(deps: BillingDeps, request: FastifyRequest, enterpriseId: string): Promise<Caller> {
  const session = await requireSession(deps.ctx, request);
  const { enterprise } = await enterpriseForAnyId(
    deps.ctx.database.db,
    session,
    enterpriseId,
    FINANCIAL_ACCESS_PERMISSION,
  );
  return {
    userId: session.user.id,
    enterprise: { id: enterprise.id, publicId: enterprise.publicId, name: enterprise.name },
  };
}

/**
 * billingCaller for a change to the farm business's cards and bank accounts: an admin acting as a member (any act-as
 * scope) adds or changes no payment method in their name — the store agreements' rule and refusal (403 forbidden).
 */
async function billingWriter(deps: BillingDeps, request: FastifyRequest, enterpriseId: string): Promise<Caller> {
  const caller = await billingCaller(deps, request, enterpriseId);
  if ((await requireSession(deps.ctx, request)).actor)
    throw new AppError('forbidden', 'Only a member changes payment methods, not an admin acting as them.');
  return caller;
}

function provider(deps: BillingDeps): CardProvider {
  if (!deps.cardProvider) throw new AppError('conflict', 'No card provider is configured (CARD_PROVIDER).');
  return deps.cardProvider;
}

function methodWire(m: repo.PaymentMethodRow): Wire<typeof billingPaymentMethodSchema> {
  return {
    id: m.id,
    kind: m.kind,
    brand: m.brand,
    last4: m.last4,
    exp_month: m.expMonth,
    exp_year: m.expYear,
    bank_name: m.bankName,
    account_holder_name: m.accountHolderName,
    account_type: m.accountType,
    status: m.status,
    verification_method: m.verificationMethod,
    attempts_left:
      m.status === 'pending_verification' && m.verificationMethod === 'micro_deposits'
        ? MICRO_DEPOSIT_ATTEMPTS - m.failedVerifications
        : null,
    is_default: m.isDefault,
    created_at: m.createdAt.toISOString(),
  };
}

// Cards ------------------------------------------------------------------------------------------------------------

export async function listCards(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
): Promise<Wire<typeof billingCardsSchema>> {
  const caller = await billingCaller(deps, request, enterpriseId);
  const rows = await repo.paymentMethodsOf(deps.ctx.database.db, caller.enterprise.id, 'card');
  return { cards: rows.map(methodWire), card_provider: deps.cardProvider?.name ?? null };
}

export async function createSetupIntent(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
): Promise<Wire<typeof setupIntentSchema>> {
  const caller = await billingWriter(deps, request, enterpriseId);
  const cards = provider(deps);
  const intent = await cards.createSetupIntent();
  await repo.insertSetupIntent(deps.ctx.database.db, {
    id: intent.id,
    enterpriseId: caller.enterprise.id,
    provider: cards.name,
    createdBy: caller.userId,
  });
  return { setup_intent_id: intent.id, client_secret: intent.clientSecret, provider: cards.name };
}

/**
 * Confirms a setup intent with the provider's token: the card is saved (the enterprise's default when it has none, or
 * when asked). A declined card saves nothing (402 card_declined) and leaves the intent open for another card.
 */
export async function confirmSetupIntent(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  body: Wire<typeof setupIntentConfirmSchema>,
): Promise<Wire<typeof billingPaymentMethodSchema>> {
  const caller = await billingWriter(deps, request, enterpriseId);
  const cards = provider(deps);
  return deps.ctx.database.db.transaction(async (tx) => {
    const intent = await repo.lockSetupIntent(tx, caller.enterprise.id, body.setup_intent_id);
    if (!intent) throw new AppError('not_found', 'No such setup intent.');
    if (intent.status !== 'requires_confirmation')
      throw new AppError('conflict', 'This setup intent is already confirmed.');
    const saved = await cards.confirmSetupIntent({ setupIntentId: intent.id, token: body.token });
    if (!saved.ok) {
      if (saved.reason === 'invalid_token')
        throw new AppError('invalid_request', 'The card token is not one the card provider gave.');
      throw new AppError('card_declined');
    }
    const makeDefault = body.make_default === true || !(await repo.hasDefault(tx, caller.enterprise.id));
    const row = await repo.insertPaymentMethod(tx, {
      enterpriseId: caller.enterprise.id,
      kind: 'card',
      provider: cards.name,
      providerReference: saved.reference,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      status: 'verified',
      createdBy: caller.userId,
    });
    if (makeDefault) await repo.setDefault(tx, caller.enterprise.id, row.id);
    await repo.completeSetupIntent(tx, intent.id, row.id);
    await audit(tx, request, {
      actorUserId: caller.userId,
      action: 'billing_card_added',
      targetType: 'enterprise',
      targetId: String(caller.enterprise.id),
      details: { paymentMethodId: row.id, brand: saved.brand, last4: saved.last4 },
    });
    return methodWire({ ...row, isDefault: makeDefault });
  });
}

// Bank accounts ------------------------------------------------------------------------------------------------------

export async function listBankAccounts(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
): Promise<Wire<typeof billingBankAccountsSchema>> {
  const caller = await billingCaller(deps, request, enterpriseId);
  const rows = await repo.paymentMethodsOf(deps.ctx.database.db, caller.enterprise.id, 'bank_account');
  return { bank_accounts: rows.map(methodWire) };
}

/** Adds a bank account for ACH: verified at once (instant) or waiting for the micro-deposits' amounts. */
export async function addBankAccount(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  body: Wire<typeof bankAccountCreateSchema>,
): Promise<Wire<typeof billingPaymentMethodSchema>> {
  const caller = await billingWriter(deps, request, enterpriseId);
  const bank = provider(deps);
  const saved = await bank.addBankAccount({
    holderName: body.account_holder_name,
    routingNumber: body.routing_number,
    accountNumber: body.account_number,
    accountType: body.account_type,
    verification: body.verification_method,
  });
  return deps.ctx.database.db.transaction(async (tx) => {
    const makeDefault = saved.status === 'verified' && !(await repo.hasDefault(tx, caller.enterprise.id));
    const row = await repo.insertPaymentMethod(tx, {
      enterpriseId: caller.enterprise.id,
      kind: 'bank_account',
      provider: bank.name,
      providerReference: saved.reference,
      last4: saved.last4,
      bankName: saved.bankName,
      accountHolderName: body.account_holder_name,
      accountType: body.account_type,
      status: saved.status,
      verificationMethod: body.verification_method,
      createdBy: caller.userId,
    });
    if (makeDefault) await repo.setDefault(tx, caller.enterprise.id, row.id);
    await audit(tx, request, {
      actorUserId: caller.userId,
      action: 'billing_bank_account_added',
      targetType: 'enterprise',
      targetId: String(caller.enterprise.id),
      details: { paymentMethodId: row.id, last4: saved.last4, verification: body.verification_method },
    });
    return methodWire({ ...row, isDefault: makeDefault });
  });
}

/**
 * Confirms the micro-deposits: the two amounts match → verified (the default when the enterprise has none); they do
 * not → 400 micro_deposits_incorrect, a try counted, and after MICRO_DEPOSIT_ATTEMPTS wrong tries the account's
 * verification fails for good (remove it and add it again).
 */
export async function verifyBankAccount(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  methodId: number,
  amounts: readonly [string, string],
): Promise<Wire<typeof billingPaymentMethodSchema>> {
  const caller = await billingWriter(deps, request, enterpriseId);
  const bank = provider(deps);
  const db = deps.ctx.database.db;
  const outcome = await db.transaction(async (tx) => {
    const row = await repo.lockPaymentMethod(tx, caller.enterprise.id, 'bank_account', methodId);
    if (!row) throw new AppError('not_found', NO_METHOD);
    if (row.status === 'verified') throw new AppError('conflict', 'This bank account is already verified.');
    if (row.status === 'verification_failed' || row.verificationMethod !== 'micro_deposits')
      throw new AppError('conflict', 'This bank account cannot be verified any more. Remove it and add it again.');
    const ok = await bank.verifyMicroDeposits({ reference: row.providerReference, amounts });
    if (!ok) {
      const failed = row.failedVerifications + 1;
      const updated = await repo.updatePaymentMethod(tx, row.id, {
        failedVerifications: failed,
        ...(failed >= MICRO_DEPOSIT_ATTEMPTS ? { status: 'verification_failed' as const } : {}),
      });
      return { ok: false as const, row: updated };
    }
    const makeDefault = !(await repo.hasDefault(tx, caller.enterprise.id));
    const updated = await repo.updatePaymentMethod(tx, row.id, { status: 'verified', isDefault: makeDefault });
    await audit(tx, request, {
      actorUserId: caller.userId,
      action: 'billing_bank_account_verified',
      targetType: 'enterprise',
      targetId: String(caller.enterprise.id),
      details: { paymentMethodId: row.id },
    });
    return { ok: true as const, row: updated };
  });
  // The wrong try is committed (it counts), then refused.
  if (!outcome.ok)
    throw new AppError('micro_deposits_incorrect', undefined, {
      attempts_left: Math.max(0, MICRO_DEPOSIT_ATTEMPTS - outcome.row.failedVerifications),
    });
  return methodWire(outcome.row);
}

// Either kind: default and removal ------------------------------------------------------------------------------------

export async function makeDefault(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  kind: 'card' | 'bank_account',
  methodId: number,
): Promise<Wire<typeof billingPaymentMethodSchema>> {
  const caller = await billingWriter(deps, request, enterpriseId);
  return deps.ctx.database.db.transaction(async (tx) => {
    const row = await repo.lockPaymentMethod(tx, caller.enterprise.id, kind, methodId);
    if (!row) throw new AppError('not_found', NO_METHOD);
    if (row.status !== 'verified') throw new AppError('bank_account_not_verified');
    if (!row.isDefault) {
      await repo.setDefault(tx, caller.enterprise.id, row.id);
      await audit(tx, request, {
        actorUserId: caller.userId,
        action: 'billing_default_payment_method_changed',
        targetType: 'enterprise',
        targetId: String(caller.enterprise.id),
        details: { paymentMethodId: row.id, kind },
      });
    }
    return methodWire({ ...row, isDefault: true });
  });
}

/** Removes a card or bank account (kept for history, no longer offered); the next verified one becomes the default. */
export async function removeMethod(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  kind: 'card' | 'bank_account',
  methodId: number,
): Promise<{ removed: true }> {
  const caller = await billingWriter(deps, request, enterpriseId);
  await deps.ctx.database.db.transaction(async (tx) => {
    const row = await repo.lockPaymentMethod(tx, caller.enterprise.id, kind, methodId);
    if (!row) throw new AppError('not_found', NO_METHOD);
    await repo.updatePaymentMethod(tx, row.id, { removedAt: new Date(), isDefault: false });
    if (row.isDefault) await repo.promoteNextDefault(tx, caller.enterprise.id);
    await audit(tx, request, {
      actorUserId: caller.userId,
      action: 'billing_payment_method_removed',
      targetType: 'enterprise',
      targetId: String(caller.enterprise.id),
      details: { paymentMethodId: row.id, kind, last4: row.last4 },
    });
  });
  return { removed: true };
}

// What the enterprise paid -----------------------------------------------------------------------------------------

export async function paymentHistory(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  page: number,
): Promise<Wire<typeof billingPaymentHistorySchema>> {
  const caller = await billingCaller(deps, request, enterpriseId);
  const { rows, total } = await repo.orderPage(
    deps.ctx.database.db,
    caller.enterprise.id,
    BILLING_PAGE_SIZE,
    (page - 1) * BILLING_PAGE_SIZE,
  );
  return {
    payments: rows.map((o) => ({
      order_id: o.id,
      order_number: o.order_number,
      placed_at: new Date(o.placed_at).toISOString(),
      amount: o.total,
      currency: o.currency,
      payment_terms: o.payment_terms,
      payment_status: o.payment_status,
      order_status: o.status,
    })),
    page,
    page_size: BILLING_PAGE_SIZE,
    total,
  };
}

export async function listCharges(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  page: number,
): Promise<Wire<typeof billingChargesSchema>> {
  const caller = await billingCaller(deps, request, enterpriseId);
  const { rows, total } = await repo.cardCharges(
    deps.ctx.database.db,
    caller.enterprise.id,
    BILLING_PAGE_SIZE,
    (page - 1) * BILLING_PAGE_SIZE,
  );
  return {
    page,
    page_size: BILLING_PAGE_SIZE,
    total,
    charges: rows.map((o) => ({
      id: o.payment_reference ?? o.id,
      order_number: o.order_number,
      amount: o.total,
      currency: o.currency,
      status: o.status === 'canceled' ? 'refunded' : o.payment_status,
      created_at: new Date(o.placed_at).toISOString(),
    })),
  };
}

export async function listRefunds(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  page: number,
): Promise<Wire<typeof billingRefundsSchema>> {
  const caller = await billingCaller(deps, request, enterpriseId);
  const { rows, total } = await repo.refundedOrders(
    deps.ctx.database.db,
    caller.enterprise.id,
    BILLING_PAGE_SIZE,
    (page - 1) * BILLING_PAGE_SIZE,
  );
  return {
    page,
    page_size: BILLING_PAGE_SIZE,
    total,
    refunds: rows.map((o) => ({
      order_number: o.order_number,
      amount: o.total,
      currency: o.currency,
      payment_terms: o.payment_terms,
      created_at: new Date(o.updated_at).toISOString(),
    })),
  };
}

/**
 * The promo codes used on the farm business's orders, a page at a time as the charges and refunds (they grow with every
 * order), and the store's automatic offers active now (the store's few, the same on every page).
 */
export async function listCoupons(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  page: number,
): Promise<Wire<typeof billingCouponsSchema>> {
  const caller = await billingCaller(deps, request, enterpriseId);
  const db = deps.ctx.database.db;
  const [orders, offers] = await Promise.all([
    repo.ordersWithCodes(db, caller.enterprise.id, BILLING_PAGE_SIZE, (page - 1) * BILLING_PAGE_SIZE),
    repo.automaticOffers(db, new Date()),
  ]);
  return {
    page,
    page_size: BILLING_PAGE_SIZE,
    total: orders.total,
    applied: orders.rows.map((o) => ({
      code: (o.promo_code ?? '').toUpperCase(),
      name: o.promotion_name,
      order_number: o.order_number,
      placed_at: new Date(o.placed_at).toISOString(),
      discount: codeDiscount(o.discounts, o.promotion_name),
      currency: o.currency,
    })),
    available: offers.map((p) => ({
      name: p.name,
      kind: p.kind,
      value: p.value,
      currency: p.currency,
      min_subtotal: p.min_subtotal,
      first_purchase_only: p.first_purchase_only,
      ends_at: p.ends_at ? new Date(p.ends_at).toISOString() : null,
    })),
  };
}

/**
 * What the code took off the order: its own discount line (by the promotion's name), else the order's discounts added
 * up — exactly (decimal strings, never binary floating point).
 */
function codeDiscount(discounts: readonly { name: string; amount: string }[], name: string | null): string {
  const own = name === null ? [] : discounts.filter((d) => d.name === name);
  return (own.length > 0 ? own : discounts)
    .reduce((sum, d) => sum.plus(toDecimal(d.amount)), toDecimal('0'))
    .toFixed(2);
}

/** Subscriptions and one-off (generic) payments: none are sold, so the lists are empty — after the access check. */
export async function noPayments(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
): Promise<{ payments: [] }> {
  await billingCaller(deps, request, enterpriseId);
  return { payments: [] };
}

// What the enterprise was paid -------------------------------------------------------------------------------------

function payoutWire(p: repo.PayoutDbRow) {
  return {
    id: p.id,
    reference: p.provider_reference,
    amount: p.amount,
    currency: currencyForCountry(p.country_code),
    status: p.status,
    sent_at: new Date(p.sent_at).toISOString(),
    settles_on: p.settles_on,
    settled_at: p.settled_at ? new Date(p.settled_at).toISOString() : null,
    payee: p.payee,
    market: p.market,
    settlements: p.settlements ?? [],
  };
}

export async function payouts(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  type: PayoutChargeType,
  page: number,
): Promise<Wire<typeof payoutPageSchema>> {
  const caller = await billingCaller(deps, request, enterpriseId);
  const { rows, total } = await repo.payoutPage(
    deps.ctx.database.db,
    caller.enterprise.id,
    type,
    BILLING_PAGE_SIZE,
    (page - 1) * BILLING_PAGE_SIZE,
  );
  return { payouts: rows.map(payoutWire), page, page_size: BILLING_PAGE_SIZE, total };
}

/**
 * The payouts of the type as CSV, newest first, at most PAYOUT_CSV_MAX_ROWS (the CRM exports' bound: MAX_TOTAL_ROWS):
 * exact decimals, ISO dates (decisions 034, 035).
 */
export async function payoutsCsv(
  deps: BillingDeps,
  request: FastifyRequest,
  enterpriseId: string,
  type: PayoutChargeType,
): Promise<{ csv: string; fileName: string }> {
  const caller = await billingCaller(deps, request, enterpriseId);
  const { rows } = await repo.payoutPage(deps.ctx.database.db, caller.enterprise.id, type, PAYOUT_CSV_MAX_ROWS, 0);
  const csv = toCsv([[...PAYOUT_CSV_HEADER], ...rows.map((r) => payoutCsvRow(payoutWire(r)))]);
  const day = new Date().toISOString().slice(0, 10);
  return { csv, fileName: `payouts-${type}-${day}.csv` };
}
