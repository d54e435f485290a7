import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, snap, signInWithPasswordForm } from '../support/browser.ts';

// My Sales Lite (issue 5) on the real server with the demo data: the demo farmer signs in, sees their contracts with
// what is delivered and what remains, opens one, then their balances and tickets; a user without the experience and
// flag gets the permission-denied screen with its Logout button.

const PC = '/api/commodities/profit-center';
const FARMER = 'farmer@demo.granary.test';
const PASSWORD = 'granary-demo';

type ContractRow = { id: number; displayContractId: string; delivered: string; remaining: string; contracted: string };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const bushels = (value: string) => `${Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 })} bu`;

describe('my sales lite', () => {
  it('the farmer signs in, sees their contracts with delivered and remaining, opens one, then balances and tickets', async () => {
    const context = await openContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/sign-in/password?redirect=%2Fmy-sales-lite');
    await signInWithPasswordForm(page, FARMER, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/my-sales-lite');
    await page.getByRole('heading', { level: 1, name: 'My sales' }).waitFor();
    await page.getByRole('region', { name: 'Summary by crop' }).waitFor();

    // The first contract the API gives is the first card, with its delivered and remaining bushels.
    const { rows, totalCount } = await api<{ rows: ContractRow[]; totalCount: number }>(
      page,
      `${PC}/contracts?pageSize=20`,
    );
    expect(totalCount).toBeGreaterThan(0);
    const first = rows[0]!;
    const list = page.getByRole('list', { name: 'Your contracts' });
    const card = list.getByRole('button', { name: `Open contract ${first.displayContractId}` });
    await card.waitFor();
    expect(await card.textContent()).toContain(`Delivered${bushels(first.delivered)}`);
    expect(await card.textContent()).toContain(`Remaining${bushels(first.remaining)}`);
    expect(await list.getByRole('button', { name: /^Open contract / }).count()).toBe(Math.min(20, totalCount));
    await snap(page, 'my-sales-lite-phone');

    await card.click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Contract ${first.displayContractId}`) });
    await dialog.getByRole('heading', { name: 'Deliveries' }).waitFor();
    await dialog.getByText('Fieldman Family Farms').waitFor();
    await snap(page, 'my-sales-lite-contract-phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const sections = page.getByRole('navigation', { name: 'My sales sections' });
    await sections.getByRole('tab', { name: 'Balances' }).click();
    await page.waitForURL((url) => url.pathname === '/my-sales-lite/balances');
    await page.getByRole('heading', { level: 1, name: 'Balances' }).waitFor();
    const balances = await api<{ rows: { crop: string; cropYear: number; contracted: string }[] }>(
      page,
      `${PC}/balances`,
    );
    const top = balances.rows[0]!;
    const region = page.getByRole('region', { name: `${top.crop} ${top.cropYear}` });
    await region.waitFor();
    expect(await region.textContent()).toContain(bushels(top.contracted));
    await snap(page, 'my-sales-lite-balances-phone');

    await sections.getByRole('tab', { name: 'Tickets' }).click();
    await page.waitForURL((url) => url.pathname === '/my-sales-lite/tab');
    const tickets = page.getByRole('list', { name: 'Your scale tickets' });
    await tickets.getByRole('listitem').first().waitFor();
    expect(await tickets.getByRole('listitem').first().textContent()).toMatch(/Moisture.*Test weight/);
    await snap(page, 'my-sales-lite-tickets-phone');
    await context.close();
  });

  it('lands the farmer on their home, whose contract to sign opens the signing page (issue 17)', async () => {
    const context = await openContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/sign-in/password');
    await signInWithPasswordForm(page, FARMER, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const toSign = page.getByRole('region', { name: 'To sign' });
    const link = toSign.getByRole('link', { name: /^(Contract|Amendment to contract) / }).first();
    await link.waitFor();
    await snap(page, 'farmer-home-1280');
    const number = /contract ([A-Z]+-\d+)/i.exec((await link.textContent()) ?? '')![1]!;
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith('/profit-center/builtin/sign/'));
    await page.getByRole('heading', { name: new RegExp(`Sign .*${number}`) }).waitFor();
    await context.close();
  });

  it('shows the pages at desktop width too', async () => {
    const context = await openContext(browser, { as: 'farmer' });
    const page = await context.newPage();
    await page.goto('/my-sales-lite');
    await page.getByRole('list', { name: 'Your contracts' }).getByRole('button').first().waitFor();
    await snap(page, 'my-sales-lite-desktop');

    // The farmer's header carries one entry for the area (issue 17); the page's own section tabs carry its sections
    // at every width and mark the current one.
    const header = page.getByTestId('my-sales-lite-header').getByRole('navigation', { name: 'Main navigation' });
    expect(await header.getByRole('link').allTextContents()).toEqual(['Home', 'Profit center', 'My sales', 'Store']);
    expect(await header.locator('a[aria-current="page"]').textContent()).toBe('My sales');
    const nav = page.getByRole('navigation', { name: 'My sales sections' });
    const current = async () => nav.locator('[role="tab"][aria-selected="true"]').textContent();
    expect(await nav.getByRole('tab').allTextContents()).toEqual([
      'Sales',
      'Balances',
      'Tickets',
      'Bids',
      'Settlements',
      'Payments',
      'Structures',
    ]);
    expect(await current()).toBe('Sales');
    await nav.getByRole('tab', { name: 'Tickets' }).click();
    await page.waitForURL((url) => url.pathname === '/my-sales-lite/tab');
    await page.getByRole('list', { name: 'Your scale tickets' }).waitFor();
    expect(await current()).toBe('Tickets');
    await nav.getByRole('tab', { name: 'Bids' }).click();
    await page.waitForURL((url) => url.pathname === '/my-sales-lite/bids');
    await page.getByRole('heading', { level: 1, name: 'Local bids' }).waitFor();
    await page.goto('/my-sales-lite/bids/ames');
    await page.getByRole('heading', { level: 1, name: 'Local bids' }).waitFor();
    expect(await current()).toBe('Bids');
    await context.close();
  });

  it('refuses my sales lite to a user without agronomics and the flag: permission denied with Logout', async () => {
    const context = await openContext(browser, { as: 'prairieBuyer-logout' }); // Logout ends this session
    const page = await context.newPage();
    await page.goto('/my-sales-lite');
    await page.getByText('You do not have permissions for this action').waitFor();
    const response = await page.request.get(`${PC}/contracts`);
    expect(response.status()).toBe(403);
    expect((await response.json()).code).toBe('forbidden');
    await snap(page, 'my-sales-lite-permission-denied');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sign-in'));
    await context.close();
  });

  // Issue 17 (decision 058): a price alert fires when the admin's CSV import moves the futures. A far corn month of its
  // own (no bid or offer prices off it), so the import moves nothing another spec reads.
  it('the farmer sets a price alert that fires when the admin’s CSV import moves the futures', async () => {
    const symbol = `ZCZ${String(new Date().getFullYear() + 3).slice(2)}`;
    const adminContext = await openContext(browser, { as: 'admin' });
    const admin = await adminContext.newPage();
    const importQuotes = async (last: string) => {
      await admin.goto('/crm/administrator');
      const section = admin.getByRole('region', { name: 'Futures quotes' });
      await section.getByTestId('quotes-file').setInputFiles({
        name: 'quotes.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`symbol,last\n${symbol},${last}\n`),
      });
      await section.getByRole('button', { name: 'Import quotes' }).click();
      await section.getByText(/^1 quote imported/).waitFor();
    };
    await importQuotes('4.5000');

    const context = await openContext(browser, { as: 'farmer', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/profit-center/marketing');
    await page.getByRole('button', { name: 'New alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'New price alert' });
    // The crop's quoted months are the choices ('Dec 2029 (ZCZ29)').
    await dialog.getByRole('combobox', { name: 'Futures contract' }).click();
    await page.getByRole('option', { name: new RegExp(`\\(${symbol}\\)$`) }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByLabel('Level').fill('4.75');
    await dialog.getByRole('button', { name: 'Save alert' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('listitem').filter({ hasText: `Corn futures ${symbol}` });
    await row.getByText('Watching').waitFor();

    await importQuotes('4.8000');
    // The import's quotes-changed job (the server's job worker) judges the alert once.
    await expect
      .poll(
        async () =>
          (await api<{ alerts: { symbol: string; status: string }[] }>(page, `${PC}/alerts/corn`)).alerts.find(
            (a) => a.symbol === symbol,
          )?.status,
        { timeout: 20_000, interval: 500 },
      )
      .toBe('triggered');
    await page.reload();
    await row.getByText('Fired at $4.80/bu').waitFor();
    await snap(page, 'profit-center-marketing-alert-fired-390');
    await page.goto('/global-notifications');
    await page.getByText(`Price alert: Corn futures ${symbol} is above $4.75/bu`).first().waitFor();
    await context.close();
    await adminContext.close();
  });
});
