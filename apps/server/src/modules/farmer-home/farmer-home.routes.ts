import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FARMER_HOME_PATH, farmerHomeSchema } from '@granary/domain';
import { crmErrors } from '../../platform/crm-http.ts';
import { farmerHome, type FarmerHomeDeps } from './farmer-home.service.ts';

/**
 * The farmer's home at /dashboard (issue 17): GET profit-center/home, every card of the page in one answer. Its tag and
 * summary are declared here (the profit-center area's table in api-operations.ts belongs to the profit center's tabs).
 */
export const farmerHomeRoutes: FastifyPluginAsyncZod<FarmerHomeDeps> = async (app, deps) => {
  app.get(
    FARMER_HOME_PATH,
    {
      config: { access: 'session' },
      schema: {
        tags: ['profit-center'],
        summary:
          "The farmer's home: contracts to sign, offers near target, deliveries not settled, payments sent, " +
          'store orders in progress, local bids for the crops grown, latest notifications',
        response: { 200: farmerHomeSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return farmerHome(deps, request);
    },
  );
};
