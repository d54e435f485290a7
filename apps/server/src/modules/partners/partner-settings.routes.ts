import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PARTNER_PRICE_NOTATION_PATH, priceNotationSettingsSchema } from '@granary/domain';
import { loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { changePartnerPriceNotation, partnerPriceNotation } from './partner-settings.service.ts';

/** The buyer's partner's settings (issue 13): its price notation, read by CRM users, changed by its CRM administrators. */
export const partnerSettingsRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);

  app.get(
    PARTNER_PRICE_NOTATION_PATH,
    { config: { access: 'session' }, schema: { response: { 200: priceNotationSettingsSchema, ...crmErrors } } },
    async (request) => partnerPriceNotation(deps, request),
  );

  app.put(
    PARTNER_PRICE_NOTATION_PATH,
    {
      config: { access: 'session' },
      schema: { body: priceNotationSettingsSchema, response: { 200: priceNotationSettingsSchema, ...crmWriteErrors } },
    },
    async (request) => changePartnerPriceNotation(deps, request, request.body),
  );
};
