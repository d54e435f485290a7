import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTRACT_NOTE_MAX_LENGTH,
  DOCUMENT_STATUSES,
  clampPage,
  clampPageSize,
  contractBasisRollSchema,
  contractCancelSchema,
  contractDetailSchema,
  contractDocumentListResponseSchema,
  contractDocumentSchema,
  contractFuturesRollSchema,
  contractListResponseSchema,
  contractOperationResponseSchema,
  contractPartialCancelSchema,
  contractRollSchema,
  optionMonthsResponseSchema,
  plainNoteText,
} from '@granary/domain';
import {
  basisSetSchema,
  contractPricingExtrasSchema,
  creditSaleSchema,
  futuresSetSchema,
  obligationEventSchema,
  openPositionsResponseSchema,
  pricingAddendaSchema,
  relatedContractsResponseSchema,
  secondaryObligationSchema,
  structuredAddendaNamesSchema,
  structuredAddendumSchema,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { etagOf, idParam, loadCrmActorWithSession, rawQuerySchema, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors, registerPlainTextParser, sendCsv, wantsCsv } from '../../platform/crm-http.ts';
import { sendDocumentPdf, wantsPdf } from '../esign/esign.public.ts';
import { listContracts, optionMonths, type ListCallOptions } from './crm-contracts.service.ts';
import { contractDetail } from './contract-detail.service.ts';
import { contractDocument, listContractDocuments } from './contract-documents.service.ts';
import { operateOnContract, type OperationInput } from './contract-operations.service.ts';
import {
  contractPricingExtras,
  openPositionsOf,
  relatedContracts,
  structuredAddendaNames,
} from './pricing-reads.service.ts';
import { contractPageRoutes } from './contract-page.routes.ts';

const CTRM = '/api/commodities/ctrm';
const MERCH = '/api/commodities/merchandising';
type RoutesApp = Parameters<FastifyPluginAsyncZod<CrmDeps>>[0];

export const crmContractsRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  registerPlainTextParser(app);
  loadCrmActorWithSession(app);
  listRoutes(app, deps);
  contractRoutes(app, deps);
  pricingRoutes(app, deps);
  documentRoutes(app, deps);
  contractPageRoutes(app, deps);
};

/**
 * The contracts and deliveries lists (section 2 list parameters; CSV with Accept: text/csv or format=csv), and their
 * option months.
 */
function listRoutes(app: RoutesApp, deps: CrmDeps): void {
  const listResponse = { 200: contractListResponseSchema, ...crmErrors };
  const sendList = async (
    request: Parameters<typeof listContracts>[1],
    reply: FastifyReply,
    options: Omit<ListCallOptions, 'csv'>,
  ) => {
    const outcome = await listContracts(deps, request, { ...options, csv: wantsCsv(request) });
    if (outcome.kind === 'csv') return sendCsv(reply, outcome.csv, outcome.fileName);
    void reply.header('x-pagination-mode', outcome.mode);
    // The body is JSON text already (its rows written by PostgreSQL): Fastify sends a string with a JSON
    // content type as it is, so the response schema documents it without re-encoding 100 rows per call.
    // The tests hold every response to contractListResponseSchema.
    return reply.type('application/json; charset=utf-8').send(outcome.body);
  };

  app.get(
    `${CTRM}/contracts/search`,
    { config: { access: 'session' }, schema: { querystring: rawQuerySchema, response: listResponse } },
    async (request, reply) => sendList(request, reply, { raw: request.query }),
  );

  app.get(
    `${CTRM}/scope/:scopeLegalEntityId/search`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ scopeLegalEntityId: idParam }),
        querystring: rawQuerySchema,
        response: listResponse,
      },
    },
    async (request, reply) =>
      sendList(request, reply, { raw: request.query, scopeLegalEntityId: request.params.scopeLegalEntityId }),
  );

  app.get(
    `${CTRM}/seller/:clientId/contract`,
    {
      config: { access: 'session' },
      schema: { params: z.object({ clientId: idParam }), querystring: rawQuerySchema, response: listResponse },
    },
    async (request, reply) => sendList(request, reply, { raw: request.query, clientId: request.params.clientId }),
  );

  app.get(
    `${CTRM}/option-months`,
    {
      config: { access: 'session' },
      schema: { querystring: rawQuerySchema, response: { 200: optionMonthsResponseSchema, ...crmErrors } },
    },
    async (request) => optionMonths(deps, request, request.query),
  );
}

