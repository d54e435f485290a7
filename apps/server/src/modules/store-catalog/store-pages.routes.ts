import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STORE_PAGES_API,
  acrePlanDetailSchema,
  acrePlanListSchema,
  acrePlanQuerySchema,
  apiErrorSchema,
  brandPackDetailSchema,
  brandPackListSchema,
  feedProductListSchema,
  storePagesLocaleQuery,
  storeSlugParam,
  storeWarehouseListSchema,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { getSession } from '../../platform/access.ts';
import { regionOf, regionOfUser, type Region } from './store-catalog.service.ts';
import * as service from './store-pages.service.ts';

type Options = { ctx: AppContext };

const errors = { 400: apiErrorSchema, 404: apiErrorSchema } as const;

/** The visitor's region, decided as the catalogue's calls decide it (URL locale, else enterprise country, else US). */
async function regionFor(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  locale: string | undefined,
): Promise<Region> {
  if (locale) {
    reply.header('Cache-Control', 'public, max-age=60');
    return regionOf({ locale });
  }
  reply.header('Cache-Control', 'private, no-cache');
  const session = await getSession(ctx, request);
  if (!session) return regionOf({});
  return regionOfUser(ctx.database.db, session.user.id, session.session.currentEnterpriseId ?? null);
}

/** The store's information pages (issue 6, platform.md 2.4): read-only, anyone may see them. Under /api/store/pages. */
export const storePagesRoutes: FastifyPluginAsyncZod<Options> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const P = STORE_PAGES_API;
  const publicRoute = { access: 'public' as const };

  app.get(
    `${P}/warehouses`,
    {
      config: publicRoute,
      schema: { querystring: storePagesLocaleQuery, response: { 200: storeWarehouseListSchema, ...errors } },
    },
    async (request, reply) =>
      service.warehouseLocations(db, await regionFor(ctx, request, reply, request.query.locale)),
  );

  app.get(
    `${P}/feed-products`,
    {
      config: publicRoute,
      schema: { querystring: storePagesLocaleQuery, response: { 200: feedProductListSchema, ...errors } },
    },
    async (request, reply) => service.feedProducts(db, await regionFor(ctx, request, reply, request.query.locale)),
  );

  app.get(
    `${P}/acre-plans`,
    {
      config: publicRoute,
      schema: { querystring: storePagesLocaleQuery, response: { 200: acrePlanListSchema, ...errors } },
    },
    async (request, reply) => service.acrePlans(db, await regionFor(ctx, request, reply, request.query.locale)),
  );

  app.get(
    `${P}/acre-plans/:slug`,
    {
      config: publicRoute,
      schema: {
        params: z.object({ slug: storeSlugParam }),
        querystring: acrePlanQuerySchema,
        response: { 200: acrePlanDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      service.acrePlan(
        db,
        await regionFor(ctx, request, reply, request.query.locale),
        request.params.slug,
        request.query.acres,
      ),
  );

  app.get(
    `${P}/brand-packs`,
    {
      config: publicRoute,
      schema: { querystring: storePagesLocaleQuery, response: { 200: brandPackListSchema, ...errors } },
    },
    async (request, reply) => service.brandPacks(db, await regionFor(ctx, request, reply, request.query.locale)),
  );

  app.get(
    `${P}/brand-packs/:slug`,
    {
      config: publicRoute,
      schema: {
        params: z.object({ slug: storeSlugParam }),
        querystring: storePagesLocaleQuery,
        response: { 200: brandPackDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      service.brandPack(db, await regionFor(ctx, request, reply, request.query.locale), request.params.slug),
  );
};
