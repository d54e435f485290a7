import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openContext, snap } from '../support/browser.ts';
import { e2eServer } from '../support/server.ts';

/*
 * The identity pages of issue 3 against the real server (PGlite, seeded demo accounts, password 'granary-demo').
 * Every test opens a fresh browser context. Accounts are chosen so that no other spec notices:
 * - lockout and wrong-password runs use addresses nobody else signs in with (lockout counts per address and client
 *   network, and every browser here is 127.0.0.1);
 * - the password reset uses buyer@prairie.granary.test and sets the same password again (a reset ends that user's
 *   sessions; no other spec signs in as the Prairie buyer);
 * - the profile's password form only ever fails (it would end the user's other sessions on success).
 *
 * Rate limits: every browser here comes from 127.0.0.1, so each auth route's per-IP limit (10 or 30 a minute) is
 * shared by the whole spec. The helpers below wait out a 429 and try again, as a person would.
 */

vi.setConfig({ testTimeout: 180_000 });

const PASSWORD = 'granary-demo';
const ACCOUNTS = {
  buyer: 'buyer@demo.granary.test',
  farmer: 'farmer@demo.granary.test',
  admin: 'admin@demo.granary.test',
  prairieBuyer: 'buyer@prairie.granary.test',
};
const PHONE = { width: 375, height: 812 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const baseURL = () => e2eServer().baseURL;
const unique = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@nobody.granary.test`;

type MailboxMessage = {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  text: string;
  template: string;
};

/** The dev mailbox as the test reads it (newest first). */
async function mailbox(recipient: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${baseURL()}/api/dev/mailbox?recipient=${encodeURIComponent(recipient)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** Waits for a mail of `template` to `recipient` newer than `afterId`, and returns the link in it that starts with `path`. */
async function linkFromMail(recipient: string, template: string, path: string, afterId = 0): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const message = (await mailbox(recipient)).find((m) => m.template === template && m.id > afterId);
    const link = message?.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(path));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${template} mail with a ${path} link for ${recipient}`);
}

async function latestMailId(recipient: string): Promise<number> {
  return (await mailbox(recipient))[0]?.id ?? 0;
}

async function bootstrapOf(
  page: Page,
): Promise<{ user: { id: string | null; isLoggedIn: boolean; email: string | null } }> {
  return page.evaluate(async () => (await fetch('/api/bootstrap', { credentials: 'same-origin' })).json());
}

const THROTTLE_PATIENCE_MS = 90_000;

/** Runs `act` (a click or a page load) until the POST to `path` it causes is not answered 429. */
async function pastThrottle(page: Page, path: RegExp, act: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + THROTTLE_PATIENCE_MS;
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

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await pastThrottle(page, /\/api\/auth\/login\/basic$/, () =>
    page.getByRole('button', { name: 'Sign in', exact: true }).click(),
  );
}

