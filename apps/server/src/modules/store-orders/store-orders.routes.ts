import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STORE_API,
  addToCartOutcomeSchema,
  apiErrorSchema,
  orderByCartParamsSchema,
  orderDetailSchema,
  orderHistoryQuerySchema,
  orderHistorySchema,
  orderIdParamsSchema,
  orderReadinessActionSchema,
  orderReviewBodySchema,
  orderReviewParamsSchema,
  orderReviewSchema,
  previouslyPurchasedParamsSchema,
  previouslyPurchasedSchema,
  readinessListSchema,
  readinessParamsSchema,
  shoppingListCreateSchema,
  shoppingListItemBodySchema,
  shoppingListItemParamsSchema,
  shoppingListParamsSchema,
  shoppingListRenameSchema,
  shoppingListSchema,
  shoppingListsSchema,
  shoppingListVariantParamsSchema,
  shoppingListsWithVariantSchema,
  storeLocaleQuery,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import * as addToCart from './add-to-cart.service.ts';
import * as lists from './shopping-lists.service.ts';
import * as service from './store-orders.service.ts';

type Options = { ctx: AppContext };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
} as const;
const localeOnly = z.object(storeLocaleQuery).strict();

type RoutesApp = Parameters<FastifyPluginAsyncZod<Options>>[0];

/** What both groups of routes use: the database, the session access, the paths, the caller as a buyer, and no-store. */
function sharedOf({ ctx }: Options) {
  const db = ctx.database.db;
  const session = { access: 'session' } as const;
  const O = `${STORE_API}/orders`;
  const L = `${STORE_API}/shopping-lists`;

  const buyer = async (request: FastifyRequest, locale?: string) => {
    const state = await requireSession(ctx, request);
    return service.buyerOf(db, state.user.id, state.session.currentEnterpriseId ?? null, locale);
  };
  const noStore = { 'Cache-Control': 'private, no-store' };
  return { db, session, O, L, buyer, noStore };
}
type Shared = ReturnType<typeof sharedOf>;

/**
 * A buyer's orders, reviews, readiness actions, previously purchased products and shopping lists (issue 6).
 * Every call needs a session and sees the caller's own records only.
 */
export const storeOrdersRoutes: FastifyPluginAsyncZod<Options> = async (app, deps) => {
  const shared = sharedOf(deps);
  orderRoutes(app, shared);
  shoppingListRoutes(app, shared);
};

