import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHECKOUT_API,
  PARTITION_KEY_PATTERN,
  STORE_API,
  addressInputSchema,
  addressListSchema,
  addressSchema,
  apiErrorSchema,
  applicatorLicenceInputSchema,
  applicatorLicenceListSchema,
  applicatorLicenceSchema,
  applicatorOwnerQuerySchema,
  billingAddressRequestSchema,
  buyNowRequestSchema,
  buyNowResponseSchema,
  checkoutQuerySchema,
  checkoutViewSchema,
  deliveryContactInputSchema,
  deliveryContactListSchema,
  deliveryContactSchema,
  expressRequestSchema,
  notesRequestSchema,
  partitionShippingRequestSchema,
  paymentRequestSchema,
  pickupContactRequestSchema,
  placeOrderRequestSchema,
  placedOrderSchema,
  promoCodeRequestSchema,
  referralCodeRequestSchema,
  repriceRequestSchema,
  rupHolderRequestSchema,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import * as addressBook from '../addresses/addresses.public.ts';
import { buyNow } from './buy-now.service.ts';
import type { Caller, CheckoutDeps } from './checkout-pricing.service.ts';
import * as service from './checkout.service.ts';
import * as licenceService from './licences.service.ts';
import { orderView, placeOrder } from './place-order.service.ts';
import { cardProviderFromEnv } from './payment.adapter.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import type { MailContext } from '../../platform/mail/mail-layout.tsx';
import { mailContext } from '../../platform/mail/send-mail.ts';
import { linkOrigin } from '../identity/identity.public.ts';

type Options = { ctx: AppContext; partners: PartnerDirectory };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
} as const;
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }).strict();
const partitionParams = z
  .object({ partitionKey: z.string().regex(PARTITION_KEY_PATTERN, 'Expected a partition key') })
  .strict();
const cartParams = z.object({ cartId: z.string().uuid() }).strict();

type RoutesApp = Parameters<FastifyPluginAsyncZod<Options>>[0];

/** What the checkout's groups of routes use: the database, the card provider, session access, the caller, the view. */
function sharedOf({ ctx, partners }: Options) {
  const db = ctx.database.db;
  const deps: CheckoutDeps = { cardProvider: cardProviderFromEnv(ctx.env) };
  const config = { access: 'session' as const };
  const P = CHECKOUT_API;

  async function callerOf(request: FastifyRequest): Promise<Caller> {
    const s = await requireSession(ctx, request);
    return { userId: s.user.id, currentEnterpriseId: s.session.currentEnterpriseId ?? null };
  }
  /** The confirmation e-mail's brand and link origin: the partner of the host the buyer placed the order on. */
  async function mailOf(request: FastifyRequest): Promise<MailContext> {
    const partner = await partners.byHost(request.headers.host);
    return mailContext(partner, linkOrigin(ctx, request, partner));
  }
  const view = { 200: checkoutViewSchema, ...errors };
  return { ctx, db, deps, config, P, callerOf, mailOf, view };
}
type Shared = ReturnType<typeof sharedOf>;

/**
 * Checkout, placing orders, buy-now, and the buyer's addresses, delivery contacts and applicator licences (issue 6).
 * Signed-in only; the cart is always the session user's (another user's cart id is a 404).
 */
export const checkoutRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const shared = sharedOf(options);
  const { P } = shared;

  app.addHook('onSend', async (request, reply) => {
    if (
      request.url.startsWith(P) ||
      request.url.startsWith(`${STORE_API}/addresses`) ||
      request.url.startsWith(`${STORE_API}/buy-now`)
    )
      reply.header('Cache-Control', 'no-store');
  });

  checkoutFlowRoutes(app, shared);
  addressBookRoutes(app, shared);
  licenceRoutes(app, shared);
};

/**
 * The checkout of a cart: its view, each write (with the cart serial), re-pricing, placing the order, the placed
 * order, and buy-now carts.
 */
