// Signup rules (platform.md 3.6 signup form, 4.1 verification status, 4.2 signup, 5.3 validation keys,
// 6.3 user type ids, 7.3 signup calls, 9.4 signup constants). Shared by the server and the web app.
// Choices the spec leaves open are recorded in docs/decisions/012-signup-verification-bot-check.md.

import { z } from 'zod';
import { AREA_UNITS, type AreaUnit } from '../region/units.ts';
import { COUNTRY_CODES, type CountryCodeOrUnknown } from '../region/countries.ts';
import { hasControlCharacter } from '../format/text.ts';
import { PHONE_PATTERN, VERIFICATION_CODE_PATTERN, isValidEmail } from './patterns.ts';

// ---------------------------------------------------------------------------------------------------
// Signup reasons (platform.md 9.4)

export type SignupReason = {
  readonly id: number;
  /** The `/signup/:reason?` route parameter. */
  readonly slug: string;
  readonly name: string;
  /** 9.4 marks these 'restricted': offered only where the product is (the product's page decides). */
  readonly restricted: boolean;
};

/** The active reasons; id 42 has two slugs (general interest, AI agronomy). */
export const SIGNUP_REASONS: readonly SignupReason[] = Object.freeze([
  { id: 30, slug: 'crop-protection', name: 'Crop protection', restricted: false },
  { id: 31, slug: 'seed', name: 'Seed', restricted: false },
  { id: 32, slug: 'livestock', name: 'Livestock', restricted: false },
  { id: 33, slug: 'market-advisory', name: 'Market advisory', restricted: false },
  { id: 35, slug: 'financing', name: 'Financing', restricted: false },
  { id: 40, slug: 'precision-data', name: 'Precision data', restricted: false },
  { id: 41, slug: 'forum', name: 'Forum', restricted: false },
  { id: 42, slug: 'general-interest', name: 'General interest', restricted: false },
  { id: 42, slug: 'ai-agronomy', name: 'AI agronomy', restricted: false },
  { id: 43, slug: 'grain-product', name: 'Grain product', restricted: true },
  { id: 44, slug: 'crop-insurance', name: 'Crop insurance', restricted: true },
  { id: 45, slug: 'sustainability', name: 'Sustainability and scale tickets', restricted: false },
  { id: 46, slug: 'pet-equine', name: 'Pet and equine', restricted: false },
]);

export const SIGNUP_REASON_IDS = {
  cropProtection: 30,
  seed: 31,
  livestock: 32,
  marketAdvisory: 33,
  financing: 35,
  precisionData: 40,
  forum: 41,
  generalInterest: 42,
  aiAgronomy: 42,
  grainProductRestricted: 43,
  cropInsuranceRestricted: 44,
  sustainabilityScaleTickets: 45,
  petEquine: 46,
} as const;

/** 9.4: no longer offered; a signup naming one is refused with enter_signup_reason. */
export const DEPRECATED_SIGNUP_REASON_IDS = [34, 36, 37, 38, 39] as const;

const ACTIVE_REASON_IDS = new Set(SIGNUP_REASONS.map((r) => r.id));

export function isActiveSignupReasonId(id: unknown): id is number {
  return typeof id === 'number' && ACTIVE_REASON_IDS.has(id);
}

/**
 * The reason of a `/signup/:reason?` parameter: its slug (case-insensitive, '_' or '-'), or its id as
 * digits ('/signup/31'). Deprecated and unknown reasons give null.
 */
export function signupReasonFor(param: string | null | undefined): SignupReason | null {
  const value = (param ?? '').trim().toLowerCase().replaceAll('_', '-');
  if (!value) return null;
  if (/^\d{1,3}$/.test(value)) return SIGNUP_REASONS.find((r) => r.id === Number(value)) ?? null;
  return SIGNUP_REASONS.find((r) => r.slug === value) ?? null;
}

// ---------------------------------------------------------------------------------------------------
// User types (6.3), member types, login sources

export const USER_TYPE_IDS = {
  GUEST: 1,
  TYPE_ADMIN: 2,
  PRIMARY_ACCOUNT: 3,
  PRIMARY_SUB_ACCOUNT: 4,
  COMMERCIAL: 5,
  SUB_COMMERCIAL: 6,
  PROFESSIONAL: 13,
} as const;
export type UserTypeId = (typeof USER_TYPE_IDS)[keyof typeof USER_TYPE_IDS];

