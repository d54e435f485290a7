import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';

/** The CRM administrator (issue 15): the partner's users, invitations, per-market and admin permissions, legal entities, offboarding. */
export const crmAdminRoutes: FastifyPluginAsyncZod<CrmDeps> = async () => {};
