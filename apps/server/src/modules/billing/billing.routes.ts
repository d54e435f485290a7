import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  bankAccountCreateSchema,
  bankAccountVerifySchema,
  billingBankAccountsSchema,
  billingCardsSchema,
  billingChargesSchema,
  billingCouponsSchema,
  billingHistoryQuerySchema,
  billingMethodParamsSchema,
  billingOtherPaymentsSchema,
  billingPaymentHistorySchema,
  billingPaymentMethodSchema,
  billingRefundsSchema,
  payoutDownloadParamsSchema,
  payoutPageSchema,
  payoutParamsSchema,
  setupIntentConfirmSchema,
  setupIntentSchema,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { crmErrors, crmWriteErrors, sendCsv } from '../../platform/crm-http.ts';
import { cardProviderFromEnv } from '../checkout/checkout.public.ts';
import {
  addBankAccount,
  confirmSetupIntent,
  createSetupIntent,
  listBankAccounts,
  listCards,
  listCharges,
  listCoupons,
  listRefunds,
  makeDefault,
  noPayments,
  paymentHistory,
  payoutsCsv,
  payouts,
  removeMethod,
  verifyBankAccount,
  type BillingDeps,
} from './billing.service.ts';

const BILLING = '/api/effu/enterprise/:enterprisePublicId';
const TAGS = ['billing'];
const enterpriseParams = z.object({ enterprisePublicId: z.string().min(1).max(64) });
const writeErrors = { ...crmWriteErrors, 402: apiErrorSchema };

/**
 * A farm business's billing (issue 17; platform.md 7.5's calls under /api/effu, scoped by the enterprise: setup_intent
 * and its confirm, cards, bank_accounts, payment_history, list-charges, refunds, coupons, subscriptions/payments,
 * generic_payment, payouts/:payoutChargeType/pages/:page and its download). snake_case on the wire. Members with
 * has_financial_access only (403 otherwise); another enterprise's ids answer 404. docs/decisions/056.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const deps: BillingDeps = { ctx, cardProvider: cardProviderFromEnv(ctx.env) };
  await app.register(paymentMethodRoutes, deps);
  await app.register(paymentRoutes, deps);
};

const config = { access: 'session' } as const;
const get = { config, schema: { tags: TAGS, params: enterpriseParams } } as const;

/** The payment methods: cards by setup intent, bank accounts and their verification, the default, removal. */
const paymentMethodRoutes: FastifyPluginAsyncZod<BillingDeps> = async (app, deps) => {
  // Cards ----------------------------------------------------------------------------------------------------------
  app.get(
    `${BILLING}/cards`,
    {
      ...get,
      schema: {
        ...get.schema,
        summary: "The farm business's saved cards",
        response: { 200: billingCardsSchema, ...crmErrors },
      },
    },
    async (request) => listCards(deps, request, request.params.enterprisePublicId),
  );
  app.post(
    `${BILLING}/setup_intent`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "A setup intent for the card provider's form (saving a card without charging it)",
        params: enterpriseParams,
        response: { 201: setupIntentSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSetupIntent(deps, request, request.params.enterprisePublicId)),
  );
  app.post(
    `${BILLING}/setup_intent/confirm`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Confirm a setup intent with the provider's card token: the card is saved (402 when declined)",
        params: enterpriseParams,
        body: setupIntentConfirmSchema,
        response: { 201: billingPaymentMethodSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await confirmSetupIntent(deps, request, request.params.enterprisePublicId, request.body)),
  );

  // Bank accounts ----------------------------------------------------------------------------------------------------
  app.get(
    `${BILLING}/bank_accounts`,
    {
      ...get,
      schema: {
        ...get.schema,
        summary: "The farm business's bank accounts for ACH, verified or waiting for verification",
        response: { 200: billingBankAccountsSchema, ...crmErrors },
      },
    },
    async (request) => listBankAccounts(deps, request, request.params.enterprisePublicId),
  );
  app.post(
    `${BILLING}/bank_accounts`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Add a bank account for ACH, verified by micro-deposits or instantly',
        params: enterpriseParams,
        body: bankAccountCreateSchema,
        response: { 201: billingPaymentMethodSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addBankAccount(deps, request, request.params.enterprisePublicId, request.body)),
  );
  app.post(
    `${BILLING}/bank_accounts/:methodId/verify`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Verify a bank account with the two micro-deposit amounts',
        params: billingMethodParamsSchema,
        body: bankAccountVerifySchema,
        response: { 200: billingPaymentMethodSchema, ...writeErrors },
      },
    },
    async (request) =>
      verifyBankAccount(
        deps,
        request,
        request.params.enterprisePublicId,
        request.params.methodId,
        request.body.amounts,
      ),
  );

  // Either kind: default and removal
  for (const [segment, kind] of [
    ['cards', 'card'],
    ['bank_accounts', 'bank_account'],
  ] as const) {
    app.put(
      `${BILLING}/${segment}/:methodId/default`,
      {
        config,
        schema: {
          tags: TAGS,
          summary: `Make this ${kind === 'card' ? 'card' : 'verified bank account'} the farm business's default payment method`,
          params: billingMethodParamsSchema,
          response: { 200: billingPaymentMethodSchema, ...writeErrors },
        },
      },
      async (request) => makeDefault(deps, request, request.params.enterprisePublicId, kind, request.params.methodId),
    );
    app.delete(
      `${BILLING}/${segment}/:methodId`,
      {
        config,
        schema: {
          tags: TAGS,
          summary: `Remove a ${kind === 'card' ? 'card' : 'bank account'} (the next verified method becomes the default)`,
          params: billingMethodParamsSchema,
          response: { 200: z.object({ removed: z.literal(true) }), ...writeErrors },
        },
      },
      async (request) => removeMethod(deps, request, request.params.enterprisePublicId, kind, request.params.methodId),
    );
  }
};

