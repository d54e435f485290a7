import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';

/** Deliveries (issue 14): scale tickets entered at the scale or by hand, discount schedules, applying tickets to contracts, spot sales. */
export const deliveriesRoutes: FastifyPluginAsyncZod<CrmDeps> = async () => {};
