import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';

/** The offboarding report (issue 15). */
export const offboardingRoutes: FastifyPluginAsyncZod<CrmDeps> = async () => {};
