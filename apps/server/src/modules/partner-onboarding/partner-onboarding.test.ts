import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestBrowser, codeIn, lastMessage, linkIn } from '../../testing/identity-browser.ts';
import { headersOf, seedCrmFixtures, signIn, type CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { auditLog, clientContacts, enterpriseUsers, enterprises, legalEntities, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { contactsOfUserQuery } from './partner-onboarding.repo.ts';

// Partner onboarding (issue 17, decision 060): a farmer proves they are the elevator's client contact with a code and
// links the client legal entity to their farm business.

const BASE = '/api/commodities';
let t: TestApp;
let fx: CrmFixtures;
let b: TestBrowser;
let farmerId: string;
let farmId: number;
const email = 'onboarding.farmer@example.com';
const le: Record<string, number> = {};
const contact: Record<string, number> = {};

async function client(name: string, contactEmail: string | null, phone: string | null, enterpriseId: number | null) {
  const db = t.database.db;
  const [row] = await db
    .insert(legalEntities)
    .values({ partnerId: 'demo', kind: 'client', name, enterpriseId })
    .returning({ id: legalEntities.id });
  const [c] = await db
    .insert(clientContacts)
    .values({ clientId: row!.id, name: 'Onboarding Farmer', emailAddress: contactEmail, phoneNumber: phone })
    .returning({ id: clientContacts.id });
  return { le: row!.id, contact: c!.id };
}

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
  fx = await seedCrmFixtures(t.database.db);
  const db = t.database.db;
  const [u] = await db
    .insert(users)
    .values({
      email,
      firstName: 'Onb',
      lastName: 'Farmer',
      phoneNumber: '515-555-0142',
      normalizedPhoneNumber: '+15155550142',
    })
    .returning({ id: users.id });
  farmerId = u!.id;
  const [farm] = await db.insert(enterprises).values({ name: 'Onboarding Acres' }).returning({ id: enterprises.id });
  farmId = farm!.id;
  const [other] = await db.insert(enterprises).values({ name: 'Someone Else Farms' }).returning({ id: enterprises.id });
  await db.insert(enterpriseUsers).values({ enterpriseId: farmId, userId: farmerId, role: 'owner' });
  for (const [key, args] of Object.entries({
    mine: ['Onboarding Grain LLC', email, '(515) 555-0142', null],
    byPhone: ['Onboarding By Phone', null, '+1 515 555 0142', null],
    noPhone: ['Onboarding No Phone', email.toUpperCase(), null, null],
    throttled: ['Onboarding Throttled', email, null, null],
    resend: ['Onboarding Resend', null, '515.555.0142', null],
    taken: ['Onboarding Taken', email, null, other!.id],
    strangers: ['Stranger Grain', 'stranger@example.com', '515-555-0999', null],
  } as const)) {
    const made = await client(...(args as [string, string | null, string | null, number | null]));
    le[key] = made.le;
    contact[key] = made.contact;
  }
  const [name, value] = (await t.sessionCookie(email)).split('=');
  b = await TestBrowser.open(t.app, '10.77.0.1', { [name!]: value! });
});
afterAll(() => t.close());

const initiate = (contactId: number, channel: 'email' | 'sms' = 'email') =>
  b.post(`${BASE}/le/email/verify/initiate`, { intent: 'demo', contactId, channel });
const verify = (token: string, code: string, enterpriseId = farmId) =>
  b.post(`${BASE}/email/verify/demo-onboarding`, { token, code, enterpriseId });
const wrong = (code: string) => (code === '123456' ? '654321' : '123456');

