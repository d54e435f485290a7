import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';

/** Settlements (issue 14): paying the farmer for applied, priced bushels; advances and liens; the statement PDF. */
export const settlementsRoutes: FastifyPluginAsyncZod<CrmDeps> = async () => {};
