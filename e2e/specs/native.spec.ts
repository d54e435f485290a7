import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

/*
 * The pages the native shells open (issue 3): /sign-in/native and /native-landing. The shell is stood in for by a
 * `window.ReactNativeWebView` that records what the page posts.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE = { width: 375, height: 812 };

/** Pretends to be the React Native shell: every posted message lands in window.__posted. */
const SHELL_SCRIPT = `window.__posted = []; window.ReactNativeWebView = { postMessage: (data) => window.__posted.push(JSON.parse(data)) };`;

describe('native shell pages', () => {
  it('/sign-in/native shows the sign-in form with the other methods, on a phone', async () => {
    const context = await openContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/sign-in/native?native_app=1');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Email me a link' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, 'native-sign-in-375');
    await context.close();
  });

  it('/native-landing tells the shell SIGN_IN_COMPLETED once', async () => {
    const context = await openContext(browser, { as: 'buyer', viewport: PHONE });
    await context.addInitScript(SHELL_SCRIPT);
    const page = await context.newPage();
    await page.goto('/native-landing?native_app=1');
    await page.getByRole('heading', { name: "You're signed in" }).waitFor();
    await page.waitForFunction(() => (window as unknown as { __posted: unknown[] }).__posted.length > 0);
    expect(await page.evaluate(() => (window as unknown as { __posted: unknown[] }).__posted)).toEqual([
      { type: 'SIGN_IN_COMPLETED' },
    ]);
    expect(await page.getByRole('link', { name: 'Continue to the dashboard' }).count()).toBe(0);
    await snap(page, 'native-landing-app-375');
    await context.close();
  });

  it('/native-landing in a browser links on to the dashboard', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await page.goto('/native-landing');
    await page.getByRole('heading', { name: "You're signed in" }).waitFor();
    await page.getByRole('link', { name: 'Continue to the dashboard' }).waitFor();
    await snap(page, 'native-landing-web-1280');
    await context.close();
  });
});
