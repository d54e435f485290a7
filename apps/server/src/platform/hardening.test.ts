// Issue 11's findings, each as a caller would notice it (docs/decisions/025-hardening-rules.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { startCrmTestApp, injectAs, type CrmTestApp } from '../testing/crm-test-app.ts';
import { createTestApp, cookiesFrom, fakeWebDist, type TestApp } from '../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../seed/demo.ts';
import { AppError } from './errors.ts';
import { audit } from './audit.ts';
import { redactUrl, REDACTED } from './logging.ts';
import { CREATE_LIMIT_PER_MINUTE } from './write-limits.ts';
import { findUnstorableText } from './request-rules.ts';
import { sha256 } from './crypto.ts';

const MERCH = '/api/commodities/merchandising';

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)) as unknown as { rows: T[] };

let c: CrmTestApp;
beforeAll(async () => {
  c = await startCrmTestApp();
  // Routes that write and then fail, to see what a failed write leaves.
  c.t.app.log.level = 'silent';
}, 120_000);
afterAll(() => c?.t.close());

describe('text PostgreSQL cannot store is refused before any route runs (finding 2, 3)', () => {
  it('a follow-up edit with a lone surrogate answers 400, and the row and the audit log stay as they were', async () => {
    const { t, fx, buyer } = c;
    const created = await injectAs(t, buyer, 'POST', `${MERCH}/followups`, {
      marketId: fx.marketAll,
      clientId: fx.demoClients[3],
      dueDate: fx.today,
      description: 'before-after',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const auditsBefore = (
      await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from audit_log where target_type = 'followup' and target_id = ${String(id)}`,
      )
    ).rows[0]!.n;

    const res = await t.app.inject({
      method: 'PATCH',
      url: `${MERCH}/followups/${id}`,
      headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf, 'content-type': 'application/json' },
      payload: '{"description":"before-\\ud800-after"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', details: [{ path: 'body.description' }] });
    const [row] = (await rows<{ description: string }>(t, sql`select description from followups where id = ${id}`))
      .rows;
    expect(row?.description).toBe('before-after');
    const auditsAfter = (
      await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from audit_log where target_type = 'followup' and target_id = ${String(id)}`,
      )
    ).rows[0]!.n;
    expect(auditsAfter).toBe(auditsBefore);
  });

  it('a NUL in a query string, a path, a JSON string or a JSON key answers 400 with where it was', async () => {
    const { t, buyer } = c;
    const search = await t.app.inject({ method: 'GET', url: '/api/store/products?q=corn%00seed' });
    expect(search.statusCode).toBe(400);
    expect(search.json().details[0].path).toBe('querystring.q');
    const path = await injectAs(t, buyer, 'GET', `${MERCH}/followups/1%00`);
    expect(path.statusCode).toBe(400);
    const key = await t.app.inject({
      method: 'POST',
      url: `${MERCH}/followups`,
      headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf, 'content-type': 'application/json' },
      payload: '{"descr\\u0000iption":"x"}',
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().code).toBe('invalid_request');
  });

  it('finds the first unstorable string however deep, and passes storable text (emoji are surrogate pairs)', () => {
    expect(findUnstorableText({ a: ['ok', { b: 'bad\u0000' }] }, 'body')).toBe('body.a.1.b');
    expect(findUnstorableText({ a: 'x\udc00' }, 'body')).toBe('body.a');
    expect(findUnstorableText({ a: 'Corn 🌽 – “15½%”' }, 'body')).toBeNull();
    let deep: unknown = 'end';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep, 'body')).toBeNull();
  });

  it('leaves a body kept as a stream (a raw file upload) to its route instead of walking the socket behind it', () => {
    const socket: Record<string, unknown> = { name: 'bad\u0000' };
    const stream = { pipe: () => stream, socket };
    socket.stream = stream; // the request stream and its socket refer to each other
    expect(findUnstorableText(stream, 'body')).toBeNull();
  });
});

describe('error answers never fail a route response schema (finding 2)', () => {
  it('POST /api/auth/password/reset/:token with {} answers 400 invalid_request, not 500', async () => {
    const { t } = c;
    const boot = await t.app.inject({ method: 'GET', url: '/api/bootstrap' });
    const anon = cookiesFrom(boot.headers['set-cookie']).granary_anon;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/abc',
      headers: { cookie: `granary_anon=${anon}`, 'x-csrf-token': boot.json().csrf },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
  });
});

