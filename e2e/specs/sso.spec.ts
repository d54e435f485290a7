import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchBrowser, openContext, snap } from '../support/browser.ts';
import { e2eServer } from '../support/server.ts';

/*
 * SSO sign-in through a real OpenID provider: global-setup starts the API tests' oidc-provider on 127.0.0.1 and gives
 * the main server OIDC_SSO_* for it. The provider's development pages accept any login name as the account id; the
 * account 'sso-buyer' carries the verified e-mail of the demo buyer, so the server links it to that user.
 * Every test opens a fresh browser context (no provider session, no Granary session).
 */

vi.setConfig({ testTimeout: 120_000 });

const BUYER = 'buyer@demo.granary.test';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function withPage(fn: (page: Page) => Promise<void>): Promise<void> {
  const context = await openContext(browser);
  try {
    const page = await context.newPage();
    if (process.env.E2E_DEBUG)
      page.on('response', (r) => void process.stderr.write(`resp ${r.status()} ${r.request().method()} ${r.url()}\n`));
    await fn(page);
  } finally {
    await context.close();
  }
}

async function bootstrapOf(page: Page): Promise<{ user: { isLoggedIn: boolean; email: string | null } }> {
  return page.evaluate(async () => (await fetch('/api/bootstrap', { credentials: 'same-origin' })).json());
}

/** Opens /sign-in/password and clicks the SSO button; resolves on the provider's login page. */
async function startSso(page: Page, redirect?: string): Promise<void> {
  const { name, issuer } = inject('sso');
  await page.goto(redirect ? `/sign-in/password?redirect=${encodeURIComponent(redirect)}` : '/sign-in/password');
  const button = page
    .getByRole('link', { name: `Continue with ${name}` })
    .or(page.getByRole('button', { name: `Continue with ${name}` }));
  await button.first().waitFor();
  await snap(page, 'sso-sign-in-button');
  await button.first().click();
  // The provider's pages import a web font from the internet; do not wait for their load event.
  await page.waitForURL((url) => url.href.startsWith(issuer), { waitUntil: 'commit' });
  await page.locator('input[name="login"]').waitFor();
}

describe('SSO sign-in through a local OpenID provider', () => {
  it('shows the provider, signs in there as the demo buyer, consents and comes back signed in', () =>
    withPage(async (page) => {
      const { name } = inject('sso');
      await startSso(page, '/crm/bids');
      expect(await page.title()).toBe('Sign-in');
      await page.locator('input[name="login"]').fill('sso-buyer');
      await page.locator('input[name="password"]').fill('any');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      // Consent, when the provider asks for it.
      const base = new URL(e2eServer().baseURL);
      const consent = page.getByRole('button', { name: 'Continue' });
      await Promise.race([
        consent.waitFor().then(() => consent.click()),
        page.waitForURL((url) => url.host === base.host, { waitUntil: 'commit' }),
      ]);
      await page.waitForURL((url) => url.host === base.host && url.pathname === '/crm/bids');
      await page.getByRole('navigation').getByRole('link', { name: 'Contracts' }).first().waitFor();
      const bootstrap = await bootstrapOf(page);
      expect(bootstrap.user.isLoggedIn).toBe(true);
      expect(bootstrap.user.email).toBe(BUYER);
      await snap(page, `sso-signed-in-${name.replace(/\W+/g, '-').toLowerCase()}`);
    }));

  it('a cancelled provider login comes back to the sign-in page with the failure', () =>
    withPage(async (page) => {
      const { name } = inject('sso');
      await startSso(page);
      await page.getByRole('link', { name: '[ Cancel ]' }).click();
      const base = new URL(e2eServer().baseURL);
      await page.waitForURL((url) => url.host === base.host && url.pathname === '/sign-in/password');
      await page.getByText(`Could not sign in with your ${name} account.`).waitFor();
      expect((await bootstrapOf(page)).user.isLoggedIn).toBe(false);
      await snap(page, 'sso-cancelled');
    }));
});
