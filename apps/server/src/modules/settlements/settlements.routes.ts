import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  SETTLEMENT_STATUSES,
  advanceCreateSchema,
  advanceListResponseSchema,
  advanceSchema,
  isoDateSchema,
  lienListResponseSchema,
  lienSchema,
  lienWriteSchema,
  settleableLinesResponseSchema,
  settlementCreateSchema,
  settlementDetailSchema,
  settlementListResponseSchema,
  settlementSummarySchema,
  settlementVoidSchema,
  SETTLEMENT_RATES_PATH,
  settlementRatesSaveSchema,
  settlementRatesSchema,
} from '@granary/domain';
import { etagOf, idListParam, idParam, loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { changeSettlementStatus, createSettlement } from './settlements.service.ts';
import {
  farmerAdvances,
  farmerContractItems,
  farmerSettlement,
  farmerSettlements,
  farmerStatement,
  getSettlement,
  listSettlements,
  settleableLines,
  settlementStatement,
} from './settlement-read.service.ts';
import { getSettlementRates, saveSettlementRates } from './settlement-rates.service.ts';
import { clientLiens, createAdvance, createLien, crmAdvances, editLien } from './advances-liens.service.ts';

const MERCH = '/api/commodities/merchandising';
const PC = PROFIT_CENTER_API;

const listQuery = z.object({
  market_id: idParam.optional(),
  client_id: idParam.optional(),
  contract_id: idParam.optional(),
  status: z
    .string()
    .regex(new RegExp(`^(${SETTLEMENT_STATUSES.join('|')})(,(${SETTLEMENT_STATUSES.join('|')}))*$`), 'Unknown status')
    .optional(),
  date_from: isoDateSchema.optional(),
  date_to: isoDateSchema.optional(),
  page: z.string().max(20).optional(),
  pageSize: z.string().max(20).optional(),
});

const settlementParams = z.object({ settlementId: idParam });

function sendPdf(reply: FastifyReply, out: { pdf: Uint8Array; fileName: string }) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${out.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(out.pdf));
}