describe('partner onboarding', () => {
  it("lists the partner's contacts that are the farmer (e-mail or phone), never a stranger's", async () => {
    const res = await b.get(`${BASE}/profit-center/onboarding/demo`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      intent: 'demo',
      completed: false,
      enterprises: [{ id: farmId, name: 'Onboarding Acres' }],
    });
    const ids = body.contacts.map((c: { legalEntityId: number }) => c.legalEntityId).sort();
    expect(ids).toEqual([le.mine, le.byPhone, le.noPhone, le.throttled, le.taken, le.resend].sort());
    const taken = body.contacts.find((c: { legalEntityId: number }) => c.legalEntityId === le.taken);
    expect(taken).toMatchObject({ state: 'linked_elsewhere', linkedEnterpriseId: null });
    expect(body.contacts.find((c: { legalEntityId: number }) => c.legalEntityId === le.mine).email).toMatch(
      /•••@example\.com$/,
    );
    const same = await b.get(`${BASE}/le/session-contact-users?intent=demo`);
    expect(same.json().contacts).toHaveLength(6);
    expect((await b.get(`${BASE}/profit-center/onboarding/nobody`)).statusCode).toBe(404);
    // Prairie's clients are not the demo partner's.
    expect((await b.get(`${BASE}/le/session-contact-users?intent=prairie`)).json().contacts).toEqual([]);
  });

  it("answers 404 for someone else's contact, and for another partner's intent", async () => {
    expect((await initiate(contact.strangers!)).statusCode).toBe(404);
    const other = await b.post(`${BASE}/le/email/verify/initiate`, {
      intent: 'prairie',
      contactId: contact.mine,
      channel: 'email',
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a legal entity another farm business has, and a text to a contact without a phone', async () => {
    const taken = await initiate(contact.taken!);
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'legal_entity_linked_elsewhere']);
    const noPhone = await initiate(contact.noPhone!, 'sms');
    expect([noPhone.statusCode, noPhone.json().code]).toEqual([400, 'contact_phone_missing']);
  });

  it('throttles the codes sent to one address (429 after five an hour)', async () => {
    // The 'throttled' contact shares the farmer's address: use a fresh one so the other tests keep their quota.
    await t.database.db
      .update(clientContacts)
      .set({ emailAddress: 'throttle.me@example.com' })
      .where(eq(clientContacts.id, contact.throttled!));
    await t.database.db.update(users).set({ email: 'throttle.me@example.com' }).where(eq(users.id, farmerId));
    try {
      for (let i = 0; i < 5; i++) expect((await initiate(contact.throttled!)).statusCode).toBe(200);
      const sixth = await initiate(contact.throttled!);
      expect([sixth.statusCode, sixth.json().code]).toEqual([429, 'rate_limited']);
    } finally {
      await t.database.db.update(users).set({ email }).where(eq(users.id, farmerId));
    }
  });

  it('refuses a wrong code (400), an expired one (400) and a farm business the farmer does not manage (404)', async () => {
    const started = await initiate(contact.mine!);
    expect(started.statusCode).toBe(200);
    const { token, sentTo } = started.json();
    expect(sentTo).toMatch(/•••@example\.com$/);
    const mail = await lastMessage(t.database, email, 'partner_onboarding_code');
    expect(mail?.subject).toContain('grain account');
    const code = codeIn(mail);
    const bad = await verify(token, wrong(code));
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'code_invalid']);
    const [someone] = await t.database.db
      .insert(enterprises)
      .values({ name: 'Not Mine' })
      .returning({ id: enterprises.id });
    expect((await verify(token, code, someone!.id)).statusCode).toBe(404);
    await t.database.db.execute(
      sql`update verification_sessions set payload = payload || '{"codeExpiresAt": 1}'::jsonb where workflow = 'partner_onboarding'`,
    );
    const expired = await verify(token, code);
    expect([expired.statusCode, expired.json().code]).toEqual([400, 'onboarding_code_expired']);
    const [row] = await t.database.db.select().from(legalEntities).where(eq(legalEntities.id, le.mine!));
    expect(row?.enterpriseId).toBeNull();
  });

  it('links the legal entity with the right code, once: recorded, audited, a reused code refused', async () => {
    const started = await initiate(contact.mine!);
    const { token } = started.json();
    const code = codeIn(await lastMessage(t.database, email, 'partner_onboarding_code'));
    const ok = await verify(token, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      legalEntityId: le.mine,
      legalEntityName: 'Onboarding Grain LLC',
      enterpriseId: farmId,
      completedOnboardingSteps: ['demo-onboarding'],
    });
    const [row] = await t.database.db.select().from(legalEntities).where(eq(legalEntities.id, le.mine!));
    expect(row?.enterpriseId).toBe(farmId);
    const [c] = await t.database.db.select().from(clientContacts).where(eq(clientContacts.id, contact.mine!));
    expect(c?.userId).toBe(farmerId);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'partner_onboarding_linked'));
    expect(entries.map((e) => e.targetId)).toEqual([String(le.mine)]);
    const reused = await verify(token, code);
    expect([reused.statusCode, reused.json().code]).toEqual([400, 'onboarding_code_expired']);
    const state = (await b.get(`${BASE}/profit-center/onboarding/demo`)).json();
    expect(state.completed).toBe(true);
    // platform.md 3.1: the bootstrap's user lists the finished step, which the web skips.
    expect((await b.get('/api/bootstrap')).json().user.completed_onboarding_steps).toEqual(['demo-onboarding']);
    expect(state.contacts.find((x: { legalEntityId: number }) => x.legalEntityId === le.mine)).toMatchObject({
      state: 'linked_here',
      linkedEnterpriseId: farmId,
    });
  });

  it('texts the code to the phone on file and refuses when the legal entity was taken meanwhile', async () => {
    const started = await initiate(contact.byPhone!, 'sms');
    expect(started.statusCode).toBe(200);
    const sms = await lastMessage(t.database, '+15155550142');
    const code = codeIn(sms);
    const [other] = await t.database.db
      .insert(enterprises)
      .values({ name: 'Quick Farms' })
      .returning({ id: enterprises.id });
    await t.database.db.update(legalEntities).set({ enterpriseId: other!.id }).where(eq(legalEntities.id, le.byPhone!));
    const res = await verify(started.json().token, code);
    expect([res.statusCode, res.json().code]).toEqual([409, 'legal_entity_linked_elsewhere']);
    const [row] = await t.database.db.select().from(legalEntities).where(eq(legalEntities.id, le.byPhone!));
    expect(row?.enterpriseId).toBe(other!.id);
  });
});