/** What the farm business paid (orders, charges, refunds, coupons, other payments) and was paid (payouts). */
const paymentRoutes: FastifyPluginAsyncZod<BillingDeps> = async (app, deps) => {
  // What the farm business paid --------------------------------------------------------------------------------------
  app.get(
    `${BILLING}/payment_history`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'What the farm business paid: its store orders with their payment, newest first, a page at a time',
        params: enterpriseParams,
        querystring: billingHistoryQuerySchema,
        response: { 200: billingPaymentHistorySchema, ...crmErrors },
      },
    },
    async (request) => paymentHistory(deps, request, request.params.enterprisePublicId, request.query.page),
  );
  app.get(
    `${BILLING}/list-charges`,
    {
      ...get,
      schema: {
        ...get.schema,
        summary: 'The card charges: orders the card provider authorised, newest first, a page at a time',
        querystring: billingHistoryQuerySchema,
        response: { 200: billingChargesSchema, ...crmErrors },
      },
    },
    async (request) => listCharges(deps, request, request.params.enterprisePublicId, request.query.page),
  );
  app.get(
    `${BILLING}/refunds`,
    {
      ...get,
      schema: {
        ...get.schema,
        summary: 'Refunds: canceled orders that had been charged or authorised, newest first, a page at a time',
        querystring: billingHistoryQuerySchema,
        response: { 200: billingRefundsSchema, ...crmErrors },
      },
    },
    async (request) => listRefunds(deps, request, request.params.enterprisePublicId, request.query.page),
  );
  app.get(
    `${BILLING}/coupons`,
    {
      ...get,
      schema: {
        ...get.schema,
        summary:
          "Coupons: the promo codes used on the farm business's orders, newest first, a page at a time, and the " +
          "store's automatic offers now",
        querystring: billingHistoryQuerySchema,
        response: { 200: billingCouponsSchema, ...crmErrors },
      },
    },
    async (request) => listCoupons(deps, request, request.params.enterprisePublicId, request.query.page),
  );
  app.get(
    `${BILLING}/subscriptions/payments`,
    {
      ...get,
      schema: {
        ...get.schema,
        summary: 'Subscription payments (none: no subscription is sold yet)',
        response: { 200: billingOtherPaymentsSchema, ...crmErrors },
      },
    },
    async (request) => noPayments(deps, request, request.params.enterprisePublicId),
  );
  app.get(
    `${BILLING}/generic_payment`,
    {
      ...get,
      schema: {
        ...get.schema,
        summary: 'One-off (generic) payments (none: nothing is charged outside orders yet)',
        response: { 200: billingOtherPaymentsSchema, ...crmErrors },
      },
    },
    async (request) => noPayments(deps, request, request.params.enterprisePublicId),
  );

  // What the farm business was paid ----------------------------------------------------------------------------------
  app.get(
    `${BILLING}/payouts/:payoutChargeType/pages/:page`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Payouts of a charge type (eft, manual_ach): the grain payments made to the farm business, a page',
        params: payoutParamsSchema,
        response: { 200: payoutPageSchema, ...crmErrors },
      },
    },
    async (request) =>
      payouts(deps, request, request.params.enterprisePublicId, request.params.payoutChargeType, request.params.page),
  );
  app.get(
    `${BILLING}/payouts/:payoutChargeType/download`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'The payouts of a charge type as CSV, newest first, at most 10,000 rows (exact decimals, ISO dates)',
        params: payoutDownloadParamsSchema,
        response: { 200: z.string(), ...crmErrors },
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await payoutsCsv(
        deps,
        request,
        request.params.enterprisePublicId,
        request.params.payoutChargeType,
      );
      return sendCsv(reply, csv, fileName);
    },
  );
};
