import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';

/** Payments (issue 14): payment requests, their events, and the payment adapter (built-in ACH/check provider). */
export const paymentsRoutes: FastifyPluginAsyncZod<CrmDeps> = async () => {};
