import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';

/** The partner's users, invitations and permissions (issue 15). */
export const adminUsersRoutes: FastifyPluginAsyncZod<CrmDeps> = async () => {};
