import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  betaBodySchema,
  betaResponseSchema,
  contractListParamSchema,
  cropIdListParamSchema,
  optionVolBodySchema,
  optionVolResponseSchema,
  scsParametersBodySchema,
  scsParametersResponseSchema,
  skewBodySchema,
  skewResponseSchema,
} from '@granary/domain';
import { etagOf, idParam, loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { readPiece, savePiece } from './parameters.service.ts';

const PC = PROFIT_CENTER_API;
const session = { access: 'session' } as const;

const cropListParams = z.object({ contractList: cropIdListParamSchema.optional() });
const contractListParams = z.object({ contractList: contractListParamSchema.optional() });
const cropParams = z.object({ cropId: idParam.optional() });

/**
 * The SCS pricing parameters (grain-marketing.md 7 profit-center `scs_parameters`, `future_beta`, `option_beta`,
 * `option_vol` — each `/:contractList?` — and `skew/:cropId?`; decision 062). `scs_parameters`' list names crops
 * ('1,45'), the other three's contract keys ('Z,H' or '2027-12'). GET for `structures` or `structures-admin`, PUT
 * (If-Match, audited) for `structures-admin`; the ETag is the partner's parameters version (0: the seeded defaults).
 */
export const scsParametersRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);

  app.get(
    `${PC}/scs_parameters/:contractList?`,
    {
      config: session,
      schema: { params: cropListParams, response: { 200: scsParametersResponseSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const crops = request.params.contractList;
      const out = await readPiece(deps, request, 'scs_parameters', crops ? { crops } : {});
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );
  app.put(
    `${PC}/scs_parameters/:contractList?`,
    {
      config: session,
      schema: {
        params: cropListParams,
        body: scsParametersBodySchema,
        response: { 200: scsParametersResponseSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const crops = request.params.contractList;
      const out = await savePiece(deps, request, 'scs_parameters', crops ? { crops } : {}, request.body.rows);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  for (const call of ['future_beta', 'option_beta'] as const) {
    app.get(
      `${PC}/${call}/:contractList?`,
      { config: session, schema: { params: contractListParams, response: { 200: betaResponseSchema, ...crmErrors } } },
      async (request, reply) => {
        const contracts = request.params.contractList;
        const out = await readPiece(deps, request, call, contracts ? { contracts } : {});
        void reply.header('etag', etagOf(out.version));
        return out;
      },
    );
    app.put(
      `${PC}/${call}/:contractList?`,
      {
        config: session,
        schema: {
          params: contractListParams,
          body: betaBodySchema,
          response: { 200: betaResponseSchema, ...crmWriteErrors },
        },
      },
      async (request, reply) => {
        const contracts = request.params.contractList;
        const out = await savePiece(deps, request, call, contracts ? { contracts } : {}, request.body.rows);
        void reply.header('etag', etagOf(out.version));
        return out;
      },
    );
  }

  app.get(
    `${PC}/option_vol/:contractList?`,
    {
      config: session,
      schema: { params: contractListParams, response: { 200: optionVolResponseSchema, ...crmErrors } },
    },
    async (request, reply) => {
      const contracts = request.params.contractList;
      const out = await readPiece(deps, request, 'option_vol', contracts ? { contracts } : {});
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );
  app.put(
    `${PC}/option_vol/:contractList?`,
    {
      config: session,
      schema: {
        params: contractListParams,
        body: optionVolBodySchema,
        response: { 200: optionVolResponseSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const contracts = request.params.contractList;
      const out = await savePiece(deps, request, 'option_vol', contracts ? { contracts } : {}, request.body.rows);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );

  app.get(
    `${PC}/skew/:cropId?`,
    { config: session, schema: { params: cropParams, response: { 200: skewResponseSchema, ...crmErrors } } },
    async (request, reply) => {
      const cropId = request.params.cropId;
      const out = await readPiece(deps, request, 'skew', cropId ? { crops: [cropId] } : {});
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );
  app.put(
    `${PC}/skew/:cropId?`,
    {
      config: session,
      schema: { params: cropParams, body: skewBodySchema, response: { 200: skewResponseSchema, ...crmWriteErrors } },
    },
    async (request, reply) => {
      const cropId = request.params.cropId;
      const out = await savePiece(deps, request, 'skew', cropId ? { crops: [cropId] } : {}, request.body.rows);
      void reply.header('etag', etagOf(out.version));
      return out;
    },
  );
};