/** Settlements (issue 14): paying the farmer for applied, priced bushels; advances and liens; the statement PDF. */
export const settlementsRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);

  // ---- CRM: the partner's checkoff/levy and storage rates (buyer admins)
  app.get(
    SETTLEMENT_RATES_PATH,
    { config: session, schema: { response: { 200: settlementRatesSchema, ...crmErrors } } },
    async (request, reply) => {
      const rates = await getSettlementRates(deps, request);
      void reply.header('etag', etagOf(rates.version));
      return rates;
    },
  );

  app.put(
    SETTLEMENT_RATES_PATH,
    {
      config: session,
      schema: { body: settlementRatesSaveSchema, response: { 200: settlementRatesSchema, ...crmWriteErrors } },
    },
    async (request, reply) => {
      const rates = await saveSettlementRates(deps, request, request.body);
      void reply.header('etag', etagOf(rates.version));
      return rates;
    },
  );

  // ---- CRM: settlements
  app.post(
    `${MERCH}/settlements`,
    {
      config: session,
      schema: {
        body: settlementCreateSchema,
        response: { 200: settlementDetailSchema, 201: settlementDetailSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const { detail, created } = await createSettlement(deps, request, request.body);
      if (created) void reply.code(201).header('etag', etagOf(detail.version));
      return detail;
    },
  );

  app.get(
    `${MERCH}/settlements`,
    {
      config: session,
      schema: { querystring: listQuery, response: { 200: settlementListResponseSchema, ...crmErrors } },
    },
    async (request) => listSettlements(deps, request, request.query),
  );

  app.get(
    `${MERCH}/settlements/settleable`,
    {
      config: session,
      schema: {
        querystring: z.object({ client_id: idParam, contract_ids: idListParam.optional() }),
        response: { 200: settleableLinesResponseSchema, ...crmErrors },
      },
    },
    async (request) => ({
      rows: await settleableLines(deps, request, request.query.client_id, request.query.contract_ids),
    }),
  );

  app.get(
    `${MERCH}/settlements/:settlementId`,
    { config: session, schema: { params: settlementParams, response: { 200: settlementDetailSchema, ...crmErrors } } },
    async (request, reply) => {
      const detail = await getSettlement(deps, request, request.params.settlementId);
      void reply.header('etag', etagOf(detail.version));
      return detail;
    },
  );

  app.get(
    `${MERCH}/settlements/:settlementId/statement`,
    { config: session, schema: { params: settlementParams, response: crmErrors } },
    async (request, reply) => sendPdf(reply, await settlementStatement(deps, request, request.params.settlementId)),
  );

  app.post(
    `${MERCH}/settlements/:settlementId/finalize`,
    {
      config: session,
      schema: { params: settlementParams, response: { 200: settlementDetailSchema, ...crmWriteErrors } },
    },
    async (request, reply) => {
      const detail = await changeSettlementStatus(deps, request, request.params.settlementId, 'final');
      void reply.header('etag', etagOf(detail.version));
      return detail;
    },
  );

  app.post(
    `${MERCH}/settlements/:settlementId/void`,
    {
      config: session,
      schema: {
        params: settlementParams,
        body: settlementVoidSchema,
        response: { 200: settlementDetailSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const reason = request.body?.reason?.trim() || undefined;
      const detail = await changeSettlementStatus(deps, request, request.params.settlementId, 'void', reason);
      void reply.header('etag', etagOf(detail.version));
      return detail;
    },
  );

  advanceAndLienRoutes(app, deps);
  farmerRoutes(app, deps);
};

type RoutesApp = Parameters<FastifyPluginAsyncZod<CrmDeps>>[0];
const session = { access: 'session' } as const;

/** Advances paid on contracts, and a client's liens. */
function advanceAndLienRoutes(app: RoutesApp, deps: CrmDeps): void {
  app.post(
    `${MERCH}/advances`,
    { config: session, schema: { body: advanceCreateSchema, response: { 201: advanceSchema, ...crmWriteErrors } } },
    async (request, reply) => {
      const advance = await createAdvance(deps, request, request.body);
      void reply.code(201);
      return advance;
    },
  );

  app.get(
    `${MERCH}/advances`,
    {
      config: session,
      schema: {
        querystring: z.object({
          client_id: idParam.optional(),
          contract_id: idParam.optional(),
          status: z.enum(['paid', 'recovered', 'void']).optional(),
        }),
        response: { 200: advanceListResponseSchema, ...crmErrors },
      },
    },
    async (request) => ({ rows: await crmAdvances(deps, request, request.query) }),
  );

  // ---- CRM: liens of a client
  const clientParams = z.object({ clientId: idParam });
  const lienParams = z.object({ lienId: idParam });
  app.get(
    `${MERCH}/clients/:clientId/liens`,
    { config: session, schema: { params: clientParams, response: { 200: lienListResponseSchema, ...crmErrors } } },
    async (request) => ({ rows: await clientLiens(deps, request, request.params.clientId) }),
  );
  app.post(
    `${MERCH}/clients/:clientId/liens`,
    {
      config: session,
      schema: { params: clientParams, body: lienWriteSchema, response: { 201: lienSchema, ...crmWriteErrors } },
    },
    async (request, reply) => {
      const lien = await createLien(deps, request, request.params.clientId, request.body);
      void reply.code(201).header('etag', etagOf(lien.version));
      return lien;
    },
  );
  app.put(
    `${MERCH}/liens/:lienId`,
    {
      config: session,
      schema: { params: lienParams, body: lienWriteSchema, response: { 200: lienSchema, ...crmWriteErrors } },
    },
    async (request, reply) => {
      const lien = await editLien(deps, request, request.params.lienId, request.body);
      void reply.header('etag', etagOf(lien.version));
      return lien;
    },
  );
  app.delete(
    `${MERCH}/liens/:lienId`,
    { config: session, schema: { params: lienParams, response: { 200: lienSchema, ...crmWriteErrors } } },
    async (request, reply) => {
      const lien = await editLien(deps, request, request.params.lienId, { active: false });
      void reply.header('etag', etagOf(lien.version));
      return lien;
    },
  );
}

/** The farmer (profit center): their own settlements and advances. */
function farmerRoutes(app: RoutesApp, deps: CrmDeps): void {
  app.get(
    `${PC}/settlements`,
    {
      config: session,
      schema: {
        querystring: listQuery.omit({ market_id: true, client_id: true }),
        response: { 200: settlementListResponseSchema, ...crmErrors },
      },
    },
    async (request) => farmerSettlements(deps, request, request.query),
  );
  app.get(
    `${PC}/settlements/:settlementId`,
    { config: session, schema: { params: settlementParams, response: { 200: settlementDetailSchema, ...crmErrors } } },
    async (request) => farmerSettlement(deps, request, request.params.settlementId),
  );
  app.get(
    `${PC}/settlements/:settlementId/statement`,
    { config: session, schema: { params: settlementParams, response: crmErrors } },
    async (request, reply) => sendPdf(reply, await farmerStatement(deps, request, request.params.settlementId)),
  );
  app.get(
    `${PC}/advances/:advanceIds?`,
    {
      config: session,
      schema: {
        params: z.object({ advanceIds: idListParam.optional() }),
        response: { 200: advanceListResponseSchema, ...crmErrors },
      },
    },
    async (request) => ({ rows: await farmerAdvances(deps, request, request.params.advanceIds) }),
  );
  app.get(
    `${PC}/contract/:contractId/associated-items`,
    {
      config: session,
      schema: {
        params: z.object({ contractId: idParam }),
        response: {
          200: z.object({ settlements: z.array(settlementSummarySchema), advances: z.array(advanceSchema) }),
          ...crmErrors,
        },
      },
    },
    async (request) => farmerContractItems(deps, request, request.params.contractId),
  );
}
