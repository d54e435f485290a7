import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, snap, signInWithPasswordForm } from '../support/browser.ts';

// After an order (issue 6), on the real server with the demo history: the farmer signs in from the order history's
// redirect, filters the history, opens an order, writes a review, reorders (the cart grows), opens last year's
// previously purchased products, creates a shopping list, adds a product to it from the product page's 'Add to list'
// and adds the list to the cart.
// Screenshots at 1280 and 390 px.

const FARMER = 'farmer@demo.granary.test';
const PASSWORD = 'granary-demo';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function cartCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/store/cart');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { itemCount: number }).itemCount;
}

const lastYear = new Date().getUTCFullYear() - 1;

describe('store: after an order', () => {
  it('history, details, a review, reorder, previously purchased and a shopping list into the cart', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();

    // Signed out: the history sends the visitor to sign in and back.
    await page.goto('/direct/order-history');
    await page.waitForURL((url) => url.pathname.startsWith('/sign-in'));
    await signInWithPasswordForm(page, FARMER, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/direct/order-history', { timeout: 30_000 });
    const table = page.getByRole('table', { name: 'Order history' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('row').count()).toBe(11); // header + a page of 10
    await snap(page, 'store-orders-history-1280');

    // Filter: delivered orders of last year.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Delivered' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'delivered');
    await page.getByRole('combobox', { name: 'Year' }).click();
    await page.getByRole('option', { name: String(lastYear) }).click();
    await page.waitForURL((url) => url.searchParams.get('year') === String(lastYear));
    await expect
      .poll(
        async () =>
          await table
            .getByRole('cell')
            .filter({ hasText: /^(Picked up|Placed|Canceled|Shipped|Processing)$/ })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(0);
    const rows = table.getByRole('row');
    await expect
      .poll(
        async () =>
          (await rows.allInnerTexts()).slice(1).every((r) => r.includes('Delivered') && r.includes(String(lastYear))),
        { timeout: 10_000 },
      )
      .toBe(true);

    // Search for the summer fungicide order and open it.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.search === '');
    await table.getByRole('row').nth(10).waitFor(); // the unfiltered first page is back before the search is typed
    await page.getByLabel('Order number or product').fill('GS-100014');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'GS-100014');
    await page.getByRole('link', { name: 'View order GS-100014' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/direct/order-history-details/'));
    await page.getByRole('heading', { level: 1, name: 'Order GS-100014' }).waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('Goods subtotal').waitFor();
    expect(await summary.innerText()).toMatch(/Total\s*\$[\d,]+\.\d{2}/);
    await snap(page, 'store-orders-details-1280');

    // Write a review of the first product.
    await page.getByRole('button', { name: 'Write a review' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The stars are labels over visually hidden radios: click the fourth star.
    await dialog.locator('.MuiRating-root label').nth(3).click();
    expect(await dialog.getByLabel('4 Stars').isChecked()).toBe(true);
    await dialog.getByLabel('Headline').fill('Kept the canopy clean');
    await dialog.getByLabel('Your review').fill('Two passes, no tar spot to speak of.');
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Thanks! Your review is saved.').waitFor();
    await page.getByRole('button', { name: 'Edit your review' }).first().waitFor();

    // Reorder: the cart grows.
    const before = await cartCount(page);
    await page.getByRole('button', { name: 'Reorder' }).click();
    await page.getByText(/added to your cart\./).waitFor();
    await expect.poll(() => cartCount(page), { timeout: 10_000 }).toBeGreaterThan(before);

    // Previously purchased, last year.
    await page.getByRole('tab', { name: 'Previously purchased' }).click();
    await page.waitForURL((url) => url.pathname === `/direct/previously-purchased/${lastYear}`);
    await page.getByRole('heading', { level: 1, name: 'Previously purchased' }).waitFor();
    await page
      .getByRole('button', { name: /^Buy again: / })
      .first()
      .waitFor();
    expect(await page.getByText(/bought in \d+ orders?/).count()).toBeGreaterThan(3);
    await snap(page, 'store-orders-purchased-1280');

    // A new shopping list, a product in it, then the list into the cart.
    await page.getByRole('tab', { name: 'Shopping lists' }).click();
    await page.waitForURL((url) => url.pathname === '/direct/shopping-lists');
    await page.getByRole('link', { name: 'Open Spring burndown' }).waitFor();
    await page.getByRole('button', { name: 'New list' }).click();
    await page.getByRole('dialog').getByLabel('List name').fill('Fall herd work');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => /^\/direct\/shopping-lists\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Fall herd work' }).waitFor();
    await page.getByText('This list is empty.', { exact: false }).waitFor();
    // Put a product on it from its product page: 'Add to list' → the new list; the snackbar links back to the list.
    const listId = new URL(page.url()).pathname.split('/').pop()!;
    const spring = (await (await page.request.get('/api/store/shopping-lists')).json()) as {
      lists: { id: string; name: string }[];
    };
    const springList = (await (
      await page.request.get(`/api/store/shopping-lists/${spring.lists.find((l) => l.name === 'Spring burndown')!.id}`)
    ).json()) as { items: { productSlug: string }[] };
    await page.goto(`/direct/product/${springList.items[0]!.productSlug}`);
    await page.getByRole('button', { name: /to a shopping list$/ }).click();
    const menu = page.getByRole('menu', { name: 'Save to a shopping list' });
    const target = menu.getByRole('menuitemcheckbox', { name: /Fall herd work/ });
    await target.waitFor();
    expect(await target.getAttribute('aria-checked')).toBe('false');
    await page.waitForTimeout(400); // the menu's fade
    await snap(page, 'store-orders-save-to-list-1280');
    await target.click();
    await page.getByText('Saved to Fall herd work').waitFor();
    await page.getByRole('link', { name: 'View list' }).click();
    await page.waitForURL((url) => url.pathname === `/direct/shopping-lists/${listId}`);
    await page.getByRole('heading', { level: 1, name: 'Fall herd work' }).waitFor();
    const qty = page.getByLabel(/^Quantity of /).first();
    await qty.waitFor();
    await qty.fill('3');
    await qty.press('Enter');
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`/api/store/shopping-lists/${listId}`)).json()) as {
              items: { quantity: number }[];
            }
          ).items[0]!.quantity,
        { timeout: 10_000 },
      )
      .toBe(3);
    const beforeList = await cartCount(page);
    await page.getByRole('button', { name: 'Add list to cart' }).click();
    await page.getByText('1 product added to your cart.').waitFor();
    await expect.poll(() => cartCount(page), { timeout: 10_000 }).toBe(beforeList + 3);
    await snap(page, 'store-orders-list-1280');
    // The cart sidebar's lines offer 'Save to list' too.
    await page.getByRole('button', { name: /^Open the cart/ }).click();
    await page
      .getByRole('dialog', { name: 'Your cart' })
      .getByRole('button', { name: /to a shopping list$/ })
      .first()
      .waitFor();
    await page.waitForTimeout(400); // the drawer's slide
    await snap(page, 'store-orders-cart-save-1280');
    await page.keyboard.press('Escape');

    await page.goto('/direct/order-readiness');
    await page.getByRole('heading', { level: 1, name: 'Order readiness' }).waitFor();
    await page
      .getByRole('button', { name: /^Mark as done/ })
      .first()
      .waitFor();
    await snap(page, 'store-orders-readiness-1280');
    await context.close();
  });

  it('reads well on a phone: order cards, details, lists', async () => {
    const context = await openContext(browser, { as: 'farmer2', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/direct/order-history');
    const cards = page.getByRole('link', { name: /^View order GS-/ });
    await cards.first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await snap(page, 'store-orders-history-390');
    await cards.first().click();
    await page.getByRole('heading', { level: 1, name: /^Order GS-/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'store-orders-details-390');
    await page.goto(`/direct/previously-purchased/${lastYear}`);
    await page
      .getByRole('button', { name: /^Buy again: / })
      .first()
      .waitFor();
    await snap(page, 'store-orders-purchased-390');
    await page.goto('/direct/shopping-lists');
    await page.getByRole('link', { name: 'Open Spring burndown' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spring burndown' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'store-orders-list-390');
    // The product page's list picker on a phone: the seeded list holding the pack size is checked.
    const held = (await (
      await page.request.get(`/api/store/shopping-lists/${new URL(page.url()).pathname.split('/').pop()}`)
    ).json()) as { items: { productSlug: string; variantLabel: string }[] };
    await page.goto(`/direct/product/${held.items[0]!.productSlug}`);
    await page
      .getByRole('button', {
        name: new RegExp(`^${held.items[0]!.variantLabel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })
      .click();
    const addToList = page.getByRole('button', { name: /to a shopping list$/ });
    await addToList.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'store-orders-product-390');
    await addToList.click();
    const springItem = page
      .getByRole('menu', { name: 'Save to a shopping list' })
      .getByRole('menuitemcheckbox', { name: /Spring burndown/ });
    await expect.poll(() => springItem.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    await page.waitForTimeout(400); // the menu's fade
    await snap(page, 'store-orders-save-to-list-390');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    const cartDialog = page.getByRole('dialog', { name: 'Your cart' });
    await cartDialog.waitFor(); // adding opens the cart
    await cartDialog
      .getByRole('button', { name: /to a shopping list$/ })
      .first()
      .waitFor();
    await cartDialog
      .getByLabel(/^Quantity of /)
      .first()
      .waitFor(); // the line is saved
    await page.waitForTimeout(400); // the drawer's slide
    await snap(page, 'store-orders-cart-save-390');
    await page.keyboard.press('Escape');
    await page.goto('/direct/order-readiness');
    await page.getByRole('heading', { level: 1, name: 'Order readiness' }).waitFor();
    await snap(page, 'store-orders-readiness-390');
    await context.close();
  });
});
