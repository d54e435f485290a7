import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.ts';
import { injectAs, startCrmTestApp, type CrmTestApp } from '../../testing/crm-test-app.ts';
import { signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { TestBrowser, lastMessage } from '../../testing/identity-browser.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';

const USERS = '/api/commodities/merchandising/admin/users';
const STRONG = 'wheat-harvest-Moon-42!';

let s: CrmTestApp;

beforeAll(async () => {
  s = await startCrmTestApp();
});
afterAll(async () => {
  await s.t.close();
});

/** The invitation link's token in the newest invitation mail to an address. */
async function invitationToken(email: string): Promise<string> {
  const mail = await lastMessage(s.t.database, email, 'user_invitation');
  const match = mail?.text.match(/\/invitation\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no invitation link in ${mail?.text ?? 'no mail'}`);
  return match[1];
}

async function invite(email: string, extra: Record<string, unknown> = {}) {
  return injectAs(s.t, s.buyer, 'POST', USERS, {
    email,
    firstName: 'Jordan',
    lastName: 'Hale',
    markets: [{ marketId: s.fx.marketAll, permissions: ['contracts', 'info'] }],
    adminPermissions: [],
    ...extra,
  });
}

/** Invites, accepts with a password in a fresh browser; the new user's browser and number. */
async function onboard(email: string): Promise<{ browser: TestBrowser; userId: number }> {
  expect((await invite(email)).statusCode).toBe(201);
  const browser = await TestBrowser.open(
    s.t.app,
    `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  );
  const token = await invitationToken(email);
  const accepted = await browser.post(`/api/auth/invitations/${token}/accept`, {
    firstName: 'Jordan',
    lastName: 'Hale',
    password: STRONG,
  });
  expect(accepted.statusCode).toBe(200);
  const list = await injectAs(s.t, s.buyer, 'GET', `${USERS}?search=${encodeURIComponent(email)}`);
  const row = list.json().users[0];
  return { browser, userId: row.userId as number };
}

async function marketsOf(browser: TestBrowser) {
  return browser.get(`/api/commodities/merchandising/le/${s.fx.demoPlatformId}/markets`);
}

describe('admin users: list and access', () => {
  it("lists the partner's users with status, markets and admin permissions, searchable", async () => {
    const res = await injectAs(s.t, s.buyer, 'GET', USERS);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const me = body.users.find((u: { email: string }) => u.email === DEMO_ACCOUNTS.buyer);
    expect(me).toMatchObject({
      status: 'active',
      adminPermissions: ['buyer-admin', 'structures-admin', 'view-offboarding-report'],
    });
    expect(me.marketsCount).toBeGreaterThan(0);
    // Another partner's buyer and Granary's staff are not the partner's users.
    const emails = body.users.map((u: { email: string }) => u.email);
    expect(emails).not.toContain(DEMO_ACCOUNTS.prairieBuyer);
    expect(emails).not.toContain(DEMO_ACCOUNTS.admin);
    const searched = await injectAs(s.t, s.buyer, 'GET', `${USERS}?search=merchant`);
    expect(searched.json().users.map((u: { email: string }) => u.email)).toEqual([DEMO_ACCOUNTS.buyer]);
  });

  it("answers another partner's user as unknown (404) and a non-admin with 403", async () => {
    const [prairie] = await s.t.database.db
      .select({ legacyId: users.legacyId })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.prairieBuyer));
    expect((await injectAs(s.t, s.buyer, 'GET', `${USERS}/${prairie!.legacyId}`)).statusCode).toBe(404);
    expect((await injectAs(s.t, s.buyer, 'GET', `${USERS}/${prairie!.legacyId}/permissions`)).statusCode).toBe(404);
    expect((await injectAs(s.t, s.farmer, 'GET', USERS)).statusCode).toBe(403);
    expect((await injectAs(s.t, null, 'GET', USERS)).statusCode).toBe(401);
    const { browser } = await onboard('plain.merchandiser@demo.granary.test');
    expect((await browser.get(USERS)).statusCode).toBe(403);
  });
});

