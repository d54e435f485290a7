import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PARTNER_CONTRACT_SIGNING_PATH,
  PARTNER_PRICE_NOTATION_PATH,
  contractSigningSettingsSchema,
  priceNotationSettingsSchema,
} from '@granary/domain';
import { loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  changePartnerContractSigning,
  changePartnerPriceNotation,
  partnerContractSigning,
  partnerPriceNotation,
} from './partner-settings.service.ts';

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

  // Contract signing rules (issue 14, decision 042): amendments need a signature; a program is needed to send.
  app.get(
    PARTNER_CONTRACT_SIGNING_PATH,
    { config: { access: 'session' }, schema: { response: { 200: contractSigningSettingsSchema, ...crmErrors } } },
    async (request) => partnerContractSigning(deps, request),
  );

  app.put(
    PARTNER_CONTRACT_SIGNING_PATH,
    {
      config: { access: 'session' },
      schema: {
        body: contractSigningSettingsSchema,
        response: { 200: contractSigningSettingsSchema, ...crmWriteErrors },
      },
    },
    async (request) => changePartnerContractSigning(deps, request, request.body),
  );
};
