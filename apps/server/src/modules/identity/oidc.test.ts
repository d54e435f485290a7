import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, cookiesFrom, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { authTokens, externalIdentities, sessions } from '../../db/schema/index.ts';
import { sha256 } from '../../platform/crypto.ts';
import { findUserByEmail } from './users.repo.ts';
import { ProviderBrowser, startTestProvider, type TestProvider } from './oidc-test-provider.ts';

const APP = 'http://localhost';
const callbackOf = (id: string) => `${APP}/api/auth/oidc/${id}/callback`;
const CLIENTS = {
  google: { client_id: 'granary-google', client_secret: 'google-secret-0123456789' },
  apple: { client_id: 'granary-apple', client_secret: 'apple-secret-0123456789' },
  sso: { client_id: 'granary-sso', client_secret: 'sso-secret-0123456789' },
} as const;

let op: TestProvider;
let t: TestApp;

beforeAll(async () => {
  op = await startTestProvider({
    clients: (['google', 'apple', 'sso'] as const).map((id) => ({ ...CLIENTS[id], redirect_uris: [callbackOf(id)] })),
    accounts: {
      'g-farmer': { email: DEMO_ACCOUNTS.farmer, email_verified: true, given_name: 'Sam' },
      'g-farmer-2': { email: DEMO_ACCOUNTS.farmer, email_verified: true },
      'g-unverified': { email: DEMO_ACCOUNTS.buyer, email_verified: false },
      'g-stranger': { email: 'stranger@example.test', email_verified: true },
      'a-buyer': { email: DEMO_ACCOUNTS.buyer, email_verified: 'true' },
      'a-farmer': { email: DEMO_ACCOUNTS.farmer, email_verified: 'true' },
      'sso-prairie': { email: DEMO_ACCOUNTS.prairieBuyer, email_verified: true },
      'sso-demo-buyer': { email: DEMO_ACCOUNTS.buyer, email_verified: true },
    },
  });
  t = await createTestApp({
    env: {
      OIDC_GOOGLE_ISSUER: op.issuer,
      OIDC_GOOGLE_CLIENT_ID: CLIENTS.google.client_id,
      OIDC_GOOGLE_CLIENT_SECRET: CLIENTS.google.client_secret,
      OIDC_APPLE_ISSUER: op.issuer,
      OIDC_APPLE_CLIENT_ID: CLIENTS.apple.client_id,
      OIDC_APPLE_CLIENT_SECRET: CLIENTS.apple.client_secret,
      OIDC_SSO_ISSUER: op.issuer,
      OIDC_SSO_CLIENT_ID: CLIENTS.sso.client_id,
      OIDC_SSO_CLIENT_SECRET: CLIENTS.sso.client_secret,
      OIDC_SSO_NAME: 'Prairie SSO',
      OIDC_SSO_PARTNER: 'prairie',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

let ipCounter = 1;
function freshIp(): string {
  ipCounter++;
  return `10.3.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

type Flow = { browser: ProviderBrowser; location: string; cookie: string; ip: string };

async function startFlow(provider: string, query = ''): Promise<Flow> {
  const ip = freshIp();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/auth/oidc/${provider}/start${query}`,
    headers: { host: 'localhost' },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(302);
  const binding = cookiesFrom(res.headers['set-cookie']).granary_oidc;
  expect(binding).toBeTruthy();
  return {
    browser: new ProviderBrowser(),
    location: String(res.headers.location),
    cookie: `granary_oidc=${binding}`,
    ip,
  };
}

type Answer = Awaited<ReturnType<ProviderBrowser['authorize']>>;

async function deliver(answer: Answer, cookie: string, ip = freshIp()) {
  if ('url' in answer) {
    const url = new URL(answer.url);
    return t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { host: 'localhost', cookie },
      remoteAddress: ip,
    });
  }
  const url = new URL(answer.formAction);
  return t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: 'localhost', cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(answer.fields).toString(),
    remoteAddress: ip,
  });
}

async function signInWith(provider: string, account: string, query = '') {
  const flow = await startFlow(provider, query);
  const answer = await flow.browser.authorize(flow.location, account, callbackOf(provider));
  return { flow, answer, res: await deliver(answer, flow.cookie, flow.ip) };
}

function failure(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), APP);
  expect(location.pathname).toBe('/sign-in/password');
  return { error: location.searchParams.get('error'), provider: location.searchParams.get('provider') };
}

async function bootstrapWith(cookie: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json();
}

async function visitor(ip = freshIp()) {
  const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap', remoteAddress: ip });
  return {
    ip,
    cookie: `granary_anon=${cookiesFrom(res.headers['set-cookie']).granary_anon}`,
    csrf: res.json().csrf as string,
  };
}

