import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  QUOTES_IMPORT_PATH,
  ROUNDING_MODES,
  cropParamSchema,
  futuresHistoricalSchema,
  futuresSymbolParamSchema,
  futuresSymbolsResponseSchema,
  isoDateSchema,
  quoteImportResultSchema,
  quoteSchema,
  quotesResponseSchema,
  quotesSymbolsListSchema,
  roundingModeRowSchema,
  roundingModesResponseSchema,
} from '@granary/domain';
import { idParam } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  changeRoundingMode,
  futuresCalendar,
  futuresHistorical,
  futuresSymbolsOfCommodity,
  futuresSymbolsOfCrop,
  importQuotes,
  marketRoundingMode,
  marketRoundingModes,
  quoteOfSymbol,
  quotesOfRoot,
  quotesSymbolsList,
  type FuturesDeps,
} from './futures.service.ts';

const PC = PROFIT_CENTER_API;
const MERCH = '/api/commodities/merchandising';
/** A CSV of quotes: 5,000 rows of about 80 bytes, with room. */
const IMPORT_BODY_LIMIT = 1_048_576;

const roundingPath = `${MERCH}/le/:enterpriseId/market/:marketId`;
const marketParams = z.object({ enterpriseId: idParam, marketId: idParam });
const commodityParams = marketParams.extend({ commodityId: idParam });
const modeParams = commodityParams.extend({
  roundingMode: z.enum(ROUNDING_MODES, { error: () => `Expected a rounding mode: ${ROUNDING_MODES.join(', ')}` }),
});

/**
 * Futures symbols and calendar, quotes and their history (grain-marketing.md 7 'Grain and profit center'), the
 * market's rounding modes ('Merchandising' rounding-mode) and the admin CSV import of quotes. Errors: 400 bad
 * parameters or rows, 401, 403, 404 (unknown symbol, another partner's market), 415.
 */
export const futuresRoutes: FastifyPluginAsyncZod<FuturesDeps> = async (app, deps) => {
  const session = { access: 'session' } as const;

  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    `${PC}/futures-symbols/calendar`,
    { config: session, schema: { response: { 200: futuresSymbolsResponseSchema, ...crmErrors } } },
    async (request) => futuresCalendar(deps, request),
  );

  app.get(
    `${PC}/futures-symbols/commodity/:commodityId`,
    {
      config: session,
      schema: {
        params: z.object({ commodityId: idParam }),
        response: { 200: futuresSymbolsResponseSchema, ...crmErrors },
      },
    },
    async (request) => futuresSymbolsOfCommodity(deps, request, request.params.commodityId),
  );

  app.get(
    `${PC}/futures-symbols/:crop/:timeStamp?`,
    {
      config: session,
      schema: {
        params: z.object({ crop: cropParamSchema, timeStamp: z.string().max(40).optional() }),
        response: { 200: futuresSymbolsResponseSchema, ...crmErrors },
      },
    },
    async (request) => futuresSymbolsOfCrop(deps, request, request.params.crop, request.params.timeStamp),
  );

  app.get(
    `${PC}/quotes/:symbol`,
    {
      config: session,
      schema: { params: z.object({ symbol: futuresSymbolParamSchema }), response: { 200: quoteSchema, ...crmErrors } },
    },
    async (request) => quoteOfSymbol(deps, request, request.params.symbol),
  );

  app.get(
    `${PC}/quotes-symbols-list`,
    { config: session, schema: { response: { 200: quotesSymbolsListSchema, ...crmErrors } } },
    async (request) => quotesSymbolsList(deps, request),
  );

  app.get(
    `${PC}/quotes-root/:symbol`,
    {
      config: session,
      schema: {
        params: z.object({ symbol: futuresSymbolParamSchema }),
        response: { 200: quotesResponseSchema, ...crmErrors },
      },
    },
    async (request) => quotesOfRoot(deps, request, request.params.symbol),
  );

  app.get(
    `${PC}/futures-historical/:symbol/:fromDate/:toDate`,
    {
      config: session,
      schema: {
        params: z.object({ symbol: futuresSymbolParamSchema, fromDate: isoDateSchema, toDate: isoDateSchema }),
        response: { 200: futuresHistoricalSchema, ...crmErrors },
      },
    },
    async (request) =>
      futuresHistorical(deps, request, request.params.symbol, request.params.fromDate, request.params.toDate),
  );

  app.post(
    QUOTES_IMPORT_PATH,
    {
      config: session,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { response: { 200: quoteImportResultSchema, ...crmWriteErrors } },
    },
    async (request) => importQuotes(deps, request, request.body),
  );

  app.get(
    `${roundingPath}/rounding-mode`,
    { config: session, schema: { params: marketParams, response: { 200: roundingModesResponseSchema, ...crmErrors } } },
    async (request) => marketRoundingModes(deps, request, request.params.enterpriseId, request.params.marketId),
  );

  app.get(
    `${roundingPath}/commodity/:commodityId/rounding-mode`,
    { config: session, schema: { params: commodityParams, response: { 200: roundingModeRowSchema, ...crmErrors } } },
    async (request) =>
      marketRoundingMode(
        deps,
        request,
        request.params.enterpriseId,
        request.params.marketId,
        request.params.commodityId,
      ),
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: `${roundingPath}/commodity/:commodityId/rounding-mode/:roundingMode`,
      config: session,
      schema: { params: modeParams, response: { 200: roundingModeRowSchema, ...crmWriteErrors } },
      handler: async (request) => {
        const p = request.params;
        return changeRoundingMode(deps, request, p.enterpriseId, p.marketId, p.commodityId, p.roundingMode);
      },
    });
  }
};
