import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// The applicator page (platform.md 2.4) and the uploader panel (2.10) on the real server: the demo farmer adds an
// applicator licence, attaches a scan (a small PDF made here), sees it completed in the panel and under the licence,
// minimizes and maximizes the panel and clears it; edits the licence; on a phone the same. The farmer ends without
// a licence, as the demo has it (the checkout spec shows the RUP refusal).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

function smallPdf(): Buffer {
  const body =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  return Buffer.from(body, 'latin1');
}

function inDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function addLicence(page: Page, number: string, expiresOn: string) {
  await page.getByRole('button', { name: 'Add license' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an applicator license' });
  await dialog.getByLabel('License holder').fill('Dale Fieldman');
  await dialog.getByLabel('License number').fill(number);
  await dialog.getByRole('combobox', { name: /Issuing state or province/ }).click();
  await page.getByRole('option', { name: 'Iowa' }).click();
  await dialog.getByLabel('Expiry date').fill(expiresOn);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('store: applicator licences and the uploader', () => {
  it('adds a licence, uploads a scan, uses the panel, edits and deletes the licence', async () => {
    const context = await openContext(browser, { as: 'farmer' });
    const page = await context.newPage();
    await page.goto('/direct/applicator');
    await page.getByRole('heading', { level: 1, name: 'Applicator licenses' }).waitFor();
    await page.getByText('No applicator license on file yet.').waitFor();

    await addLicence(page, 'IA-PA-20931', inDays(20));
    const card = page.getByRole('article', { name: 'Dale Fieldman IA-PA-20931' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Iowa');
    await card.getByText('Expires soon').waitFor();
    await card.getByText('No scan attached yet.').waitFor();

    // Attach a scan through the uploader.
    await card
      .locator('input[type=file]')
      .setInputFiles({ name: 'licence-scan.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
    const panel = page.getByRole('region', { name: 'File uploads' });
    await panel.waitFor();
    await panel.getByText('Completed').waitFor();
    expect(await panel.innerText()).toContain('licence-scan.pdf');
    const link = card.getByRole('link', { name: 'Download licence-scan.pdf' });
    await link.waitFor();
    const download = await page.request.get((await link.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect((await download.body()).equals(smallPdf())).toBe(true);
    await snap(page, 'store-applicator-1280');

    // A wrong type is refused in the panel without being sent.
    await card
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await panel.getByText('Failed: Only PDF, PNG and JPEG files can be uploaded.').waitFor();

    // Minimize, maximize, clear.
    await panel.getByRole('button', { name: 'Hide uploads' }).click();
    await panel.getByText('licence-scan.pdf').waitFor({ state: 'detached' });
    await panel.getByText('1 of 2 done').waitFor();
    await panel.getByRole('button', { name: 'Show uploads' }).click();
    await panel.getByText('licence-scan.pdf').waitFor();
    await panel.getByRole('button', { name: 'Clear' }).click();
    await panel.getByText('licence-scan.pdf').waitFor({ state: 'detached' });
    await panel.getByText('notes.txt').waitFor(); // a failed file stays until it is dealt with
    expect(await card.getByRole('link', { name: 'Download licence-scan.pdf' }).count()).toBe(1); // the stored file stays

    // Edit: a later expiry clears the 'Expires soon' chip.
    await card.getByRole('button', { name: 'Edit license IA-PA-20931' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit applicator license' });
    await edit.getByLabel('Expiry date').fill(inDays(400));
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await card.getByText('Valid').waitFor();

    // On a phone.
    const phone = await openContext(browser, { as: 'farmer', viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto('/direct/applicator');
    const phoneCard = small.getByRole('article', { name: 'Dale Fieldman IA-PA-20931' });
    await phoneCard.waitFor();
    await phoneCard
      .locator('input[type=file]')
      .setInputFiles({ name: 'licence-back-side-photo-scan.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
    await small.getByRole('region', { name: 'File uploads' }).getByText('Completed').waitFor();
    await phoneCard.getByRole('link', { name: 'Download licence-back-side-photo-scan.pdf' }).waitFor();
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await snap(small, 'store-applicator-390');
    await small.getByRole('button', { name: 'Edit license IA-PA-20931' }).click();
    const phoneDialog = small.getByRole('dialog', { name: 'Edit applicator license' });
    await phoneDialog.waitFor();
    await small.waitForTimeout(400); // the dialog's opening transition
    await snap(small, 'store-applicator-dialog-390');
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
    await phone.close();

    // Delete it (with its scans): the farmer is back to no licence.
    await page.reload();
    await card.getByRole('button', { name: 'Delete license IA-PA-20931' }).click();
    await page.getByRole('dialog', { name: 'Delete this license?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No applicator license on file yet.').waitFor();
    await context.close();
  });

  it("gives someone else's licences a 404 page", async () => {
    const context = await openContext(browser, { as: 'farmer' });
    const page = await context.newPage();
    await page.goto('/direct/applicator/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001');
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Applicator licenses' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add license' }).count()).toBe(0);
    await context.close();
  });
});
