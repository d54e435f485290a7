import { text as streamText } from 'node:stream/consumers';
import { LIST_COLUMN_LABELS, viewDefinition, type ContractListResponse } from '@granary/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// The buyer CRM's contract and delivery lists (issue 4) on the real server and the demo data: tabs, views, filters,
// sorting, paging, URL state, clear filters, highlight, CSV, markets.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SEARCH = '/api/commodities/ctrm/contracts/search';

/** Columns the contract grid starts with hidden (the column chooser shows them): contract-table.tsx, issue 13. */
const HIDDEN_BY_DEFAULT = new Set<string>([
  'contractType',
  'cropYear',
  'contractStatus',
  'deliveryStartIsoStr',
  'averageFutures',
  'cancelledQuantity',
  'priceStatus',
]);

/** The headings a view shows before the user picks columns: its columns less those hidden by default. */
function shownHeadings(view: Parameters<typeof viewDefinition>[0]): string[] {
  return viewDefinition(view)
    .columns.filter((c, index) => index === 0 || !HIDDEN_BY_DEFAULT.has(c))
    .map((c) => LIST_COLUMN_LABELS[c]);
}

function grid(page: Page) {
  return page.getByRole('table', { name: / list$/ });
}

/** Waits until the grid shows the rows of the current URL (not the previous query's rows kept on screen). */
async function settled(page: Page) {
  // The list's frame carries the location it rendered: the rows on screen are those of the URL once it matches.
  await page.waitForFunction(() => {
    const table = document.querySelector('table[aria-busy="false"]');
    const host = table?.closest('[data-location]');
    return host?.getAttribute('data-location') === `${window.location.pathname}${window.location.search}`;
  });
  await page.getByRole('status').filter({ hasText: /\d/ }).waitFor();
}

async function headings(page: Page): Promise<string[]> {
  return (await grid(page).locator('thead th').allInnerTexts()).map((text) => text.trim());
}

/** The texts of one column, by its heading. */
async function column(page: Page, heading: string): Promise<string[]> {
  const index = (await headings(page)).indexOf(heading);
  if (index < 0) throw new Error(`no column ${heading} in ${(await headings(page)).join(', ')}`);
  return (
    await grid(page)
      .locator(`tbody tr td:nth-child(${index + 1})`)
      .allInnerTexts()
  ).map((text) => text.trim());
}

function num(text: string): number {
  return Number(text.replace(/[^0-9.-]/g, ''));
}

function params(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await settled(page);
  return page;
}

