import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTACT_APP_INVITATION_PATH,
  ONBOARDING_VERIFY_INITIATE_PATH,
  ONBOARDING_VERIFY_PATH,
  ONBOARDING_VERIFY_RESEND_PATH,
  PARTNER_ONBOARDING_PATH,
  apiErrorSchema,
  contactAppInvitationResponseSchema,
  SESSION_CONTACT_USERS_PATH,
  intentSchema,
  onboardingInitiateBodySchema,
  onboardingInitiateResponseSchema,
  onboardingResendBodySchema,
  onboardingVerifyBodySchema,
  onboardingVerifyResponseSchema,
  partnerOnboardingSchema,
  sessionContactsQuerySchema,
  sessionContactsResponseSchema,
} from '@granary/domain';
import { crmErrors } from '../../platform/crm-http.ts';

const writeErrors = { ...crmErrors, 409: apiErrorSchema, 429: apiErrorSchema } as const;
import { idParam } from '../../platform/crm-access.ts';
import {
  initiateOnboardingCode,
  inviteContactToApp,
  partnerOnboarding,
  resendOnboardingCode,
  sessionContacts,
  verifyOnboardingCode,
  type PartnerOnboardingDeps,
} from './partner-onboarding.service.ts';

/**
 * Partner onboarding (issue 17, decision 060): a farmer links their elevator's client legal entity to their farm
 * business with a code sent to the contact on file. Session only; the partner is named by its intent (404 unknown);
 * a contact that is not the caller 404; bad, expired or used codes 400; throttled sends 429; a legal entity another
 * farm business has 409. Tags and summaries are declared here.
 */
export const partnerOnboardingRoutes: FastifyPluginAsyncZod<PartnerOnboardingDeps> = async (app, deps) => {
  app.get(
    PARTNER_ONBOARDING_PATH,
    {
      config: { access: 'session' },
      schema: {
        tags: ['profit-center'],
        summary:
          "Partner onboarding: the partner's client contacts that are the signed-in farmer, and the farm businesses they may link",
        params: z.object({ intent: intentSchema }),
        response: { 200: partnerOnboardingSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return partnerOnboarding(deps, request, request.params.intent);
    },
  );

  app.get(
    SESSION_CONTACT_USERS_PATH,
    {
      config: { access: 'session' },
      schema: {
        tags: ['profit-center'],
        summary: "The partner's client contacts matching the signed-in user's e-mail, phone or account",
        querystring: sessionContactsQuerySchema,
        response: { 200: sessionContactsResponseSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { contacts: await sessionContacts(deps, request, request.query.intent) };
    },
  );

  app.post(
    ONBOARDING_VERIFY_INITIATE_PATH,
    {
      config: { access: 'session' },
      schema: {
        tags: ['profit-center'],
        summary: "Partner onboarding: send a 6-digit code to the client contact's e-mail or phone on file",
        body: onboardingInitiateBodySchema,
        response: { 200: onboardingInitiateResponseSchema, ...writeErrors },
      },
    },
    async (request) => initiateOnboardingCode(deps, request, request.body),
  );

  app.post(
    ONBOARDING_VERIFY_RESEND_PATH,
    {
      config: { access: 'session' },
      schema: {
        tags: ['profit-center'],
        summary: 'Partner onboarding: send a new code on the same code session (Resend code)',
        body: onboardingResendBodySchema,
        response: { 200: onboardingInitiateResponseSchema, ...writeErrors },
      },
    },
    async (request) => resendOnboardingCode(deps, request, request.body),
  );

  app.post(
    ONBOARDING_VERIFY_PATH,
    {
      config: { access: 'session' },
      schema: {
        tags: ['profit-center'],
        summary:
          'Partner onboarding ({grain_brand}-onboarding): check the code and link the client legal entity to the farm business',
        params: z.object({ product: z.string().regex(/^[a-z0-9][a-z0-9-]*-onboarding$/) }),
        body: onboardingVerifyBodySchema,
        response: { 200: onboardingVerifyResponseSchema, ...writeErrors },
      },
    },
    async (request) => verifyOnboardingCode(deps, request, request.params.product, request.body),
  );

  app.post(
    CONTACT_APP_INVITATION_PATH,
    {
      config: { access: 'session' },
      schema: {
        tags: ['crm'],
        summary: "Invite a client's contact to the app: an e-mail with the link to the partner's onboarding page",
        params: z.object({ platformId: idParam, marketId: idParam, clientId: idParam, contactId: idParam }),
        response: { 200: contactAppInvitationResponseSchema, ...writeErrors },
      },
    },
    async (request) => inviteContactToApp(deps, request, request.params),
  );
};
