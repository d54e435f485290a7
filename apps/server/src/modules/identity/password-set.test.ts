import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { auditLog, users } from '../../db/schema/index.ts';

// A user who signed up with a link or a code has no password: /user offers to set one without the current password
// they never had. Only then: a user with a password must still give it (400 with a code otherwise).

let t: TestApp;
type Caller = { cookie: string; csrf: string };
const PASSWORDLESS = 'linkonly@password-set.granary.test';
const NEW_PASSWORD = 'harvest-moon-tractor-42';

async function callerFor(email: string): Promise<Caller> {
  const cookie = await t.sessionCookie(email);
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json()
    .csrf as string;
  return { cookie, csrf };
}

async function hasPassword(who: Caller) {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/password', headers: { cookie: who.cookie } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function update(who: Caller, body: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password/update',
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
  await t.database.db.insert(users).values({ email: PASSWORDLESS, firstName: 'Lin', lastName: 'Konly' });
});

afterAll(async () => {
  await t?.close();
});

describe('setting a first password', () => {
  it('tells whether the user has a password', async () => {
    expect((await hasPassword(await callerFor(PASSWORDLESS))).body).toEqual({ has_password: false });
    expect((await hasPassword(await callerFor(DEMO_ACCOUNTS.farmer))).body).toEqual({ has_password: true });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/password' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a passwordless user set one without a current password, then sign in with it', async () => {
    const who = await callerFor(PASSWORDLESS);
    const res = await update(who, { new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await hasPassword(who)).body).toEqual({ has_password: true });
    const visitor = await t.app.inject({ method: 'GET', url: '/api/bootstrap' });
    const anon = String(visitor.headers['set-cookie']).match(/granary_anon=([^;]+)/)![1]!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/basic',
      headers: {
        cookie: `granary_anon=${anon}`,
        'x-csrf-token': visitor.json().csrf as string,
        authorization: `Basic ${Buffer.from(`${PASSWORDLESS}:${NEW_PASSWORD}`).toString('base64')}`,
      },
      payload: { timeout_s: 1800, cookie: true, login_source: 'www' },
    });
    expect(login.statusCode).toBe(200);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, PASSWORDLESS));
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, row!.id), eq(auditLog.action, 'password_set')));
    expect(audited).toHaveLength(1);
  });

  it('still asks a user with a password for the current one (400 with a code)', async () => {
    const who = await callerFor(DEMO_ACCOUNTS.farmer);
    const res = await update(who, { new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    // Once set, the passwordless user is no longer passwordless: the current password is required too.
    const former = await callerFor(PASSWORDLESS);
    const again = await update(former, {
      new_password: 'other-harvest-99',
      new_password_confirmation: 'other-harvest-99',
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_request');
  });
});
