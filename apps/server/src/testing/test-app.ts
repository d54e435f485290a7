import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Database } from '../platform/db.ts';
import { readEnv, type Env } from '../platform/env.ts';
import { randomToken, sha256 } from '../platform/crypto.ts';
import { insertSession } from '../platform/sessions.repo.ts';
import { SESSION_COOKIE } from '../platform/sessions.ts';
import { users } from '../db/schema/index.ts';
import { type DemoCrmSize } from '../seed/demo.ts';
import { seededDatabase } from './seeded-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  env: Env;
  /** Signs a seeded user in the way the server does, returning the session cookie header value. */
  sessionCookie(email: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * A real server on a real database: in-memory PGlite by default, or the PostgreSQL server named by
 * DATABASE_URL (CI runs the suite both ways). Each call gets a database of its own, migrated and seeded
 * (a copy of one seeded once per seed version: testing/seeded-database.ts).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webDist?: string | null;
    beforeReady?: (app: FastifyInstance) => void;
    /** CRM demo data: 'small' by default (every view populated, a tenth of `npm start`'s rows, quick to seed). */
    crm?: DemoCrmSize;
  } = {},
): Promise<TestApp> {
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const database = await seededDatabase(options.crm ?? 'small', process.env.DATABASE_URL);
  const app = await buildApp({ database, env, webDist: options.webDist ?? null, logger: false });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    env,
    async sessionCookie(email) {
      const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no user ${email}`);
      const token = randomToken();
      await insertSession(database.db, { tokenHash: sha256(token), userId: user.id, ip: null, userAgent: null });
      return `${SESSION_COOKIE}=${token}`;
    },
    close: () => app.close(),
  };
}

/** A minimal built web app: index.html with the root element the server fills for 404s, and one asset. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'granary-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Granary</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log("app")');
  writeFileSync(join(dir, 'build.json'), JSON.stringify({ tag: 'web-64-test', required: 63, latest: 64 }));
  return dir;
}

/** The cookies a response set, as `name=value` pairs ready for a Cookie header. */
export function cookiesFrom(setCookie: string | string[] | undefined): Record<string, string> {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const out: Record<string, string> = {};
  for (const c of list) {
    const [pair = ''] = c.split(';');
    const i = pair.indexOf('=');
    out[pair.slice(0, i)] = pair.slice(i + 1);
  }
  return out;
}
