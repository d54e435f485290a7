import { inflateSync, constants as zlib } from 'node:zlib';
import {
  eventCashPrice,
  formatMoney,
  formatPrice,
  type ContractPageData,
  type InstrumentRow,
  type SettlementDetail,
} from '@granary/domain';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// The grain book end to end (issue 14's 'Done means'): the buyer writes a basis contract (pp: basis fixed, futures
// open — decision 040) for the demo farmer's farm from a bid row on /crm/bids, sets its futures from the live price on
// the contract page and sends it for signature; the farmer signs it in My Sales Lite; the buyer enters a scale ticket
// and applies it to that contract, settles it (create, finalize, the statement PDF); the farmer requests payment by
// check; the buyer approves it and marks the check cashed; the farmer sees it paid. Every step through the pages;
// the API only finds ids and checks results. Its own rows are found by a unique quantity and note, so the order of
// the other specs does not matter.

const MERCH = '/api/commodities/merchandising';
const CLIENT = 'Fieldman Family Farms';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

async function as(account: string, viewport?: { width: number; height: number }): Promise<BrowserContext> {
  const context = await openContext(browser, { as: account, ...(viewport ? { viewport } : {}) });
  contexts.push(context);
  return context;
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Picks a client in a client search (an MUI Autocomplete) by typing part of its name. */
async function pickClient(page: Page, scope: Page | ReturnType<Page['getByRole']>, label: string) {
  const input = scope.getByRole('combobox', { name: label });
  await input.fill('Fieldman');
  await page
    .getByRole('option', { name: new RegExp(`^${CLIENT}`) })
    .first()
    .click();
  expect(await input.inputValue()).toBe(CLIENT);
}

/** Chooses an option of an MUI select field by its label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The text drawn by a pdf-lib PDF (its content streams, inflated; standard fonts draw hex strings). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) continue;
    let ops: string;
    try {
      ops = inflateSync(pdf.subarray(start, end), { finishFlush: zlib.Z_SYNC_FLUSH }).toString('latin1');
    } catch {
      continue;
    }
    for (const t of ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) text += `${Buffer.from(t[1]!, 'hex').toString('latin1')}\n`;
    for (const t of ops.matchAll(/\(((?:[^()\\]|\\.)*)\) Tj/g)) text += `${t[1]}\n`;
  }
  return text;
}

const started = Date.now();
/** Marks a step in the output with its time, so a slow or stuck step is plain to see. */
const step = (what: string) => console.log(`[grain-book] ${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);

describe('the grain book', () => {
  it(
    'bid → basis contract → futures from the live price → signed → ticket applied → settled → paid',
    { timeout: 150_000 },
    async () => {
      const buyer = await as('buyer');
      const farmer = await as('farmer');
      const page = await buyer.newPage();

      // 1. A basis contract (pp) for the farmer's farm from a corn bid row on /crm/bids.
      step('new contract from a bid row');
      await page.goto('/crm/bids');
      const corn = page.getByRole('table', { name: 'Corn bids' });
      await corn.waitFor();
      const newContractButton = page.getByRole('button', { name: /^New contract: / });
      const bidRow = corn.getByRole('row').filter({ has: newContractButton }).first();
      const newContract = bidRow.getByRole('button', { name: /^New contract: / });
      const bidId = Number(await bidRow.getAttribute('data-bid-id'));
      const bid = await getJson<InstrumentRow>(buyer.request, `${MERCH}/instruments/${bidId}`);
      expect(bid.futuresMonth).toBeTruthy();
      await newContract.click();
      const form = page.getByRole('dialog', { name: 'New contract' });
      await form.waitFor();
      await choose(page, form, 'Contract type', 'Pricing program');
      await form.getByText('Pricing program: basis fixed now; futures priced over the pricing period.').waitFor();
      await pickClient(page, form, 'Client');
      // The bid filled in its crop, year, window, futures month and basis.
      expect(await form.getByRole('combobox', { name: 'Crop', exact: true }).textContent()).toBe('Corn');
      expect(await form.getByRole('combobox', { name: 'Crop year' }).textContent()).toBe(String(bid.cropYear));
      expect(await form.getByLabel('Delivery start').inputValue()).toBe(bid.deliveryStart);
      const quantity = 4000 + (Date.now() % 900);
      const note = `Grain book ${Date.now().toString(36)}`;
      await form.getByRole('textbox', { name: 'Quantity (bu)' }).fill(String(quantity));
      const today = new Date().toISOString().slice(0, 10);
      await form.getByLabel('Pricing period start').fill(today);
      await form
        .getByLabel('Pricing period end')
        .fill(bid.deliveryEnd && bid.deliveryEnd > today ? bid.deliveryEnd : today);
      await form.getByRole('textbox', { name: 'Notes on the contract' }).fill(note);
      await snap(page, 'grain-book-new-contract-1280');
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      // Saved, the contract's page opens.
      await page.waitForURL(/\/crm\/contracts\/\d+$/);
      const contractId = Number(new URL(page.url()).pathname.split('/').at(-1));
      const heading = page.getByRole('heading', { level: 1, name: /^Contract C-/ });
      await heading.waitFor();
      const number = (await heading.textContent())!.replace('Contract ', '').trim();

      // 2. Futures set from the live price: the whole quantity becomes priced (cash = futures + basis).
      step(`futures set on ${number}`);
      const pricing = page.getByRole('region', { name: 'Pricing', exact: true });
      await pricing.getByRole('button', { name: 'Pricing', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Futures set' }).click();
      const futures = page.getByRole('dialog', { name: `Futures set · ${number}` });
      await futures.getByText(new RegExp(`Open to it: ${quantity.toLocaleString('en-US')} `)).waitFor();
      await futures.getByRole('button', { name: 'Use live price' }).click();
      await futures.getByText(/^Live price .* — the price at the moment you save is used\.$/).waitFor();
      await snap(page, 'grain-book-futures-set-1280');
      await futures.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Futures set saved on ${number}.`).waitFor();
      await futures.waitFor({ state: 'detached' });
      const priced = await getJson<ContractPageData>(buyer.request, `/api/commodities/ctrm/contracts/${contractId}`);
      expect(priced.contract.priceStatus).toBe('priced');
      expect(priced.contract.contractType).toBe('pp');
      // The pricing shows the cash the futures made (futures + basis).
      const cash = formatPrice(eventCashPrice(priced.pricingEvents[0]!)!);
      await pricing.getByRole('row').filter({ hasText: cash }).waitFor();

      // 3. Sent for signature from the page.
      step('send for signature');
      const documents = page.getByRole('region', { name: 'Documents and signatures' });
      await documents.getByRole('button', { name: 'Send for signature' }).click();
      await documents.getByText(/^Sent for signature on .* by Dana Merchant\.$/).waitFor();
      await snap(page, 'grain-book-contract-sent-1280');

      // 4. The farmer, on a phone, signs it in My Sales Lite with Sign.
      step('farmer signs');
      const phone = await as('farmer2', { width: 390, height: 844 });
      const msl = await phone.newPage();
      await msl.goto(`/my-sales-lite?contract=${contractId}`);
      const sign = msl.getByRole('link', { name: `Sign contract ${number}` });
      await sign.first().waitFor();
      await snap(msl, 'grain-book-msl-sign-390');
      await sign.first().click();
      await msl.getByRole('heading', { name: `Sign contract ${number}` }).waitFor();
      await msl.getByLabel(/Your full name/).fill('Sam Fieldman');
      await msl.getByRole('checkbox', { name: /agree to sign it electronically/ }).check();
      await msl.getByRole('button', { name: 'Sign contract' }).click();
      await msl.getByRole('heading', { name: 'Contract signed' }).waitFor();
      await page.reload();
      await documents.getByText(/^Signed by Sam Fieldman on /).waitFor();

      // 5. A scale ticket for the farm, applied to this contract (whatever FIFO would choose).
      step('scale ticket');
      await page.goto('/crm/deliveries?market_id=1&predefinedFilter=unapplied');
      await page.getByRole('button', { name: 'New ticket' }).click();
      const ticketForm = page.getByRole('dialog', { name: 'New scale ticket' });
      await pickClient(page, ticketForm, 'Client');
      await choose(page, ticketForm, 'Crop', 'Corn');
      await ticketForm.getByRole('textbox', { name: 'Crop year' }).fill(String(bid.cropYear));
      await ticketForm.getByRole('textbox', { name: 'Gross weight' }).fill('140000');
      await ticketForm.getByRole('textbox', { name: 'Tare weight' }).fill('30000');
      await ticketForm.getByRole('textbox', { name: 'Moisture' }).fill('15.5');
      await ticketForm.getByRole('textbox', { name: 'Test weight' }).fill('56');
      await ticketForm.getByRole('textbox', { name: 'Foreign material' }).fill('1');
      await ticketForm.getByRole('textbox', { name: 'Damage' }).fill('0');
      await ticketForm.getByText('Gross bushels').first().waitFor();
      await snap(page, 'grain-book-ticket-1280');
      await ticketForm.getByRole('button', { name: 'Save ticket' }).click();
      const saved = page.getByText(/^Ticket T-\d+ saved$/);
      await saved.waitFor();
      const ticket = (await saved.textContent())!.replace(/^Ticket /, '').replace(/ saved$/, '');
      await ticketForm.waitFor({ state: 'detached' });

      step(`apply ${ticket} to ${number}`);
      await page.goto(`/crm/deliveries?market_id=1&predefinedFilter=unapplied&search=${ticket}`);
      await page.getByRole('button', { name: `Apply ticket ${ticket}` }).click();
      const applyDialog = page.getByRole('dialog', { name: 'Apply ticket' });
      const contractsOf = applyDialog.getByRole('table', { name: `Open contracts for ticket ${ticket}` });
      await contractsOf.waitFor();
      const line = (await applyDialog
        .getByText(/bu unapplied$/)
        .first()
        .textContent())!;
      const net = /([\d,]+(?:\.\d+)?) bu unapplied$/.exec(line)![1]!.replace(/,/g, '');
      // Everything to this contract, nothing to the others FIFO may have proposed.
      for (const input of await contractsOf.getByRole('textbox').all()) {
        const label = (await input.getAttribute('aria-label'))!;
        await input.fill(label === `Bushels of ${ticket} to ${number}` ? net : '0');
      }
      await snap(page, 'grain-book-apply-1280');
      await applyDialog.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.getByText('1 application made').waitFor();
      await page.goto(`/crm/contracts/${contractId}`);
      await page.getByRole('region', { name: 'Deliveries' }).getByText(ticket).first().waitFor();

      // 6. The settlement: New settlement → the farm → this contract → Create, Finalize; the statement.
      step('settlement');
      await page.goto('/crm/settlements');
      await page.getByRole('button', { name: 'New settlement' }).click();
      const newSettlement = page.getByRole('dialog', { name: 'New settlement' });
      await pickClient(page, newSettlement, 'Client');
      await newSettlement.getByRole('checkbox', { name: new RegExp(`^${number} `) }).check();
      await newSettlement.getByRole('region', { name: 'Preview' }).getByText(ticket).first().waitFor();
      await snap(page, 'grain-book-settlement-preview-1280');
      await newSettlement.getByRole('button', { name: 'Create settlement' }).click();
      const created = page.getByText(/^Settlement S-[\w-]+ created as a draft\.$/);
      await created.waitFor();
      const settlementNumber = /Settlement (S-[\w-]+) created/.exec((await created.textContent())!)![1]!;
      const drawer = page.getByRole('region', { name: 'Settlement', exact: true });
      await drawer.getByRole('heading', { name: settlementNumber }).waitFor();
      await drawer.getByRole('button', { name: 'Finalize' }).click();
      await page.getByText('Settlement finalized.').waitFor();
      await drawer.getByText('Final', { exact: true }).first().waitFor();
      await snap(page, 'grain-book-settlement-final-1280');
      const statementHref = (await drawer.getByRole('link', { name: 'Download statement' }).getAttribute('href'))!;
      const statement = await buyer.request.get(statementHref);
      expect(statement.status()).toBe(200);
      expect(statement.headers()['content-type']).toBe('application/pdf');
      const pdf = await statement.body();
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const settlementId = Number(/settlements\/(\d+)\/statement/.exec(statementHref)![1]);
      const settlement = await getJson<SettlementDetail>(buyer.request, `${MERCH}/settlements/${settlementId}`);
      expect(settlement.status).toBe('final');
      expect(settlement.contracts.map((c) => c.displayContractId)).toEqual([number]);
      const text = pdfText(pdf);
      expect(text).toContain(settlementNumber);
      expect(text).toContain(formatMoney(settlement.net));

      // 7. The farmer requests payment for it, by check.
      step('farmer requests payment');
      const farm = await farmer.newPage();
      await farm.goto('/my-sales-lite/payments');
      await farm.getByRole('heading', { name: 'Ready to be paid' }).waitFor();
      await farm.getByRole('checkbox', { name: `Choose settlement ${settlementNumber}` }).check();
      await farm.getByRole('button', { name: 'Request payment (1)' }).click();
      const confirm = farm.getByRole('dialog', { name: 'Request payment' });
      const check = confirm.getByRole('radio', { name: 'Check' });
      if ((await check.count()) > 0) await check.check();
      await snap(farm, 'grain-book-request-payment-1280');
      await confirm.getByRole('button', { name: 'Submit request' }).click();
      await farm.getByText('Payment requested.').waitFor();

      // 8. The buyer approves it with a check number and marks the check cashed.
      step('buyer approves and marks paid');
      await page.goto('/crm/payments');
      const table = page.getByRole('table', { name: 'Payment requests' });
      await table.waitFor();
      const row = table.getByRole('row').filter({ hasText: number });
      await row.getByRole('button', { name: /^Details/ }).click();
      const payment = page.getByRole('region', { name: /^Payment request \d+$/ });
      await payment.getByText('Requested', { exact: true }).first().waitFor();
      await payment.getByRole('button', { name: 'Approve' }).click();
      const approve = page.getByRole('dialog', { name: 'Approve payment' });
      const checkNumber = String(30000 + (Date.now() % 10000));
      await approve.getByLabel('Check number (optional)').fill(checkNumber);
      await approve.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Payment approved and sent.').waitFor();
      await payment.getByText(`Check no. ${checkNumber}`, { exact: false }).waitFor();
      await payment.getByRole('button', { name: 'Mark check cashed' }).click();
      await page.getByRole('dialog', { name: 'Mark paid' }).getByRole('button', { name: 'Mark check cashed' }).click();
      await page.getByText('Payment marked paid.').waitFor();
      await payment.getByText('Paid', { exact: true }).first().waitFor();
      await snap(page, 'grain-book-payment-paid-1280');

      // 9. The farmer sees it paid (on a phone too).
      step('farmer sees it paid');
      await farm.reload();
      const card = farm.locator('[data-payment-request-id]').filter({ hasText: number });
      await card.getByText('Paid', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'History' }).click();
      await card.getByText(/Check cashed/).waitFor();
      await snap(farm, 'grain-book-farmer-paid-1280');
      await msl.goto('/my-sales-lite/payments');
      await msl
        .locator('[data-payment-request-id]')
        .filter({ hasText: number })
        .getByText('Paid', { exact: true })
        .waitFor();
      expect(await msl.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await snap(msl, 'grain-book-farmer-paid-390');

      // The contract page shows it all: delivered, its settlement and its payment.
      await page.goto(`/crm/contracts/${contractId}`);
      const section = page.getByRole('region', { name: 'Settlements and payments' });
      await section.getByText(settlementNumber).first().waitFor();
      await snap(page, 'grain-book-contract-page-1280');
      step('done');
    },
  );
});
