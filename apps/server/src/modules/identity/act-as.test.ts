import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, cookiesFrom, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo.ts';
import { auditLog } from '../../db/schema/index.ts';
import { listOutbox } from '../../platform/outbox.ts';
import { findUserByEmail, insertUser, updateUser, type UserRow } from './users.repo.ts';

let t: TestApp;
let admin: UserRow;
let farmer: UserRow;
let buyer: UserRow;
let prairieBuyer: UserRow;
let colleague: UserRow;
let powerfulColleague: UserRow;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      // A state-changing call of some other module, to act with.
      app.post('/api/test/write', { config: { access: 'session' } }, async () => ({ ok: true }));
    },
  });
  const db = t.database.db;
  admin = (await findUserByEmail(db, DEMO_ACCOUNTS.admin))!;
  farmer = (await findUserByEmail(db, DEMO_ACCOUNTS.farmer))!;
  prairieBuyer = (await findUserByEmail(db, DEMO_ACCOUNTS.prairieBuyer))!;
  // The demo partner's buyer gets the act-as permission (a partner admin, not a super admin).
  buyer = (await updateUser(db, (await findUserByEmail(db, DEMO_ACCOUNTS.buyer))!.id, {
    adminPermissions: { 'buyer-admin': ['all'], 'act-as': true, 'reset-password': true },
  }))!;
  colleague = await insertUser(db, {
    email: 'colleague@demo.granary.test',
    firstName: 'Cole',
    lastName: 'League',
    partnerId: 'demo',
    experiences: { grain_buying: true },
    adminPermissions: { 'buyer-admin': ['12'] },
  });
  powerfulColleague = await insertUser(db, {
    email: 'boss@demo.granary.test',
    firstName: 'Bo',
    lastName: 'Ss',
    partnerId: 'demo',
    adminPermissions: { 'manage-admins': true },
  });
});
afterAll(() => t.close());

