// The staff administration area (issue 16): who may use it, the users search, a user's page, the lifecycle actions
// and their effect on the user's sessions and sign-in, roles and admin permissions under 6.2's rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { auditLog, users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

async function findUserByEmail(email: string): Promise<UserRow> {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function insertUser(row: typeof users.$inferInsert): Promise<void> {
  await t.database.db.insert(users).values(row);
}

let t: TestApp;
let farmer: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.update(users).set({ partnerId: 'demo' }).where(eq(users.email, DEMO_ACCOUNTS.farmer));
  farmer = await findUserByEmail(DEMO_ACCOUNTS.farmer);
  // Staff limited to the demo partner's users, with the lifecycle permissions.
  await insertUser({
    email: 'support@granary.test',
    firstName: 'Sue',
    lastName: 'Port',
    employeeInfo: { role: 'cx_representative' },
    adminPermissions: {
      'list-all-user-details': ['demo'],
      'suspend-account': ['demo'],
      'restore-delete-users': ['demo'],
    },
  });
  // Staff limited to the demo partner for manual resource permissions and selective features too.
  await insertUser({
    email: 'desk@granary.test',
    firstName: 'Dee',
    lastName: 'Esk',
    employeeInfo: { role: 'cx_representative' },
    adminPermissions: {
      'list-all-user-details': ['demo'],
      'view-manual-permissions': ['demo'],
      'grant-manual-permissions': ['demo'],
      'selective-features': ['demo'],
    },
  });
  // Staff holding manage-admins, with act-as only for the demo partner.
  await insertUser({
    email: 'lead@granary.test',
    firstName: 'Lee',
    lastName: 'Ed',
    employeeInfo: { role: 'regional_manager' },
    adminPermissions: { 'list-all-user-details': 'all', 'manage-admins': true, 'act-as': ['demo'] },
  });
});
afterAll(() => t.close());

type Who = { cookie: string; csrf: string };

async function as(email: string): Promise<Who> {
  const cookie = await t.sessionCookie(email);
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json()
    .csrf as string;
  return { cookie, csrf };
}

function call(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
    ...(payload ? { payload } : {}),
  });
}

