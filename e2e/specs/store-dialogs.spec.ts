import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase, type Database } from '../../apps/server/src/platform/db.ts';
import { readEnv } from '../../apps/server/src/platform/env.ts';
import { randomToken, sha256 } from '../../apps/server/src/platform/crypto.ts';
import { insertSession } from '../../apps/server/src/platform/sessions.repo.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { seedDemoData } from '../../apps/server/src/seed/demo.ts';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// The store dialogs of platform.md 2.9 on a real server: a fresh user (not the seeded demo users, who have accepted
// the terms) with the marketing experiment on meets the marketing-subscribe dialog first, subscribes, then must
// accept the terms; neither shows again after a reload. This spec runs its own server: it needs
// EXPERIMENT_FLAGS=store-marketing-subscribe, which the shared server leaves off so that other specs never meet it.

const webDist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

let browser: Browser;
let app: FastifyInstance;
let database: Database;
let baseURL: string;

/** A fresh user straight in the database (as the seed does), with no terms accepted, and a session for them. */
async function freshUser(email: string): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ email, firstName: 'Nia', lastName: 'Newcomer', verificationStatus: 'verified', tosAcceptedAt: null })
    .returning({ id: users.id });
  const token = randomToken();
  await insertSession(database.db, { tokenHash: sha256(token), userId: row!.id, ip: null, userAgent: null });
  return token;
}

function signedIn(token: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return openContext(browser, { baseURL, viewport, sessionToken: token });
}

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemoData(database.db, { crm: 'none' });
  app = await buildApp({
    database,
    env: readEnv({ NODE_ENV: 'test', EXPERIMENT_FLAGS: 'store-marketing-subscribe' }),
    webDist,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseURL = `http://127.0.0.1:${address.port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('store dialogs', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`a fresh user subscribes, then accepts the terms; neither shows again (${viewport.width} px)`, async () => {
      const token = await freshUser(`newcomer-${viewport.width}-${Date.now().toString(36)}@nobody.granary.test`);
      const context = await signedIn(token, viewport);
      const page = await context.newPage();
      await page.goto('/direct/products');

      const marketing = page.getByRole('dialog', { name: /Get deals and news from the .+ store/ });
      await marketing.waitFor();
      expect(await page.getByRole('dialog', { name: 'Terms of service' }).count()).toBe(0);
      await snap(page, `store-dialogs-marketing-${viewport.width}`);
      await marketing.getByRole('button', { name: 'Subscribe' }).click();
      // The dialog's title becomes the confirmation.
      const done = page.getByRole('dialog', { name: 'You are subscribed' });
      await done.waitFor();
      await snap(page, `store-dialogs-subscribed-${viewport.width}`);
      await done.getByRole('button', { name: 'Close' }).last().click();

      const terms = page.getByRole('dialog', { name: 'Terms of service' });
      await terms.waitFor();
      await snap(page, `store-dialogs-terms-${viewport.width}`);
      // Escape does not dismiss it.
      await page.keyboard.press('Escape');
      expect(await terms.isVisible()).toBe(true);
      // The terms can be read: their page opens without the dialog.
      await terms.getByRole('link', { name: 'Read the terms and conditions' }).click();
      await page.waitForURL((url) => url.pathname === '/direct/terms-and-conditions');
      await page.getByRole('heading', { level: 1, name: 'Terms and conditions' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.goBack();
      await terms.waitFor();
      const accepted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/store/terms/accept');
      await terms.getByRole('button', { name: 'Accept' }).click();
      expect((await accepted).status()).toBe(200);
      await terms.waitFor({ state: 'detached' });

      // A reload (as another device would): the server remembers both.
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByRole('dialog').count()).toBe(0);
      const bootstrap = (await (await context.request.get('/api/bootstrap')).json()) as {
        user: { must_accept_tos: boolean; dialogs_seen: string[] };
      };
      expect(bootstrap.user.must_accept_tos).toBe(false);
      expect(bootstrap.user.dialogs_seen).toEqual(['store-marketing-subscribe']);
      await context.close();
    });
  }

  it('Not now leaves the store for the dashboard', async () => {
    const token = await freshUser(`notnow-${Date.now().toString(36)}@nobody.granary.test`);
    const context = await signedIn(token, { width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto('/direct/products');
    const marketing = page.getByRole('dialog', { name: /Get deals/ });
    await marketing.waitFor();
    await marketing.getByRole('button', { name: 'No thanks' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms of service' });
    await terms.getByRole('button', { name: 'Not now' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });
});
