import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/platform/db.ts';
import { readEnv } from '../../apps/server/src/platform/env.ts';
import { randomToken, sha256 } from '../../apps/server/src/platform/crypto.ts';
import { insertSession } from '../../apps/server/src/platform/sessions.repo.ts';
import { enterpriseUsers, enterprises, users } from '../../apps/server/src/db/schema/index.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../../apps/server/src/seed/demo.ts';
import { startTestProvider } from '../../apps/server/src/modules/identity/oidc-test-provider.ts';
import { startJobWorker } from '../../apps/server/src/platform/jobs.ts';
import { CHROMIUM_LAUNCH } from './chromium.ts';
import type { E2eServer } from './server.ts';
import { E2E_WORKERS } from './workers.ts';
import { seedFarmerStory } from './farmer-story-seed.ts';
import { seedStructuresStory } from './structures-seed.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges into an interface
  export interface ProvidedContext {
    /** A seeded server per worker (support/server.ts e2eServer: the one a spec uses). */
    servers: E2eServer[];
    bumpedURL: string;
    /** The Chromium every spec connects to (support/browser.ts launchBrowser). */
    browserWSEndpoint: string;
    /** The servers' SSO provider: a real OpenID provider on 127.0.0.1 (see specs/sso.spec.ts). */
    sso: { issuer: string; name: string; accounts: Record<string, string> };
  }
}

/** The built web app; E2E_WEB_DIST points elsewhere (e.g. a private build while others build apps/web/dist). */
const webDist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** A free port on 127.0.0.1, so that the provider can know the server's callback before the server listens. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no address');
  return address.port;
}

/** The SSO provider's name on the buttons, and its accounts (login name → e-mail). */
const SSO_NAME = 'Prairie SSO';
const SSO_CLIENT = { client_id: 'granary-e2e-sso', client_secret: 'granary-e2e-sso-secret' };
const SSO_ACCOUNTS = { 'sso-buyer': DEMO_ACCOUNTS.buyer };

async function startServer(extraEnv: Record<string, string>, port = 0) {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemoData(database.db);
  const app = await buildApp({ database, env: readEnv({ NODE_ENV: 'test', ...extraEnv }), webDist, logger: false });
  // The job worker runs as under `npm start` (an import's quotes-changed follow-up, the offers' watcher); the
  // simulated price feed does not, so the demo's quotes move only when a spec moves them.
  const jobWorker = startJobWorker(database.db);
  app.addHook('preClose', () => jobWorker.stop());
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, database, url: `http://127.0.0.1:${address.port}` };
}

/** The owner of team.spec's own farm business (see seedTeamFarm). */
const TEAM_OWNER = 'team-owner@e2e.granary.test';

/**
 * A farm business of its own for team.spec (a US farm, its owner signed in as `teamOwner`): the spec adds members to
 * it, so the demo farm's team — whose members with profit center access are asked to sign its contracts (esign,
 * trading-flow) — stays as the seed left it, whatever order the specs run in.
 */
async function seedTeamFarm(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  const [owner] = await db
    .insert(users)
    .values({
      email: TEAM_OWNER,
      firstName: 'Tess',
      lastName: 'Cedar',
      emailVerifiedAt: new Date(),
      experiences: { enterprise_agronomics: true },
      countryCode: 'USA',
      tosAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  const [farm] = await db
    .insert(enterprises)
    .values({ name: 'Cedar Creek Farms', countryCode: 'USA', administrativeAreaLevel1: 'IA' })
    .returning({ id: enterprises.id });
  await db.insert(enterpriseUsers).values({ enterpriseId: farm!.id, userId: owner!.id, role: 'owner' });
}

/**
 * A server for the specs of one worker: the demo data, the data of the specs that bring their own (team.spec's farm,
 * the farmer story, the structures story) and pre-made sessions. Each account has two sessions the specs share
 * (`farmer`, `farmer2`: two devices) and a third, `<account>-logout`, for a spec that signs out: Logout ends its
 * session, and a shared one ended early breaks every later spec that uses it.
 */
async function startSeededServer(ssoIssuer: string, port: number) {
  const main = await startServer(
    {
      OIDC_SSO_ISSUER: ssoIssuer,
      OIDC_SSO_CLIENT_ID: SSO_CLIENT.client_id,
      OIDC_SSO_CLIENT_SECRET: SSO_CLIENT.client_secret,
      OIDC_SSO_NAME: SSO_NAME,
      // The built-in test card provider: billing's cards and bank accounts (farmer-profit-center.spec) and the store's
      // card terms at checkout (store-checkout.spec pays by check and is indifferent to the card term being offered).
      CARD_PROVIDER: 'test',
    },
    port,
  );
  await seedTeamFarm(main.database.db);
  // farmer-profit-center.spec's farmer, farm business and grain (it signs in with the password form).
  await seedFarmerStory(main.database.db);
  // structures.spec's client and its corn month whose settles have not arrived for weeks (the import brings them).
  await seedStructuresStory(main.database.db);
  const sessionTokens: Record<string, string> = {};
  for (const [key, email] of Object.entries({ ...DEMO_ACCOUNTS, teamOwner: TEAM_OWNER })) {
    const [user] = await main.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    for (const name of [key, `${key}2`, `${key}-logout`]) {
      const token = randomToken();
      await insertSession(main.database.db, { tokenHash: sha256(token), userId: user!.id, ip: null, userAgent: null });
      sessionTokens[name] = token;
    }
  }
  return { ...main, sessionTokens };
}

/** Starts the app the way `npm start` does (built web app, migrated and seeded database) for the specs. */
export default async function setup(project: TestProject) {
  if (!existsSync(`${webDist}/index.html`)) throw new Error('Build the web app first: npm run build');
  // The servers sign in through a real OpenID provider (the API tests' oidc-provider). Its client must know each
  // server's callback, so the servers' ports are chosen first and each listens on its own after the provider starts.
  const ports: number[] = [];
  for (let i = 0; i < E2E_WORKERS; i++) ports.push(await freePort());
  const sso = await startTestProvider({
    clients: [
      { ...SSO_CLIENT, redirect_uris: ports.map((port) => `http://127.0.0.1:${port}/api/auth/oidc/sso/callback`) },
    ],
    accounts: Object.fromEntries(
      Object.entries(SSO_ACCOUNTS).map(([login, email]) => [
        login,
        { email, email_verified: true, given_name: 'Dana' },
      ]),
    ),
  });
  const mains: Awaited<ReturnType<typeof startSeededServer>>[] = [];
  for (const port of ports) mains.push(await startSeededServer(sso.issuer, port));
  // A second server announcing a required update, for the update-screen spec.
  const bumped = await startServer({ WEB_VERSION_REQUIRED: '65', WEB_VERSION_LATEST: '65' });

  const browserServer = await chromium.launchServer(CHROMIUM_LAUNCH);
  project.provide('browserWSEndpoint', browserServer.wsEndpoint());
  project.provide(
    'servers',
    mains.map((main) => ({ baseURL: main.url, sessionTokens: main.sessionTokens })),
  );
  project.provide('bumpedURL', bumped.url);
  project.provide('sso', { issuer: sso.issuer, name: SSO_NAME, accounts: SSO_ACCOUNTS });

  return async () => {
    await browserServer.close();
    for (const main of mains) await main.app.close();
    await bumped.app.close();
    await sso.close();
  };
}