describe('answers that depend on the session are never cached (finding 7)', () => {
  it('sends Cache-Control: no-store on API answers, signed in or not, errors included', async () => {
    const { t, buyer } = c;
    const signedIn = await injectAs(t, buyer, 'GET', '/api/auth/session');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const markets = await injectAs(t, buyer, 'GET', `${MERCH}/markets`);
    expect(markets.headers['cache-control']).toBe('no-store');
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
  });

  it('keeps what a route says itself (the public catalogue may be cached)', async () => {
    const res = await c.t.app.inject({ method: 'GET', url: '/api/store/products?locale=en-us' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('a session has an absolute lifetime (finding 5)', () => {
  it('a session kept busy ends 30 days after it began', async () => {
    const { t } = c;
    const cookie = await t.sessionCookie(DEMO_ACCOUNTS.farmer);
    const token = cookie.split('=')[1]!;
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update sessions set created_at = now() - interval '29 days', last_seen_at = now() where token_hash = ${sha256(token)}`,
    );
    expect((await me()).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update sessions set created_at = now() - interval '30 days 1 minute', last_seen_at = now() where token_hash = ${sha256(token)}`,
    );
    expect((await me()).statusCode).toBe(401);
  });
});

describe('state-changing routes have a per-user rate limit (finding 11)', () => {
  it('a burst of 40 notes is cut at the limit for that user, and another user still writes', async () => {
    const { t, fx, buyer } = c;
    const url = `${MERCH}/le/${fx.demoPlatformId}/market/${fx.marketAll}/le/${fx.demoClients[7]}/notes?noteDate=${fx.today}`;
    const post = (caller: typeof buyer) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: caller.cookie, 'x-csrf-token': caller.csrf, 'content-type': 'text/plain' },
        payload: 'Called about bins.',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await post(buyer)).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CREATE_LIMIT_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - CREATE_LIMIT_PER_MINUTE);
    const refused = await post(buyer);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    const admin = await (await import('../testing/crm-test-fixtures.ts')).signIn(t, DEMO_ACCOUNTS.admin);
    expect((await post(admin)).statusCode).toBe(201);
  });
});

describe('request URLs are logged without their secrets (finding 6)', () => {
  it('redacts reset, sign-in and signing tokens in paths and secret query parameters', () => {
    expect(redactUrl('/api/auth/password/reset/s3cr3t-t0ken', { token: 's3cr3t-t0ken' })).toBe(
      `/api/auth/password/reset/${REDACTED}`,
    );
    expect(redactUrl('/password/exchange/s3cr3t-t0ken')).toBe(`/password/exchange/${REDACTED}`);
    expect(redactUrl('/profit-center/builtin/sign/s3cr3t?x=1')).toBe(`/profit-center/builtin/sign/${REDACTED}?x=1`);
    expect(redactUrl('/api/profit-center/signing/s3cr3t/sign', { ref: 's3cr3t' })).toBe(
      `/api/profit-center/signing/${REDACTED}/sign`,
    );
    expect(redactUrl('/login/magic?token=abc&redirect=%2Fcrm')).toBe(`/login/magic?token=${REDACTED}&redirect=%2Fcrm`);
    expect(redactUrl('/api/auth/oidc/sso/callback?code=abc&state=def')).toBe(
      `/api/auth/oidc/sso/callback?code=${REDACTED}&state=${REDACTED}`,
    );
    expect(redactUrl('/api/store/products?q=corn')).toBe('/api/store/products?q=corn');
  });

  it('the running server writes no reset token to its log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await createTestApp({ crm: 'none', env: { LOG_LEVEL: 'info' } });
    try {
      // A second app over the same database with a logger (createTestApp's is silent).
      const { buildApp } = await import('../app.ts');
      const app = await buildApp({
        database: { ...logged.database, close: async () => {} },
        env: logged.env,
        logger: { level: 'info', stream },
      });
      await app.inject({
        method: 'POST',
        url: '/api/auth/password/reset/VerySecretResetToken123',
        payload: { new_password: 'x' },
      });
      await app.inject({ method: 'GET', url: '/password/exchange/AnotherSecretToken456' });
      await app.close();
      const log = lines.join('');
      expect(log).toContain('/api/auth/password/reset/');
      expect(log).not.toContain('VerySecretResetToken123');
      expect(log).not.toContain('AnotherSecretToken456');
    } finally {
      await logged.close();
    }
  });
});

describe('a request transaction: a failed write leaves nothing, a refusal keeps what it recorded (finding 3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      crm: 'none',
      beforeReady(app) {
        const write = (action: string) => audit(t.database.db, null, { actorUserId: null, action });
        app.post('/api/test/write-then-crash', { config: { access: 'public', csrf: false } }, async () => {
          await write('test_crashed_write');
          throw new Error('a bug after the first write');
        });
        app.post('/api/test/write-then-refuse', { config: { access: 'public', csrf: false } }, async () => {
          await write('test_refused_write');
          throw new AppError('conflict');
        });
        app.post(
          '/api/test/write-then-send',
          { config: { access: 'public', csrf: false } },
          async (_request, reply) => {
            await write('test_sent_write');
            return reply.status(201).send({ ok: true });
          },
        );
        app.post('/api/test/write-then-out-of-range', { config: { access: 'public', csrf: false } }, async () => {
          await write('test_out_of_range_write');
          await t.database.db.execute(sql`select ${'2147483648'}::int4`);
        });
        app.post('/api/test/write-then-bad-sql', { config: { access: 'public', csrf: false } }, async () => {
          await write('test_bad_sql_write');
          await t.database.db.execute(sql`select * from no_such_table`);
        });
      },
    });
  });
  afterAll(() => t.close());

  const count = async (action: string) =>
    (await rows<{ n: number }>(t, sql`select count(*)::int as n from audit_log where action = ${action}`)).rows[0]!.n;

  it('rolls back every write of a request that fails unexpectedly', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/test/write-then-crash' })).statusCode).toBe(500);
    expect(await count('test_crashed_write')).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/test/write-then-bad-sql' })).statusCode).toBe(500);
    expect(await count('test_bad_sql_write')).toBe(0);
  });

  it('answers a value the database cannot take (out of range, malformed) with a 400, and keeps nothing of the request', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/write-then-out-of-range' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
    expect(await count('test_out_of_range_write')).toBe(0);
  });

  it('commits what a refusal recorded, and answers with it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/write-then-refuse' });
    expect(res.statusCode).toBe(409);
    expect(await count('test_refused_write')).toBe(1);
  });

  it('sends an answer the handler sent itself only once its writes are committed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/write-then-send' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(await count('test_sent_write')).toBe(1);
  });
});

