import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRODUCT_DOCUMENT_TYPES,
  STORE_PROGRAMS,
  apiErrorSchema,
  requestedImageSize,
  storeDocumentSchema,
  storeHomeSchema,
  storeIngredientListSchema,
  storeIngredientPageSchema,
  storeListingQuerySchema,
  storeListingSchema,
  storeLocaleQuery,
  storeMarketplaceSchema,
  storePestListSchema,
  storePestPageSchema,
  storeProductDetailSchema,
  storeRegionSchema,
  storeSearchQuerySchema,
  storeSearchSuggestQuerySchema,
  storeSearchSuggestionsSchema,
  storeSlugParam,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { getSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import * as service from './store-catalog.service.ts';
import * as browseService from './store-browse.service.ts';
import * as productService from './store-product.service.ts';

type Options = { ctx: AppContext };

const errors = { 400: apiErrorSchema, 404: apiErrorSchema } as const;
const localeOnly = z.object(storeLocaleQuery).strict();
const listingQuery = storeListingQuerySchema;

/**
 * The visitor's region: the URL's locale (the web always sends it), else the signed-in user's enterprise country,
 * else the US. An answer that depends only on the URL may be cached by anyone for a minute; one that depended on
 * the session may not.
 */
async function regionFor(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  locale: string | undefined,
): Promise<service.Region> {
  if (locale) {
    reply.header('Cache-Control', 'public, max-age=60');
    return service.regionOf({ locale });
  }
  reply.header('Cache-Control', 'private, no-cache');
  const session = await getSession(ctx, request);
  if (!session) return service.regionOf({});
  return service.regionOfUser(ctx.database.db, session.user.id, session.session.currentEnterpriseId ?? null);
}

type RoutesApp = Parameters<FastifyPluginAsyncZod<Options>>[0];

/** What every group of catalogue routes uses: the context, its database, the API prefix and the public access. */
function sharedOf({ ctx }: Options) {
  const db = ctx.database.db;
  const P = service.STORE_API_PREFIX;
  const publicRoute = { access: 'public' as const };
  return { ctx, db, P, publicRoute };
}
type Shared = ReturnType<typeof sharedOf>;

/** The store catalogue (issue 6): anyone may browse it. Under /api/store. */
export const storeCatalogRoutes: FastifyPluginAsyncZod<Options> = async (app, deps) => {
  const shared = sharedOf(deps);
  listingRoutes(app, shared);
  productRoutes(app, shared);
  ingredientAndPestRoutes(app, shared);
  marketplaceRoutes(app, shared);
  imageRoutes(app, shared);
};

/** The region, the home page and the listing pages: categories, all products, search, programs. */
function listingRoutes(app: RoutesApp, { ctx, db, P, publicRoute }: Shared): void {
  app.get(
    `${P}/region`,
    { config: publicRoute, schema: { querystring: localeOnly, response: { 200: storeRegionSchema, ...errors } } },
    async (request, reply) => service.regionResponse(await regionFor(ctx, request, reply, request.query.locale)),
  );

  app.get(
    `${P}/home`,
    { config: publicRoute, schema: { querystring: localeOnly, response: { 200: storeHomeSchema, ...errors } } },
    async (request, reply) => service.storeHome(db, await regionFor(ctx, request, reply, request.query.locale)),
  );

  app.get(
    `${P}/category/:category/about`,
    {
      config: publicRoute,
      schema: {
        params: z.object({ category: z.string().max(60) }),
        querystring: localeOnly,
        response: { 200: storeListingSchema, ...errors },
      },
    },
    async (request, reply) =>
      service.categoryAbout(db, await regionFor(ctx, request, reply, request.query.locale), request.params.category),
  );

  app.get(
    `${P}/category/:category/:subcategory?`,
    {
      config: publicRoute,
      schema: {
        params: z.object({ category: z.string().max(60), subcategory: z.string().max(200).optional() }),
        querystring: listingQuery,
        response: { 200: storeListingSchema, ...errors },
      },
    },
    async (request, reply) =>
      service.categoryListing(
        db,
        await regionFor(ctx, request, reply, request.query.locale),
        request.params.category,
        request.params.subcategory || undefined,
        request.query,
      ),
  );

  app.get(
    `${P}/products`,
    { config: publicRoute, schema: { querystring: listingQuery, response: { 200: storeListingSchema, ...errors } } },
    async (request, reply) =>
      service.allProducts(db, await regionFor(ctx, request, reply, request.query.locale), request.query),
  );

  app.get(
    `${P}/search/suggest`,
    {
      config: publicRoute,
      schema: {
        querystring: storeSearchSuggestQuerySchema,
        response: { 200: storeSearchSuggestionsSchema, ...errors },
      },
    },
    async (request, reply) =>
      service.searchSuggestions(db, await regionFor(ctx, request, reply, request.query.locale), request.query.q),
  );

  app.get(
    `${P}/search`,
    {
      config: publicRoute,
      schema: { querystring: storeSearchQuerySchema, response: { 200: storeListingSchema, ...errors } },
    },
    async (request, reply) =>
      service.search(db, await regionFor(ctx, request, reply, request.query.locale), request.query),
  );

  app.get(
    `${P}/programs/:program`,
    {
      config: publicRoute,
      schema: {
        params: z.object({ program: z.enum(STORE_PROGRAMS) }),
        querystring: listingQuery,
        response: { 200: storeListingSchema, ...errors },
      },
    },
    async (request, reply) =>
      service.programListing(
        db,
        await regionFor(ctx, request, reply, request.query.locale),
        request.params.program,
        request.query,
      ),
  );
}

/** A product's page and its documents (data and PDF). */
function productRoutes(app: RoutesApp, { ctx, db, P, publicRoute }: Shared): void {
  app.get(
    `${P}/products/:slug`,
    {
      config: publicRoute,
      schema: {
        params: z.object({ slug: storeSlugParam }),
        querystring: localeOnly,
        response: { 200: storeProductDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      productService.productPage(db, await regionFor(ctx, request, reply, request.query.locale), {
        slug: request.params.slug,
      }),
  );

  const docParams = z.object({ slug: storeSlugParam, pdfType: z.enum(PRODUCT_DOCUMENT_TYPES) });

  app.get(
    `${P}/products/:slug/documents/:pdfType`,
    { config: publicRoute, schema: { params: docParams, response: { 200: storeDocumentSchema, ...errors } } },
    async (request) => {
      const { row, pdf } = await productService.productDocument(db, request.params.slug, request.params.pdfType);
      return {
        type: request.params.pdfType,
        title: row.title,
        revisedOn: row.revisedOn,
        url: service.documentUrl(row.productSlug, row.docType),
        product: { slug: row.productSlug, name: row.productName, brand: row.brand },
        byteLength: pdf.length,
      };
    },
  );

  app.get(
    `${P}/products/:slug/documents/:pdfType/file`,
    { config: publicRoute, schema: { params: docParams, response: { 200: z.any(), ...errors } } },
    async (request, reply) => {
      const { row, pdf } = await productService.productDocument(db, request.params.slug, request.params.pdfType);
      const fileName = `${row.productSlug}-${row.docType}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'public, max-age=3600')
        .send(pdf);
    },
  );
}

/** Active ingredients and pests: their lists and each one's products. */
function ingredientAndPestRoutes(app: RoutesApp, { ctx, db, P, publicRoute }: Shared): void {
  app.get(
    `${P}/ingredients`,
    {
      config: publicRoute,
      schema: { querystring: localeOnly, response: { 200: storeIngredientListSchema, ...errors } },
    },
    async (request, reply) =>
      browseService.ingredientList(db, await regionFor(ctx, request, reply, request.query.locale)),
  );

  app.get(
    `${P}/ingredients/:slug`,
    {
      config: publicRoute,
      schema: {
        params: z.object({ slug: storeSlugParam }),
        querystring: listingQuery,
        response: { 200: storeIngredientPageSchema, ...errors },
      },
    },
    async (request, reply) =>
      browseService.ingredientPage(
        db,
        await regionFor(ctx, request, reply, request.query.locale),
        request.params.slug,
        request.query,
      ),
  );

  app.get(
    `${P}/pests`,
    { config: publicRoute, schema: { querystring: localeOnly, response: { 200: storePestListSchema, ...errors } } },
    async (request, reply) => browseService.pestList(db, await regionFor(ctx, request, reply, request.query.locale)),
  );

  app.get(
    `${P}/pests/:slug`,
    {
      config: publicRoute,
      schema: {
        params: z.object({ slug: storeSlugParam }),
        querystring: listingQuery,
        response: { 200: storePestPageSchema, ...errors },
      },
    },
    async (request, reply) =>
      browseService.pestPage(
        db,
        await regionFor(ctx, request, reply, request.query.locale),
        request.params.slug,
        request.query,
      ),
  );
}

/** The marketplace: a marketplace product by its public id, and the sellers with their products. */
function marketplaceRoutes(app: RoutesApp, { ctx, db, P, publicRoute }: Shared): void {
  app.get(
    `${P}/marketplace/products/:uniqueProductId`,
    {
      config: publicRoute,
      schema: {
        params: z.object({ uniqueProductId: z.uuid() }),
        querystring: localeOnly,
        response: { 200: storeProductDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      productService.productPage(db, await regionFor(ctx, request, reply, request.query.locale), {
        publicId: request.params.uniqueProductId,
      }),
  );

  app.get(
    `${P}/marketplace/:section?`,
    {
      config: publicRoute,
      schema: {
        params: z.object({ section: storeSlugParam.optional() }),
        querystring: listingQuery,
        response: { 200: storeMarketplaceSchema, ...errors },
      },
    },
    async (request, reply) =>
      browseService.marketplace(
        db,
        await regionFor(ctx, request, reply, request.query.locale),
        request.params.section || undefined,
        request.query,
      ),
  );
}

/** Product images (an SVG at the size asked). */
function imageRoutes(app: RoutesApp, { db, P, publicRoute }: Shared): void {
  app.get(
    `${P}/images/:id`,
    {
      config: publicRoute,
      schema: {
        params: z.object({
          id: z
            .string()
            .regex(/^\d{1,9}$/)
            .transform(Number),
        }),
        querystring: z.object({ w: z.string().max(5).optional(), h: z.string().max(5).optional() }).strict(),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const image = await productService.storeImage(
        db,
        request.params.id,
        requestedImageSize(request.query.w, request.query.h),
      );
      if (!image) throw new AppError('not_found', 'There is no such image.');
      return reply.type(image.contentType).header('Cache-Control', 'public, max-age=86400, immutable').send(image.body);
    },
  );
}
