import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  farmerMarketPostListSchema,
  marketDetailsSchema,
  marketDetailsUpdateSchema,
  marketPostInputSchema,
  marketPostListSchema,
  marketPostSchema,
} from '@granary/domain';
import { etagOf, idParam, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  changeMarketDetails,
  changeMarketPost,
  createMarketPost,
  farmerMarketPosts,
  marketDetails,
  marketPosts,
  removeMarketPost,
} from './market-admin.service.ts';

const MERCH = '/api/commodities/merchandising';
const POSTS = `${MERCH}/le/:partnerLegalEntity/market/:marketId/posts`;
const marketQuery = z.object({ market_id: idParam });
const postsParams = z.object({ partnerLegalEntity: idParam, marketId: idParam });
const postParams = postsParams.extend({ postId: idParam });

/** The CRM administrator's markets (issue 15): a market's details and its posts to its farmers, for its buyer-admins. */
export const marketAdminRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  app.get(
    `${MERCH}/market`,
    {
      config: { access: 'session' },
      schema: {
        querystring: marketQuery,
        response: { 200: marketDetailsSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      const details = await marketDetails(deps, request, request.query.market_id);
      void reply.header('etag', etagOf(details.version)).header('cache-control', 'no-store');
      return details;
    },
  );

  app.put(
    `${MERCH}/market`,
    {
      config: { access: 'session' },
      schema: {
        querystring: marketQuery,
        body: marketDetailsUpdateSchema,
        response: { 200: marketDetailsSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const details = await changeMarketDetails(deps, request, request.query.market_id, request.body);
      void reply.header('etag', etagOf(details.version));
      return details;
    },
  );

  // The farmer's read (My Sales Lite's bids page): the published posts of a market their farm sells to.
  app.get(
    `${PROFIT_CENTER_API}/market/:marketId/posts`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ marketId: idParam }),
        response: { 200: farmerMarketPostListSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return farmerMarketPosts(deps, request, request.params.marketId);
    },
  );

  app.get(
    POSTS,
    {
      config: { access: 'session' },
      schema: {
        params: postsParams,
        response: { 200: marketPostListSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return marketPosts(deps, request, request.params.partnerLegalEntity, request.params.marketId);
    },
  );

  app.post(
    POSTS,
    {
      config: { access: 'session' },
      schema: {
        params: postsParams,
        body: marketPostInputSchema,
        response: { 201: marketPostSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const { partnerLegalEntity, marketId } = request.params;
      const post = await createMarketPost(deps, request, partnerLegalEntity, marketId, request.body);
      return reply.status(201).header('etag', etagOf(post.version)).send(post);
    },
  );

  app.put(
    `${POSTS}/:postId`,
    {
      config: { access: 'session' },
      schema: {
        params: postParams,
        body: marketPostInputSchema,
        response: { 200: marketPostSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const { partnerLegalEntity, marketId, postId } = request.params;
      const post = await changeMarketPost(deps, request, partnerLegalEntity, marketId, postId, request.body);
      void reply.header('etag', etagOf(post.version));
      return post;
    },
  );

  app.delete(
    `${POSTS}/:postId`,
    {
      config: { access: 'session' },
      schema: {
        params: postParams,
        response: { 204: z.null(), ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const { partnerLegalEntity, marketId, postId } = request.params;
      await removeMarketPost(deps, request, partnerLegalEntity, marketId, postId);
      return reply.status(204).send(null);
    },
  );
};
