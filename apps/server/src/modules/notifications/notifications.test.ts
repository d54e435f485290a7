import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { notifications, outbox, users } from '../../db/schema/index.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { MAIL_TEMPLATE_NAMES, MAIL_TEMPLATES, type MailTemplateName } from '../../platform/mail/mail-templates.ts';
import { MAIL_TOPICS } from '../../platform/mail/mail-topics.ts';
import { notifyUsers, unsubscribeId } from '../../platform/notifications.ts';
import { setOutboxTransports } from '../../platform/outbox.ts';
import { rowsOf } from '../../platform/db.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { createPartnerDirectory } from '../partners/partners.public.ts';

// Notification preferences, the marketing subscription, one-click unsubscribe (RFC 8058), the in-app list, and
// preferences honoured at send time (decision 055), on one real database.

let t: TestApp;
type Caller = { cookie: string; csrf: string };
let farmer: Caller;
let buyer: Caller;
let admin: Caller;
let farmerId: string;
let buyerId: string;

async function callerFor(email: string): Promise<Caller> {
  const cookie = await t.sessionCookie(email);
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json()
    .csrf as string;
  return { cookie, csrf };
}

async function call(who: Caller | null, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) {
  const headers: Record<string, string> = who ? { cookie: who.cookie, 'x-csrf-token': who.csrf } : {};
  const res = await t.app.inject({ method, url, headers, ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const prefsUrl = (userId: string) => `/api/effu/notifications/subscriptions/user/${userId}`;
const topicUrl = (topic: string, userId: string) =>
  `/api/effu/notifications/subscriptions/topic/${topic}/sub_topic/all/user/${userId}`;

async function idOf(email: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function latestMail(userId: string, template: string) {
  const [row] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.template, template)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row ?? null;
}

/** An RFC 8058 one-click POST as a mail client sends it: the form body, no cookie, no CSRF token. */
function oneClick(url: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
  [farmer, buyer, admin] = await Promise.all([
    callerFor(DEMO_ACCOUNTS.farmer),
    callerFor(DEMO_ACCOUNTS.buyer),
    callerFor(DEMO_ACCOUNTS.admin),
  ]);
  farmerId = await idOf(DEMO_ACCOUNTS.farmer);
  buyerId = await idOf(DEMO_ACCOUNTS.buyer);
}, 120_000);
afterAll(() => t?.close());

describe('preferences', () => {
  it('answers every topic with the defaults: transactional topics on by e-mail and in the app, SMS and marketing off', async () => {
    const res = await call(farmer, 'GET', prefsUrl(farmerId));
    expect(res.status).toBe(200);
    const subs = res.body['subscriptions'] as { topic: string; email: boolean; sms: boolean; in_app: boolean }[];
    expect(subs.map((s) => s.topic)).toEqual([
      'offers',
      'contract_signing',
      'settlements_payments',
      'orders',
      'marketing',
      'price_alerts',
    ]);
    expect(subs.find((s) => s.topic === 'offers')).toMatchObject({ email: true, sms: false, in_app: true });
    expect(subs.find((s) => s.topic === 'marketing')).toMatchObject({ email: false, sms: false });
  });

  it("keeps a change, and answers another user's preferences with 404 unless staff", async () => {
    const put = await call(farmer, 'PUT', topicUrl('orders', farmerId), { in_app: false });
    expect(put).toMatchObject({ status: 200, body: { topic: 'orders', in_app: false, email: true } });
    expect((await call(farmer, 'GET', topicUrl('orders', farmerId))).body).toMatchObject({ in_app: false });

    expect((await call(buyer, 'GET', prefsUrl(farmerId))).status).toBe(404);
    expect((await call(buyer, 'PUT', topicUrl('orders', farmerId), { in_app: true })).status).toBe(404);
    expect((await call(farmer, 'GET', prefsUrl('not-a-user'))).status).toBe(404);
    // Staff (list-all-user-details; the super admin holds every permission) may see and set them.
    expect((await call(admin, 'GET', topicUrl('orders', farmerId))).body).toMatchObject({ in_app: false });
    expect((await call(admin, 'PUT', topicUrl('orders', farmerId), { in_app: true })).status).toBe(200);
    expect((await call(null, 'GET', prefsUrl(farmerId))).status).toBe(401);
  });

  it("staff see a user's preferences as decision 053 says (their permission's partner list), and may withdraw but never give marketing consent", async () => {
    const staffOf = async (email: string, partners: string[]) => {
      await t.database.db.insert(users).values({
        email,
        firstName: 'Sue',
        lastName: 'Port',
        employeeInfo: { role: 'cx_representative' },
        adminPermissions: { 'list-all-user-details': partners },
      });
      return callerFor(email);
    };
    const demoDesk = await staffOf('desk-demo@notifications.granary.test', ['demo']);
    const prairieDesk = await staffOf('desk-prairie@notifications.granary.test', ['prairie']);
    // The demo buyer is a user of the demo partner; the demo farmer is no partner's (only unrestricted staff see them).
    expect((await call(demoDesk, 'GET', prefsUrl(buyerId))).status).toBe(200);
    expect((await call(prairieDesk, 'GET', prefsUrl(buyerId))).status).toBe(404);
    expect((await call(prairieDesk, 'PUT', topicUrl('orders', buyerId), { sms: true })).status).toBe(404);
    expect((await call(demoDesk, 'GET', prefsUrl(farmerId))).status).toBe(404);

    // Marketing: staff giving consent is refused (nothing changes); withdrawing it is the user's request, audited.
    await setMarketingConsent(false);
    const give = await call(admin, 'PUT', topicUrl('marketing', farmerId), { email: true });
    expect(give).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const url = `/api/effu/user/${farmerId}/marketing-subscription`;
    expect((await call(admin, 'PUT', url, { subscribed: true })).status).toBe(403);
    expect((await call(farmer, 'GET', topicUrl('marketing', farmerId))).body).toMatchObject({ email: false });
    await setMarketingConsent(true);
    expect((await call(admin, 'PUT', topicUrl('marketing', farmerId), { email: false })).status).toBe(200);
    expect((await call(farmer, 'GET', topicUrl('marketing', farmerId))).body).toMatchObject({ email: false });
    const [entry] = rowsOf<{ details: Record<string, unknown> }>(
      await t.database.db.execute(
        sql`select details from audit_log where action = 'notification_preferences_changed' and target_id = ${farmerId} order by id desc limit 1`,
      ),
    );
    expect(entry?.details).toMatchObject({ topic: 'marketing', email: false, byStaff: true });
  });

  it('refuses a bad topic, sub-topic or body with a 400 and its code', async () => {
    expect((await call(farmer, 'GET', topicUrl('weather', farmerId))).status).toBe(400);
    const badSub = await call(farmer, 'GET', topicUrl('offers', farmerId).replace('/all/', '/fills/'));
    expect(badSub.status).toBe(400);
    const empty = await call(farmer, 'PUT', topicUrl('offers', farmerId), {});
    expect(empty).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect((await call(farmer, 'PUT', topicUrl('offers', farmerId), { email: 'yes' })).status).toBe(400);
  });
});

describe('a notification e-mail', () => {
  async function offerMail() {
    const partner = await createPartnerDirectory(t.database.db).byHost('localhost');
    return sendMail(t.database.db, {
      template: 'offers_filled',
      data: MAIL_TEMPLATES.offers_filled.sample,
      ctx: mailContext(partner, 'http://localhost:3000'),
      recipient: DEMO_ACCOUNTS.farmer,
      userId: farmerId,
    });
  }

  it('carries the List-Unsubscribe headers and link; a transactional mail carries none', async () => {
    const id = await offerMail();
    const row = await latestMail(farmerId, 'offers_filled');
    expect(row?.id).toBe(id);
    const link = `http://localhost:3000/one-click-unsubscribe/${await unsubscribeId(t.database.db, farmerId, 'offers')}`;
    expect(row!.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(row!.html).toContain(`href="${link}"`);
    expect(row!.text).toContain(link);

    const partner = await createPartnerDirectory(t.database.db).byHost('localhost');
    await sendMail(t.database.db, {
      template: 'magic_link',
      data: MAIL_TEMPLATES.magic_link.sample,
      ctx: mailContext(partner, 'http://localhost:3000'),
      recipient: DEMO_ACCOUNTS.farmer,
      userId: farmerId,
    });
    const magic = await latestMail(farmerId, 'magic_link');
    expect(magic!.headers).toBeNull();
    expect(magic!.html).not.toContain('one-click-unsubscribe');
  });

  it('is not sent once the user turned the topic off by e-mail', async () => {
    await call(farmer, 'PUT', topicUrl('offers', farmerId), { email: false });
    const before = await latestMail(farmerId, 'offers_filled');
    expect(await offerMail()).toBeNull();
    expect((await latestMail(farmerId, 'offers_filled'))?.id).toBe(before?.id);
    await call(farmer, 'PUT', topicUrl('offers', farmerId), { email: true });
  });

  it('queued before the user unsubscribed, is not delivered', async () => {
    const sent: string[] = [];
    setOutboxTransports([{ channel: 'email', send: async (m) => void sent.push(m.template) }]);
    try {
      const id = await offerMail();
      await call(farmer, 'PUT', topicUrl('offers', farmerId), { email: false });
      await runDueJobs(t.database.db);
      const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id!));
      expect(row).toMatchObject({ status: 'suppressed', lastError: 'unsubscribed from offers' });
      expect(sent).not.toContain('offers_filled');
    } finally {
      setOutboxTransports([]);
      await call(farmer, 'PUT', topicUrl('offers', farmerId), { email: true });
    }
  });
});

/**
 * The mails that are transactional (decision 055): sent whatever the preferences, no unsubscribe. Every template is
 * either here or in MAIL_TOPICS, so a new template has to be put on one side or the other.
 */
const TRANSACTIONAL: readonly MailTemplateName[] = [
  'verification_code',
  'email_changed',
  'signup_confirm',
  'signup_admin_welcome',
  'signup_already_registered',
  'admin_password_reset',
  'account_locked',
  'magic_link',
  'password_reset',
  'store_order_confirmation',
  'user_invitation',
  'team_invitation',
  'partner_onboarding_code',
  'partner_onboarding_invitation',
];

/** The farmer's marketing consent, set directly (the calls that set it send a welcome e-mail of their own). */
async function setMarketingConsent(on: boolean) {
  await t.database.db.execute(
    sql`update users set signup_profile = signup_profile || jsonb_build_object('allowPromotionalMarketing', ${on}::boolean) where id = ${farmerId}`,
  );
}

describe('every template', () => {
  it('is either a notification or marketing mail (MAIL_TOPICS) or transactional, never both or neither', () => {
    for (const name of MAIL_TEMPLATE_NAMES) {
      expect([name, MAIL_TOPICS[name] !== undefined || TRANSACTIONAL.includes(name)]).toEqual([name, true]);
      expect([name, MAIL_TOPICS[name] !== undefined && TRANSACTIONAL.includes(name)]).toEqual([name, false]);
    }
    expect(MAIL_TOPICS.store_order_status).toBe('orders');
    expect(MAIL_TOPICS.marketing_welcome).toBe('marketing');
  });

  it.each(MAIL_TEMPLATE_NAMES)(
    '%s: a notification or marketing mail carries List-Unsubscribe, List-Unsubscribe-Post and a visible link; a transactional one none',
    async (name) => {
      const topic = MAIL_TOPICS[name];
      // The recipient wants every topic by e-mail (marketing is the consent), so nothing is held back.
      if (topic) {
        if (topic === 'marketing') await setMarketingConsent(true);
        else expect((await call(farmer, 'PUT', topicUrl(topic, farmerId), { email: true })).status).toBe(200);
      }
      const partner = await createPartnerDirectory(t.database.db).byHost('localhost');
      const id = await sendMail(t.database.db, {
        template: name,
        data: MAIL_TEMPLATES[name].sample as never,
        ctx: mailContext(partner, 'http://localhost:3000'),
        recipient: DEMO_ACCOUNTS.farmer,
        userId: farmerId,
      });
      expect(id).not.toBeNull();
      if (topic === 'marketing') await setMarketingConsent(false);
      const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, id!));
      if (!topic) {
        expect(row!.headers).toBeNull();
        expect(row!.html).not.toContain('one-click-unsubscribe');
        expect(row!.text).not.toContain('one-click-unsubscribe');
        expect(row!.text).not.toMatch(/unsubscribe/i);
        return;
      }
      const link = `http://localhost:3000/one-click-unsubscribe/${await unsubscribeId(t.database.db, farmerId, topic)}`;
      expect(row!.headers).toEqual({
        'List-Unsubscribe': `<${link}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      // Visible: a link named Unsubscribe in the HTML, and written out in the plain text.
      expect(row!.html).toMatch(new RegExp(`<a href="${link.replace(/[.?]/g, '\\$&')}"[^>]*>Unsubscribe</a>`));
      expect(row!.text).toContain(link);
    },
  );
});

describe('marketing subscription and one-click unsubscribe', () => {
  it('subscribes (a welcome e-mail with the unsubscribe headers), and a mail client unsubscribes in one POST', async () => {
    const url = `/api/effu/user/${farmerId}/marketing-subscription`;
    expect(await call(farmer, 'PUT', url, { subscribed: true })).toMatchObject({
      status: 200,
      body: { subscribed: true },
    });
    expect((await call(buyer, 'PUT', url, { subscribed: false })).status).toBe(404);
    const mail = await latestMail(farmerId, 'marketing_welcome');
    const header = mail!.headers!['List-Unsubscribe']!;
    const path = new URL(header.slice(1, -1)).pathname;
    expect(path).toMatch(/^\/one-click-unsubscribe\/[0-9a-f]{33}\.[\w-]{32}$/);

    // The confirmation page's read, open to whoever holds the link; the address partly hidden.
    const id = path.split('/').pop()!;
    const described = await call(null, 'GET', `/api/notifications/unsubscribe/${id}`);
    expect(described).toMatchObject({
      status: 200,
      body: { topic: 'marketing', email: 'f•••@demo.granary.test', subscribed: true },
    });

    const first = await oneClick(path);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ topic: 'marketing', subscribed: false });
    // Repeating it changes nothing and still answers 200.
    expect((await oneClick(path)).statusCode).toBe(200);
    expect((await call(farmer, 'GET', topicUrl('marketing', farmerId))).body).toMatchObject({ email: false });
  });

  it('answers a bad or forged id with 404, never a 500', async () => {
    const good = await unsubscribeId(t.database.db, buyerId, 'offers');
    const forged = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    const otherTopic = `${good.slice(0, 32)}4${good.slice(33)}`;
    for (const id of ['nonsense', forged, otherTopic, 'x'.repeat(200)]) {
      expect((await oneClick(`/one-click-unsubscribe/${id}`)).statusCode).toBe(404);
      expect((await call(null, 'GET', `/api/notifications/unsubscribe/${id}`)).status).toBe(404);
    }
    expect((await oneClick(`/one-click-unsubscribe/${'x'.repeat(300)}`)).statusCode).toBe(400);
  });
});

describe('the in-app list', () => {
  it('lists, counts, pages and marks read; in-app off keeps a notice out', async () => {
    const notice = (n: number) => ({
      userId: farmerId,
      topic: 'payments.paid',
      title: `Paid ${n}`,
      body: `Payment ${n}`,
      link: '/my-sales-lite/payments',
    });
    await notifyUsers(
      t.database.db,
      Array.from({ length: 22 }, (_, i) => notice(i + 1)),
    );
    const first = await call(farmer, 'GET', '/api/notifications');
    expect(first.status).toBe(200);
    const list = first.body['notifications'] as { id: number; title: string; read: boolean }[];
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({ title: 'Paid 22', read: false });
    expect(first.body['unread']).toBe(22);
    const next = await call(
      farmer,
      'GET',
      `/api/notifications?paginationToken=${String(first.body['paginationToken'])}`,
    );
    expect((next.body['notifications'] as unknown[]).length).toBe(2);
    expect(next.body['paginationToken']).toBeNull();
    expect((await call(farmer, 'GET', '/api/notifications?paginationToken=abc')).status).toBe(400);

    expect((await call(farmer, 'POST', `/api/notifications/${list[0]!.id}/read`)).body).toEqual({ unread: 21 });
    // Another user's notification is unknown to them.
    expect((await call(buyer, 'POST', `/api/notifications/${list[1]!.id}/read`)).status).toBe(404);
    expect((await call(farmer, 'POST', '/api/notifications/read-all')).body).toEqual({ unread: 0 });
    expect((await call(farmer, 'GET', '/api/notifications/unread-count')).body).toEqual({ unread: 0 });

    await call(farmer, 'PUT', topicUrl('settlements_payments', farmerId), { in_app: false });
    await notifyUsers(t.database.db, [notice(99)]);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.title, 'Paid 99'));
    expect(rows).toHaveLength(0);
  });
});