/** What a page gets from the provider by itself (Google's button, Apple's JS): a code at our callback URL. */
async function codeFromProvider(client: keyof typeof CLIENTS, account: string, extra: Record<string, string> = {}) {
  const url = new URL(`${op.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: CLIENTS[client].client_id,
    redirect_uri: callbackOf(client),
    response_type: 'code',
    scope: 'openid email',
    ...extra,
  }).toString();
  const answer = await new ProviderBrowser().authorize(url.href, account, callbackOf(client));
  if (!('url' in answer)) throw new Error('expected a query answer');
  const code = new URL(answer.url).searchParams.get('code');
  if (!code) throw new Error(`no code in ${answer.url}`);
  return code;
}

/** An ID token as Google's button hands it to the page. */
async function idTokenFromProvider(client: keyof typeof CLIENTS, account: string, nonce?: string): Promise<string> {
  const code = await codeFromProvider(client, account, nonce ? { nonce } : {});
  const res = await fetch(`${op.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackOf(client),
      ...CLIENTS[client],
    }).toString(),
  });
  const body = (await res.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no id_token: ${JSON.stringify(body)}`);
  return body.id_token;
}

async function serverNonce(provider = 'google'): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/${provider}/nonce`, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().nonce as string;
}

describe('configured providers', () => {
  it('lists only configured providers with their display names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(res.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'apple', name: 'Apple' },
        { id: 'sso', name: 'Prairie SSO' },
      ],
    });
  });

  it('answers 404 for a provider that is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/twitter/start' });
    expect(res.statusCode).toBe(404);
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' })).json()).toEqual({
        providers: [],
      });
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('sends a provider that cannot be reached back to sign-in, naming it', async () => {
    const down = await createTestApp({ env: { OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:9', OIDC_GOOGLE_CLIENT_ID: 'x' } });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
      expect(failure(res)).toEqual({ error: 'oauth', provider: 'Google' });
    } finally {
      await down.close();
    }
  });
});

