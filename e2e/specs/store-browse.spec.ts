import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// The store catalogue (issue 6) on the real server with the demo catalogue: a guest browses a category, narrows it
// by an active ingredient, searches with a misspelling, opens a product, picks a pack size and opens its SDS PDF;
// on a phone the filters open in a drawer.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('store: a guest browses the catalogue', () => {
  it('browses a category, filters by a facet, searches with a typo, opens a product and its SDS', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/direct');
    await page.getByRole('heading', { level: 1, name: 'Farm inputs at fair prices, delivered to the farm' }).waitFor();

    // A category from the home page.
    await page
      .getByRole('link', { name: /^Crop Protection/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/direct/crop-protection');
    await page.getByRole('heading', { level: 1, name: 'Crop Protection' }).waitFor();
    const grid = page.getByRole('list', { name: 'Crop Protection' });
    await grid.getByRole('article').first().waitFor();
    const allText = await page.getByRole('status').filter({ hasText: 'products' }).innerText();
    const all = Number(allText.replace(/[^\d]/g, ''));
    expect(all).toBeGreaterThan(24);

    // Narrow it by an active ingredient.
    await page.getByRole('checkbox', { name: /^Glyphosate\s*\d+$/ }).click();
    await page.waitForURL((url) => url.searchParams.get('ingredient') === 'glyphosate');
    await expect
      .poll(
        async () =>
          Number((await page.getByRole('status').filter({ hasText: 'product' }).innerText()).replace(/[^\d]/g, '')),
        { timeout: 15_000 },
      )
      .toBeLessThan(all);
    const cards = grid.getByRole('article');
    await cards.first().waitFor();
    for (const text of await cards.allInnerTexts()) expect(text).toContain('Glyphosate');
    await snap(page, 'store-category-filtered');

    // Search with a misspelling.
    await page
      .getByRole('searchbox', { name: 'Search products' })
      .or(page.getByLabel('Search products'))
      .first()
      .fill('glyphosat');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/direct/search' && url.searchParams.get('q') === 'glyphosat');
    await page.getByText('No exact matches for “glyphosat”. Showing products with a similar spelling.').waitFor();
    await page.getByRole('link', { name: 'Glyphosate', exact: true }).waitFor();
    const results = page.getByRole('list', { name: 'Results for “glyphosat”' }).getByRole('article');
    await results.first().waitFor();
    expect(await results.first().innerText()).toMatch(/Glyphosate/);

    // And a misspelt active ingredient that words alone find (stemming): atrazin.
    await page.getByLabel('Search products').fill('atrazin 4l');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'atrazin 4l');
    const atrazine = page
      .getByRole('list', { name: 'Results for “atrazin 4l”' })
      .getByRole('article', { name: 'Atrazine 4L' })
      .first();
    await atrazine.waitFor();
    await atrazine.getByRole('link').click();

    // The product: restricted use, pack sizes with their price and stock, the documents.
    await page.waitForURL((url) => url.pathname.startsWith('/direct/product/'));
    await page.getByRole('heading', { level: 1, name: 'Atrazine 4L' }).waitFor();
    await page.getByText('Restricted use pesticide', { exact: true }).waitFor();
    await page.getByRole('button', { name: /30 gal drum/ }).click();
    const selected = page.getByLabel('Selected pack size');
    await expect.poll(() => selected.innerText(), { timeout: 15_000 }).toMatch(/30 gal · SKU/);
    expect(await selected.innerText()).toMatch(/\$[\d,]+\.\d{2}/);
    expect(await selected.innerText()).toMatch(/\/gal/);
    // The chosen pack size can go in the cart (the cart's own spec, store-cart.spec.ts, follows it there).
    expect(await selected.getByRole('button', { name: 'Add to cart' }).count()).toBe(1);
    await snap(page, 'store-product');

    await page.getByRole('link', { name: 'Safety data sheet (SDS)' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/sds'));
    await page.getByRole('heading', { level: 1, name: 'Safety data sheet (SDS): Atrazine 4L' }).waitFor();
    const href = await page.getByRole('link', { name: 'Open PDF' }).getAttribute('href');
    expect(href).toMatch(/\/documents\/sds\/file$/);
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await context.close();
  });

  it('finds a product by the brand name a farmer types (roundup → glyphosate), suggesting as they type', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto('/direct');
    const box = page.getByLabel('Search products').first();
    await box.fill('roundup');
    await page.getByRole('option', { name: 'Search for glyphosate' }).waitFor();
    expect(await page.getByRole('option', { name: /Glyphosate/ }).count()).toBeGreaterThan(1);
    await snap(page, 'store-search-suggestions');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/direct/search' && url.searchParams.get('q') === 'roundup');
    await page.getByText('Showing results for glyphosate.').waitFor();
    const results = page.getByRole('list', { name: 'Results for “roundup”' }).getByRole('article');
    await results.first().waitFor();
    expect(await results.first().innerText()).toMatch(/Glyphosate/);
    await context.close();
  });

  it('on a phone, opens the filters in a drawer and keeps Canadian programs out of the US', async () => {
    const context = await openContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/direct/animal_health');
    await page.getByRole('heading', { level: 1, name: 'Animal Health' }).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('presentation').filter({ has: page.getByRole('heading', { name: 'Filters' }) });
    await drawer.getByText('In stock only').waitFor();
    await drawer.getByRole('button', { name: /^Show \d+ products?$/ }).click();
    await snap(page, 'store-category-phone');

    await page.goto('/direct/co-packs');
    await page.getByRole('heading', { name: 'Not available in your region' }).waitFor();
    await page.goto('/en-ca/direct/co-packs');
    await page.getByRole('heading', { level: 1, name: 'Co-packs' }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('article').first().innerText()).toContain('CAD');
    await context.close();
  });
});
