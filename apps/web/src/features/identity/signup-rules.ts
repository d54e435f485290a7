import {
  MEMBER_TYPES,
  SIGNUP_FIELD_KEYS,
  SIGNUP_REASONS,
  SIGNUP_STEP_FIELDS,
  signupReasonFor,
  validateSignupForm,
  type AreaUnit,
  type CountryCode,
  type MemberType,
  type SignupField,
  type SignupValidationKey,
} from '@granary/domain';
import type { MessageId } from '../../lib/i18n/messages';

export type { SignupField };

/** The signup form as typed (platform.md 3.6); the area stays text until it is sent. */
export type SignupDraft = {
  firstname: string;
  lastname: string;
  email: string;
  phoneNumber: string;
  postalCode: string;
  countryCode: CountryCode;
  memberType: MemberType | '';
  areaEstimate: string;
  areaEstimateUnits: AreaUnit;
  signupReasonIds: number[];
  howDidYouHearAboutUs: string;
  acceptLegalTerms: boolean;
  /** Canada: an explicit yes or no to sales contact (required there). */
  legalSalesInfo: boolean | null;
  allowPromotionalMarketing: boolean;
};

/** Labels of the signup reasons of platform.md 9.4, by id (the domain lists ids, slugs and which are restricted). */
const REASON_LABELS: Record<number, MessageId> = {
  30: 'signup.reason.cropProtection',
  31: 'signup.reason.seed',
  32: 'signup.reason.livestock',
  33: 'signup.reason.marketAdvisory',
  35: 'signup.reason.financing',
  40: 'signup.reason.precisionData',
  41: 'signup.reason.forum',
  42: 'signup.reason.general',
  43: 'signup.reason.grain',
  44: 'signup.reason.cropInsurance',
  45: 'signup.reason.sustainability',
  46: 'signup.reason.petEquine',
};

/**
 * The reasons the form offers, one per id: every unrestricted one, and a restricted one (grain product, crop
 * insurance) only when the page was opened for it (/signup/grain-product).
 */
export function offeredReasons(preselected: number | null): { id: number; labelId: MessageId }[] {
  const seen = new Set<number>();
  const out: { id: number; labelId: MessageId }[] = [];
  for (const reason of SIGNUP_REASONS) {
    if (seen.has(reason.id) || (reason.restricted && reason.id !== preselected)) continue;
    const labelId = REASON_LABELS[reason.id];
    if (!labelId) continue;
    seen.add(reason.id);
    out.push({ id: reason.id, labelId });
  }
  return out;
}

export function reasonIdOf(param: string | undefined | null): number | null {
  return signupReasonFor(param)?.id ?? null;
}

const MEMBER_TYPE_LABELS: Record<MemberType, MessageId> = {
  farmer: 'signup.memberType.farmer',
  rancher: 'signup.memberType.rancher',
  professional: 'signup.memberType.professional',
  other: 'signup.memberType.other',
};
export const MEMBER_TYPE_OPTIONS = MEMBER_TYPES.map((value) => ({ value, labelId: MEMBER_TYPE_LABELS[value] }));

/** Farmers and ranchers say how much land they work; the others send 0. */
export function asksForArea(memberType: MemberType | ''): boolean {
  return memberType === 'farmer' || memberType === 'rancher';
}

export const HEARD_ABOUT_US: readonly { value: string; labelId: MessageId }[] = [
  { value: 'grain_buyer', labelId: 'signup.heard.grainBuyer' },
  { value: 'friend', labelId: 'signup.heard.friend' },
  { value: 'search', labelId: 'signup.heard.search' },
  { value: 'social_media', labelId: 'signup.heard.social' },
  { value: 'event', labelId: 'signup.heard.event' },
  { value: 'advertisement', labelId: 'signup.heard.ad' },
  { value: 'other', labelId: 'signup.heard.other' },
];

export const COUNTRY_LABELS: Record<CountryCode, MessageId> = {
  USA: 'signup.country.USA',
  CAN: 'signup.country.CAN',
  AUS: 'signup.country.AUS',
};

export const AREA_UNIT_LABELS: Record<AreaUnit, MessageId> = {
  acres: 'signup.units.acres',
  hectares: 'signup.units.hectares',
};

