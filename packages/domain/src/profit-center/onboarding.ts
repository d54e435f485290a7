// Partner onboarding (issue 17, platform.md 2.5 /profit-center/partner/:intent, grain-marketing.md 7 'Other
// commodities calls', decision 060): a farmer invited by their elevator proves they are one of the elevator's client
// contacts with a 6-digit code and links that client legal entity to their farm business (legal_entities.enterprise_id,
// the one relation the profit center and My Sales Lite read). Shapes shared by the server's routes and the web.

import { z } from 'zod';
import { VERIFICATION_CODE_PATTERN } from '../identity/patterns.ts';

/** Under /api/commodities like the profit center's calls (PROFIT_CENTER_API's parent). */
export const COMMODITIES_API = '/api/commodities';
/** The onboarding state of the signed-in farmer at a partner (`onboarding`). */
export const PARTNER_ONBOARDING_PATH = `${COMMODITIES_API}/profit-center/onboarding/:intent`;
/** The partner's client contacts that are the signed-in user (le/session-contact-users). */
export const SESSION_CONTACT_USERS_PATH = `${COMMODITIES_API}/le/session-contact-users`;
/** Sends a code to the contact's e-mail or phone on file (le/email/verify/initiate). */
export const ONBOARDING_VERIFY_INITIATE_PATH = `${COMMODITIES_API}/le/email/verify/initiate`;
/** Sends a new code on the same code session (the earlier code dies; the sends a session and an address may have). */
export const ONBOARDING_VERIFY_RESEND_PATH = `${COMMODITIES_API}/le/email/verify/resend`;
/** Checks the code and links (email/verify/{grain_brand}-onboarding; the product is the partner's intent). */
export const ONBOARDING_VERIFY_PATH = `${COMMODITIES_API}/email/verify/:product`;

/** The step recorded in users.completed_onboarding_steps once a partner's grain account is linked. */
export function onboardingStep(intent: string): string {
  return `${intent}-onboarding`;
}

/** The sub-pages of /profit-center/partner/:intent (platform.md 2.5), get{brand} written with the partner's intent. */
export const PARTNER_ONBOARDING_PAGES = [
  'landing',
  'app-install',
  'update-phone',
  'no-data',
  'confirm-code',
  'verify-email',
] as const;
export type PartnerOnboardingPage = (typeof PARTNER_ONBOARDING_PAGES)[number];

export const onboardingChannelSchema = z.enum(['email', 'sms']);
export type OnboardingChannel = z.infer<typeof onboardingChannelSchema>;

export const intentSchema = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9][a-z0-9-]*$/);

/** A client contact of the partner who is the signed-in user (matched on their e-mail, phone or user id). */
export const sessionContactSchema = z.object({
  contactId: z.number().int(),
  contactName: z.string(),
  legalEntityId: z.number().int(),
  legalEntityName: z.string(),
  /** The contact's e-mail and phone on file, masked by maskIdentifier (the code goes there). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** linkable; linked to one of the user's farm businesses; linked to someone else's. */
  state: z.enum(['linkable', 'linked_here', 'linked_elsewhere']),
  linkedEnterpriseId: z.number().int().nullable(),
});
export type SessionContact = z.infer<typeof sessionContactSchema>;

export const onboardingEnterpriseSchema = z.object({ id: z.number().int(), name: z.string() });

export const partnerOnboardingSchema = z.object({
  intent: z.string(),
  partnerName: z.string(),
  completed: z.boolean(),
  contacts: z.array(sessionContactSchema),
  /** The farm businesses the user may link to (the switcher's list, where they may manage it). */
  enterprises: z.array(onboardingEnterpriseSchema),
});
export type PartnerOnboarding = z.infer<typeof partnerOnboardingSchema>;

export const sessionContactsQuerySchema = z.object({ intent: intentSchema });
export const sessionContactsResponseSchema = z.object({ contacts: z.array(sessionContactSchema) });

export const onboardingInitiateBodySchema = z.object({
  intent: intentSchema,
  contactId: z.number().int().positive(),
  channel: onboardingChannelSchema,
});
export const onboardingInitiateResponseSchema = z.object({
  token: z.string(),
  channel: onboardingChannelSchema,
  /** Where the code went, masked. */
  sentTo: z.string(),
});
export type OnboardingInitiateResponse = z.infer<typeof onboardingInitiateResponseSchema>;

/** "Resend code": the code session's token (answered as the first send is, the same token). */
export const onboardingResendBodySchema = z.object({ intent: intentSchema, token: z.string().min(1).max(200) });
/** Seconds the confirm-code page waits before it offers "Resend code" again. */
export const ONBOARDING_RESEND_COOLDOWN_SECONDS = 30;

export const onboardingVerifyBodySchema = z.object({
  token: z.string().min(1).max(200),
  code: z.string().regex(VERIFICATION_CODE_PATTERN),
  enterpriseId: z.number().int().positive(),
});
export const onboardingVerifyResponseSchema = z.object({
  legalEntityId: z.number().int(),
  legalEntityName: z.string(),
  enterpriseId: z.number().int(),
  completedOnboardingSteps: z.array(z.string()),
});
export type OnboardingVerifyResponse = z.infer<typeof onboardingVerifyResponseSchema>;

/** The merchandiser's "Invite to the app" of a client contact (CRM client page): an e-mail linking to the landing. */
export const CONTACT_APP_INVITATION_PATH =
  '/api/commodities/merchandising/le/:platformId/market/:marketId/le/:clientId/contacts/:contactId/invite-to-app';
export const contactAppInvitationResponseSchema = z.object({ sentTo: z.string() });
/** Invitations one contact may be sent per day (each is an e-mail to someone who did not ask). */
export const CONTACT_APP_INVITATIONS_PER_DAY = 3;
