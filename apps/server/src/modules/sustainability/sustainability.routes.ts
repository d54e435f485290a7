import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  farmerSustainabilitySchema,
  sustainabilityEnrolBodySchema,
  sustainabilityEnrolmentSchema,
  sustainabilityFiltersSchema,
  sustainabilityLegalEntitiesQuerySchema,
  sustainabilityLegalEntitiesSchema,
  sustainabilityProgramBodySchema,
  sustainabilityProgramListSchema,
  sustainabilityProgramSchema,
  sustainabilitySignBodySchema,
} from '@granary/domain';
import { idParam, loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  enrol,
  farmerSustainability,
  signEnrolment,
  withdrawEnrolment,
  type SustainabilityDeps,
} from './sustainability.service.ts';
import {
  listPrograms,
  marketLegalEntities,
  saveProgram,
  sustainabilityFilters,
} from './sustainability-buyer.service.ts';

const PC = PROFIT_CENTER_API;
const MERCH = '/api/commodities/merchandising';

/**
 * The profit center's sustainability tab (issue 17, grain-marketing.md 7: sustainability/:surveyId/sign,
 * sustainability/sign; docs/decisions/059): the farmer's programs, enrolment and signature. Same access as the
 * profit center: 401, 403 enterprise_access_required; another farmer's ids 404.
 */
export const sustainabilityRoutes: FastifyPluginAsyncZod<SustainabilityDeps> = async (app, deps) => {
  const session = { access: 'session' } as const;
  app.get(
    `${PC}/sustainability`,
    { config: session, schema: { response: { 200: farmerSustainabilitySchema, ...crmErrors } } },
    async (request) => farmerSustainability(deps, request),
  );
  app.post(
    `${PC}/sustainability/:surveyId/sign`,
    {
      config: session,
      schema: {
        params: z.object({ surveyId: idParam }),
        body: sustainabilityEnrolBodySchema,
        response: { 201: sustainabilityEnrolmentSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await enrol(deps, request, request.params.surveyId, request.body)),
  );
  app.post(
    `${PC}/sustainability/sign`,
    {
      config: session,
      schema: {
        body: sustainabilitySignBodySchema,
        response: { 200: sustainabilityEnrolmentSchema, ...crmWriteErrors },
      },
    },
    async (request) => signEnrolment(deps, request, request.body),
  );
  app.post(
    `${PC}/sustainability/enrolments/:enrolmentId/withdraw`,
    {
      config: session,
      schema: {
        params: z.object({ enrolmentId: idParam }),
        response: { 200: sustainabilityEnrolmentSchema, ...crmWriteErrors },
      },
    },
    async (request) => withdrawEnrolment(deps, request, request.params.enrolmentId),
  );
};

/**
 * The buyer's side (grain-marketing.md 7 'Sustainability': le/:platformId/market/:marketId/legal-entities,
 * .../legal-entities/:clientId, instrument/filters; decision 059) and the programs of a market (buyer-admins).
 */
export const sustainabilityCrmRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);
  const session = { access: 'session' } as const;
  const marketParams = z.object({ platformId: idParam, marketId: idParam });
  app.get(
    `${MERCH}/le/:platformId/market/:marketId/legal-entities`,
    {
      config: session,
      schema: {
        params: marketParams,
        querystring: sustainabilityLegalEntitiesQuerySchema,
        response: { 200: sustainabilityLegalEntitiesSchema, ...crmErrors },
      },
    },
    async (request) =>
      marketLegalEntities(deps, request, request.params.platformId, request.params.marketId, request.query),
  );
  app.get(
    `${MERCH}/le/:platformId/market/:marketId/legal-entities/:clientId`,
    {
      config: session,
      schema: {
        params: marketParams.extend({ clientId: idParam }),
        querystring: sustainabilityLegalEntitiesQuerySchema,
        response: { 200: sustainabilityLegalEntitiesSchema, ...crmErrors },
      },
    },
    async (request) =>
      marketLegalEntities(
        deps,
        request,
        request.params.platformId,
        request.params.marketId,
        request.query,
        request.params.clientId,
      ),
  );
  app.get(
    `${MERCH}/instrument/filters`,
    { config: session, schema: { response: { 200: sustainabilityFiltersSchema, ...crmErrors } } },
    async (request) => sustainabilityFilters(deps, request),
  );
  app.get(
    `${MERCH}/le/:platformId/market/:marketId/sustainability-programs`,
    {
      config: session,
      schema: { params: marketParams, response: { 200: sustainabilityProgramListSchema, ...crmErrors } },
    },
    async (request) => listPrograms(deps, request, request.params.platformId, request.params.marketId),
  );
  app.post(
    `${MERCH}/le/:platformId/market/:marketId/sustainability-programs`,
    {
      config: session,
      schema: {
        params: marketParams,
        body: sustainabilityProgramBodySchema,
        response: { 201: sustainabilityProgramSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await saveProgram(deps, request, request.params.platformId, request.params.marketId, request.body)),
  );
  app.put(
    `${MERCH}/le/:platformId/market/:marketId/sustainability-programs/:programId`,
    {
      config: session,
      schema: {
        params: marketParams.extend({ programId: idParam }),
        body: sustainabilityProgramBodySchema,
        response: { 200: sustainabilityProgramSchema, ...crmWriteErrors },
      },
    },
    async (request) =>
      saveProgram(
        deps,
        request,
        request.params.platformId,
        request.params.marketId,
        request.body,
        request.params.programId,
      ),
  );
};
