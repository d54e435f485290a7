import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { rowsOf } from '../../platform/db.ts';
import { users } from '../../db/schema/index.ts';

// The store agreements (platform.md 2.4): the farm business's agreements with status, one read, signing (typed
// name + consent, idempotent, a clear 400), members only, another farm business a 404, a super admin views any;
// and the buyer's readiness report from real data.

let t: TestApp;
let farmer: Caller;
let buyer: Caller;
let admin: Caller;
let helper: Caller;
let farmerId: string;
let helperId: string;
let farmEnterprise: string;

const A = '/api/store/agreements';
const call = (who: Caller, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.app.inject({ method, url, headers: headersOf(who), ...(body === undefined ? {} : { payload: body as object }) });
const statusOf = async (who: Caller, type: string, query = '') =>
  ((await call(who, 'GET', `${A}${query}`)).json().agreements as { type: string; status: string }[]).find(
    (a) => a.type === type,
  )?.status;

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
  farmerId = (await call(farmer, 'GET', '/api/bootstrap')).json().user.id;
  const [ent] = rowsOf<{ id: number; public_id: string }>(
    await t.database.db.execute(
      sql`select e.id, e.public_id::text from enterprises e join enterprise_users eu on eu.enterprise_id = e.id where eu.user_id = ${farmerId}::uuid and eu.role = 'owner' limit 1`,
    ),
  );
  farmEnterprise = ent!.public_id;
  // A second member of the farm (a hired hand without the purchasing flag).
  const [row] = await t.database.db
    .insert(users)
    .values({ email: 'hand@agreements.granary.test', firstName: 'Hank', lastName: 'Hand', tosAcceptedAt: new Date() })
    .returning({ id: users.id });
  helperId = row!.id;
  await t.database.db.execute(
    sql`insert into enterprise_users (enterprise_id, user_id, role, permissions) values (${ent!.id}, ${helperId}::uuid, 'subaccount', '{}')`,
  );
  helper = await signIn(t, 'hand@agreements.granary.test');
}, 120_000);
afterAll(async () => t?.close());

