import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  STORE_AGREEMENTS_PATH,
  STORE_API,
  STORE_ONBOARDING_REPORT_PATH,
  agreementDetailSchema,
  agreementListSchema,
  agreementOwnerQuerySchema,
  apiErrorSchema,
  onboardingReportSchema,
  signAgreementInputSchema,
  type AgreementWords,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import * as service from './store-agreements.service.ts';

type Options = { ctx: AppContext; partners: PartnerDirectory };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;
const typeParams = z.object({ type: z.string().max(60) });

/**
 * The store agreements (platform.md 2.4): GET /api/store/agreements (the farm business's agreements with status),
 * GET /api/store/agreements/:type (the text and who signed), POST /api/store/agreements/:type/sign, and
 * GET /api/store/onboarding/report (the buyer's readiness checklist). ?enterpriseId=&userId= name whose (the
 * agreement page's ids); absent = the caller's current farm business.
 */
export const storeAgreementsRoutes: FastifyPluginAsyncZod<Options> = async (app, { ctx, partners }) => {
  const db = ctx.database.db;
  const config = { access: 'session' } as const;
  const A = `${STORE_API}${STORE_AGREEMENTS_PATH}`;

  async function callerOf(request: FastifyRequest): Promise<service.Caller> {
    const s = await requireSession(ctx, request);
    return {
      userId: s.user.id,
      currentEnterpriseId: s.session.currentEnterpriseId ?? null,
      isSuperAdmin: s.user.isSuperAdmin,
      actingAs: s.actor !== null,
    };
  }
  async function wordsOf(request: FastifyRequest): Promise<AgreementWords> {
    const partner = await partners.byHost(request.headers.host);
    const brand = partner.branding.shortName || partner.displayName;
    return { brand, legalName: partner.branding.legalName || brand };
  }

  app.get(
    A,
    { config, schema: { querystring: agreementOwnerQuerySchema, response: { 200: agreementListSchema, ...errors } } },
    async (request) => service.listAgreements(db, await callerOf(request), request.query, await wordsOf(request)),
  );

  app.get(
    `${A}/:type`,
    {
      config,
      schema: {
        params: typeParams,
        querystring: agreementOwnerQuerySchema,
        response: { 200: agreementDetailSchema, ...errors },
      },
    },
    async (request) =>
      service.readAgreement(db, await callerOf(request), request.params.type, request.query, await wordsOf(request)),
  );

  app.post(
    `${A}/:type/sign`,
    {
      config,
      schema: {
        params: typeParams,
        body: signAgreementInputSchema,
        response: { 200: agreementDetailSchema, ...errors },
      },
    },
    async (request) =>
      service.signAgreement(db, await callerOf(request), request.params.type, request.body, await wordsOf(request), {
        ip: request.ip ?? '',
        userAgent: String(request.headers['user-agent'] ?? ''),
      }),
  );

  app.get(
    `${STORE_API}${STORE_ONBOARDING_REPORT_PATH}`,
    { config, schema: { response: { 200: onboardingReportSchema, ...errors } } },
    async (request) =>
      service.onboardingReport(
        db,
        await callerOf(request),
        await wordsOf(request),
        new Date().toISOString().slice(0, 10),
      ),
  );
};
