import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  SCS_API,
  hedgeTradeBodySchema,
  hedgeTradeListQuerySchema,
  hedgeTradeListSchema,
  hedgeTradeSchema,
  positionsQuerySchema,
  positionsSchema,
} from '@granary/domain';
import { etagOf, idParam, loadCrmActorWithSession } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  cancelTrade,
  createTrade,
  editTrade,
  getTrade,
  listTrades,
  positionsOf,
  type PositionsDeps,
} from './positions.service.ts';

const PC = PROFIT_CENTER_API;

/**
 * The merchandiser's position (issue 18; grain-marketing.md 7: profit-center `trades/:tradeId?` and `positions`, the
 * SCS `position-manager`; docs/decisions/062 'Positions'). Reads need structures or structures-admin, trade writes
 * structures-admin (403 forbidden otherwise); another partner's trade is 404; edits and cancels carry If-Match.
 */
export const positionsRoutes: FastifyPluginAsyncZod<PositionsDeps> = async (app, deps) => {
  const session = { access: 'session' } as const;
  loadCrmActorWithSession(app);

  app.get(
    `${PC}/trades`,
    {
      config: session,
      schema: { querystring: hedgeTradeListQuerySchema, response: { 200: hedgeTradeListSchema, ...crmErrors } },
    },
    async (request) => listTrades(deps, request, request.query),
  );
  app.post(
    `${PC}/trades`,
    {
      config: session,
      schema: { body: hedgeTradeBodySchema, response: { 201: hedgeTradeSchema, ...crmWriteErrors } },
    },
    async (request, reply) => {
      const { trade, etag } = await createTrade(deps, request, request.body);
      return reply.status(201).header('etag', etag).send(trade);
    },
  );

  const tradeParams = z.object({ tradeId: idParam });
  app.get(
    `${PC}/trades/:tradeId`,
    { config: session, schema: { params: tradeParams, response: { 200: hedgeTradeSchema, ...crmErrors } } },
    async (request, reply) => {
      const trade = await getTrade(deps, request, request.params.tradeId);
      return reply.header('etag', etagOf(trade.version)).send(trade);
    },
  );
  app.put(
    `${PC}/trades/:tradeId`,
    {
      config: session,
      schema: {
        params: tradeParams,
        body: hedgeTradeBodySchema,
        response: { 200: hedgeTradeSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const { trade, etag } = await editTrade(deps, request, request.params.tradeId, request.body);
      return reply.header('etag', etag).send(trade);
    },
  );
  app.delete(
    `${PC}/trades/:tradeId`,
    { config: session, schema: { params: tradeParams, response: { 200: hedgeTradeSchema, ...crmWriteErrors } } },
    async (request, reply) => {
      const { trade, etag } = await cancelTrade(deps, request, request.params.tradeId);
      return reply.header('etag', etag).send(trade);
    },
  );

  const positions = {
    config: session,
    schema: { querystring: positionsQuerySchema, response: { 200: positionsSchema, ...crmErrors } },
  };
  app.get(`${PC}/positions`, positions, async (request) => positionsOf(deps, request, request.query));
  app.get(`${SCS_API}/position-manager`, positions, async (request) => positionsOf(deps, request, request.query));
};
