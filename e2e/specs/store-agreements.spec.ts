import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// The store agreements (platform.md 2.4) on the real server: the demo farmer finds the agreements from the store
// readiness report, signs the seed technology agreement (the form's checks first), sees it signed, and the report
// then counts it; on a phone the same pages. Screenshots at 1280 and 390.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('store: agreements and the readiness report', () => {
  it('the farmer signs an agreement and the readiness report shows it', async () => {
    const context = await openContext(browser, { as: 'farmer' });
    const page = await context.newPage();

    await page.goto('/direct/onboarding/report');
    await page.getByRole('heading', { level: 1, name: 'Store readiness' }).waitFor();
    const agreementsItem = page.getByRole('listitem', { name: 'Agreements' });
    await agreementsItem.getByText('0 of 4 agreements signed.').waitFor();
    await page
      .getByRole('listitem', { name: 'Applicator license' })
      .getByText(/No license on file/)
      .waitFor();
    expect(await page.getByRole('listitem', { name: 'Farm business profile' }).getAttribute('data-state')).toBe('done');

    // To the partner's '{brand}-agreements' page through the report's link.
    await agreementsItem.getByRole('link', { name: 'Fix: Agreements' }).click();
    await page.waitForURL(/\/direct\/[a-z0-9-]+-agreements$/);
    const seed = page.getByRole('region', { name: 'Seed technology use agreement' });
    await seed.getByText('Not signed').waitFor();
    await snap(page, 'store-agreements-1280');

    await seed.getByRole('link', { name: /Review and sign/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Seed technology use agreement' }).waitFor();
    const form = page.getByRole('form', { name: 'Sign the agreement' });
    await form.getByRole('button', { name: 'Sign agreement' }).click();
    await form.getByText('Type your full name to sign.').waitFor();
    await form.getByText('Tick the box to agree to the terms.').waitFor();
    await form.getByRole('textbox', { name: /Full name/ }).fill('Dale Fieldman');
    await form.getByRole('checkbox', { name: /on behalf of/ }).check();
    await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot keeps the sticky header where it is scrolled
    await snap(page, 'store-agreement-form-1280');
    await form.getByRole('button', { name: 'Sign agreement' }).click();
    await page.getByText(/Signed as "Dale Fieldman" by/).waitFor();
    expect(await page.getByRole('form', { name: 'Sign the agreement' }).count()).toBe(0);

    await page.getByRole('link', { name: 'All agreements' }).click();
    await page
      .getByRole('region', { name: 'Seed technology use agreement' })
      .getByText('Signed', { exact: true })
      .waitFor();
    expect(
      await page
        .getByRole('region', { name: 'Seed technology use agreement' })
        .getByText(/Signed by Dale Fieldman on/)
        .count(),
    ).toBe(1);

    await page.goto('/direct/onboarding/report');
    await page.getByRole('listitem', { name: 'Agreements' }).getByText('1 of 4 agreements signed.').waitFor();
    await snap(page, 'store-onboarding-report-1280');
    await context.close();

    const phone = await openContext(browser, { as: 'farmer', viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto('/direct/onboarding/report');
    await small.getByRole('listitem', { name: 'Agreements' }).getByText('1 of 4 agreements signed.').waitFor();
    await snap(small, 'store-onboarding-report-390');
    await small.getByRole('listitem', { name: 'Agreements' }).getByRole('link', { name: 'Fix: Agreements' }).click();
    const terms = small.getByRole('region', { name: /terms of sale/ });
    await terms.getByText('Not signed').waitFor();
    await snap(small, 'store-agreements-390');
    await terms.getByRole('link', { name: /Review and sign/ }).click();
    await small.getByRole('form', { name: 'Sign the agreement' }).waitFor();
    await small.evaluate(() => window.scrollTo(0, 0));
    await snap(small, 'store-agreement-form-390');
    await phone.close();
  }, 40_000);
});
