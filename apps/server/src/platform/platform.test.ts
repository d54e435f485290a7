import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { createTestApp, cookiesFrom, type TestApp } from '../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../seed/demo.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from './db.ts';
import { readEnv } from './env.ts';
import { registerAccessControl } from './access.ts';
import { incrementCounter } from './rate-limit-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { BODY_LIMIT_BYTES: '2048' },
    beforeReady(app) {
      app.get('/api/test/me', { config: { access: 'session' } }, async () => ({ ok: true }));
      app.get('/api/test/admin', { config: { access: 'act-as' } }, async () => ({ ok: true }));
      app.post(
        '/api/test/echo',
        { config: { access: 'public' }, schema: { body: z.object({ name: z.string().min(1) }) } },
        async (req) => req.body,
      );
      app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('database password is hunter2');
      });
    },
  });
});
afterAll(() => t.close());

async function anonymous() {
  const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap' });
  return {
    cookie: `granary_anon=${cookiesFrom(res.headers['set-cookie']).granary_anon}`,
    csrf: res.json().csrf as string,
  };
}

describe('CSRF', () => {
  it('refuses a state-changing request without X-CSRF-Token with 403', async () => {
    const { cookie } = await anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie },
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf_invalid' });
  });

  it('refuses a token that belongs to another visitor', async () => {
    const a = await anonymous();
    const b = await anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie: a.cookie, 'x-csrf-token': b.csrf },
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the token the bootstrap handed out', async () => {
    const { cookie, csrf } = await anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie, 'x-csrf-token': csrf },
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'x' });
  });

  it('binds a signed-in token to the session', async () => {
    const cookie = await t.sessionCookie(DEMO_ACCOUNTS.buyer);
    const { csrf } = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie, 'x-csrf-token': csrf },
      payload: { name: 'y' },
    });
    expect(ok.statusCode).toBe(200);
    const other = await t.sessionCookie(DEMO_ACCOUNTS.buyer);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie: other, 'x-csrf-token': csrf },
      payload: { name: 'y' },
    });
    expect(stolen.statusCode).toBe(403);
  });
});

describe('access', () => {
  it('answers 401 with a code on a session route without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated', message: 'Your session expired' });
  });

  it('lets a session through and refuses a user without the permission with 403', async () => {
    const farmer = await t.sessionCookie(DEMO_ACCOUNTS.farmer);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/me', headers: { cookie: farmer } })).statusCode).toBe(
      200,
    );
    const denied = await t.app.inject({ method: 'GET', url: '/api/test/admin', headers: { cookie: farmer } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'forbidden', message: 'You do not have permissions for this action' });
    const admin = await t.sessionCookie(DEMO_ACCOUNTS.admin);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/admin', headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
  });

  it('stops the server at boot when a route declares no access', async () => {
    const app = Fastify();
    const database = await openDatabase({ kind: 'pglite' });
    try {
      registerAccessControl(app, {
        database,
        env: readEnv({}),
        sessions: { idleMs: 1, maxAgeMs: 1, alwaysSecure: false },
        csrfSecret: 's',
        webDist: null,
      });
      expect(() => app.get('/api/naked', async () => 'hi')).toThrow(/declares no access/);
    } finally {
      await database.close();
    }
  });
});

