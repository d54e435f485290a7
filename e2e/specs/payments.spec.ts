import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// Payments end to end (issue 14, decision 045): the farmer asks to be paid for a final settlement by check from
// My Sales Lite; the buyer approves it on /crm/payments with the check number and marks the check cashed; the farmer
// sees it paid, with its history.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('payments', () => {
  it('the farmer requests payment, the buyer approves and marks the check cashed, the farmer sees it paid', async () => {
    const farmer = await (await openContext(browser, { as: 'farmer' })).newPage();
    await farmer.goto('/my-sales-lite/payments');
    await farmer.getByRole('heading', { name: 'Ready to be paid' }).waitFor();
    const choose = farmer.getByRole('checkbox', { name: /^Choose settlement S-/, disabled: false }).first();
    const label = (await choose.getAttribute('aria-label'))!;
    const settlement = label.replace('Choose settlement ', '');
    await choose.check();
    await farmer.getByRole('button', { name: /^Request payment \(1\)/ }).click();
    const confirm = farmer.getByRole('dialog', { name: 'Request payment' });
    await confirm.getByRole('radio', { name: 'Check' }).check();
    await confirm.getByRole('button', { name: 'Submit request' }).click();
    await farmer.getByText('Payment requested.').waitFor();
    await farmer.getByRole('checkbox', { name: label }).waitFor({ state: 'detached' });

    const buyer = await (await openContext(browser, { as: 'buyer' })).newPage();
    await buyer.goto('/crm/payments');
    const table = buyer.getByRole('table', { name: 'Payment requests' });
    await table.waitFor();
    const row = table
      .getByRole('row')
      .filter({ hasText: 'Fieldman Family Farms' })
      .filter({ hasText: 'Check' })
      .first();
    await row.getByRole('button', { name: /^Details/ }).click();
    const drawer = buyer.getByRole('region', { name: /^Payment request \d+$/ });
    await drawer.getByText('Requested', { exact: true }).first().waitFor();
    await drawer.getByRole('button', { name: 'Approve' }).click();
    const approve = buyer.getByRole('dialog', { name: 'Approve payment' });
    await approve.getByLabel('Check number (optional)').fill('20417');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await buyer.getByText('Payment approved and sent.').waitFor();
    await drawer.getByText('Check no. 20417', { exact: false }).waitFor();
    await drawer.getByRole('button', { name: 'Mark check cashed' }).click();
    await buyer.getByRole('dialog', { name: 'Mark paid' }).getByRole('button', { name: 'Mark check cashed' }).click();
    await buyer.getByText('Payment marked paid.').waitFor();
    await drawer.getByText('Paid', { exact: true }).first().waitFor();
    await snap(buyer, 'payments-buyer-paid');

    // Newest first: the request just paid.
    await farmer.reload();
    const card = farmer.locator('[data-payment-request-id]').first();
    await card.getByText('Paid', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'History' }).click();
    await card.getByText(/Check cashed/).waitFor();
    await snap(farmer, `payments-farmer-paid-${settlement}`);
  });
});
