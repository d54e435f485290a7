import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, cookiesFrom, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { authTokens } from '../../db/schema/index.ts';
import { listOutbox } from '../../platform/outbox.ts';
import { sha256 } from '../../platform/crypto.ts';
import { findUserByEmail, updateUser } from './users.repo.ts';
import { SMS_MAX_ATTEMPTS, SMS_PER_PHONE } from './sms.service.ts';
import { normalizePhone } from './verification-codes.service.ts';
import { botCheckToken } from '../../testing/bot-check.ts';

const FARMER_PHONE = '+15155550120';
const UNKNOWN_PHONE = '+15155550199';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo seed stores the display form only; phone verification fills the E.164 column.
  const farmer = await findUserByEmail(t.database.db, DEMO_ACCOUNTS.farmer);
  await updateUser(t.database.db, farmer!.id, {
    normalizedPhoneNumber: normalizePhone(farmer!.phoneNumber ?? ''),
    phoneVerifiedAt: new Date(),
  });
});
afterAll(() => t.close());

let ipCounter = 1;
function freshIp(): string {
  ipCounter++;
  return `10.4.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

async function visitor(ip = freshIp()) {
  const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap', remoteAddress: ip });
  return {
    ip,
    cookie: `granary_anon=${cookiesFrom(res.headers['set-cookie']).granary_anon}`,
    csrf: res.json().csrf as string,
  };
}

async function post(url: string, payload: Record<string, unknown>, v?: Awaited<ReturnType<typeof visitor>>) {
  const who = v ?? (await visitor());
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: who.ip,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
    payload,
  });
}

async function initiate(phone: string, query = '') {
  const res = await post(`/api/auth/login/sms/initiate${query}`, { phone_number: phone });
  expect(res.statusCode).toBe(200);
  return res.json() as { status: 'ok'; verification_token: string };
}

async function latestSmsTo(phone: string) {
  const [message] = await listOutbox(t.database.db, { recipient: phone, limit: 1 });
  return message;
}

function codeIn(text: string): string {
  const match = text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no code in ${text}`);
  return match[1];
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function resetPhoneCounters() {
  await t.database.db.execute(sql`delete from rate_limit_counters where key like 'sms-login:%'`);
}

