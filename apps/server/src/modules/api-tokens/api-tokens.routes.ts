import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenCreateSchema, apiTokenCreatedSchema, apiTokenListResponseSchema } from '@granary/domain';
import type { CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { createToken, revokeUserToken, tokensOf } from './api-tokens.service.ts';

const TOKENS = '/api/auth/users/:userLegacyId/tokens';
const legacyParams = z.object({ userLegacyId: z.coerce.number().int().positive().max(2_147_483_647) });
const tokenParams = legacyParams.extend({ tokenId: z.uuid() });

/** API tokens for integrations (issue 15, users/:userLegacyId/tokens): scoped, revocable, hashed at rest, shown once. */
export const apiTokensRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, { ctx }) => {
  app.get(
    TOKENS,
    {
      config: { access: 'session' },
      schema: { params: legacyParams, response: { 200: apiTokenListResponseSchema, ...crmErrors } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return tokensOf(ctx, request, request.params.userLegacyId);
    },
  );

  app.post(
    TOKENS,
    {
      config: { access: 'session' },
      schema: {
        params: legacyParams,
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const created = await createToken(ctx, request, request.params.userLegacyId, request.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    `${TOKENS}/:tokenId`,
    {
      config: { access: 'session' },
      schema: { params: tokenParams, response: { 204: z.null(), ...crmWriteErrors } },
    },
    async (request, reply) => {
      await revokeUserToken(ctx, request, request.params.userLegacyId, request.params.tokenId);
      return reply.status(204).send(null);
    },
  );
};
