import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateInZone, offboardingCsv, offboardingQuerySchema, offboardingReportSchema } from '@granary/domain';
import type { CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, sendCsv, wantsCsv } from '../../platform/crm-http.ts';
import { offboardingReport } from './offboarding.service.ts';

const MERCH = '/api/commodities/merchandising';

/** The offboarding report (issue 15): JSON, or CSV with `format=csv` / `Accept: text/csv`. */
export const offboardingRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  app.get(
    `${MERCH}/admin/offboarding-report`,
    {
      config: { access: 'session' },
      schema: {
        querystring: offboardingQuerySchema,
        response: { 200: offboardingReportSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      const { report, currency } = await offboardingReport(deps, request, request.query.inactiveMonths);
      void reply.header('cache-control', 'no-store');
      if (wantsCsv(request)) {
        const day = isoDateInZone(new Date(), 'UTC');
        return sendCsv(reply, offboardingCsv(report, currency), `offboarding-report-${day}.csv`);
      }
      return report;
    },
  );
};
