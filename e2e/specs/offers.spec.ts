import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// Offers as working orders (issue 5) on the real server and the demo data, in two browsers at once: the farmer places
// an offer on /my-sales-lite/bids, the buyer sees it arrive on /crm/offers without a reload, the buyer moves the bid's
// basis (the bids API) so the cash reaches the target, the row turns 'Price hit' live, the buyer accepts it, and the
// farmer sees it filled. Screenshots at 1280 and 390 px for a person to look at.

const MERCH = '/api/commodities/merchandising';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A state-changing API call as the context's user (session cookie + the bootstrap's CSRF token). */
async function apiCall(
  request: APIRequestContext,
  method: 'GET' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const csrf = ((await (await request.get('/api/bootstrap')).json()) as { csrf: string }).csrf;
  const response = await request.fetch(path, {
    method,
    headers: { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest', ...headers },
    ...(body === undefined ? {} : { data: body }),
  });
  return response;
}

describe('offers', () => {
  let farmer: BrowserContext;
  let buyer: BrowserContext;
  afterAll(async () => {
    await farmer?.close();
    await buyer?.close();
  });

  it('farmer places an offer, the buyer sees it live, a basis move hits it, the buyer accepts, the farmer sees it filled', async () => {
    buyer = await openContext(browser, { as: 'buyer' });
    farmer = await openContext(browser, { as: 'farmer' });
    const buyerPage = await buyer.newPage();
    const farmerPage = await farmer.newPage();

    // The buyer's desk is open first: what follows must reach it without a reload.
    await buyerPage.goto('/crm/offers');
    const table = buyerPage.getByRole('table', { name: 'Offers' });
    await table.waitFor();
    expect(await buyerPage.getByRole('combobox', { name: 'Market' }).textContent()).toContain('Ames');
    await buyerPage.getByText('Live', { exact: true }).waitFor();
    await snap(buyerPage, 'offers-crm-1280');

    // The farmer's bids at Ames, and 'Place offer' on the first corn bid.
    await farmerPage.goto('/my-sales-lite/bids/ames');
    const corn = farmerPage.getByRole('table', { name: 'Corn bids' });
    await corn.waitFor();
    await snap(farmerPage, 'offers-farm-1280');
    await corn
      .getByRole('button', { name: /^Place offer on Corn/ })
      .first()
      .click();
    const dialog = farmerPage.getByRole('dialog', { name: /Place an offer/ });
    await dialog.waitFor();
    const quantity = String(7000 + (Date.now() % 1000));
    await dialog.getByRole('textbox', { name: 'Quantity (bushels)' }).fill(quantity);
    const target = await dialog.getByRole('textbox', { name: 'Target cash price' }).inputValue();
    expect(Number(target)).toBeGreaterThan(0);
    await snap(farmerPage, 'offers-place-dialog-1280');
    await dialog.getByRole('button', { name: 'Place offer' }).click();
    await dialog.waitFor({ state: 'detached' });
    const shown = Number(quantity).toLocaleString('en-US');
    const mine = farmerPage
      .getByRole('list', { name: 'My offers' })
      .getByRole('listitem')
      .filter({ hasText: `${shown} bu` });
    await mine.waitFor();
    expect(await mine.textContent()).toContain('Working');

    // It arrives on the buyer's desk without a reload.
    const row = table.getByRole('row').filter({ hasText: `${shown} bu` });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Fieldman Family Farms');
    expect(await row.textContent()).toContain('Working');

    // The buyer strengthens the bid's basis by 10 cents: the cash (target − 5¢) passes the target.
    const list = (await (await apiCall(buyer.request, 'GET', `${MERCH}/offers?status=open`)).json()) as {
      rows: { instrumentId: number; quantity: string }[];
    };
    const placed = list.rows.find((r) => Number(r.quantity) === Number(quantity))!;
    const bidResponse = await apiCall(buyer.request, 'GET', `${MERCH}/instruments/${placed.instrumentId}`);
    const bid = (await bidResponse.json()) as { basis: string };
    const moved = await apiCall(
      buyer.request,
      'PUT',
      `${MERCH}/instruments/${placed.instrumentId}`,
      { basis: (Number(bid.basis) + 0.1).toFixed(4) },
      { 'if-match': bidResponse.headers().etag! },
    );
    expect(moved.status()).toBe(200);

    // 'Price hit' shows on the open desk, highlighted, and the buyer accepts it.
    await expect.poll(async () => row.textContent(), { timeout: 15_000 }).toContain('Price hit');
    await snap(buyerPage, 'offers-crm-price-hit-1280');
    await row.getByRole('button', { name: 'Accept' }).click();
    const confirm = buyerPage.getByRole('dialog', { name: 'Accept this offer?' });
    await confirm.getByRole('button', { name: 'Accept' }).click();
    await buyerPage.getByText(/Offer accepted: contract C-\d+/).waitFor();

    // The farmer sees it filled, without a reload.
    await expect.poll(async () => mine.textContent(), { timeout: 15_000 }).toContain('Filled');
    expect(await mine.textContent()).toMatch(/Contract C-\d+/);
    await snap(farmerPage, 'offers-farm-filled-1280');

    // The filled filter holds it.
    await buyerPage.getByRole('button', { name: /^Filled \(\d+\)$/ }).click();
    await table
      .getByRole('row')
      .filter({ hasText: `${shown} bu` })
      .waitFor();
  });

  it('fits a phone: the desk as cards, the farmer’s bids and dialog at 390 px', async () => {
    const phoneBuyer = await openContext(browser, { as: 'buyer2', viewport: { width: 390, height: 844 } });
    const phoneFarmer = await openContext(browser, { as: 'farmer2', viewport: { width: 390, height: 844 } });
    try {
      const b = await phoneBuyer.newPage();
      await b.goto('/crm/offers?status=all');
      await b.getByRole('list', { name: 'Offers' }).waitFor();
      expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await snap(b, 'offers-crm-390');
      const f = await phoneFarmer.newPage();
      await f.goto('/my-sales-lite/bids/ames');
      await f.getByRole('region', { name: 'Corn bids' }).waitFor();
      expect(await f.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await snap(f, 'offers-farm-390');
      await f
        .getByRole('button', { name: /^Place offer on Corn/ })
        .first()
        .click();
      await f.getByRole('dialog', { name: /Place an offer/ }).waitFor();
      await snap(f, 'offers-place-dialog-390');
    } finally {
      await phoneBuyer.close();
      await phoneFarmer.close();
    }
  });
});
