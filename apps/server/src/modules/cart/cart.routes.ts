import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STORE_CART_API,
  apiErrorSchema,
  cartAddItemBodySchema,
  cartChangesBodySchema,
  cartItemParamsSchema,
  cartSerialBodySchema,
  cartSetQuantityBodySchema,
  cartViewSchema,
  resolveStoreRegion,
  storeLocaleQuery,
  type CartAlert,
  type CartChange,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { getSession } from '../../platform/access.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { secureCookieFor } from '../../platform/sessions.ts';
import * as service from './cart.service.ts';

type Options = { ctx: AppContext };

/** The guest cart's cookie: a random token; only its SHA-256 is stored (like sessions). */
const GUEST_CART_COOKIE = 'granary_cart';
const GUEST_CART_MAX_AGE_S = 30 * 24 * 3600;

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema } as const;
const localeOnly = z.object(storeLocaleQuery).strict();
const readQuery = z.object({ ...storeLocaleQuery, cartId: z.string().uuid().optional() }).strict();

function guestTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[GUEST_CART_COOKIE];
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/**
 * Who calls and from where: the session's user (their current enterprise's membership and state), the guest
 * cookie, and the region. A guest's region is the URL's locale, else the US (as the catalogue does); a signed-in
 * user's cart always follows their enterprise's country, whatever locale the page carries, so that the cart and the
 * checkout (which prices in the cart's stored country) never show two different totals.
 */
async function callerOf(
  ctx: AppContext,
  request: FastifyRequest,
  locale: string | undefined,
): Promise<service.CartCaller> {
  const db = ctx.database.db;
  const session = await getSession(ctx, request);
  const token = guestTokenOf(request);
  const guestTokenHash = token ? sha256(token) : null;
  if (!session)
    return {
      userId: null,
      isSuperAdmin: false,
      membership: null,
      guestTokenHash,
      region: resolveStoreRegion({ locale: locale ?? null }),
    };
  return service.callerForSession(db, {
    userId: session.user.id,
    isSuperAdmin: session.user.isSuperAdmin,
    currentEnterpriseId: session.session.currentEnterpriseId ?? null,
    guestTokenHash,
  });
}

function clearGuestCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(GUEST_CART_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookieFor(ctx.sessions, reply.request),
  });
}

/**
 * Run first on every cart call: a signed-in request that still carries a guest cart cookie merges that cart into
 * the user's (lazily, so every sign-in method is covered) and loses the cookie.
 */
async function mergeIfSignedIn(
  ctx: AppContext,
  reply: FastifyReply,
  caller: service.CartCaller,
): Promise<{ caller: service.CartCaller; alerts: CartAlert[] }> {
  if (!caller.userId || !caller.guestTokenHash) return { caller, alerts: [] };
  const merged = await service.mergeGuestCart(ctx.database.db, {
    ...caller,
    userId: caller.userId,
    guestTokenHash: caller.guestTokenHash,
  });
  clearGuestCookie(ctx, reply);
  return { caller: { ...caller, guestTokenHash: null }, alerts: merged ? [{ code: 'items_merged', itemIds: [] }] : [] };
}

/**
 * Called by a sign-in as it succeeds (the password sign-in): merges the browser's guest cart into the user's at once
 * rather than on the first cart call. Never fails the sign-in: a cart that cannot be merged now is merged later.
 */
export async function mergeGuestCartAtSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const token = guestTokenOf(request);
  if (!token) return;
  try {
    // In a savepoint of the sign-in's transaction, so that a failed merge leaves the sign-in able to finish.
    await ctx.database.db.transaction(async (tx) => {
      const caller = await service.callerForUser(tx, userId);
      await service.mergeGuestCart(tx, { ...caller, userId, guestTokenHash: sha256(token) });
    });
    clearGuestCookie(ctx, reply);
  } catch (err) {
    request.log.error({ err }, 'could not merge the guest cart at sign-in; it merges on the next cart call');
  }
}

/** A guest's first write gets a cart cookie (and a cart behind it). */
function ensureGuestToken(ctx: AppContext, reply: FastifyReply, caller: service.CartCaller): service.CartCaller {
  if (caller.userId || caller.guestTokenHash) return caller;
  const token = randomToken();
  reply.setCookie(GUEST_CART_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookieFor(ctx.sessions, reply.request),
    maxAge: GUEST_CART_MAX_AGE_S,
  });
  return { ...caller, guestTokenHash: sha256(token) };
}

/**
 * The store cart (issue 6; platform.md 3.5, 4.3, 7.6): for guests and signed-in users alike (access 'public'; the
 * owner is the session or the guest cookie, never an id from the client). Writes carry the serial; see cart.service.
 */
export const cartRoutes: FastifyPluginAsyncZod<Options> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const P = STORE_CART_API;
  const config = { access: 'public' as const };

  async function write(
    request: FastifyRequest,
    reply: FastifyReply,
    locale: string | undefined,
    serial: number,
    changes: CartChange[],
  ) {
    reply.header('Cache-Control', 'no-store');
    const merged = await mergeIfSignedIn(ctx, reply, await callerOf(ctx, request, locale));
    const caller = ensureGuestToken(ctx, reply, merged.caller);
    const view = await service.writeCart(db, caller, serial, changes);
    return { ...view, alerts: [...merged.alerts, ...view.alerts] };
  }

  app.get(
    P,
    { config, schema: { querystring: readQuery, response: { 200: cartViewSchema, ...errors } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { caller, alerts } = await mergeIfSignedIn(ctx, reply, await callerOf(ctx, request, request.query.locale));
      const view = await service.readCart(db, caller, request.query.cartId);
      return { ...view, alerts: [...alerts, ...view.alerts] };
    },
  );

  app.post(
    `${P}/items`,
    {
      config,
      schema: { querystring: localeOnly, body: cartAddItemBodySchema, response: { 200: cartViewSchema, ...errors } },
    },
    async (request, reply) =>
      write(request, reply, request.query.locale, request.body.serial, [
        { op: 'add', variantId: request.body.variantId, quantity: request.body.quantity },
      ]),
  );

  app.patch(
    `${P}/items/:itemId`,
    {
      config,
      schema: {
        params: cartItemParamsSchema,
        querystring: localeOnly,
        body: cartSetQuantityBodySchema,
        response: { 200: cartViewSchema, ...errors },
      },
    },
    async (request, reply) =>
      write(request, reply, request.query.locale, request.body.serial, [
        { op: 'set', itemId: request.params.itemId, quantity: request.body.quantity },
      ]),
  );

  app.delete(
    `${P}/items/:itemId`,
    {
      config,
      schema: {
        params: cartItemParamsSchema,
        querystring: localeOnly,
        body: cartSerialBodySchema,
        response: { 200: cartViewSchema, ...errors },
      },
    },
    async (request, reply) =>
      write(request, reply, request.query.locale, request.body.serial, [
        { op: 'remove', itemId: request.params.itemId },
      ]),
  );

  app.post(
    `${P}/clear`,
    {
      config,
      schema: { querystring: localeOnly, body: cartSerialBodySchema, response: { 200: cartViewSchema, ...errors } },
    },
    async (request, reply) => write(request, reply, request.query.locale, request.body.serial, [{ op: 'clear' }]),
  );

  // The web's debounced queue sends what piled up in one request.
  app.post(
    `${P}/changes`,
    {
      config,
      schema: { querystring: localeOnly, body: cartChangesBodySchema, response: { 200: cartViewSchema, ...errors } },
    },
    async (request, reply) => write(request, reply, request.query.locale, request.body.serial, request.body.changes),
  );
};