describe('Resend code (confirm-code, issue 17)', () => {
  const resend = (token: string, intent = 'demo') => b.post(`${BASE}/le/email/verify/resend`, { intent, token });

  it('texts a new code on the same session, the old one dead, four sends a session (429 after)', async () => {
    const started = await initiate(contact.resend!, 'sms');
    expect(started.statusCode).toBe(200);
    const { token } = started.json();
    const first = codeIn(await lastMessage(t.database, '+15155550142'));
    const again = await resend(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ token, channel: 'sms', sentTo: started.json().sentTo });
    const second = codeIn(await lastMessage(t.database, '+15155550142'));
    if (second !== first) {
      const old = await verify(token, first);
      expect([old.statusCode, old.json().code]).toEqual([400, 'code_invalid']);
    }
    expect((await resend(token)).statusCode).toBe(200);
    expect((await resend(token)).statusCode).toBe(200);
    const fifth = await resend(token);
    expect([fifth.statusCode, fifth.json().code]).toEqual([429, 'rate_limited']);
    // The last code sent links.
    const last = codeIn(await lastMessage(t.database, '+15155550142'));
    expect((await verify(token, last)).statusCode).toBe(200);
    // A used session sends nothing more.
    const used = await resend(token);
    expect([used.statusCode, used.json().code]).toEqual([400, 'onboarding_code_expired']);
  });

  it("refuses an unknown token, another partner's intent, another user's session (400) and an unknown intent (404)", async () => {
    const unknown = await resend('not-a-token');
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'onboarding_code_expired']);
    const started = await initiate(contact.noPhone!);
    expect(started.statusCode).toBe(200);
    const { token } = started.json();
    const prairie = await resend(token, 'prairie');
    expect([prairie.statusCode, prairie.json().code]).toEqual([400, 'onboarding_code_expired']);
    expect((await resend(token, 'nobody')).statusCode).toBe(404);
    const someoneElse = await signIn(t, DEMO_ACCOUNTS.farmer);
    const theirs = await t.app.inject({
      method: 'POST',
      url: `${BASE}/le/email/verify/resend`,
      payload: { intent: 'demo', token },
      headers: headersOf(someoneElse),
    });
    expect([theirs.statusCode, theirs.json().code]).toEqual([400, 'onboarding_code_expired']);
    const missing = await b.post(`${BASE}/le/email/verify/resend`, { intent: 'demo' });
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'invalid_request']);
  });
});

