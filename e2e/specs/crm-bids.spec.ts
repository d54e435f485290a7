import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// /crm/bids (issue 5) on the real server and the demo data, as the demo buyer: a bid posted, its basis edited
// inline, moved in bulk, deleted and brought back with Undo. Screenshots at 1280 and 390 px for a person to look at.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openBids(page: Page) {
  await page.goto('/crm/bids');
  await page.getByRole('table', { name: 'Corn bids' }).waitFor();
}

const basisButton = (page: Page, name: string): Locator => page.getByRole('button', { name: `Edit basis of ${name}` });

describe('bids', () => {
  it('posts a bid, edits its basis inline, moves it in bulk, deletes it and undoes the delete', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await openBids(page);
    expect(await page.getByRole('combobox', { name: 'Market' }).textContent()).toContain('Ames Elevator');
    // The demo board: every crop with live futures and cash.
    await page.getByRole('table', { name: 'Soybeans bids' }).waitFor();
    await page.getByRole('table', { name: 'Wheat bids' }).waitFor();
    await snap(page, 'crm-bids-1280');

    // A new corn bid.
    const name = `E2E ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New bid' }).click();
    const dialog = page.getByRole('dialog', { name: 'New bid' });
    await dialog.getByRole('textbox', { name: 'Delivery period name' }).fill(name);
    // Basis in cents, as the trade says it; the helper text says what it means and the cash it makes.
    await dialog.getByRole('textbox', { name: 'Basis (cents per bushel)' }).fill('-33');
    await dialog.getByRole('textbox', { name: 'Quantity cap (bushels)' }).fill('50000');
    await expect.poll(() => dialog.getByText(/^-\$0\.33 · 33 under [A-Z] · cash \$\d/).count()).toBe(1);
    await snap(page, 'crm-bids-dialog-1280');
    await dialog.getByRole('button', { name: 'Post bid' }).click();
    await page.getByText(`${name} posted.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await basisButton(page, name).textContent()).toMatch(/^-33 [A-Z]$/);
    expect(await row.textContent()).toContain('50,000 cap');

    // Inline basis: Enter saves.
    await basisButton(page, name).click();
    const input = page.getByRole('textbox', { name: `Basis of ${name}` });
    await input.fill('30 under');
    await input.press('Enter');
    await input.waitFor({ state: 'detached' });
    await expect.poll(() => basisButton(page, name).textContent()).toMatch(/^-30 [A-Z]$/);

    // Bulk move by -2 cents with a preview.
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByText('1 bid selected').waitFor();
    await page.getByRole('button', { name: 'Move basis' }).click();
    const move = page.getByRole('dialog', { name: /Move basis/ });
    await move.getByRole('textbox', { name: 'Move by (cents)' }).fill('-2');
    const preview = move.getByRole('table', { name: 'Preview' });
    await preview.getByText(/^-32 [A-Z]$/).waitFor();
    await snap(page, 'crm-bids-move-1280');
    await move.getByRole('button', { name: 'Move basis' }).click();
    await page.getByText('Basis of 1 bid moved by -2¢.').waitFor();
    await expect.poll(() => basisButton(page, name).textContent()).toMatch(/^-32 [A-Z]$/);

    // Delete, then Undo.
    await page.getByRole('button', { name: `Delete bid: ${name}` }).click();
    const notice = page.getByRole('alert').filter({ hasText: `${name} deleted.` });
    await notice.waitFor();
    await row.waitFor({ state: 'detached' });
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(`${name} restored.`).waitFor();
    await row.waitFor();
    expect(await basisButton(page, name).textContent()).toMatch(/^-32 [A-Z]$/);

    // After a reload it is still there, as saved.
    await page.reload();
    await openBids(page);
    await page.getByRole('row').filter({ hasText: name }).waitFor();
    await context.close();
  });

  it('a basis typed as -45 on /crm/bids is on the public market page as 45 under (-45 Z)', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await openBids(page);
    const name = `E2E basis ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New bid' }).click();
    const dialog = page.getByRole('dialog', { name: 'New bid' });
    await dialog.getByRole('textbox', { name: 'Delivery period name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Basis (cents per bushel)' }).fill('-45');
    await dialog.getByText(/^-\$0\.45 · 45 under [A-Z]/).waitFor();
    await dialog.getByRole('button', { name: 'Post bid' }).click();
    await page.getByText(`${name} posted.`).waitFor();
    const shown = (await basisButton(page, name).textContent()) ?? '';
    expect(shown).toMatch(/^-45 [A-Z]$/);
    await context.close();

    // An anonymous visitor of the demo partner's market page sees the same basis, written the same way.
    const visitor = await openContext(browser);
    const market = await visitor.newPage();
    await market.goto('/market');
    const row = market.getByRole('table', { name: 'Corn bids' }).getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect((await row.getByRole('cell').nth(3).textContent())?.trim()).toBe(shown);
    await visitor.close();
  });

  it('places an offer for a client from a bid row, and the row counts it', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await openBids(page);
    const corn = page.getByRole('table', { name: 'Corn bids' });
    const button = corn.getByRole('button', { name: /^Place offer on / }).first();
    const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Place offer on /, '');
    const row = corn
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Place offer on ${name}`, exact: true }) });
    const offersCell = row.getByRole('cell').nth(9);
    const before = Number(await offersCell.textContent());
    await button.click();
    const dialog = page.getByRole('dialog', { name: /Place an offer for a client/ });
    await dialog.waitFor();
    const cash = (await dialog.getByLabel('Cash price now').textContent()) ?? '';
    expect(cash).toMatch(/^\$\d+\.\d{2}/);
    await dialog.getByRole('combobox', { name: 'Client' }).fill('Fieldman');
    await page.getByRole('option', { name: /Fieldman Family Farms/ }).click();
    const quantity = String(6000 + (Date.now() % 1000));
    await dialog.getByRole('textbox', { name: 'Quantity (bushels)' }).fill(quantity);
    await dialog.getByText('5 cents above the cash price now').waitFor();
    await snap(page, 'crm-bids-place-offer-1280');
    await dialog.getByRole('button', { name: 'Place offer' }).click();
    await page
      .getByText(
        new RegExp(
          `^Offer placed for Fieldman Family Farms: ${Number(quantity).toLocaleString('en-US')} bushels at \\$`,
        ),
      )
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => Number(await offersCell.textContent())).toBe(before + 1);
    await context.close();
  });

  it('lays the board out as cards on a phone', async () => {
    const context = await openContext(browser, { as: 'buyer', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/crm/bids?cropFilter=1');
    await page.getByRole('region', { name: 'Corn bids' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'crm-bids-390');
    // Place offer: the dialog fills the phone's screen.
    await page
      .getByRole('button', { name: /^Place offer on / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /Place an offer for a client/ });
    await dialog.getByRole('combobox', { name: 'Client' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'crm-bids-place-offer-390');
    await context.close();
  });
});
