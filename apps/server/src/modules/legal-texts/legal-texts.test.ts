import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { legalTextListSchema, legalTextSchema } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { auditLog } from '../../db/schema/index.ts';

// The legal pages' texts (platform.md 2.1) on a real database: each partner reads its own seeded text, its
// administrators (and super admins) change it, audited; anyone else is refused; bad input is a 400 with a code.

let t: TestApp;
type Caller = { cookie: string; csrf: string };
const DEMO_HOST = 'demo.localhost';
const PRAIRIE_HOST = 'prairie.localhost';

async function callerFor(email: string): Promise<Caller> {
  const cookie = await t.sessionCookie(email);
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json()
    .csrf as string;
  return { cookie, csrf };
}

async function read(document: string, host = DEMO_HOST) {
  const res = await t.app.inject({ method: 'GET', url: `/api/legal-texts/${document}`, headers: { host } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function write(who: Caller, document: string, body: unknown, host = DEMO_HOST) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/legal-texts/${document}`,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, host },
    payload: body as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
});

afterAll(async () => {
  await t?.close();
});

describe('reading the legal texts', () => {
  it("answers each partner's own text, in its brand words, to anyone", async () => {
    const demo = await read('terms-of-service');
    expect(demo.status).toBe(200);
    const text = legalTextSchema.parse(demo.body);
    expect(text.body).toContain('Granary Demo Grain Co.');
    expect(text.updatedAt).not.toBeNull();
    const prairie = legalTextSchema.parse((await read('terms-of-service', PRAIRIE_HOST)).body);
    expect(prairie.body).toContain('Prairie Grain Cooperative Ltd.');
    expect(prairie.body).not.toContain('Granary Demo Grain');
  });

  it('lists the five documents for the editor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/legal-texts', headers: { host: DEMO_HOST } });
    const list = legalTextListSchema.parse(res.json());
    expect(list.texts.map((x) => x.document)).toEqual([
      'terms-of-service',
      'privacy-policy',
      'ccpa-privacy-policy',
      'community-content-policy',
      'electronic-funds-transfer',
    ]);
    expect(list.texts.every((x) => x.body.length > 100)).toBe(true);
  });

  it('refuses a document that is not one of them with a 400 and a code', async () => {
    const res = await read('cookie-policy');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
  });
});

describe('changing a legal text', () => {
  it("lets the partner's administrator publish a new text, audited", async () => {
    const buyer = await callerFor(DEMO_ACCOUNTS.buyer);
    const res = await write(buyer, 'privacy-policy', { body: '# New policy\n\nWe keep **nothing** we do not need.' });
    expect(res.status).toBe(200);
    expect(res.body.body).toBe('# New policy\n\nWe keep **nothing** we do not need.');
    expect((await read('privacy-policy')).body.body).toBe(res.body.body);
    // The other partner's text is untouched.
    expect((await read('privacy-policy', PRAIRIE_HOST)).body.body).toContain('Prairie');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'legal_text_changed'), eq(auditLog.targetId, 'demo/privacy-policy')));
    expect(entries).toHaveLength(1);
  });

  it("refuses another partner's administrator and a farmer (403)", async () => {
    const prairieBuyer = await callerFor(DEMO_ACCOUNTS.prairieBuyer);
    const farmer = await callerFor(DEMO_ACCOUNTS.farmer);
    for (const who of [prairieBuyer, farmer]) {
      const res = await write(who, 'terms-of-service', { body: 'Taken over' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect((await read('terms-of-service')).body.body).not.toBe('Taken over');
  });

  it('lets a super admin change any partner', async () => {
    const admin = await callerFor(DEMO_ACCOUNTS.admin);
    const res = await write(admin, 'electronic-funds-transfer', { body: 'Prairie EFT terms.' }, PRAIRIE_HOST);
    expect(res.status).toBe(200);
    expect((await read('electronic-funds-transfer', PRAIRIE_HOST)).body.body).toBe('Prairie EFT terms.');
  });

  it('refuses an empty text or a missing body with a 400 and a code', async () => {
    const buyer = await callerFor(DEMO_ACCOUNTS.buyer);
    for (const body of [{ body: '   ' }, {}]) {
      const res = await write(buyer, 'terms-of-service', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
  });

  it('needs a session (401)', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/bootstrap' });
    const anon = String(guest.headers['set-cookie']).match(/granary_anon=([^;]+)/)![1]!;
    const res = await write({ cookie: `granary_anon=${anon}`, csrf: guest.json().csrf as string }, 'terms-of-service', {
      body: 'x',
    });
    expect(res.status).toBe(401);
  });
});