describe('the contact match on PostgreSQL', () => {
  it('is answered from the indexes of its three arms (user id, lower(e-mail), phone digits), never a scan of every contact', async () => {
    const query = contactsOfUserQuery(t.database.db, 'demo', {
      id: farmerId,
      email,
      normalizedPhoneNumber: '+15155550142',
    });
    // On a partner's real numbers of contacts (4,000 here, another partner's, analysed), inside a transaction rolled
    // back after the EXPLAIN. Without the indexes the plan reads every contact (a scan filtering on the OR).
    const rollback = new Error('rollback');
    let plan = '';
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into legal_entities (partner_id, kind, name)
          select 'prairie', 'client', 'Bulk client ' || g from generate_series(1, 2000) g`);
        await tx.execute(sql`insert into client_contacts (client_id, name, email_address, phone_number)
          select le.id, 'Bulk contact', 'bulk' || le.id || '-' || k || '@example.com',
            '(306) 555-' || lpad(((le.id * 2 + k) % 10000)::text, 4, '0')
          from legal_entities le cross join generate_series(1, 2) k where le.name like 'Bulk client %'`);
        await tx.execute(sql`analyze client_contacts`);
        await tx.execute(sql`analyze legal_entities`);
        const rows = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`));
        plan = rows.map((r) => Object.values(r)[0]).join('\n');
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
    expect(plan).toContain('client_contacts_user_idx');
    expect(plan).toContain('client_contacts_email_lower_idx');
    expect(plan).toContain('client_contacts_phone_digits_idx');
    expect(plan).toContain('BitmapOr');
    expect(plan).not.toMatch(/Seq Scan on client_contacts/);
    // And it still finds the farmer's contacts by each arm.
    expect((await query).map((c) => c.contactId)).toEqual(
      expect.arrayContaining([contact.mine, contact.byPhone, contact.noPhone]),
    );
  });
});

describe("the merchandiser's Invite to the app", () => {
  const url = (clientId: number, contactId: number, marketId = fx.marketAll, platformId = fx.demoPlatformId) =>
    `/api/commodities/merchandising/le/${platformId}/market/${marketId}/le/${clientId}/contacts/${contactId}/invite-to-app`;

  it('e-mails the contact a link to the partner onboarding landing, audited, a few a day', async () => {
    const buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
    const invite = () =>
      t.app.inject({ method: 'POST', url: url(le.strangers!, contact.strangers!), headers: headersOf(buyer) });
    const res = await invite();
    expect([res.statusCode, res.json()]).toEqual([200, { sentTo: 'stranger@example.com' }]);
    const mail = await lastMessage(t.database, 'stranger@example.com', 'partner_onboarding_invitation');
    expect(linkIn(mail).pathname).toBe('/profit-center/partner/demo/landing');
    expect(mail?.text).toContain('Stranger Grain');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'partner_onboarding_invited'));
    expect(entries.map((e) => e.targetId)).toEqual([String(le.strangers)]);
    expect((await invite()).statusCode).toBe(200);
    expect((await invite()).statusCode).toBe(200);
    const fourth = await invite();
    expect([fourth.statusCode, fourth.json().code]).toEqual([429, 'rate_limited']);
  });

  it("answers 404 for another partner's buyer, and for a contact of another client", async () => {
    const prairie = await signIn(t, DEMO_ACCOUNTS.prairieBuyer);
    const buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
    const other = await t.app.inject({
      method: 'POST',
      url: url(le.mine!, contact.mine!, fx.prairieMarket, fx.prairiePlatformId),
      headers: headersOf(prairie),
    });
    expect(other.statusCode).toBe(404);
    const mismatched = await t.app.inject({
      method: 'POST',
      url: url(le.mine!, contact.strangers!),
      headers: headersOf(buyer),
    });
    expect(mismatched.statusCode).toBe(404);
    const noEmail = await t.app.inject({
      method: 'POST',
      url: url(le.byPhone!, contact.byPhone!),
      headers: headersOf(buyer),
    });
    expect([noEmail.statusCode, noEmail.json().code]).toEqual([400, 'invalid_request']);
  });
});
