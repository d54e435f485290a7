import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, signInWithPasswordForm, snap } from '../support/browser.ts';
import { STORY, storyAlertSymbol } from '../support/farmer-story.ts';

// Issue 17's farmer story end to end (decisions 056–058, 016, 017, 045): the farmer signs in to a home that shows a
// contract to sign, signs it, sees the sale in the profit center's summary and sales, sets a price alert that fires
// when the admin's CSV import moves the futures, requests payment for a settled contract, adds a bank account with the
// test provider, and sees the payment arrive once the buyer approves and sends it. The farmer, their farm business and
// grain are global-setup's own (support/farmer-story-seed.ts), so no other spec's data is used or changed.

const PC = '/api/commodities/profit-center';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The admin imports one futures quote through /crm/administrator's CSV import. */
async function importQuote(admin: Page, symbol: string, last: string): Promise<void> {
  await admin.goto('/crm/administrator');
  const section = admin.getByRole('region', { name: 'Futures quotes', exact: true });
  await section.getByTestId('quotes-file').setInputFiles({
    name: 'quotes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`symbol,last\n${symbol},${last}\n`),
  });
  await section.getByRole('button', { name: 'Import quotes' }).click();
  await section.getByText(/^1 quote imported/).waitFor();
}

/** Opens a tab of the profit center from its tab bar. */
async function openTab(page: Page, name: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Profit center sections' }).getByRole('tab', { name }).click();
  await page.waitForURL((url) => url.pathname.startsWith(path));
}

