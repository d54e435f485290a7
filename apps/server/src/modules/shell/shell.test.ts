import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bootstrapResponseSchema } from '@granary/domain';
import { createTestApp, cookiesFrom, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { enterpriseUsers, enterprises, users } from '../../db/schema/index.ts';
import { pickCurrentEnterprise } from './shell.service.ts';
import { sha256 } from '../../platform/crypto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_VERSION_REQUIRED: '63', WEB_VERSION_LATEST: '64' } });
});
afterAll(() => t.close());

describe('GET /api/bootstrap', () => {
  it('answers an anonymous visitor as identified but not logged in, with a csrf token and the default partner', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap' });
    expect(res.statusCode).toBe(200);
    const body = bootstrapResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({ identified: true, isLoggedIn: false, id: null, legacyId: null });
    expect(body.user.anonymousId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(body.csrf.length).toBeGreaterThan(20);
    expect(body.enterprises).toEqual({});
    expect(body.current_enterprise_id).toBeNull();
    expect(body.partner.id).toBe('demo');
    expect(body.partner.branding.supportEmail).toBe('support@demo.granary.test');
    const cookies = cookiesFrom(res.headers['set-cookie']);
    expect(cookies.granary_anon).toBe(body.user.anonymousId);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the anonymous id the browser already has', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/bootstrap',
      cookies: { granary_anon: 'abcdefghijklmnop1234' },
    });
    expect(res.json().user.anonymousId).toBe('abcdefghijklmnop1234');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('describes a signed-in farmer: names, experiences, permissions, enterprises keyed by id', async () => {
    const cookie = await t.sessionCookie(DEMO_ACCOUNTS.farmer);
    const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = bootstrapResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({
      identified: true,
      isLoggedIn: true,
      firstName: 'Sam',
      lastName: 'Fieldman',
      email: DEMO_ACCOUNTS.farmer,
      employeeInfo: null,
      experiences: { enterprise_agronomics: true },
      permissions: ['my-sales-lite'],
    });
    expect(body.user.legacyId).toBeTypeOf('number');
    const ids = Object.keys(body.enterprises);
    expect(ids).toHaveLength(1);
    const farm = body.enterprises[ids[0]!]!;
    expect(farm).toMatchObject({ name: 'Fieldman Family Farms', countryCode: 'USA', id: Number(ids[0]) });
    expect(body.current_enterprise_id).toBe(farm.id);
    expect(body.tos_accepted).toBe(true);
  });

  it('marks an employee by employeeInfo and passes admin permissions', async () => {
    const cookie = await t.sessionCookie(DEMO_ACCOUNTS.admin);
    const body = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json();
    expect(body.user.employeeInfo).toEqual({ role: 'account_manager' });
    expect(body.user.admin.is_super_admin).toBe(true);
  });

  it('honours current_enterprise_id only when the enterprise is the user’s', async () => {
    const db = t.database.db;
    const [farmer] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.farmer));
    const [second] = await db.insert(enterprises).values({ name: 'Second Farm', countryCode: 'CAN' }).returning();
    const [foreign] = await db.insert(enterprises).values({ name: 'Not Yours', countryCode: 'USA' }).returning();
    await db.insert(enterpriseUsers).values({ enterpriseId: second!.id, userId: farmer!.id, role: 'owner' });
    const cookie = await t.sessionCookie(DEMO_ACCOUNTS.farmer);

    const chosen = await t.app.inject({
      method: 'GET',
      url: `/api/bootstrap?current_enterprise_id=${second!.id}`,
      headers: { cookie },
    });
    expect(chosen.json().current_enterprise_id).toBe(second!.id);
    expect(Object.keys(chosen.json().enterprises)).toHaveLength(2);

    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/bootstrap?current_enterprise_id=${foreign!.id}`,
      headers: { cookie },
    });
    expect(refused.json().current_enterprise_id).not.toBe(foreign!.id);
    expect(refused.json().enterprises[String(foreign!.id)]).toBeUndefined();
  });

  it('answers a malformed current_enterprise_id with a 400 and a code, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap?current_enterprise_id=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
    expect(res.json().message).toContain('current_enterprise_id');
  });

  it('treats a session idle for more than 30 minutes as signed out, and deletes it', async () => {
    const cookie = await t.sessionCookie(DEMO_ACCOUNTS.buyer);
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '31 minutes'`);
    const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } });
    expect(res.json().user.isLoggedIn).toBe(false);
    const token = cookie.split('=')[1]!;
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = ${sha256(token)}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('pickCurrentEnterprise', () => {
  it('prefers the requested id, then the stored one, then the first', () => {
    expect(pickCurrentEnterprise([1, 2, 3], 2, 3)).toBe(2);
    expect(pickCurrentEnterprise([1, 2, 3], 9, 3)).toBe(3);
    expect(pickCurrentEnterprise([1, 2, 3], undefined, 9)).toBe(1);
    expect(pickCurrentEnterprise([], 1, 1)).toBeNull();
  });
});

describe('GET /version.json', () => {
  it('serves the configured required and latest web versions and the build tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ web: { required: 63, latest: 64 }, build: 'dev' });
  });

  it('can announce a required update', async () => {
    const bumped = await createTestApp({ env: { WEB_VERSION_REQUIRED: '65', WEB_VERSION_LATEST: '65' } });
    try {
      expect((await bumped.app.inject({ method: 'GET', url: '/version.json' })).json().web).toEqual({
        required: 65,
        latest: 65,
      });
    } finally {
      await bumped.close();
    }
  });
});
