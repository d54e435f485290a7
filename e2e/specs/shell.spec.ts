import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { launchBrowser, openContext, signInWithPasswordForm, snap } from '../support/browser.ts';
import { e2eServer } from '../support/server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const OLD_FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:91.0) Gecko/20100101 Firefox/91.0';

describe('no-match and redirects', () => {
  it('answers an unknown path with HTTP 404 and the no-match page', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByText('The page you are looking for does not exist.').waitFor();
    await snap(page, 'no-match');
    await context.close();
  });

  it('lands /login on /sign-in/password', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    expect(new URL(page.url()).pathname).toBe('/sign-in/password');
    await context.close();
  });

  it('sends a logged-out visitor from home to the public market page', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/market');
    await page.getByRole('banner').waitFor();
    await snap(page, 'market-public');
    await context.close();
  });
});

describe('generic error screen', () => {
  it('shows the exact texts, the support link and the status, and Return home goes to /', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const response = await page.goto('/error/500');
    expect(response?.status()).toBe(500);
    await page.getByText("Well, that ain't right.").waitFor();
    await page.getByText("Looks like there's something wrong under the hood.").waitFor();
    await page.getByText('If the problem persists, please contact').waitFor();
    const support = page.getByRole('link', { name: 'support@demo.granary.test' });
    expect(await support.getAttribute('href')).toBe('mailto:support@demo.granary.test');
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await page.getByRole('img', { name: /tractor/i }).waitFor();
    await snap(page, 'error-screen');
    await page.getByRole('button', { name: 'Return home' }).click();
    await page.waitForURL((url) => url.pathname === '/market');
    await context.close();
  });

  it('names the partner’s own support e-mail on a white-label host', async () => {
    const port = new URL(e2eServer().baseURL).port;
    const context = await openContext(browser, { baseURL: `http://prairie.localhost:${port}` });
    const page = await context.newPage();
    await page.goto('/error/503');
    await page.getByRole('link', { name: 'help@prairie.granary.test' }).waitFor();
    await context.close();
  });
});

describe('notices', () => {
  it('shows the offline snackbar when the connection drops and hides it when it returns', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/support'); // a page of the app shell (/market is the light public entry)
    await page.getByRole('banner').waitFor();
    await context.setOffline(true);
    const notice = page.getByText('Please check your internet connection.');
    await notice.waitFor();
    await snap(page, 'offline-snackbar');
    await context.setOffline(false);
    await notice.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows the update screen and its countdown when the server requires a newer version', async () => {
    const context = await openContext(browser, { baseURL: inject('bumpedURL') });
    const url = new URL(inject('bumpedURL'));
    await context.addCookies([{ name: 'granary_version_poll_ms', value: '500', domain: url.hostname, path: '/' }]);
    const page = await context.newPage();
    await page.goto('/support'); // a page of the app shell (/market is the light public entry)
    await page.getByText('There is a new update').waitFor();
    await page.getByText(/The application will reload in \d second\(?s\)?\.\.\./).waitFor();
    await snap(page, 'update-screen');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload Now' }).click();
    await reloaded;
    await context.close();
  });

  it('shows a flash alert from cookies once, then clears them', async () => {
    const context = await openContext(browser);
    const url = new URL(e2eServer().baseURL);
    const cookie = (name: string, value: string) => ({ name, value, domain: url.hostname, path: '/' });
    await context.addCookies([
      cookie('granary_alert_message', encodeURIComponent('Your e-mail address is verified.')),
      cookie('granary_alert_type', 'success'),
      cookie('granary_alert_status', '200'),
    ]);
    const page = await context.newPage();
    // /market is the light public entry; with a flash alert waiting the server sends the app, which shows it.
    await page.goto('/market');
    await page.getByText('Your e-mail address is verified.').waitFor();
    await page.waitForFunction(() => !document.cookie.includes('granary_alert_message'));
    await context.close();
  });

  it('suppresses a flash alert with status 406', async () => {
    const context = await openContext(browser);
    const url = new URL(e2eServer().baseURL);
    const cookie = (name: string, value: string) => ({ name, value, domain: url.hostname, path: '/' });
    await context.addCookies([
      cookie('granary_alert_message', encodeURIComponent('Should not show')),
      cookie('granary_alert_type', 'error'),
      cookie('granary_alert_status', '406'),
    ]);
    const page = await context.newPage();
    await page.goto('/market');
    await page.getByRole('banner').waitFor();
    await page.waitForFunction(() => !document.cookie.includes('granary_alert_message'));
    expect(await page.getByText('Should not show').count()).toBe(0);
    await context.close();
  });

  it('warns an unsupported browser once and remembers the dismissal', async () => {
    const context = await openContext(browser, { userAgent: OLD_FIREFOX_UA });
    const page = await context.newPage();
    await page.goto('/support'); // a page of the app shell (/market is the light public entry)
    const notice = page.getByText(/browser is not supported/i);
    await notice.waitFor();
    await snap(page, 'unsupported-browser');
    await page.getByRole('button', { name: /dismiss|close/i }).click();
    await notice.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('banner').waitFor();
    expect(await notice.count()).toBe(0);
    await context.close();
  });
});