function checkoutFlowRoutes(app: RoutesApp, { db, deps, config, P, callerOf, mailOf, view }: Shared): void {
  app.get(P, { config, schema: { querystring: checkoutQuerySchema, response: view } }, async (request) =>
    service.checkoutView(db, await callerOf(request), request.query.cartId, deps),
  );
  app.put(
    `${P}/partitions/:partitionKey`,
    { config, schema: { params: partitionParams, body: partitionShippingRequestSchema, response: view } },
    async (request) =>
      service.setPartitionShipping(db, await callerOf(request), request.params.partitionKey, request.body, deps),
  );
  app.put(`${P}/payment`, { config, schema: { body: paymentRequestSchema, response: view } }, async (request) =>
    service.setPayment(db, await callerOf(request), request.body, deps),
  );
  app.put(
    `${P}/billing-address`,
    { config, schema: { body: billingAddressRequestSchema, response: view } },
    async (request) => service.setBillingAddress(db, await callerOf(request), request.body, deps),
  );
  app.put(`${P}/promo-code`, { config, schema: { body: promoCodeRequestSchema, response: view } }, async (request) =>
    service.setPromoCode(db, await callerOf(request), request.body, deps),
  );
  app.put(
    `${P}/referral-code`,
    { config, schema: { body: referralCodeRequestSchema, response: view } },
    async (request) => service.setReferralCode(db, await callerOf(request), request.body, deps),
  );
  app.put(`${P}/rup-holder`, { config, schema: { body: rupHolderRequestSchema, response: view } }, async (request) =>
    service.setRupHolder(db, await callerOf(request), request.body, deps),
  );
  app.put(
    `${P}/pickup-contact`,
    { config, schema: { body: pickupContactRequestSchema, response: view } },
    async (request) => service.setPickupContact(db, await callerOf(request), request.body, deps),
  );
  app.put(`${P}/notes`, { config, schema: { body: notesRequestSchema, response: view } }, async (request) =>
    service.setNotes(db, await callerOf(request), request.body, deps),
  );
  app.put(`${P}/express`, { config, schema: { body: expressRequestSchema, response: view } }, async (request) =>
    service.setExpress(db, await callerOf(request), request.body, deps),
  );
  app.post(`${P}/reprice`, { config, schema: { body: repriceRequestSchema, response: view } }, async (request) =>
    service.reprice(db, await callerOf(request), request.body, deps),
  );
  app.post(
    `${P}/place`,
    { config, schema: { body: placeOrderRequestSchema, response: { 201: placedOrderSchema, ...errors } } },
    async (request, reply) => {
      const order = await placeOrder(db, await callerOf(request), request.body, deps, await mailOf(request));
      return reply.status(201).send(order);
    },
  );
  app.get(
    `${P}/orders/:cartId`,
    { config, schema: { params: cartParams, response: { 200: placedOrderSchema, ...errors } } },
    async (request) => orderView(db, await callerOf(request), request.params.cartId),
  );

  app.post(
    `${STORE_API}/buy-now`,
    { config, schema: { body: buyNowRequestSchema, response: { 201: buyNowResponseSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await buyNow(db, await callerOf(request), request.body)),
  );
}

/** The buyer's addresses and delivery contacts: the book of their current farm business (decision 051). */
function addressBookRoutes(app: RoutesApp, { db, config, callerOf }: Shared): void {
  const bookOf = async (request: FastifyRequest) => addressBook.bookOfCaller(db, await callerOf(request));
  const A = `${STORE_API}/addresses`;
  app.get(A, { config, schema: { response: { 200: addressListSchema, ...errors } } }, async (request) => ({
    addresses: (await addressBook.listAddresses(db, await bookOf(request))).map(addressBook.addressView),
  }));
  app.post(
    A,
    { config, schema: { body: addressInputSchema, response: { 201: addressSchema, ...errors } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(addressBook.addressView(await addressBook.createAddress(db, await bookOf(request), request.body))),
  );
  app.put(
    `${A}/:id`,
    { config, schema: { params: idParams, body: addressInputSchema, response: { 200: addressSchema, ...errors } } },
    async (request) =>
      addressBook.addressView(
        await addressBook.updateAddress(db, await bookOf(request), request.params.id, request.body),
      ),
  );
  app.delete(
    `${A}/:id`,
    { config, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await addressBook.deleteAddress(db, await bookOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  const C = `${STORE_API}/delivery-contacts`;
  app.get(C, { config, schema: { response: { 200: deliveryContactListSchema, ...errors } } }, async (request) => ({
    contacts: (await addressBook.listContacts(db, await bookOf(request))).map(addressBook.contactView),
  }));
  app.post(
    C,
    { config, schema: { body: deliveryContactInputSchema, response: { 201: deliveryContactSchema, ...errors } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(addressBook.contactView(await addressBook.createContact(db, await bookOf(request), request.body))),
  );
  app.put(
    `${C}/:id`,
    {
      config,
      schema: {
        params: idParams,
        body: deliveryContactInputSchema,
        response: { 200: deliveryContactSchema, ...errors },
      },
    },
    async (request) =>
      addressBook.contactView(
        await addressBook.updateContact(db, await bookOf(request), request.params.id, request.body),
      ),
  );
  app.delete(
    `${C}/:id`,
    { config, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await addressBook.deleteContact(db, await bookOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/**
 * The buyer's applicator licences; the applicator page (2.4) passes ?enterpriseId=&userId= when a super admin opens
 * another user's (anyone else gets a 404 for someone else's).
 */
function licenceRoutes(app: RoutesApp, { ctx, db, deps, config }: Shared): void {
  const L = `${STORE_API}/applicator-licences`;
  const owner = { querystring: applicatorOwnerQuerySchema };
  async function licenceOwnerOf(
    request: FastifyRequest<{ Querystring: z.infer<typeof applicatorOwnerQuerySchema> }>,
  ): Promise<Caller> {
    const s = await requireSession(ctx, request);
    const caller = {
      userId: s.user.id,
      currentEnterpriseId: s.session.currentEnterpriseId ?? null,
      isSuperAdmin: s.user.isSuperAdmin,
    };
    return licenceService.licenceOwner(db, caller, request.query);
  }
  app.get(
    L,
    { config, schema: { ...owner, response: { 200: applicatorLicenceListSchema, ...errors } } },
    async (request) => ({
      licences: await licenceService.listLicences(db, await licenceOwnerOf(request), deps),
    }),
  );
  app.post(
    L,
    {
      config,
      schema: { ...owner, body: applicatorLicenceInputSchema, response: { 201: applicatorLicenceSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await licenceService.createLicence(db, await licenceOwnerOf(request), request.body, deps)),
  );
  app.put(
    `${L}/:id`,
    {
      config,
      schema: {
        ...owner,
        params: idParams,
        body: applicatorLicenceInputSchema,
        response: { 200: applicatorLicenceSchema, ...errors },
      },
    },
    async (request) =>
      licenceService.updateLicence(db, await licenceOwnerOf(request), request.params.id, request.body, deps),
  );
  app.delete(
    `${L}/:id`,
    { config, schema: { ...owner, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await licenceService.deleteLicence(db, await licenceOwnerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
