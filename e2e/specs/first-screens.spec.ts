import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, snap } from '../support/browser.ts';
import { e2eServer } from '../support/server.ts';

/*
 * The first screens (issue 13, 'No dead ends') against the real server: a brand-new signup lands on a welcome page
 * (not "coming soon", not permission denied) and, having no password, is offered to set one on /user; /favicon.ico
 * answers; the footer opens the partner's terms of service; /support shows the partner's contacts. The signup uses
 * an address of its own, so no other spec notices it.
 */

vi.setConfig({ testTimeout: 180_000 });

const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const baseURL = () => e2eServer().baseURL;

async function withPage(run: (page: Page) => Promise<void>, viewport?: { width: number; height: number }) {
  const context = await openContext(browser, viewport ? { viewport } : {});
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Runs `act` until the POST to `path` it causes is not answered 429 (the auth routes' per-IP limits are shared). */
async function pastThrottle(page: Page, path: RegExp, act: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answered = page.waitForResponse(
      (r) => path.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      { timeout: 30_000 },
    );
    await act();
    if ((await answered).status() !== 429) return;
    if (Date.now() > deadline) throw new Error(`${path} is still rate limited`);
    await page.waitForTimeout(3000);
  }
}

async function signupLink(recipient: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${baseURL()}/api/dev/mailbox?recipient=${encodeURIComponent(recipient)}`);
    const { messages } = (await response.json()) as { messages: { template: string; text: string }[] };
    const link = messages
      .find((m) => m.template === 'signup_confirm')
      ?.text.match(/https?:\/\/\S+/g)
      ?.find((url) => new URL(url).pathname.startsWith('/signup-jit-verify'));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no signup mail for ${recipient}`);
}

describe('first screens', () => {
  it('lands a new signup on a welcome page that says what they can do, and offers them a password', () =>
    withPage(async (page) => {
      const email = `newcomer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@nobody.granary.test`;
      // '/signup/seed' picks an interest (the second step asks for one).
      await page.goto('/signup/seed');
      await page.getByLabel('First name').fill('Casey');
      await page.getByLabel('Last name').fill('Fields');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Mobile phone number').fill('515-555-0177');
      await page.getByLabel('ZIP code').fill('50010');
      // The terms box links its two documents.
      expect(await page.getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe('/terms-of-service');
      expect(await page.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
      await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
      await pastThrottle(page, /\/api\/auth\/users\/signup\/validate$/, () =>
        page.getByRole('button', { name: 'Continue' }).click(),
      );
      await page.getByText('What are you interested in?').waitFor();
      await page.getByRole('combobox', { name: 'I am a' }).click();
      await page.getByRole('option', { name: 'Farmer' }).click();
      await page.getByLabel('Area you farm').fill('640');
      await pastThrottle(page, /\/api\/auth\/signup$/, () =>
        page.getByRole('button', { name: 'Create account' }).click(),
      );
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      const link = await signupLink(email);
      await pastThrottle(page, /\/api\/auth\/signup-jit-verify\/verify$/, () => page.goto(link));

      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Welcome to Granary, Casey' }).waitFor();
      expect(await page.getByText(/coming soon/).count()).toBe(0);
      expect(await page.getByText('You do not have permissions for this action').count()).toBe(0);
      const actions = page.getByRole('list', { name: 'What you can do now' });
      for (const name of ['Open the store', 'See local bids', 'Go to my profile', 'Contact support']) {
        expect(await actions.getByRole('link', { name }).isVisible()).toBe(true);
      }
      await snap(page, 'first-screens-welcome-1280');
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await snap(page, 'first-screens-welcome-390');

      // No password yet (signed up with a link): /user offers to set one without asking for a current one.
      await page.setViewportSize({ width: 1280, height: 800 });
      await actions.getByRole('link', { name: 'Go to my profile' }).click();
      await page.getByRole('heading', { level: 2, name: 'Set a password' }).waitFor();
      expect(await page.getByLabel('Current password').count()).toBe(0);
      await snap(page, 'first-screens-user-passwordless-1280');
      await page.setViewportSize(PHONE);
      await snap(page, 'first-screens-user-passwordless-390');
    }));

  it('answers /favicon.ico with the partner icon', async () => {
    const response = await fetch(`${baseURL()}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
  });

  it("opens the partner's terms of service from the footer", () =>
    withPage(async (page) => {
      await page.goto('/support');
      await page.getByRole('heading', { level: 1, name: 'Granary support' }).waitFor();
      const contacts = page.getByRole('region', { name: 'Contact us' });
      expect(await contacts.getByRole('link', { name: '1-800-555-0142' }).isVisible()).toBe(true);
      await snap(page, 'first-screens-support-1280');
      await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms of service' }).click();
      await page.waitForURL((url) => url.pathname === '/terms-of-service');
      await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
      await page.getByText(/operated by Granary Demo Grain Co\./).waitFor();
      await snap(page, 'first-screens-terms-1280');
    }));

  it('fits the support and legal pages on a phone', () =>
    withPage(async (page) => {
      for (const [path, name] of [
        ['/support', 'first-screens-support-390'],
        ['/privacy-policy', 'first-screens-privacy-390'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('navigation', { name: 'Legal' }).waitFor();
        await page
          .getByText(path === '/support' ? 'Office hours' : /Granary Demo Grain Co\./)
          .first()
          .waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await snap(page, name);
      }
    }, PHONE));
});