describe('cookies are Secure per request, never by process state (finding 9)', () => {
  it('with TRUST_PROXY, one https request does not make the next plain one Secure', async () => {
    const t = await createTestApp({ crm: 'none', env: { TRUST_PROXY: 'true' } });
    try {
      const secure = await t.app.inject({
        method: 'GET',
        url: '/api/bootstrap',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(secure.headers['set-cookie'])).toMatch(/granary_anon=[^;]+;.*Secure/);
      const plain = await t.app.inject({ method: 'GET', url: '/api/bootstrap' });
      expect(String(plain.headers['set-cookie'])).toContain('granary_anon=');
      expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
    } finally {
      await t.close();
    }
  });
});

describe('the dev mailbox answers only a developer at this machine (finding 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ crm: 'none', webDist: fakeWebDist() });
  });
  afterAll(() => t.close());

  it('answers loopback requests, and 404s a request from elsewhere or through a proxy', async () => {
    const api = '/api/dev/mailbox?recipient=farmer%40demo.granary.test';
    expect((await t.app.inject({ method: 'GET', url: api, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: api, remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: api, remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: api,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '203.0.113.7' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.7' })).statusCode).toBe(
      404,
    );
  });

  it('does not exist at all in production', async () => {
    const prod = await createTestApp({ crm: 'none', env: { NODE_ENV: 'production' }, webDist: fakeWebDist() });
    try {
      expect(
        (await prod.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(404);
      expect(
        (await prod.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('source maps are not served in production (finding 8)', () => {
  it('404s *.js.map in production and serves it otherwise', async () => {
    const dist = fakeWebDist();
    writeFileSync(join(dist, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["secret.tsx"]}');
    const prod = await createTestApp({ crm: 'none', env: { NODE_ENV: 'production' }, webDist: dist });
    const dev = await createTestApp({ crm: 'none', webDist: dist });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(200);
      expect((await dev.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' })).statusCode).toBe(200);
    } finally {
      await prod.close();
      await dev.close();
    }
  });
});