/** What a person may choose when signing themselves up (never an admin type). */
export const SELF_SIGNUP_USER_TYPES = [USER_TYPE_IDS.PRIMARY_ACCOUNT, USER_TYPE_IDS.PROFESSIONAL] as const;
/** What an admin with create-primary-account / create-professional-account may create. */
export const ADMIN_SIGNUP_USER_TYPES = [
  USER_TYPE_IDS.PRIMARY_ACCOUNT,
  USER_TYPE_IDS.PRIMARY_SUB_ACCOUNT,
  USER_TYPE_IDS.COMMERCIAL,
  USER_TYPE_IDS.SUB_COMMERCIAL,
  USER_TYPE_IDS.PROFESSIONAL,
] as const;

/** The form's memberType (values not shown in the spec: ours). A professional becomes user type 13. */
export const MEMBER_TYPES = ['farmer', 'rancher', 'professional', 'other'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export function userTypeForMemberType(memberType: MemberType | null): UserTypeId {
  return memberType === 'professional' ? USER_TYPE_IDS.PROFESSIONAL : USER_TYPE_IDS.PRIMARY_ACCOUNT;
}

/** platform.md 7.3: 'ops' in the native app, 'www' on the web. */
export const LOGIN_SOURCES = ['www', 'ops'] as const;
export type LoginSource = (typeof LOGIN_SOURCES)[number];

/** 9.4: native app signups are tracked with this medium (source: android or ios app). */
export const NATIVE_SIGNUP_TRAFFIC_MEDIUM = 'mobile-app-signup';

// ---------------------------------------------------------------------------------------------------
// Steps, response kinds, verification status (4.1, 4.2)

export const SIGNUP_STEPS = ['verify', 'createAccount', 'finalize', 'successful'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

export const VERIFY_FIRST_STEPS = ['collect_identifier', 'collect_challenge', 'collect_rest', 'pick_account'] as const;
export type VerifyFirstStep = (typeof VERIFY_FIRST_STEPS)[number];

export const SIGNUP_RESPONSE_KINDS = ['should_act_as', 'redirect', 'email_sent'] as const;
export type SignupResponseKind = (typeof SIGNUP_RESPONSE_KINDS)[number];

export const VERIFICATION_STATUSES = ['verified', 'pending', 'unverified'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * A user's verification status (platform.md 4.1, default unverified): verified once the e-mail is
 * verified and so is the phone on file (if any); pending while a verification is under way or only part
 * of it is done; unverified otherwise.
 */
export function verificationStatusFor(input: {
  emailVerified: boolean;
  phoneVerified: boolean;
  hasPhone: boolean;
  verificationInProgress: boolean;
}): VerificationStatus {
  if (input.emailVerified && (input.phoneVerified || !input.hasPhone)) return 'verified';
  if (input.emailVerified || input.phoneVerified || input.verificationInProgress) return 'pending';
  return 'unverified';
}

// ---------------------------------------------------------------------------------------------------
// Validation keys (5.3) and the signup form (3.6)

export const SIGNUP_VALIDATION_KEYS = [
  'enter_first_name',
  'enter_last_name',
  'enter_email',
  'enter_zip',
  'member_type',
  'enter_cell',
  'enter_accept_legal_terms',
  'enter_area',
  'enter_area_units',
  'enter_signup_reason',
  'enter_how_did_you_hear_about_us',
  'enter_legal_sales_info',
] as const;
export type SignupValidationKey = (typeof SIGNUP_VALIDATION_KEYS)[number];

/** Which form field each validation key belongs to. */
export const SIGNUP_FIELD_KEYS = {
  firstname: 'enter_first_name',
  lastname: 'enter_last_name',
  email: 'enter_email',
  postalCode: 'enter_zip',
  memberType: 'member_type',
  phoneNumber: 'enter_cell',
  acceptLegalTerms: 'enter_accept_legal_terms',
  areaEstimate: 'enter_area',
  areaEstimateUnits: 'enter_area_units',
  signupReasonIds: 'enter_signup_reason',
  howDidYouHearAboutUs: 'enter_how_did_you_hear_about_us',
  legalSalesInfo: 'enter_legal_sales_info',
} as const satisfies Record<string, SignupValidationKey>;
export type SignupField = keyof typeof SIGNUP_FIELD_KEYS;
export type SignupFieldErrors = Partial<Record<SignupField, SignupValidationKey>>;

/** Default English wording per key (5.3 shows none; 5.4's generic messages where one fits). */
export const SIGNUP_KEY_MESSAGES: Record<SignupValidationKey, string> = {
  enter_first_name: 'Enter your first name.',
  enter_last_name: 'Enter your last name.',
  enter_email: 'Invalid email address',
  enter_zip: 'Invalid zip code',
  member_type: 'Choose what describes you best.',
  enter_cell: 'Invalid phone number',
  enter_accept_legal_terms: 'Accept the terms to continue.',
  enter_area: 'Enter your area as a number (0 or more).',
  enter_area_units: 'Choose acres or hectares.',
  enter_signup_reason: 'Choose what you are interested in.',
  enter_how_did_you_hear_about_us: 'Tell us how you heard about us (at most 200 characters).',
  enter_legal_sales_info: 'Tell us whether we may contact you about sales.',
};

/**
 * The fields each step of the signup (4.2: createAccount and finalize validate their own lists) checks.
 * A field in `required` must be present; the others are checked only when given.
 */
export const SIGNUP_STEP_FIELDS = {
  createAccount: {
    fields: ['firstname', 'lastname', 'email', 'phoneNumber', 'postalCode', 'acceptLegalTerms'],
    required: ['firstname', 'lastname', 'email', 'phoneNumber', 'postalCode', 'acceptLegalTerms'],
  },
  finalize: {
    fields: [
      'memberType',
      'areaEstimate',
      'areaEstimateUnits',
      'signupReasonIds',
      'howDidYouHearAboutUs',
      'legalSalesInfo',
    ],
    required: ['memberType', 'areaEstimate', 'signupReasonIds'],
  },
} as const satisfies Record<string, { fields: readonly SignupField[]; required: readonly SignupField[] }>;

/**
 * What is checked for each kind of check: a step on its own; `signup` (the form submitted to POST signup:
 * createAccount's fields required, finalize's checked when given); `partial` (only what was given).
 */
export type SignupCheck = keyof typeof SIGNUP_STEP_FIELDS | 'signup' | 'partial';

const NAME_MAX = 100;
const HEARD_MAX = 200;
export const AREA_ESTIMATE_MAX = 10_000_000;

/** Postal codes per country: US ZIP (or ZIP+4), Canadian A1A 1A1, Australian 4 digits. */
export const POSTAL_CODE_PATTERNS = {
  USA: /^\d{5}(?:-\d{4})?$/,
  CAN: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  AUS: /^\d{4}$/,
} as const;

export function isValidPostalCode(postalCode: string, country: CountryCodeOrUnknown): boolean {
  const value = postalCode.trim();
  if (country) return POSTAL_CODE_PATTERNS[country].test(value);
  return Object.values(POSTAL_CODE_PATTERNS).some((p) => p.test(value));
}

/** The country a postal code belongs to when the form did not say ('' when none or ambiguous). */
export function countryForPostalCode(postalCode: string): CountryCodeOrUnknown {
  const value = postalCode.trim();
  const matches = COUNTRY_CODES.filter((c) => POSTAL_CODE_PATTERNS[c].test(value));
  return matches.length === 1 ? (matches[0] ?? '') : '';
}

/**
 * A name: 1–100 characters after trimming, no control characters, no markup and no links (names are
 * shown to staff and may end up in mail, so they must not carry a URL).
 */
export function isAcceptableName(value: string): boolean {
  const v = value.trim();
  if (v.length < 1 || v.length > NAME_MAX) return false;
  if (hasControlCharacter(v) || /[<>{}\\]/.test(v)) return false;
  return !/(?:[a-z][a-z0-9+.-]*:\/\/|www\.|https?:)/i.test(v);
}

/** Everything the signup form may carry (3.6), as sent: the checks decide what is acceptable. */
export const signupFormInputSchema = z.object({
  partnerIntent: z.string().max(100).optional(),
  firstname: z.unknown().optional(),
  lastname: z.unknown().optional(),
  email: z.unknown().optional(),
  postalCode: z.unknown().optional(),
  phoneNumber: z.unknown().optional(),
  memberType: z.unknown().optional(),
  areaEstimate: z.unknown().optional(),
  areaEstimateUnits: z.unknown().optional(),
  signupReasonIds: z.unknown().optional(),
  countryCode: z.string().max(10).optional(),
  userType: z.unknown().optional(),
  acceptLegalTerms: z.unknown().optional(),
  legalContentfulInfo: z.array(z.record(z.string(), z.unknown())).max(20).optional(),
  howDidYouHearAboutUs: z.unknown().optional(),
  signupSource: z.string().max(200).optional(),
  redirect: z.string().max(2000).optional(),
  allowPromotionalMarketing: z.boolean().optional(),
  analyticsSource: z.union([z.string().max(500), z.record(z.string(), z.string().max(500))]).optional(),
  legalSalesInfo: z.unknown().optional(),
  addressLine1: z.string().max(200).optional(),
  addressLine2: z.string().max(200).optional(),
});
export type SignupFormInput = z.infer<typeof signupFormInputSchema>;

/** A form that passed its checks, normalised (trimmed, numbers parsed, defaults applied). */
export type SignupForm = {
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  postalCode: string | null;
  phoneNumber: string | null;
  memberType: MemberType | null;
  areaEstimate: number | null;
  areaEstimateUnits: AreaUnit;
  signupReasonIds: number[];
  countryCode: CountryCodeOrUnknown;
  userType: number | null;
  acceptLegalTerms: boolean;
  howDidYouHearAboutUs: string | null;
  legalSalesInfo: boolean | null;
  partnerIntent: string | null;
  legalContentfulInfo: Record<string, unknown>[];
  signupSource: string | null;
  redirect: string | null;
  allowPromotionalMarketing: boolean;
  analyticsSource: string | Record<string, string> | null;
  addressLine1: string | null;
  addressLine2: string | null;
};

export type SignupValidation =
  { ok: true; form: SignupForm; fields: SignupFieldErrors } | { ok: false; fields: SignupFieldErrors };

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function parseArea(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n >= 0 && n <= AREA_ESTIMATE_MAX ? n : null;
}

function parseReasonIds(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length > 20) return null;
  const ids: number[] = [];
  for (const item of value) {
    const n =
      typeof item === 'number' ? item : typeof item === 'string' && /^\d{1,3}$/.test(item.trim()) ? Number(item) : NaN;
    if (!isActiveSignupReasonId(n)) return null;
    if (!ids.includes(n)) ids.push(n);
  }
  return ids;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Checks a signup form (5.3): each problem is reported as `{field: validation key}`. `check` says which
 * fields are checked and which must be present (see SignupCheck). `userTypes` are the user types the
 * caller may choose (self signup by default).
 */
export function validateSignupForm(
  input: SignupFormInput,
  check: SignupCheck = 'signup',
  options: { userTypes?: readonly number[] } = {},
): SignupValidation {
  const createAccount = SIGNUP_STEP_FIELDS.createAccount;
  const finalize = SIGNUP_STEP_FIELDS.finalize;
  const checked = new Set<SignupField>(
    check === 'createAccount'
      ? createAccount.fields
      : check === 'finalize'
        ? finalize.fields
        : check === 'signup'
          ? [...createAccount.fields, ...finalize.fields]
          : [],
  );
  const required = new Set<SignupField>(
    check === 'createAccount'
      ? createAccount.required
      : check === 'finalize'
        ? finalize.required
        : check === 'signup'
          ? createAccount.required
          : [],
  );
  // 'partial' (and the optional fields of the others) check what was given.
  for (const field of Object.keys(SIGNUP_FIELD_KEYS) as SignupField[]) {
    if (check === 'partial' && !isBlank(input[field])) checked.add(field);
  }
  const fields: SignupFieldErrors = {};
  const fail = (field: SignupField) => {
    fields[field] = SIGNUP_FIELD_KEYS[field];
  };
  const present = (field: SignupField) => !isBlank(input[field]);
  const should = (field: SignupField) => checked.has(field) && (present(field) || required.has(field));

  const countryCode: CountryCodeOrUnknown =
    typeof input.countryCode === 'string' &&
    (COUNTRY_CODES as readonly string[]).includes(input.countryCode.toUpperCase())
      ? (input.countryCode.toUpperCase() as CountryCodeOrUnknown)
      : '';
  const badCountry = typeof input.countryCode === 'string' && input.countryCode.trim() !== '' && countryCode === '';

  for (const field of ['firstname', 'lastname'] as const) {
    if (should(field) && (typeof input[field] !== 'string' || !isAcceptableName(input[field]))) fail(field);
  }
  if (should('email')) {
    const email = input.email;
    if (typeof email !== 'string' || email.trim().length > 254 || !isValidEmail(email)) fail('email');
  }
  if (should('postalCode') || (checked.has('postalCode') && badCountry)) {
    const zip = input.postalCode;
    if (badCountry || typeof zip !== 'string' || !isValidPostalCode(zip, countryCode)) fail('postalCode');
  }
  if (should('phoneNumber')) {
    const phone = input.phoneNumber;
    if (typeof phone !== 'string' || !PHONE_PATTERN.test(phone.trim())) fail('phoneNumber');
  }
  if (should('acceptLegalTerms') && input.acceptLegalTerms !== true) fail('acceptLegalTerms');

  let memberType: MemberType | null = null;
  if (should('memberType')) {
    if (typeof input.memberType === 'string' && (MEMBER_TYPES as readonly string[]).includes(input.memberType)) {
      memberType = input.memberType as MemberType;
    } else fail('memberType');
  }
  const allowedUserTypes = options.userTypes ?? SELF_SIGNUP_USER_TYPES;
  // A number, or its digits (the user_type query parameter pre-fills the form as text).
  const userType = isBlank(input.userType)
    ? null
    : typeof input.userType === 'number'
      ? input.userType
      : typeof input.userType === 'string' && /^\d{1,3}$/.test(input.userType.trim())
        ? Number(input.userType)
        : NaN;
  if (userType !== null && !allowedUserTypes.includes(userType)) fail('memberType');

  let areaEstimate: number | null = null;
  if (should('areaEstimate')) {
    areaEstimate = parseArea(input.areaEstimate);
    if (areaEstimate === null) fail('areaEstimate');
  }
  let areaEstimateUnits: AreaUnit = 'acres';
  if (checked.has('areaEstimateUnits') && present('areaEstimateUnits')) {
    if (
      typeof input.areaEstimateUnits === 'string' &&
      (AREA_UNITS as readonly string[]).includes(input.areaEstimateUnits)
    ) {
      areaEstimateUnits = input.areaEstimateUnits as AreaUnit;
    } else fail('areaEstimateUnits');
  }
  let signupReasonIds: number[] = [];
  if (should('signupReasonIds')) {
    const ids = parseReasonIds(input.signupReasonIds);
    if (ids === null || (required.has('signupReasonIds') && ids.length === 0)) fail('signupReasonIds');
    else signupReasonIds = ids;
  }
  let heard: string | null = null;
  if (should('howDidYouHearAboutUs')) {
    const value = input.howDidYouHearAboutUs;
    if (typeof value !== 'string' || value.trim().length > HEARD_MAX) fail('howDidYouHearAboutUs');
    else heard = value.trim();
  }
  // Canada's anti-spam law wants an explicit yes or no to sales contact: required there, checked elsewhere.
  let legalSalesInfo: boolean | null = null;
  const salesRequired = countryCode === 'CAN' && checked.has('legalSalesInfo') && check !== 'partial';
  if (checked.has('legalSalesInfo') && (present('legalSalesInfo') || salesRequired)) {
    if (typeof input.legalSalesInfo === 'boolean') legalSalesInfo = input.legalSalesInfo;
    else fail('legalSalesInfo');
  }

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const postalCode = str(input.postalCode);
  return {
    ok: true,
    fields,
    form: {
      firstname: str(input.firstname),
      lastname: str(input.lastname),
      email: str(input.email),
      postalCode,
      phoneNumber: str(input.phoneNumber),
      memberType,
      areaEstimate,
      areaEstimateUnits,
      signupReasonIds,
      countryCode: countryCode || (postalCode ? countryForPostalCode(postalCode) : ''),
      userType: userType ?? (memberType ? userTypeForMemberType(memberType) : null),
      acceptLegalTerms: input.acceptLegalTerms === true,
      howDidYouHearAboutUs: heard,
      legalSalesInfo,
      partnerIntent: str(input.partnerIntent),
      legalContentfulInfo: input.legalContentfulInfo ?? [],
      signupSource: str(input.signupSource),
      redirect: str(input.redirect),
      allowPromotionalMarketing: input.allowPromotionalMarketing ?? false,
      analyticsSource: input.analyticsSource ?? null,
      addressLine1: str(input.addressLine1),
      addressLine2: str(input.addressLine2),
    },
  };
}

/** 3.6 'Signup query parameters' → the form fields they pre-fill (unknown or empty ones are left out). */
export function signupPrefillFromQuery(
  search: string,
): Partial<
  Record<
    | 'partnerIntent'
    | 'phoneNumber'
    | 'userType'
    | 'email'
    | 'postalCode'
    | 'step'
    | 'firstname'
    | 'lastname'
    | 'signupSource'
    | 'referral',
    string
  >
> {
  const params = new Map<string, string>();
  for (const part of (search.startsWith('?') ? search.slice(1) : search).split('&')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    try {
      const name = decodeURIComponent(part.slice(0, i).replaceAll('+', ' '));
      if (!params.has(name)) params.set(name, decodeURIComponent(part.slice(i + 1).replaceAll('+', ' ')));
    } catch {
      // a malformed escape: skip the parameter
    }
  }
  const map = {
    intent: 'partnerIntent',
    phone_number: 'phoneNumber',
    user_type: 'userType',
    email: 'email',
    postal_code: 'postalCode',
    step: 'step',
    first_name: 'firstname',
    last_name: 'lastname',
    signup_source: 'signupSource',
    referral: 'referral',
  } as const;
  const out: ReturnType<typeof signupPrefillFromQuery> = {};
  for (const [param, field] of Object.entries(map) as [keyof typeof map, (typeof map)[keyof typeof map]][]) {
    const value = params.get(param)?.trim();
    if (value) out[field] = value.slice(0, 320);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Request and response shapes of the signup and verification calls (docs/api/identity.md)

export const verificationCodeSchema = z.string().regex(VERIFICATION_CODE_PATTERN, 'The code is 6 digits.');

export const signupResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email_sent'), email: z.string() }),
  z.object({ kind: z.literal('redirect'), url: z.string(), userId: z.string() }),
  z.object({ kind: z.literal('should_act_as'), userId: z.string() }),
]);
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const signupErrorDetailsSchema = z.object({
  fields: z.record(z.string(), z.enum(SIGNUP_VALIDATION_KEYS)),
});

export const verifyFirstAccountSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const verifyFirstStateSchema = z.object({
  step: z.enum(VERIFY_FIRST_STEPS),
  token: z.string(),
  identifierType: z.enum(['email', 'phone']).nullable(),
  /** The identifier, partly hidden ('fa•••@demo.granary.test', '•••-•••-0120'). */
  identifier: z.string().nullable(),
  expiresAt: z.string(),
  accounts: z.array(verifyFirstAccountSchema).optional(),
});
export type VerifyFirstState = z.infer<typeof verifyFirstStateSchema>;

export const verificationSessionStateSchema = z.object({
  token: z.string(),
  state: z.enum(['pending', 'verified', 'skipped', 'cancelled', 'expired']),
  channel: z.enum(['email', 'sms']),
  identifier: z.string(),
  expiresAt: z.string(),
  verificationStatus: z.enum(VERIFICATION_STATUSES).nullable(),
});
export type VerificationSessionState = z.infer<typeof verificationSessionStateSchema>;

export const verifiedInfoSchema = z.object({
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  verification_status: z.enum(VERIFICATION_STATUSES),
});

export const verifiedInfoV2Schema = z.object({
  userId: z.string(),
  legacyId: z.number(),
  email: z.string(),
  emailVerified: z.boolean(),
  emailVerifiedAt: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  phoneVerifiedAt: z.string().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
});

/** Hides most of an identifier for display: e-mail keeps 2 characters and the domain; phone the last 4 digits. */
export function maskIdentifier(identifier: string): string {
  const at = identifier.indexOf('@');
  if (at > 0) return `${identifier.slice(0, Math.min(2, at))}•••${identifier.slice(at)}`;
  const digits = identifier.replace(/\D/g, '');
  return `•••-•••-${digits.slice(-4)}`;
}