describe('invitations', () => {
  it('refuses an address taken by another partner or a farmer, and a bad phone number, with the spec messages', async () => {
    const prairie = await invite(DEMO_ACCOUNTS.prairieBuyer);
    expect(prairie.statusCode).toBe(409);
    expect(prairie.json()).toMatchObject({ code: 'user_taken', message: 'User email or phone number already taken' });
    expect((await invite(DEMO_ACCOUNTS.farmer)).json().code).toBe('user_taken');
    const phone = await invite('phone.check@demo.granary.test', { phoneNumber: '12' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({ code: 'phone_invalid', message: 'The mobile phone number is invalid' });
    // The demo farmer's phone number is taken too.
    expect((await invite('phone.taken@demo.granary.test', { phoneNumber: '+1 515 555 0120' })).json().code).toBe(
      'user_taken',
    );
    // Another partner's market is answered as an unknown one, and nothing was written.
    const foreign = await invite('foreign.market@demo.granary.test', {
      markets: [{ marketId: s.fx.prairieMarket, permissions: ['contracts'] }],
    });
    expect(foreign.statusCode).toBe(404);
    const list = (await injectAs(s.t, s.buyer, 'GET', USERS)).json();
    expect(list.invitations.map((i: { email: string }) => i.email)).not.toContain('foreign.market@demo.granary.test');
  });

  it('mails a single-use link; the invited person sees who invites, sets a password and lands in the CRM with those markets only', async () => {
    const email = 'new.merch@demo.granary.test';
    const created = await invite(email, { phoneNumber: '+1 515 555 0177', adminPermissions: ['structures'] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, marketsCount: 1, expired: false, adminPermissions: ['structures'] });
    const listed = (await injectAs(s.t, s.buyer, 'GET', USERS)).json();
    expect(listed.invitations.map((i: { email: string }) => i.email)).toContain(email);
    // Inviting the same address again while pending: taken.
    expect((await invite(email)).json().code).toBe('user_taken');
    const [audited] = await s.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm_user_invite'), eq(auditLog.targetId, created.json().id)));
    expect(audited).toBeTruthy();

    const token = await invitationToken(email);
    const browser = await TestBrowser.open(s.t.app, '10.8.0.1');
    const info = await browser.get(`/api/auth/invitations/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email, inviterName: 'Dana Merchant', accountExists: false });
    // A weak password is refused and the link still works.
    const weak = await browser.post(`/api/auth/invitations/${token}/accept`, {
      firstName: 'Jordan',
      lastName: 'Hale',
      password: 'password',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('insecure_password');
    const ok = await browser.post(`/api/auth/invitations/${token}/accept`, {
      firstName: 'Jordan',
      lastName: 'Hale',
      password: STRONG,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ redirect: '/crm' });
    expect(await browser.whoAmI()).not.toBeNull();
    const markets = (await marketsOf(browser)).json().markets as { id: number; userPermissions: string[] }[];
    const mine = markets.filter((m) => m.userPermissions.length > 0);
    expect(mine.map((m) => m.id)).toEqual([s.fx.marketAll]);
    expect(mine[0]!.userPermissions).toEqual(['info', 'contracts']);
    // Used: a second accept and the info call say the link is dead.
    expect((await browser.get(`/api/auth/invitations/${token}`)).statusCode).toBe(410);
    const again = await TestBrowser.open(s.t.app, '10.8.0.2');
    const reuse = await again.post(`/api/auth/invitations/${token}/accept`, {
      firstName: 'X',
      lastName: 'Y',
      password: STRONG,
    });
    expect(reuse.statusCode).toBe(410);
    expect(reuse.json().code).toBe('invitation_invalid');
    const after = (await injectAs(s.t, s.buyer, 'GET', USERS)).json();
    expect(after.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('an existing account of nobody joins without a password when signed in as itself; else it is asked to sign in', async () => {
    const email = 'loner@demo.granary.test';
    await s.t.database.db.insert(users).values({ email, firstName: 'Lee', lastName: 'Loner' });
    expect((await invite(email)).statusCode).toBe(201);
    const token = await invitationToken(email);
    const anonymous = await TestBrowser.open(s.t.app, '10.8.2.1');
    expect((await anonymous.get(`/api/auth/invitations/${token}`)).json()).toMatchObject({
      accountExists: true,
      signedInAsInvitee: false,
    });
    const refused = await anonymous.post(`/api/auth/invitations/${token}/accept`, {
      firstName: 'Lee',
      lastName: 'Loner',
      password: STRONG,
    });
    expect(refused.statusCode).toBe(403);
    const me = await signIn(s.t, email);
    const info = await injectAs(s.t, me, 'GET', `/api/auth/invitations/${token}`);
    expect(info.json().signedInAsInvitee).toBe(true);
    const joined = await injectAs(s.t, me, 'POST', `/api/auth/invitations/${token}/accept`, {
      firstName: 'Lee',
      lastName: 'Loner',
    });
    expect(joined.statusCode).toBe(200);
    const markets = await injectAs(s.t, me, 'GET', `/api/commodities/merchandising/le/${s.fx.demoPlatformId}/markets`);
    expect(markets.statusCode).toBe(200);
    const [row] = await s.t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ partnerId: 'demo', experiences: { grain_buying: true } });
  });

  it('resend voids the old link; revoke voids the invitation', async () => {
    const email = 'resend.me@demo.granary.test';
    const created = (await invite(email)).json();
    const first = await invitationToken(email);
    const resent = await injectAs(s.t, s.buyer, 'POST', `${USERS}/invitations/${created.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const second = await invitationToken(email);
    expect(second).not.toBe(first);
    const browser = await TestBrowser.open(s.t.app, '10.8.1.1');
    expect((await browser.get(`/api/auth/invitations/${first}`)).statusCode).toBe(410);
    expect((await browser.get(`/api/auth/invitations/${second}`)).statusCode).toBe(200);
    // Another partner's admin cannot touch it.
    expect((await injectAs(s.t, s.prairie, 'DELETE', `${USERS}/invitations/${created.id}`)).statusCode).toBe(404);
    expect((await injectAs(s.t, s.buyer, 'DELETE', `${USERS}/invitations/${created.id}`)).statusCode).toBe(204);
    expect((await browser.get(`/api/auth/invitations/${second}`)).statusCode).toBe(410);
  });
});

describe('permissions and suspension', () => {
  let jordan: { browser: TestBrowser; userId: number };
  beforeAll(async () => {
    jordan = await onboard('matrix.user@demo.granary.test');
  });

  it('reads and writes the matrix with If-Match; the next request of the user sees the change', async () => {
    const read = await injectAs(s.t, s.buyer, 'GET', `${USERS}/${jordan.userId}/permissions`);
    expect(read.statusCode).toBe(200);
    const matrix = read.json();
    expect(read.headers.etag).toBe(`"${matrix.version}"`);
    expect(matrix.markets.find((m: { marketId: number }) => m.marketId === s.fx.marketAll).permissions).toEqual([
      'info',
      'contracts',
    ]);
    const body = {
      markets: [
        { marketId: s.fx.marketBidsOnly, permissions: ['instruments', 'offers'] },
        { marketId: s.fx.marketNone, permissions: ['dashboard'] },
      ],
      adminPermissions: ['farmer-admin'],
    };
    expect((await injectAs(s.t, s.buyer, 'PUT', `${USERS}/${jordan.userId}/permissions`, body)).statusCode).toBe(428);
    const written = await injectAs(s.t, s.buyer, 'PUT', `${USERS}/${jordan.userId}/permissions`, body, {
      'if-match': `"${matrix.version}"`,
    });
    expect(written.statusCode).toBe(200);
    expect(written.json().adminPermissions).toEqual(['farmer-admin']);
    // The same old version again: someone changed it meanwhile.
    const stale = await injectAs(s.t, s.buyer, 'PUT', `${USERS}/${jordan.userId}/permissions`, body, {
      'if-match': `"${matrix.version}"`,
    });
    expect(stale.statusCode).toBe(412);
    const markets = (await marketsOf(jordan.browser)).json().markets as { id: number; userPermissions: string[] }[];
    expect(
      markets
        .filter((m) => m.userPermissions.length > 0)
        .map((m) => m.id)
        .sort(),
    ).toEqual([s.fx.marketBidsOnly, s.fx.marketNone].sort());
    const [audited] = await s.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'crm_user_permissions_update'));
    expect(audited).toBeTruthy();
    // Another partner's market in the matrix: 404, nothing written.
    const foreign = await injectAs(
      s.t,
      s.buyer,
      'PUT',
      `${USERS}/${jordan.userId}/permissions`,
      { markets: [{ marketId: s.fx.prairieMarket, permissions: ['contracts'] }], adminPermissions: [] },
      { 'if-match': written.headers.etag as string },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('edits the name and phone; a bad phone is the spec message', async () => {
    const user = (await injectAs(s.t, s.buyer, 'GET', `${USERS}/${jordan.userId}`)).json();
    const bad = await injectAs(
      s.t,
      s.buyer,
      'PATCH',
      `${USERS}/${jordan.userId}`,
      { phoneNumber: 'call me' },
      { 'if-match': `"${user.version}"` },
    );
    expect(bad.json()).toMatchObject({ code: 'phone_invalid', message: 'The mobile phone number is invalid' });
    const ok = await injectAs(
      s.t,
      s.buyer,
      'PATCH',
      `${USERS}/${jordan.userId}`,
      { firstName: 'Jordy', phoneNumber: '+1 515 555 0188' },
      { 'if-match': `"${user.version}"` },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstName: 'Jordy', phoneNumber: '+1 515 555 0188' });
  });

  it('a buyer-admin cannot suspend themself nor drop their own buyer-admin', async () => {
    const list = (await injectAs(s.t, s.buyer, 'GET', `${USERS}?search=merchant`)).json();
    const selfId = list.users[0].userId as number;
    const me = (await injectAs(s.t, s.buyer, 'GET', `${USERS}/${selfId}`)).json();
    expect(me.isSelf).toBe(true);
    const suspend = await injectAs(
      s.t,
      s.buyer,
      'PATCH',
      `${USERS}/${selfId}`,
      { status: 'suspended' },
      { 'if-match': `"${me.version}"` },
    );
    expect(suspend.statusCode).toBe(409);
    expect(suspend.json().code).toBe('admin_self_change');
    const matrix = (await injectAs(s.t, s.buyer, 'GET', `${USERS}/${selfId}/permissions`)).json();
    const drop = await injectAs(
      s.t,
      s.buyer,
      'PUT',
      `${USERS}/${selfId}/permissions`,
      { markets: matrix.markets, adminPermissions: [] },
      { 'if-match': `"${matrix.version}"` },
    );
    expect(drop.json().code).toBe('admin_self_change');
  });

  it("suspend: the user's next request is 401; unsuspend lets them sign in again", async () => {
    expect((await marketsOf(jordan.browser)).statusCode).toBe(200);
    const user = (await injectAs(s.t, s.buyer, 'GET', `${USERS}/${jordan.userId}`)).json();
    const suspended = await injectAs(
      s.t,
      s.buyer,
      'PATCH',
      `${USERS}/${jordan.userId}`,
      { status: 'suspended' },
      { 'if-match': `"${user.version}"` },
    );
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().status).toBe('suspended');
    expect((await marketsOf(jordan.browser)).statusCode).toBe(401);
    const row = (await injectAs(s.t, s.buyer, 'GET', `${USERS}?search=matrix.user`)).json().users[0];
    expect(row.status).toBe('suspended');
    const back = await injectAs(
      s.t,
      s.buyer,
      'PATCH',
      `${USERS}/${jordan.userId}`,
      { status: 'active' },
      { 'if-match': suspended.headers.etag as string },
    );
    expect(back.json().status).toBe('active');
    const again: Caller = await signIn(s.t, 'matrix.user@demo.granary.test');
    expect(
      (await injectAs(s.t, again, 'GET', `/api/commodities/merchandising/le/${s.fx.demoPlatformId}/markets`))
        .statusCode,
    ).toBe(200);
  });
});
