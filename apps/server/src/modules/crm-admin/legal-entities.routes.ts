import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';

/** The partner's client legal entities and their upload (issue 15). */
export const legalEntitiesRoutes: FastifyPluginAsyncZod<CrmDeps> = async () => {};
