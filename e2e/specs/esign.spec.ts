import type { ContractListResponse, SigningUrlsResponse } from '@granary/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// E-signing of a contract end to end (issue 5): the buyer sends it for signature from the contract drawer, the farmer
// opens their signing link (signing/urls) on a phone, signs, lands on Contract signed, and the buyer sees it signed.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SEARCH = '/api/commodities/ctrm/contracts/search';

describe('e-signing a contract', () => {
  it('goes from the buyer’s drawer to the farmer’s signature and back', async () => {
    const buyer = await openContext(browser, { as: 'buyer' });
    // A contract of the demo farmer's farm waiting for a signature (the get_signatures view).
    const list = await buyer.request.get(
      `${SEARCH}?${new URLSearchParams({ market_id: '1', predefinedFilter: 'get_signatures', search: 'Fieldman Family Farms', pageSize: '100' })}`,
    );
    expect(list.status()).toBe(200);
    const rows = ((await list.json()) as ContractListResponse).rows;
    const target = rows.find((r) => r.eSignSent === false) ?? rows[0];
    expect(target).toBeTruthy();
    const number = target!.displayContractId!;

    const page = await buyer.newPage();
    await page.goto(
      `/crm/contracts?${new URLSearchParams({ market_id: '1', predefinedFilter: 'get_signatures', search: number, crop_year: String(target!.cropYear) })}`,
    );
    await page.getByRole('link', { name: `Open contract ${number}` }).click();
    const drawer = page.getByRole('dialog', { name: `Contract ${number}` });
    const section = drawer.getByRole('region', { name: 'E-signature' });
    await section.getByRole('button', { name: /^(Send for signature|Resend)$/ }).click();
    // Every user of the client's farm business with profit center access is asked; team.spec may have added some.
    await section.getByText(/^Sent for signature to \d+ users? of the client\.$/).waitFor();
    await section.getByText(/^Sent for signature on .* by Dana Merchant\.$/).waitFor();
    await section.getByRole('link', { name: 'Contract PDF' }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await snap(page, 'esign-drawer-sent-1280');

    // The e-mailed link works without a session: the anonymous signer sees the partner's plain header (no sign-in).
    const mail = (await (
      await buyer.request.get(
        `/api/dev/mailbox?${new URLSearchParams({ recipient: 'farmer@demo.granary.test', limit: '20' })}`,
      )
    ).json()) as {
      messages: { template: string; text: string }[];
    };
    const mailed = mail.messages
      .filter((m) => m.template === 'contract_signature')
      .map((m) => /\/profit-center\/builtin\/sign\/[0-9a-f]{64}/.exec(m.text)?.[0])[0];
    expect(mailed).toBeTruthy();
    const anonymous = await openContext(browser, { viewport: { width: 390, height: 844 } });
    const mailedPage = await anonymous.newPage();
    await mailedPage.goto(mailed!);
    await mailedPage.getByRole('heading', { name: `Sign contract ${number}` }).waitFor();
    const plain = mailedPage.getByTestId('plain-header');
    await plain.waitFor();
    expect(await plain.getByRole('button').count()).toBe(0);
    await snap(mailedPage, 'esign-signing-anonymous-390');
    await anonymous.close();

    // The farmer, on a phone, opens their signing link.
    const farmer = await openContext(browser, { as: 'farmer', viewport: { width: 390, height: 844 } });
    const urls = (await (
      await farmer.request.get('/api/commodities/profit-center/signing/urls')
    ).json()) as SigningUrlsResponse;
    const link = urls.rows.find((r) => r.contractId === target!.id);
    expect(link?.url).toMatch(/^\/profit-center\/builtin\/sign\/\d+$/);
    // On a desktop the page shows the PDF inline beside the terms.
    const wide = await openContext(browser, { as: 'farmer2' });
    const review = await wide.newPage();
    await review.goto(link!.url);
    const frame = review.frameLocator('iframe[title="Contract PDF"]');
    await review.getByRole('button', { name: 'Sign contract' }).waitFor();
    expect(await review.locator('iframe[title="Contract PDF"]').isVisible()).toBe(true);
    await frame.locator('embed, body').first().waitFor();
    await review.waitForTimeout(500);
    await snap(review, 'esign-signing-1280');
    await wide.close();

    const signing = await farmer.newPage();
    await signing.goto(link!.url);
    await signing.getByRole('heading', { name: `Sign contract ${number}` }).waitFor();
    // A signed-in farmer signs inside My Sales Lite's frame.
    await signing.getByTestId('my-sales-lite-header').waitFor();
    await signing.getByRole('region', { name: 'Contract terms' }).getByText('Fieldman Family Farms').waitFor();
    // The PDF opens on its own on a phone (no inline frame there).
    const pdfHref = await signing.getByRole('link', { name: /Open the contract PDF/ }).getAttribute('href');
    const pdf = await farmer.request.get(pdfHref!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // Nothing sideways on a phone.
    expect(await signing.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(signing, 'esign-signing-390');

    await signing.getByLabel(/Your full name/).fill('Sam Fieldman');
    await signing.getByRole('checkbox', { name: /agree to sign it electronically/ }).check();
    await signing.getByRole('button', { name: 'Sign contract' }).click();
    await signing.getByRole('heading', { name: 'Contract signed' }).waitFor();
    await signing.getByText(`Thank you. Contract ${number} is signed.`).waitFor();
    expect(new URL(signing.url()).pathname).toBe('/profit-center/builtin/contract-signed');
    await snap(signing, 'esign-contract-signed-390');
    await signing.getByRole('link', { name: 'Back to My Sales Lite' }).waitFor();
    const signedPdf = await farmer.request.get(
      (await signing.getByRole('link', { name: 'Open the signed PDF' }).getAttribute('href'))!,
    );
    expect(signedPdf.headers()['content-type']).toBe('application/pdf');

    // The same link again, on a desktop: already signed, with the signed PDF, and no way to sign twice.
    const desktop = await openContext(browser, { as: 'farmer2' });
    const again = await desktop.newPage();
    await again.goto(link!.url);
    await again.getByText('This contract is already signed.').waitFor();
    await again.getByText(/^Signed by Sam Fieldman on /).waitFor();
    expect(await again.getByRole('button', { name: 'Sign contract' }).count()).toBe(0);
    await snap(again, 'esign-signed-link-1280');
    await desktop.close();

    // The buyer sees it signed, with the signed PDF.
    await page.goto(
      `/crm/contracts?${new URLSearchParams({ market_id: '1', predefinedFilter: 'default', search: number, crop_year: String(target!.cropYear) })}`,
    );
    await page.getByRole('link', { name: `Open contract ${number}` }).click();
    const signedSection = page
      .getByRole('dialog', { name: `Contract ${number}` })
      .getByRole('region', { name: 'E-signature' });
    await signedSection.getByText(/^Signed by Sam Fieldman on /).waitFor();
    await signedSection.getByRole('link', { name: 'Signed PDF' }).waitFor();
    await signedSection.scrollIntoViewIfNeeded();
    await snap(page, 'esign-drawer-signed-1280');

    await buyer.close();
    await farmer.close();
  });
});
