import {
  formatPrice,
  type Offer,
  type OfferListResponse,
  type InstrumentRow,
  type SigningUrlsResponse,
} from '@granary/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type APIRequestContext, type Browser, type BrowserContext } from 'playwright-core';
import { launchBrowser, openContext, snap } from '../support/browser.ts';
import { e2eServer } from '../support/server.ts';

// Issue 5's whole trading flow on the real server and the demo data, in several browsers at once (its 'Done
// means'): the buyer posts a public bid on /crm/bids; an anonymous visitor sees it with its cash price on the
// market's public page; the farmer places an offer on it a few cents above the cash on /my-sales-lite/bids; the
// feed hits the price — the super admin imports a CSV of quotes on /crm/administrator raising the bid's futures, and
// the import's quotes-changed job runs the offers' watcher; the buyer, whose /crm/offers is already open, sees the
// offer turn 'Price hit' without a reload and accepts it; the contract it filled into is sent for signature from
// the CRM contract drawer; the farmer signs through the built-in flow; the buyer sees the contract signed.

const MERCH = '/api/commodities/merchandising';

let browser: Browser;
let visitorBrowser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await visitorBrowser?.close();
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

const started = Date.now();
/** Marks a step of the flow in the output with its time, so a slow or stuck step is plain to see. */
const step = (what: string) => console.log(`[trading-flow] ${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);

/** '$4.01', '$4.33½' as the pages show a cash price (the trade's notation, decision 034). */
const dollars = (value: string) => formatPrice(value);

describe('trading flow', () => {
  it(
    'bid → public page → farmer’s offer → feed hits it → buyer accepts live → contract e-signed',
    { timeout: 180_000 },
    async () => {
      const buyer = await as('buyer');
      const farmer = await as('farmer');
      const admin = await as('admin');

      // 1. The buyer posts a public corn bid with a distinctive delivery period name.
      step('buyer posts the bid');
      const bidsPage = await buyer.newPage();
      await bidsPage.goto('/crm/bids');
      await bidsPage.getByRole('table', { name: 'Corn bids' }).waitFor();
      const name = `Flow ${Date.now().toString(36)}`;
      await bidsPage.getByRole('button', { name: 'New bid' }).click();
      const newBid = bidsPage.getByRole('dialog', { name: 'New bid' });
      await newBid.getByRole('textbox', { name: 'Delivery period name' }).fill(name);
      await newBid.getByRole('textbox', { name: 'Basis (cents per bushel)' }).fill('-31');
      await expect.poll(() => newBid.getByText(/31 under [A-Z] · cash \$\d/).count()).toBe(1);
      await newBid.getByRole('button', { name: 'Post bid' }).click();
      await bidsPage.getByText(`${name} posted.`).waitFor();
      const bidRow = bidsPage.getByRole('row').filter({ hasText: name });
      await bidRow.waitFor();
      expect(await bidRow.textContent()).toContain('Public');
      const bidId = Number(await bidRow.getAttribute('data-bid-id'));
      const bid = await getJson<InstrumentRow>(buyer.request, `${MERCH}/instruments/${bidId}`);
      expect(bid.cashPrice).not.toBeNull();
      expect(bid.futuresSymbol).toBeTruthy();
      const cash = bid.cashPrice!;

      // 2. An anonymous visitor sees it on the market's public page with its cash price.
      step('public page');
      const port = new URL(e2eServer().baseURL).port;
      visitorBrowser = await launchBrowser();
      const visitor = await visitorBrowser.newContext({
        baseURL: `http://demo.localhost:${port}`,
        viewport: { width: 1280, height: 900 },
      });
      const publicPage = await visitor.newPage();
      expect((await publicPage.goto('/market/ames'))?.status()).toBe(200);
      await publicPage.getByRole('heading', { level: 1, name: 'Ames Elevator' }).waitFor();
      const publicRow = publicPage.getByRole('table', { name: 'Corn bids' }).getByRole('row').filter({ hasText: name });
      await publicRow.waitFor();
      expect(await publicRow.textContent()).toContain(dollars(cash));
      await snap(publicPage, 'flow-public-1280');
      await visitor.close();

      // The buyer's offers desk is open from here on: what follows must reach it without a reload.
      const desk = await buyer.newPage();
      await desk.goto('/crm/offers');
      const table = desk.getByRole('table', { name: 'Offers' });
      await table.waitFor();
      expect(await desk.getByRole('combobox', { name: 'Market' }).textContent()).toContain('Ames');
      await desk.getByText('Live', { exact: true }).waitFor();

      // 3. The farmer places an offer on it, 3 cents above the cash.
      step('farmer places the offer');
      const target = (Number(cash) + 0.03).toFixed(2);
      const quantity = String(3000 + (Date.now() % 1000));
      const shown = Number(quantity).toLocaleString('en-US');
      const farmPage = await farmer.newPage();
      await farmPage.goto('/my-sales-lite/bids/ames');
      await farmPage.getByRole('button', { name: `Place offer on Corn ${name}` }).click();
      const place = farmPage.getByRole('dialog', { name: /Place an offer/ });
      await place.getByRole('textbox', { name: 'Quantity (bushels)' }).fill(quantity);
      await place.getByRole('textbox', { name: 'Target cash price' }).fill(target);
      await place.getByRole('button', { name: 'Place offer' }).click();
      await place.waitFor({ state: 'detached' });
      const mine = farmPage
        .getByRole('list', { name: 'My offers' })
        .getByRole('listitem')
        .filter({ hasText: `${shown} bu` });
      await mine.waitFor();
      expect(await mine.textContent()).toContain('Working');

      const deskRow = table.getByRole('row').filter({ hasText: `${shown} bu` });
      await deskRow.waitFor({ timeout: 15_000 });
      expect(await deskRow.textContent()).toContain('Fieldman Family Farms');
      expect(await deskRow.textContent()).toContain('Working');

      // 4. The feed hits the price: the super admin imports the bid's futures 10 cents higher (cash = target + 7¢).
      step('quote import');
      const adminPage = await admin.newPage();
      await adminPage.goto('/crm/administrator');
      const quotes = adminPage.getByRole('region', { name: 'Futures quotes', exact: true });
      await quotes.waitFor();
      const last = (Number(bid.futuresLast) + 0.1).toFixed(4);
      await adminPage.getByTestId('quotes-file').setInputFiles({
        name: 'quotes.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`symbol,last\n${bid.futuresSymbol},${last}\n`),
      });
      await quotes.getByText('quotes.csv · 2 rows').waitFor();
      await quotes.getByRole('button', { name: 'Import quotes' }).click();
      await quotes.getByText('1 quote imported.').waitFor();

      // 5. The open desk shows 'Price hit' without a reload; the buyer accepts it.
      step('price hit and accept');
      await expect.poll(async () => deskRow.textContent(), { timeout: 20_000 }).toContain('Price hit');
      await snap(desk, 'flow-offers-price-hit-1280');
      const acceptCall = desk.waitForResponse(
        (r) => r.request().method() === 'POST' && /\/offer\/\d+\/accept$/.test(new URL(r.url()).pathname),
      );
      await deskRow.getByRole('button', { name: 'Accept' }).click();
      await desk.getByRole('dialog', { name: 'Accept this offer?' }).getByRole('button', { name: 'Accept' }).click();
      expect((await acceptCall).status()).toBe(200);
      // Filled, it leaves the open offers and shows under Filled.
      await deskRow.waitFor({ state: 'detached' });
      await desk.getByRole('button', { name: /^Filled \(\d+\)$/ }).click();
      await table
        .getByRole('row')
        .filter({ hasText: `${shown} bu` })
        .filter({ hasText: 'Filled' })
        .waitFor();

      // The contract it filled into, from the offer.
      const filled = await getJson<OfferListResponse>(
        buyer.request,
        `${MERCH}/offers?${new URLSearchParams({ market_id: String(bid.marketId), status: 'filled', instrument: String(bidId) })}`,
      );
      const offer = filled.rows.find((r: Offer) => Number(r.quantity) === Number(quantity));
      expect(offer?.status).toBe('filled');
      const number = offer!.displayContractId!;
      expect(Number(offer!.targetCashPrice)).toBe(Number(target));
      await expect.poll(async () => mine.textContent(), { timeout: 15_000 }).toContain('Filled');

      // 6. Sent for signature from the CRM contract drawer.
      step('send for signature');
      const contracts = await buyer.newPage();
      const contractsUrl = (filter: string) =>
        `/crm/contracts?${new URLSearchParams({ market_id: String(bid.marketId), predefinedFilter: filter, search: number, crop_year: String(offer!.cropYear) })}`;
      await contracts.goto(contractsUrl('default'));
      await contracts.getByRole('link', { name: `Open contract ${number}` }).click();
      const drawer = contracts.getByRole('dialog', { name: `Contract ${number}` });
      const esign = drawer.getByRole('region', { name: 'E-signature' });
      await esign.getByRole('button', { name: 'Send for signature' }).click();
      // Every user of the client's farm business with profit center access is asked; team.spec may have added some.
      await esign.getByText(/^Sent for signature to \d+ users? of the client\.$/).waitFor();
      await esign.scrollIntoViewIfNeeded();
      await snap(contracts, 'flow-drawer-sent-1280');

      // 7. The farmer opens the signing link, signs and lands on Contract signed.
      step('farmer signs');
      const urls = await getJson<SigningUrlsResponse>(farmer.request, '/api/commodities/profit-center/signing/urls');
      const link = urls.rows.find((r) => r.contractId === offer!.contractId);
      expect(link?.url).toMatch(/^\/profit-center\/builtin\/sign\/\d+$/);
      const signing = await farmer.newPage();
      await signing.goto(link!.url);
      await signing.getByRole('heading', { name: `Sign contract ${number}` }).waitFor();
      await signing.getByLabel(/Your full name/).fill('Sam Fieldman');
      await signing.getByRole('checkbox', { name: /agree to sign it electronically/ }).check();
      await signing.getByRole('button', { name: 'Sign contract' }).click();
      await signing.getByRole('heading', { name: 'Contract signed' }).waitFor();
      await signing.getByText(`Thank you. Contract ${number} is signed.`).waitFor();
      expect(new URL(signing.url()).pathname).toBe('/profit-center/builtin/contract-signed');

      // 8. The buyer sees it signed.
      step('buyer sees it signed');
      await contracts.goto(contractsUrl('default'));
      await contracts.getByRole('link', { name: `Open contract ${number}` }).click();
      const signed = contracts
        .getByRole('dialog', { name: `Contract ${number}` })
        .getByRole('region', { name: 'E-signature' });
      await signed.getByText(/^Signed by Sam Fieldman on /).waitFor();
      await signed.getByRole('link', { name: 'Signed PDF' }).waitFor();
      await signed.scrollIntoViewIfNeeded();
      await snap(contracts, 'flow-drawer-signed-1280');
    },
  );
});