describe('guards', () => {
  it('sends a logged-out visitor of a CRM page to sign-in with the way back', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/crm/contracts?predefinedFilter=delinquent');
    await page.waitForURL((url) => url.pathname === '/sign-in/password');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/crm/contracts?predefinedFilter=delinquent');
    await context.close();
  });

  it('shows the CRM to a buyer, with the CRM header and the dashboard', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await page.goto('/crm');
    await page.waitForURL((url) => url.pathname === '/crm/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Contracts' }).first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: /^Signature needed: [\d,]+ contracts/ }).waitFor();
    await page.getByRole('region', { name: 'Follow-ups' }).waitFor();
    await page.getByRole('region', { name: 'Recent client activity' }).waitFor();
    await snap(page, 'crm-dashboard-buyer');
    await context.close();
  });

  it('refuses the CRM to a farmer with the permission-denied screen and its Logout button', async () => {
    const context = await openContext(browser, { as: 'farmer-logout' }); // Logout ends this session
    const page = await context.newPage();
    await page.goto('/crm/dashboard');
    await page.getByText('You do not have permissions for this action').waitFor();
    await snap(page, 'crm-permission-denied');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sign-in'));
    await context.close();
  });

  it('redirects a signed-in user away from sign-in to a safe target, never to another host', async () => {
    const context = await openContext(browser, { as: 'admin' });
    const page = await context.newPage();
    await page.goto('/sign-in/password?redirect=%2Fcrm%2Fbids');
    await page.waitForURL((url) => url.pathname === '/crm/bids');
    await page.goto('/sign-in/password?redirect=https%3A%2F%2Fevil.example%2Fsteal');
    // The fallback, /dashboard, sends staff on to the administrator tools (issue 13).
    await page.waitForURL((url) => url.pathname === '/crm/administrator');
    expect(new URL(page.url()).host).toBe(new URL(e2eServer().baseURL).host);
    await context.close();
  });
});

describe('farm business switcher (issue 16)', () => {
  it('lets a grower with two farm businesses switch in the header; /account shows both and the current one', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/sign-in/password');
    await signInWithPasswordForm(page, 'grower@demo.granary.test', 'granary-demo');
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await page.goto('/account');
    const ridge = page.getByRole('group', { name: 'Rivers Ridge Farms' });
    const prairie = page.getByRole('group', { name: 'Rivers Prairie Grain (Saskatchewan)' });
    await ridge.getByText('Current', { exact: true }).waitFor();
    await prairie.waitFor();

    await page.getByRole('button', { name: 'Switch farm business, current: Rivers Ridge Farms' }).click();
    await page.getByRole('menuitem', { name: 'Rivers Prairie Grain (Saskatchewan)' }).click();
    await page
      .getByRole('button', { name: 'Switch farm business, current: Rivers Prairie Grain (Saskatchewan)' })
      .waitFor();
    await prairie.getByText('Current', { exact: true }).waitFor();
    expect(await ridge.getByText('Current', { exact: true }).count()).toBe(0);
    await snap(page, 'account-two-farms');

    // The choice stays with the session: a reload keeps it.
    await page.reload();
    await page
      .getByRole('group', { name: 'Rivers Prairie Grain (Saskatchewan)' })
      .getByText('Current', { exact: true })
      .waitFor();
    await page
      .getByRole('group', { name: 'Rivers Prairie Grain (Saskatchewan)' })
      .getByRole('link', { name: /^Open/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Rivers Prairie Grain (Saskatchewan)' }).waitFor();
    await page.getByRole('tab', { name: 'Profile' }).waitFor();
    await context.close();
  });
});
