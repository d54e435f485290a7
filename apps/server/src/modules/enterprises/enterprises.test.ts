import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, enterpriseUsers, enterprises, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { DEMO_TWO_FARMS_GROWER } from '../../seed/enterprise-profile-demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';

let t: TestApp;
let farmer: Caller;
let grower: Caller;
let admin: Caller;
let helper: Caller;
let farmId: number;
let farmPublicId: string;
let farmerId: string;
let growerId: string;
let growerFarm: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (caller: Caller, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headersOf(caller), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const idOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  farmerId = await idOf(DEMO_ACCOUNTS.farmer);
  growerId = await idOf(DEMO_TWO_FARMS_GROWER);
  const [farm] = await db
    .select({ id: enterprises.id, publicId: enterprises.publicId })
    .from(enterprises)
    .where(eq(enterprises.name, 'Fieldman Family Farms'));
  farmId = farm!.id;
  farmPublicId = farm!.publicId;
  growerFarm = (await db.select().from(enterpriseUsers).where(eq(enterpriseUsers.userId, growerId)))[0]!.enterpriseId;
  // A sub-account on the farm without has_manage (agronomics only).
  const [sub] = await db
    .insert(users)
    .values({ email: 'helper@fieldman.test', firstName: 'Hal', lastName: 'Helper', tosAcceptedAt: new Date() })
    .returning({ id: users.id });
  await db
    .insert(enterpriseUsers)
    .values({ enterpriseId: farmId, userId: sub!.id, role: 'subaccount', permissions: ['has_agronomics'] });
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  grower = await signIn(t, DEMO_TWO_FARMS_GROWER);
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
  helper = await signIn(t, 'helper@fieldman.test');
});
afterAll(() => t.close());

