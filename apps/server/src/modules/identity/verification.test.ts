import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verificationSessionStateSchema, verifiedInfoV2Schema } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestBrowser, codeIn, lastMessage, messagesTo } from '../../testing/identity-browser.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashPassword } from './passwords.ts';
import { findUserByEmail } from './users.repo.ts';
import { VERIFICATION_LIMITS } from './verification-codes.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const browser = (cookies: Record<string, string> = {}) =>
  TestBrowser.open(t.app, `10.3.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`, cookies);
const signedIn = async (email: string) => {
  const [name, value] = (await t.sessionCookie(email)).split('=');
  return browser({ [name!]: value! });
};
const userByEmail = (email: string) => findUserByEmail(t.database.db, email);

/** A fresh signed-in user with a phone on file and nothing verified. */
let n = 0;
async function newUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const email = `member.${++n}@example.com`;
  await t.database.db.insert(users).values({
    email,
    firstName: 'Mem',
    lastName: 'Ber',
    phoneNumber: '515-555-0177',
    countryCode: 'USA',
    ...overrides,
  });
  const user = (await userByEmail(email))!;
  return { user, b: await signedIn(email) };
}

describe('e-mail and phone verification move verification_status unverified → pending → verified', () => {
  it('goes through session/email_verify then session/phone_number_verify', async () => {
    const { user, b } = await newUser();
    const info = () => b.get(`/api/auth/users/${user.legacyId}/verified_info`);
    expect((await info()).json()).toEqual({
      email_verified: false,
      phone_verified: false,
      verification_status: 'unverified',
    });

    const started = await b.post('/api/auth/session/email_verify/initiate/profile', {});
    expect(started.statusCode).toBe(200);
    const session = verificationSessionStateSchema.parse(started.json());
    expect(session).toMatchObject({
      state: 'pending',
      channel: 'email',
      identifier: user.email,
      verificationStatus: 'pending',
    });
    expect((await info()).json().verification_status).toBe('pending');
    expect((await userByEmail(user.email))?.verificationStatus).toBe('pending');

    const mail = await lastMessage(t.database, user.email, 'verification_code');
    expect(mail?.subject).toBe('Your Granary verification code');
    const code = codeIn(mail);
    const wrong = await b.post('/api/auth/session/email_verify/verify', {
      token: session.token,
      code: code === '123456' ? '654321' : '123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('code_invalid');

    const ok = await b.post('/api/auth/session/email_verify/verify', { token: session.token, code });
    // E-mail done, the phone on file still to do: pending.
    expect(ok.json()).toMatchObject({ state: 'verified', verificationStatus: 'pending' });
    expect((await info()).json()).toEqual({
      email_verified: true,
      phone_verified: false,
      verification_status: 'pending',
    });
    const replay = await b.post('/api/auth/session/email_verify/verify', { token: session.token, code });
    expect(replay.statusCode).toBe(409);

    const phone = await b.post('/api/auth/session/phone_number_verify/initiate', {});
    expect(phone.json()).toMatchObject({
      state: 'pending',
      channel: 'sms',
      identifier: '+15155550177',
      verificationStatus: 'pending',
    });
    const sms = await lastMessage(t.database, '+15155550177');
    expect(sms?.text).toMatch(
      /^\d{6} is your Granary verification code\. It expires in 10 minutes\. Never share it\.\n\n@localhost #\d{6}$/,
    );
    const done = await b.post('/api/auth/session/phone_number_verify/verify', {
      token: phone.json().token,
      code: codeIn(sms),
    });
    expect(done.json()).toMatchObject({ state: 'verified', verificationStatus: 'verified' });
    expect((await info()).json()).toEqual({
      email_verified: true,
      phone_verified: true,
      verification_status: 'verified',
    });

    const v2 = await b.get(`/api/auth/v2/users/${user.legacyId}/verified_info`);
    expect(verifiedInfoV2Schema.parse(v2.json())).toMatchObject({
      userId: user.id,
      email: user.email,
      emailVerified: true,
      phoneVerified: true,
      phoneNumber: '515-555-0177',
      verificationStatus: 'verified',
    });
    // Only a verified number is used to find accounts by phone (SMS sign-in, verify-first).
    expect((await userByEmail(user.email))?.normalizedPhoneNumber).toBe('+15155550177');
    expect((await b.get(`/api/auth/verified/${encodeURIComponent(user.email.toUpperCase())}`)).json()).toEqual({
      identifier: user.email.toUpperCase(),
      verified: true,
    });
    expect((await b.get('/api/auth/verified/(515)%20555-0177')).json().verified).toBe(true);
    expect((await b.get(`/api/auth/verified/${DEMO_ACCOUNTS.buyer}`)).json().verified).toBe(false);
  });

  it('a skipped verification leaves the user unverified again', async () => {
    const { user, b } = await newUser();
    const started = await b.post('/api/auth/session/email_verify/initiate/onboarding', {});
    expect(started.json().verificationStatus).toBe('pending');
    const skipped = await b.post('/api/auth/session/email_verify/state/set', {
      token: started.json().token,
      state: 'skipped',
    });
    expect(skipped.json()).toMatchObject({ state: 'skipped', verificationStatus: 'unverified' });
    const code = codeIn(await lastMessage(t.database, user.email));
    expect(
      (await b.post('/api/auth/session/email_verify/verify', { token: started.json().token, code })).statusCode,
    ).toBe(409);
  });

  it('an already verified address answers verified at once, without sending a code', async () => {
    const { user, b } = await newUser({ emailVerifiedAt: new Date(), phoneNumber: null });
    const res = await b.post('/api/auth/session/email_verify/initiate/profile', {});
    expect(res.json()).toMatchObject({ state: 'verified', verificationStatus: 'verified' });
    expect(await messagesTo(t.database, user.email)).toHaveLength(0);
  });

  it('a signed-in user verifies only their own address here', async () => {
    const { b } = await newUser();
    const res = await b.post('/api/auth/session/email_verify/initiate/profile', { email: 'someone.else@example.com' });
    expect(res.statusCode).toBe(400);
  });

  it('users/phone_number/sms_verify sets and verifies a new number for the signed-in user', async () => {
    const { user, b } = await newUser({ phoneNumber: null });
    const started = await b.post('/api/auth/users/phone_number/sms_verify/initiate', {
      phone_number: '+1 641 555 0100',
    });
    expect(started.json()).toMatchObject({
      state: 'pending',
      phone_number: '+16415550100',
      verification_token: expect.any(String),
    });
    const code = codeIn(await lastMessage(t.database, '+16415550100'));
    const res = await b.post('/api/auth/users/phone_number/sms_verify/verify', {
      verification_token: started.json().verification_token,
      code,
    });
    expect(res.json()).toEqual({ phone_verified: true, verification_status: 'pending' });
    expect(await userByEmail(user.email)).toMatchObject({
      phoneNumber: '+1 641 555 0100',
      normalizedPhoneNumber: '+16415550100',
    });
    expect((await (await browser()).post('/api/auth/users/phone_number/sms_verify/initiate', {})).statusCode).toBe(401);
    // A phone session started before signing in (anonymous) is not the user's own phone.
    const other = await browser();
    const loose = await other.post('/api/auth/session/phone_number_verify/initiate', { phone_number: '641-555-0101' });
    const [name, value] = (await t.sessionCookie(user.email)).split('=');
    other.cookies[name!] = value!;
    await other.bootstrap();
    const res2 = await other.post('/api/auth/users/phone_number/sms_verify/verify', {
      verification_token: loose.json().token,
      code: codeIn(await lastMessage(t.database, '+16415550101')),
    });
    expect(res2.statusCode).toBe(410);
  });
});

describe('codes: attempts, expiry, resends, per-address limit, binding', () => {
  it('a code dies after 5 wrong tries', async () => {
    const b = await browser();
    const started = await b.post('/api/auth/session/email_verify/initiate/signup', { email: 'tries@example.com' });
    const token = started.json().token;
    const code = codeIn(await lastMessage(t.database, 'tries@example.com'));
    const wrong = code === '999999' ? '888888' : '999999';
    const results = [];
    for (let i = 0; i < VERIFICATION_LIMITS.maxAttempts; i++)
      results.push((await b.post('/api/auth/session/email_verify/verify', { token, code: wrong })).json());
    expect(results.slice(0, 4).map((r) => r.details.attemptsLeft)).toEqual([4, 3, 2, 1]);
    expect(results[4]).toMatchObject({ code: 'link_invalid', message: 'Too many incorrect codes. Ask for a new one.' });
    expect((await b.post('/api/auth/session/email_verify/verify', { token, code })).statusCode).toBe(410);
    // reset sends a new code, with fresh tries.
    const reset = await b.post('/api/auth/session/email_verify/reset', { token });
    expect(reset.json().state).toBe('pending');
    const fresh = codeIn(await lastMessage(t.database, 'tries@example.com'));
    expect((await b.post('/api/auth/session/email_verify/verify', { token, code: fresh })).json().state).toBe(
      'verified',
    );
  });

  it('a session sends at most 4 codes, and an address gets at most 5 an hour whoever asks', async () => {
    const email = 'many.codes@example.com';
    const b = await browser();
    const { token } = (await b.post('/api/auth/session/email_verify/initiate/signup', { email })).json();
    const resets = [];
    for (let i = 0; i < 4; i++)
      resets.push((await b.post('/api/auth/session/email_verify/reset', { token })).statusCode);
    expect(resets).toEqual([200, 200, 200, 429]);
    expect((await (await browser()).post('/api/auth/session/email_verify/initiate/signup', { email })).statusCode).toBe(
      200,
    );
    const capped = await (await browser()).post('/api/auth/session/email_verify/initiate/signup', { email });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('rate_limited');
    expect(await messagesTo(t.database, email)).toHaveLength(VERIFICATION_LIMITS.perIdentifier.max);
  });

  it('refuses an expired code', async () => {
    const b = await browser();
    const { token } = (
      await b.post('/api/auth/session/phone_number_verify/initiate', { phone_number: '515-555-0166' })
    ).json();
    const code = codeIn(await lastMessage(t.database, '+15155550166'));
    const realNow = Date.now;
    Date.now = () => realNow() + VERIFICATION_LIMITS.smsCodeTtlMs + 1000;
    try {
      const res = await b.post('/api/auth/session/phone_number_verify/verify', { token, code });
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe('This code has expired. Ask for a new one.');
    } finally {
      Date.now = realNow;
    }
  });

  it('a session is bound to its browser, and an e-mail token is no phone token', async () => {
    const b = await browser();
    const { token } = (
      await b.post('/api/auth/session/email_verify/initiate/signup', { email: 'mine@example.com' })
    ).json();
    const code = codeIn(await lastMessage(t.database, 'mine@example.com'));
    expect((await (await browser()).post('/api/auth/session/email_verify/verify', { token, code })).statusCode).toBe(
      410,
    );
    expect((await b.post('/api/auth/session/phone_number_verify/verify', { token, code })).statusCode).toBe(410);
    expect((await b.post('/api/auth/session/email_verify/verify', { token, code })).json().state).toBe('verified');
  });

  it('refuses a bad address or number before sending anything', async () => {
    const b = await browser();
    expect((await b.post('/api/auth/session/email_verify/initiate/signup', { email: 'nope' })).statusCode).toBe(400);
    expect((await b.post('/api/auth/session/email_verify/initiate/signup', {})).statusCode).toBe(400);
    expect(
      (await b.post('/api/auth/session/phone_number_verify/initiate', { phone_number: '123' })).json(),
    ).toMatchObject({ code: 'invalid_request', message: 'Invalid phone number' });
    expect(
      (await b.post('/api/auth/session/email_verify/initiate/Bad%20Workflow', { email: 'a@example.com' })).statusCode,
    ).toBe(400);
  });
});

describe('verified_info: a user reads only their own', () => {
  it('answers 404 for anyone else, and 401 without a session', async () => {
    const farmer = await signedIn(DEMO_ACCOUNTS.farmer);
    const buyer = (await userByEmail(DEMO_ACCOUNTS.buyer))!;
    const me = (await userByEmail(DEMO_ACCOUNTS.farmer))!;
    expect((await farmer.get(`/api/auth/users/${me.legacyId}/verified_info`)).statusCode).toBe(200);
    for (const url of [
      `/api/auth/users/${buyer.legacyId}/verified_info`,
      `/api/auth/v2/users/${buyer.legacyId}/verified_info`,
      '/api/auth/users/999999/verified_info',
    ]) {
      const res = await farmer.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await (await browser()).get(`/api/auth/users/${me.legacyId}/verified_info`)).statusCode).toBe(401);
  });

  it("can't be changed for someone else: a session belongs to whoever started it", async () => {
    const { b } = await newUser();
    const started = await b.post('/api/auth/session/email_verify/initiate/profile', {});
    const farmer = await signedIn(DEMO_ACCOUNTS.farmer);
    const res = await farmer.post('/api/auth/session/email_verify/state/set', {
      token: started.json().token,
      state: 'cancelled',
    });
    expect(res.statusCode).toBe(410);
  });
});

describe('POST /api/auth/email/update', () => {
  async function withPassword() {
    const made = await newUser({ passwordHash: await hashPassword('correct horse battery') });
    return made;
  }

  it('checks the confirmation, the current password and the address before sending a code', async () => {
    const { b, user } = await withPassword();
    const post = (body: Record<string, unknown>) => b.post('/api/auth/email/update', body);
    expect(
      (
        await post({
          new_email: 'new@example.com',
          new_email_confirmation: 'other@example.com',
          current_password: 'correct horse battery',
        })
      ).json().message,
    ).toBe('The new email confirmation must match the new email');
    expect(
      (await post({ new_email: 'nope', new_email_confirmation: 'nope', current_password: 'x' })).json().message,
    ).toBe('The email format is invalid.');
    expect(
      (
        await post({
          new_email: 'new@example.com',
          new_email_confirmation: 'new@example.com',
          current_password: 'wrong one',
        })
      ).json().code,
    ).toBe('incorrect_password');
    expect(
      (
        await post({
          new_email: user.email,
          new_email_confirmation: user.email,
          current_password: 'correct horse battery',
        })
      ).statusCode,
    ).toBe(400);
    expect(await messagesTo(t.database, 'new@example.com')).toHaveLength(0);
  });

  it('changes the address once the new one proves itself; the old one is told; other sessions end', async () => {
    const { b, user } = await withPassword();
    const elsewhere = await signedIn(user.email);
    const next = `moved.${user.legacyId}@example.com`;
    const started = await b.post('/api/auth/email/update', {
      new_email: next,
      new_email_confirmation: next,
      current_password: 'correct horse battery',
    });
    expect(started.json()).toMatchObject({ state: 'pending', identifier: next });
    expect((await findUserByEmail(t.database.db, user.email))?.id).toBe(user.id);
    const res = await b.post('/api/auth/session/email_verify/verify', {
      token: started.json().token,
      code: codeIn(await lastMessage(t.database, next)),
    });
    expect(res.json()).toMatchObject({ state: 'verified' });
    const moved = await findUserByEmail(t.database.db, next);
    expect(moved?.id).toBe(user.id);
    expect(moved?.emailVerifiedAt).not.toBeNull();
    expect((await lastMessage(t.database, user.email, 'email_changed'))?.text).toContain('mo•••@example.com');
    expect(await b.whoAmI()).toBe(user.id);
    expect(await elsewhere.whoAmI()).toBeNull();
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
  });

  it('says email_taken only after the new address proved itself', async () => {
    const { b } = await withPassword();
    const started = await b.post('/api/auth/email/update', {
      new_email: DEMO_ACCOUNTS.buyer,
      new_email_confirmation: DEMO_ACCOUNTS.buyer,
      current_password: 'correct horse battery',
    });
    expect(started.json().state).toBe('pending');
    const res = await b.post('/api/auth/session/email_verify/verify', {
      token: started.json().token,
      code: codeIn(await lastMessage(t.database, DEMO_ACCOUNTS.buyer)),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
  });

  it('needs a session', async () => {
    const res = await (
      await browser()
    ).post('/api/auth/email/update', { new_email: 'a@example.com', new_email_confirmation: 'a@example.com' });
    expect(res.statusCode).toBe(401);
  });
});