/** Orders: history, readiness actions, one order (by id or cart), reorder, reviews, previously purchased products. */
function orderRoutes(app: RoutesApp, { db, session, O, buyer, noStore }: Shared): void {
  app.get(
    O,
    {
      config: session,
      schema: { querystring: orderHistoryQuerySchema, response: { 200: orderHistorySchema, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.orderHistory(db, await buyer(request), request.query);
    },
  );

  app.get(
    `${O}/readiness`,
    { config: session, schema: { response: { 200: readinessListSchema, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return service.readinessList(db, await buyer(request));
    },
  );

  app.post(
    `${O}/readiness/:orderId/:section/complete`,
    {
      config: session,
      schema: { params: readinessParamsSchema, response: { 200: orderReadinessActionSchema, ...errors } },
    },
    async (request) => service.completeAction(db, await buyer(request), request.params.orderId, request.params.section),
  );

  app.get(
    `${O}/by-cart/:cartId`,
    { config: session, schema: { params: orderByCartParamsSchema, response: { 200: orderDetailSchema, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return service.orderDetail(db, await buyer(request), { cartId: request.params.cartId });
    },
  );

  app.get(
    `${O}/:orderId`,
    { config: session, schema: { params: orderIdParamsSchema, response: { 200: orderDetailSchema, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return service.orderDetail(db, await buyer(request), { id: request.params.orderId });
    },
  );

  app.post(
    `${O}/:orderId/reorder`,
    {
      config: session,
      schema: {
        params: orderIdParamsSchema,
        querystring: localeOnly,
        response: { 200: addToCartOutcomeSchema, ...errors },
      },
    },
    async (request) => addToCart.reorder(db, await buyer(request, request.query.locale), request.params.orderId),
  );

  app.put(
    `${O}/:orderId/reviews/:productId`,
    {
      config: session,
      schema: {
        params: orderReviewParamsSchema,
        body: orderReviewBodySchema,
        response: { 200: orderReviewSchema, ...errors },
      },
    },
    async (request) =>
      service.saveReview(db, await buyer(request), request.params.orderId, request.params.productId, request.body),
  );

  app.get(
    `${STORE_API}/previously-purchased/:year`,
    {
      config: session,
      schema: {
        params: previouslyPurchasedParamsSchema,
        querystring: localeOnly,
        response: { 200: previouslyPurchasedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return service.previouslyPurchased(db, await buyer(request, request.query.locale), request.params.year);
    },
  );
}

/** Shopping lists: the lists, one list, its items, and a list put into the cart. */
function shoppingListRoutes(app: RoutesApp, { db, session, L, buyer, noStore }: Shared): void {
  app.get(
    L,
    { config: session, schema: { response: { 200: shoppingListsSchema, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return lists.shoppingLists(db, await buyer(request));
    },
  );

  app.post(
    L,
    {
      config: session,
      schema: {
        querystring: localeOnly,
        body: shoppingListCreateSchema,
        response: { 201: shoppingListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const list = await lists.createList(db, await buyer(request, request.query.locale), request.body);
      return reply.code(201).send(list);
    },
  );

  app.get(
    `${L}/with-variant/:variantId`,
    {
      config: session,
      schema: { params: shoppingListVariantParamsSchema, response: { 200: shoppingListsWithVariantSchema, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return lists.listsWithVariant(db, await buyer(request), request.params.variantId);
    },
  );

  app.get(
    `${L}/:listId`,
    {
      config: session,
      schema: {
        params: shoppingListParamsSchema,
        querystring: localeOnly,
        response: { 200: shoppingListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return lists.shoppingList(db, await buyer(request, request.query.locale), request.params.listId);
    },
  );

  app.patch(
    `${L}/:listId`,
    {
      config: session,
      schema: {
        params: shoppingListParamsSchema,
        querystring: localeOnly,
        body: shoppingListRenameSchema,
        response: { 200: shoppingListSchema, ...errors },
      },
    },
    async (request) =>
      lists.renameList(db, await buyer(request, request.query.locale), request.params.listId, request.body.name),
  );

  app.delete(
    `${L}/:listId`,
    { config: session, schema: { params: shoppingListParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await lists.deleteList(db, await buyer(request), request.params.listId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${L}/:listId/items/:variantId`,
    {
      config: session,
      schema: {
        params: shoppingListItemParamsSchema,
        querystring: localeOnly,
        body: shoppingListItemBodySchema,
        response: { 200: shoppingListSchema, ...errors },
      },
    },
    async (request) =>
      lists.putListItem(
        db,
        await buyer(request, request.query.locale),
        request.params.listId,
        request.params.variantId,
        request.body,
      ),
  );

  app.delete(
    `${L}/:listId/items/:variantId`,
    {
      config: session,
      schema: {
        params: shoppingListItemParamsSchema,
        querystring: localeOnly,
        response: { 200: shoppingListSchema, ...errors },
      },
    },
    async (request) =>
      lists.deleteListItem(
        db,
        await buyer(request, request.query.locale),
        request.params.listId,
        request.params.variantId,
      ),
  );

  app.post(
    `${L}/:listId/add-to-cart`,
    {
      config: session,
      schema: {
        params: shoppingListParamsSchema,
        querystring: localeOnly,
        response: { 200: addToCartOutcomeSchema, ...errors },
      },
    },
    async (request) => lists.listToCart(db, await buyer(request, request.query.locale), request.params.listId),
  );
}
