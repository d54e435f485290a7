import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SAVED_VIEW_GRIDS,
  savedViewCreateSchema,
  savedViewListSchema,
  savedViewSchema,
  savedViewUpdateSchema,
} from '@granary/domain';
import { idParam, loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { CREATE_LIMIT_PER_MINUTE } from '../../platform/write-limits.ts';
import { changeSavedView, createSavedView, listSavedViews, removeSavedView } from './saved-views.service.ts';

const SAVED_VIEWS_PATH = '/api/commodities/merchandising/saved-views';

/** The signed-in buyer's saved views of the CRM grids (issue 13): their own only; another user's is a 404. */
export const savedViewsRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);
  app.get(
    SAVED_VIEWS_PATH,
    {
      config: { access: 'session' },
      schema: {
        querystring: z.object({ grid: z.enum(SAVED_VIEW_GRIDS).optional() }),
        response: { 200: savedViewListSchema, ...crmErrors },
      },
    },
    async (request) => listSavedViews(deps, request, request.query.grid ?? null),
  );

  app.post(
    SAVED_VIEWS_PATH,
    {
      config: { access: 'session', writeLimit: CREATE_LIMIT_PER_MINUTE },
      schema: { body: savedViewCreateSchema, response: { 201: savedViewSchema, ...crmWriteErrors } },
    },
    async (request, reply) => reply.status(201).send(await createSavedView(deps, request, request.body)),
  );

  app.patch(
    `${SAVED_VIEWS_PATH}/:viewId`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ viewId: idParam }),
        body: savedViewUpdateSchema,
        response: { 200: savedViewSchema, ...crmWriteErrors },
      },
    },
    async (request) => changeSavedView(deps, request, request.params.viewId, request.body),
  );

  app.delete(
    `${SAVED_VIEWS_PATH}/:viewId`,
    {
      config: { access: 'session' },
      schema: { params: z.object({ viewId: idParam }), response: { 204: z.null(), ...crmWriteErrors } },
    },
    async (request, reply) => {
      await removeSavedView(deps, request, request.params.viewId);
      return reply.status(204).send(null);
    },
  );
};