async function lastAudit(targetId: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('the staff area', () => {
  it('is for staff holding the permission: a farmer or a partner admin gets 403', async () => {
    expect((await call(await as(DEMO_ACCOUNTS.farmer), 'GET', '/api/effu/users')).statusCode).toBe(403);
    expect((await call(await as(DEMO_ACCOUNTS.buyer), 'GET', '/api/effu/users')).statusCode).toBe(403);
    const res = await call(await as(DEMO_ACCOUNTS.admin), 'GET', '/api/effu/users?search=farmer%40demo');
    expect(res.statusCode).toBe(200);
    expect(res.json().users.map((u: { email: string }) => u.email)).toEqual([DEMO_ACCOUNTS.farmer]);
  });

  it('finds users by name, phone, enterprise and legacy id, paged with a token', async () => {
    const admin = await as(DEMO_ACCOUNTS.admin);
    const byId = (await call(admin, 'GET', `/api/effu/users?search=${farmer.legacyId}`)).json();
    expect(byId.users.some((u: { id: string }) => u.id === farmer.id)).toBe(true);
    const byName = (await call(admin, 'GET', `/api/effu/users?search=${encodeURIComponent('Sue Port')}`)).json();
    expect(byName.users.map((u: { email: string }) => u.email)).toEqual(['support@granary.test']);
    const first = (await call(admin, 'GET', '/api/effu/users?page_size=2')).json();
    expect(first.users).toHaveLength(2);
    expect(first.total_count).toBeGreaterThan(2);
    const second = (
      await call(admin, 'GET', `/api/effu/users?page_size=2&page=2&pagination_token=${first.pagination_token}`)
    ).json();
    expect(second.users[0].email > first.users[1].email).toBe(true);
    const enterprises = (await call(admin, 'GET', '/api/effu/enterprises/admin-list?page_size=5')).json();
    expect(enterprises.total_count).toBeGreaterThan(0);
  });

  it("a grant limited to partners sees only their users; another's answers 404", async () => {
    const who = await as('support@granary.test');
    const list = (await call(who, 'GET', '/api/effu/users?page_size=100')).json();
    expect(list.users.every((u: { email: string }) => !u.email.endsWith('@prairie.granary.test'))).toBe(true);
    const prairie = await findUserByEmail(DEMO_ACCOUNTS.prairieBuyer);
    expect((await call(who, 'GET', `/api/effu/user/${prairie.id}`)).statusCode).toBe(404);
    expect((await call(who, 'POST', `/api/effu/users/${prairie.id}/suspend`)).statusCode).toBe(404);
    expect((await call(who, 'GET', '/api/effu/user/not-an-id')).statusCode).toBe(404);
  });

  it("shows a user's enterprises, sessions and recent audit", async () => {
    await as(DEMO_ACCOUNTS.farmer);
    const user = (await call(await as('support@granary.test'), 'GET', `/api/effu/user/${farmer.legacyId}`)).json();
    expect(user.email).toBe(DEMO_ACCOUNTS.farmer);
    expect(user.enterprises.length).toBeGreaterThan(0);
    expect(user.enterprises[0].role).toBeTruthy();
    expect(user.sessions.length).toBeGreaterThan(0);
    expect(user.status).toBe('active');
  });
});

describe('lifecycle', () => {
  it("suspend: the user's next request answers account_suspended, then they are signed out; unsuspend lets them back", async () => {
    const farmerSession = await as(DEMO_ACCOUNTS.farmer);
    const support = await as('support@granary.test');
    const res = await call(support, 'POST', `/api/effu/users/${farmer.id}/suspend`);
    expect(res.json()).toEqual({ status: 'suspended', locked: false });
    expect((await lastAudit(farmer.id))?.action).toBe('user_suspend');
    const next = await call(farmerSession, 'GET', '/api/bootstrap');
    expect(next.statusCode).toBe(403);
    expect(next.json().code).toBe('account_suspended');
    // The session is over: the request after that is anonymous.
    expect((await call(farmerSession, 'GET', '/api/bootstrap')).json().user.isLoggedIn).toBe(false);
    // Twice: a conflict, nothing written.
    expect((await call(support, 'POST', `/api/effu/users/${farmer.id}/suspend`)).statusCode).toBe(409);
    expect((await call(support, 'POST', `/api/effu/users/${farmer.id}/unsuspend`)).json().status).toBe('active');
    expect((await call(await as(DEMO_ACCOUNTS.farmer), 'GET', '/api/bootstrap')).json().user.isLoggedIn).toBe(true);
    // Recent activity says who did it (on the farmer's page) and to whom (on the staff member's page), in words.
    const page = (await call(support, 'GET', `/api/effu/user/${farmer.id}`)).json();
    expect(page.audit).toContainEqual(
      expect.objectContaining({
        action: 'user_suspend',
        actor_name: 'Sue Port',
        target_name: null,
        relation: 'target',
      }),
    );
    const staffPage = (
      await call(
        await as('lead@granary.test'),
        'GET',
        `/api/effu/user/${(await findUserByEmail('support@granary.test')).id}`,
      )
    ).json();
    expect(staffPage.audit).toContainEqual(
      expect.objectContaining({
        action: 'user_suspend',
        target_name: `${farmer.firstName} ${farmer.lastName}`,
        relation: 'actor',
      }),
    );
  });

  it('delete then recover; unlock lifts the lockout; nobody changes themself or a super admin', async () => {
    const support = await as('support@granary.test');
    const farmerSession = await as(DEMO_ACCOUNTS.farmer);
    expect((await call(support, 'POST', `/api/effu/user/${farmer.id}/delete`)).json().status).toBe('deleted');
    expect((await call(farmerSession, 'GET', '/api/bootstrap')).json().code).toBe('account_deleted');
    expect((await call(support, 'POST', `/api/effu/user/${farmer.id}/recover`)).json().status).toBe('active');
    expect((await call(support, 'POST', `/api/effu/users/${farmer.id}/unlock`)).json().locked).toBe(false);
    expect((await lastAudit(farmer.id))?.action).toBe('user_unlock');
    expect(
      (await call(support, 'POST', '/api/effu/users/00000000-0000-0000-0000-000000000000/suspend')).statusCode,
    ).toBe(404);
    const admin = await findUserByEmail(DEMO_ACCOUNTS.admin);
    // Oneself: refused; a super admin: never changed here.
    expect((await call(await as(DEMO_ACCOUNTS.admin), 'POST', `/api/effu/users/${admin.id}/suspend`)).statusCode).toBe(
      409,
    );
    expect((await call(support, 'POST', `/api/effu/users/${admin.id}/suspend`)).statusCode).toBe(403);
    // Without the permission: 403.
    expect((await call(await as('lead@granary.test'), 'POST', `/api/effu/users/${farmer.id}/suspend`)).statusCode).toBe(
      403,
    );
  });

  it('end all sessions signs the user out everywhere', async () => {
    const farmerSession = await as(DEMO_ACCOUNTS.farmer);
    const res = await call(await as('support@granary.test'), 'DELETE', `/api/effu/user/${farmer.id}/sessions`);
    expect(res.statusCode).toBe(204);
    expect((await call(farmerSession, 'GET', '/api/bootstrap')).json().user.isLoggedIn).toBe(false);
  });
});

describe('roles and admin permissions', () => {
  it('assigns employee and community-builder roles (an employee role needs manage-admins)', async () => {
    const admin = await as(DEMO_ACCOUNTS.admin);
    const res = await call(admin, 'PUT', `/api/effu/user/${farmer.id}/roles`, {
      employee_role: null,
      community_builder_roles: ['seed_community_builder'],
    });
    expect(res.json().community_builder_roles).toEqual(['seed_community_builder']);
    expect(
      (
        await call(admin, 'PUT', `/api/effu/user/${farmer.id}/roles`, {
          employee_role: 'not_a_role',
          community_builder_roles: [],
        })
      ).statusCode,
    ).toBe(400);
    // support lacks grant-permissions.
    expect(
      (
        await call(await as('support@granary.test'), 'PUT', `/api/effu/user/${farmer.id}/roles`, {
          employee_role: 'loan_advisor',
          community_builder_roles: [],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('grants only what the granter holds, with manage-admins; revokes; 6.2 applies at once', async () => {
    const leadWho = await as('lead@granary.test');
    const granted = await call(leadWho, 'PUT', `/api/effu/user/${farmer.id}/admin-permissions`, {
      permission: 'act-as',
      value: ['demo'],
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().admin_permissions['act-as']).toEqual(['demo']);
    expect((await lastAudit(farmer.id))?.action).toBe('admin_permission_grant');
    // More than the lead holds: act-as everywhere, or a permission they lack.
    for (const body of [
      { permission: 'act-as', value: 'all' },
      { permission: 'act-as', value: ['prairie'] },
      { permission: 'reset-password', value: true },
    ])
      expect((await call(leadWho, 'PUT', `/api/effu/user/${farmer.id}/admin-permissions`, body)).statusCode).toBe(403);
    // support has no manage-admins.
    expect(
      (
        await call(await as('support@granary.test'), 'PUT', `/api/effu/user/${farmer.id}/admin-permissions`, {
          permission: 'act-as',
          value: ['demo'],
        })
      ).statusCode,
    ).toBe(403);
    const revoked = await call(leadWho, 'DELETE', `/api/effu/user/${farmer.id}/admin-permissions/act-as`);
    expect(revoked.json().admin_permissions).toEqual({});
    expect((await call(leadWho, 'DELETE', `/api/effu/user/${farmer.id}/admin-permissions/nope`)).statusCode).toBe(400);
  });
});

describe('manual resource permissions and selective features', () => {
  it('grants a flag on an enterprise by hand, lists it beside the automatic ones, and revokes it', async () => {
    const admin = await as(DEMO_ACCOUNTS.admin);
    const own = (await call(admin, 'GET', `/api/auth/users/${farmer.id}/permissions/resource-permissions`)).json();
    expect(own.automatic.length).toBeGreaterThan(0);
    const enterpriseId = own.automatic[0].resource_id as string;
    const prairie = await findUserByEmail(DEMO_ACCOUNTS.prairieBuyer);
    const grant = {
      user_id: prairie.id,
      resource_type: 'enterprise',
      resource_id: enterpriseId,
      permission: 'has_agronomics',
    };
    const granted = await call(admin, 'POST', '/api/auth/permissions/resource-permissions/manual', grant);
    expect(granted.json().manual.map((p: { permission: string }) => p.permission)).toEqual(['has_agronomics']);
    expect((await lastAudit(prairie.id))?.action).toBe('manual_permission_grant');
    const bad = await call(admin, 'POST', '/api/auth/permissions/resource-permissions/manual', {
      ...grant,
      permission: 'has_everything',
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await call(admin, 'POST', '/api/auth/permissions/resource-permissions/manual', {
      ...grant,
      resource_id: '999999',
    });
    expect(unknown.statusCode).toBe(404);
    // support has neither view- nor grant-manual-permissions.
    const support = await as('support@granary.test');
    expect(
      (await call(support, 'GET', `/api/auth/users/${farmer.id}/permissions/resource-permissions/manual`)).statusCode,
    ).toBe(403);
    const revoked = await call(admin, 'DELETE', '/api/auth/permissions/resource-permissions/manual', grant);
    expect(revoked.json().manual).toEqual([]);
  });

  it('a flag granted by hand takes effect: the team page opens to someone outside the enterprise, until revoked', async () => {
    const admin = await as(DEMO_ACCOUNTS.admin);
    const own = (await call(admin, 'GET', `/api/auth/users/${farmer.id}/permissions/resource-permissions`)).json();
    const enterpriseId = own.automatic[0].resource_id as string;
    const prairie = await findUserByEmail(DEMO_ACCOUNTS.prairieBuyer);
    const outsider = await as(DEMO_ACCOUNTS.prairieBuyer);
    const team = () => call(outsider, 'GET', `/api/effu/enterprise/${enterpriseId}/team`);
    expect((await team()).statusCode).toBe(404);
    const grant = {
      user_id: prairie.id,
      resource_type: 'enterprise',
      resource_id: enterpriseId,
      permission: 'has_team_access',
    };
    expect((await call(admin, 'POST', '/api/auth/permissions/resource-permissions/manual', grant)).statusCode).toBe(
      200,
    );
    const seen = await team();
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ your_permissions: ['has_team_access'], can_manage: false });
    // Seeing is not managing: an invitation still needs has_manage.
    const invite = await call(outsider, 'POST', `/api/effu/enterprise/${enterpriseId}/team/invite`, {
      email: 'someone@nobody.granary.test',
      role: 'subaccount',
      permissions: [],
    });
    expect(invite.statusCode).toBe(403);
    await call(admin, 'DELETE', '/api/auth/permissions/resource-permissions/manual', grant);
    expect((await team()).statusCode).toBe(404);
  });

  it("sets an enterprise's selective features, which its lists and the catalogue then show", async () => {
    const admin = await as(DEMO_ACCOUNTS.admin);
    const list = (await call(admin, 'GET', '/api/effu/enterprises/admin-list?page_size=1')).json();
    const id = list.enterprises[0].id as number;
    const put = await call(admin, 'PUT', `/api/auth/enterprises/${id}/selective-features`, {
      features: ['pay-by-check', 'pay-by-check'],
    });
    expect(put.json().features).toEqual(['pay-by-check']);
    expect((await call(admin, 'GET', `/api/auth/enterprises/${id}/selective-features`)).json().features).toEqual([
      'pay-by-check',
    ]);
    const having = (await call(admin, 'GET', '/api/auth/enterprises/selective-features?feature=pay-by-check')).json();
    expect(having.enterprises.map((e: { enterprise_id: number }) => e.enterprise_id)).toContain(id);
    const catalogue = (await call(admin, 'GET', '/api/auth/selective-features')).json();
    expect(catalogue.features).toContainEqual({ name: 'pay-by-check', enterprises_count: 1 });
    expect(
      (await call(admin, 'PUT', `/api/auth/enterprises/${id}/selective-features`, { features: ['Bad Name!'] }))
        .statusCode,
    ).toBe(400);
    expect((await call(admin, 'GET', '/api/auth/enterprises/999999/selective-features')).statusCode).toBe(404);
    expect((await call(await as('support@granary.test'), 'GET', '/api/auth/selective-features')).statusCode).toBe(403);
  });
});

describe('partner-limited staff and enterprises', () => {
  type Listed = { id: number; name: string };
  async function enterpriseIds() {
    const admin = await as(DEMO_ACCOUNTS.admin);
    const all = (await call(admin, 'GET', '/api/effu/enterprises/admin-list?page_size=100')).json();
    const id = (name: string) => all.enterprises.find((e: Listed) => e.name === name).id as number;
    // Fieldman Family Farms is a client of the demo partner; Rivers Ridge Farms is nobody's client.
    return { ours: id('Fieldman Family Farms'), theirs: id('Rivers Ridge Farms') };
  }

  it("list their partners' clients' enterprises (the picker's list) and only those", async () => {
    const { ours, theirs } = await enterpriseIds();
    const desk = await as('desk@granary.test');
    const list = await call(desk, 'GET', '/api/effu/enterprises/admin-list?page_size=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().enterprises.map((e: Listed) => e.id)).toEqual([ours]);
    expect(list.json().total_count).toBe(1);
    const searched = (await call(desk, 'GET', `/api/effu/enterprises/admin-list?search=${theirs}`)).json();
    expect(searched.enterprises).toEqual([]);
    const byName = (await call(desk, 'GET', '/api/effu/enterprises/admin-list?search=fieldman')).json();
    expect(byName.enterprises.map((e: Listed) => e.id)).toEqual([ours]);
  });

  it("grant and revoke by hand on their partners' enterprises; another's answers 404 and changes nothing", async () => {
    const { ours, theirs } = await enterpriseIds();
    const desk = await as('desk@granary.test');
    const grant = { user_id: farmer.id, resource_type: 'enterprise', permission: 'has_agronomics' };
    const refused = await call(desk, 'POST', '/api/auth/permissions/resource-permissions/manual', {
      ...grant,
      resource_id: String(theirs),
    });
    expect(refused.statusCode).toBe(404);
    const manual = () => call(desk, 'GET', `/api/auth/users/${farmer.id}/permissions/resource-permissions/manual`);
    expect((await manual()).json().manual).toEqual([]);
    const ok = await call(desk, 'POST', '/api/auth/permissions/resource-permissions/manual', {
      ...grant,
      resource_id: String(ours),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().manual).toMatchObject([
      { resource_id: String(ours), permission: 'has_agronomics', revocable: true },
    ]);
    expect((await lastAudit(farmer.id))?.action).toBe('manual_permission_grant');
    // A grant on another enterprise (a super admin's) is listed, not revocable by desk, and its revoke answers 404.
    const admin = await as(DEMO_ACCOUNTS.admin);
    const theirsGrant = { ...grant, resource_id: String(theirs) };
    await call(admin, 'POST', '/api/auth/permissions/resource-permissions/manual', theirsGrant);
    const listed = (await manual()).json().manual as { resource_id: string; revocable: boolean }[];
    expect(listed.map((p) => [p.resource_id, p.revocable]).sort()).toEqual(
      [
        [String(ours), true],
        [String(theirs), false],
      ].sort(),
    );
    const adminView = (
      await call(admin, 'GET', `/api/auth/users/${farmer.id}/permissions/resource-permissions`)
    ).json();
    expect(adminView.manual.every((p: { revocable: boolean }) => p.revocable)).toBe(true);
    expect(
      (await call(desk, 'DELETE', '/api/auth/permissions/resource-permissions/manual', theirsGrant)).statusCode,
    ).toBe(404);
    await call(admin, 'DELETE', '/api/auth/permissions/resource-permissions/manual', theirsGrant);
    const revoked = await call(desk, 'DELETE', '/api/auth/permissions/resource-permissions/manual', {
      ...grant,
      resource_id: String(ours),
    });
    expect(revoked.json().manual).toEqual([]);
    expect((await lastAudit(farmer.id))?.action).toBe('manual_permission_revoke');
  });

  it("set selective features on their partners' enterprises only; the catalogue counts only theirs", async () => {
    const { ours, theirs } = await enterpriseIds();
    const desk = await as('desk@granary.test');
    const admin = await as(DEMO_ACCOUNTS.admin);
    await call(admin, 'PUT', `/api/auth/enterprises/${theirs}/selective-features`, { features: ['tax-exemption'] });
    expect((await call(desk, 'GET', `/api/auth/enterprises/${theirs}/selective-features`)).statusCode).toBe(404);
    const put = await call(desk, 'PUT', `/api/auth/enterprises/${theirs}/selective-features`, { features: [] });
    expect(put.statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/auth/enterprises/${theirs}/selective-features`)).json().features).toEqual([
      'tax-exemption',
    ]);
    const having = (await call(desk, 'GET', '/api/auth/enterprises/selective-features?feature=tax-exemption')).json();
    expect(having.enterprises).toEqual([]);
    const catalogue = (await call(desk, 'GET', '/api/auth/selective-features')).json();
    expect(catalogue.features).toContainEqual({ name: 'tax-exemption', enterprises_count: 0 });
    const ownPut = await call(desk, 'PUT', `/api/auth/enterprises/${ours}/selective-features`, {
      features: ['tax-exemption'],
    });
    expect(ownPut.statusCode).toBe(200);
    await call(admin, 'PUT', `/api/auth/enterprises/${theirs}/selective-features`, { features: [] });
    await call(desk, 'PUT', `/api/auth/enterprises/${ours}/selective-features`, { features: [] });
  });

  it("end to end: a flag granted by hand opens the enterprise's agronomics to a partner's user; revoked, it is refused", async () => {
    const { ours } = await enterpriseIds();
    const desk = await as('desk@granary.test');
    // A user of the demo partner, outside the enterprise (the demo buyer holds admin permissions desk does not).
    await insertUser({ email: 'hand@demo.granary.test', firstName: 'Hal', lastName: 'And', partnerId: 'demo' });
    const handRow = await findUserByEmail('hand@demo.granary.test');
    const hand = await as('hand@demo.granary.test');
    const agronomics = () => call(hand, 'GET', `/api/effu/enterprises/${ours}/agronomics`);
    expect((await agronomics()).statusCode).toBe(404);
    const grant = {
      user_id: handRow.id,
      resource_type: 'enterprise',
      resource_id: String(ours),
      permission: 'has_agronomics',
    };
    expect((await call(desk, 'POST', '/api/auth/permissions/resource-permissions/manual', grant)).statusCode).toBe(200);
    const seen = await agronomics();
    expect(seen.statusCode).toBe(200);
    expect(seen.json().summaries.length).toBeGreaterThan(0);
    // The grant is that flag and no other: the team stays closed.
    expect((await call(hand, 'GET', `/api/effu/enterprise/${ours}/team`)).statusCode).toBe(403);
    expect((await call(desk, 'DELETE', '/api/auth/permissions/resource-permissions/manual', grant)).statusCode).toBe(
      200,
    );
    expect((await lastAudit(handRow.id))?.action).toBe('manual_permission_revoke');
    expect((await agronomics()).statusCode).toBe(404);
  });

  it("end to end: a selective feature set on an enterprise is in its members' profile; removed, it is gone", async () => {
    const { ours } = await enterpriseIds();
    const desk = await as('desk@granary.test');
    const member = await as(DEMO_ACCOUNTS.farmer);
    const features = async () =>
      (await call(member, 'GET', `/api/effu/enterprises/${ours}/profile`)).json().features as Record<string, boolean>;
    expect(await features()).not.toHaveProperty('pay-by-check');
    await call(desk, 'PUT', `/api/auth/enterprises/${ours}/selective-features`, { features: ['pay-by-check'] });
    expect(await features()).toMatchObject({ 'pay-by-check': true });
    await call(desk, 'PUT', `/api/auth/enterprises/${ours}/selective-features`, { features: [] });
    expect(await features()).not.toHaveProperty('pay-by-check');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'enterprise'), eq(auditLog.targetId, String(ours))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'selective_features_update',
      details: { before: ['pay-by-check'], after: [] },
    });
  });
});
