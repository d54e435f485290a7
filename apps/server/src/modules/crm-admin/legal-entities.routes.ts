import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLegalEntitiesQuerySchema, adminLegalEntitiesResponseSchema } from '@granary/domain';
import { idParam, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors } from '../../platform/crm-http.ts';
import { adminLegalEntities } from './legal-entities.service.ts';

const MERCH = '/api/commodities/merchandising';
const platformParams = z.object({ platformId: idParam });

/** The partner's client legal entities and their upload (issue 15). */
export const legalEntitiesRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  app.get(
    `${MERCH}/admin/le/:platformId/legal-entities`,
    {
      config: { access: 'session' },
      schema: {
        params: platformParams,
        querystring: adminLegalEntitiesQuerySchema,
        response: { 200: adminLegalEntitiesResponseSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return adminLegalEntities(deps, request, request.params.platformId, request.query);
    },
  );
};
