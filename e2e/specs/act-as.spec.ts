import type { Browser, BrowserContext } from 'playwright-core';
import type { StoreListing } from '@granary/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../apps/server/src/seed/demo.ts';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// Acting as a user, visibly (issue 16's 'Done means'): a staff user finds the demo farmer by e-mail, acts as them
// read-only, sees the banner on the farmer's store, is refused a write (adding to the cart) with the reason on the
// page, and Stop returns to the farmer's admin page. Screenshots of the banner at 1280 and 390 px.

const READ_ONLY = 'You are acting as another user with read-only access.';

let browser: Browser;
let staff: BrowserContext | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // Never leave the shared staff session acting as someone, whatever happened above.
  if (staff) {
    const csrf = ((await (await staff.request.get('/api/bootstrap')).json()) as { csrf: string }).csrf;
    await staff.request.delete('/api/auth/act-as', { headers: { 'X-CSRF-Token': csrf } });
    await staff.close();
  }
  await browser?.close();
});

describe('acting as a user', () => {
  it('a staff user acts as a farmer read-only: banner on every page, a write refused, Stop back to admin', async () => {
    // The farmer's id, as their own bootstrap says it.
    const farmer = await openContext(browser, { as: 'farmer2' });
    const farmerBoot = (await (await farmer.request.get('/api/bootstrap')).json()) as { user: { id: string } };
    await farmer.close();
    const farmerId = farmerBoot.user.id;

    staff = await openContext(browser, { as: 'admin2' });
    const page = await staff.newPage();
    // The staff user finds the farmer through the users search, as support does.
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(DEMO_ACCOUNTS.farmer);
    await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: 'Sam Fieldman' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/users/${farmerId}`);
    await page.getByRole('heading', { name: 'Sam Fieldman', level: 1 }).waitFor();
    const panel = page.getByRole('region', { name: 'Act as this user' });
    await panel.getByRole('radio', { name: /^Read-only/ }).check();
    await panel.getByRole('button', { name: 'Act as Sam Fieldman' }).click();

    // The app runs as the farmer, under the banner.
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    const banner = page.getByRole('region', { name: 'Acting as another user' });
    await banner.getByText('Acting as Sam Fieldman — read-only').waitFor();
    await banner.getByText('You are Alex Admin').waitFor();
    await snap(page, 'act-as-home-1280');

    // A store page (another header): the banner is there too, and adding to the cart is refused, with the reason.
    const listing = (await (
      await page.request.get('/api/store/products?locale=en-us&pageSize=48')
    ).json()) as StoreListing;
    const product = listing.products.find((p) => p.price && !p.restrictedUse);
    expect(product).toBeDefined();
    await page.goto(`/direct/product/${product!.slug}`);
    await page.getByRole('heading', { level: 1, name: product!.name }).waitFor();
    await banner.getByText('Acting as Sam Fieldman — read-only').waitFor();
    const refused = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/store/cart/changes' && r.request().method() === 'POST',
    );
    await page.getByLabel('Selected pack size').getByRole('button', { name: 'Add to cart' }).click();
    expect((await refused).status()).toBe(403);
    await page.getByText(READ_ONLY).first().waitFor();
    await snap(page, 'act-as-store-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Escape');
    await banner.getByRole('button', { name: 'Stop' }).waitFor();
    await snap(page, 'act-as-store-390');

    // Stop: back to the admin's page of the farmer, as the admin.
    await banner.getByRole('button', { name: 'Stop' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/users/${farmerId}`);
    await page.getByRole('heading', { name: 'Sam Fieldman', level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    const boot = (await (await page.request.get('/api/bootstrap')).json()) as { user: { actingAs?: unknown } };
    expect(boot.user.actingAs ?? null).toBeNull();
  });
});
