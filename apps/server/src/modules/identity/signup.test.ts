import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SIGNUP_REASON_IDS, signupResponseSchema } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestBrowser, codeIn, lastMessage, linkIn, messagesTo } from '../../testing/identity-browser.ts';
import { botCheckToken } from '../../testing/bot-check.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { users, verificationSessions } from '../../db/schema/index.ts';
import { sha256 } from '../../platform/crypto.ts';
import { findUserByEmail } from './users.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test browses from its own address, so the per-IP rate limits of one test don't touch another. */
const browser = (cookies: Record<string, string> = {}) =>
  TestBrowser.open(t.app, `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`, cookies);
const signedInBrowser = async (email: string) => {
  const [name, value] = (await t.sessionCookie(email)).split('=');
  return browser({ [name!]: value! });
};

let n = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Dana',
  lastname: 'Prairie',
  email: `dana.${++n}@example.com`,
  phoneNumber: '515-555-0199',
  postalCode: '50010',
  countryCode: 'USA',
  acceptLegalTerms: true,
  loginSource: 'www',
  formUrl: 'https://demo.granary.test/signup',
  ...overrides,
});

const userByEmail = (email: string) => findUserByEmail(t.database.db, email);

describe('POST /api/auth/signup — email_sent', () => {
  it('answers email_sent for a new address and creates the account only when the link is followed', async () => {
    const b = await browser();
    const body = form({
      reason: 'seed',
      memberType: 'farmer',
      areaEstimate: 640,
      howDidYouHearAboutUs: 'A neighbour',
      redirect: '/profit-center',
    });
    const res = await b.post('/api/auth/signup', body);
    expect(res.statusCode).toBe(200);
    expect(signupResponseSchema.parse(res.json())).toEqual({ kind: 'email_sent', email: body.email });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await userByEmail(body.email)).toBeNull();

    const mail = await lastMessage(t.database, body.email, 'signup_confirm');
    expect(mail?.subject).toBe('Confirm your e-mail to finish signing up');
    // Nothing the requester typed is echoed to an address not yet proved theirs.
    expect(mail?.text).not.toContain('Dana');
    const link = linkIn(mail);
    expect(link.pathname).toBe('/signup-jit-verify/seed');
    const token = link.searchParams.get('token')!;

    const confirm = await b.post('/api/auth/signup-jit-verify/verify', { token });
    expect(confirm.statusCode).toBe(200);
    const user = await userByEmail(body.email);
    expect(confirm.json()).toEqual({ userId: user!.id, oneTimePassword: false, redirect: '/profit-center' });
    expect(await b.whoAmI()).toBe(user!.id);
    expect(user).toMatchObject({
      firstName: 'Dana',
      lastName: 'Prairie',
      signupReasonIds: [SIGNUP_REASON_IDS.seed],
      countryCode: 'USA',
      postalCode: '50010',
      userType: 3,
      passwordHash: null,
      // E-mail proved by the link; the phone on file is not verified yet.
      verificationStatus: 'pending',
      normalizedPhoneNumber: null,
    });
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(user!.signupProfile).toMatchObject({
      memberType: 'farmer',
      areaEstimate: 640,
      areaEstimateUnits: 'acres',
      loginSource: 'www',
      howDidYouHearAboutUs: 'A neighbour',
    });

    const again = await (await browser()).post('/api/auth/signup-jit-verify/verify', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('link_invalid');
  });

  it('answers an address that already has an account exactly the same, and tells its owner instead', async () => {
    const fresh = await (await browser()).post('/api/auth/signup', form({ email: 'brand.new@example.com' }));
    const taken = await (await browser()).post('/api/auth/signup', form({ email: DEMO_ACCOUNTS.farmer }));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json())).toEqual(Object.keys(fresh.json()));
    expect(taken.json()).toEqual({ kind: 'email_sent', email: DEMO_ACCOUNTS.farmer });

    const mail = await lastMessage(t.database, DEMO_ACCOUNTS.farmer);
    expect(mail).toMatchObject({
      template: 'signup_already_registered',
      subject: 'Someone tried to sign up with your e-mail address',
    });
    expect(mail?.text).toContain('/sign-in/magic_link');
    expect(mail?.text).not.toMatch(/token=/);
    const farmer = await userByEmail(DEMO_ACCOUNTS.farmer);
    expect(farmer?.firstName).toBe('Sam');
  });

  it('marks a native-app signup: the link opens in the app and the traffic is recorded', async () => {
    const body = form({ loginSource: 'ops' });
    const res = await (await browser()).post('/api/auth/signup', body);
    expect(res.json().kind).toBe('email_sent');
    const link = linkIn(await lastMessage(t.database, body.email, 'signup_confirm'));
    expect(link.searchParams.get('native_app')).toBe('1');
    const b = await browser();
    expect(
      (await b.post('/api/auth/signup-jit-verify/verify', { token: link.searchParams.get('token') })).statusCode,
    ).toBe(200);
    expect((await userByEmail(body.email))?.signupProfile).toMatchObject({
      loginSource: 'ops',
      trafficMedium: 'mobile-app-signup',
    });
  });

  it('sends at most 3 signup mails to one address an hour, answering the same after that', async () => {
    const email = 'flooded@example.com';
    for (let i = 0; i < 5; i++) {
      const res = await (await browser()).post('/api/auth/signup', form({ email }));
      expect(res.json()).toEqual({ kind: 'email_sent', email });
    }
    expect(await messagesTo(t.database, email)).toHaveLength(3);
  });

  it('refuses a link for an address that got an account meanwhile with the spec message (the follower owns it)', async () => {
    const email = 'twice@example.com';
    await (await browser()).post('/api/auth/signup', form({ email }));
    await (await browser()).post('/api/auth/signup', form({ email }));
    const [second, first] = await messagesTo(t.database, email);
    expect(
      (
        await (
          await browser()
        ).post('/api/auth/signup-jit-verify/verify', { token: linkIn(first!).searchParams.get('token') })
      ).statusCode,
    ).toBe(200);
    const res = await (
      await browser()
    ).post('/api/auth/signup-jit-verify/verify', { token: linkIn(second!).searchParams.get('token') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'email_taken',
      message:
        'Sorry, but we cannot create an account for this email and password combination. Contact Support if you need help.',
    });
  });
});

