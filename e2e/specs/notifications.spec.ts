import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase, type Database } from '../../apps/server/src/platform/db.ts';
import { readEnv } from '../../apps/server/src/platform/env.ts';
import { randomToken, sha256 } from '../../apps/server/src/platform/crypto.ts';
import { insertSession } from '../../apps/server/src/platform/sessions.repo.ts';
import { notifyUsers } from '../../apps/server/src/platform/notifications.ts';
import { outbox, users } from '../../apps/server/src/db/schema/index.ts';
import { seedDemoData } from '../../apps/server/src/seed/demo.ts';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// Notifications end to end (issue 16, decision 055): a farmer turns marketing e-mails on in the notification settings,
// the welcome e-mail's unsubscribe link (its List-Unsubscribe header, as a mail client reads it) works in one click on
// another device without signing in, and the settings then show marketing e-mails off; a new notification shows in
// the header's bell and on /global-notifications, where it is marked read. Its own server and database (a fresh user
// in the outbox, nothing shared with other specs).

const webDist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

let browser: Browser;
let app: FastifyInstance;
let database: Database;
let baseURL: string;
const contexts: BrowserContext[] = [];

async function context(viewport: { width: number; height: number }, token?: string): Promise<BrowserContext> {
  const ctx = await openContext(browser, { baseURL, viewport, ...(token ? { sessionToken: token } : {}) });
  contexts.push(ctx);
  return ctx;
}

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemoData(database.db, { crm: 'none' });
  app = await buildApp({ database, env: readEnv({ NODE_ENV: 'test' }), webDist, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseURL = `http://127.0.0.1:${address.port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await app?.close();
});

describe('notifications', () => {
  it('a marketing e-mail unsubscribes in one click; the settings show it off; the bell counts a new notice', async () => {
    const email = `nia-${Date.now().toString(36)}@farm.granary.test`;
    const [user] = await database.db
      .insert(users)
      .values({ email, firstName: 'Nia', lastName: 'Furrow', verificationStatus: 'verified' })
      .returning({ id: users.id });
    const token = randomToken();
    await insertSession(database.db, { tokenHash: sha256(token), userId: user!.id, ip: null, userAgent: null });

    const farmer = await (await context({ width: 1280, height: 800 }, token)).newPage();
    await farmer.goto('/account/notifications');
    const marketingEmail = farmer.getByRole('switch', { name: 'E-mail for News and offers' });
    expect(await marketingEmail.isChecked()).toBe(false);
    expect(await farmer.getByRole('switch', { name: 'E-mail for Offers' }).isChecked()).toBe(true);
    await marketingEmail.check();
    await farmer.getByText('Notification settings saved.').waitFor();
    await snap(farmer, 'notifications-settings-1280');
    await farmer.setViewportSize({ width: 390, height: 844 });
    await snap(farmer, 'notifications-settings-390');
    await farmer.setViewportSize({ width: 1280, height: 800 });

    // The welcome e-mail, as the outbox holds it: its List-Unsubscribe header is the link a mail client offers.
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user!.id), eq(outbox.template, 'marketing_welcome')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = mail!.headers!['List-Unsubscribe']!.slice(1, -1);
    expect(mail!.text).toContain(link);

    // On a phone, not signed in: the page says what stops, one button, done.
    const phone = await (await context({ width: 390, height: 844 })).newPage();
    await phone.goto(new URL(link).pathname);
    await phone.getByRole('heading', { name: /Stop marketing e-mails to n•••@farm\.granary\.test\?/ }).waitFor();
    await snap(phone, 'notifications-unsubscribe-390');
    await phone.getByRole('button', { name: 'Unsubscribe' }).click();
    await phone.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();

    await farmer.reload();
    await farmer.getByRole('switch', { name: 'E-mail for Offers' }).waitFor();
    expect(await farmer.getByRole('switch', { name: 'E-mail for News and offers' }).isChecked()).toBe(false);

    // A new notice: the bell counts it (live), the list shows it, and reading it clears the count.
    await notifyUsers(database.db, [
      {
        userId: user!.id,
        topic: 'payments.paid',
        title: 'You were paid',
        body: '$12,480.00 from Ames Elevator for settlement S-1042.',
        link: '/my-sales-lite/payments',
      },
    ]);
    await farmer.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await farmer.goto('/global-notifications');
    await farmer.getByText('$12,480.00 from Ames Elevator for settlement S-1042.').waitFor();
    expect(await farmer.getByRole('button', { name: 'Mark all as read' }).isEnabled()).toBe(true);
    await snap(farmer, 'notifications-list-1280');
    await farmer.setViewportSize({ width: 390, height: 844 });
    await farmer.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await farmer.getByRole('dialog', { name: 'Notifications' }).getByText('You were paid').waitFor();
    await snap(farmer, 'notifications-bell-390');
    await farmer.keyboard.press('Escape');
    await farmer.setViewportSize({ width: 1280, height: 800 });
    await farmer.getByRole('button', { name: 'Mark all as read' }).click();
    await farmer.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });
});
