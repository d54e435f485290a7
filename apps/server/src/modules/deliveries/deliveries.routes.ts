import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyProposalSchema,
  applyTicketsResponseSchema,
  applyTicketsSchema,
  decimalInSchema,
  discountScheduleListResponseSchema,
  discountScheduleSchema,
  discountScheduleTermsSchema,
  scaleTicketCreateResponseSchema,
  scaleTicketCreateSchema,
  scaleTicketPreviewSchema,
  spotSaleQuoteSchema,
  spotSaleResponseSchema,
  unapplyTicketsSchema,
} from '@granary/domain';
import { etagOf, idParam, loadCrmActorWithSession, serialIdParam, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { applyProposal, applyTickets, createTickets, previewTicket, unapplyTickets } from './deliveries.service.ts';
import {
  getDiscountSchedule,
  listMarketDiscountSchedules,
  saveDiscountSchedule,
} from './discount-schedules.service.ts';
import { spotSale, spotSaleQuote } from './spot-sale.service.ts';

const CTRM = '/api/commodities/ctrm';

const ticketFiguresSchema = z.object({
  netWeight: z.string(),
  grossBushels: z.string(),
  shrinkPct: z.string(),
  shrinkBushels: z.string(),
  netBushels: z.string(),
  dryingCharge: z.string(),
  testWeightDiscount: z.string(),
  damageDiscount: z.string(),
  foreignMaterialDiscount: z.string(),
  discountAmount: z.string(),
  discountCentsPerBushel: z.object({ testWeight: z.string(), damage: z.string(), foreignMaterial: z.string() }),
});

/** Up to 1,000 ticket ids, comma-separated (the Apply dialog's selection). */
const ticketIdsParam = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15}){0,999}$/, 'Expected comma-separated numeric ids')
  .transform((s) => [...new Set(s.split(',').map(Number))]);

/** Deliveries (issue 14): scale tickets entered at the scale or by hand, discount schedules, applying tickets to contracts, spot sales. */
export const deliveriesRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);
  const scheduleParams = z.object({ marketId: serialIdParam, cropId: serialIdParam });

  app.get(
    `${CTRM}/discount-schedules/:marketId`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ marketId: serialIdParam }),
        response: { 200: discountScheduleListResponseSchema, ...crmErrors },
      },
    },
    async (request) => listMarketDiscountSchedules(deps, request, request.params.marketId),
  );

  app.get(
    `${CTRM}/discount-schedules/:marketId/:cropId`,
    {
      config: { access: 'session' },
      schema: { params: scheduleParams, response: { 200: discountScheduleSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const out = await getDiscountSchedule(deps, request, request.params.marketId, request.params.cropId);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  app.put(
    `${CTRM}/discount-schedules/:marketId/:cropId`,
    {
      config: { access: 'session' },
      schema: {
        params: scheduleParams,
        body: discountScheduleTermsSchema,
        response: { 200: discountScheduleSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const out = await saveDiscountSchedule(
        deps,
        request,
        request.params.marketId,
        request.params.cropId,
        request.body,
      );
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  app.post(
    `${CTRM}/scale-tickets/preview`,
    {
      config: { access: 'session' },
      schema: { body: scaleTicketPreviewSchema, response: { 200: ticketFiguresSchema, ...crmWriteErrors } },
    },
    async (request) => previewTicket(deps, request, request.body),
  );

  app.post(
    `${CTRM}/scale-tickets`,
    {
      config: { access: 'session' },
      schema: { body: scaleTicketCreateSchema, response: { 200: scaleTicketCreateResponseSchema, ...crmWriteErrors } },
    },
    async (request) => createTickets(deps, request, request.body),
  );

  app.get(
    `${CTRM}/scale-tickets/apply-proposal`,
    {
      config: { access: 'session' },
      schema: {
        querystring: z.object({ ticketIds: ticketIdsParam }),
        response: { 200: applyProposalSchema, ...crmErrors },
      },
    },
    async (request) => applyProposal(deps, request, request.query.ticketIds),
  );

  app.post(
    `${CTRM}/scale-tickets/apply`,
    {
      config: { access: 'session' },
      schema: { body: applyTicketsSchema, response: { 200: applyTicketsResponseSchema, ...crmWriteErrors } },
    },
    async (request) => applyTickets(deps, request, request.body),
  );

  app.post(
    `${CTRM}/scale-tickets/unapply`,
    {
      config: { access: 'session' },
      schema: { body: unapplyTicketsSchema, response: { 200: applyTicketsResponseSchema, ...crmWriteErrors } },
    },
    async (request) => unapplyTickets(deps, request, request.body.applicationIds),
  );

  const ticketParams = z.object({ ticketId: idParam });
  app.get(
    `${CTRM}/scale-tickets/:ticketId/spot-sale`,
    {
      config: { access: 'session' },
      schema: { params: ticketParams, response: { 200: spotSaleQuoteSchema, ...crmErrors } },
    },
    async (request) => spotSaleQuote(deps, request, request.params.ticketId),
  );

  app.post(
    `${CTRM}/scale-tickets/:ticketId/spot-sale`,
    {
      config: { access: 'session' },
      schema: {
        params: ticketParams,
        body: z.object({ cashPrice: decimalInSchema({ min: '-1000', max: '100000', scale: 4 }) }),
        response: { 200: spotSaleResponseSchema, ...crmWriteErrors },
      },
    },
    async (request) => spotSale(deps, request, request.params.ticketId, request.body.cashPrice),
  );
};
