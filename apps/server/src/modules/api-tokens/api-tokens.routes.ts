import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';

/** API tokens for integrations (issue 15, users/:userLegacyId/tokens): scoped, revocable, hashed at rest, shown once. */
export const apiTokensRoutes: FastifyPluginAsyncZod<CrmDeps> = async () => {};