describe('authorization-code flow (redirects)', () => {
  it('sends the browser to the provider with PKCE, state and nonce, bound to the browser by a cookie', async () => {
    const flow = await startFlow('google', '?redirect=%2Fcrm%2Fbids&operating_system=web');
    const url = new URL(flow.location);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENTS.google.client_id);
    expect(url.searchParams.get('redirect_uri')).toBe(callbackOf('google'));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    // Only the state's hash is stored.
    const state = url.searchParams.get('state') ?? '';
    const rows = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(state)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.purpose).toBe('oidc_state');
    expect(JSON.stringify(rows[0])).not.toContain(state);
  });

  it('signs in through Google, links the account and lands on the safe redirect', async () => {
    const farmer = await findUserByEmail(t.database.db, DEMO_ACCOUNTS.farmer);
    const { res } = await signInWith('google', 'g-farmer', '?redirect=%2Fmy-sales');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/my-sales');
    const cookies = cookiesFrom(res.headers['set-cookie']);
    expect(cookies.granary_session).toBeTruthy();
    expect(cookies.granary_logged_in).toBe('1');
    const boot = await bootstrapWith(`granary_session=${cookies.granary_session}`);
    expect(boot.user).toMatchObject({ isLoggedIn: true, email: DEMO_ACCOUNTS.farmer });
    const links = await t.database.db
      .select()
      .from(externalIdentities)
      .where(and(eq(externalIdentities.provider, 'google'), eq(externalIdentities.subject, 'g-farmer')));
    expect(links).toMatchObject([{ userId: farmer?.id, email: DEMO_ACCOUNTS.farmer }]);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(cookies.granary_session ?? '')));
    expect(session?.method).toBe('google');
  });

  it('never redirects to another host after a provider sign-in', async () => {
    const { res } = await signInWith('google', 'g-farmer', `?redirect=${encodeURIComponent('https://evil.example/x')}`);
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).not.toContain('evil');
    expect(String(res.headers.location).startsWith('/')).toBe(true);
  });

  it('signs in a linked account again by its subject, and replaces any session the browser had', async () => {
    const first = await signInWith('google', 'g-farmer');
    const old = `granary_session=${cookiesFrom(first.res.headers['set-cookie']).granary_session}`;
    const flow = await startFlow('google');
    const answer = await flow.browser.authorize(flow.location, 'g-farmer', callbackOf('google'));
    const again = await deliver(answer, `${flow.cookie}; ${old}`);
    expect(again.statusCode).toBe(302);
    const fresh = cookiesFrom(again.headers['set-cookie']).granary_session;
    expect(fresh).toBeTruthy();
    expect(`granary_session=${fresh}`).not.toBe(old);
    expect((await bootstrapWith(old)).user.isLoggedIn).toBe(false);
  });

  it('refuses a replayed callback (the state is single use)', async () => {
    const { flow, answer, res } = await signInWith('google', 'g-farmer');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    const replay = await deliver(answer, flow.cookie);
    expect(failure(replay)).toEqual({ error: 'oauth', provider: 'Google' });
    expect(replay.headers['set-cookie'] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^granary_session=[^;]/)]),
    );
  });

  it('refuses a state it did not issue', async () => {
    const flow = await startFlow('google');
    const answer = await flow.browser.authorize(flow.location, 'g-farmer', callbackOf('google'));
    if (!('url' in answer)) throw new Error('expected a query answer');
    const forged = new URL(answer.url);
    forged.searchParams.set('state', 'forged-state-value-forged-state-value-000000');
    expect(failure(await deliver({ url: forged.href }, flow.cookie))).toEqual({ error: 'oauth', provider: 'Google' });
    const none = new URL(answer.url);
    none.searchParams.delete('state');
    expect(failure(await deliver({ url: none.href }, flow.cookie))).toEqual({ error: 'oauth', provider: 'Google' });
  });

  it('refuses a callback in another browser than the one that started (login CSRF)', async () => {
    const flow = await startFlow('google');
    const answer = await flow.browser.authorize(flow.location, 'g-stranger', callbackOf('google'));
    expect(failure(await deliver(answer, ''))).toEqual({ error: 'oauth', provider: 'Google' });
    const other = await startFlow('google');
    expect(failure(await deliver(answer, other.cookie))).toEqual({ error: 'oauth', provider: 'Google' });
  });

  it('refuses an ID token whose nonce is not the one the sign-in started with', async () => {
    const flow = await startFlow('google');
    const state = new URL(flow.location).searchParams.get('state') ?? '';
    await t.database.db.execute(
      sql`update auth_tokens set payload = jsonb_set(payload, '{nonce}', '"another-nonce"') where token_hash = ${sha256(state)}`,
    );
    const answer = await flow.browser.authorize(flow.location, 'g-farmer', callbackOf('google'));
    expect(failure(await deliver(answer, flow.cookie))).toEqual({ error: 'oauth', provider: 'Google' });
  });

  it('refuses a state of another provider', async () => {
    const flow = await startFlow('google');
    const answer = await flow.browser.authorize(flow.location, 'g-farmer', callbackOf('google'));
    if (!('url' in answer)) throw new Error('expected a query answer');
    const url = new URL(answer.url);
    url.pathname = '/api/auth/oidc/sso/callback';
    expect(failure(await deliver({ url: url.href }, flow.cookie))).toEqual({ error: 'oauth', provider: 'Prairie SSO' });
  });

  it('refuses an expired state', async () => {
    const flow = await startFlow('google');
    const state = new URL(flow.location).searchParams.get('state') ?? '';
    const answer = await flow.browser.authorize(flow.location, 'g-farmer', callbackOf('google'));
    await t.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(state)}`,
    );
    expect(failure(await deliver(answer, flow.cookie))).toEqual({ error: 'oauth', provider: 'Google' });
  });

  it('sends a user who cancels at the provider back to sign-in', async () => {
    const flow = await startFlow('google');
    const state = new URL(flow.location).searchParams.get('state') ?? '';
    const url = `${callbackOf('google')}?error=access_denied&state=${state}`;
    expect(failure(await deliver({ url }, flow.cookie))).toEqual({ error: 'oauth', provider: 'Google' });
  });

  it('answers no_account for a provider account no user has, and never links an unverified e-mail', async () => {
    const stranger = await signInWith('google', 'g-stranger');
    expect(failure(stranger.res)).toEqual({ error: 'no_account', provider: 'Google' });
    expect(cookiesFrom(stranger.res.headers['set-cookie']).granary_session).toBeUndefined();
    const unverified = await signInWith('google', 'g-unverified');
    expect(failure(unverified.res)).toEqual({ error: 'no_account', provider: 'Google' });
    const links = await t.database.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.subject, 'g-unverified'));
    expect(links).toHaveLength(0);
  });

  it('signs in through Apple with a form_post answer (Apple says email_verified "true")', async () => {
    const { answer, res } = await signInWith('apple', 'a-buyer', '?redirect=%2Fcrm');
    expect('formAction' in answer).toBe(true);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/crm');
    const boot = await bootstrapWith(`granary_session=${cookiesFrom(res.headers['set-cookie']).granary_session}`);
    expect(boot.user.email).toBe(DEMO_ACCOUNTS.buyer);
  });

  it("keeps a partner's SSO to that partner's users", async () => {
    const outsider = await signInWith('sso', 'sso-demo-buyer');
    expect(failure(outsider.res)).toEqual({ error: 'no_account', provider: 'Prairie SSO' });
    const member = await signInWith('sso', 'sso-prairie');
    expect(member.res.statusCode).toBe(302);
    const boot = await bootstrapWith(
      `granary_session=${cookiesFrom(member.res.headers['set-cookie']).granary_session}`,
    );
    expect(boot.user.email).toBe(DEMO_ACCOUNTS.prairieBuyer);
  });

  it('tells a suspended account so, only after the provider proved who it is', async () => {
    await t.database.db.execute(sql`update users set status = 'suspended' where email = ${DEMO_ACCOUNTS.prairieBuyer}`);
    try {
      const { res } = await signInWith('sso', 'sso-prairie');
      expect(failure(res)).toEqual({ error: 'account_suspended', provider: 'Prairie SSO' });
    } finally {
      await t.database.db.execute(sql`update users set status = 'active' where email = ${DEMO_ACCOUNTS.prairieBuyer}`);
    }
  });

  it('audits failed provider sign-ins', async () => {
    const { res } = await signInWith('google', 'g-stranger');
    expect(failure(res).error).toBe('no_account');
    const rows = await t.database.db.execute<{ details: { provider: string; code: string } }>(
      sql`select details from audit_log where action = 'oidc_sign_in_failed' and trace_id = ${String(res.headers['x-trace-id'])}`,
    );
    expect(
      (rows as unknown as { rows: { details: { provider: string; code: string } }[] }).rows[0]?.details,
    ).toMatchObject({
      provider: 'google',
      code: 'no_account',
    });
  });
});

describe('POST login/google-oauth (ID token from the web button)', () => {
  async function postGoogle(token: string, v?: Awaited<ReturnType<typeof visitor>>) {
    const who = v ?? (await visitor());
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/login/google-oauth?operating_system=web',
      remoteAddress: who.ip,
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
      payload: { google_token: token, cookie: true },
    });
  }

  it('signs in with an ID token carrying a nonce we issued, once', async () => {
    const token = await idTokenFromProvider('google', 'g-farmer-2', await serverNonce());
    const res = await postGoogle(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ oneTimePassword: false, redirect: '/dashboard' });
    expect(cookiesFrom(res.headers['set-cookie']).granary_session).toBeTruthy();
    const replay = await postGoogle(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 'oauth_failed', message: 'Could not sign in with your Google account.' });
  });

  it('refuses a token without our nonce, for another client, or tampered with', async () => {
    for (const token of [
      await idTokenFromProvider('google', 'g-farmer'),
      await idTokenFromProvider('google', 'g-farmer', 'a-nonce-we-never-issued'),
      await idTokenFromProvider('sso', 'g-farmer', await serverNonce()),
    ]) {
      const res = await postGoogle(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Could not sign in with your Google account.');
    }
    const good = await idTokenFromProvider('google', 'g-farmer', await serverNonce());
    const [h, p, s] = good.split('.');
    const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
    const forged = [
      h,
      Buffer.from(JSON.stringify({ ...claims, sub: 'a-buyer', email: DEMO_ACCOUNTS.buyer })).toString('base64url'),
      s,
    ].join('.');
    const res = await postGoogle(forged);
    expect(res.statusCode).toBe(401);
    expect((await postGoogle('not-a-jwt')).statusCode).toBe(401);
  });

  it('answers 404 no_account for a Google account no user has', async () => {
    const res = await postGoogle(await idTokenFromProvider('google', 'g-stranger', await serverNonce()));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('no_account');
    expect(res.json().message).toContain('Google');
  });

  it('needs the CSRF token like every state-changing call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/google-oauth',
      payload: { google_token: 'x', cookie: true },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST login/apple-oauth (mobile platform, bearer header)', () => {
  async function postApple(code: string) {
    const who = await visitor();
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/login/apple-oauth',
      remoteAddress: who.ip,
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, host: 'localhost' },
      payload: { code, login_source: 'ops' },
    });
  }

  it('answers a bearer Authorization header on success, which then authenticates', async () => {
    const res = await postApple(await codeFromProvider('apple', 'a-farmer'));
    expect(res.statusCode).toBe(200);
    const header = String(res.headers.authorization ?? '');
    expect(header).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    expect(res.json()).toMatchObject({ oneTimePassword: false });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: header } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userId: res.json().userId, method: 'apple' });
  });

  it('fails naming Apple, with no Authorization header, for a used or made-up code', async () => {
    const code = await codeFromProvider('apple', 'a-farmer');
    expect((await postApple(code)).statusCode).toBe(200);
    for (const bad of [code, 'made-up-code']) {
      const res = await postApple(bad);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'oauth_failed', message: 'Could not sign in with your Apple account.' });
      expect(res.headers.authorization).toBeUndefined();
    }
  });

  it('refuses a code issued to another client', async () => {
    const res = await postApple(await codeFromProvider('google', 'a-farmer'));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Could not sign in with your Apple account.');
  });
});
