import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// The store's information pages (issue 6, platform.md 2.4) on the real server with the demo catalogue: the feed
// calculator, acre plans (Canada), the house-brand packs, financing options, warehouse locations, resources and the
// terms pages, each opened at desktop and phone width with its main figures checked.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const money = /\$[\d,]+\.\d{2}/;

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}

describe.each(WIDTHS)('store information pages ($name)', ({ name, viewport }) => {
  it('works out feed efficiency and takes a feed’s price from the store', async () => {
    const context = await openContext(browser, { viewport });
    const page = await context.newPage();
    await page.goto('/direct/feed/feed-efficiency');
    await page.getByRole('heading', { level: 1, name: 'Feed efficiency calculator' }).waitFor();
    const fcr = page.getByTestId('fcr');
    await expect.poll(() => fcr.innerText()).toContain('6.86 : 1');
    expect(await page.getByTestId('days').innerText()).toContain('171.4 days');
    expect(await page.getByTestId('cost-of-gain').innerText()).toContain('$0.823 per lb');
    await page.getByLabel('Head count').fill('250');
    await expect.poll(() => page.getByTestId('total-feed').innerText()).toContain('514.29 tons');
    await page.getByRole('radio', { name: 'Use a feed from the store' }).check();
    await page.getByRole('combobox', { name: 'Feed from the store' }).click();
    await page
      .getByRole('option', { name: /Beef Grower 14% Pellet, 2,000 lb tote/ })
      .first()
      .click();
    await expect.poll(() => page.getByLabel('Ration cost per ton').inputValue()).toMatch(/^\d+\.\d{2}$/);
    expect(await page.getByTestId('cost-per-head').innerText()).toMatch(money);
    await snap(page, `store-pages-feed-${name}`);
    await noHorizontalScroll(page);
    await context.close();
  });

  it('plans acres in Canada and keeps acre plans out of the US', async () => {
    const context = await openContext(browser, { viewport });
    const page = await context.newPage();
    await page.goto('/direct/acre-plan');
    await page.getByRole('heading', { name: 'Not available in your region' }).waitFor();
    await page.goto('/en-ca/direct/acre-plan');
    await page.getByRole('heading', { level: 1, name: 'Acre plans' }).waitFor();
    const corn = page.getByRole('link', { name: /Corn: pre-emerge, post and fungicide/ });
    expect(await corn.innerText()).toMatch(/\$[\d,]+\.\d{2} CAD per acre/);
    await snap(page, `store-pages-acre-plans-${name}`);
    await corn.click();
    await page.waitForURL((url) => url.pathname === '/en-ca/direct/acre-plan/corn-pre-post-fungicide');
    await page.getByRole('heading', { level: 1, name: 'Corn: pre-emerge, post and fungicide' }).waitFor();
    const total = page.getByTestId('acre-total');
    await expect.poll(() => total.innerText()).toContain('Total for 160 acres');
    const before = await total.innerText();
    await page.getByLabel('Acres').fill('1,200');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL((url) => url.searchParams.get('acres') === '1200');
    await expect.poll(() => total.innerText()).toContain('Total for 1,200 acres');
    expect(await total.innerText()).not.toBe(before);
    expect(await total.innerText()).toMatch(/\$[\d,]+\.\d{2} CAD/);
    await page.locator('a:visible', { hasText: 'Atrazine 4L' }).first().waitFor();
    await snap(page, `store-pages-acre-plan-${name}`);
    await noHorizontalScroll(page);
    await page.getByLabel('Acres').fill('0');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Enter more than 0 acres.').waitFor();
    await context.close();
  });

  it('shows the house-brand packs under the partner’s word', async () => {
    const context = await openContext(browser, { viewport });
    const page = await context.newPage();
    await page.goto('/direct/granary-pack');
    await page.getByRole('heading', { level: 1, name: 'Granary packs' }).waitFor();
    const herbicides = page.getByRole('link', { name: /Crop Protection\s*Herbicides/ });
    expect(await herbicides.innerText()).toMatch(money);
    await snap(page, `store-pages-brand-packs-${name}`);
    await herbicides.click();
    await page.waitForURL((url) => url.pathname === '/direct/granary-pack/crop-protection-herbicides');
    await page.getByRole('heading', { level: 1, name: 'Granary · Herbicides' }).waitFor();
    expect(await page.getByTestId('pack-price').innerText()).toMatch(money);
    await snap(page, `store-pages-brand-pack-${name}`);
    await noHorizontalScroll(page);
    await context.close();
  });

  it('explains the financing options, lists the warehouses and links the resources and terms', async () => {
    const context = await openContext(browser, { viewport });
    const page = await context.newPage();
    await page.goto('/direct/financing-options');
    await page.getByRole('heading', { level: 1, name: 'Financing and payment options' }).waitFor();
    await page.getByRole('heading', { name: 'Granary financing' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Pre-authorized debit' }).count()).toBe(0);
    await snap(page, `store-pages-financing-${name}`);
    await noHorizontalScroll(page);

    await page.goto('/direct/warehouse-locations');
    await page.getByRole('heading', { level: 1, name: 'Warehouse locations' }).waitFor();
    await page.getByText('3 pickup locations').waitFor();
    await page.getByText('2100 Southeast 5th Street').waitFor();
    await snap(page, `store-pages-warehouses-${name}`);
    await page.goto('/en-ca/direct/warehouse-locations');
    await page.getByText('1 pickup location').waitFor();
    await page.getByText('Saskatoon, SK S7K 6P6').waitFor();

    await page.goto('/direct/resources');
    await page.getByRole('heading', { level: 1, name: 'Resources' }).waitFor();
    expect(await page.getByRole('link', { name: /Acre plans/ }).count()).toBe(0);
    await snap(page, `store-pages-resources-${name}`);
    await page.getByRole('link', { name: /Terms of sale/ }).click();
    await page.waitForURL((url) => url.pathname === '/direct/terms-of-sale');
    await page.getByRole('heading', { level: 1, name: 'Terms of sale' }).waitFor();
    await page.getByText(/every order placed in the Granary store/).waitFor();
    await snap(page, `store-pages-terms-of-sale-${name}`);
    await page.goto('/direct/terms-and-conditions');
    await page.getByRole('heading', { level: 1, name: 'Terms and conditions' }).waitFor();
    await noHorizontalScroll(page);
    await snap(page, `store-pages-terms-${name}`);
    await context.close();
  });
});