describe('POST /api/auth/signup — redirect (e-mail proved first in this browser)', () => {
  async function provedEmail(b: TestBrowser, email: string): Promise<string> {
    const started = await b.post('/api/auth/session/email_verify/initiate/signup', { email });
    expect(started.statusCode).toBe(200);
    const { token } = started.json();
    const verified = await b.post('/api/auth/session/email_verify/verify', {
      token,
      code: codeIn(await lastMessage(t.database, email)),
    });
    expect(verified.json().state).toBe('verified');
    return token;
  }

  it('creates the account, signs in and answers redirect to the safe target', async () => {
    const b = await browser();
    const body = form({ redirect: 'https://evil.example/steal' });
    const emailVerificationToken = await provedEmail(b, body.email);
    const res = await b.post('/api/auth/signup', { ...body, emailVerificationToken });
    expect(res.statusCode).toBe(200);
    const user = await userByEmail(body.email);
    expect(res.json()).toEqual({ kind: 'redirect', url: '/dashboard', userId: user!.id });
    expect(res.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^granary_session=.+HttpOnly/i)]),
    );
    expect(await b.whoAmI()).toBe(user!.id);
    expect(user?.emailVerifiedAt).not.toBeNull();
  });

  it('stores a phone proved in this browser as verified (and usable for SMS sign-in)', async () => {
    const b = await browser();
    const body = form({ phoneNumber: '(641) 555-0142' });
    const emailVerificationToken = await provedEmail(b, body.email);
    const phone = await b.post('/api/auth/session/phone_number_verify/initiate', { phone_number: body.phoneNumber });
    expect(phone.json()).toMatchObject({ state: 'pending', channel: 'sms', identifier: '+16415550142' });
    const sms = await lastMessage(t.database, '+16415550142');
    await b.post('/api/auth/session/phone_number_verify/verify', { token: phone.json().token, code: codeIn(sms) });
    const res = await b.post('/api/auth/signup', {
      ...body,
      emailVerificationToken,
      phoneVerificationToken: phone.json().token,
    });
    expect(res.json().kind).toBe('redirect');
    expect(await userByEmail(body.email)).toMatchObject({
      normalizedPhoneNumber: '+16415550142',
      verificationStatus: 'verified',
    });
  });

  it('answers 409 email_taken to someone who proved an address that has an account', async () => {
    const b = await browser();
    const emailVerificationToken = await provedEmail(b, DEMO_ACCOUNTS.buyer);
    const res = await b.post('/api/auth/signup', { ...form({ email: DEMO_ACCOUNTS.buyer }), emailVerificationToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
  });

  it('does not take a proof from another browser, for another address, or twice: those get email_sent', async () => {
    const a = await browser();
    const body = form();
    const token = await provedEmail(a, body.email);
    const other = await browser();
    expect((await other.post('/api/auth/signup', { ...body, emailVerificationToken: token })).json().kind).toBe(
      'email_sent',
    );
    expect((await a.post('/api/auth/signup', { ...form(), emailVerificationToken: token })).json().kind).toBe(
      'email_sent',
    );
    expect((await a.post('/api/auth/signup', { ...body, emailVerificationToken: token })).json().kind).toBe('redirect');
    const c = await browser();
    c.cookies.granary_anon = a.cookies.granary_anon!;
    await c.bootstrap();
    expect((await c.post('/api/auth/signup', { ...form(), emailVerificationToken: token })).json().kind).toBe(
      'email_sent',
    );
  });
});