/** One contract, and its operations (section 4): each writes an amendment; all but the note need If-Match. */
function contractRoutes(app: RoutesApp, deps: CrmDeps): void {
  app.get(
    `${CTRM}/seller/:clientId/contract/:contractId`,
    {
      config: { access: 'session' },
      schema: { params: contractParams, response: { 200: contractDetailSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const detail = await contractDetail(deps, request, request.params.clientId, request.params.contractId);
      void reply.header('etag', etagOf(detail.version));
      return detail;
    },
  );

  const operation = operationRoute(app, deps);
  operation('cancel', contractCancelSchema.nullish(), (b) => ({ op: 'cancel', reason: b?.reason }));
  operation('partial-cancel', contractPartialCancelSchema, (b) => ({
    op: 'partial_cancel',
    quantity: b.quantity,
    reason: b.reason,
  }));
  operation('futures-roll', contractFuturesRollSchema, (b) => ({
    op: 'futures_roll',
    optionMonth: b.optionMonth,
    spread: b.spread,
    reason: b.reason,
  }));
  operation('basis-roll', contractBasisRollSchema, (b) => ({
    op: 'basis_roll',
    deliveryStart: b.deliveryStart,
    deliveryEnd: b.deliveryEnd,
    basisAdjustment: b.basisAdjustment,
    reason: b.reason,
  }));
  operation('roll', contractRollSchema, (b) => ({ op: 'roll', ...b }));
  // A note on the contract: plain text, like client notes.
  operation('note', z.string(), (b) => {
    const note = plainNoteText(b).trim();
    if (note.length === 0 || note.length > CONTRACT_NOTE_MAX_LENGTH) {
      throw new AppError(
        'invalid_request',
        `A contract note is 1 to ${CONTRACT_NOTE_MAX_LENGTH} characters of plain text.`,
      );
    }
    return { op: 'note', note };
  });
}

const contractParams = z.object({ clientId: idParam, contractId: idParam });

/** POST …/seller/:clientId/contract/:contractId/<path>: an operation, answered with the contract and its amendment. */
function operationRoute(app: RoutesApp, deps: CrmDeps) {
  return <S extends z.ZodType, P extends z.ZodObject = typeof contractParams>(
    path: string,
    body: S,
    toInput: (body: z.output<S>, params: z.output<P>) => OperationInput,
    params?: P,
  ) =>
    app.post(
      `${CTRM}/seller/:clientId/contract/:contractId/${path}`,
      {
        config: { access: 'session' },
        schema: {
          params: params ?? contractParams,
          body,
          response: { 200: contractOperationResponseSchema, ...crmWriteErrors },
        },
      },
      async (request, reply) => {
        const p = request.params as { clientId: number; contractId: number };
        const out = await operateOnContract(
          deps,
          request,
          p.clientId,
          p.contractId,
          toInput(request.body as z.output<S>, request.params as z.output<P>),
        );
        void reply.header('etag', etagOf(out.version));
        return { contract: out.contract, amendment: out.amendment };
      },
    );
}

/**
 * The pricing operations (docs/decisions/041; If-Match, an amendment each, audited with the change) and the pricing
 * reads: a contract's addenda and obligations, open positions, related contracts, structured addenda names.
 */
function pricingRoutes(app: RoutesApp, deps: CrmDeps): void {
  const operation = operationRoute(app, deps);
  operation('basis-set', basisSetSchema, (b) => ({ op: 'basis_set', ...b }));
  operation('futures-set', futuresSetSchema, (b) => ({ op: 'futures_set', ...b }));
  operation('pricing-addenda', pricingAddendaSchema, (b) => ({ op: 'pricing_addenda', ...b }));
  operation('structured-addendum', structuredAddendumSchema, (b) => ({ op: 'structured_addendum', ...b }));
  operation('credit-sale', creditSaleSchema, (b) => ({ op: 'credit_sale', ...b }));
  operation('secondary-obligation', secondaryObligationSchema, (b) => ({ op: 'secondary_obligation', ...b }));
  operation(
    'secondary-obligation/:obligationId/events',
    obligationEventSchema,
    (b, p) => ({ op: 'obligation_event', obligationId: p.obligationId, ...b }),
    z.object({ clientId: idParam, contractId: idParam, obligationId: idParam }),
  );

  app.get(
    `${CTRM}/seller/:clientId/contract/:contractId/pricing`,
    {
      config: { access: 'session' },
      schema: { params: contractParams, response: { 200: contractPricingExtrasSchema, ...crmErrors } },
    },
    async (request) => contractPricingExtras(deps, request, request.params.clientId, request.params.contractId),
  );

  for (const [path, direction] of [
    ['purchase', 'purchase'],
    ['sales', 'sale'],
  ] as const) {
    app.get(
      `${CTRM}/contracts/open/${path}`,
      {
        config: { access: 'session' },
        schema: {
          querystring: z.object({ market_id: idParam.optional() }),
          response: { 200: openPositionsResponseSchema, ...crmErrors },
        },
      },
      async (request) => openPositionsOf(deps, request, direction, request.query.market_id),
    );
  }

  app.get(
    `${CTRM}/contracts/related/:id`,
    {
      config: { access: 'session' },
      schema: { params: z.object({ id: idParam }), response: { 200: relatedContractsResponseSchema, ...crmErrors } },
    },
    async (request) => relatedContracts(deps, request, request.params.id),
  );

  app.get(
    `${CTRM}/structured-addenda-names`,
    { config: { access: 'session' }, schema: { response: { 200: structuredAddendaNamesSchema, ...crmErrors } } },
    async (request) => structuredAddendaNames(deps, request),
  );
}

/** Contract documents of the user's markets (contract_documents permission), and one document (JSON or its PDF). */
function documentRoutes(app: RoutesApp, deps: CrmDeps): void {
  app.get(
    `${MERCH}/documents`,
    {
      config: { access: 'session' },
      schema: {
        querystring: z.object({
          market_id: idParam.optional(),
          client_legal_entity_id: idParam.optional(),
          contract_id: idParam.optional(),
          status: z.enum(DOCUMENT_STATUSES).optional(),
          page: z.string().max(20).optional(),
          pageSize: z.string().max(20).optional(),
          paginationToken: z.string().max(2048).optional(),
        }),
        response: { 200: contractDocumentListResponseSchema, ...crmErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = clampPage(q.page);
      return listContractDocuments(deps, request, {
        marketId: q.market_id ?? null,
        clientId: q.client_legal_entity_id ?? null,
        contractId: q.contract_id ?? null,
        status: q.status ?? null,
        page,
        pageSize: clampPageSize(q.pageSize),
        paginationToken: page > 1 ? (q.paginationToken ?? null) : null,
      });
    },
  );

  app.get(
    `${MERCH}/document/:documentId`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ documentId: idParam }),
        querystring: z.object({
          format: z.enum(['json', 'pdf']).optional(),
          file: z.enum(['generated', 'signed']).optional(),
        }),
        response: { 200: contractDocumentSchema, ...crmErrors },
      },
    },
    // The record as JSON; the stored PDF (generated or signed, sha256-checked) with Accept: application/pdf or format=pdf,
    // to the buyer and to the signer (esign module).
    async (request, reply) =>
      wantsPdf(request)
        ? sendDocumentPdf(deps, request, reply, request.params.documentId, request.query.file)
        : contractDocument(deps, request, request.params.documentId),
  );
}
