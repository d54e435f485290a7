import { MEMBER_TYPES, isCountryCode, signupPrefillFromQuery, type MemberType } from '@granary/domain';
import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { currentIntent } from '../../lib/brand/intent';
import {
  STEP_FIELDS,
  checkSignup,
  type SignupDraft,
  type SignupErrors,
  type SignupField,
  type SignupStep,
} from './signup-rules';

/** The draft a signup starts from: the query's prefill (platform.md 3.6 'Signup query parameters') and region defaults. */
export function initialDraft(
  search: string,
  region: { country: SignupDraft['countryCode']; areaUnit: SignupDraft['areaEstimateUnits'] },
  reasonId: number | null,
): SignupDraft {
  const prefill = signupPrefillFromQuery(search);
  const query = new URLSearchParams(search);
  const country = (query.get('country_code') ?? '').toUpperCase();
  const memberType = query.get('member_type') ?? '';
  return {
    firstname: prefill.firstname ?? '',
    lastname: prefill.lastname ?? '',
    email: prefill.email ?? '',
    phoneNumber: prefill.phoneNumber ?? '',
    postalCode: prefill.postalCode ?? '',
    countryCode: isCountryCode(country) ? country : region.country,
    memberType: (MEMBER_TYPES as readonly string[]).includes(memberType) ? (memberType as MemberType) : '',
    areaEstimate: '',
    areaEstimateUnits: region.areaUnit,
    signupReasonIds: reasonId ? [reasonId] : [],
    howDidYouHearAboutUs: '',
    acceptLegalTerms: false,
    legalSalesInfo: null,
    allowPromotionalMarketing: false,
  };
}

/** What travels with the form besides its fields: intent, user type, source and the way back. */
export function signupContext(search: string, pathname: string) {
  const prefill = signupPrefillFromQuery(search);
  const intent = currentIntent(pathname, search);
  const redirect = new URLSearchParams(search).get('redirect');
  return {
    ...(intent ? { partnerIntent: intent } : {}),
    ...(prefill.userType ? { userType: prefill.userType } : {}),
    ...(prefill.signupSource ? { signupSource: prefill.signupSource } : {}),
    ...(redirect ? { redirect } : {}),
  };
}

/**
 * The signup form's schema (docs/decisions/032): the draft checked by checkSignup, the domain's rules, for one step
 * or both ('signup'); `skip` leaves out fields another step already proved. Each message is a catalogue id.
 */
export function signupSchema(check: SignupStep | 'signup', skip: readonly SignupField[] = []) {
  return z.custom<SignupDraft>().superRefine((draft, ctx) => {
    for (const [path, message] of Object.entries(checkSignup(draft, check, skip))) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
}

/** Puts field messages (the server's, read by fieldErrorsFromServer) on the signup form's fields. */
export function showSignupErrors(setError: UseFormSetError<SignupDraft>, errors: SignupErrors): void {
  for (const [field, message] of Object.entries(errors)) setError(field as SignupField, { type: 'server', message });
}

/** Whether some of the messages belong to the first step's fields (the form goes back there to show them). */
export function touchesFirstStep(fields: readonly string[]): boolean {
  return fields.some((field) => STEP_FIELDS.createAccount.includes(field as SignupField));
}
