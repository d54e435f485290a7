import { describe, expect, it } from 'vitest';
import {
  DEPRECATED_SIGNUP_REASON_IDS,
  SIGNUP_FIELD_KEYS,
  SIGNUP_REASONS,
  SIGNUP_REASON_IDS,
  SIGNUP_VALIDATION_KEYS,
  USER_TYPE_IDS,
  countryForPostalCode,
  isAcceptableName,
  isActiveSignupReasonId,
  isValidPostalCode,
  maskIdentifier,
  signupPrefillFromQuery,
  signupReasonFor,
  signupResponseSchema,
  validateSignupForm,
  verificationStatusFor,
  type SignupFormInput,
} from './signup.ts';

const complete: SignupFormInput = {
  firstname: 'Dana',
  lastname: 'Prairie',
  email: 'dana@example.com',
  phoneNumber: '515-555-0199',
  postalCode: '50010',
  countryCode: 'USA',
  acceptLegalTerms: true,
};

describe('signup reasons (platform.md 9.4)', () => {
  it('has the ids of the spec, with 42 for both general interest and AI agronomy', () => {
    expect(SIGNUP_REASON_IDS).toMatchObject({
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
    });
    expect(SIGNUP_REASONS.filter((r) => r.id === 42).map((r) => r.slug)).toEqual(['general-interest', 'ai-agronomy']);
    expect(SIGNUP_REASONS.filter((r) => r.restricted).map((r) => r.id)).toEqual([43, 44]);
  });

  it('treats 34 and 36–39 as deprecated and unknown ids as not active', () => {
    for (const id of DEPRECATED_SIGNUP_REASON_IDS) expect(isActiveSignupReasonId(id)).toBe(false);
    expect(isActiveSignupReasonId(99)).toBe(false);
    expect(isActiveSignupReasonId('31')).toBe(false);
    expect(isActiveSignupReasonId(31)).toBe(true);
  });

  it('resolves the /signup/:reason? parameter by slug or id', () => {
    expect(signupReasonFor('seed')?.id).toBe(31);
    expect(signupReasonFor('Crop_Protection')?.id).toBe(30);
    expect(signupReasonFor('44')?.slug).toBe('crop-insurance');
    expect(signupReasonFor('36')).toBeNull();
    expect(signupReasonFor('nonsense')).toBeNull();
    expect(signupReasonFor(undefined)).toBeNull();
  });
});

