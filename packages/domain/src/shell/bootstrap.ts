// Shell payloads shared by server and web: bootstrap, version file, API errors
// (grain-marketing.md 3 'Bootstrap', 'User', 'Version info'; platform.md 3.2; DESIGN.md conventions 3).
import { z } from 'zod';
import { ERROR_CODES } from '../errors/error-codes.ts';
import { COUNTRY_CODES } from '../region/countries.ts';
import { whiteLabelPartnerSchema } from './partner.ts';

/** The zod form of UserExperiences (experience.ts); a type test keeps the two identical. */
export const userExperiencesSchema = z.object({
  grain_buying: z.boolean().optional(),
  enterprise_agronomics: z.boolean().optional(),
  risk_management: z.boolean().optional(),
  granary_admin: z.boolean().optional(),
  storeMarketplaceSeller: z.boolean().optional(),
});

/** An admin permission is granted outright, for 'all' ids, or for a list of ids (platform.md 6.2). */
export const adminPermissionValueSchema = z.union([z.literal(true), z.literal('all'), z.array(z.string())]);
export type AdminPermissionValue = z.infer<typeof adminPermissionValueSchema>;

/** A person named in the bootstrap: whom an admin acts as, and the admin (issue 3, act-as). */
export const personSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const bootstrapUserSchema = z.object({
  id: z.string().nullable(),
  identified: z.boolean(),
  isLoggedIn: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  /** Present means the user is an employee. */
  employeeInfo: z.object({ role: z.string() }).nullable(),
  experiences: userExperiencesSchema,
  anonymousId: z.string(),
  legacyId: z.number().nullable(),
  permissions: z.array(z.string()),
  admin: z.object({
    is_super_admin: z.boolean(),
    permissions: z.record(z.string(), adminPermissionValueSchema),
  }),
  /**
   * Set while an admin acts as this user (the rest of `user` then describes the acted-as user): the
   * acted-as user, the admin really signed in (`actor`) and the act-as scope ('full' | 'read_only').
   */
  actingAs: personSummarySchema.nullable().optional(),
  actor: personSummarySchema.nullable().optional(),
  actAsScope: z.string().nullable().optional(),
  /** platform.md 3.1: the user has not accepted the current terms of service (store dialogs, 2.9). */
  must_accept_tos: z.boolean().optional(),
  /** The one-time dialogs the user has already seen, on any device (store dialogs, 2.9). */
  dialogs_seen: z.array(z.string()).optional(),
  /**
   * platform.md 3.1 completed_onboarding_steps: the onboarding steps the user has finished, e.g. '<intent>-onboarding'
   * once a partner's grain account is linked (decision 060); the web skips a finished step.
   */
  completed_onboarding_steps: z.array(z.string()).optional(),
});
export type BootstrapUser = z.infer<typeof bootstrapUserSchema>;

/**
 * The user of a visitor without a session: identified (the shell may go on) but not logged in, with no
 * experience or permission. The server answers it to anonymous bootstraps; the web falls back to it when the
 * bootstrap call fails (grain-marketing.md 8 'Transport').
 */
export function anonymousUser(anonymousId: string): BootstrapUser {
  return {
    id: null,
    identified: true,
    isLoggedIn: false,
    firstName: null,
    lastName: null,
    email: null,
    employeeInfo: null,
    experiences: {},
    anonymousId,
    legacyId: null,
    permissions: [],
    admin: { is_super_admin: false, permissions: {} },
  };
}

export const countryCodeOrUnknownSchema = z.union([z.literal(''), z.enum(COUNTRY_CODES)]);

export const enterpriseSummarySchema = z.object({
  id: z.number(),
  legacyId: z.number(),
  publicId: z.string(),
  name: z.string(),
  countryCode: countryCodeOrUnknownSchema,
  /** The user's role in this enterprise (platform.md 6.2: an owner passes enterprise permission checks). */
  role: z.enum(['owner', 'subaccount', 'professional']).optional(),
  /** The user's access flags on it ('has_input_purchasing_access', …; 3.3). */
  permissions: z.array(z.string()).optional(),
});
export type EnterpriseSummary = z.infer<typeof enterpriseSummarySchema>;

export const bootstrapResponseSchema = z.object({
  user: bootstrapUserSchema,
  /** Keyed by enterprise id. */
  enterprises: z.record(z.string(), enterpriseSummarySchema),
  current_enterprise_id: z.number().nullable(),
  tos_accepted: z.boolean(),
  /** Experiment flags (platform.md 4.6): flag → variant. Absent when they could not be fetched. */
  experiments: z.record(z.string(), z.string()).optional(),
  csrf: z.string(),
  partner: whiteLabelPartnerSchema,
  build: z.object({ tag: z.string() }),
});
export type BootstrapResponse = z.infer<typeof bootstrapResponseSchema>;

/** GET /version.json. */
export const versionResponseSchema = z.object({
  web: z.object({ required: z.number(), latest: z.number() }),
  build: z.string(),
});
export type VersionResponse = z.infer<typeof versionResponseSchema>;

/** Every error response: `{code, message, details?}` (DESIGN.md conventions 3), its code one of ERROR_CODES. */
export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * The selected enterprise on bootstrap (grain-marketing.md 4): the one stored in the session or
 * cookie if it is in the list, otherwise current_enterprise_id (null when neither is usable).
 */
export function selectEnterpriseId(
  bootstrap: Pick<BootstrapResponse, 'enterprises' | 'current_enterprise_id'>,
  storedId: number | string | null | undefined,
): number | null {
  if (
    storedId !== null &&
    storedId !== undefined &&
    String(storedId) !== '' &&
    Object.hasOwn(bootstrap.enterprises, String(storedId))
  ) {
    return bootstrap.enterprises[String(storedId)]?.id ?? null;
  }
  return bootstrap.current_enterprise_id;
}
