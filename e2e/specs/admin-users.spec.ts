import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// The CRM administrator's users end to end (issue 15's 'Done means'): a buyer-admin adds a merchandiser with
// permissions on one market; the invitation mail's link opens in a second browser, where they set a password, land in
// the CRM and see only that market; the admin suspends them and their next request signs them out. The address is new
// on every run, so reruns on the same server do not matter.

const MERCH = '/api/commodities/merchandising';
const PASSWORD = 'wheat-harvest-Moon-42!';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

type Market = { id: number; label: string; userPermissions: string[] };

describe('the administrator’s users', () => {
  it('invites a merchandiser to one market, who joins and sees only it, and is out once suspended', async () => {
    const email = `e2e.merch.${Date.now()}@demo.granary.test`;
    const admin = await openContext(browser, { as: 'buyer' });
    contexts.push(admin);
    const page = await admin.newPage();
    const bootstrap = (await (await page.request.get(`${MERCH}/bootstrap`)).json()) as {
      partnerLegalEntity: { id: number };
    };
    const platformId = bootstrap.partnerLegalEntity.id;
    const markets = (
      (await (await page.request.get(`${MERCH}/le/${platformId}/markets`)).json()) as { markets: Market[] }
    ).markets;
    const market = markets[0]!;

    // The admin adds the merchandiser with one market.
    await page.goto('/crm/administrator/users');
    await page.getByRole('table', { name: "The partner's users" }).waitFor();
    await snap(page, 'admin-users-1280');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('E-mail', { exact: false }).first().fill(email);
    await dialog.getByLabel('First name').fill('Riley');
    await dialog.getByLabel('Last name').fill('Stone');
    await dialog.getByLabel(market.label, { exact: true }).check();
    await snap(page, 'admin-users-add-1280');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();
    const invitations = page.getByRole('region', { name: 'Pending invitations' });
    await invitations.getByText(email, { exact: false }).waitFor();

    // The invitation mail's link, opened in a second browser.
    const mailbox = (await (
      await page.request.get(`/api/dev/mailbox?${new URLSearchParams({ recipient: email, limit: '5' })}`)
    ).json()) as { messages: { template: string; text: string }[] };
    const link = mailbox.messages
      .filter((m) => m.template === 'user_invitation')
      .map((m) => /\/invitation\/[A-Za-z0-9_-]+/.exec(m.text)?.[0])[0];
    expect(link).toBeTruthy();
    const invitee = await openContext(browser, { viewport: { width: 390, height: 844 } });
    contexts.push(invitee);
    const joining = await invitee.newPage();
    await joining.goto(link!);
    await joining.getByText('Dana Merchant invited you to', { exact: false }).waitFor();
    await snap(joining, 'invitation-390');
    await joining.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await joining.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await joining.getByRole('button', { name: 'Accept and sign in' }).click();
    await joining.waitForURL(/\/crm\//);

    // In the CRM, with that one market only.
    const theirs = (
      (await (await joining.request.get(`${MERCH}/le/${platformId}/markets`)).json()) as {
        markets: Market[];
      }
    ).markets.filter((m) => m.userPermissions.length > 0);
    expect(theirs.map((m) => m.id)).toEqual([market.id]);
    // The dashboard's market picker offers that market and no other.
    const selector = joining.getByRole('combobox', { name: 'Market' });
    await selector.waitFor();
    await expect.poll(() => selector.innerText()).toContain(market.label);
    await selector.click();
    const options = joining.getByRole('option');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual([market.label]);
    await joining.keyboard.press('Escape');
    await snap(joining, 'invitee-crm-390');

    // The admin finds them, sees the matrix, and suspends them.
    await page.getByLabel('Search by name or e-mail').fill(email);
    await page.getByRole('link', { name: 'Riley Stone' }).click();
    const matrix = page.getByRole('table', { name: 'Permissions per market' });
    await matrix.waitFor();
    expect(await matrix.getByLabel(`Contracts at ${market.label}`, { exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save permissions' }).waitFor();
    // The invitation's toast has gone by now, or is closed, so that it does not cover the matrix in the pictures.
    const toast = page.getByText(`Invitation sent to ${email}.`);
    if (await toast.isVisible()) await toast.waitFor({ state: 'hidden', timeout: 20_000 });
    await snap(page, 'admin-user-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'admin-user-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Suspend' }).click();
    await page
      .getByRole('dialog', { name: /Suspend Riley Stone/ })
      .getByRole('button', { name: 'Suspend' })
      .click();
    await page.getByText('Riley Stone is suspended and signed out.').waitFor();

    // Their next request is signed out: the API answers 401 and the next navigation lands on sign-in.
    expect((await joining.request.get(`${MERCH}/le/${platformId}/markets`)).status()).toBe(401);
    await joining.goto('/crm/dashboard');
    await joining.waitForURL(/\/sign-in/);
  });
});