describe('logout', () => {
  it('ends the session server-side: the old cookie no longer signs in', async () => {
    const cookie = await t.sessionCookie(DEMO_ACCOUNTS.buyer);
    const { csrf } = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/granary_session=;/);
    const replay = await t.app.inject({ method: 'GET', url: '/api/test/me', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });
});

describe('errors', () => {
  it('hides the cause of a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal_error',
      message: 'Sorry, an unexpected issue occurred. Please come back later!',
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers a body that fails its schema with 400, a code and the field', async () => {
    const { cookie, csrf } = await anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie, 'x-csrf-token': csrf },
      payload: { name: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_request');
    expect(res.json().message).toContain('name');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const { cookie, csrf } = await anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_request');
  });

  it('answers a body over the limit with 413', async () => {
    const { cookie, csrf } = await anonymous();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie, 'x-csrf-token': csrf },
      payload: { name: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/call' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});

describe('request conventions', () => {
  it('keeps the client trace id and echoes it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json', headers: { 'x-trace-id': '1234567890123' } });
    expect(res.headers['x-trace-id']).toBe('1234567890123');
  });

  it('makes a 63-bit decimal trace id when none (or garbage) is sent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json', headers: { 'x-trace-id': 'drop table' } });
    const id = String(res.headers['x-trace-id']);
    expect(id).toMatch(/^\d{1,19}$/);
    expect(BigInt(id) < 2n ** 63n).toBe(true);
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('shared rate-limit counters', () => {
  it('counts within a window and starts again after it', async () => {
    const db = t.database.db;
    expect((await incrementCounter(db, 'k1', 60_000)).current).toBe(1);
    const second = await incrementCounter(db, 'k1', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    await db.execute(sql`update rate_limit_counters set window_ends_at = now() - interval '1 second' where key = 'k1'`);
    expect((await incrementCounter(db, 'k1', 60_000)).current).toBe(1);
  });

  it('limits a route across requests and answers 429 with a code', async () => {
    const limited = await createTestApp({
      beforeReady(app) {
        app.get(
          '/api/test/limited',
          { config: { access: 'public', rateLimit: { max: 2, timeWindow: 60_000 } } },
          async () => ({ ok: true }),
        );
        app.get(
          '/api/test/limited-too',
          { config: { access: 'public', rateLimit: { max: 2, timeWindow: 60_000 } } },
          async () => ({ ok: true }),
        );
      },
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await limited.app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const res = await limited.app.inject({ method: 'GET', url: '/api/test/limited' });
      expect(res.json().code).toBe('rate_limited');
      expect(res.json().message).toMatch(/Please wait \d+ seconds before trying again\./);
      // Each route counts on its own: another limited route is still open to the same address.
      expect((await limited.app.inject({ method: 'GET', url: '/api/test/limited-too' })).statusCode).toBe(200);
      const keys = await limited.database.db.execute(sql`select key from rate_limit_counters order by key`);
      expect((keys as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual([
        'rl:GET:/api/test/limited-too:127.0.0.1',
        'rl:GET:/api/test/limited:127.0.0.1',
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('buildApp', () => {
  it('builds on a PGlite database and closes it with the app', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const app = await buildApp({ database, env: readEnv({}) });
    await app.ready();
    await app.close();
  });
});

describe('PostgreSQL pool', () => {
  it.runIf(process.env.DATABASE_URL)('survives the server terminating an idle connection', async () => {
    const url = process.env.DATABASE_URL!;
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    try {
      const pid = await database.db.execute(sql`select pg_backend_pid() as pid`);
      const { pid: backend } = (pid as unknown as { rows: { pid: number }[] }).rows[0]!;
      await admin.db.execute(sql`select pg_terminate_backend(${backend})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await database.db.execute(sql`select 1 as one`);
      expect((again as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
    } finally {
      await database.close();
      await admin.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'lets processes that start together migrate and seed one after the other',
    async () => {
      const url = process.env.DATABASE_URL!;
      const a = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      const b = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        const spans: { who: string; from: number; to: number }[] = [];
        const work = (who: string) => async () => {
          const from = performance.now();
          await new Promise((resolve) => setTimeout(resolve, 150));
          spans.push({ who, from, to: performance.now() });
          return who;
        };
        expect(await Promise.all([a.withStartupLock(work('a')), b.withStartupLock(work('b'))])).toEqual(['a', 'b']);
        const [first, second] = spans.sort((x, y) => x.from - y.from);
        expect(second!.from).toBeGreaterThanOrEqual(first!.to);
        // A failure inside lets the next one in.
        await expect(a.withStartupLock(async () => Promise.reject(new Error('migration failed')))).rejects.toThrow(
          'migration failed',
        );
        expect(await b.withStartupLock(async () => 'after')).toBe('after');
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