describe("the farm business's agreements", () => {
  it("lists the four agreements with titles in the partner's words, none signed yet", async () => {
    const res = await call(farmer, 'GET', A);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.enterprise.publicId).toBe(farmEnterprise);
    expect(body.userId).toBe(farmerId);
    expect(body.agreements.map((a: { type: string }) => a.type)).toEqual([
      'terms-of-sale',
      'seed-technology-use',
      'restricted-use-pesticide',
      'credit-application-terms',
    ]);
    expect(body.agreements.every((a: { status: string }) => a.status === 'not_signed')).toBe(true);
    expect(
      body.agreements.find((a: { type: string }) => a.type === 'seed-technology-use').requiredFor.productKinds,
    ).toEqual(['treated_seed']);
  });

  it('reads one: the full text, signable by the member it is for', async () => {
    const res = await call(farmer, 'GET', `${A}/restricted-use-pesticide`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'restricted-use-pesticide',
      version: 1,
      status: 'not_signed',
      canSign: true,
      signature: null,
      user: { id: farmerId },
    });
    expect(res.json().paragraphs.length).toBeGreaterThan(2);
    expect(res.json().paragraphs.join(' ')).not.toMatch(/\{brand\}|\{legal_name\}/);
    expect((await call(farmer, 'GET', `${A}/no-such-thing`)).statusCode).toBe(404);
  });

  it('refuses a sign without a name or without consent with a 400 and its reason, and records nothing', async () => {
    const noName = await call(farmer, 'POST', `${A}/restricted-use-pesticide/sign`, {
      signedName: '  ',
      consent: true,
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'invalid_request', details: { reason: 'signed_name_required' } });
    const noConsent = await call(farmer, 'POST', `${A}/restricted-use-pesticide/sign`, {
      signedName: 'Dale Fieldman',
      consent: false,
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().details.reason).toBe('consent_required');
    expect(
      (await call(farmer, 'POST', `${A}/restricted-use-pesticide/sign`, { signedName: 'Dale Fieldman' })).json().details
        .reason,
    ).toBe('consent_required');
    expect(
      (await call(farmer, 'POST', `${A}/restricted-use-pesticide/sign`, { signedName: 7, consent: true })).statusCode,
    ).toBe(400);
    expect(await statusOf(farmer, 'restricted-use-pesticide')).toBe('not_signed');
  });

  it('signs once for the farm business; a repeat answers the same signature', async () => {
    const first = await call(farmer, 'POST', `${A}/restricted-use-pesticide/sign`, {
      signedName: ' Dale  Fieldman ',
      consent: true,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'signed',
      canSign: false,
      signature: { version: 1, signedName: 'Dale Fieldman', signedBy: { userId: farmerId } },
    });
    const again = await call(farmer, 'POST', `${A}/restricted-use-pesticide/sign`, {
      signedName: 'Someone Else',
      consent: true,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().signature).toEqual(first.json().signature);
    const rows = rowsOf<{ n: number; ua: string }>(
      await t.database.db.execute(
        sql`select count(*)::int as n, max(user_agent) as ua from store_agreement_signatures where agreement_type = 'restricted-use-pesticide'`,
      ),
    );
    expect(rows[0]!.n).toBe(1);
    expect(await statusOf(farmer, 'restricted-use-pesticide')).toBe('signed');
    // Another member sees it signed for the farm, and the farmer's page read-only.
    expect(await statusOf(helper, 'restricted-use-pesticide')).toBe('signed');
    const viewed = await call(
      helper,
      'GET',
      `${A}/restricted-use-pesticide?enterpriseId=${farmEnterprise}&userId=${farmerId}`,
    );
    expect(viewed.json()).toMatchObject({
      canSign: false,
      user: { id: farmerId },
      signature: { signedName: 'Dale Fieldman' },
    });
  });

  it('an older version signed shows as a new version to sign', async () => {
    await t.database.db
      .execute(sql`insert into store_agreement_signatures (enterprise_id, user_id, agreement_type, version, signed_name)
      select e.id, ${farmerId}::uuid, 'credit-application-terms', 0, 'Dale Fieldman' from enterprises e where e.public_id = ${farmEnterprise}::uuid`);
    expect(await statusOf(farmer, 'credit-application-terms')).toBe('new_version');
  });

  it('another farm business is a 404, reading or signing; a super admin views any but cannot sign', async () => {
    const q = `?enterpriseId=${farmEnterprise}&userId=${farmerId}`;
    expect((await call(buyer, 'GET', `${A}${q}`)).statusCode).toBe(404);
    expect((await call(buyer, 'GET', `${A}/terms-of-sale${q}`)).statusCode).toBe(404);
    expect(
      (
        await call(buyer, 'POST', `${A}/terms-of-sale/sign`, {
          enterpriseId: farmEnterprise,
          signedName: 'Bea Buyer',
          consent: true,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(farmer, 'GET', `${A}?enterpriseId=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect(
      (await call(farmer, 'GET', `${A}?enterpriseId=${farmEnterprise}&userId=00000000-0000-4000-8000-000000000000`))
        .statusCode,
    ).toBe(404);

    const seen = await call(admin, 'GET', `${A}/restricted-use-pesticide${q}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ canSign: false, status: 'signed', enterprise: { publicId: farmEnterprise } });
    expect(
      (
        await call(admin, 'POST', `${A}/terms-of-sale/sign`, {
          enterpriseId: farmEnterprise,
          signedName: 'Ada Admin',
          consent: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(await statusOf(farmer, 'terms-of-sale')).toBe('not_signed');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: A })).statusCode).toBe(401);
  });
});

describe('the onboarding report', () => {
  it("is the buyer's checklist from real data, each item with where to fix it", async () => {
    const res = await call(farmer, 'GET', '/api/store/onboarding/report');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const item = (id: string) => body.items.find((i: { id: string }) => i.id === id);
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([
      'enterprise_profile',
      'billing_address',
      'input_purchasing',
      'applicator_licence',
      'agreements',
      'first_order',
    ]);
    expect(item('enterprise_profile')).toMatchObject({ state: 'done', detail: { country: 'USA' } });
    expect(item('input_purchasing').state).toBe('done'); // the owner
    expect(item('applicator_licence')).toMatchObject({
      state: 'todo',
      detail: { licence: 'none' },
      fixPath: '/direct/applicator',
    });
    expect(item('agreements')).toMatchObject({ state: 'todo', detail: { signed: 1, total: 4 } });
    expect(item('agreements').fixPath).toMatch(/^\/direct\/[a-z0-9-]+-agreements$/);
    expect(body.done).toBe(body.items.filter((i: { state: string }) => i.state === 'done').length);

    await call(farmer, 'POST', `${A}/terms-of-sale/sign`, { signedName: 'Dale Fieldman', consent: true });
    await call(farmer, 'POST', '/api/store/applicator-licences', {
      holderName: 'Dale Fieldman',
      licenceNumber: 'IA-1',
      jurisdiction: 'IA',
      expiresOn: '2099-12-31',
    });
    const after = (await call(farmer, 'GET', '/api/store/onboarding/report')).json();
    const afterItem = (id: string) => after.items.find((i: { id: string }) => i.id === id);
    expect(afterItem('agreements')).toMatchObject({ state: 'attention', detail: { signed: 2 } });
    expect(afterItem('applicator_licence')).toMatchObject({ state: 'done', detail: { licence: 'valid' } });

    const hand = (await call(helper, 'GET', '/api/store/onboarding/report')).json();
    expect(hand.items.find((i: { id: string }) => i.id === 'input_purchasing')).toMatchObject({
      state: 'todo',
      fixPath: `/enterprise/${farmEnterprise}/team`,
    });
  });
});
