// A farm business's team (issue 16, decision 052): invitations (single use, expiring, only for the invited address or
// phone), 6.2's change rules, the access flags enforced by the server per flag (team, input purchasing, profit center,
// financial), and another enterprise's ids answering 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CHECKOUT_API, ENTERPRISE_ACCESS_FLAGS, type EnterpriseAccessFlag } from '@granary/domain';
import {
  authTokens,
  enterpriseInvitations,
  enterpriseUsers,
  enterprises,
  storeCarts,
  users,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { TestBrowser, lastMessage } from '../../testing/identity-browser.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';

const EFFU = '/api/effu';
const STRONG = 'sorghum-Harvest-Moon-73!';

let t: TestApp;
let owner: Caller;
let farm: { id: number; publicId: string };
let other: { id: number; publicId: string; memberId: string };
let ownerId: string;
let ipSeq = 0;

function call(
  caller: Caller | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: caller ? headersOf(caller) : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A person with an account (farm side, my sales lite), signed in. */
async function person(email: string): Promise<{ id: string; caller: Caller }> {
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      firstName: 'Sam',
      lastName: email.split('@')[0]!,
      experiences: { enterprise_agronomics: true },
      permissions: ['my-sales-lite'],
    })
    .returning({ id: users.id });
  return { id: row!.id, caller: await signIn(t, email) };
}

async function setFlags(userId: string, permissions: EnterpriseAccessFlag[], role = 'subaccount') {
  await t.database.db
    .update(enterpriseUsers)
    .set({ permissions, role: role as 'subaccount' })
    .where(sql`${enterpriseUsers.userId} = ${userId} and ${enterpriseUsers.enterpriseId} = ${farm.id}`);
}

async function tokenFrom(recipient: string, template: string): Promise<string> {
  const message = await lastMessage(t.database, recipient, template);
  const match = message?.text.match(/token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error(`no invitation link in ${message?.text ?? 'no message'}`);
  return decodeURIComponent(match[1]);
}

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
  const db = t.database.db;
  owner = await signIn(t, DEMO_ACCOUNTS.farmer);
  const [row] = await db
    .select({ id: enterprises.id, publicId: enterprises.publicId, userId: enterpriseUsers.userId })
    .from(enterpriseUsers)
    .innerJoin(enterprises, eq(enterprises.id, enterpriseUsers.enterpriseId))
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(sql`${users.email} = ${DEMO_ACCOUNTS.farmer} and ${enterpriseUsers.role} = 'owner'`)
    .orderBy(enterprises.id)
    .limit(1);
  farm = { id: row!.id, publicId: row!.publicId };
  ownerId = row!.userId;
  // Another farm business with a member of its own (the IDOR checks).
  const [otherFarm] = await db.insert(enterprises).values({ name: 'Other Acres' }).returning();
  const stranger = await person('stranger@team.test');
  await db.insert(enterpriseUsers).values({ enterpriseId: otherFarm!.id, userId: stranger.id, role: 'owner' });
  other = { id: otherFarm!.id, publicId: otherFarm!.publicId, memberId: stranger.id };
});
afterAll(() => t.close());

