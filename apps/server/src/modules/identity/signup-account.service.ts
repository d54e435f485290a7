// What every way of signing up shares (platform.md 3.6, 5.3; docs/decisions/012): the form's checks, the signup
// profile kept on the user, creating the account, and signing the new user in. The ways themselves are the signup
// form and its e-mail link (signup.service.ts) and verify-first signup (verify-first-signup.service.ts); their mails
// are signup-mails.service.ts.

import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  NATIVE_SIGNUP_TRAFFIC_MEDIUM,
  SELF_SIGNUP_USER_TYPES,
  USER_TYPE_IDS,
  safeRedirectTarget,
  validateSignupForm,
  verificationStatusFor,
  type LoginSource,
  type SignupFieldErrors,
  type SignupForm,
  type SignupFormInput,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import { completeSignIn, type SignInMethod } from './sign-in.ts';
import { insertUser, type UserRow } from './users.repo.ts';
import { normalizePhone } from './verification-codes.service.ts';

export type SignedIn = { userId: string; oneTimePassword: boolean; redirect: string };

export type Call = {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  partner: WhiteLabelPartner;
  partners: PartnerDirectory;
};

export type SignupExtras = {
  loginSource: LoginSource;
  formUrl: string | null;
  reason: string | null;
  emailVerificationToken: string | null;
  phoneVerificationToken: string | null;
};

export function invalid(fields: SignupFieldErrors): AppError {
  return new AppError('invalid_signup', undefined, { fields });
}

/**
 * The form's checks (platform.md 5.3) plus what only the server can check: the phone number is a real
 * number (libphonenumber). 400 invalid_signup with details.fields.
 */
export function checkSignupForm(
  input: SignupFormInput,
  userTypes: readonly number[] = SELF_SIGNUP_USER_TYPES,
): SignupForm {
  const result = validateSignupForm(input, 'signup', { userTypes });
  if (!result.ok) throw invalid(result.fields);
  const form = result.form;
  if (form.phoneNumber && !normalizePhone(form.phoneNumber, form.countryCode))
    throw invalid({ phoneNumber: 'enter_cell' });
  return form;
}

export async function knownPartnerIntent(
  partners: PartnerDirectory,
  partner: WhiteLabelPartner,
  intent: string | null,
): Promise<string | null> {
  if (intent && (await partners.byIntent(intent))) return intent;
  return partner.intent;
}

export function trafficFor(request: FastifyRequest, loginSource: LoginSource): Record<string, string> | null {
  if (loginSource !== 'ops') return null;
  const ua = request.headers['user-agent'] ?? '';
  const source = /android/i.test(ua) ? 'android app' : /iphone|ipad|ios/i.test(ua) ? 'ios app' : 'mobile app';
  return { trafficSource: source, trafficMedium: NATIVE_SIGNUP_TRAFFIC_MEDIUM };
}

/** What the signup said, kept on the user (users.signup_profile) for onboarding and analytics. */
export function signupProfile(
  form: SignupForm,
  extras: { loginSource: LoginSource; formUrl: string | null; traffic: Record<string, string> | null },
) {
  return {
    memberType: form.memberType,
    areaEstimate: form.areaEstimate,
    areaEstimateUnits: form.areaEstimateUnits,
    howDidYouHearAboutUs: form.howDidYouHearAboutUs,
    legalSalesInfo: form.legalSalesInfo,
    legalContentfulInfo: form.legalContentfulInfo,
    acceptedLegalTermsAt: new Date().toISOString(),
    allowPromotionalMarketing: form.allowPromotionalMarketing,
    signupSource: form.signupSource,
    analyticsSource: form.analyticsSource,
    addressLine1: form.addressLine1,
    addressLine2: form.addressLine2,
    loginSource: extras.loginSource,
    formUrl: extras.formUrl,
    ...(extras.traffic ?? {}),
  };
}

type NewAccount = {
  form: SignupForm;
  profile: Record<string, unknown>;
  partnerIntent: string | null;
  emailVerified: boolean;
  /** The phone number (E.164) when it has been verified; only a verified number is used to sign in by SMS. */
  verifiedPhone: string | null;
};

/** Creates the account; null when the address was taken meanwhile (unique index). No password: sign-in is by link, code or SSO. */
export async function createAccount(ctx: AppContext, account: NewAccount): Promise<UserRow | null> {
  const { form } = account;
  const now = new Date();
  const phoneVerified = account.verifiedPhone !== null;
  try {
    // In a savepoint: the request's transaction must stay usable after a duplicate e-mail is refused.
    return await ctx.database.db.transaction((tx) =>
      insertUser(tx, {
        email: (form.email ?? '').toLowerCase(),
        firstName: form.firstname,
        lastName: form.lastname,
        phoneNumber: form.phoneNumber ?? account.verifiedPhone,
        normalizedPhoneNumber: account.verifiedPhone,
        phoneVerifiedAt: phoneVerified ? now : null,
        emailVerifiedAt: account.emailVerified ? now : null,
        verificationStatus: verificationStatusFor({
          emailVerified: account.emailVerified,
          phoneVerified,
          hasPhone: Boolean(form.phoneNumber ?? account.verifiedPhone),
          verificationInProgress: false,
        }),
        userType: form.userType ?? USER_TYPE_IDS.PRIMARY_ACCOUNT,
        countryCode: form.countryCode,
        postalCode: form.postalCode,
        partnerIntent: account.partnerIntent,
        signupReasonIds: form.signupReasonIds,
        signupProfile: account.profile,
        tosAcceptedAt: form.acceptLegalTerms ? now : null,
      }),
    );
  } catch (err) {
    if (/users_email_lower_idx|duplicate key/i.test(String((err as { message?: unknown }).message ?? err))) return null;
    throw err;
  }
}

export async function signedIn(
  call: Call,
  user: UserRow,
  method: SignInMethod,
  redirect: string | null,
): Promise<SignedIn> {
  await completeSignIn(call.ctx, call.request, call.reply, user, method);
  return {
    userId: user.id,
    oneTimePassword: user.oneTimePassword,
    redirect: user.oneTimePassword
      ? '/onetime-password/reset'
      : safeRedirectTarget(redirect, call.request.headers.host ?? ''),
  };
}
