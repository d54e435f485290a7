import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page } from 'playwright-core';
import { launchBrowser, snap } from '../support/browser.ts';
import { e2eServer } from '../support/server.ts';

// The public market page (issue 5) as an anonymous visitor sees it, per partner vhost: demo.localhost and
// prairie.localhost both reach the test server (Chromium maps them to it).
let browser: Browser;
let port: string;
beforeAll(async () => {
  port = new URL(e2eServer().baseURL).port;
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function visitor(
  host: 'demo' | 'prairie',
  width = 1280,
): Promise<{ page: Page; apiCalls: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: `http://${host}.localhost:${port}`,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) apiCalls.push(path);
  });
  return { page, apiCalls, close: () => context.close() };
}

describe('public market page', () => {
  it('shows an anonymous visitor the demo market’s bids with cash prices and its hours, with no session', async () => {
    const { page, apiCalls, close } = await visitor('demo');
    const response = await page.goto('/market');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Ames Elevator' }).waitFor();
    const corn = page.getByRole('table', { name: 'Corn bids' });
    await corn.waitFor();
    const firstRow = corn.getByRole('row').nth(1);
    const cash = (await firstRow.getByRole('cell').last().textContent()) ?? '';
    // The trade notation: dollars and cents with the quarter-cent tick as a fraction glyph ('$4.33½').
    expect(cash).toMatch(/^\$\d+\.\d{2}[¼½¾]?$/);
    expect(await page.getByText('Prices subject to change.').isVisible()).toBe(true);
    const hours = page.getByRole('region', { name: 'Office hours' });
    await hours.getByText(/^(Open now|Closed now|Closed today)$/).waitFor();
    // Tuesday: the public-page admin spec changes Monday's closing time on the same database.
    expect(await hours.getByRole('row', { name: /Tuesday/ }).textContent()).toMatch(/7:00 AM – 5:00 PM/);
    // The data came inlined: no bootstrap, no session call before the bids showed.
    expect(apiCalls.filter((p) => !p.startsWith('/api/public/'))).toEqual([]);
    expect(await page.context().cookies()).toEqual([]);
    await snap(page, 'public-market-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'public-market-390');
    await close();
  });

  it('wears the app’s public header: the partner’s links, the store and Sign in', async () => {
    const { page, close } = await visitor('demo');
    await page.goto('/market');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Granary Demo Grain' }).waitFor();
    const store = header.getByRole('link', { name: 'Store' });
    expect(await store.getAttribute('href')).toBe('/direct');
    expect(await header.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    await header.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Cash bids' }).waitFor();
    // The page's font is the app's Roboto, loaded from the same files.
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px Roboto'))).toBe(true);
    await store.click();
    await page.waitForURL(/\/direct/);
    await close();
  });

  it('tells a visitor who goes offline that prices may be out of date, and when the bids were last updated', async () => {
    const { page, close } = await visitor('demo', 390);
    await page.goto('/market');
    await page.getByRole('table', { name: 'Corn bids' }).waitFor();
    expect(await page.getByText(/You are offline/).count()).toBe(0);
    await page.context().setOffline(true);
    const notice = page.getByRole('status').filter({ hasText: 'You are offline — prices may be out of date.' });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/Bids last updated .+\d{1,2}:\d{2}\s?(AM|PM)/);
    await snap(page, 'public-market-offline-390');
    await page.context().setOffline(false);
    await notice.waitFor({ state: 'detached' });
    await close();
  });

  it('says Closed today at a market with an announced closure today, with the closure first on a phone', async () => {
    const { page, close } = await visitor('demo', 390);
    await page.goto('/market/decatur');
    const hours = page.getByRole('region', { name: 'Office hours' });
    await hours.getByText('Closed today', { exact: true }).waitFor();
    expect(await hours.getByText('Open now').count()).toBe(0);
    expect(await hours.textContent()).toContain('Closed for scale repairs');
    const news = page.getByRole('region', { name: 'Announcements' });
    const newsTop = (await news.boundingBox())?.y ?? Infinity;
    const bidsTop = (await page.getByRole('table').first().boundingBox())?.y ?? -Infinity;
    expect(newsTop).toBeLessThan(bidsTop);
    await close();
  });

  it('opens another published market of the partner from the picker', async () => {
    const { page, close } = await visitor('demo');
    await page.goto('/market');
    const options = await page.getByLabel('Location').locator('option').allTextContents();
    expect(options).toContain('Decatur Terminal');
    // Mason City's page is unpublished: not offered, and not found.
    expect(options).not.toContain('Mason City, IA');
    await page.getByLabel('Location').selectOption({ label: 'Decatur Terminal' });
    await page.getByRole('button', { name: 'Show bids' }).click();
    await page.getByRole('heading', { level: 1, name: 'Decatur Terminal' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/market/decatur');
    expect((await page.goto('/market/mason-city'))?.status()).toBe(404);
    await close();
  });

  it('shows Prairie’s markets only on the Prairie vhost, and not the demo partner’s', async () => {
    const { page, close } = await visitor('prairie');
    await page.goto('/market');
    await page.getByRole('link', { name: 'Prairie Grain Co-op' }).waitFor();
    const options = await page.getByLabel('Location').locator('option').allTextContents();
    expect(options.sort()).toEqual(['Swift Current', 'Yorkton, SK']);
    const other = await page.goto('/market/ames');
    expect(other?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await close();
  });

  it('shows /score where the partner offers the CI score, and not found where it does not', async () => {
    const demo = await visitor('demo');
    expect((await demo.page.goto('/score'))?.status()).toBe(200);
    await demo.page.getByRole('heading', { level: 1, name: 'Corn carbon-intensity (CI) score' }).waitFor();
    const score = demo.page.locator('.pm-score-value');
    const before = parseFloat((await score.textContent()) ?? '');
    await demo.page.getByLabel('Tillage').selectOption('no-till');
    await expect.poll(async () => parseFloat((await score.textContent()) ?? '')).toBeLessThan(before);
    await snap(demo.page, 'public-score-1280');
    await demo.close();

    const prairie = await visitor('prairie');
    expect((await prairie.page.goto('/score'))?.status()).toBe(404);
    await prairie.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await prairie.close();
  });
});