/** An API call made by the test itself, repeated while it is answered 429. */
async function postPastThrottle(
  context: BrowserContext,
  url: string,
  options: { headers: Record<string, string>; data: unknown },
) {
  const deadline = Date.now() + THROTTLE_PATIENCE_MS;
  for (;;) {
    const response = await context.request.post(url, options);
    if (response.status() !== 429 || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

const clickPastThrottle = (page: Page, path: RegExp, name: string) =>
  pastThrottle(page, path, () => page.getByRole('button', { name }).click());
const MAGIC_INITIATE = /\/api\/auth\/login\/magic-link\/initiate$/;
const RECOVERY_INITIATE = /\/api\/auth\/password\/recovery\/initiate$/;

async function withPage<T>(
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  options: Parameters<typeof openContext>[1] = {},
): Promise<T> {
  const context = await openContext(browser, options);
  try {
    const page = await context.newPage();
    if (process.env.E2E_DEBUG) {
      page.on('console', (m) => process.stderr.write(`console: ${m.type()} ${m.text()}\n`));
      page.on(
        'response',
        (r) =>
          void (
            r.url().includes('/api/') && process.stderr.write(`resp ${r.status()} ${r.request().method()} ${r.url()}\n`)
          ),
      );
    }
    return await fn(page, context);
  } finally {
    await context.close();
  }
}

describe('magic link', () => {
  it('sends a link (the same words for an unknown address), which the dev mailbox opens and signs in with', () =>
    withPage(async (page) => {
      await page.goto('/sign-in/magic_link');
      await page.getByLabel('Email', { exact: true }).fill('not an address');
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await page.getByText('The email format is invalid.').waitFor();

      const nobody = unique('magic');
      await page.getByLabel('Email', { exact: true }).fill(nobody);
      await clickPastThrottle(page, MAGIC_INITIATE, 'Email me a link');
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      const unknownWords = await page.getByRole('status').innerText();
      expect(await mailbox(nobody)).toEqual([]);

      const before = await latestMailId(ACCOUNTS.farmer);
      await page.goto('/sign-in/magic_link?redirect=%2Fmy-sales-lite%2Fbalances');
      await page.getByLabel('Email', { exact: true }).fill(ACCOUNTS.farmer);
      await clickPastThrottle(page, MAGIC_INITIATE, 'Email me a link');
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      await snap(page, 'identity-magic-link-sent');
      expect((await page.getByRole('status').innerText()).replace(ACCOUNTS.farmer, '')).toBe(
        unknownWords.replace(nobody, ''),
      );
      const link = await linkFromMail(ACCOUNTS.farmer, 'magic_link', '/login/magic', before);

      await page.goto(`/dev/mailbox?recipient=${encodeURIComponent(ACCOUNTS.farmer)}`);
      await page.getByRole('heading', { name: 'Dev mailbox' }).waitFor();
      const inMailbox = page.getByRole('link', { name: link });
      await inMailbox.first().waitFor();
      await snap(page, 'identity-dev-mailbox');
      await pastThrottle(page, /\/api\/auth\/login\/magic-link\/verify$/, () => inMailbox.first().click());
      await page.waitForURL((url) => url.pathname === '/my-sales-lite/balances');
      expect((await bootstrapOf(page)).user.email).toBe(ACCOUNTS.farmer);
    }));

  it('refuses a used link and offers to send a new one', () =>
    withPage(async (page, context) => {
      const before = await latestMailId(ACCOUNTS.farmer);
      await page.goto('/sign-in/magic_link');
      await page.getByLabel('Email', { exact: true }).fill(ACCOUNTS.farmer);
      await clickPastThrottle(page, MAGIC_INITIATE, 'Email me a link');
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      const link = await linkFromMail(ACCOUNTS.farmer, 'magic_link', '/login/magic', before);
      await pastThrottle(page, /\/api\/auth\/login\/magic-link\/verify$/, () => page.goto(link));
      // A farmer's home is the dashboard itself (issue 17).
      await page.waitForURL((url) => url.pathname === '/dashboard');

      const second = await browser.newContext({ baseURL: baseURL() });
      try {
        const other = await second.newPage();
        await pastThrottle(other, /\/api\/auth\/login\/magic-link\/verify$/, () => other.goto(link));
        await other.getByText('This sign-in link is no longer valid. Ask for a new one.').waitFor();
        await snap(other, 'identity-magic-link-invalid');
        await other.getByRole('link', { name: 'Email me a new link' }).click();
        await other.waitForURL((url) => url.pathname === '/sign-in/magic_link');
      } finally {
        await second.close();
      }
      void context;
    }));
});

describe('password reset', () => {
  it('asks for a well-formed address, mails a link, sets the password once, and refuses the link afterwards', () =>
    withPage(async (page) => {
      await page.goto('/reset-password');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('The email field is required.').waitFor();
      await page.getByLabel('Email', { exact: true }).fill('farmer@@demo');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('The email format is invalid.').waitFor();
      await snap(page, 'identity-reset-request');

      const before = await latestMailId(ACCOUNTS.prairieBuyer);
      await page.getByLabel('Email', { exact: true }).fill(ACCOUNTS.prairieBuyer);
      await clickPastThrottle(page, RECOVERY_INITIATE, 'Send reset link');
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      await snap(page, 'identity-reset-sent');
      const link = await linkFromMail(ACCOUNTS.prairieBuyer, 'password_reset', '/password/exchange/', before);

      await pastThrottle(page, /\/api\/auth\/password\/recovery\/confirm$/, () => page.goto(link));
      await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm new password', { exact: true }).fill(`${PASSWORD}-typo`);
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('The password confirmation must match the new password.').waitFor();
      await snap(page, 'identity-password-exchange');
      await page.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
      await clickPastThrottle(page, /\/api\/auth\/password\/reset\//, 'Save new password');
      await page.getByText('You have updated your profile password.').waitFor();
      await page.waitForURL((url) => url.pathname === '/sign-in/password');

      await pastThrottle(page, /\/api\/auth\/password\/recovery\/confirm$/, () => page.goto(link));
      await page.getByText('The password link is no longer valid.').waitFor();
      await snap(page, 'identity-password-link-invalid');
      expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    }));

  it('answers /password/reset with the same form', () =>
    withPage(
      async (page) => {
        await page.goto('/password/reset');
        await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
        await page.getByLabel('Email', { exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await snap(page, 'identity-reset-request-375');
      },
      { viewport: PHONE },
    ));
});

describe('password sign-in', () => {
  it('signs in, lands on the redirect, and the bootstrap is logged in', () =>
    withPage(async (page) => {
      await page.goto('/sign-in/password?redirect=%2Fcrm%2Fbids');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await snap(page, 'identity-sign-in-1280');
      await fillSignIn(page, ACCOUNTS.buyer, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/crm/bids');
      const bootstrap = await bootstrapOf(page);
      expect(bootstrap.user.isLoggedIn).toBe(true);
      expect(bootstrap.user.email).toBe(ACCOUNTS.buyer);
      // The session is a real one: a reload stays signed in.
      await page.reload();
      await page.getByRole('navigation').getByRole('link', { name: 'Contracts' }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/crm/bids');
    }));

  it('/login and /sign-in land on the password form; it fits a 375 px phone', () =>
    withPage(
      async (page) => {
        await page.goto('/login');
        await page.waitForURL((url) => url.pathname === '/sign-in/password');
        await page.getByLabel('Email', { exact: true }).waitFor();
        await page.goto('/sign-in');
        await page.getByLabel('Password', { exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await snap(page, 'identity-sign-in-375');
      },
      { viewport: PHONE },
    ));

  it('shows each validation message on the client, without calling the server', () =>
    withPage(async (page) => {
      const logins: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/auth/login/basic')) logins.push(request.url());
      });
      await page.goto('/sign-in/password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('The email field is required.').waitFor();
      await page.getByText('The password field is required.').waitFor();
      await snap(page, 'identity-sign-in-validation');
      await page.getByLabel('Email', { exact: true }).fill(ACCOUNTS.buyer);
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('The password must be at least 4 characters long.').waitFor();
      expect(await page.getByText('The email field is required.').count()).toBe(0);
      expect(logins).toEqual([]);
    }));

  it('says the combination is wrong (and the MFA line of the spec) for a wrong password', () =>
    withPage(async (page) => {
      await page.goto('/sign-in/password');
      await fillSignIn(page, unique('wrong'), 'not-the-password');
      const alert = page.getByRole('alert').filter({ hasText: 'Incorrect username/password combination.' });
      await alert.waitFor();
      await alert.getByText('Incorrect MFA code supplied.').waitFor();
      await snap(page, 'identity-sign-in-wrong-password');
      expect(new URL(page.url()).pathname).toBe('/sign-in/password');
      expect((await bootstrapOf(page)).user.isLoggedIn).toBe(false);
    }));

  it('locks an address after 5 failures and shows the locked message with its description', () =>
    withPage(async (page) => {
      const email = unique('lockout');
      await page.goto('/sign-in/password');
      for (let attempt = 1; attempt <= 4; attempt++) {
        await fillSignIn(page, email, `wrong-${attempt}`);
        await page.getByText('Incorrect username/password combination.').waitFor();
        // The next attempt must not see this attempt's alert.
        await page.getByLabel('Email', { exact: true }).fill('');
      }
      await fillSignIn(page, email, 'wrong-5');
      await page.getByText('Your account is locked, please wait a while before trying again.').waitFor();
      await page.getByText(/locked after multiple failed sign-in attempts.*Check your e-mail/).waitFor();
      await snap(page, 'identity-sign-in-locked');
      // Still locked, even with any password.
      await fillSignIn(page, email, 'another-guess');
      await page.getByText('Your account is locked, please wait a while before trying again.').waitFor();
    }));

  it('never follows a foreign redirect after sign-in', () =>
    withPage(async (page) => {
      await page.goto('/sign-in/password?redirect=https%3A%2F%2Fevil.example%2Fsteal');
      await fillSignIn(page, ACCOUNTS.admin, PASSWORD);
      // The fallback, /dashboard, sends staff on to the administrator tools (issue 13).
      await page.waitForURL((url) => url.pathname === '/crm/administrator');
      expect(new URL(page.url()).host).toBe(new URL(baseURL()).host);
    }));

  it('links to the other methods, password reset and signup, keeping the way back', () =>
    withPage(async (page) => {
      await page.goto('/sign-in/password?redirect=%2Fcrm%2Fbids');
      expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/reset-password');
      expect(await page.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(
        `/signup?redirect=${encodeURIComponent('/crm/bids')}`,
      );
      await page.getByRole('link', { name: 'Email me a link' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/sign-in/magic_link' && url.searchParams.get('redirect') === '/crm/bids',
      );
      await page.getByRole('link', { name: 'Text me a code' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in/sms');
      await page.getByLabel('Mobile phone number').waitFor();
      await snap(page, 'identity-sign-in-sms');
      await page.getByRole('link', { name: 'Sign in with password' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/sign-in/password' && url.searchParams.get('redirect') === '/crm/bids',
      );
    }));
});

describe('identity providers', () => {
  it('shows no provider buttons when none are configured, and names the provider of a failed attempt', () =>
    withPage(async (page) => {
      await page.goto('/sign-in/password?error=oauth&provider=Google');
      await page.getByText('Could not sign in with your Google account.').waitFor();
      const providers = await page.evaluate(async () => {
        const response = await fetch('/api/auth/oidc/providers');
        return response.ok ? ((await response.json()) as { providers: { id: string; name: string }[] }).providers : [];
      });
      const buttons = page.getByRole('link', { name: /^Continue with / });
      if (providers.length === 0) expect(await buttons.count()).toBe(0);
      else {
        await buttons.first().waitFor();
        expect(await buttons.count()).toBe(providers.length);
        expect(await buttons.first().getAttribute('href')).toMatch(/^\/api\/auth\/oidc\/[a-z0-9_-]+\/start/);
      }
    }));
});

describe('logout', () => {
  it('ends the session on the server and goes to sign-in', () =>
    withPage(async (page, context) => {
      await page.goto('/sign-in/password?redirect=%2Fcrm%2Fdashboard');
      await fillSignIn(page, ACCOUNTS.buyer, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/crm/dashboard');
      const session = (await context.cookies()).find((cookie) => cookie.name === 'granary_session');
      expect(session?.value).toBeTruthy();

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in/password');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect((await bootstrapOf(page)).user.isLoggedIn).toBe(false);

      // The old cookie is worthless now.
      const replay = await fetch(`${baseURL()}/api/bootstrap`, {
        headers: { cookie: `granary_session=${session?.value}` },
      });
      expect(((await replay.json()) as { user: { isLoggedIn: boolean } }).user.isLoggedIn).toBe(false);
    }));
});

describe('my profile', () => {
  it('has a password form that checks the confirmation and the current password', () =>
    withPage(
      async (page) => {
        await page.goto('/user');
        await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor();
        await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
        await page.getByLabel('New password', { exact: true }).fill('a-new-password');
        await page.getByLabel('Confirm new password', { exact: true }).fill('a-new-passwort');
        await page.getByRole('button', { name: 'Update password' }).click();
        await page.getByText('The password confirmation must match the new password.').waitFor();
        await page.getByLabel('Confirm new password', { exact: true }).fill('a-new-password');
        await clickPastThrottle(page, /\/api\/auth\/password\/update$/, 'Update password');
        await page.getByText('The current password you provided was incorrect, please try again.').waitFor();
        await snap(page, 'identity-user-password');
      },
      { as: 'buyer2' },
    ));
});

describe('one-time password', () => {
  it('after an admin reset, the one-time password signs in and asks for a new password, then goes on', async () => {
    // A fresh account: the reset ends its sessions, which no other spec could notice.
    const email = unique('otp');
    const visitor = await openContext(browser);
    const admin = await openContext(browser, { as: 'admin2' });
    const next = await openContext(browser);
    try {
      const csrfOf = async (context: BrowserContext) =>
        ((await (await context.request.get('/api/bootstrap')).json()) as { csrf: string }).csrf;
      const signup = await postPastThrottle(visitor, '/api/auth/signup', {
        headers: { 'X-CSRF-Token': await csrfOf(visitor) },
        data: {
          firstname: 'Otto',
          lastname: 'Field',
          email,
          phoneNumber: '515-555-0166',
          postalCode: '50010',
          countryCode: 'USA',
          acceptLegalTerms: true,
          memberType: 'farmer',
          areaEstimate: 80,
          areaEstimateUnits: 'acres',
          signupReasonIds: [33],
          loginSource: 'www',
        },
      });
      expect(signup.status()).toBe(200);
      const page = await visitor.newPage();
      await pastThrottle(page, /\/api\/auth\/signup-jit-verify\/verify$/, async () =>
        page.goto(await linkFromMail(email, 'signup_confirm', '/signup-jit-verify')),
      );
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const userId = (await bootstrapOf(page)).user.id;

      const reset = await postPastThrottle(admin, '/api/auth/admin/password-reset', {
        headers: { 'X-CSRF-Token': await csrfOf(admin) },
        data: { user_id: userId },
      });
      expect(reset.status()).toBe(200);
      let oneTime = '';
      for (let attempt = 0; attempt < 50 && !oneTime; attempt++) {
        oneTime =
          (await mailbox(email))
            .find((m) => m.template === 'admin_password_reset')
            ?.text.match(/one-time password is: (\S+)/)?.[1] ?? '';
        if (!oneTime) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(oneTime).not.toBe('');

      const signIn = await next.newPage();
      await signIn.goto('/sign-in/password?redirect=%2Fuser');
      await fillSignIn(signIn, email, oneTime);
      await signIn.waitForURL((url) => url.pathname === '/onetime-password/reset');
      await signIn.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await snap(signIn, 'identity-onetime-password');
      await signIn.getByLabel('New password', { exact: true }).fill('otto-fields-2026');
      await signIn.getByLabel('Confirm new password', { exact: true }).fill('otto-fields-2026');
      await clickPastThrottle(signIn, /\/api\/auth\/password\/update$/, 'Save new password');
      await signIn.getByText('You have updated your profile password.').waitFor();
      await signIn.waitForURL((url) => url.pathname === '/user');
    } finally {
      await Promise.all([visitor.close(), admin.close(), next.close()]);
    }
  });
});

describe('SMS sign-in', () => {
  it('texts a code to a verified number, refuses a wrong one, and signs in with the right one', () =>
    withPage(async (page) => {
      const phone = '+15155550110'; // buyer@demo.granary.test, verified in the demo data
      const before = await latestMailId(phone);
      await page.goto('/sign-in/sms?redirect=%2Fcrm%2Fbids');
      await page.getByLabel('Mobile phone number').fill('515-555-01');
      await page.getByRole('button', { name: 'Text me a code' }).click();
      await page.getByText('Invalid phone number').waitFor();
      await page.getByLabel('Mobile phone number').fill('(515) 555-0110');
      await clickPastThrottle(page, /\/api\/auth\/login\/sms\/initiate$/, 'Text me a code');
      await page.waitForURL((url) => url.pathname === '/sign-in/sms-verification');
      await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
      let code = '';
      for (let attempt = 0; attempt < 50 && !code; attempt++) {
        const message = (await mailbox(phone)).find((m) => m.template === 'sms_login' && m.id > before);
        code = message?.text.match(/\b\d{6}\b/)?.[0] ?? '';
        if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(code).toMatch(/^\d{6}$/);
      await page.getByLabel('Verification code').fill('12345');
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await page.getByText('Enter the 6-digit code.').waitFor();
      await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
      await clickPastThrottle(page, /\/api\/auth\/login\/sms\/verify$/, 'Verify and sign in');
      await page.getByText('Incorrect MFA code supplied.').waitFor();
      await snap(page, 'identity-sms-verification');
      await page.getByLabel('Verification code').fill(code);
      await clickPastThrottle(page, /\/api\/auth\/login\/sms\/verify$/, 'Verify and sign in');
      await page.waitForURL((url) => url.pathname === '/crm/bids');
      expect((await bootstrapOf(page)).user.email).toBe(ACCOUNTS.buyer);
    }));
});

describe('signup', () => {
  it('checks both steps, mails a link, and the link creates the account and signs in', () =>
    withPage(async (page) => {
      const email = unique('casey');
      await page.goto('/signup/seed');
      await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
      await snap(page, 'identity-signup-1280');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Enter your first name.').waitFor();
      await page.getByText('Accept the terms to continue.').waitFor();
      expect(await page.getByText('Required', { exact: true }).count()).toBe(3);
      await page.getByLabel('First name').fill('Casey');
      await page.getByLabel('Last name').fill('Fields');
      await page.getByLabel('Email', { exact: true }).fill('casey@');
      await page.getByLabel('Mobile phone number').fill('515-555-01');
      await page.getByLabel('ZIP code').fill('5000');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Invalid email address').waitFor();
      await page.getByText('Invalid phone number').waitFor();
      await page.getByText('Invalid zip code').waitFor();
      await snap(page, 'identity-signup-errors');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Mobile phone number').fill('515-555-0199');
      await page.getByLabel('ZIP code').fill('50010');
      await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
      await pastThrottle(page, /\/api\/auth\/users\/signup\/validate$/, () =>
        page.getByRole('button', { name: 'Continue' }).click(),
      );
      await page.getByText('What are you interested in?').waitFor();
      expect(await page.getByRole('checkbox', { name: 'Seed' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Choose what describes you best.').waitFor();
      await page.getByRole('combobox', { name: 'I am a' }).click();
      await page.getByRole('option', { name: 'Farmer' }).click();
      await page.getByLabel('Area you farm').fill('1,250');
      await snap(page, 'identity-signup-step2');
      await pastThrottle(page, /\/api\/auth\/signup$/, () =>
        page.getByRole('button', { name: 'Create account' }).click(),
      );
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      await snap(page, 'identity-signup-sent');

      const link = await linkFromMail(email, 'signup_confirm', '/signup-jit-verify');
      await pastThrottle(page, /\/api\/auth\/signup-jit-verify\/verify$/, () => page.goto(link));
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect((await bootstrapOf(page)).user.email).toBe(email);
    }));

  it('fits a 375 px phone', () =>
    withPage(
      async (page) => {
        await page.goto('/signup');
        await page.getByLabel('First name').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await snap(page, 'identity-signup-375');
      },
      { viewport: PHONE },
    ));

  it('signs up by proving an e-mail first (verify-first)', () =>
    withPage(async (page) => {
      const email = unique('verify-first');
      await page.goto('/signup-verify-first');
      await page.getByLabel('Email or mobile phone number').fill(email);
      await pastThrottle(page, /\/api\/auth\/signup-verify-first\/verify$/, () =>
        page.getByRole('button', { name: 'Continue' }).click(),
      );
      await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
      await page.waitForURL((url) => url.pathname.startsWith('/signup-verify-first/token/'));
      let code = '';
      for (let attempt = 0; attempt < 50 && !code; attempt++) {
        code =
          (await mailbox(email)).find((m) => m.template === 'verification_code')?.text.match(/\b\d{6}\b/)?.[0] ?? '';
        if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(code).toMatch(/^\d{6}$/);
      // A reload continues where the flow stands.
      await page.reload();
      await page.getByLabel('Verification code').fill(code);
      await pastThrottle(page, /\/api\/auth\/signup-verify-first\/verify$/, () =>
        page.getByRole('button', { name: 'Continue' }).click(),
      );
      await page.getByRole('heading', { level: 1, name: 'Tell us about you' }).waitFor();
      expect(await page.getByLabel('Email', { exact: true }).count()).toBe(0);
      await page.getByLabel('First name').fill('Vera');
      await page.getByLabel('Last name').fill('First');
      await page.getByLabel('Mobile phone number').fill('515-555-0177');
      await page.getByLabel('ZIP code').fill('50010');
      await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
      await page.getByRole('combobox', { name: 'I am a' }).click();
      await page.getByRole('option', { name: 'Farmer' }).click();
      await page.getByLabel('Area you farm').fill('640');
      await page.getByRole('checkbox', { name: 'Market advisory' }).check();
      await snap(page, 'identity-verify-first-rest');
      await pastThrottle(page, /\/api\/auth\/signup-verify-first\/verify$/, () =>
        page.getByRole('button', { name: 'Create account' }).click(),
      );
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect((await bootstrapOf(page)).user.email).toBe(email);
    }));
});