describe('SMS sign-in', () => {
  it('texts a 6-digit code through the outbox and signs in with it', async () => {
    await resetPhoneCounters();
    const { status, verification_token: token } = await initiate('(515) 555-0120', '?redirect=%2Fmy-sales');
    expect(status).toBe('ok');
    const sms = await latestSmsTo(FARMER_PHONE);
    expect(sms).toMatchObject({ channel: 'sms', template: 'sms_login' });
    const code = codeIn(sms!.text);
    expect(sms!.text).toMatch(new RegExp(`#${code}$`));
    // Only hashes are stored.
    const [row] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect(row?.purpose).toBe('sms_login');
    expect(JSON.stringify(row)).not.toContain(code);
    const res = await post('/api/auth/login/sms/verify', { verification_token: token, code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ oneTimePassword: false, redirect: '/my-sales' });
    const session = cookiesFrom(res.headers['set-cookie']).granary_session;
    const boot = await t.app.inject({
      method: 'GET',
      url: '/api/bootstrap',
      headers: { cookie: `granary_session=${session}` },
    });
    expect(boot.json().user.email).toBe(DEMO_ACCOUNTS.farmer);
    // Single use.
    const again = await post('/api/auth/login/sms/verify', { verification_token: token, code });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('link_invalid');
  });

  it("answers a wrong code with 'Incorrect MFA code supplied.' and lets the right one through after", async () => {
    await resetPhoneCounters();
    const { verification_token: token } = await initiate(FARMER_PHONE);
    const code = codeIn((await latestSmsTo(FARMER_PHONE))!.text);
    const wrong = await post('/api/auth/login/sms/verify', { verification_token: token, code: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'code_invalid', message: 'Incorrect MFA code supplied.' });
    const right = await post('/api/auth/login/sms/verify', {
      verification_token: token,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(right.statusCode).toBe(200);
  });

  it('kills the code after the attempt limit, even for the right code', async () => {
    await resetPhoneCounters();
    const { verification_token: token } = await initiate(FARMER_PHONE);
    const code = codeIn((await latestSmsTo(FARMER_PHONE))!.text);
    const statuses: number[] = [];
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      statuses.push(
        (await post('/api/auth/login/sms/verify', { verification_token: token, code: wrongCode(code) })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(SMS_MAX_ATTEMPTS - 1).fill(400), 410]);
    const late = await post('/api/auth/login/sms/verify', { verification_token: token, code });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('link_invalid');
  });

  it('refuses an expired code', async () => {
    await resetPhoneCounters();
    const { verification_token: token } = await initiate(FARMER_PHONE);
    const code = codeIn((await latestSmsTo(FARMER_PHONE))!.text);
    await t.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(token)}`,
    );
    const res = await post('/api/auth/login/sms/verify', { verification_token: token, code });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('link_invalid');
  });

  it('answers an unknown number exactly like a known one, and texts nobody', async () => {
    await resetPhoneCounters();
    const before = await listOutbox(t.database.db, { limit: 200 });
    const res = await post('/api/auth/login/sms/initiate', { phone_number: UNKNOWN_PHONE });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['status', 'verification_token']);
    expect(res.json().verification_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await listOutbox(t.database.db, { limit: 200 })).toHaveLength(before.length);
    const token = res.json().verification_token as string;
    const statuses: number[] = [];
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      const r = await post('/api/auth/login/sms/verify', { verification_token: token, code: String(100000 + i) });
      statuses.push(r.statusCode);
      if (r.statusCode === 400) expect(r.json().message).toBe('Incorrect MFA code supplied.');
    }
    expect(statuses).toEqual([...Array(SMS_MAX_ATTEMPTS - 1).fill(400), 410]);
  });

  it('even the stored code of an unknown number signs nobody in', async () => {
    await resetPhoneCounters();
    const { verification_token: token } = await initiate(UNKNOWN_PHONE);
    const [row] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect(row?.userId).toBeNull();
    // Recover the code from its hash, as if an attacker had guessed it right at the first try.
    let found: number | null = null;
    for (let c = 0; c < 1_000_000 && found === null; c++) {
      if (sha256(`${row!.tokenHash}:${String(c).padStart(6, '0')}`) === row!.codeHash) found = c;
    }
    const res = await post('/api/auth/login/sms/verify', {
      verification_token: token,
      code: String(found).padStart(6, '0'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('code_invalid');
    expect(cookiesFrom(res.headers['set-cookie']).granary_session).toBeUndefined();
  });

  it('rejects a malformed number without telling anything about accounts', async () => {
    const res = await post('/api/auth/login/sms/initiate', { phone_number: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', message: 'The phone number format is invalid.' });
  });

  it('limits how many codes a number can be sent, known or not', async () => {
    await resetPhoneCounters();
    for (const phone of [FARMER_PHONE, UNKNOWN_PHONE]) {
      for (let i = 0; i < SMS_PER_PHONE.max; i++)
        expect((await post('/api/auth/login/sms/initiate', { phone_number: phone })).statusCode).toBe(200);
      const over = await post('/api/auth/login/sms/initiate', { phone_number: phone });
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('rate_limited');
    }
    await resetPhoneCounters();
  });

  it('rate limits the routes per address', async () => {
    const v = await visitor();
    let last = 0;
    for (let i = 0; i < 12; i++)
      last = (await post('/api/auth/login/sms/initiate', { phone_number: '12' }, v)).statusCode;
    expect(last).toBe(429);
  });

  it('texts nobody for a number its account has not verified', async () => {
    await resetPhoneCounters();
    const buyer = await findUserByEmail(t.database.db, DEMO_ACCOUNTS.buyer);
    await updateUser(t.database.db, buyer!.id, { normalizedPhoneNumber: UNKNOWN_PHONE, phoneVerifiedAt: null });
    try {
      await initiate(UNKNOWN_PHONE);
      expect(await listOutbox(t.database.db, { recipient: UNKNOWN_PHONE, limit: 200 })).toHaveLength(0);
    } finally {
      await updateUser(t.database.db, buyer!.id, { normalizedPhoneNumber: null });
    }
  });

  it('texts nobody when several accounts share the number', async () => {
    await resetPhoneCounters();
    const buyer = await findUserByEmail(t.database.db, DEMO_ACCOUNTS.buyer);
    await updateUser(t.database.db, buyer!.id, { normalizedPhoneNumber: FARMER_PHONE, phoneVerifiedAt: new Date() });
    try {
      const before = (await listOutbox(t.database.db, { recipient: FARMER_PHONE, limit: 200 })).length;
      await initiate(FARMER_PHONE);
      expect(await listOutbox(t.database.db, { recipient: FARMER_PHONE, limit: 200 })).toHaveLength(before);
    } finally {
      await updateUser(t.database.db, buyer!.id, { normalizedPhoneNumber: null, phoneVerifiedAt: null });
    }
  });
});

describe('bot check on SMS sign-in (BOT_CHECK=altcha, issue 11)', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp({ env: { BOT_CHECK: 'altcha' } });
    const farmer = await findUserByEmail(guarded.database.db, DEMO_ACCOUNTS.farmer);
    await updateUser(guarded.database.db, farmer!.id, {
      normalizedPhoneNumber: FARMER_PHONE,
      phoneVerifiedAt: new Date(),
    });
  });
  afterAll(() => guarded.close());

  async function guardedVisitor(ip: string) {
    const res = await guarded.app.inject({ method: 'GET', url: '/api/bootstrap', remoteAddress: ip });
    return {
      ip,
      cookie: `granary_anon=${cookiesFrom(res.headers['set-cookie']).granary_anon}`,
      csrf: res.json().csrf as string,
    };
  }

  async function initiateAt(v: Awaited<ReturnType<typeof guardedVisitor>>, payload: Record<string, unknown>) {
    return guarded.app.inject({
      method: 'POST',
      url: '/api/auth/login/sms/initiate',
      remoteAddress: v.ip,
      headers: { cookie: v.cookie, 'x-csrf-token': v.csrf },
      payload,
    });
  }

  async function smsCount() {
    return (await listOutbox(guarded.database.db, { recipient: FARMER_PHONE, limit: 200 })).length;
  }

  it('checks the number first, then wants a solved generate_one_time_password token before texting', async () => {
    const v = await guardedVisitor('10.4.200.1');
    const typo = await initiateAt(v, { phone_number: '12' });
    expect(typo.json()).toMatchObject({ code: 'invalid_request', message: 'The phone number format is invalid.' });

    const missing = await initiateAt(v, { phone_number: FARMER_PHONE });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'bot_check_failed', message: 'MALFORMED' });
    const junk = await initiateAt(v, { phone_number: FARMER_PHONE, recaptcha_v3: 'not-a-token' });
    expect(junk.json()).toEqual({ code: 'bot_check_failed', message: 'MALFORMED' });
    const wrongAction = await botCheckToken(guarded.app, 'login_password', { remoteAddress: v.ip });
    expect((await initiateAt(v, { phone_number: FARMER_PHONE, recaptcha_v3: wrongAction })).json()).toEqual({
      code: 'bot_check_failed',
      message: 'TRY_AGAIN',
    });
    expect(await smsCount()).toBe(0);

    const token = await botCheckToken(guarded.app, 'generate_one_time_password', { remoteAddress: v.ip });
    const ok = await initiateAt(v, { phone_number: FARMER_PHONE, recaptcha_v3: token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('ok');
    expect(await smsCount()).toBe(1);
    // A token works once.
    expect((await initiateAt(v, { phone_number: FARMER_PHONE, recaptcha_v3: token })).json()).toEqual({
      code: 'bot_check_failed',
      message: 'TRY_AGAIN',
    });
    // The camelCase form is accepted as on the other calls.
    const camel = await botCheckToken(guarded.app, 'generate_one_time_password', { remoteAddress: v.ip });
    expect((await initiateAt(v, { phone_number: FARMER_PHONE, recaptchaV3: camel })).statusCode).toBe(200);
    expect(await smsCount()).toBe(2);
  });

  it('does not let requests without a token use up the number’s codes', async () => {
    await guarded.database.db.execute(sql`delete from rate_limit_counters where key like 'sms-login:%'`);
    for (let i = 0; i < SMS_PER_PHONE.max + 2; i++) {
      const v = await guardedVisitor(`10.4.201.${i + 1}`);
      expect((await initiateAt(v, { phone_number: UNKNOWN_PHONE })).json().code).toBe('bot_check_failed');
    }
    const v = await guardedVisitor('10.4.202.1');
    const token = await botCheckToken(guarded.app, 'generate_one_time_password', { remoteAddress: v.ip });
    expect((await initiateAt(v, { phone_number: UNKNOWN_PHONE, recaptcha_v3: token })).statusCode).toBe(200);
  });
});
