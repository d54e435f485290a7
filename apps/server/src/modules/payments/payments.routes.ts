import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  eligibleContractsSchema,
  eligibleSummariesSchema,
  paymentApproveSchema,
  paymentEventsSchema,
  paymentReasonSchema,
  paymentRequestCreateSchema,
  paymentRequestDetailSchema,
  paymentRequestListSchema,
  paymentRequestRowSchema,
  paymentRequestsQuerySchema,
} from '@granary/domain';
import { etagOf, idParam, loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { paymentProviderFromEnv } from './adapter.ts';
import { registerPaymentJobs } from './payments-job.ts';
import {
  createRequests,
  eligibleContracts,
  eligibleSummaries,
  farmerRequestEvents,
  farmerRequests,
} from './farmer-payments.service.ts';
import {
  buyerRequest,
  buyerRequests,
  operateOnRequest,
  type BuyerOperation,
  type PaymentsDeps,
} from './payments.service.ts';

const PC = PROFIT_CENTER_API;
const MERCH = '/api/commodities/merchandising';

/**
 * Payments (issue 14): payment requests, their events, and the payment adapter (built-in ACH/check provider,
 * PAYMENT_PROVIDER). The farmer's calls (profit-center) see their own legal entities only; the buyer's (merchandising)
 * need the `contracts` permission at the request's market. docs/decisions/045-payment-adapter.md.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, crmDeps) => {
  const provider = paymentProviderFromEnv(crmDeps.ctx.env.PAYMENT_PROVIDER);
  const deps: PaymentsDeps = { ...crmDeps, provider };
  registerPaymentJobs(provider, crmDeps.ctx.env);
  loadCrmActorWithSession(app);
  const session = { access: 'session' } as const;

  // --- The farmer (My Sales Lite)
  app.get(
    `${PC}/payment-eligible-contracts`,
    { config: session, schema: { response: { 200: eligibleContractsSchema, ...crmErrors } } },
    async (request) => eligibleContracts(deps, request),
  );

  app.get(
    `${PC}/payment-eligible-summaries`,
    { config: session, schema: { response: { 200: eligibleSummariesSchema, ...crmErrors } } },
    async (request) => eligibleSummaries(deps, request),
  );

  app.get(
    `${PC}/payment-requests`,
    {
      config: session,
      schema: { querystring: paymentRequestsQuerySchema, response: { 200: paymentRequestListSchema, ...crmErrors } },
    },
    async (request) => farmerRequests(deps, request, request.query),
  );

  app.post(
    `${PC}/payment-requests`,
    {
      config: session,
      schema: {
        body: paymentRequestCreateSchema,
        response: { 201: z.object({ paymentRequests: z.array(paymentRequestRowSchema) }), ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const out = await createRequests(deps, request, request.body);
      return reply.code(201).send(out);
    },
  );

  app.get(
    `${PC}/payment-requests/:requestId/events`,
    {
      config: session,
      schema: { params: z.object({ requestId: idParam }), response: { 200: paymentEventsSchema, ...crmErrors } },
    },
    async (request) => farmerRequestEvents(deps, request, request.params.requestId),
  );

  // --- The buyer (CRM)
  app.get(
    `${MERCH}/payment-requests`,
    {
      config: session,
      schema: { querystring: paymentRequestsQuerySchema, response: { 200: paymentRequestListSchema, ...crmErrors } },
    },
    async (request) => buyerRequests(deps, request, request.query),
  );

  app.get(
    `${MERCH}/payment-requests/:id`,
    {
      config: session,
      schema: { params: z.object({ id: idParam }), response: { 200: paymentRequestDetailSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const { version, ...detail } = await buyerRequest(deps, request, request.params.id);
      void reply.header('etag', etagOf(version));
      return detail;
    },
  );

  const operation = <S extends z.ZodType>(path: string, body: S, toInput: (b: z.output<S>) => BuyerOperation) =>
    app.post(
      `${MERCH}/payment-requests/:id/${path}`,
      {
        config: session,
        schema: {
          params: z.object({ id: idParam }),
          body,
          response: { 200: paymentRequestDetailSchema, ...crmWriteErrors },
        },
      },
      async (request, reply) => {
        const { version, ...detail } = await operateOnRequest(
          deps,
          request,
          request.params.id,
          toInput(request.body as z.output<S>),
        );
        void reply.header('etag', etagOf(version));
        return detail;
      },
    );
  operation('approve', paymentApproveSchema, (b) => ({ op: 'approve', checkNumber: b?.checkNumber }));
  operation('reject', paymentReasonSchema, (b) => ({ op: 'reject', reason: b.reason }));
  operation('settle', z.object({}).nullish(), () => ({ op: 'settle' }));
  operation('return', paymentReasonSchema, (b) => ({ op: 'return', reason: b.reason }));
};
