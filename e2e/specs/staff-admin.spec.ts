import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, snap } from '../support/browser.ts';
import { e2eServer } from '../support/server.ts';

// The staff administration area end to end (issue 16's 'Done means'): a staff user finds a farmer by e-mail, suspends
// them (the farmer's next request fails with account_suspended), and unsuspends them. The farmer is a fresh signup, so
// no other spec's demo account is touched and reruns on the same server do not matter.

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

const THROTTLE_PATIENCE_MS = 90_000;

async function mailLink(recipient: string, template: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${e2eServer().baseURL}/api/dev/mailbox?recipient=${encodeURIComponent(recipient)}`);
    const { messages } = (await response.json()) as { messages: { template: string; text: string }[] };
    const link = messages
      .find((m) => m.template === template)
      ?.text.match(/https?:\/\/\S+/g)
      ?.find((url) => new URL(url).pathname.startsWith(path));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${template} mail for ${recipient}`);
}

/** A new farmer, signed up and signed in through the signup's confirmation link (past the shared sign-up throttle). */
async function newFarmer(email: string): Promise<BrowserContext> {
  const farmer = await openContext(browser, { viewport: { width: 390, height: 844 } });
  contexts.push(farmer);
  const csrf = ((await (await farmer.request.get('/api/bootstrap')).json()) as { csrf: string }).csrf;
  const deadline = Date.now() + THROTTLE_PATIENCE_MS;
  for (;;) {
    const signup = await farmer.request.post('/api/auth/signup', {
      headers: { 'X-CSRF-Token': csrf },
      data: {
        firstname: 'Sasha',
        lastname: 'Furrow',
        email,
        phoneNumber: '515-555-0177',
        postalCode: '50010',
        countryCode: 'USA',
        acceptLegalTerms: true,
        memberType: 'farmer',
        areaEstimate: 640,
        areaEstimateUnits: 'acres',
        signupReasonIds: [33],
        loginSource: 'www',
      },
    });
    if (signup.status() === 200) break;
    expect(signup.status()).toBe(429);
    if (Date.now() > deadline) throw new Error('signup still rate limited');
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  const page = await farmer.newPage();
  await page.goto(await mailLink(email, 'signup_confirm', '/signup-jit-verify'));
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return farmer;
}

describe('the staff administration area', () => {
  it('finds a farmer by e-mail, suspends them (their next request fails), and unsuspends them', async () => {
    const email = `e2e.staff.${Date.now().toString(36)}@nobody.granary.test`;
    const farmer = await newFarmer(email);

    const staff = await openContext(browser, { as: 'admin2' });
    contexts.push(staff);
    const page = await staff.newPage();
    await page.goto('/dashboard');
    // The account menu leads staff to the area.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Administration' }).click();
    await page.waitForURL(/\/admin\/users/);
    await page.getByLabel('Search users').fill(email);
    const results = page.getByRole('table', { name: 'Users' });
    await results.getByRole('link', { name: 'Sasha Furrow' }).click();
    await page.getByRole('heading', { name: 'Sasha Furrow', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    await snap(page, 'staff-user-1280');

    await page.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog', { name: 'Suspend Sasha Furrow?' }).getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('Sasha Furrow is suspended.').waitFor();
    await page.getByRole('button', { name: 'Unsuspend' }).waitFor();

    // The farmer's next request fails with the account problem of platform.md 4.1.
    const next = await farmer.request.get('/api/bootstrap');
    expect(next.status()).toBe(403);
    expect(((await next.json()) as { code: string }).code).toBe('account_suspended');

    await page.getByRole('button', { name: 'Unsuspend' }).click();
    await page
      .getByRole('dialog', { name: 'Unsuspend Sasha Furrow?' })
      .getByRole('button', { name: 'Unsuspend' })
      .click();
    await page.getByText('Sasha Furrow is active again.').waitFor();
    await page.getByRole('button', { name: 'Suspend' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'staff-user-390');
  });
});
