import { SIGNUP_KEY_MESSAGES, SIGNUP_VALIDATION_KEYS } from '@granary/domain';
import { describe, expect, it } from 'vitest';
import { allMessages as messages } from '../../test/messages';
import {
  checkSignup,
  fieldErrorsFromServer,
  offeredReasons,
  reasonIdOf,
  signupPayloadOf,
  VALIDATION_KEY_MESSAGES,
  type SignupDraft,
} from './signup-rules';

const draft = (over: Partial<SignupDraft> = {}): SignupDraft => ({
  firstname: 'Casey',
  lastname: 'Fields',
  email: 'casey@example.com',
  phoneNumber: '515-555-0199',
  postalCode: '50010',
  countryCode: 'USA',
  memberType: 'farmer',
  areaEstimate: '1,200',
  areaEstimateUnits: 'acres',
  signupReasonIds: [31],
  howDidYouHearAboutUs: '',
  acceptLegalTerms: true,
  legalSalesInfo: null,
  allowPromotionalMarketing: false,
  ...over,
});

describe('signup validation keys (platform.md 5.3)', () => {
  it('has a message for every key, worded as the domain words it for the server', () => {
    for (const key of SIGNUP_VALIDATION_KEYS)
      expect(messages[VALIDATION_KEY_MESSAGES[key]], key).toBe(SIGNUP_KEY_MESSAGES[key]);
  });

  it('maps the server’s {field: key} answer to field messages, camelCase or snake_case', () => {
    expect(
      fieldErrorsFromServer({ firstname: 'enter_first_name', postal_code: 'enter_zip', bogus: 'enter_cell' }),
    ).toEqual({
      firstname: 'signup.error.enter_first_name',
      postalCode: 'signup.error.enter_zip',
      phoneNumber: 'signup.error.enter_cell',
    });
  });

  it('says Required for an empty e-mail, phone or ZIP, the key’s message for a bad one', () => {
    expect(checkSignup(draft({ email: '', phoneNumber: '555', postalCode: '5000' }), 'createAccount')).toEqual({
      email: 'signup.error.required',
      phoneNumber: 'signup.error.enter_cell',
      postalCode: 'signup.error.enter_zip',
    });
    expect(checkSignup(draft({ firstname: ' ', acceptLegalTerms: false }), 'createAccount')).toEqual({
      firstname: 'signup.error.enter_first_name',
      acceptLegalTerms: 'signup.error.enter_accept_legal_terms',
    });
    expect(checkSignup(draft(), 'signup')).toEqual({});
  });

  it('checks the operation step: member type, area for farmers, interests; Canada’s sales consent', () => {
    expect(checkSignup(draft({ memberType: '', signupReasonIds: [] }), 'finalize')).toEqual({
      memberType: 'signup.error.member_type',
      signupReasonIds: 'signup.error.enter_signup_reason',
    });
    expect(checkSignup(draft({ areaEstimate: 'lots' }), 'finalize')).toEqual({
      areaEstimate: 'signup.error.enter_area',
    });
    expect(checkSignup(draft({ memberType: 'professional', areaEstimate: '' }), 'finalize')).toEqual({});
    expect(checkSignup(draft({ countryCode: 'CAN', postalCode: 'K1A 0B1' }), 'finalize')).toEqual({
      legalSalesInfo: 'signup.error.enter_legal_sales_info',
    });
    expect(checkSignup(draft({ countryCode: 'CAN', postalCode: 'K1A 0B1', legalSalesInfo: false }), 'signup')).toEqual(
      {},
    );
  });

  it('leaves out a field another step proved', () => {
    expect(checkSignup(draft({ email: '' }), 'signup', ['email'])).toEqual({});
  });
});

describe('signup form', () => {
  it('sends numbers as numbers and 0 acres for those who do not farm', () => {
    expect(signupPayloadOf(draft())).toMatchObject({ areaEstimate: 1200, postalCode: '50010', memberType: 'farmer' });
    expect(signupPayloadOf(draft({ memberType: 'other', areaEstimate: '' })).areaEstimate).toBe(0);
    expect(signupPayloadOf(draft({ countryCode: 'CAN', legalSalesInfo: true }))).toMatchObject({
      legalSalesInfo: true,
      allowPromotionalMarketing: true,
    });
    expect(signupPayloadOf(draft())).not.toHaveProperty('legalSalesInfo');
  });

  it('reads the reason of /signup/:reason and offers restricted reasons only for it', () => {
    expect(reasonIdOf('seed')).toBe(31);
    expect(reasonIdOf('31')).toBe(31);
    expect(reasonIdOf('nope')).toBeNull();
    expect(offeredReasons(null).map((r) => r.id)).not.toContain(43);
    expect(offeredReasons(43).map((r) => r.id)).toContain(43);
    const ids = offeredReasons(null).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
