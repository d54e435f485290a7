import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchBrowser, openContext, snap } from '../support/browser.ts';

// /crm/public-bids-admin (issue 5) on the real server and the demo data, as the demo buyer: an announcement posted and
// the hours changed are there after a reload. (The public /market page's side is checked by its own spec.)

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openAdmin(page: Page) {
  await page.goto('/crm/public-bids-admin');
  await page.getByRole('region', { name: 'Public page' }).waitFor();
  await page.getByRole('list', { name: 'Office hours' }).waitFor();
  await page.getByRole('list', { name: 'Announcements, newest first' }).waitFor();
}

/** A long phone page in screen-sized parts (the full-page shot is too tall to read). */
async function snapParts(page: Page, name: string, parts = 6) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()?.width ?? 390;
  for (let part = 0; part * 900 < height && part < parts; part += 1) {
    const clip = { x: 0, y: part * 900, width, height: Math.min(900, height - part * 900) };
    await page.screenshot({ path: `${ARTIFACTS}${name}-part${part}.png`, fullPage: true, clip });
  }
}

describe('public bids admin', () => {
  it('posts an announcement and changes the hours; both are there after a reload', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await openAdmin(page);
    expect(await page.getByRole('combobox', { name: 'Market' }).textContent()).toContain('Ames Elevator');
    await expect
      .poll(() => page.getByRole('link', { name: 'View public page' }).getAttribute('href'))
      .toBe('/market/ames');
    await snap(page, 'crm-public-admin-1280');

    // A new announcement, from now on.
    const title = `Rail loading Saturday ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'New announcement' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog
      .getByRole('textbox', { name: 'Message' })
      .fill('We load the shuttle train Saturday: receiving opens at 6:00 am.');
    await snap(page, 'crm-public-admin-announcement-dialog-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Announcement posted.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const list = page.getByRole('list', { name: 'Announcements, newest first' });
    await list.getByText(title).waitFor();

    // Monday now closes at 18:30.
    const hours = page.getByRole('region', { name: 'Office hours' });
    await hours.getByLabel('Monday closes').fill('18:30');
    await hours.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Office hours saved.').waitFor();

    await page.reload();
    await openAdmin(page);
    const item = page
      .getByRole('list', { name: 'Announcements, newest first' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await item.waitFor();
    expect(await item.textContent()).toContain('Active');
    expect(await page.getByRole('region', { name: 'Office hours' }).getByLabel('Monday closes').inputValue()).toBe(
      '18:30',
    );
    await context.close();
  });

  it('is usable on a phone', async () => {
    const context = await openContext(browser, { as: 'buyer', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openAdmin(page);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snapParts(page, 'crm-public-admin-390');
    await context.close();
  });
});
