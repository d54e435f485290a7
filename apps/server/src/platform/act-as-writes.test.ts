// Acting as a user (issue 16; decision 011): the read-only scope refuses every state-changing route of the app with
// the one 403, and whatever a module records while an admin acts names both people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { auditLog, users } from '../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../seed/demo.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const READ_ONLY = 'You are acting as another user with read-only access.';
const THEMSELF = 'This is for the user themself: stop acting as them first.';
/** Managing the act-as itself and logout stay open while acting. */
const STILL_OPEN = new Set(['POST /api/auth/act-as', 'DELETE /api/auth/act-as', 'POST /api/auth/act-as/scope']);
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

let t: TestApp;
let admin: { id: string };
let farmer: { id: string };
let buyer: { id: string };
let ip = 0;

type Who = { cookie: string; csrf: string };

async function adminSession(): Promise<Who> {
  const cookie = await t.sessionCookie(DEMO_ACCOUNTS.admin);
  const boot = await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } });
  return { cookie, csrf: boot.json().csrf as string };
}

/** Each call from its own address: the walk must meet the access rule, not a per-IP rate limit. */
function call(who: Who, method: string, url: string, payload?: object) {
  ip++;
  // Uploads take files only (their content type is checked on arrival): send one.
  const file = url === '/api/uploads';
  return t.app.inject({
    method: method as 'POST',
    url,
    remoteAddress: `10.9.${Math.floor(ip / 250)}.${ip % 250}`,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, ...(file ? { 'content-type': 'application/pdf' } : {}) },
    payload: file ? Buffer.from('%PDF-1.4\n') : (payload ?? {}),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const idOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!;
  admin = await idOf(DEMO_ACCOUNTS.admin);
  farmer = await idOf(DEMO_ACCOUNTS.farmer);
  buyer = await idOf(DEMO_ACCOUNTS.buyer);
});
afterAll(() => t.close());

describe('acting as a user, read-only', () => {
  it('refuses every state-changing route the app registers with the one 403, before reading the body', async () => {
    const who = await adminSession();
    const start = await call(who, 'POST', '/api/auth/act-as', { user_id: farmer.id, scope: 'read_only' });
    expect(start.statusCode).toBe(200);
    const [{ before } = { before: 0 }] = await t.database.db
      .select({ before: sql<number>`coalesce(max(${auditLog.id}), 0)` })
      .from(auditLog);

    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const walked: string[] = [];
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      const route = path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1');
      for (const method of Object.keys(item).filter((m) => WRITES.has(m))) {
        const key = `${method.toUpperCase()} ${route}`;
        if (STILL_OPEN.has(key) || key === 'POST /api/auth/logout') continue;
        // Every parameter filled with something of the right look for most ids: the refusal must come first anyway.
        const url = route.replace(/\*$/, 'x').replace(/:[^/]+/g, '1');
        const res = await call(who, method.toUpperCase(), url);
        const expected = route.startsWith('/api/auth/') ? THEMSELF : READ_ONLY;
        walked.push(key);
        if (res.statusCode !== 403 || res.json().message !== expected) {
          wrong.push(`${key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The whole API, not a handful: every module's writes are among them.
    expect(walked.length).toBeGreaterThan(100);

    // Nothing was done: the only entries since are the refused requests, each naming both people, each a 403.
    const since = await t.database.db.select().from(auditLog).where(gt(auditLog.id, before));
    expect(since.length).toBe(walked.length);
    for (const entry of since) {
      expect(entry).toMatchObject({
        action: 'act_as_request',
        actorUserId: admin.id,
        actingAsUserId: farmer.id,
        details: expect.objectContaining({ status: 403, scope: 'read_only' }),
      });
    }
    expect((await call(who, 'DELETE', '/api/auth/act-as')).statusCode).toBe(200);
  });
});

describe('acting as a user, full access', () => {
  it("records a module's own audit entry with both people: the admin as actor, the user acted as", async () => {
    const who = await adminSession();
    expect((await call(who, 'POST', '/api/auth/act-as', { user_id: buyer.id })).statusCode).toBe(200);
    const created = await call(who, 'POST', '/api/commodities/merchandising/saved-views', {
      grid: 'contracts',
      name: 'Made while acting',
      state: {
        filters: { view: 'openContracts', sort: 'client', sortOrder: 'asc' },
        hiddenColumns: [],
        shownColumns: [],
        density: 'compact',
      },
    });
    expect(created.statusCode).toBe(201);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'saved_view_create'), eq(auditLog.targetId, String(created.json().id))));
    expect(entry).toMatchObject({ actorUserId: admin.id, actingAsUserId: buyer.id });
    // The view is the buyer's (the acted-as user's), not the admin's.
    expect((await call(who, 'DELETE', '/api/auth/act-as')).statusCode).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/commodities/merchandising/saved-views?grid=contracts',
      headers: { cookie: who.cookie },
    });
    expect(JSON.stringify(mine.json())).not.toContain('Made while acting');
  });
});
