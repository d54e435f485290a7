import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bootstrapResponseSchema, MARKETING_SUBSCRIBE_DIALOG_ID, type BootstrapResponse } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { auditLog, outbox, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { sha256 } from '../../platform/crypto.ts';

// The store dialogs' calls (platform.md 2.9) on a real database: accepting the terms, the marketing-subscribe
// dialog seen or subscribed, what the bootstrap then says; idempotent; guests get a 401.

let t: TestApp;
type Caller = { cookie: string; csrf: string };
const NEWCOMER = 'newcomer@dialogs.granary.test';
let newcomerId: string;

async function callerFor(email: string): Promise<Caller> {
  const cookie = await t.sessionCookie(email);
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json()
    .csrf as string;
  return { cookie, csrf };
}

/** A guest: the anonymous cookie and its CSRF token, no session. */
async function guest(): Promise<Caller> {
  const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap' });
  const anon = String(res.headers['set-cookie']).match(/granary_anon=([^;]+)/)![1]!;
  return { cookie: `granary_anon=${anon}`, csrf: res.json().csrf as string };
}

async function post(who: Caller | null, url: string) {
  const caller = who ?? (await guest());
  const headers: Record<string, string> = { cookie: caller.cookie, 'x-csrf-token': caller.csrf };
  const res = await t.app.inject({ method: 'POST', url, headers });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function bootstrapOf(who: Caller | null): Promise<BootstrapResponse> {
  const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: who ? { cookie: who.cookie } : {} });
  return bootstrapResponseSchema.parse(res.json());
}

async function profileOf(id: string): Promise<Record<string, unknown>> {
  const [row] = await t.database.db.select({ p: users.signupProfile }).from(users).where(eq(users.id, id));
  return row!.p;
}

beforeAll(async () => {
  t = await createTestApp({ env: { EXPERIMENT_FLAGS: 'store-marketing-subscribe, other-test=b' }, crm: 'none' });
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: NEWCOMER,
      firstName: 'Nia',
      lastName: 'Newcomer',
      signupProfile: { allowPromotionalMarketing: false },
    })
    .returning({ id: users.id });
  newcomerId = row!.id;
}, 120_000);
afterAll(() => t?.close());

describe('bootstrap', () => {
  it('carries the experiment flags of EXPERIMENT_FLAGS, to guests too', async () => {
    const guest = await bootstrapOf(null);
    expect(guest.experiments).toEqual({ 'store-marketing-subscribe': 'on', 'other-test': 'b' });
    expect(guest.user.must_accept_tos).toBeUndefined();
  });

  it('says the demo farmer has accepted the terms and has seen no dialog', async () => {
    const body = await bootstrapOf(await callerFor(DEMO_ACCOUNTS.farmer));
    expect(body.user.must_accept_tos).toBe(false);
    expect(body.tos_accepted).toBe(true);
    expect(body.user.dialogs_seen).toEqual([]);
  });
});

