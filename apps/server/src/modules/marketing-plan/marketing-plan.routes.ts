import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFIT_CENTER_API,
  cropParamSchema,
  cropYearParamSchema,
  marketingPlanBodySchema,
  marketingPlanSchema,
  marketingPlansOverviewSchema,
  priceAlertBodySchema,
  priceAlertListSchema,
  priceAlertSchema,
} from '@granary/domain';
import { idParam } from '../../platform/crm-access.ts';
import { crmErrors } from '../../platform/crm-http.ts';
import { ensureRecurring, registerJobHandler } from '../../platform/jobs.ts';
import { onQuotesChanged } from '../futures/futures.public.ts';
import { getPlan, plansOverview, putPlan, type MarketingDeps } from './marketing-plan.service.ts';
import { checkAlerts, createAlert, editAlert, getAlert, listAlerts, removeAlert } from './price-alerts.service.ts';

const PC = PROFIT_CENTER_API;

/** The recurring judge of every active alert (bids whose basis changed, expiry), every minute on some process. */
const PRICE_ALERTS_WATCH_JOB = 'price-alerts.watch';
const PRICE_ALERTS_WATCH_EVERY_MS = 60_000;

let quotesHooked = false;

/** The alerts' triggers in this process: the futures module's quotes-changed hook and the recurring job. */
function registerAlertJobs(): void {
  if (!quotesHooked) {
    quotesHooked = true;
    onQuotesChanged(async ({ db, symbols, now }) => {
      await checkAlerts(db, symbols, now);
    });
  }
  registerJobHandler(
    PRICE_ALERTS_WATCH_JOB,
    async ({ db, now }) => {
      await checkAlerts(db, null, now);
    },
    { everyMs: PRICE_ALERTS_WATCH_EVERY_MS },
  );
}

/**
 * The profit center's marketing tab (issue 17, grain-marketing.md 7: marketing-plan/…, alerts/:crop?/:alertId?;
 * docs/decisions/058). Same access as the profit center: 401, 403 enterprise_access_required; another user's alert 404.
 */
export const marketingPlanRoutes: FastifyPluginAsyncZod<MarketingDeps> = async (app, deps) => {
  const session = { access: 'session' } as const;
  registerAlertJobs();
  // The judge's recurring run: one pending row whichever process starts first (as the offers' watcher).
  app.addHook('onReady', async () => {
    await ensureRecurring(deps.ctx.database.db, PRICE_ALERTS_WATCH_JOB);
  });

  app.get(
    `${PC}/marketing-plan/enterprise-data`,
    { config: session, schema: { response: { 200: marketingPlansOverviewSchema, ...crmErrors } } },
    async (request) => plansOverview(deps, request),
  );

  const planParams = z.object({ crop: cropParamSchema, year: cropYearParamSchema });
  app.get(
    `${PC}/marketing-plan/:crop/:year`,
    { config: session, schema: { params: planParams, response: { 200: marketingPlanSchema, ...crmErrors } } },
    async (request) => getPlan(deps, request, request.params.crop, request.params.year),
  );
  app.put(
    `${PC}/marketing-plan/:crop/:year`,
    {
      config: session,
      schema: {
        params: planParams,
        body: marketingPlanBodySchema,
        response: { 200: marketingPlanSchema, ...crmErrors },
      },
    },
    async (request) => putPlan(deps, request, request.params.crop, request.params.year, request.body),
  );

  app.get(
    `${PC}/alerts`,
    { config: session, schema: { response: { 200: priceAlertListSchema, ...crmErrors } } },
    async (request) => listAlerts(deps, request),
  );
  const cropParams = z.object({ crop: cropParamSchema });
  app.get(
    `${PC}/alerts/:crop`,
    { config: session, schema: { params: cropParams, response: { 200: priceAlertListSchema, ...crmErrors } } },
    async (request) => listAlerts(deps, request, request.params.crop),
  );
  app.post(
    `${PC}/alerts/:crop`,
    {
      config: session,
      schema: { params: cropParams, body: priceAlertBodySchema, response: { 201: priceAlertSchema, ...crmErrors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createAlert(deps, request, request.params.crop, request.body)),
  );

  const alertParams = z.object({ crop: cropParamSchema, alertId: idParam });
  app.get(
    `${PC}/alerts/:crop/:alertId`,
    { config: session, schema: { params: alertParams, response: { 200: priceAlertSchema, ...crmErrors } } },
    async (request) => getAlert(deps, request, request.params.crop, request.params.alertId),
  );
  app.put(
    `${PC}/alerts/:crop/:alertId`,
    {
      config: session,
      schema: { params: alertParams, body: priceAlertBodySchema, response: { 200: priceAlertSchema, ...crmErrors } },
    },
    async (request) => editAlert(deps, request, request.params.crop, request.params.alertId, request.body),
  );
  app.delete(
    `${PC}/alerts/:crop/:alertId`,
    { config: session, schema: { params: alertParams, response: { 204: z.null(), ...crmErrors } } },
    async (request, reply) => {
      await removeAlert(deps, request, request.params.crop, request.params.alertId);
      return reply.status(204).send(null);
    },
  );
};
