// E-signing calls (grain-marketing.md 7 'Grain and profit center': contracts/sign, contract-amendments/sign,
// signing/urls; the built-in signing page's calls beside them). docs/decisions/016-e-signing.md.
// The merchandising documents and document/:documentId stay in crm-contracts.routes.ts; the latter serves the PDF
// through sendDocumentPdf here when asked for application/pdf.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contractEsignStatusSchema,
  sellerAmendmentSchema,
  sellerContractSchema,
  esignSendResponseSchema,
  esignSendSchema,
  esignSignSchema,
  signResultSchema,
  signingRefParamSchema,
  signingReviewSchema,
  signingUrlsResponseSchema,
} from '@granary/domain';
import { idParam } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { contractEsignStatus, sendForSignature, voidSignature, type EsignDeps } from './esign.service.ts';
import { sellerAmendmentView, sellerContract, sendAmendmentPdf, sendContractPdf } from './esign-amendments.ts';
import { sendSigningPdf, signContract, signingReview, signingUrls } from './esign-signing.service.ts';

const PC = '/api/commodities/profit-center';

export const esignRoutes: FastifyPluginAsyncZod<EsignDeps> = async (app, deps) => {
  // The buyer sends a contract for signature, or again when its signature mismatches (contract_documents permission).
  app.post(
    `${PC}/contracts/sign`,
    {
      config: { access: 'session' },
      schema: { body: esignSendSchema, response: { 200: esignSendResponseSchema, ...crmWriteErrors } },
    },
    async (request) => sendForSignature(deps, request, request.body.contractId),
  );

  // An amended contract's terms sent for signature again (only a signed contract whose terms changed since).
  app.post(
    `${PC}/contract-amendments/sign`,
    {
      config: { access: 'session' },
      schema: { body: esignSendSchema, response: { 200: esignSendResponseSchema, ...crmWriteErrors } },
    },
    async (request) => sendForSignature(deps, request, request.body.contractId, { amendment: true }),
  );

  // The contract's e-sign state for the buyer's drawer: eligible / sent on … / signed by … on … / mismatch.
  app.get(
    `${PC}/contracts/:contractId/signing`,
    {
      config: { access: 'session' },
      schema: { params: z.object({ contractId: idParam }), response: { 200: contractEsignStatusSchema, ...crmErrors } },
    },
    async (request) => contractEsignStatus(deps, request, request.params.contractId),
  );

  // The buyer withdraws the open signing request: its link answers 'void' (decision 042).
  app.post(
    `${PC}/contracts/:contractId/signing/void`,
    {
      config: { access: 'session' },
      schema: {
        params: z.object({ contractId: idParam }),
        response: { 200: contractEsignStatusSchema, ...crmWriteErrors },
      },
    },
    async (request) => voidSignature(deps, request, request.params.contractId),
  );

  // The farmer's view of their contract: terms, signature, amendments and the open signing link.
  app.get(
    `${PC}/contracts/:contractId/seller`,
    {
      config: { access: 'session' },
      schema: { params: z.object({ contractId: idParam }), response: { 200: sellerContractSchema, ...crmErrors } },
    },
    async (request) => sellerContract(deps, request, request.params.contractId),
  );

  // The farmer's view of one amendment.
  app.get(
    `${PC}/contract-amendments/:amendmentId/seller`,
    {
      config: { access: 'session' },
      schema: { params: z.object({ amendmentId: idParam }), response: { 200: sellerAmendmentSchema, ...crmErrors } },
    },
    async (request) => sellerAmendmentView(deps, request, request.params.amendmentId),
  );

  // The contract's PDF (its latest stored document, the signed copy once signed; else generated), buyer or farmer.
  app.get(
    `${PC}/contracts/:contractId/pdf`,
    {
      config: { access: 'session' },
      schema: { params: z.object({ contractId: idParam }), response: { ...crmErrors } },
    },
    async (request, reply) => sendContractPdf(deps, request, reply, request.params.contractId),
  );

  // An amendment's PDF (the contract PDF with the amended terms), for the buyer or the farmer.
  app.get(
    `${PC}/contract-amendments/:amendmentId/pdf`,
    {
      config: { access: 'session' },
      schema: { params: z.object({ amendmentId: idParam }), response: { ...crmErrors } },
    },
    async (request, reply) => sendAmendmentPdf(deps, request, reply, request.params.amendmentId),
  );

  // The signed-in signer's open signing links.
  app.get(
    `${PC}/signing/urls`,
    { config: { access: 'session' }, schema: { response: { 200: signingUrlsResponseSchema, ...crmErrors } } },
    async (request) => signingUrls(deps, request),
  );

  // The built-in signing page: by the link's one-time token (no session needed) or a request id (the signed-in signer).
  app.get(
    `${PC}/signing/:ref`,
    {
      config: { access: 'public' },
      schema: { params: signingRefParamSchema, response: { 200: signingReviewSchema, ...crmErrors } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return signingReview(deps, request, request.params.ref);
    },
  );

  app.get(
    `${PC}/signing/:ref/document`,
    { config: { access: 'public' }, schema: { params: signingRefParamSchema, response: { ...crmErrors } } },
    async (request, reply) => sendSigningPdf(deps, request, reply, request.params.ref),
  );

  app.post(
    `${PC}/signing/:ref/sign`,
    {
      config: { access: 'public' },
      schema: {
        params: signingRefParamSchema,
        body: esignSignSchema,
        response: { 200: signResultSchema, ...crmWriteErrors },
      },
    },
    async (request) => signContract(deps, request, request.params.ref, request.body),
  );
};
