import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SCS_API,
  SCS_EXCHANGE_PLATFORM,
  calcTheosRequestSchema,
  calcTheosResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  futuresSymbolListParamSchema,
  pricingToolRequestSchema,
  pricingToolResponseSchema,
  quotesResponseSchema,
  solveZeroPremiumRequestSchema,
  solveZeroPremiumResponseSchema,
  solveZeroTableRequestSchema,
  solveZeroTableResponseSchema,
} from '@granary/domain';
import { loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors } from '../../platform/crm-http.ts';
import {
  calcTheos,
  calendar,
  currentPriceInfo,
  pricingTool,
  solveZeroPremiumCall,
  solveZeroTableCall,
} from './pricing.service.ts';

const session = { access: 'session' } as const;

/** The pricing calls answer 409 `no_futures_quote` when the month has no quote and the request gave no futures. */
const pricingErrors = { ...crmErrors, 409: crmErrors[400] } as const;

/**
 * The SCS pricing calls (grain-marketing.md 7 'Structured products (SCS)'; decisions 061, 062): pricing-tool,
 * calc-theos, solve-zero-premium, solve-zero-table, futures-symbols/calendar and current-price-info/cbot-symbol.
 * POSTs that compute and write nothing. For CRM users with `structures` or `structures-admin`.
 */
export const scsPricingRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);

  app.post(
    `${SCS_API}/pricing-tool`,
    {
      config: session,
      schema: { body: pricingToolRequestSchema, response: { 200: pricingToolResponseSchema, ...pricingErrors } },
    },
    async (request) => pricingTool(deps, request, request.body),
  );

  app.post(
    `${SCS_API}/calc-theos`,
    {
      config: session,
      schema: { body: calcTheosRequestSchema, response: { 200: calcTheosResponseSchema, ...pricingErrors } },
    },
    async (request) => calcTheos(deps, request, request.body),
  );

  app.post(
    `${SCS_API}/solve-zero-premium`,
    {
      config: session,
      schema: {
        body: solveZeroPremiumRequestSchema,
        response: { 200: solveZeroPremiumResponseSchema, ...pricingErrors },
      },
    },
    async (request) => solveZeroPremiumCall(deps, request, request.body),
  );

  app.post(
    `${SCS_API}/solve-zero-table`,
    {
      config: session,
      schema: { body: solveZeroTableRequestSchema, response: { 200: solveZeroTableResponseSchema, ...pricingErrors } },
    },
    async (request) => solveZeroTableCall(deps, request, request.body),
  );

  app.get(
    `${SCS_API}/futures-symbols/calendar`,
    {
      config: session,
      schema: { querystring: calendarQuerySchema, response: { 200: calendarResponseSchema, ...crmErrors } },
    },
    async (request) => calendar(deps, request, request.query),
  );

  app.get(
    `${SCS_API}/current-price-info/${SCS_EXCHANGE_PLATFORM}-symbol/:futuresSymbols`,
    {
      config: session,
      schema: {
        params: z.object({ futuresSymbols: futuresSymbolListParamSchema }),
        response: { 200: quotesResponseSchema, ...crmErrors },
      },
    },
    async (request) => currentPriceInfo(deps, request, request.params.futuresSymbols),
  );
};