describe('enterprise profile', () => {
  it("reads the owner's farm with the fields of platform.md 3.3, snake_case on the wire", async () => {
    const res = await call(farmer, 'GET', `/api/effu/enterprises/${farmId}/profile`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: farmId,
      legacy_id: farmId,
      public_id: farmPublicId,
      name: 'Fieldman Family Farms',
      crops: ['corn', 'soybeans', 'wheat'],
      fields: { count: 5, area_acres: 804.95 },
      has_monitors: true,
      area_estimate: 2480,
      area_estimate_units: 'acres',
      active_subscriptions: { market_intelligence: true },
      location: { country: 'USA', state: 'IA', valid_for_billing: true },
      has_contributed_data: true,
      role: 'owner',
      owner: { first_name: 'Sam', last_name: 'Fieldman' },
    });
    expect(body.permissions.has_manage).toBe(true);
    expect(body.subscriptions).toHaveLength(2);
    expect(body.users.map((u: { role: string }) => u.role)).toEqual(['owner', 'subaccount']);

    const v1 = (await call(farmer, 'GET', `/api/effu/v1/enterprises/${farmId}/profile`)).json();
    expect(Object.keys(v1).sort()).toEqual(['acres_estimate', 'crops', 'facts', 'id', 'location', 'name', 'public_id']);
    const v2 = await call(farmer, 'GET', `/api/effu/v2/enterprises/${farmPublicId}/profile`);
    expect(v2.json().id).toBe(farmId);
    const fields = (await call(farmer, 'GET', `/api/effu/enterprises/${farmId}/fields`)).json();
    expect(fields.summary).toEqual({ count: 5, area_acres: 804.95 });
    expect(fields.fields[0]).toMatchObject({ name: 'Home 80', area_acres: 78.4, crop: 'corn' });
  });

  it("answers 404 for another enterprise's ids (IDOR), for every read", async () => {
    for (const url of [
      `/api/effu/enterprises/${growerFarm}/profile`,
      `/api/effu/v1/enterprises/${growerFarm}/profile`,
      `/api/effu/enterprises/${growerFarm}/fields`,
      `/api/effu/enterprises/${growerFarm}/contributed-data`,
      `/api/effu/enterprises/${growerFarm}/data-feature-unlocks`,
      `/api/effu/enterprises/${growerFarm}/qualifying-questions`,
      `/api/effu/enterprises/${growerFarm}/agronomics`,
      `/api/effu/v2/users/${growerId}/profile`,
      `/api/effu/user/${growerId}/enterprises`,
      `/api/auth/user/${growerId}/profile`,
      `/api/auth/users/${growerId}/permissions/readable-enterprise-facts`,
      `/api/effu/enterprises/999999/profile`,
    ]) {
      const res = await call(farmer, 'GET', url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.json().code).toBe('not_found');
    }
    const patch = await call(farmer, 'PATCH', '/api/effu/profile/partial', { enterprise_id: growerFarm, name: 'Mine' });
    expect(patch.statusCode).toBe(404);
    const pick = await call(farmer, 'PUT', '/api/effu/user/current-enterprise', { enterprise_id: growerFarm });
    expect(pick.statusCode).toBe(404);
  });

  it('lets staff with list-all-user-details read a user and their enterprises', async () => {
    const list = await call(admin, 'GET', `/api/effu/user/${growerId}/enterprises`);
    expect(list.statusCode).toBe(200);
    expect(list.json().enterprises.map((e: { name: string }) => e.name)).toEqual([
      'Rivers Prairie Grain (Saskatchewan)',
      'Rivers Ridge Farms',
    ]);
    const one = list.json().enterprises[0];
    expect(one).toMatchObject({ role: 'owner', country: 'CAN', area_estimate: 1200, area_estimate_units: 'hectares' });
    const profile = await call(admin, 'GET', `/api/effu/user/${growerId}/enterprise/${one.public_id}`);
    expect(profile.json()).toMatchObject({ name: one.name, role: null });
    // The enterprise must be that user's.
    expect((await call(admin, 'GET', `/api/effu/user/${growerId}/enterprise/${farmPublicId}`)).statusCode).toBe(404);
  });

  it('saves profile/partial for the owner, converting the estimate to acres, and audits it', async () => {
    const res = await call(farmer, 'PATCH', '/api/effu/profile/partial', {
      enterprise_id: farmId,
      name: '  Fieldman Family Farms  ',
      area_estimate: 1000,
      area_estimate_units: 'hectares',
      crops: ['corn', 'corn', 'canola'],
      software_tools: ['granular'],
      harvest_monitor_brands: ['case_ih'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Fieldman Family Farms',
      area_estimate: 1000,
      area_estimate_units: 'hectares',
      acres_estimate: 2471.05,
      crops: ['corn', 'canola'],
      software_tools: ['granular'],
      harvest_monitor_brands: ['case_ih'],
      planting_monitor_brands: ['precision_planting'],
    });
    const entries = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'enterprise'), eq(auditLog.targetId, String(farmId))));
    expect(entries.map((e) => e.action)).toContain('enterprise_profile_update');
  });

  it('refuses bad input with 400 and a member without has_manage with 403, changing nothing', async () => {
    for (const body of [
      { enterprise_id: farmId, crops: ['not_a_crop'] },
      { enterprise_id: farmId, area_estimate: -1 },
      { enterprise_id: farmId, name: '' },
      { enterprise_id: farmId, monitor: 'x' },
    ]) {
      const res = await call(farmer, 'PATCH', '/api/effu/profile/partial', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    const refused = await call(helper, 'PATCH', '/api/effu/profile/partial', {
      enterprise_id: farmId,
      name: 'Hal Farms',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('enterprise_access_required');
    const answers = await call(helper, 'PUT', `/api/effu/enterprises/${farmId}/qualifying-questions/answers`, {
      answers: { farm_size: 'under_500' },
    });
    expect(answers.statusCode).toBe(403);
    const read = await call(helper, 'GET', `/api/effu/enterprises/${farmId}/profile`);
    expect(read.json()).toMatchObject({ name: 'Fieldman Family Farms', role: 'subaccount' });
    expect(read.json().permissions).toMatchObject({ has_manage: false, has_agronomics: true });
  });

  it('keeps qualifying answers, business units and the hidden prompt', async () => {
    const base = `/api/effu/enterprises/${farmId}/qualifying-questions`;
    const answered = await call(farmer, 'PUT', `${base}/answers`, {
      answers: { farm_size: '5000_plus', grain_marketing: null },
    });
    expect(answered.statusCode).toBe(200);
    const byId = Object.fromEntries(
      answered.json().questions.map((q: { id: string; answer: string }) => [q.id, q.answer]),
    );
    expect(byId).toMatchObject({ primary_operation: 'row_crops', farm_size: '5000_plus', grain_marketing: null });
    expect((await call(farmer, 'PUT', `${base}/answers`, { answers: { farm_size: 'huge' } })).statusCode).toBe(400);
    const units = await call(farmer, 'PUT', `${base}/business-units`, { business_units: ['livestock', 'grain'] });
    expect(units.json().business_units).toEqual(['livestock', 'grain']);
    // Hiding the prompt is any member's choice.
    const hidden = await call(helper, 'PUT', `${base}/hide`, { hidden: true });
    expect(hidden.json().hidden).toBe(true);
  });

  it('reads contributed data and its unlocks, and keeps agronomic summaries (has_agronomics)', async () => {
    expect((await call(farmer, 'GET', `/api/effu/enterprises/${farmId}/contributed-data`)).json()).toEqual({
      has_contributed_data: true,
      fields_count: 5,
      agronomics_count: 3,
    });
    const grown = (await call(grower, 'GET', `/api/effu/enterprises/${growerFarm}/data-feature-unlocks`)).json();
    expect(grown.features.every((f: { unlocked: boolean }) => !f.unlocked)).toBe(true);

    const url = `/api/effu/enterprises/${farmId}/agronomics`;
    const saved = await call(helper, 'PUT', url, {
      crop_year: 2026,
      crop: 'wheat',
      area: 120.5,
      area_units: 'acres',
      average_yield: 72,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().summaries[0]).toEqual({
      crop_year: 2026,
      crop: 'wheat',
      area: 120.5,
      area_units: 'acres',
      average_yield: 72,
    });
    expect(
      (
        await call(helper, 'PUT', url, {
          crop_year: 2026,
          crop: 'wheat',
          area: 0,
          area_units: 'acres',
          average_yield: null,
        })
      ).statusCode,
    ).toBe(400);
    const removed = await call(helper, 'DELETE', `${url}/2026/wheat`);
    expect(removed.json().summaries).toHaveLength(3);
    expect((await call(helper, 'DELETE', `${url}/2026/wheat`)).statusCode).toBe(404);
  });

  it('lists catalogues, the user profile, phone removal and readable facts', async () => {
    expect((await call(farmer, 'GET', '/api/effu/software-tools')).json().items[0]).toEqual({
      id: 'climate_fieldview',
      name: 'Climate FieldView',
    });
    expect((await call(farmer, 'GET', '/api/effu/monitor-brands')).json().items.length).toBeGreaterThan(5);
    const me = (await call(farmer, 'GET', `/api/auth/user/${farmerId}/profile`)).json();
    expect(me).toMatchObject({ first_name: 'Sam', phone_number: '+1 (515) 555-0120' });
    expect(me.enterprises.map((e: { id: number }) => e.id)).toEqual([farmId]);
    const renamed = await call(farmer, 'PATCH', `/api/auth/user/${farmerId}/profile`, { first_name: 'Samuel' });
    expect(renamed.json().first_name).toBe('Samuel');
    await call(farmer, 'PATCH', `/api/auth/user/${farmerId}/profile`, { first_name: 'Sam' });
    expect((await call(farmer, 'PATCH', `/api/auth/user/${growerId}/profile`, { first_name: 'X' })).statusCode).toBe(
      404,
    );

    const facts = (
      await call(farmer, 'GET', `/api/auth/users/${farmerId}/permissions/readable-enterprise-facts`)
    ).json();
    expect(facts.facts).toEqual(['grows_corn', 'grows_soybeans', 'uses_precision_ag']);

    expect((await call(grower, 'POST', `/api/auth/users/${farmerId}/phone_number/delete`)).statusCode).toBe(404);
    const cleared = await call(
      helper,
      'POST',
      `/api/auth/users/${(await call(helper, 'GET', `/api/effu/enterprises/${farmId}/profile`)).json().users[1].public_id}/phone_number/delete`,
    );
    expect(cleared.json().phone_number).toBeNull();
  });

  it('keeps the switcher’s choice with the session: bootstrap answers it', async () => {
    const list = (await call(grower, 'GET', `/api/effu/user/${growerId}/enterprises`)).json().enterprises;
    const other = list.find((e: { id: number }) => e.id !== growerFarm).id;
    const picked = await call(grower, 'PUT', '/api/effu/user/current-enterprise', { enterprise_id: other });
    expect(picked.json()).toEqual({ current_enterprise_id: other });
    const boot = (await call(grower, 'GET', '/api/bootstrap')).json();
    expect(boot.current_enterprise_id).toBe(other);
    expect(Object.keys(boot.enterprises)).toHaveLength(2);
  });
});