describe('the farmer’s profit center story', () => {
  it('signs, sees the sale, is alerted by the futures, asks to be paid, adds a bank account and sees the payment', async () => {
    const symbol = storyAlertSymbol();
    const context = await openContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // 1. Signs in and lands on the home, which shows the contract waiting for a signature.
    await page.goto('/sign-in/password');
    await signInWithPasswordForm(page, STORY.email, STORY.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: `Good to see you, ${STORY.firstName}` }).waitFor();
    const toSign = page.getByRole('region', { name: 'To sign' });
    const link = toSign.getByRole('link', { name: /^Contract C-\d+ / });
    await link.waitFor();
    expect(await toSign.getByRole('link', { name: /^(Contract|Amendment to contract) / }).count()).toBe(1);
    const number = /Contract (C-\d+)/.exec((await link.textContent()) ?? '')![1]!;
    await snap(page, 'farmer-story-home-to-sign-1280');

    // 2. Signs it.
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith('/profit-center/builtin/sign/'));
    await page.getByRole('heading', { name: `Sign contract ${number}` }).waitFor();
    await page.getByRole('region', { name: 'Contract terms' }).getByText(STORY.farm).first().waitFor();
    await page.getByLabel(/Your full name/).fill(`${STORY.firstName} ${STORY.lastName}`);
    await page.getByRole('checkbox', { name: /agree to sign it electronically/ }).check();
    await page.getByRole('button', { name: 'Sign contract' }).click();
    await page.getByRole('heading', { name: 'Contract signed' }).waitFor();
    await page.getByText(`Thank you. Contract ${number} is signed.`).waitFor();

    // 3. The sale in the summary (both corn contracts against the production estimate) and in the sales, signed.
    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: 'To sign' })
      .getByText('Contracts and amendments your buyer sends for your signature appear here.')
      .waitFor();
    await page.getByRole('link', { name: 'Sales summary' }).click();
    await page.waitForURL((url) => url.pathname === '/profit-center/summary');
    const year = new Date().getUTCFullYear();
    const crop = page.getByRole('listitem', { name: `Corn ${year}` });
    await crop.waitFor();
    const contracted = Number(STORY.toSign.quantity) + Number(STORY.settled.quantity);
    const production = Number(STORY.acres) * Number(STORY.yield);
    const figures = (await crop.textContent()) ?? '';
    expect(figures).toContain(`Production estimate${production.toLocaleString('en-US')} bu`);
    expect(figures).toContain(`Contracted${contracted.toLocaleString('en-US')} bu`);
    expect(figures).toContain(`Delivered${Number(STORY.settled.quantity).toLocaleString('en-US')} bu`);
    expect(figures).toContain(`Sold${((contracted / production) * 100).toFixed(1)}%`);
    expect(figures).toContain(`Left to sell${(production - contracted).toLocaleString('en-US')} bu`);
    await snap(page, 'farmer-story-summary-1280');

    await openTab(page, 'Sales', '/profit-center/sales');
    const card = page.getByRole('list', { name: 'Your contracts' }).getByRole('listitem').filter({ hasText: number });
    await card.getByRole('button', { name: `Open contract ${number}` }).waitFor();
    expect(await card.getByText('Needs your signature').count()).toBe(0);
    await card.getByRole('button', { name: `Open contract ${number}` }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(`Contract ${number}`) });
    await detail
      .getByText(/^Signed /)
      .first()
      .waitFor();
    await snap(page, 'farmer-story-sales-signed-1280');
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'hidden' });

    // 4. A price alert on a futures month; the admin's CSV import moves it over the level and the alert fires.
    await openTab(page, 'Marketing', '/profit-center/marketing');
    await page.getByRole('button', { name: 'New alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'New price alert' });
    // The crop's quoted months are the choices ('Mar 2029 (ZCH29)').
    await dialog.getByRole('combobox', { name: 'Futures contract' }).click();
    await page.getByRole('option', { name: new RegExp(`\\(${symbol}\\)$`) }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByLabel('Level').fill('4.75');
    await dialog.getByRole('button', { name: 'Save alert' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const alert = page.getByRole('listitem').filter({ hasText: `Corn futures ${symbol}` });
    await alert.getByText('Watching').waitFor();

    const adminContext = await openContext(browser, { as: 'admin' });
    const admin = await adminContext.newPage();
    await importQuote(admin, symbol, '4.8000');
    await adminContext.close();
    // The import's quotes-changed job (the server's job worker) judges the alert.
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`${PC}/alerts/corn`);
          const body = (await res.json()) as { alerts: { symbol: string; status: string }[] };
          return body.alerts.find((a) => a.symbol === symbol)?.status;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('triggered');
    await page.reload();
    await alert.getByText('Fired at $4.80/bu').waitFor();
    await snap(page, 'farmer-story-alert-fired-1280');
    await page.getByRole('button', { name: 'Notifications' }).first().click();
    await page.getByText(`Price alert: Corn futures ${symbol} is above $4.75/bu`).first().waitFor();
    await page.keyboard.press('Escape');

    // 5. Requests payment for the settled contract, by ACH (the farm is set up for it).
    await page.goto('/profit-center/payments');
    await page.getByRole('heading', { name: 'Ready to be paid' }).waitFor();
    const choose = page.getByRole('checkbox', { name: /^Choose settlement S-\d+$/ });
    await choose.first().waitFor();
    expect(await choose.count()).toBe(1);
    const settlement = ((await choose.getAttribute('aria-label')) ?? '').replace('Choose settlement ', '');
    // The settlement's net (the grain less the checkoff), as the card shows it: the amount the payment must carry.
    const net = /\$[\d,]+\.\d{2}/.exec(
      (await page
        .getByRole('listitem')
        .filter({ hasText: `Settlement ${settlement}` })
        .textContent()) ?? '',
    )![0];
    await choose.check();
    await page.getByRole('button', { name: 'Request payment (1)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Request payment' });
    await confirm.getByRole('radio', { name: 'ACH (direct deposit)' }).check();
    await confirm.getByRole('button', { name: 'Submit request' }).click();
    await page.getByText('Payment requested.').waitFor();
    const request = page.locator('[data-payment-request-id]').first();
    await request.getByText('Requested', { exact: true }).waitFor();
    await snap(page, 'farmer-story-payment-requested-1280');

    // 6. Adds a bank account with the test provider, verified at once: the farm business's default method.
    await page.goto('/billing');
    const methods = page.getByRole('region', { name: 'Payment methods' });
    await methods.getByRole('button', { name: 'Add bank account' }).click();
    const bank = page.getByRole('dialog', { name: 'Add a bank account' });
    await bank.getByLabel('Account holder name').fill(STORY.farm);
    await bank.getByLabel('Routing number').fill('110000000');
    await bank.getByLabel('Account number').fill('000123456789');
    await bank.getByLabel('How to verify it').click();
    await page.getByRole('option', { name: 'Instantly, through the provider' }).click();
    await bank.getByRole('button', { name: 'Save bank account' }).click();
    await page.getByText('Bank account saved.').waitFor();
    const saved = methods.getByTestId('payment-method').filter({ hasText: 'ending in 6789' });
    await saved.getByText('Default').waitFor();

    // 7. The buyer approves the request on /crm/payments: sent by ACH.
    const buyerContext = await openContext(browser, { as: 'buyer' });
    const buyer = await buyerContext.newPage();
    await buyer.goto('/crm/payments');
    const row = buyer.getByRole('table', { name: 'Payment requests' }).getByRole('row').filter({ hasText: STORY.farm });
    await row.getByRole('button', { name: /^Details/ }).click();
    const drawer = buyer.getByRole('region', { name: /^Payment request \d+$/ });
    await drawer.getByText('Requested', { exact: true }).first().waitFor();
    await drawer.getByRole('button', { name: 'Approve' }).click();
    const approve = buyer.getByRole('dialog', { name: 'Approve payment' });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await buyer.getByText('Payment approved and sent.').waitFor();
    await snap(buyer, 'farmer-story-buyer-sent-1280');
    await buyerContext.close();

    // 8. The payment arrives: on the home's payments sent, which opens the payment history (on its way by ACH, with
    // the day it arrives), and in the billing's payouts.
    await page.goto('/dashboard');
    const sent = page.getByRole('region', { name: 'Payments sent' }).getByRole('link').filter({ hasText: net });
    await sent.getByText('On its way').waitFor();
    await snap(page, 'farmer-story-home-payment-1280');
    await sent.click();
    await page.waitForURL((url) => url.pathname === '/profit-center/payments/history');
    const paid = page.getByRole('region', { name: 'Payment history' }).getByRole('listitem').filter({ hasText: net });
    await paid.getByText(/^On its way: sent .*, arrives /).waitFor();
    expect(await paid.textContent()).toContain('ACH · ');
    await snap(page, 'farmer-story-payment-history-1280');

    await page.goto('/billing');
    const payout = page.getByRole('region', { name: 'Payouts' }).getByRole('row').filter({ hasText: settlement });
    await payout.getByRole('cell', { name: /^Sent · settles / }).waitFor();
    await payout.getByRole('cell', { name: net }).waitFor();
    await snap(page, 'farmer-story-billing-payout-1280');
    await context.close();
  });
});
