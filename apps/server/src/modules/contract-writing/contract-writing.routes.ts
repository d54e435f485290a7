import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';

/** Writing contracts (issue 14): new contracts of every type, numbers from the partner's sequence, splits. */
export const contractWritingRoutes: FastifyPluginAsyncZod<CrmDeps> = async () => {};