describe('invitations', () => {
  it('invites an advisor by e-mail; the link works once, for a new account of that address only', async () => {
    const invited = await call(owner, 'POST', `${EFFU}/enterprise/${farm.publicId}/team/invite`, {
      email: 'Advisor@Team.Test',
      role: 'professional',
      permissions: ['has_agronomics', 'has_profit_center_access'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'advisor@team.test', role: 'professional', status: 'pending' });
    const token = await tokenFrom('advisor@team.test', 'team_invitation');

    const details = await call(null, 'GET', `${EFFU}/invitation?token=${token}`);
    expect(details.json()).toMatchObject({ role: 'professional', account_exists: false, signed_in_as_invitee: false });
    // Someone else signed in cannot take it.
    const intruder = await person('intruder@team.test');
    const taken = await call(intruder.caller, 'POST', `${EFFU}/invitation/associate`, { token });
    expect(taken.statusCode).toBe(403);
    // Nor can a new account of another address.
    const browser = await TestBrowser.open(t.app, `10.77.0.${++ipSeq}`);
    const wrong = await browser.post(`${EFFU}/invitation`, {
      token,
      first_name: 'Ada',
      last_name: 'Advisor',
      email: 'someone-else@team.test',
      password: STRONG,
    });
    expect(wrong.statusCode).toBe(403);

    const accepted = await browser.post(`${EFFU}/invitation`, {
      token,
      first_name: 'Ada',
      last_name: 'Advisor',
      password: STRONG,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().redirect).toBe(`/enterprise/${farm.publicId}/team`);
    const again = await TestBrowser.open(t.app, `10.77.0.${++ipSeq}`);
    const reused = await again.post(`${EFFU}/invitation`, { token, first_name: 'A', last_name: 'B', password: STRONG });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('invitation_invalid');

    // The advisor sees the enterprise with only what the owner allowed: no team page, their own flags.
    const team = await browser.get(`${EFFU}/enterprise/${farm.publicId}/team`);
    expect(team.statusCode).toBe(403);
    expect(team.json()).toMatchObject({
      code: 'enterprise_access_required',
      message: 'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
    });
    const mine = await browser.get(`/api/auth/enterprises/${farm.publicId}/permissions`);
    expect(mine.json()).toMatchObject({
      role: 'professional',
      permissions: ['has_profit_center_access', 'has_agronomics'],
    });
    const [account] = await t.database.db.select().from(users).where(eq(users.email, 'advisor@team.test'));
    expect(account).toMatchObject({ userType: 13, verificationStatus: expect.any(String) });
    expect(account!.emailVerifiedAt).not.toBeNull();
  });

  it('expires; a resend voids the old link; a cancel voids it too; an SMS carries a phone invitation', async () => {
    const base = `${EFFU}/enterprise/${farm.publicId}/team/invite`;
    const first = await call(owner, 'POST', base, { email: 'late@team.test', role: 'subaccount' });
    const oldToken = await tokenFrom('late@team.test', 'team_invitation');
    const resent = await call(owner, 'POST', `${base}/resend`, { invitation_id: first.json().id });
    expect(resent.statusCode).toBe(200);
    expect((await call(null, 'GET', `${EFFU}/invitation?token=${oldToken}`)).statusCode).toBe(410);
    const newToken = await tokenFrom('late@team.test', 'team_invitation');
    // Past its expiry the link is refused.
    const [inv] = await t.database.db
      .select()
      .from(enterpriseInvitations)
      .where(eq(enterpriseInvitations.id, first.json().id));
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.id, inv!.tokenId!));
    expect((await call(null, 'GET', `${EFFU}/invitation?token=${newToken}`)).statusCode).toBe(410);
    // A second pending invitation to the same address is refused; a cancel frees it.
    expect((await call(owner, 'POST', base, { email: 'late@team.test', role: 'subaccount' })).statusCode).toBe(409);
    expect((await call(owner, 'DELETE', `${base}/${first.json().id}`)).statusCode).toBe(204);
    expect((await call(owner, 'POST', `${base}/resend`, { invitation_id: first.json().id })).statusCode).toBe(404);

    const bad = await call(owner, 'POST', base, { phone_number: '12', role: 'subaccount' });
    expect(bad.statusCode).toBe(400);
    const both = await call(owner, 'POST', base, {
      email: 'x@team.test',
      phone_number: '+15155550100',
      role: 'subaccount',
    });
    expect(both.statusCode).toBe(400);
    const byPhone = await call(owner, 'POST', base, { phone_number: '(515) 555-0142', role: 'subaccount' });
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    const token = await tokenFrom('+15155550142', 'team_invitation_sms');
    const browser = await TestBrowser.open(t.app, `10.77.0.${++ipSeq}`);
    const noEmail = await browser.post(`${EFFU}/invitation`, {
      token,
      first_name: 'Pat',
      last_name: 'Phone',
      password: STRONG,
    });
    expect(noEmail.statusCode).toBe(400);
    const ok = await browser.post(`${EFFU}/invitation`, {
      token,
      first_name: 'Pat',
      last_name: 'Phone',
      email: 'pat@team.test',
      password: STRONG,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [pat] = await t.database.db.select().from(users).where(eq(users.email, 'pat@team.test'));
    expect(pat).toMatchObject({ normalizedPhoneNumber: '+15155550142', userType: 4 });
  });
});

describe('roles and flags', () => {
  let sub: { id: string; caller: Caller };

  beforeAll(async () => {
    sub = await person('sub@team.test');
    const invited = await call(owner, 'POST', `${EFFU}/subaccount`, {
      enterprise_id: farm.publicId,
      email: 'sub@team.test',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await tokenFrom('sub@team.test', 'team_invitation');
    const details = await call(sub.caller, 'GET', `${EFFU}/invitation?token=${token}`);
    expect(details.json()).toMatchObject({ signed_in_as_invitee: true, account_exists: true });
    expect((await call(sub.caller, 'POST', `${EFFU}/invitation/associate`, { token })).statusCode).toBe(200);
  });

  it('nobody raises their own role or flags; a sub-account cannot remove or change the owner', async () => {
    const self = await call(sub.caller, 'PUT', `${EFFU}/enterprise/${farm.publicId}/member/${sub.id}`, {
      role: 'owner',
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('team_self_change');
    await setFlags(sub.id, ['has_team_access', 'has_manage']);
    const grant = await call(sub.caller, 'PUT', `/api/auth/enterprises/${farm.publicId}/users/${sub.id}/permissions`, {
      permissions: ENTERPRISE_FLAGS,
    });
    expect(grant.statusCode).toBe(409);
    const removeOwner = await call(sub.caller, 'POST', `${EFFU}/remove-user`, {
      enterprise_id: farm.publicId,
      user_id: ownerId,
    });
    expect(removeOwner.statusCode).toBe(403);
    const demote = await call(sub.caller, 'PUT', `${EFFU}/enterprise/${farm.publicId}/member/${ownerId}`, {
      role: 'subaccount',
    });
    expect(demote.statusCode).toBe(403);
    // A manager hands out only what they hold, and never the owner role.
    const makeOwner = await call(sub.caller, 'POST', `${EFFU}/enterprise/${farm.publicId}/team/invite`, {
      email: 'boss@team.test',
      role: 'owner',
    });
    expect(makeOwner.statusCode).toBe(403);
    const more = await call(sub.caller, 'POST', `${EFFU}/enterprise/${farm.publicId}/team/invite`, {
      email: 'helper@team.test',
      role: 'subaccount',
      permissions: ['has_financial_access'],
    });
    expect(more.statusCode).toBe(403);
    // The last owner stays: they can neither leave nor step down.
    const leave = await call(owner, 'POST', `${EFFU}/remove-user`, { enterprise_id: farm.publicId, user_id: ownerId });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().code).toBe('last_owner');
    const audited = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'enterprise_member_change'`,
      ),
    );
    expect(audited[0]!.n).toBe(0);
  });

  it('team pages: reading needs team access, writing needs manage', async () => {
    const team = `${EFFU}/enterprise/${farm.publicId}/team`;
    await setFlags(sub.id, []);
    expect((await call(sub.caller, 'GET', team)).statusCode).toBe(403);
    await setFlags(sub.id, ['has_team_access']);
    const read = await call(sub.caller, 'GET', team);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ can_manage: false, invitations: [] });
    expect(read.json().members.map((m: { email: string }) => m.email)).toContain('sub@team.test');
    expect(
      (await call(sub.caller, 'POST', `${team}/invite`, { email: 'y@team.test', role: 'subaccount' })).statusCode,
    ).toBe(403);
    const ownerView = await call(owner, 'GET', team);
    expect(ownerView.json()).toMatchObject({ can_manage: true, your_role: 'owner' });
  });

  it('cart and checkout need input purchasing on every write', async () => {
    const [cart] = await t.database.db
      .insert(storeCarts)
      .values({ userId: sub.id, enterpriseId: farm.id, country: 'USA', currency: 'USD' })
      .returning();
    const serialNow = async () =>
      (await t.database.db.select().from(storeCarts).where(eq(storeCarts.id, cart!.id)))[0]!.serial;
    const notes = async () => ({ cartId: cart!.id, serial: await serialNow(), notes: 'gate' });
    await setFlags(sub.id, ['has_team_access']);
    const before = await serialNow();
    const refused = await call(sub.caller, 'PUT', `${CHECKOUT_API}/notes`, await notes());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('enterprise_access_required');
    expect(await serialNow()).toBe(before);
    const place = await call(sub.caller, 'POST', `${CHECKOUT_API}/place`, {
      cartId: cart!.id,
      serial: before,
      expectedTotal: '1.00',
    });
    expect(place.statusCode).toBe(403);
    // Another user's cart stays a 404 whatever their flags.
    const other = await call(owner, 'PUT', `${CHECKOUT_API}/notes`, await notes());
    expect(other.statusCode).toBe(404);
    // The owner turns input purchasing on: the write goes through.
    const toggled = await call(owner, 'PUT', `/api/auth/enterprises/${farm.publicId}/users/${sub.id}/permissions`, {
      permissions: ['has_team_access', 'has_input_purchasing_access'],
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json()).toMatchObject({
      editable: true,
      permissions: ['has_team_access', 'has_input_purchasing_access'],
    });
    await call(sub.caller, 'PUT', `${CHECKOUT_API}/notes`, await notes());
    expect(await serialNow()).toBe(before + 1);
  });

  it('profit center needs profit center access; payments need financial access', async () => {
    const pc = '/api/commodities/profit-center';
    await setFlags(sub.id, []);
    const denied = await call(sub.caller, 'GET', `${pc}/contracts`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('enterprise_access_required');
    await setFlags(sub.id, ['has_profit_center_access']);
    expect((await call(sub.caller, 'GET', `${pc}/contracts`)).statusCode).toBe(200);
    expect((await call(sub.caller, 'GET', `${pc}/payment-requests`)).statusCode).toBe(403);
    await setFlags(sub.id, ['has_financial_access']);
    expect((await call(sub.caller, 'GET', `${pc}/payment-requests`)).statusCode).toBe(200);
  });

  it("another enterprise's ids answer 404 (enterprise, member, invitation, permissions)", async () => {
    await setFlags(sub.id, ['has_team_access', 'has_manage']);
    const strangerInvite = await t.database.db
      .insert(enterpriseInvitations)
      .values({
        enterpriseId: other.id,
        email: 'z@team.test',
        role: 'subaccount',
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    for (const [method, url, body] of [
      ['GET', `${EFFU}/enterprise/${other.publicId}/team`],
      ['GET', `${EFFU}/enterprise/${other.id}/roles`],
      ['GET', `${EFFU}/enterprise/not-an-id/team`],
      ['GET', `${EFFU}/enterprise/${farm.publicId}/member/${other.memberId}`],
      ['PUT', `${EFFU}/enterprise/${farm.publicId}/member/${other.memberId}`, { permissions: [] }],
      ['POST', `${EFFU}/remove-user`, { enterprise_id: farm.publicId, user_id: other.memberId }],
      ['POST', `${EFFU}/remove-user`, { enterprise_id: other.publicId, user_id: other.memberId }],
      ['POST', `${EFFU}/enterprise/${farm.publicId}/team/invite/resend`, { invitation_id: strangerInvite[0]!.id }],
      ['DELETE', `${EFFU}/enterprise/${farm.publicId}/team/invite/${strangerInvite[0]!.id}`],
      ['GET', `/api/auth/enterprises/${other.publicId}/permissions`],
      ['GET', `/api/auth/enterprises/${farm.publicId}/users/${other.memberId}/permissions`],
      ['PUT', `/api/auth/enterprises/${other.publicId}/users/${other.memberId}/permissions`, { permissions: [] }],
    ] as const) {
      const res = await call(sub.caller, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('an owner removes a member, who then has no access', async () => {
    const removed = await call(owner, 'POST', `${EFFU}/remove-user`, { enterprise_id: farm.publicId, user_id: sub.id });
    expect(removed.statusCode).toBe(204);
    expect((await call(sub.caller, 'GET', `${EFFU}/enterprise/${farm.publicId}/team`)).statusCode).toBe(404);
  });
});

const ENTERPRISE_FLAGS = [
  'has_team_access',
  'has_input_purchasing_access',
  'has_financial_access',
  'has_profit_center_access',
  'has_agronomics',
  'has_manage',
];

// Issue 16: every call that needs a flag refuses a member without it with the one access-denied code (details naming
// the flag) and lets the same member through with only that flag. Each row: the flag, the calls it guards, and the
// flags that would also open them (team pages: team access or manage), left off when testing the refusal.
describe('every call that needs a flag, per flag', () => {
  type Res = Awaited<ReturnType<typeof call>>;
  type Row = {
    flag: EnterpriseAccessFlag;
    alsoOpens?: EnterpriseAccessFlag[];
    calls: [string, () => Promise<Res>][];
  };
  let member: { id: string; caller: Caller };
  let target: { id: string };
  const variantId = '00000000-0000-4000-8000-00000000f1a9';
  const PC = '/api/commodities/profit-center';

  beforeAll(async () => {
    member = await person('flags@team.test');
    target = await person('flags-target@team.test');
    await t.database.db.insert(enterpriseUsers).values([
      { enterpriseId: farm.id, userId: member.id, role: 'subaccount', permissions: [] },
      { enterpriseId: farm.id, userId: target.id, role: 'subaccount', permissions: [] },
    ]);
    // They accepted the store's terms (placing an order asks for them first) and have an open cart (this app has no
    // store catalogue: adding an unknown variant answers 404 once the flag allows it).
    await t.database.db
      .insert(storeCarts)
      .values({ userId: member.id, enterpriseId: farm.id, country: 'USA', currency: 'USD' });
    await t.database.db.update(users).set({ tosAcceptedAt: new Date() }).where(eq(users.id, member.id));
  });

  const cartNow = async () => (await call(member.caller, 'GET', '/api/store/cart?locale=en-us')).json();
  const checkout = async (path: string, method: 'PUT' | 'POST', body: object) => {
    const cart = await cartNow();
    return call(member.caller, method, `${CHECKOUT_API}/${path}`, { cartId: cart.id, serial: cart.serial, ...body });
  };

  const rows: Row[] = [
    {
      flag: 'has_input_purchasing_access',
      calls: [
        [
          'cart add',
          async () =>
            call(member.caller, 'POST', '/api/store/cart/items?locale=en-us', {
              serial: (await cartNow()).serial,
              variantId,
              quantity: 1,
            }),
        ],
        ['checkout page', () => call(member.caller, 'GET', CHECKOUT_API)],
        ['checkout write', () => checkout('notes', 'PUT', { notes: 'flags' })],
        ['place the order', () => checkout('place', 'POST', { expectedTotal: '0.00' })],
        ['buy now', () => call(member.caller, 'POST', '/api/store/buy-now', { variantId, quantity: 1 })],
      ],
    },
    {
      flag: 'has_profit_center_access',
      calls: [
        ['contracts', () => call(member.caller, 'GET', `${PC}/contracts`)],
        ['scale tickets', () => call(member.caller, 'GET', `${PC}/scale-tickets`)],
        ['balances', () => call(member.caller, 'GET', `${PC}/balances`)],
        ['summary', () => call(member.caller, 'GET', `${PC}/summary`)],
      ],
    },
    {
      flag: 'has_financial_access',
      calls: [
        ['payment requests', () => call(member.caller, 'GET', `${PC}/payment-requests`)],
        ['payment-eligible contracts', () => call(member.caller, 'GET', `${PC}/payment-eligible-contracts`)],
      ],
    },
    {
      flag: 'has_team_access',
      alsoOpens: ['has_manage'],
      calls: [
        ['team page', () => call(member.caller, 'GET', `${EFFU}/enterprise/${farm.publicId}/team`)],
        [
          "another member's access",
          () => call(member.caller, 'GET', `/api/auth/enterprises/${farm.publicId}/users/${target.id}/permissions`),
        ],
      ],
    },
    {
      flag: 'has_manage',
      calls: [
        [
          'invite',
          () =>
            call(member.caller, 'POST', `${EFFU}/enterprise/${farm.publicId}/team/invite`, {
              email: `flag-${++ipSeq}@team.test`,
              role: 'professional',
              permissions: [],
            }),
        ],
        [
          "change a member's flags",
          () =>
            call(member.caller, 'PUT', `/api/auth/enterprises/${farm.publicId}/users/${target.id}/permissions`, {
              permissions: [],
            }),
        ],
        [
          'enterprise profile',
          () =>
            call(member.caller, 'PATCH', `${EFFU}/profile/partial`, { enterprise_id: farm.id, area_estimate: 1200 }),
        ],
        [
          'address book',
          () =>
            call(member.caller, 'POST', `${EFFU}/enterprises/${farm.id}/addresses/shipping_address`, {
              format: 'postal',
              name: 'Flag test',
              line1: '2231 County Road E18',
              city: 'Nevada',
              region: 'ia',
              postal_code: '50201',
              country: 'USA',
            }),
        ],
      ],
    },
    {
      flag: 'has_agronomics',
      calls: [['agronomics', () => call(member.caller, 'GET', `${EFFU}/enterprises/${farm.id}/agronomics`)]],
    },
  ];

  it.each(rows)('$flag: refused without it (403, one code), allowed with it alone', async (row) => {
    const closed = ENTERPRISE_ACCESS_FLAGS.filter((f) => f !== row.flag && !row.alsoOpens?.includes(f));
    for (const [name, send] of row.calls) {
      await setFlags(member.id, closed);
      const refused = await send();
      expect(refused.statusCode, `${name} without ${row.flag}: ${refused.body}`).toBe(403);
      expect(refused.json(), name).toMatchObject({
        code: 'enterprise_access_required',
        message: 'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
        details: { flag: row.flag },
      });
      await setFlags(member.id, [row.flag]);
      const allowed = await send();
      expect(allowed.statusCode, `${name} with ${row.flag}: ${allowed.body}`).toBeLessThan(500);
      expect(allowed.json()?.code, `${name} with ${row.flag}`).not.toBe('enterprise_access_required');
    }
  });

  it('the checkout page and its writes go through (200) with input purchasing alone', async () => {
    await setFlags(member.id, ['has_input_purchasing_access']);
    expect((await call(member.caller, 'GET', CHECKOUT_API)).statusCode).toBe(200);
    const noted = await checkout('notes', 'PUT', { notes: 'allowed' });
    expect(noted.statusCode, noted.body).toBe(200);
  });
});
