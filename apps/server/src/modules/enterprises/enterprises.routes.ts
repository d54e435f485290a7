import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MONITOR_BRANDS,
  SOFTWARE_TOOLS,
  agronomicSummaryBodySchema,
  agronomicsSchema,
  apiErrorSchema,
  businessUnitsBodySchema,
  catalogueSchema,
  contributedDataSchema,
  currentEnterpriseBodySchema,
  currentEnterpriseSchema,
  dataFeatureUnlocksSchema,
  enterpriseFieldsSchema,
  enterpriseProfilePatchSchema,
  enterpriseProfileSchema,
  enterpriseProfileV1Schema,
  hideQualifyingQuestionsBodySchema,
  qualifyingAnswersBodySchema,
  qualifyingQuestionsSchema,
  readableEnterpriseFactsSchema,
  userEnterprisesSchema,
  userProfilePatchSchema,
  userProfileSchema,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import * as service from './enterprises.service.ts';

type Options = { ctx: AppContext };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;
const enterpriseParams = z.object({ enterpriseId: z.coerce.number().int().positive().max(2_147_483_647) });
const userParams = z.object({ userId: z.uuid() });
const userPublicParams = z.object({ userPublicId: z.uuid() });
const config = { access: 'session' } as const;
const E = '/api/effu/enterprises/:enterpriseId';
const Q = `${E}/qualifying-questions`;

/**
 * The enterprise (farm business) profile calls of platform.md 7.2 and 7.4 (issue 16, decision 050): under /api/effu
 * the profile by legacy id, the v1 profile, the fields, the v2 enterprise and user profiles, profile/partial, the
 * software-tools and monitor-brands catalogues, a user's enterprises, contributed data and its unlocks, qualifying
 * questions and agronomics; under /api/auth the user's own profile, phone removal and readable enterprise facts.
 * Another enterprise's or user's id answers 404.
 */
export const enterprisesRoutes: FastifyPluginAsyncZod<Options> = async (app, { ctx }) => {
  profileRoutes(app, ctx);
  enterpriseDataRoutes(app, ctx);
  userRoutes(app, ctx);
};

type App = Parameters<FastifyPluginAsyncZod<Options>>[0];

function sessionOf(ctx: AppContext) {
  return (request: Parameters<typeof requireSession>[1]) => requireSession(ctx, request);
}

/** The profile reads and profile/partial, the catalogues, a user's enterprises and the switcher. */
function profileRoutes(app: App, ctx: AppContext): void {
  const db = ctx.database.db;
  const session = sessionOf(ctx);

  app.get(
    `${E}/profile`,
    { config, schema: { params: enterpriseParams, response: { 200: enterpriseProfileSchema, ...errors } } },
    async (request) => service.profileOf(db, await session(request), request.params.enterpriseId),
  );
  app.get(
    '/api/effu/v1/enterprises/:enterpriseId/profile',
    { config, schema: { params: enterpriseParams, response: { 200: enterpriseProfileV1Schema, ...errors } } },
    async (request) =>
      enterpriseProfileV1Schema.parse(await service.profileOf(db, await session(request), request.params.enterpriseId)),
  );
  app.get(
    `${E}/fields`,
    { config, schema: { params: enterpriseParams, response: { 200: enterpriseFieldsSchema, ...errors } } },
    async (request) => service.fieldsOf(db, await session(request), request.params.enterpriseId),
  );
  app.get(
    '/api/effu/v2/enterprises/:enterprisePublicId/profile',
    {
      config,
      schema: {
        params: z.object({ enterprisePublicId: z.uuid() }),
        response: { 200: enterpriseProfileSchema, ...errors },
      },
    },
    async (request) => service.profileByPublicId(db, await session(request), request.params.enterprisePublicId),
  );
  app.get(
    '/api/effu/v2/users/:userPublicId/profile',
    { config, schema: { params: userPublicParams, response: { 200: userProfileSchema, ...errors } } },
    async (request) => service.userProfile(db, await session(request), request.params.userPublicId),
  );
  app.patch(
    '/api/effu/profile/partial',
    { config, schema: { body: enterpriseProfilePatchSchema, response: { 200: enterpriseProfileSchema, ...errors } } },
    async (request) => service.patchProfile(db, request, await session(request), request.body),
  );
  app.get('/api/effu/software-tools', { config, schema: { response: { 200: catalogueSchema, ...errors } } }, () => ({
    items: SOFTWARE_TOOLS.map((t) => ({ id: t.id, name: t.name })),
  }));
  app.get('/api/effu/monitor-brands', { config, schema: { response: { 200: catalogueSchema, ...errors } } }, () => ({
    items: MONITOR_BRANDS.map((b) => ({ id: b.id, name: b.name })),
  }));
  app.get(
    '/api/effu/user/:userPublicId/enterprises',
    { config, schema: { params: userPublicParams, response: { 200: userEnterprisesSchema, ...errors } } },
    async (request) => service.userEnterprises(db, await session(request), request.params.userPublicId),
  );
  app.get(
    '/api/effu/user/:userPublicId/enterprise/:enterprisePublicId',
    {
      config,
      schema: {
        params: userPublicParams.extend({ enterprisePublicId: z.uuid() }),
        response: { 200: enterpriseProfileSchema, ...errors },
      },
    },
    async (request) =>
      service.userEnterprise(
        db,
        await session(request),
        request.params.userPublicId,
        request.params.enterprisePublicId,
      ),
  );
  app.put(
    '/api/effu/user/current-enterprise',
    { config, schema: { body: currentEnterpriseBodySchema, response: { 200: currentEnterpriseSchema, ...errors } } },
    async (request) => service.setCurrentEnterprise(db, await session(request), request.body.enterprise_id),
  );
}

