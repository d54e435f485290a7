import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib';
import { createTestApp, cookiesFrom, type TestApp } from '../../testing/test-app.ts';
import { botCheckToken, solveAltcha } from '../../testing/bot-check.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { ALTCHA_PARAMS, createRecaptchaBotCheck, decodeAltchaPayload } from './bot-check.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BOT_CHECK: 'altcha' } });
});
afterAll(() => t.close());

const ip = '10.9.0.1';

async function challenge(action: string): Promise<Challenge> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/auth/bot-check/challenge?action=${action}`,
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = res.json();
  expect(body.mode).toBe('altcha');
  return body.challenge as Challenge;
}

/** A password sign-in with a bot-check token: the check runs before the password is looked at. */
async function login(token: string | undefined) {
  const boot = await t.app.inject({ method: 'GET', url: '/api/bootstrap', remoteAddress: ip });
  const anon = cookiesFrom(boot.headers['set-cookie']).granary_anon;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login/basic',
    remoteAddress: ip,
    headers: {
      cookie: `granary_anon=${anon}`,
      'x-csrf-token': boot.json().csrf,
      authorization: `Basic ${Buffer.from(`${DEMO_ACCOUNTS.farmer}:granary-demo`).toString('base64')}`,
    },
    payload: { cookie: true, login_source: 'www', ...(token === undefined ? {} : { recaptcha_v3: token }) },
  });
}

describe('GET /api/auth/bot-check/challenge', () => {
  it('hands out a signed, action-bound, expiring PBKDF2 challenge of small cost', async () => {
    const c = await challenge('signup');
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(c.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: ALTCHA_PARAMS.cost,
      data: { action: 'signup' },
    });
    expect(c.parameters.keySignature).toBeTruthy();
    const ttl = (c.parameters.expiresAt ?? 0) * 1000 - Date.now();
    expect(ttl).toBeGreaterThan(ALTCHA_PARAMS.ttlMs - 5_000);
    expect(ttl).toBeLessThanOrEqual(ALTCHA_PARAMS.ttlMs);
  });

  it('refuses an action that carries no bot check', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/bot-check/challenge?action=nope',
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_request');
  });

  it('is solved quickly (the browser does the same work)', async () => {
    const c = await challenge('login_password');
    const started = performance.now();
    const token = await solveAltcha(c);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(decodeAltchaPayload(token)?.solution.counter).toBeGreaterThanOrEqual(ALTCHA_PARAMS.counterMin);
  });
});

describe('altcha verification (through POST login/basic)', () => {
  it('lets a solved token through once; the replay fails TRY_AGAIN', async () => {
    const token = await botCheckToken(t.app, 'login_password', { remoteAddress: ip });
    const first = await login(token);
    expect(first.statusCode).toBe(200);
    const replay = await login(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ code: 'bot_check_failed', message: 'TRY_AGAIN' });
  });

  it('fails a missing token or garbage with MALFORMED', async () => {
    for (const token of [undefined, 'garbage!', Buffer.from('{"hello":1}').toString('base64'), 'x'.repeat(9000)]) {
      const res = await login(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'bot_check_failed', message: 'MALFORMED' });
    }
  });

  it('fails a token solved for another action with TRY_AGAIN', async () => {
    const token = await botCheckToken(t.app, 'signup', { remoteAddress: ip });
    const res = await login(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bot_check_failed', message: 'TRY_AGAIN' });
  });

  it('fails a tampered challenge (another action written in) and a wrong solution with TRY_AGAIN', async () => {
    const c = await challenge('signup');
    const token = await solveAltcha(c);
    const payload = decodeAltchaPayload(token)!;
    payload.challenge.parameters.data = { action: 'login_password' };
    const tampered = await login(Buffer.from(JSON.stringify(payload)).toString('base64'));
    expect(tampered.json()).toEqual({ code: 'bot_check_failed', message: 'TRY_AGAIN' });

    const c2 = await challenge('login_password');
    const wrong = { challenge: c2, solution: { counter: 1, derivedKey: 'ab'.repeat(32) } };
    const res = await login(Buffer.from(JSON.stringify(wrong)).toString('base64'));
    expect(res.json()).toEqual({ code: 'bot_check_failed', message: 'TRY_AGAIN' });
  });

  it('fails an expired challenge with TRY_AGAIN', async () => {
    const c = await challenge('login_password');
    const token = await solveAltcha(c);
    const realNow = Date.now;
    Date.now = () => realNow() + ALTCHA_PARAMS.ttlMs + 60_000;
    try {
      const res = await login(token);
      expect(res.json()).toEqual({ code: 'bot_check_failed', message: 'TRY_AGAIN' });
    } finally {
      Date.now = realNow;
    }
  });
});

describe('mode off', () => {
  it('answers {mode:"off"} with no challenge to solve', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/auth/bot-check/challenge?action=signup' });
      expect(res.json()).toEqual({ mode: 'off' });
    } finally {
      await off.close();
    }
  });
});

describe('recaptcha adapter', () => {
  const answering = (answer: unknown) => (async () => new Response(JSON.stringify(answer))) as unknown as typeof fetch;

  it('passes a successful answer for the same action with a human score', async () => {
    const check = createRecaptchaBotCheck('secret', answering({ success: true, score: 0.9, action: 'signup' }));
    expect(await check.verify('signup', 'token', '1.2.3.4')).toBe('ok');
    expect(await check.challenge('signup')).toBeNull();
  });

  it('fails a low score, another action, a duplicate and an unreachable Google with TRY_AGAIN', async () => {
    expect(
      await createRecaptchaBotCheck('s', answering({ success: true, score: 0.1, action: 'signup' })).verify(
        'signup',
        't',
        null,
      ),
    ).toBe('TRY_AGAIN');
    expect(
      await createRecaptchaBotCheck('s', answering({ success: true, score: 0.9, action: 'post' })).verify(
        'signup',
        't',
        null,
      ),
    ).toBe('TRY_AGAIN');
    expect(
      await createRecaptchaBotCheck('s', answering({ success: false, 'error-codes': ['timeout-or-duplicate'] })).verify(
        'signup',
        't',
        null,
      ),
    ).toBe('TRY_AGAIN');
    const down = (async () => {
      throw new Error('offline');
    }) as unknown as typeof fetch;
    expect(await createRecaptchaBotCheck('s', down).verify('signup', 't', null)).toBe('TRY_AGAIN');
  });

  it('fails a missing or invalid token with MALFORMED', async () => {
    expect(await createRecaptchaBotCheck('s', answering({ success: true })).verify('signup', '', null)).toBe(
      'MALFORMED',
    );
    expect(
      await createRecaptchaBotCheck(
        's',
        answering({ success: false, 'error-codes': ['invalid-input-response'] }),
      ).verify('signup', 't', null),
    ).toBe('MALFORMED');
  });

  it('sends the secret, the token and the IP to siteverify', async () => {
    let sent: { url: string; body: string } | null = null;
    const spy = (async (url: string, init: { body: URLSearchParams }) => {
      sent = { url, body: init.body.toString() };
      return new Response(JSON.stringify({ success: true, score: 1, action: 'post' }));
    }) as unknown as typeof fetch;
    await createRecaptchaBotCheck('sekret', spy).verify('post', 'tok', '9.9.9.9');
    expect(sent).toEqual({
      url: 'https://www.google.com/recaptcha/api/siteverify',
      body: 'secret=sekret&response=tok&remoteip=9.9.9.9',
    });
  });
});
