import { CREATE_LIMIT_PER_MINUTE } from '../../platform/write-limits.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clampPage,
  clampPageSize,
  crmMarketsResponseSchema,
  followupCreateSchema,
  followupListResponseSchema,
  followupRowSchema,
  followupUpdateSchema,
  lastUpdatedResponseSchema,
  merchandisingBootstrapSchema,
  recentActivityResponseSchema,
  taskListResponseSchema,
} from '@granary/domain';
import { idParam, rawQuerySchema, loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  changeFollowup,
  createFollowup,
  followupList,
  listMarkets,
  marketLastUpdated,
  merchandisingBootstrap,
  recentClientActivity,
  taskList,
} from './crm-markets.service.ts';

const MERCH = '/api/commodities/merchandising';
const flag = z.enum(['true', 'false', '1', '0']);
const paging = {
  page: z.string().max(20).optional(),
  pageSize: z.string().max(20).optional(),
  paginationToken: z.string().max(2048).optional(),
};

export const crmMarketsRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  // Session, user and CRM actor in one query (decision 014).
  loadCrmActorWithSession(app);
  app.get(
    `${MERCH}/bootstrap`,
    { config: { access: 'session' }, schema: { response: { 200: merchandisingBootstrapSchema, ...crmErrors } } },
    async (request) => merchandisingBootstrap(deps, request),
  );

  app.get(
    `${MERCH}/le/:platformId/markets`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ platformId: idParam }),
        querystring: z.object({
          limit_by_user_id: z.string().max(64).optional(),
          include_admin_permissions: flag.optional(),
        }),
        response: { 200: crmMarketsResponseSchema, ...crmErrors },
      },
    },
    async (request) =>
      listMarkets(deps, request, request.params.platformId, {
        limitByUserId: request.query.limit_by_user_id ?? null,
        includeAdminPermissions:
          request.query.include_admin_permissions === 'true' || request.query.include_admin_permissions === '1',
      }),
  );

  // The dashboard task list (a merchandisingType of le/:platformId/:merchandisingType).
  app.get(
    `${MERCH}/le/:platformId/task-list`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ platformId: idParam }),
        querystring: rawQuerySchema,
        response: { 200: taskListResponseSchema, ...crmErrors },
      },
    },
    async (request) => taskList(deps, request, request.params.platformId, request.query),
  );

  app.get(
    `${MERCH}/followups`,
    {
      config: { access: 'session' },
      schema: {
        querystring: z.object({
          market_id: idParam.optional(),
          client_legal_entity_id: idParam.optional(),
          state: z.enum(['upcoming', 'past']).optional(),
          age: z.enum(['under', 'over', 'under90Days', 'over90Days']).optional(),
          assigned: z.enum(['me', 'all']).optional(),
          ...paging,
        }),
        response: { 200: followupListResponseSchema, ...crmErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = clampPage(q.page);
      return followupList(deps, request, {
        marketId: q.market_id ?? null,
        clientId: q.client_legal_entity_id ?? null,
        state: q.state ?? null,
        age: q.age ?? null,
        assigned: q.assigned ?? 'all',
        page,
        pageSize: clampPageSize(q.pageSize),
        paginationToken: page > 1 ? (q.paginationToken ?? null) : null,
      });
    },
  );

  app.post(
    `${MERCH}/followups`,
    {
      config: { access: 'session', writeLimit: CREATE_LIMIT_PER_MINUTE },
      schema: { body: followupCreateSchema, response: { 201: followupRowSchema, ...crmWriteErrors } },
    },
    async (request, reply) => reply.status(201).send(await createFollowup(deps, request, request.body)),
  );

  app.patch(
    `${MERCH}/followups/:followupId`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ followupId: idParam }),
        body: followupUpdateSchema,
        response: { 200: followupRowSchema, ...crmWriteErrors },
      },
    },
    async (request) => changeFollowup(deps, request, request.params.followupId, request.body),
  );

  app.get(
    `${MERCH}/recent-activity`,
    {
      config: { access: 'session' },
      schema: {
        querystring: z.object({ market_id: idParam.optional(), limit: z.string().max(10).optional() }),
        response: { 200: recentActivityResponseSchema, ...crmErrors },
      },
    },
    async (request) => {
      const n = Number(request.query.limit);
      const limit = Number.isInteger(n) && n >= 1 ? Math.min(n, 50) : 20;
      return recentClientActivity(deps, request, request.query.market_id ?? null, limit);
    },
  );

  app.get(
    `${MERCH}/last-updated`,
    {
      config: { access: 'session' },
      schema: {
        querystring: z.object({ market_id: idParam.optional() }),
        response: { 200: lastUpdatedResponseSchema, ...crmErrors },
      },
    },
    async (request) => marketLastUpdated(deps, request, request.query.market_id ?? null),
  );
};