describe('POST /api/auth/signup — should_act_as (an admin signs someone up)', () => {
  it('creates the account for a super admin and answers should_act_as with its id', async () => {
    const admin = await signedInBrowser(DEMO_ACCOUNTS.admin);
    const body = form({ userType: 5 });
    const res = await admin.post('/api/auth/signup', body);
    expect(res.statusCode).toBe(200);
    const user = await userByEmail(body.email);
    expect(res.json()).toEqual({ kind: 'should_act_as', userId: user!.id });
    expect(user).toMatchObject({ userType: 5, emailVerifiedAt: null });
    expect(user!.signupProfile).toMatchObject({ createdBy: expect.any(String) });
    // The person gets a welcome link that confirms the address and signs them in.
    const link = linkIn(await lastMessage(t.database, body.email, 'signup_admin_welcome'));
    const them = await browser();
    const confirm = await them.post('/api/auth/signup-jit-verify/verify', { token: link.searchParams.get('token') });
    expect(confirm.json()).toMatchObject({ userId: user!.id });
    expect((await userByEmail(body.email))?.emailVerifiedAt).not.toBeNull();
  });

  it('says email_taken to the admin when the address has an account', async () => {
    const admin = await signedInBrowser(DEMO_ACCOUNTS.admin);
    const res = await admin.post('/api/auth/signup', form({ email: DEMO_ACCOUNTS.prairieBuyer }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
  });

  it('treats a signed-in user without the permission like anyone (email_sent, no admin user types)', async () => {
    const farmer = await signedInBrowser(DEMO_ACCOUNTS.farmer);
    expect((await farmer.post('/api/auth/signup', form())).json().kind).toBe('email_sent');
    const res = await farmer.post('/api/auth/signup', form({ userType: 2 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ fields: { memberType: 'member_type' } });
  });
});

describe('POST /api/auth/signup — validation keys (platform.md 5.3)', () => {
  it.each([
    ['firstname', undefined, 'enter_first_name'],
    ['lastname', '', 'enter_last_name'],
    ['email', 'not-an-email', 'enter_email'],
    ['postalCode', 'ABC', 'enter_zip'],
    ['memberType', 'astronaut', 'member_type'],
    ['phoneNumber', undefined, 'enter_cell'],
    ['phoneNumber', '123-456-7890', 'enter_cell'],
    ['acceptLegalTerms', false, 'enter_accept_legal_terms'],
    ['areaEstimate', 'lots', 'enter_area'],
    ['areaEstimateUnits', 'furlongs', 'enter_area_units'],
    ['signupReasonIds', [SIGNUP_REASON_IDS.seed, 36], 'enter_signup_reason'],
    ['howDidYouHearAboutUs', 'x'.repeat(201), 'enter_how_did_you_hear_about_us'],
  ] as const)('%s = %j → 400 invalid_signup {%s: %s}', async (field, value, key) => {
    const body: Record<string, unknown> = form();
    if (value === undefined) delete body[field];
    else body[field] = value;
    const res = await (await browser()).post('/api/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'invalid_signup',
      message: 'Please check the highlighted fields.',
      details: { fields: { [field]: key } },
    });
  });

  it('wants an explicit sales-contact answer in Canada (enter_legal_sales_info)', async () => {
    const res = await (
      await browser()
    ).post('/api/auth/signup', form({ countryCode: 'CAN', postalCode: 'K1A 0B1', phoneNumber: '613-555-0111' }));
    expect(res.json().details).toEqual({ fields: { legalSalesInfo: 'enter_legal_sales_info' } });
  });

  it('reports every problem at once', async () => {
    const res = await (await browser()).post('/api/auth/signup', { loginSource: 'www' });
    expect(res.json().details.fields).toEqual({
      firstname: 'enter_first_name',
      lastname: 'enter_last_name',
      email: 'enter_email',
      phoneNumber: 'enter_cell',
      postalCode: 'enter_zip',
      acceptLegalTerms: 'enter_accept_legal_terms',
    });
  });

  it('users/signup/validate checks a step, or only what was given', async () => {
    const b = await browser();
    const step = await b.post('/api/auth/users/signup/validate', { step: 'finalize', memberType: 'farmer' });
    expect(step.statusCode).toBe(400);
    expect(step.json().details.fields).toEqual({ areaEstimate: 'enter_area', signupReasonIds: 'enter_signup_reason' });
    const partial = await b.post('/api/auth/users/signup/validate', { email: 'nope' });
    expect(partial.json().details.fields).toEqual({ email: 'enter_email' });
    const ok = await b.post('/api/auth/users/signup/validate', {
      email: DEMO_ACCOUNTS.farmer,
      phoneNumber: '515-555-0120',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ fields: {} });
  });
});

describe('rate limits', () => {
  it('limits signups per IP (429 rate_limited)', async () => {
    const b = await browser();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await b.post('/api/auth/signup', form({ email: 'x' }))).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('verify-first signup (/signup-verify-first)', () => {
  async function start(b: TestBrowser, identifier: string) {
    const res = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_identifier',
      identifier,
      redirect: '/account',
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { step: string; token: string; identifierType: string; identifier: string };
  }

  it('goes collect_identifier → collect_challenge → collect_rest → signed in, for a new e-mail', async () => {
    const b = await browser();
    const email = 'verify.first@example.com';
    const started = await start(b, email);
    expect(started).toMatchObject({
      step: 'collect_challenge',
      identifierType: 'email',
      identifier: 've•••@example.com',
    });
    const token = started.token;
    expect((await b.get(`/api/auth/signup-verify-first/token/${token}`)).json().step).toBe('collect_challenge');

    const code = codeIn(await lastMessage(t.database, email));
    const wrong = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_challenge',
      token,
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'code_invalid',
      message: 'Incorrect MFA code supplied.',
      details: { attemptsLeft: 4 },
    });

    const right = await b.post('/api/auth/signup-verify-first/verify', { step: 'collect_challenge', token, code });
    expect(right.json()).toMatchObject({ step: 'collect_rest', token });
    expect((await b.get(`/api/auth/signup-verify-first/token/${token}`)).json().step).toBe('collect_rest');
    // The code was used up: sending it again is refused.
    const replay = await b.post('/api/auth/signup-verify-first/verify', { step: 'collect_challenge', token, code });
    expect(replay.statusCode).toBe(409);

    const missing = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_rest',
      token,
      firstname: 'Vera',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fields).toEqual({
      lastname: 'enter_last_name',
      phoneNumber: 'enter_cell',
      postalCode: 'enter_zip',
      acceptLegalTerms: 'enter_accept_legal_terms',
    });
    const { email: _ignored, ...rest } = form();
    const done = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_rest',
      token,
      ...rest,
      firstname: 'Vera',
    });
    expect(done.statusCode).toBe(200);
    const user = await userByEmail(email);
    expect(done.json()).toEqual({ step: 'done', kind: 'redirect', url: '/account', userId: user!.id });
    expect(await b.whoAmI()).toBe(user!.id);
    expect(user?.emailVerifiedAt).not.toBeNull();
    expect((await b.get(`/api/auth/signup-verify-first/token/${token}`)).statusCode).toBe(410);
  });

  it('answers collect_identifier the same for an address with an account, then offers pick_account', async () => {
    const a = await start(await browser(), 'nobody.here@example.com');
    const b = await browser();
    const started = await start(b, DEMO_ACCOUNTS.farmer);
    expect(Object.keys(started).sort()).toEqual(Object.keys(a).sort());
    expect(started.step).toBe(a.step);

    const code = codeIn(await lastMessage(t.database, DEMO_ACCOUNTS.farmer));
    const picked = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_challenge',
      token: started.token,
      code,
    });
    const farmer = await userByEmail(DEMO_ACCOUNTS.farmer);
    expect(picked.json()).toMatchObject({
      step: 'pick_account',
      accounts: [{ userId: farmer!.id, email: 'fa•••@demo.granary.test', firstName: 'Sam', lastName: 'Fieldman' }],
    });
    // An e-mail that has an account can't get a second one.
    const rest = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_rest',
      token: started.token,
      ...form(),
    });
    expect(rest.statusCode).toBe(409);
    expect(rest.json().code).toBe('email_taken');
    // Only an account of the proved identifier can be picked.
    const buyer = await userByEmail(DEMO_ACCOUNTS.buyer);
    const other = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'pick_account',
      token: started.token,
      userId: buyer!.id,
    });
    expect(other.statusCode).toBe(404);
    const res = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'pick_account',
      token: started.token,
      userId: farmer!.id,
    });
    expect(res.json()).toEqual({ step: 'done', kind: 'redirect', url: '/account', userId: farmer!.id });
    expect(await b.whoAmI()).toBe(farmer!.id);
  });

  it('by phone: lists the accounts with that verified number; a new account still goes by e-mail link', async () => {
    await t.database.db
      .update(users)
      .set({ normalizedPhoneNumber: '+15155550120', phoneVerifiedAt: new Date() })
      .where(eq(users.email, DEMO_ACCOUNTS.farmer));
    const b = await browser();
    const started = await start(b, '(515) 555-0120');
    expect(started).toMatchObject({ identifierType: 'phone', identifier: '•••-•••-0120' });
    const sms = await lastMessage(t.database, '+15155550120');
    expect(sms?.channel).toBe('sms');
    const picked = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_challenge',
      token: started.token,
      code: codeIn(sms),
    });
    expect(picked.json().step).toBe('pick_account');
    const farmer = await userByEmail(DEMO_ACCOUNTS.farmer);
    // session/users/:userId/login is the same step by its catalogue name.
    const login = await b.post(`/api/auth/session/users/${farmer!.id}/login`, { token: started.token });
    expect(login.json()).toEqual({ userId: farmer!.id, oneTimePassword: false, redirect: '/account' });

    const c = await browser();
    const again = await start(c, '515.555.0120');
    await c.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_challenge',
      token: again.token,
      code: codeIn(await lastMessage(t.database, '+15155550120')),
    });
    const body = form({ phoneNumber: undefined });
    const rest = await c.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_rest',
      token: again.token,
      ...body,
    });
    expect(rest.json()).toEqual({ step: 'done', kind: 'email_sent', email: body.email });
    const link = linkIn(await lastMessage(t.database, body.email as string, 'signup_confirm'));
    await (await browser()).post('/api/auth/signup-jit-verify/verify', { token: link.searchParams.get('token') });
    expect(await userByEmail(body.email as string)).toMatchObject({
      normalizedPhoneNumber: '+15155550120',
      verificationStatus: 'verified',
    });
  });

  it('kills the code after 5 wrong tries: even the right code is refused then', async () => {
    const b = await browser();
    const started = await start(b, 'guesser@example.com');
    const code = codeIn(await lastMessage(t.database, 'guesser@example.com'));
    const wrong = code === '111111' ? '222222' : '111111';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await b.post('/api/auth/signup-verify-first/verify', {
            step: 'collect_challenge',
            token: started.token,
            code: wrong,
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 410]);
    const res = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_challenge',
      token: started.token,
      code,
    });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('link_invalid');
  });

  it('refuses an expired code, and a new code (resend) works while the old one does not', async () => {
    const b = await browser();
    const email = 'slow@example.com';
    const started = await start(b, email);
    const old = codeIn(await lastMessage(t.database, email));
    await t.database.db
      .update(verificationSessions)
      .set({ payload: sql`${verificationSessions.payload} || '{"codeExpiresAt": 1}'::jsonb` })
      .where(eq(verificationSessions.tokenHash, sha256(started.token)));
    const expired = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_challenge',
      token: started.token,
      code: old,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This code has expired. Ask for a new one.');

    const resent = await b.post('/api/auth/signup-verify-first/verify', { step: 'resend', token: started.token });
    expect(resent.json().step).toBe('collect_challenge');
    const fresh = codeIn(await lastMessage(t.database, email));
    if (fresh !== old) {
      expect(
        (
          await b.post('/api/auth/signup-verify-first/verify', {
            step: 'collect_challenge',
            token: started.token,
            code: old,
          })
        ).statusCode,
      ).toBe(400);
    }
    expect(
      (
        await b.post('/api/auth/signup-verify-first/verify', {
          step: 'collect_challenge',
          token: started.token,
          code: fresh,
        })
      ).json().step,
    ).toBe('collect_rest');
  });

  it('refuses a session past its lifetime', async () => {
    const b = await browser();
    const started = await start(b, 'late@example.com');
    await t.database.db
      .update(verificationSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationSessions.tokenHash, sha256(started.token)));
    const code = codeIn(await lastMessage(t.database, 'late@example.com'));
    expect(
      (await b.post('/api/auth/signup-verify-first/verify', { step: 'collect_challenge', token: started.token, code }))
        .statusCode,
    ).toBe(410);
  });

  it('is bound to the browser that started it: its token is worthless elsewhere', async () => {
    const b = await browser();
    const started = await start(b, 'bound@example.com');
    const thief = await browser();
    expect((await thief.get(`/api/auth/signup-verify-first/token/${started.token}`)).statusCode).toBe(410);
    const code = codeIn(await lastMessage(t.database, 'bound@example.com'));
    const res = await thief.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_challenge',
      token: started.token,
      code,
    });
    expect(res.statusCode).toBe(410);
  });

  it('refuses an identifier that is neither an e-mail nor a phone number with its validation key', async () => {
    const b = await browser();
    const bad = await b.post('/api/auth/signup-verify-first/verify', { step: 'collect_identifier', identifier: 'x@y' });
    expect(bad.json()).toMatchObject({ code: 'invalid_signup', details: { fields: { email: 'enter_email' } } });
    const phone = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_identifier',
      identifier: '12',
    });
    expect(phone.json()).toMatchObject({ code: 'invalid_signup', details: { fields: { phoneNumber: 'enter_cell' } } });
  });
});