/** Contributed data and its unlocks, qualifying questions, agronomics. */
function enterpriseDataRoutes(app: App, ctx: AppContext): void {
  const db = ctx.database.db;
  const session = sessionOf(ctx);
  app.get(
    `${E}/contributed-data`,
    { config, schema: { params: enterpriseParams, response: { 200: contributedDataSchema, ...errors } } },
    async (request) => service.contributedData(db, await session(request), request.params.enterpriseId),
  );
  app.get(
    `${E}/data-feature-unlocks`,
    { config, schema: { params: enterpriseParams, response: { 200: dataFeatureUnlocksSchema, ...errors } } },
    async (request) => service.dataFeatureUnlocks(db, await session(request), request.params.enterpriseId),
  );
  app.get(
    Q,
    { config, schema: { params: enterpriseParams, response: { 200: qualifyingQuestionsSchema, ...errors } } },
    async (request) => service.qualifyingQuestions(db, await session(request), request.params.enterpriseId),
  );
  app.put(
    `${Q}/answers`,
    {
      config,
      schema: {
        params: enterpriseParams,
        body: qualifyingAnswersBodySchema,
        response: { 200: qualifyingQuestionsSchema, ...errors },
      },
    },
    async (request) =>
      service.changeQualifying(db, request, await session(request), request.params.enterpriseId, {
        kind: 'answers',
        answers: request.body.answers,
      }),
  );
  app.put(
    `${Q}/business-units`,
    {
      config,
      schema: {
        params: enterpriseParams,
        body: businessUnitsBodySchema,
        response: { 200: qualifyingQuestionsSchema, ...errors },
      },
    },
    async (request) =>
      service.changeQualifying(db, request, await session(request), request.params.enterpriseId, {
        kind: 'business_units',
        businessUnits: request.body.business_units,
      }),
  );
  app.put(
    `${Q}/hide`,
    {
      config,
      schema: {
        params: enterpriseParams,
        body: hideQualifyingQuestionsBodySchema,
        response: { 200: qualifyingQuestionsSchema, ...errors },
      },
    },
    async (request) =>
      service.changeQualifying(db, request, await session(request), request.params.enterpriseId, {
        kind: 'hide',
        hidden: request.body.hidden,
      }),
  );
  app.get(
    `${E}/agronomics`,
    { config, schema: { params: enterpriseParams, response: { 200: agronomicsSchema, ...errors } } },
    async (request) => service.agronomics(db, await session(request), request.params.enterpriseId),
  );
  app.put(
    `${E}/agronomics`,
    {
      config,
      schema: {
        params: enterpriseParams,
        body: agronomicSummaryBodySchema,
        response: { 200: agronomicsSchema, ...errors },
      },
    },
    async (request) =>
      service.saveAgronomicSummary(db, request, await session(request), request.params.enterpriseId, request.body),
  );
  app.delete(
    `${E}/agronomics/:cropYear/:crop`,
    {
      config,
      schema: {
        params: enterpriseParams.extend({
          cropYear: z.coerce.number().int().min(1990).max(2100),
          crop: z.string().max(60),
        }),
        response: { 200: agronomicsSchema, ...errors },
      },
    },
    async (request) =>
      service.removeAgronomicSummary(
        db,
        request,
        await session(request),
        request.params.enterpriseId,
        request.params.cropYear,
        request.params.crop,
      ),
  );
}

/** Under /api/auth: the user's own record (an admin acting as the user cannot change it: access.ts). */
function userRoutes(app: App, ctx: AppContext): void {
  const db = ctx.database.db;
  const session = sessionOf(ctx);
  app.get(
    '/api/auth/user/:userId/profile',
    { config, schema: { params: userParams, response: { 200: userProfileSchema, ...errors } } },
    async (request) => service.userProfile(db, await session(request), request.params.userId),
  );
  app.patch(
    '/api/auth/user/:userId/profile',
    {
      config,
      schema: { params: userParams, body: userProfilePatchSchema, response: { 200: userProfileSchema, ...errors } },
    },
    async (request) =>
      service.patchUserProfile(db, request, await session(request), request.params.userId, request.body),
  );
  app.post(
    '/api/auth/users/:userId/phone_number/delete',
    { config, schema: { params: userParams, response: { 200: userProfileSchema, ...errors } } },
    async (request) => service.deletePhone(db, request, await session(request), request.params.userId),
  );
  app.get(
    '/api/auth/users/:userId/permissions/readable-enterprise-facts',
    { config, schema: { params: userParams, response: { 200: readableEnterpriseFactsSchema, ...errors } } },
    async (request) => service.readableEnterpriseFacts(db, await session(request), request.params.userId),
  );
}