let ipCounter = 1;
function freshIp(): string {
  ipCounter++;
  return `10.5.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

type Who = { cookie: string; csrf: string; ip: string };

async function as(email: string): Promise<Who> {
  const cookie = await t.sessionCookie(email);
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json()
    .csrf as string;
  return { cookie, csrf, ip: freshIp() };
}

function call(who: Who, method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url,
    remoteAddress: who.ip,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
    ...(payload ? { payload } : {}),
  });
}

async function bootstrap(who: Who) {
  return (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie: who.cookie } })).json();
}

async function auditOf(actorId: string, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, actorId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}

describe('act-as', () => {
  it('needs the act-as permission (403)', async () => {
    const who = await as(DEMO_ACCOUNTS.farmer);
    const res = await call(who, 'POST', '/api/auth/act-as', { user_id: buyer.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('acts as the user visibly in the bootstrap, audits it, and drops it', async () => {
    const who = await as(DEMO_ACCOUNTS.admin);
    const start = await call(who, 'POST', '/api/auth/act-as', { user_id: farmer.id });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({
      actingAs: { id: farmer.id, email: farmer.email, firstName: 'Sam', lastName: 'Fieldman' },
      scope: 'full',
    });
    const boot = await bootstrap(who);
    expect(boot.user).toMatchObject({
      id: farmer.id,
      email: DEMO_ACCOUNTS.farmer,
      experiences: { enterprise_agronomics: true },
      admin: { is_super_admin: false },
      actingAs: { id: farmer.id, email: farmer.email, firstName: 'Sam', lastName: 'Fieldman' },
      actor: { id: admin.id, email: admin.email, firstName: 'Alex', lastName: 'Admin' },
      actAsScope: 'full',
    });
    // The farmer's enterprises, not the admin's.
    expect(Object.values(boot.enterprises).map((e) => (e as { name: string }).name)).toEqual(['Fieldman Family Farms']);
    // The CSRF token is unchanged: the session is the same.
    expect(boot.csrf).toBe(who.csrf);
    const [started] = await auditOf(admin.id, 'act_as_start');
    expect(started).toMatchObject({ actingAsUserId: farmer.id, targetId: farmer.id });

    const drop = await call(who, 'DELETE', '/api/auth/act-as');
    expect(drop.statusCode).toBe(200);
    expect(drop.json()).toEqual({ actingAs: null });
    const after = await bootstrap(who);
    expect(after.user).toMatchObject({ id: admin.id, actingAs: null, actor: null });
    const [ended] = await auditOf(admin.id, 'act_as_end');
    expect(ended).toMatchObject({ actingAsUserId: farmer.id, details: { reason: 'dropped' } });
  });

  it('audits every state-changing request made while acting, with its outcome', async () => {
    const who = await as(DEMO_ACCOUNTS.admin);
    expect((await call(who, 'POST', '/api/auth/act-as', { user_id: farmer.id })).statusCode).toBe(200);
    const res = await call(who, 'POST', '/api/test/write?x=1', { any: 'thing' });
    expect(res.statusCode).toBe(200);
    const [entry] = await auditOf(admin.id, 'act_as_request');
    expect(entry).toMatchObject({
      actingAsUserId: farmer.id,
      details: { method: 'POST', route: '/api/test/write', path: '/api/test/write', status: 200, scope: 'full' },
      traceId: String(res.headers['x-trace-id']),
    });
    await call(who, 'DELETE', '/api/auth/act-as');
  });

  it("never changes the user's own credentials while acting (refused, audited)", async () => {
    const who = await as(DEMO_ACCOUNTS.admin);
    await updateUser(t.database.db, farmer.id, { oneTimePassword: true });
    try {
      expect((await call(who, 'POST', '/api/auth/act-as', { user_id: farmer.id })).statusCode).toBe(200);
      // A one-time-password user may set a password without the current one: not the admin for them.
      const res = await call(who, 'POST', '/api/auth/password/update', {
        new_password: 'an admin-chosen password',
        new_password_confirmation: 'an admin-chosen password',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This is for the user themself: stop acting as them first.');
      const [entry] = await auditOf(admin.id, 'act_as_request');
      expect(entry).toMatchObject({
        actingAsUserId: farmer.id,
        details: { route: '/api/auth/password/update', status: 403 },
      });
      expect((await call(who, 'DELETE', '/api/auth/act-as')).statusCode).toBe(200);
    } finally {
      await updateUser(t.database.db, farmer.id, { oneTimePassword: false });
    }
  });

  it('refuses state-changing calls in the read-only scope, audited, and can widen again', async () => {
    const who = await as(DEMO_ACCOUNTS.admin);
    const start = await call(who, 'POST', '/api/auth/act-as', { user_id: farmer.id, scope: 'read_only' });
    expect(start.json().scope).toBe('read_only');
    expect((await bootstrap(who)).user.actAsScope).toBe('read_only');
    const refused = await call(who, 'POST', '/api/test/write', { any: 'thing' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are acting as another user with read-only access.');
    const [entry] = await auditOf(admin.id, 'act_as_request');
    expect(entry).toMatchObject({ details: { route: '/api/test/write', status: 403, scope: 'read_only' } });
    const widen = await call(who, 'POST', '/api/auth/act-as/scope', { scope: 'full' });
    expect(widen.statusCode).toBe(200);
    const [scoped] = await auditOf(admin.id, 'act_as_scope');
    expect(scoped).toMatchObject({ details: { from: 'read_only', to: 'full' } });
    expect((await bootstrap(who)).user.actAsScope).toBe('full');
    expect((await call(who, 'POST', '/api/test/write', { any: 'thing' })).statusCode).toBe(200);
    await call(who, 'DELETE', '/api/auth/act-as');
    // Not acting: the scope can't be set.
    expect((await call(who, 'POST', '/api/auth/act-as/scope', { scope: 'full' })).statusCode).toBe(400);
  });

  it('keeps the permission on the admin while acting (switching target) and never uses the target’s', async () => {
    const who = await as(DEMO_ACCOUNTS.admin);
    await call(who, 'POST', '/api/auth/act-as', { user_id: farmer.id });
    // The farmer holds no admin permission, yet the admin behind the session can switch.
    const sw = await call(who, 'POST', '/api/auth/act-as', { user_id: buyer.id });
    expect(sw.statusCode).toBe(200);
    expect((await bootstrap(who)).user.email).toBe(DEMO_ACCOUNTS.buyer);
    // Admin tools are the admin's own acts: not while acting.
    expect((await call(who, 'POST', '/api/auth/admin/password-reset', { user_id: farmer.id })).statusCode).toBe(403);
    await call(who, 'DELETE', '/api/auth/act-as');
  });

  it('never acts as a super admin or as oneself', async () => {
    const who = await as(DEMO_ACCOUNTS.buyer);
    expect((await call(who, 'POST', '/api/auth/act-as', { user_id: admin.id })).statusCode).toBe(403);
    expect((await call(who, 'POST', '/api/auth/act-as', { user_id: buyer.id })).statusCode).toBe(403);
  });

  it("keeps a partner's admin inside the partner (other partners' users look unknown)", async () => {
    const who = await as(DEMO_ACCOUNTS.buyer);
    const other = await call(who, 'POST', '/api/auth/act-as', { user_id: prairieBuyer.id });
    expect(other.statusCode).toBe(404);
    const unknown = await call(who, 'POST', '/api/auth/act-as', { user_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    // A farmer belongs to no partner: staff only.
    expect((await call(who, 'POST', '/api/auth/act-as', { user_id: farmer.id })).statusCode).toBe(404);
    // A colleague whose permissions the buyer holds too: allowed (legacy id works as well).
    const ok = await call(who, 'POST', '/api/auth/act-as', { user_id: colleague.legacyId });
    expect(ok.statusCode).toBe(200);
    expect((await bootstrap(who)).user.actingAs.email).toBe(colleague.email);
    await call(who, 'DELETE', '/api/auth/act-as');
    // A colleague with a permission the buyer lacks: acting as them would widen the buyer's rights.
    expect((await call(who, 'POST', '/api/auth/act-as', { user_id: powerfulColleague.id })).statusCode).toBe(403);
    // A super admin crosses partners.
    const staff = await as(DEMO_ACCOUNTS.admin);
    expect((await call(staff, 'POST', '/api/auth/act-as', { user_id: prairieBuyer.id })).statusCode).toBe(200);
    await call(staff, 'DELETE', '/api/auth/act-as');
  });

  it('ends acting at once when the admin loses the permission', async () => {
    const who = await as(DEMO_ACCOUNTS.buyer);
    expect((await call(who, 'POST', '/api/auth/act-as', { user_id: colleague.id })).statusCode).toBe(200);
    await updateUser(t.database.db, buyer.id, { adminPermissions: { 'buyer-admin': ['all'] } });
    try {
      const boot = await bootstrap(who);
      expect(boot.user).toMatchObject({ id: buyer.id, actingAs: null });
      const [ended] = await auditOf(buyer.id, 'act_as_end');
      expect(ended).toMatchObject({ actingAsUserId: colleague.id, details: { reason: 'no_longer_allowed' } });
    } finally {
      await updateUser(t.database.db, buyer.id, {
        adminPermissions: { 'buyer-admin': ['all'], 'act-as': true, 'reset-password': true },
      });
    }
  });

  it('is rate limited', async () => {
    const who = await as(DEMO_ACCOUNTS.farmer);
    let last = 0;
    for (let i = 0; i < 32; i++) last = (await call(who, 'DELETE', '/api/auth/act-as')).statusCode;
    expect(last).toBe(429);
  });
});

describe('admin/password-reset', () => {
  const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

  async function passwordLogin(email: string, password: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap', remoteAddress: '10.6.0.1' });
    const cookie = `granary_anon=${cookiesFrom(res.headers['set-cookie']).granary_anon}`;
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/login/basic',
      remoteAddress: freshIp(),
      headers: { cookie, 'x-csrf-token': res.json().csrf, authorization: basic(email, password) },
      payload: { cookie: true, login_source: 'www' },
    });
  }

  it('needs the reset-password permission', async () => {
    const who = await as(DEMO_ACCOUNTS.farmer);
    expect((await call(who, 'POST', '/api/auth/admin/password-reset', { user_id: buyer.id })).statusCode).toBe(403);
  });

  it('keeps a partner admin inside the partner', async () => {
    const who = await as(DEMO_ACCOUNTS.buyer);
    expect((await call(who, 'POST', '/api/auth/admin/password-reset', { user_id: prairieBuyer.id })).statusCode).toBe(
      404,
    );
  });

  it('sets a one-time password, mails it, ends sessions; the next sign-in answers oneTimePassword', async () => {
    const farmerSession = await as(DEMO_ACCOUNTS.farmer);
    const who = await as(DEMO_ACCOUNTS.admin);
    const res = await call(who, 'POST', '/api/auth/admin/password-reset', { user_id: farmer.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const [mail] = await listOutbox(t.database.db, { recipient: DEMO_ACCOUNTS.farmer, limit: 1 });
    expect(mail).toMatchObject({ channel: 'email', template: 'admin_password_reset' });
    const otp = mail!.text.match(/one-time password is: (\S+)/)?.[1] ?? '';
    expect(otp).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await bootstrap(farmerSession)).user.isLoggedIn).toBe(false);
    expect((await passwordLogin(DEMO_ACCOUNTS.farmer, DEMO_PASSWORD)).statusCode).toBe(401);
    const login = await passwordLogin(DEMO_ACCOUNTS.farmer, otp);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ oneTimePassword: true, redirect: '/onetime-password/reset' });
    const [entry] = await auditOf(admin.id, 'admin_password_reset');
    expect(entry).toMatchObject({ targetId: farmer.id });
  });
});