describe('validation keys (platform.md 5.3)', () => {
  it('maps every key of the spec to one field', () => {
    expect(Object.values(SIGNUP_FIELD_KEYS).sort()).toEqual([...SIGNUP_VALIDATION_KEYS].sort());
  });

  it('accepts a complete createAccount form and normalises it', () => {
    const result = validateSignupForm({ ...complete, firstname: '  Dana ' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.form).toMatchObject({
      firstname: 'Dana',
      email: 'dana@example.com',
      countryCode: 'USA',
      areaEstimateUnits: 'acres',
      signupReasonIds: [],
    });
  });

  it.each([
    ['firstname', undefined, 'enter_first_name'],
    ['firstname', '   ', 'enter_first_name'],
    ['firstname', 'Visit https://spam.example', 'enter_first_name'],
    ['firstname', '<b>Dana</b>', 'enter_first_name'],
    ['lastname', undefined, 'enter_last_name'],
    ['lastname', 'x'.repeat(101), 'enter_last_name'],
    ['email', undefined, 'enter_email'],
    ['email', 'not-an-email', 'enter_email'],
    ['email', 42, 'enter_email'],
    ['postalCode', undefined, 'enter_zip'],
    ['postalCode', 'ABC', 'enter_zip'],
    ['phoneNumber', undefined, 'enter_cell'],
    ['phoneNumber', '12', 'enter_cell'],
    ['acceptLegalTerms', undefined, 'enter_accept_legal_terms'],
    ['acceptLegalTerms', false, 'enter_accept_legal_terms'],
    ['acceptLegalTerms', 'true', 'enter_accept_legal_terms'],
    ['memberType', 'astronaut', 'member_type'],
    ['areaEstimate', -5, 'enter_area'],
    ['areaEstimate', 'lots', 'enter_area'],
    ['areaEstimateUnits', 'furlongs', 'enter_area_units'],
    ['signupReasonIds', [36], 'enter_signup_reason'],
    ['signupReasonIds', 'seed', 'enter_signup_reason'],
    ['howDidYouHearAboutUs', 'x'.repeat(201), 'enter_how_did_you_hear_about_us'],
    ['legalSalesInfo', 'yes', 'enter_legal_sales_info'],
  ] as const)('%s = %j → %s', (field, value, key) => {
    const result = validateSignupForm({ ...complete, [field]: value });
    expect(result.ok).toBe(false);
    expect(result.fields).toEqual({ [field]: key });
  });

  it('checks the postal code against the country, or any country when none is given', () => {
    expect(
      validateSignupForm({ ...complete, countryCode: 'CAN', postalCode: '50010', legalSalesInfo: true }).fields,
    ).toEqual({ postalCode: 'enter_zip' });
    expect(validateSignupForm({ ...complete, countryCode: 'XYZ' }).fields).toEqual({ postalCode: 'enter_zip' });
    const ca = validateSignupForm({
      ...complete,
      countryCode: undefined,
      postalCode: 'K1A 0B1',
      legalSalesInfo: false,
    });
    expect(ca.ok && ca.form.countryCode).toBe('CAN');
    expect(isValidPostalCode('2600', 'AUS')).toBe(true);
    expect(isValidPostalCode('50010-1234', 'USA')).toBe(true);
    expect(countryForPostalCode('2600')).toBe('AUS');
    expect(countryForPostalCode('nope')).toBe('');
  });

  it('wants an explicit sales-contact answer in Canada', () => {
    const ca = { ...complete, countryCode: 'CAN', postalCode: 'K1A 0B1' };
    expect(validateSignupForm(ca).fields).toEqual({ legalSalesInfo: 'enter_legal_sales_info' });
    expect(validateSignupForm({ ...ca, legalSalesInfo: false }).ok).toBe(true);
  });

  it('finalize requires member type, area and a reason; units default to acres', () => {
    expect(validateSignupForm({}, 'finalize').fields).toEqual({
      memberType: 'member_type',
      areaEstimate: 'enter_area',
      signupReasonIds: 'enter_signup_reason',
    });
    const ok = validateSignupForm(
      { memberType: 'professional', areaEstimate: '1200', signupReasonIds: [31, '31', 42] },
      'finalize',
    );
    expect(ok.ok).toBe(true);
    if (ok.ok)
      expect(ok.form).toMatchObject({
        areaEstimate: 1200,
        areaEstimateUnits: 'acres',
        signupReasonIds: [31, 42],
        userType: USER_TYPE_IDS.PROFESSIONAL,
      });
    expect(
      validateSignupForm({ memberType: 'farmer', areaEstimate: 1, signupReasonIds: [] }, 'finalize').fields,
    ).toEqual({ signupReasonIds: 'enter_signup_reason' });
  });

  it('partial checks only what was given', () => {
    expect(validateSignupForm({}, 'partial')).toMatchObject({ ok: true });
    expect(validateSignupForm({ email: 'bad' }, 'partial').fields).toEqual({ email: 'enter_email' });
  });

  it('refuses user types a person may not choose for themselves', () => {
    expect(validateSignupForm({ ...complete, userType: USER_TYPE_IDS.TYPE_ADMIN }).fields).toEqual({
      memberType: 'member_type',
    });
    expect(validateSignupForm({ ...complete, userType: USER_TYPE_IDS.COMMERCIAL }).ok).toBe(false);
    expect(
      validateSignupForm({ ...complete, userType: USER_TYPE_IDS.COMMERCIAL }, 'signup', { userTypes: [5] }).ok,
    ).toBe(true);
    const fromQuery = validateSignupForm({ ...complete, userType: '13' });
    expect(fromQuery.ok && fromQuery.form.userType).toBe(13);
    expect(validateSignupForm({ ...complete, userType: 'admin' }).fields).toEqual({ memberType: 'member_type' });
    const none = validateSignupForm({ ...complete, userType: '' });
    expect(none.ok && none.form.userType).toBeNull();
  });

  it('names: letters, spaces, apostrophes and hyphens; no links or markup', () => {
    expect(isAcceptableName("Anne-Marie O'Neil")).toBe(true);
    expect(isAcceptableName('Zoë')).toBe(true);
    expect(isAcceptableName('www.example.com')).toBe(false);
    expect(isAcceptableName('a\u0007b')).toBe(false);
  });
});

describe('verificationStatusFor (platform.md 4.1)', () => {
  it('is unverified with nothing done, pending while under way or half done, verified when done', () => {
    const none = { emailVerified: false, phoneVerified: false, hasPhone: true, verificationInProgress: false };
    expect(verificationStatusFor(none)).toBe('unverified');
    expect(verificationStatusFor({ ...none, verificationInProgress: true })).toBe('pending');
    expect(verificationStatusFor({ ...none, emailVerified: true })).toBe('pending');
    expect(verificationStatusFor({ ...none, emailVerified: true, phoneVerified: true })).toBe('verified');
    expect(verificationStatusFor({ ...none, emailVerified: true, hasPhone: false })).toBe('verified');
  });
});

describe('helpers', () => {
  it('pre-fills the form from the signup query parameters (3.6)', () => {
    expect(
      signupPrefillFromQuery('?intent=prairie&first_name=Dana&email=d%40x.com&user_type=3&empty=&step=finalize'),
    ).toEqual({
      partnerIntent: 'prairie',
      firstname: 'Dana',
      email: 'd@x.com',
      userType: '3',
      step: 'finalize',
    });
  });

  it('masks identifiers', () => {
    expect(maskIdentifier('farmer@demo.granary.test')).toBe('fa•••@demo.granary.test');
    expect(maskIdentifier('+15155550120')).toBe('•••-•••-0120');
  });

  it('parses each signup response kind', () => {
    expect(signupResponseSchema.parse({ kind: 'email_sent', email: 'a@b.co' }).kind).toBe('email_sent');
    expect(signupResponseSchema.parse({ kind: 'redirect', url: '/dashboard', userId: 'u' }).kind).toBe('redirect');
    expect(signupResponseSchema.parse({ kind: 'should_act_as', userId: 'u' }).kind).toBe('should_act_as');
    expect(signupResponseSchema.safeParse({ kind: 'other' }).success).toBe(false);
  });
});
