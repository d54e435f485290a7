import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { e2eServer } from './server.ts';

export const ARTIFACTS = new URL('../.artifacts/', import.meta.url).pathname;

/**
 * The browser for a spec file: a connection to the one Chromium the global setup started (each spec works in fresh
 * contexts of its own, and closing the connection closes them), rather than a Chromium started per file — 35 starts
 * were about a minute of a CI run (docs/decisions/064).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWSEndpoint'));
}

/**
 * A demo account key (buyer, farmer, admin, prairieBuyer; teamOwner: the owner of team.spec's own farm business), or
 * its spare session `<key>2`.
 */
type Account = string;

/**
 * A fresh browser context on the app, optionally signed in: as a demo account (`as`), or with a session token a spec
 * made itself (`sessionToken`, on a server of its own).
 */
export async function openContext(
  browser: Browser,
  options: {
    as?: Account;
    sessionToken?: string;
    baseURL?: string;
    viewport?: { width: number; height: number };
    userAgent?: string;
  } = {},
): Promise<BrowserContext> {
  const baseURL = options.baseURL ?? e2eServer().baseURL;
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if (options.as || options.sessionToken) {
    const token = options.sessionToken ?? e2eServer().sessionTokens[options.as!];
    if (!token) throw new Error(`no session for ${options.as}`);
    const url = new URL(baseURL);
    await context.addCookies([
      { name: 'granary_session', value: token, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' },
      { name: 'granary_logged_in', value: '1', domain: url.hostname, path: '/', sameSite: 'Lax' },
    ]);
  }
  return context;
}

/**
 * Saves a screenshot under e2e/.artifacts for a person to look at. Not on CI, where nobody looks at them and the
 * specs' 235 full-page screenshots cost about a minute (docs/decisions/064); E2E_SNAPSHOTS=1 takes them there too.
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (process.env.CI && process.env.E2E_SNAPSHOTS !== '1') return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

/**
 * Signs in through the password form on the page it is on, waiting out the sign-in rate limit (429) when earlier
 * specs on the shared server used it up: the throttle's window, not a guess at rendering.
 */
export async function signInWithPasswordForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answered = page.waitForResponse(
      (r) => /\/api\/auth\/login\/basic$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    if ((await answered).status() !== 429 || Date.now() > deadline) return;
    await page.waitForTimeout(3000);
  }
}
