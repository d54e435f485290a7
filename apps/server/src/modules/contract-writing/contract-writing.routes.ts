import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractTermsResponseSchema } from '@granary/domain';
import { etagOf, idParam, loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { contractTerms, createContract, editContract } from './contract-writing.service.ts';

const CTRM = '/api/commodities/ctrm';

/**
 * Writing contracts (issue 14, decision 040): new contracts of every type, numbers from the partner's sequence,
 * splits; edits of the terms (amendments once sent for signature). The body is read by the domain's rules
 * (parseContractWrite) so that every refused field comes back in details.fields with the spec's message.
 */
export const contractWritingRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);
  const body = z.record(z.string(), z.unknown());
  const clientParams = z.object({ clientId: idParam });
  const contractParams = z.object({ clientId: idParam, contractId: idParam });

  app.post(
    `${CTRM}/seller/:clientId/contract`,
    {
      config: { access: 'session' },
      schema: { params: clientParams, body, response: { 201: contractTermsResponseSchema, ...crmWriteErrors } },
    },
    async (request, reply) => {
      const out = await createContract(deps, request, request.params.clientId, request.body);
      void reply.status(201).header('etag', etagOf(out.version));
      return out;
    },
  );

  app.get(
    `${CTRM}/seller/:clientId/contract/:contractId/terms`,
    {
      config: { access: 'session' },
      schema: { params: contractParams, response: { 200: contractTermsResponseSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const out = await contractTerms(deps, request, request.params.clientId, request.params.contractId);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  app.put(
    `${CTRM}/seller/:clientId/contract/:contractId`,
    {
      config: { access: 'session' },
      schema: { params: contractParams, body, response: { 200: contractTermsResponseSchema, ...crmWriteErrors } },
    },
    async (request, reply) => {
      const out = await editContract(deps, request, request.params.clientId, request.params.contractId, request.body);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );
};
