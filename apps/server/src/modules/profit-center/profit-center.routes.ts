import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  balancesResponseSchema,
  basisAnalysisQuerySchema,
  basisAnalysisSchema,
  bidChartQuerySchema,
  bidChartSchema,
  bidsMatrixSchema,
  cropStatsSchema,
  enterpriseBidsSchema,
  favoritesResponseSchema,
  profitSummaryResponseSchema,
  profitSummaryRowSchema,
  commodityBalancesResponseSchema,
  cropParamSchema,
  cropYearParamSchema,
  cropYearQuerySchema,
  farmerContractDetailSchema,
  farmerContractListSchema,
  farmerContractsQuerySchema,
  farmerCropsSchema,
  farmerFiltersSchema,
  farmerLocationsSchema,
  farmerTaskListSchema,
  farmerTicketListSchema,
  farmerTicketsQuerySchema,
  idListPathSchema,
  marketSummarySchema,
} from '@granary/domain';
import { idParam } from '../../platform/crm-access.ts';
import { crmErrors } from '../../platform/crm-http.ts';
import { bidChart } from './bid-chart.service.ts';
import {
  farmerContractDetail,
  farmerTicketsByIds,
  listFarmerContracts,
  listFarmerTickets,
  type ProfitCenterDeps,
} from './profit-center.service.ts';
import {
  farmerBalances,
  farmerCommodityBalances,
  farmerCrops,
  farmerFilters,
  farmerLocations,
  farmerTaskList,
} from './farmer-overview.service.ts';
import { marketSummary } from './market-summary.service.ts';
import { basisAnalysis } from './basis-analysis.service.ts';
import {
  bidsMatrix,
  cropStats,
  enterpriseBids,
  listFavorites,
  profitCropYearSummary,
  profitSummary,
  setFavorite,
} from './profit-summary.service.ts';

const PC = PROFIT_CENTER_API;

/** The market summary board and the crop spot basis analysis (issue 17, decision 057 addendum). */
function marketRoutes(app: Parameters<FastifyPluginAsyncZod<ProfitCenterDeps>>[0], deps: ProfitCenterDeps) {
  const session = { access: 'session' } as const;
  app.get(
    `${PC}/market-summary`,
    { config: session, schema: { response: { 200: marketSummarySchema, ...crmErrors } } },
    async (request) => marketSummary(deps, request),
  );

  app.get(
    `${PC}/basis-analysis/:locationId/:cropId`,
    {
      config: session,
      schema: {
        params: z.object({ locationId: idParam, cropId: cropParamSchema }),
        querystring: basisAnalysisQuerySchema,
        response: { 200: basisAnalysisSchema, ...crmErrors },
      },
    },
    async (request) =>
      basisAnalysis(deps, request, request.params.locationId, request.params.cropId, request.query.range),
  );
}

/**
 * The farmer's grain and profit-center calls (grain-marketing.md 7) behind My Sales Lite. Every route needs a session;
 * the service checks the agronomics experience and the my sales lite flag (403) and scopes to the farmer's own
 * legal entities (404 for anyone else's records). Errors: 400 bad parameters, 401, 403, 404.
 */
