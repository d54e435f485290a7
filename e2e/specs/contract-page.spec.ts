import type { ContractListResponse } from '@granary/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// The contract page end to end (issue 14, decision 042): the buyer opens a contract's page, sends it for signature,
// voids the request and sends it again; the farmer signs it from My Sales Lite with the Sign button; the buyer sees
// it signed on the page.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SEARCH = '/api/commodities/ctrm/contracts/search';

describe('the contract page', () => {
  it('sends, voids and resends; the farmer signs from My Sales Lite; the page shows it signed', async () => {
    const buyer = await openContext(browser, { as: 'buyer' });
    const list = await buyer.request.get(
      `${SEARCH}?${new URLSearchParams({ market_id: '1', predefinedFilter: 'get_signatures', search: 'Fieldman Family Farms', pageSize: '100' })}`,
    );
    expect(list.status()).toBe(200);
    const rows = ((await list.json()) as ContractListResponse).rows;
    // Not the one esign.spec signs (its first unsent): the last unsent, else the last.
    const unsent = rows.filter((r) => r.eSignSent === false);
    const target = unsent.at(-1) ?? rows.at(-1);
    expect(target).toBeTruthy();
    const number = target!.displayContractId!;

    // From the list: the contract number is a link to the page.
    const page = await buyer.newPage();
    await page.goto(
      `/crm/contracts?${new URLSearchParams({ market_id: '1', predefinedFilter: 'get_signatures', search: number, crop_year: String(target!.cropYear) })}`,
    );
    const numberLink = page.getByRole('link', { name: `Open contract ${number}` });
    expect(await numberLink.getAttribute('href')).toBe(`/crm/contracts/${target!.id}`);
    await page.goto(`/crm/contracts/${target!.id}`);
    await page.getByRole('heading', { name: `Contract ${number}`, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Fieldman Family Farms' }).waitFor();
    for (const section of ['Terms', 'Pricing', 'Amendments', 'Deliveries', 'Settlements and payments', 'History'])
      await page.getByRole('region', { name: section }).waitFor();
    const pdf = await buyer.request.get(
      (await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')) as string,
    );
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    const documents = page.getByRole('region', { name: 'Documents and signatures' });
    await documents.getByRole('button', { name: /^(Send for signature|Resend)$/ }).click();
    await documents.getByText(/^Sent for signature on .* by Dana Merchant\.$/).waitFor();
    await documents.getByRole('link', { name: 'Contract PDF' }).first().waitFor();

    // Void: the farmer's link stops working; the contract can be sent again.
    await documents.getByRole('button', { name: 'Void' }).click();
    await page
      .getByRole('dialog', { name: 'Void the signing request?' })
      .getByRole('button', { name: 'Void request' })
      .click();
    await documents.getByText('Eligible for e-signing. Not sent yet.').waitFor();
    await documents.getByRole('button', { name: 'Send for signature' }).click();
    await documents.getByText(/^Sent for signature on .* by Dana Merchant\.$/).waitFor();
    await snap(page, 'contract-page-sent-1280');

    // The farmer, on a phone: the contract's dialog in My Sales Lite offers Sign.
    const farmer = await openContext(browser, { as: 'farmer', viewport: { width: 390, height: 844 } });
    const msl = await farmer.newPage();
    await msl.goto(`/my-sales-lite?contract=${target!.id}`);
    const sign = msl.getByRole('link', { name: `Sign contract ${number}` });
    await sign.first().waitFor();
    await snap(msl, 'contract-page-msl-sign-390');
    await sign.first().click();
    await msl.getByRole('heading', { name: `Sign contract ${number}` }).waitFor();
    await msl.getByLabel(/Your full name/).fill('Sam Fieldman');
    await msl.getByRole('checkbox', { name: /agree to sign it electronically/ }).check();
    await msl.getByRole('button', { name: 'Sign contract' }).click();
    await msl.getByRole('heading', { name: 'Contract signed' }).waitFor();
    await msl.getByRole('link', { name: 'Back to My Sales Lite' }).click();
    await msl.goto(`/my-sales-lite?contract=${target!.id}`);
    await msl.getByRole('dialog').getByText('Fieldman Family Farms').first().waitFor();
    expect(await msl.getByRole('link', { name: `Sign contract ${number}` }).count()).toBe(0);
    expect(await msl.getByRole('dialog').getByText('Needs your signature').count()).toBe(0);

    // The buyer sees it signed on the page.
    await page.reload();
    await page
      .getByRole('region', { name: 'Documents and signatures' })
      .getByText(/^Signed by Sam Fieldman on /)
      .waitFor();
    await page
      .getByRole('region', { name: 'Documents and signatures' })
      .getByRole('link', { name: 'Signed PDF' })
      .waitFor();
    await snap(page, 'contract-page-signed-1280');
    const phone = await openContext(browser, { as: 'buyer2', viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto(`/crm/contracts/${target!.id}`);
    await small.getByRole('heading', { name: `Contract ${number}`, level: 1 }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(small, 'contract-page-390');

    await phone.close();
    await buyer.close();
    await farmer.close();
  });
});
