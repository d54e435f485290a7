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
import { AppError } from '../../platform/errors.ts';
import { etagOf, idParam, loadCrmActorWithSession, rawQuerySchema, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors, registerPlainTextParser, sendCsv, wantsCsv } from '../../platform/crm-http.ts';
import { sendDocumentPdf, wantsPdf } from '../esign/esign.public.ts';
import { listContracts, optionMonths, type ListCallOptions } from './crm-contracts.service.ts';
import { contractDetail } from './contract-detail.service.ts';
import { contractDocument, listContractDocuments } from './contract-documents.service.ts';
import { operateOnContract, type OperationInput } from './contract-operations.service.ts';

const CTRM = '/api/commodities/ctrm';
const MERCH = '/api/commodities/merchandising';
type RoutesApp = Parameters<FastifyPluginAsyncZod<CrmDeps>>[0];

export const crmContractsRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  registerPlainTextParser(app);
  loadCrmActorWithSession(app);
  listRoutes(app, deps);
  contractRoutes(app, deps);
  documentRoutes(app, deps);
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
  const contractParams = z.object({ clientId: idParam, contractId: idParam });

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

  const operation = <S extends z.ZodType>(path: string, body: S, toInput: (body: z.output<S>) => OperationInput) =>
    app.post(
      `${CTRM}/seller/:clientId/contract/:contractId/${path}`,
      {
        config: { access: 'session' },
        schema: { params: contractParams, body, response: { 200: contractOperationResponseSchema, ...crmWriteErrors } },
      },
      async (request, reply) => {
        const out = await operateOnContract(
          deps,
          request,
          request.params.clientId,
          request.params.contractId,
          toInput(request.body as z.output<S>),
        );
        void reply.header('etag', etagOf(out.version));
        return { contract: out.contract, amendment: out.amendment };
      },
    );
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