describe('bot check on signup (BOT_CHECK=altcha)', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp({ env: { BOT_CHECK: 'altcha' } });
  });
  afterAll(() => guarded.close());

  it('checks the form first, then wants a solved token for the signup action', async () => {
    const b = await TestBrowser.open(guarded.app, '10.2.0.1');
    const invalid = await b.post('/api/auth/signup', { ...form(), email: 'bad' });
    expect(invalid.json().code).toBe('invalid_signup');
    const missing = await b.post('/api/auth/signup', form());
    expect(missing.json()).toEqual({ code: 'bot_check_failed', message: 'MALFORMED' });
    const wrongAction = await botCheckToken(guarded.app, 'login_password', { remoteAddress: b.ip });
    expect((await b.post('/api/auth/signup', { ...form(), recaptcha_v3: wrongAction })).json()).toEqual({
      code: 'bot_check_failed',
      message: 'TRY_AGAIN',
    });
    const token = await botCheckToken(guarded.app, 'signup', { remoteAddress: b.ip });
    expect((await b.post('/api/auth/signup', { ...form(), recaptchaV3: token })).json().kind).toBe('email_sent');
    expect((await b.post('/api/auth/signup', { ...form(), recaptcha_v3: token })).json()).toEqual({
      code: 'bot_check_failed',
      message: 'TRY_AGAIN',
    });
  });

  it('guards the verify-first code: collect_identifier carries a signup token', async () => {
    const b = await TestBrowser.open(guarded.app, '10.2.0.2');
    const res = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_identifier',
      identifier: 'bot@example.com',
    });
    expect(res.json()).toEqual({ code: 'bot_check_failed', message: 'MALFORMED' });
    const token = await botCheckToken(guarded.app, 'signup', { remoteAddress: b.ip });
    const ok = await b.post('/api/auth/signup-verify-first/verify', {
      step: 'collect_identifier',
      identifier: 'bot@example.com',
      recaptcha_v3: token,
    });
    expect(ok.json().step).toBe('collect_challenge');
  });
});
