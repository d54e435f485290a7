import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLegalEntitiesQuerySchema,
  adminLegalEntitiesResponseSchema,
  apiErrorSchema,
  ingestAcceptedSchema,
  ingestFileQuerySchema,
} from '@granary/domain';
import { idParam, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors } from '../../platform/crm-http.ts';
import { adminLegalEntities, uploadLegalEntities } from './legal-entities.service.ts';

const MERCH = '/api/commodities/merchandising';
const platformParams = z.object({ platformId: idParam });

/** The partner's client legal entities and their upload (issue 15). */
export const legalEntitiesRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  // The upload's body is streamed to the ingest as it arrives (never parsed whole); in this plugin's scope only.
  for (const type of ['text/csv', 'application/octet-stream', 'text/plain']) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }

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

  // The clients file goes through the same ingest as /crm/ingest (record type 'clients', the saved column mapping).
  app.post(
    `${MERCH}/admin/le/:platformId/legal-entities/upload`,
    {
      config: { access: 'session', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        // Declared here: api-operations.ts is at its length limit.
        tags: ['crm'],
        summary: "Upload the partner's client legal entities (CSV) through the ingest: 202 with the sync to follow",
        params: platformParams,
        querystring: ingestFileQuerySchema,
        response: { 202: ingestAcceptedSchema, ...crmErrors, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const accepted = await uploadLegalEntities(deps, request, request.params.platformId, request.query.fileName);
      return reply.status(202).send(accepted);
    },
  );
};
