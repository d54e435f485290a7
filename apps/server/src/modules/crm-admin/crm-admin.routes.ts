import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { legalEntitiesRoutes } from './legal-entities.routes.ts';
import { offboardingRoutes } from './offboarding.routes.ts';

/**
 * The CRM administrator (issue 15): the partner's users, invitations, per-market and admin permissions (admin-users),
 * legal entities and offboarding; each part in its own plugin file so that they grow without touching this one.
 */
export const crmAdminRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  await app.register(adminUsersRoutes, deps);
  await app.register(legalEntitiesRoutes, deps);
  await app.register(offboardingRoutes, deps);
};
