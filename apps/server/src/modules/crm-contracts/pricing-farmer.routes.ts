import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  contractAddendumSchema,
  farmerAddendaSchema,
  farmerPricingEventsSchema,
  farmerPricingQuerySchema,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { idParam } from '../../platform/crm-access.ts';
import { crmErrors } from '../../platform/crm-http.ts';
import { farmerAddenda, farmerAddendum, farmerPricingEvent, farmerPricingEvents } from './pricing-reads.service.ts';

const PC = PROFIT_CENTER_API;

/**
 * The farmer's pricing reads (grain-marketing.md 7, profit center; docs/decisions/041): the pricing events and addenda of
 * their own contracts (another's id answers 404). A session with My Sales Lite, as the other profit-center calls.
 */
export const pricingFarmerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const session = { access: 'session' } as const;
  app.get(
    `${PC}/contracts/pricing-events`,
    {
      config: session,
      schema: { querystring: farmerPricingQuerySchema, response: { 200: farmerPricingEventsSchema, ...crmErrors } },
    },
    async (request) => farmerPricingEvents(ctx, request, request.query.contractId ?? null),
  );
  app.get(
    `${PC}/contracts/pricing-event/:id`,
    {
      config: session,
      schema: {
        params: z.object({ id: idParam }),
        response: { 200: farmerPricingEventsSchema.shape.rows.element, ...crmErrors },
      },
    },
    async (request) => farmerPricingEvent(ctx, request, request.params.id),
  );
  app.get(
    `${PC}/contracts/addenda`,
    {
      config: session,
      schema: { querystring: farmerPricingQuerySchema, response: { 200: farmerAddendaSchema, ...crmErrors } },
    },
    async (request) => farmerAddenda(ctx, request, request.query.contractId ?? null),
  );
  app.get(
    `${PC}/contracts/addenda/:id`,
    {
      config: session,
      schema: { params: z.object({ id: idParam }), response: { 200: contractAddendumSchema, ...crmErrors } },
    },
    async (request) => farmerAddendum(ctx, request, request.params.id),
  );
};