/** The message of each validation key of platform.md 5.3 (the wording of the domain's SIGNUP_KEY_MESSAGES). */
export const VALIDATION_KEY_MESSAGES: Record<SignupValidationKey, MessageId> = {
  enter_first_name: 'signup.error.enter_first_name',
  enter_last_name: 'signup.error.enter_last_name',
  enter_email: 'signup.error.enter_email',
  enter_zip: 'signup.error.enter_zip',
  member_type: 'signup.error.member_type',
  enter_cell: 'signup.error.enter_cell',
  enter_accept_legal_terms: 'signup.error.enter_accept_legal_terms',
  enter_area: 'signup.error.enter_area',
  enter_area_units: 'signup.error.enter_area_units',
  enter_signup_reason: 'signup.error.enter_signup_reason',
  enter_how_did_you_hear_about_us: 'signup.error.enter_how_did_you_hear_about_us',
  enter_legal_sales_info: 'signup.error.enter_legal_sales_info',
};

/** Text fields whose key speaks of a bad value: when left empty they say 'Required' (platform.md 5.4) instead. */
const REQUIRED_WHEN_EMPTY: readonly SignupField[] = ['email', 'phoneNumber', 'postalCode'];

export type SignupErrors = Partial<Record<SignupField, MessageId>>;

/** The message a field shows for its validation key. */
function messageForKey(field: SignupField, key: string, draft?: SignupDraft): MessageId {
  const value = draft?.[field as keyof SignupDraft];
  if (REQUIRED_WHEN_EMPTY.includes(field) && typeof value === 'string' && value.trim() === '')
    return 'signup.error.required';
  return VALIDATION_KEY_MESSAGES[key as SignupValidationKey] ?? 'signup.error.generic';
}

/** The server's {field: validation key} map as field messages (its field names may be camelCase or snake_case). */
export function fieldErrorsFromServer(fields: Record<string, string>, draft?: SignupDraft): SignupErrors {
  const out: SignupErrors = {};
  const byKey = new Map(Object.entries(SIGNUP_FIELD_KEYS).map(([field, key]) => [key as string, field as SignupField]));
  for (const [name, key] of Object.entries(fields)) {
    const camel = name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    const field = camel in SIGNUP_FIELD_KEYS ? (camel as SignupField) : byKey.get(key);
    if (field) out[field] = messageForKey(field, key, draft);
  }
  return out;
}

export type SignupStep = keyof typeof SIGNUP_STEP_FIELDS;
export const STEP_FIELDS: Record<SignupStep, readonly SignupField[]> = {
  createAccount: SIGNUP_STEP_FIELDS.createAccount.fields,
  finalize: SIGNUP_STEP_FIELDS.finalize.fields,
};

/** The draft in the API's shape (platform.md 3.6, camelCase). */
export function signupPayloadOf(draft: SignupDraft) {
  const area = draft.areaEstimate.trim().replace(/,/g, '');
  return {
    firstname: draft.firstname.trim(),
    lastname: draft.lastname.trim(),
    email: draft.email.trim(),
    phoneNumber: draft.phoneNumber.trim(),
    postalCode: draft.postalCode.trim().toUpperCase(),
    countryCode: draft.countryCode,
    memberType: draft.memberType || undefined,
    areaEstimate: asksForArea(draft.memberType)
      ? area === ''
        ? undefined
        : /^\d+(\.\d+)?$/.test(area)
          ? Number(area)
          : area
      : 0,
    areaEstimateUnits: draft.areaEstimateUnits,
    signupReasonIds: draft.signupReasonIds,
    howDidYouHearAboutUs: draft.howDidYouHearAboutUs || undefined,
    acceptLegalTerms: draft.acceptLegalTerms,
    ...(draft.countryCode === 'CAN' ? { legalSalesInfo: draft.legalSalesInfo ?? undefined } : {}),
    allowPromotionalMarketing:
      draft.countryCode === 'CAN' ? draft.legalSalesInfo === true : draft.allowPromotionalMarketing,
  };
}

/**
 * The client-side check of some steps, with the domain's rules (the ones the server applies): createAccount,
 * finalize, or both ('signup'). `skip` leaves out fields another step already proved (verify-first's identifier).
 */
export function checkSignup(
  draft: SignupDraft,
  check: SignupStep | 'signup',
  skip: readonly SignupField[] = [],
): SignupErrors {
  const payload = signupPayloadOf(draft);
  const fields: Record<string, string> = {};
  const steps: SignupStep[] = check === 'signup' ? ['createAccount', 'finalize'] : [check];
  for (const step of steps) Object.assign(fields, validateSignupForm(payload, step).fields);
  for (const field of skip) delete fields[field];
  return fieldErrorsFromServer(fields, draft);
}