async function pickOption(page: Page, combobox: RegExp | string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('CRM contract and delivery lists', () => {
  it('opens each tab and several views with their own columns', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await open(context, '/crm/contracts');
    expect(params(page).get('market_id')).toBe('1');
    const tabs = page.getByRole('tablist', { name: 'Lists' });
    for (const name of ['Contracts', 'Deliveries', 'Contract documents'])
      await tabs.getByRole('tab', { name }).waitFor();
    expect(await headings(page)).toEqual(shownHeadings('default'));
    await snap(page, 'crm-lists-contracts-1280');

    for (const [label, view] of [
      ['Delinquent', 'delinquent'],
      ['MP pricing', 'mp_pricing'],
      ['Needs pricing', 'needs_pricing'],
    ] as const) {
      await page.getByRole('button', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('predefinedFilter') === view);
      await settled(page);
      expect(await page.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed')).toBe('true');
      // The task views end with the rows' in-place actions (Price, Apply tickets; issue 14).
      expect(await headings(page)).toEqual([...shownHeadings(view), 'Actions']);
      expect(await grid(page).locator('tbody tr').count()).toBeGreaterThan(0);
    }
    await snap(page, 'crm-lists-mp-pricing-1280');

    await tabs.getByRole('tab', { name: 'Contract documents' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'contract-documents');
    await settled(page);
    // Needs signature rows end with Send (issue 14).
    expect(await headings(page)).toEqual([...shownHeadings('get_signatures'), 'Actions']);
    await page.getByRole('button', { name: 'Signature mismatch', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('predefinedFilter') === 'signature_mismatch');
    await settled(page);
    expect(await headings(page)).toContain('Amendment #');
    expect(await grid(page).locator('tbody tr').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('shows scale-ticket columns on the deliveries tab, and the unapplied view', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await open(context, '/crm/contracts');
    await page.getByRole('tablist', { name: 'Lists' }).getByRole('tab', { name: 'Deliveries' }).click();
    await page.waitForURL((url) => url.pathname === '/crm/deliveries');
    await settled(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Deliveries');
    const heads = await headings(page);
    for (const name of [
      'Ticket #',
      'Delivery date',
      'Weight',
      'Applied',
      'Unapplied',
      'Moisture',
      'Test weight',
      'Foreign material',
      'Damage',
    ]) {
      expect(heads).toContain(name);
    }
    expect(heads).not.toContain('Contract #');
    expect((await column(page, 'Ticket #'))[0]).toMatch(/^T-\d+/);
    // Option month and contract type do not apply to tickets.
    expect(await page.getByRole('combobox', { name: /Option month/ }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /Contract type/ }).count()).toBe(0);
    await snap(page, 'crm-lists-deliveries-1280');

    await page.getByRole('button', { name: 'Unapplied', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('predefinedFilter') === 'unapplied');
    await settled(page);
    const unapplied = (await column(page, 'Unapplied')).map(num);
    expect(unapplied.length).toBeGreaterThan(0);
    expect(unapplied.every((n) => n > 0)).toBe(true);
    await context.close();
  });

  it('filters by crop and keyword, shows the filter indicator, keeps it on reload, and clears it', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await open(context, '/crm/contracts?market_id=1&predefinedFilter=mp_pricing');
    await pickOption(page, /^Crop(?! year)/, 'Soybeans');
    await page.waitForURL((url) => url.searchParams.get('crop') === '2');
    await settled(page);
    const crops = await column(page, 'Crop');
    expect(crops.length).toBeGreaterThan(0);
    expect(new Set(crops)).toEqual(new Set(['Soybeans']));

    await page.getByRole('searchbox', { name: 'Keyword' }).fill('Premium');
    await page.waitForURL((url) => url.searchParams.get('tag') === 'Premium');
    await settled(page);
    const options = await column(page, 'MP option');
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((text) => text.includes('Premium'))).toBe(true);
    await page.getByText('Filtered', { exact: true }).waitFor();
    const countBefore = await page
      .getByRole('status')
      .filter({ hasText: /contracts?$/ })
      .innerText();

    await page.reload();
    await settled(page);
    expect(params(page).get('tag')).toBe('Premium');
    expect(await page.getByRole('searchbox', { name: 'Keyword' }).inputValue()).toBe('Premium');
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /contracts?$/ })
        .innerText(),
    ).toBe(countBefore);
    expect(new Set(await column(page, 'Crop'))).toEqual(new Set(['Soybeans']));
    await snap(page, 'crm-lists-filtered-1280');

    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => !url.searchParams.has('tag'));
    await settled(page);
    const after = params(page);
    expect([...after.keys()].sort()).toEqual(['market_id']);
    expect(await page.getByText('Filtered', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('searchbox', { name: 'Keyword' }).count()).toBe(1);
    // Clearing drops the view too (it is a predefined filter): back on all contracts.
    expect(await page.getByRole('button', { name: 'All contracts', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await context.close();
  });

  it('shows the no-rows-for-these-filters state with clear filters', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await page.goto('/crm/contracts?market_id=1&search=zz-no-such-contract-zz');
    await page.getByText('No rows match these filters').waitFor();
    await snap(page, 'crm-lists-empty-filtered-1280');
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await settled(page);
    expect(await grid(page).locator('tbody tr').count()).toBe(100);
    await context.close();
  });

  it('sorts a column both ways, sending the sort only for the view', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await open(context, '/crm/contracts?market_id=1');
    const sortButton = page.getByRole('button', { name: 'Sort by Quantity' });
    expect(await sortButton.getAttribute('data-sort')).toBe('none');
    await sortButton.click();
    await page.waitForURL(
      (url) => url.searchParams.get('sort') === 'quantity' && url.searchParams.get('sortOrder') === 'asc',
    );
    await settled(page);
    const ascending = (await column(page, 'Quantity')).map(num);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await page.getByRole('columnheader', { name: /Quantity/ }).getAttribute('aria-sort')).toBe('ascending');

    await sortButton.click();
    await page.waitForURL((url) => url.searchParams.get('sortOrder') === 'desc');
    await settled(page);
    const descending = (await column(page, 'Quantity')).map(num);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBeGreaterThan(ascending[0]!);
    expect(await page.getByRole('columnheader', { name: /Quantity/ }).getAttribute('aria-sort')).toBe('descending');

    // A column the view does not sort by has no sort control.
    expect(await page.getByRole('button', { name: 'Sort by Avg futures' }).count()).toBe(0);
    // A view that sorts by the column keeps the sort; one that does not drops it (section 2).
    await page.getByRole('button', { name: 'Double obligation', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('predefinedFilter') === 'double_obligation');
    await settled(page);
    expect(params(page).get('sort')).toBe('quantity');
    await page.getByRole('button', { name: 'All contracts', exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('predefinedFilter'));
    await settled(page);
    // Crop year starts hidden: the column chooser shows it.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Crop year' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Sort by Crop year' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'cropYear');
    await settled(page);
    const years = (await column(page, 'Crop year')).map(num);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    await page.getByRole('button', { name: 'Delinquent', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('predefinedFilter') === 'delinquent');
    expect(params(page).has('sort')).toBe(false);
    expect(params(page).has('sortOrder')).toBe(false);
    await context.close();
  });

  it('changes the page size, pages with the token, and reload keeps the page', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await open(context, '/crm/contracts?market_id=1');
    expect(await grid(page).locator('tbody tr').count()).toBe(100);
    await pickOption(page, /^Rows per page/, '20');
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '20');
    await settled(page);
    expect(await grid(page).locator('tbody tr').count()).toBe(20);
    const firstPage = await column(page, 'Contract #');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await nav.getByText(/^1–20 of [\d,]+$/).waitFor();

    await nav.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await settled(page);
    expect(params(page).get('paginationToken')).toBeTruthy();
    await nav.getByText(/^21–40 of [\d,]+$/).waitFor();
    const secondPage = await column(page, 'Contract #');
    expect(secondPage).toHaveLength(20);
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);

    await page.reload();
    await settled(page);
    expect(params(page).get('page')).toBe('2');
    expect(await column(page, 'Contract #')).toEqual(secondPage);
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByText(/^21–40 of /)
      .waitFor();

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Previous page' }).click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await settled(page);
    expect(await column(page, 'Contract #')).toEqual(firstPage);
    await context.close();
  });

  it('highlights the highlight_id row and scrolls it into view', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    const response = await page.request.get(`${SEARCH}?market_id=1`);
    const list = (await response.json()) as ContractListResponse;
    const target = list.rows[70]!;
    await page.goto(`/crm/contracts?market_id=1&highlight_id=${target.id}`);
    await settled(page);
    const row = grid(page).locator('tbody tr[aria-current="true"]');
    expect(await row.count()).toBe(1);
    expect(await row.locator('td').first().innerText()).toBe(target.displayContractId);
    await page.waitForFunction(() => {
      const el = document.querySelector('tbody tr[aria-current="true"]');
      const box = el?.closest('.MuiTableContainer-root');
      if (!el || !box) return false;
      const r = el.getBoundingClientRect();
      const c = box.getBoundingClientRect();
      return r.top >= c.top && r.bottom <= c.bottom;
    });
    await snap(page, 'crm-lists-highlight-1280');
    await context.close();
  });

  it('downloads the current view as CSV with the view columns and every row of the query', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await open(context, '/crm/contracts?market_id=1&predefinedFilter=delinquent&pageSize=10');
    const status = await page
      .getByRole('status')
      .filter({ hasText: /contracts?$/ })
      .innerText();
    const total = num(status);
    expect(total).toBeGreaterThan(10);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contracts-delinquent-\d{4}-\d{2}-\d{2}\.csv$/);
    // Read as a stream: the browser is a connection to the setup's Chromium, whose download files are not local paths.
    const text = await streamText(await download.createReadStream());
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(
      viewDefinition('delinquent')
        .columns.map((c) => LIST_COLUMN_LABELS[c])
        .join(','),
    );
    expect(lines).toHaveLength(total + 1);
    // The first data line is the grid's first row.
    const firstId = (await column(page, 'Contract #'))[0]!;
    expect(lines[1]!.startsWith(`${firstId},`)).toBe(true);
    await context.close();
  });

  it('switches market, keeping the view and starting again at page 1', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await open(context, '/crm/contracts?market_id=1&predefinedFilter=to_arrive&pageSize=20');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await settled(page);
    const before = await column(page, 'Contract #');
    await pickOption(page, /^Market/, 'Decatur Terminal');
    await page.waitForURL((url) => url.searchParams.get('market_id') === '2');
    await settled(page);
    expect(params(page).has('page')).toBe(false);
    expect(params(page).has('paginationToken')).toBe(false);
    expect(params(page).get('predefinedFilter')).toBe('to_arrive');
    const after = await column(page, 'Contract #');
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
    // The grid's rows are the market's own.
    const response = await page.request.get(`${SEARCH}?market_id=2&predefinedFilter=to_arrive&pageSize=20`);
    const list = (await response.json()) as ContractListResponse;
    expect(after).toEqual(list.rows.map((row) => row.displayContractId));
    await context.close();
  });

  it('links a client name to the client profile with the list context', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await open(context, '/crm/contracts?market_id=1&highlight_id=1');
    // The row's links: its contract number (the contract page) and its client name (the client profile).
    const links = grid(page).locator('tbody tr').first().getByRole('link');
    expect(await links.first().getAttribute('href')).toMatch(/^\/crm\/contracts\/\d+$/);
    const link = grid(page)
      .locator('tbody tr')
      .first()
      .getByRole('link')
      .filter({ hasNotText: /^C-\d+$/ });
    const href = (await link.getAttribute('href'))!;
    const url = new URL(href, 'http://x');
    expect(url.pathname).toMatch(/^\/crm\/client\/\d+$/);
    expect(url.searchParams.get('market_id')).toBe('1');
    expect(url.searchParams.has('highlight_id')).toBe(false);
    await context.close();
  });

  it('works on a phone: tabs, folded filters, contracts as cards', async () => {
    const context = await openContext(browser, { as: 'buyer', viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto('/crm/contracts?market_id=1&predefinedFilter=needs_pricing');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Below 600 px the rows are cards (issue 13), not a table to scroll sideways.
    const cards = page.getByRole('list', { name: / list$/ }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await page.getByRole('table', { name: / list$/ }).count()).toBe(0);
    expect(await cards.first().innerText()).toMatch(/Client/);
    // The selected view is scrolled into the view row's sight (a full-page screenshot resets that scroll).
    const selected = page.getByRole('button', { name: 'Needs pricing', pressed: true });
    await expect
      .poll(() =>
        selected.evaluate((chip) => {
          const row = chip.parentElement!.getBoundingClientRect();
          const box = chip.getBoundingClientRect();
          return box.left >= row.left - 1 && box.right <= row.right + 1;
        }),
      )
      .toBe(true);
    await snap(page, 'crm-lists-contracts-375');
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('combobox', { name: /Crop year/ }).waitFor();
    await snap(page, 'crm-lists-filters-375');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  for (const width of [1280, 1440]) {
    it(`keeps the contract filters on one line at ${width} px`, async () => {
      const context = await openContext(browser, { as: 'buyer', viewport: { width, height: 900 } });
      const page = await open(context, '/crm/contracts?market_id=3&predefinedFilter=committed');
      const tops = await page
        .getByRole('search', { name: 'Filters' })
        .locator('.MuiTextField-root')
        .evaluateAll((fields) => fields.map((field) => Math.round(field.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThanOrEqual(8);
      expect(new Set(tops).size).toBe(1);
      await snap(page, `crm-lists-committed-${width}`);
      await page.goto('/crm/deliveries?market_id=3');
      await settled(page);
      await snap(page, `crm-lists-deliveries-${width}`);
      await context.close();
    });
  }

  it('keeps another partner out: the prairie buyer sees only its own markets', async () => {
    const context = await openContext(browser, { as: 'prairieBuyer' });
    const page = await open(context, '/crm/contracts?market_id=1');
    expect(params(page).get('market_id')).not.toBe('1');
    expect(await grid(page).locator('tbody tr').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('opens a contract from its number: figures, a partial cancel with its amendment, a note; the list follows', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await open(context, '/crm/contracts?market_id=1&predefinedFilter=to_arrive');
    const firstNumber = (await column(page, LIST_COLUMN_LABELS.displayContractId))[0]!;
    await grid(page)
      .getByRole('link', { name: `Open contract ${firstNumber}` })
      .click();
    const drawer = page.getByRole('dialog', { name: `Contract ${firstNumber}` });
    await drawer.waitFor();
    const undelivered = drawer.getByText('Undelivered', { exact: true }).locator('xpath=following-sibling::*[1]');
    const before = num(await undelivered.innerText());
    expect(before).toBeGreaterThan(100);

    await drawer.getByRole('button', { name: 'Partial cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Partial cancel' });
    await dialog.getByLabel(/Quantity to cancel/).fill(String(before + 1));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // More than is left undelivered: the server refuses, the dialog says why and keeps the input.
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByLabel(/Quantity to cancel/).inputValue()).toBe(String(before + 1));
    await dialog.getByLabel(/Quantity to cancel/).fill('100');
    await dialog.getByLabel(/Reason/).fill('Farmer short on storage');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Contract ${firstNumber} updated`).waitFor();
    await expect.poll(async () => num(await undelivered.innerText())).toBe(before - 100);
    const history = drawer.getByRole('region', { name: 'History' });
    // The history says what happened in words (issue 13), spelled for the page's en-US locale.
    await history
      .getByText(/^Canceled 100(\.00)? bu/)
      .first()
      .waitFor();
    await history.getByText('Farmer short on storage').waitFor();

    await drawer.getByRole('button', { name: 'Add note' }).click();
    const noteDialog = page.getByRole('dialog', { name: 'Add note' });
    await noteDialog.getByLabel(/Note/).fill('Called about moving the delivery to January.');
    await noteDialog.getByRole('button', { name: 'Confirm' }).click();
    await history.getByText('Called about moving the delivery to January.').waitFor();
    await snap(page, 'crm-lists-contract-drawer-1280');

    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    // The list was refreshed: the contract's undelivered quantity is the new one.
    await settled(page);
    await expect
      .poll(async () => {
        const index = (await column(page, LIST_COLUMN_LABELS.displayContractId)).indexOf(firstNumber);
        return num((await column(page, LIST_COLUMN_LABELS.undeliveredQuantity))[index] ?? '');
      })
      .toBe(before - 100);
    await context.close();
  });
});