export const profitCenterRoutes: FastifyPluginAsyncZod<ProfitCenterDeps> = async (app, deps) => {
  const session = { access: 'session' } as const;

  app.get(
    `${PC}/contracts`,
    {
      config: session,
      schema: { querystring: farmerContractsQuerySchema, response: { 200: farmerContractListSchema, ...crmErrors } },
    },
    async (request) => listFarmerContracts(deps, request, request.query),
  );

  app.get(
    `${PC}/contracts/:id`,
    {
      config: session,
      schema: { params: z.object({ id: idParam }), response: { 200: farmerContractDetailSchema, ...crmErrors } },
    },
    async (request) => farmerContractDetail(deps, request, request.params.id),
  );

  app.get(
    `${PC}/scale-tickets`,
    {
      config: session,
      schema: { querystring: farmerTicketsQuerySchema, response: { 200: farmerTicketListSchema, ...crmErrors } },
    },
    async (request) => listFarmerTickets(deps, request, request.query),
  );

  app.get(
    `${PC}/scale-tickets/:ticketIds`,
    {
      config: session,
      schema: {
        params: z.object({ ticketIds: idListPathSchema }),
        response: { 200: farmerTicketListSchema, ...crmErrors },
      },
    },
    async (request) => farmerTicketsByIds(deps, request, request.params.ticketIds),
  );

  app.get(
    `${PC}/summary`,
    {
      config: session,
      schema: { querystring: cropYearQuerySchema, response: { 200: profitSummaryResponseSchema, ...crmErrors } },
    },
    async (request) => profitSummary(deps, request, request.query),
  );

  app.get(
    `${PC}/summary/:cropName/:cropYear`,
    {
      config: session,
      schema: {
        params: z.object({ cropName: cropParamSchema, cropYear: cropYearParamSchema }),
        response: { 200: profitSummaryRowSchema, ...crmErrors },
      },
    },
    async (request) => profitCropYearSummary(deps, request, request.params.cropName, request.params.cropYear),
  );

  app.get(
    `${PC}/crop/:cropId/stats`,
    {
      config: session,
      schema: { params: z.object({ cropId: cropParamSchema }), response: { 200: cropStatsSchema, ...crmErrors } },
    },
    async (request) => cropStats(deps, request, request.params.cropId),
  );

  app.get(
    `${PC}/enterprise/:enterpriseId/bids`,
    {
      config: session,
      schema: { params: z.object({ enterpriseId: idParam }), response: { 200: enterpriseBidsSchema, ...crmErrors } },
    },
    async (request) => enterpriseBids(deps, request, request.params.enterpriseId),
  );

  app.get(
    `${PC}/commodity/:commodityId/bids-matrix`,
    {
      config: session,
      schema: { params: z.object({ commodityId: cropParamSchema }), response: { 200: bidsMatrixSchema, ...crmErrors } },
    },
    async (request) => bidsMatrix(deps, request, request.params.commodityId),
  );

  app.get(
    `${PC}/bid/:bidId/chart`,
    {
      config: session,
      schema: {
        params: z.object({ bidId: idParam }),
        querystring: bidChartQuerySchema,
        response: { 200: bidChartSchema, ...crmErrors },
      },
    },
    async (request) => bidChart(deps, request, request.params.bidId, request.query.range),
  );

  marketRoutes(app, deps);

  app.get(
    `${PC}/favorite`,
    { config: session, schema: { response: { 200: favoritesResponseSchema, ...crmErrors } } },
    async (request) => listFavorites(deps, request),
  );

  const favoriteParams = z.object({ locationId: idParam, cropId: cropParamSchema });
  app.put(
    `${PC}/favorite/:locationId/:cropId`,
    { config: session, schema: { params: favoriteParams, response: { 200: favoritesResponseSchema, ...crmErrors } } },
    async (request) => setFavorite(deps, request, request.params.locationId, request.params.cropId, true),
  );
  app.delete(
    `${PC}/favorite/:locationId/:cropId`,
    { config: session, schema: { params: favoriteParams, response: { 200: favoritesResponseSchema, ...crmErrors } } },
    async (request) => setFavorite(deps, request, request.params.locationId, request.params.cropId, false),
  );

  app.get(
    `${PC}/balances`,
    {
      config: session,
      schema: { querystring: cropYearQuerySchema, response: { 200: balancesResponseSchema, ...crmErrors } },
    },
    async (request) => farmerBalances(deps, request, request.query),
  );

  app.get(
    `${PC}/commodity-balances`,
    {
      config: session,
      schema: { querystring: cropYearQuerySchema, response: { 200: commodityBalancesResponseSchema, ...crmErrors } },
    },
    async (request) => farmerCommodityBalances(deps, request, request.query),
  );

  app.get(
    `${PC}/task-list`,
    { config: session, schema: { response: { 200: farmerTaskListSchema, ...crmErrors } } },
    async (request) => farmerTaskList(deps, request),
  );

  app.get(
    `${PC}/crops`,
    { config: session, schema: { response: { 200: farmerCropsSchema, ...crmErrors } } },
    async (request) => farmerCrops(deps, request),
  );

  app.get(
    `${PC}/filters`,
    { config: session, schema: { response: { 200: farmerFiltersSchema, ...crmErrors } } },
    async (request) => farmerFilters(deps, request),
  );

  app.get(
    `${PC}/location`,
    { config: session, schema: { response: { 200: farmerLocationsSchema, ...crmErrors } } },
    async (request) => farmerLocations(deps, request),
  );
};
