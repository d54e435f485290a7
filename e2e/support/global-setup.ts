import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/platform/db.ts';
import { readEnv } from '../../apps/server/src/platform/env.ts';
import { randomToken, sha256 } from '../../apps/server/src/platform/crypto.ts';
import { insertSession } from '../../apps/server/src/platform/sessions.repo.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../../apps/server/src/seed/demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    bumpedURL: string;
    /** A session per demo account, plus `<account>2` spares for specs that log out. */
    sessionTokens: Record<string, string>;
  }
}

const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

async function startServer(extraEnv: Record<string, string>) {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemoData(database.db);
  const app = await buildApp({ database, env: readEnv({ NODE_ENV: 'test', ...extraEnv }), webDist, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, database, url: `http://127.0.0.1:${address.port}` };
}

/** Starts the app the way `npm start` does (built web app, migrated and seeded database) for the specs. */
export default async function setup(project: TestProject) {
  if (!existsSync(`${webDist}/index.html`)) throw new Error('Build the web app first: npm run build');
  const main = await startServer({});
  // A second server announcing a required update, for the update-screen spec.
  const bumped = await startServer({ WEB_VERSION_REQUIRED: '65', WEB_VERSION_LATEST: '65' });

  // Signed-in browsers get a real session row (the sign-in pages belong to the identity work).
  const sessionTokens: Record<string, string> = {};
  for (const [key, email] of Object.entries(DEMO_ACCOUNTS)) {
    const [user] = await main.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    for (const name of [key, `${key}2`]) {
      const token = randomToken();
      await insertSession(main.database.db, { tokenHash: sha256(token), userId: user!.id, ip: null, userAgent: null });
      sessionTokens[name] = token;
    }
  }

  project.provide('baseURL', main.url);
  project.provide('bumpedURL', bumped.url);
  project.provide('sessionTokens', sessionTokens);

  return async () => {
    await main.app.close();
    await bumped.app.close();
  };
}