describe('POST /api/store/terms/accept', () => {
  it('needs a session (401) and the CSRF token (403)', async () => {
    expect((await post(null, '/api/store/terms/accept')).status).toBe(401);
    const who = await callerFor(NEWCOMER);
    const res = await t.app.inject({ method: 'POST', url: '/api/store/terms/accept', headers: { cookie: who.cookie } });
    expect(res.statusCode).toBe(403);
    expect((await bootstrapOf(who)).user.must_accept_tos).toBe(true);
  });

  it('records the acceptance once: the bootstrap then says so, a repeat keeps the first time, one audit entry', async () => {
    const who = await callerFor(NEWCOMER);
    const before = await bootstrapOf(who);
    expect(before.user.must_accept_tos).toBe(true);
    expect(before.tos_accepted).toBe(false);

    const first = await post(who, '/api/store/terms/accept');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ must_accept_tos: false, tos_accepted: true });
    const second = await post(who, '/api/store/terms/accept');
    expect(second.status).toBe(200);
    expect(second.body.tos_accepted_at).toBe(first.body.tos_accepted_at);

    const after = await bootstrapOf(who);
    expect(after.user.must_accept_tos).toBe(false);
    expect(after.tos_accepted).toBe(true);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'store_terms_accepted' and ${auditLog.actorUserId} = ${newcomerId}`);
    expect(entries).toHaveLength(1);
  });

  it('cannot be done by an admin acting as the user (403), and changes nothing', async () => {
    await t.database.db.update(users).set({ tosAcceptedAt: null }).where(eq(users.id, newcomerId));
    const admin = await callerFor(DEMO_ACCOUNTS.admin);
    const token = admin.cookie.split('=')[1]!;
    await t.database.db.execute(
      sql`update sessions set act_as_user_id = ${newcomerId}, act_as_scope = 'full' where token_hash = ${sha256(token)}`,
    );
    const res = await post(admin, '/api/store/terms/accept');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    const [row] = await t.database.db.select({ at: users.tosAcceptedAt }).from(users).where(eq(users.id, newcomerId));
    expect(row!.at).toBeNull();
  });
});

describe('marketing-subscribe dialog', () => {
  it('guests get a 401', async () => {
    expect((await post(null, '/api/store/marketing-dialog/seen')).status).toBe(401);
    expect((await post(null, '/api/store/marketing-dialog/subscribe')).status).toBe(401);
  });

  it('seen: recorded once for the user (every device), consent unchanged; a repeat is fine', async () => {
    const phone = await callerFor(DEMO_ACCOUNTS.farmer);
    const first = await post(phone, '/api/store/marketing-dialog/seen');
    expect(first).toMatchObject({ status: 200, body: { seen: true, subscribed: false } });
    expect((await post(phone, '/api/store/marketing-dialog/seen')).status).toBe(200);
    const desktop = await callerFor(DEMO_ACCOUNTS.farmer);
    expect((await bootstrapOf(desktop)).user.dialogs_seen).toEqual([MARKETING_SUBSCRIBE_DIALOG_ID]);
    const farmerId = (
      await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.farmer))
    )[0]!.id;
    expect((await profileOf(farmerId)).allowPromotionalMarketing).not.toBe(true);
  });

  it('subscribe: allowPromotionalMarketing on the user where signup keeps it, the dialog seen; idempotent, audited once, one welcome e-mail with the one-click unsubscribe', async () => {
    const who = await callerFor(NEWCOMER);
    const res = await post(who, '/api/store/marketing-dialog/subscribe');
    expect(res).toMatchObject({ status: 200, body: { seen: true, subscribed: true } });
    expect((await post(who, '/api/store/marketing-dialog/subscribe')).status).toBe(200);
    const profile = await profileOf(newcomerId);
    expect(profile.allowPromotionalMarketing).toBe(true);
    expect((await bootstrapOf(who)).user.dialogs_seen).toEqual([MARKETING_SUBSCRIBE_DIALOG_ID]);
    const entries = rowsOf(
      await t.database.db.execute(
        sql`select 1 from audit_log where action = 'marketing_subscribed' and actor_user_id = ${newcomerId}`,
      ),
    );
    expect(entries).toHaveLength(1);

    // The welcome e-mail (decision 055), once: the unsubscribe link in its headers (RFC 8058) and in its body.
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.userId, newcomerId));
    expect(mails.map((m) => m.template)).toEqual(['marketing_welcome']);
    const [mail] = mails;
    expect(mail!.recipient).toBe(NEWCOMER);
    const link = /^<(http:\/\/[^>]+\/one-click-unsubscribe\/[0-9a-f]{33}\.[\w-]{32})>$/.exec(
      mail!.headers!['List-Unsubscribe']!,
    )![1]!;
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.text).toContain(link);
    // The link works in one click.
    const clicked = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect((await profileOf(newcomerId)).allowPromotionalMarketing).toBe(false);
  });
});
