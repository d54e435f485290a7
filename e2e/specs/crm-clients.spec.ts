import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchBrowser, openContext, snap } from '../support/browser.ts';

// /crm/clients and /crm/client/:clientId (issue 4) on the real server and the demo data, as the demo buyer.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The profile opened by the first test (path and query), reused by the others. */
let profileUrl = '';
let clientName = '';

async function openProfile(page: Page) {
  await page.goto(profileUrl);
  await page.getByRole('heading', { level: 1, name: clientName }).waitFor();
}

/** A long phone page in screen-sized parts (the full-page shot is too tall to read), at most `parts`. */
async function snapParts(page: Page, name: string, parts = 6) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()?.width ?? 375;
  for (let part = 0; part * 900 < height && part < parts; part += 1) {
    const clip = { x: 0, y: part * 900, width, height: Math.min(900, height - part * 900) };
    await page.screenshot({ path: `${ARTIFACTS}${name}-part${part}.png`, fullPage: true, clip });
  }
}

function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

describe('client list', () => {
  it('searches as you type and opens a client with its default crop and crop year', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await page.goto('/crm/clients');
    const table = page.getByRole('table', { name: 'Clients' });
    await table.waitFor();
    await page
      .getByText(/\d+ clients/)
      .first()
      .waitFor();
    await snap(page, 'crm-clients-list-1280');

    // The second client on the page: search it by the start of its name.
    const link = table.locator('a[href^="/crm/client/"]').nth(1);
    clientName = (await link.textContent())!.trim();
    const part = clientName.split(' ')[0]!;
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(part.toLowerCase());
    await page.waitForURL((url) => url.searchParams.get('search') === part.toLowerCase());
    await page.getByText(new RegExp(`matching “${part.toLowerCase()}”`)).waitFor();
    const rows = table.getByRole('row');
    await expect
      .poll(async () =>
        (await rows.allTextContents()).slice(1).every((text) => text.toLowerCase().includes(part.toLowerCase())),
      )
      .toBe(true);
    await snap(page, 'crm-clients-search-1280');

    // Nothing matches: a clear empty state.
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('zzqx-no-such-client');
    await page.getByText('No clients match “zzqx-no-such-client”').waitFor();
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(part);
    await table.getByRole('link', { name: clientName, exact: true }).click();

    await page.waitForURL((url) => /^\/crm\/client\/\d+$/.test(url.pathname));
    const url = new URL(page.url());
    expect(url.searchParams.get('commodity')).toMatch(/^[A-Z]{1,3}$/);
    expect(url.searchParams.get('crop_year')).toMatch(/^\d{4}$/);
    expect(url.searchParams.get('market_id')).toMatch(/^\d+$/);
    expect(url.searchParams.get('search')).toBeNull();
    profileUrl = `${url.pathname}${url.search}`;

    await page.getByRole('heading', { level: 1, name: clientName }).waitFor();
    await page.getByText('Contracted with us').waitFor();
    await page.getByText('Double obligation').waitFor();
    for (const chart of ['Breakdown by contract type', 'Contracted vs delivered', 'Average pricing']) {
      await page.getByRole('region', { name: chart }).waitFor();
    }
    // The demo client's default crop year has contracts: the charts are drawn (an SVG surface, axes and a legend).
    await page.locator('.recharts-surface').first().waitFor();
    expect(await page.locator('.recharts-legend-wrapper').count()).toBeGreaterThan(0);
    await page.getByRole('region', { name: 'Notes' }).waitFor();
    await page.getByRole('region', { name: 'Farm details' }).waitFor();
    await snap(page, 'crm-clients-profile-1280');
    // A bar's tooltip names the month and both quantities in the profile's unit.
    const byMonth = page.getByRole('region', { name: 'Contracted vs delivered' });
    await byMonth.locator('.recharts-bar-rectangle').first().hover();
    await byMonth
      .locator('.recharts-tooltip-wrapper')
      .getByText(/\d bu$/)
      .first()
      .waitFor();
    await byMonth.screenshot({ path: `${ARTIFACTS}crm-clients-chart-tooltip.png` });

    // Another crop year from the picker goes to the URL (and so to the profile path).
    await page.getByRole('combobox', { name: 'Crop year' }).click();
    const year = String(Number(url.searchParams.get('crop_year')) - 1);
    await page.getByRole('option', { name: year }).click();
    await page.waitForURL((next) => next.searchParams.get('crop_year') === year);
    await page.getByRole('combobox', { name: 'Crop year' }).filter({ hasText: year }).waitFor();
    await snap(page, 'crm-clients-profile-other-year');
    await context.close();
  });

  it('reads well on a phone (375 px)', async () => {
    const context = await openContext(browser, { as: 'buyer', viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto('/crm/clients');
    await page.getByRole('list', { name: 'Clients' }).waitFor();
    await snap(page, 'crm-clients-list-375');
    await snapParts(page, 'crm-clients-list-375', 4);
    await openProfile(page);
    await page.locator('.recharts-surface').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'crm-clients-profile-375');
    await snapParts(page, 'crm-clients-profile-375');
    await context.close();
  });
});

describe('client profile', () => {
  it('adds a note that survives a reload', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await openProfile(page);
    const text = unique('Called about the spring wheat bid; will haul Monday.');
    const form = page.getByRole('form', { name: 'New note' });
    await form.getByRole('textbox', { name: 'Note' }).fill(text);
    await form.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Outbound call' }).click();
    await form.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('status').filter({ hasText: 'Note added.' }).waitFor();
    const notes = page.getByRole('list', { name: 'Notes, newest first' });
    await notes.getByRole('listitem').filter({ hasText: text }).waitFor();
    await expect.poll(() => form.getByRole('textbox', { name: 'Note' }).inputValue()).toBe('');
    await page.reload();
    await notes.getByRole('listitem').filter({ hasText: text }).filter({ hasText: 'Outbound call' }).waitFor();
    await context.close();
  });

  it('edits a summary field, and keeps it after a reload', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await openProfile(page);
    const farm = page.getByRole('region', { name: 'Farm details' });
    await farm.getByRole('button', { name: 'Edit Estimated storage' }).click();
    const field = farm.getByRole('textbox', { name: 'Estimated storage' });
    await field.fill('-5');
    await farm.getByText('Must not be negative.').waitFor();
    await field.fill('48,250.5');
    await field.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Estimated storage saved.' }).waitFor();
    await farm.getByRole('button', { name: 'Edit Estimated storage' }).filter({ hasText: '48,250.5 bu' }).waitFor();
    await snap(page, 'crm-clients-profile-edited');
    await page.reload();
    await farm.getByRole('button', { name: 'Edit Estimated storage' }).filter({ hasText: '48,250.5 bu' }).waitFor();
    await context.close();
  });

  it('tells a stale editor that someone else saved first (412), shows the current value and keeps the typed one', async () => {
    const first = await openContext(browser, { as: 'buyer' });
    const second = await openContext(browser, { as: 'buyer2' });
    const a = await first.newPage();
    const b = await second.newPage();
    await openProfile(a);
    await openProfile(b);

    // A starts editing; meanwhile B saves another value.
    const farmA = a.getByRole('region', { name: 'Farm details' });
    await farmA.getByRole('button', { name: 'Edit Area' }).click();
    await farmA.getByRole('textbox', { name: 'Area' }).fill('1320');

    const farmB = b.getByRole('region', { name: 'Farm details' });
    await farmB.getByRole('button', { name: 'Edit Area' }).click();
    await farmB.getByRole('textbox', { name: 'Area' }).fill('1275.25');
    await farmB.getByRole('button', { name: 'Save Area' }).click();
    await b.getByRole('status').filter({ hasText: 'Area saved.' }).waitFor();

    await farmA.getByRole('button', { name: 'Save Area' }).click();
    await a
      .getByRole('alert')
      .filter({ hasText: 'Someone else changed this client’s details while you were editing.' })
      .waitFor();
    // Nothing lost: A's value is still in the field, and the value B saved is shown.
    expect(await farmA.getByRole('textbox', { name: 'Area' }).inputValue()).toBe('1320');
    await farmA.getByText('Now saved: 1,275.25 ac').waitFor();
    await snap(a, 'crm-clients-profile-conflict');

    // Saving again now carries the current version and goes through.
    await farmA.getByRole('button', { name: 'Save Area' }).click();
    await a.getByRole('status').filter({ hasText: 'Area saved.' }).waitFor();
    await b.reload();
    await farmB.getByRole('button', { name: 'Edit Area' }).filter({ hasText: '1,320 ac' }).waitFor();
    await first.close();
    await second.close();
  });

  it('tells a stale note editor that someone else changed the note, and keeps the typed text', async () => {
    const first = await openContext(browser, { as: 'buyer' });
    const second = await openContext(browser, { as: 'buyer2' });
    const a = await first.newPage();
    const b = await second.newPage();
    await openProfile(a);
    await openProfile(b);
    const newest = (page: Page) =>
      page.getByRole('list', { name: 'Notes, newest first' }).getByRole('listitem').first();

    await newest(a).getByRole('button', { name: 'Edit note' }).click();
    const mine = unique('My rewrite after the call.');
    await a.getByRole('form', { name: 'Edit note' }).getByRole('textbox', { name: 'Note' }).fill(mine);

    const theirs = unique('Their correction.');
    await newest(b).getByRole('button', { name: 'Edit note' }).click();
    await b.getByRole('form', { name: 'Edit note' }).getByRole('textbox', { name: 'Note' }).fill(theirs);
    await b.getByRole('form', { name: 'Edit note' }).getByRole('button', { name: 'Save note' }).click();
    await b.getByRole('status').filter({ hasText: 'Note saved.' }).waitFor();

    const formA = a.getByRole('form', { name: 'Edit note' });
    await formA.getByRole('button', { name: 'Save note' }).click();
    await formA.getByText('Someone else changed this note while you were editing it.').waitFor();
    await formA.getByText(theirs).waitFor();
    expect(await formA.getByRole('textbox', { name: 'Note' }).inputValue()).toBe(mine);
    await snap(a, 'crm-clients-note-conflict');
    await formA.getByRole('button', { name: 'Save my version' }).click();
    await a.getByRole('status').filter({ hasText: 'Note saved.' }).waitFor();
    await b.reload();
    await newest(b).getByText(mine).waitFor();
    await first.close();
    await second.close();
  });

  it('adds a follow-up from a note and marks it done', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    await openProfile(page);
    const panel = page.getByRole('region', { name: 'Follow-ups' });
    const text = unique('Send the basis contract for signature');

    // From the newest note.
    const notes = page.getByRole('list', { name: 'Notes, newest first' });
    await notes.getByRole('listitem').first().getByRole('button', { name: 'Add a follow-up from this note' }).click();
    const form = panel.getByRole('form', { name: 'New follow-up' });
    await form.getByRole('textbox', { name: 'What to follow up on' }).fill(text);
    await form.getByRole('button', { name: 'Save follow-up' }).click();
    await panel.getByRole('status').filter({ hasText: 'Follow-up added.' }).waitFor();
    const item = panel.getByRole('listitem').filter({ hasText: text });
    await item.waitFor();
    await item.getByText('Due in 7 days').waitFor();
    await snap(page, 'crm-clients-profile-followup');

    await item.getByRole('button', { name: `Mark done: ${text}` }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: `Done: ${text}` })
      .waitFor();
    await expect.poll(() => panel.getByRole('listitem').filter({ hasText: text }).count()).toBe(0);
    await page.reload();
    await page.getByRole('region', { name: 'Follow-ups' }).waitFor();
    await page.getByRole('heading', { level: 1, name: clientName }).waitFor();
    expect(
      await page.getByRole('region', { name: 'Follow-ups' }).getByRole('listitem').filter({ hasText: text }).count(),
    ).toBe(0);
    await context.close();
  });

  it('opens a record of the dashboard’s recent activity highlighted (highlight_id)', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    const marketId = new URL(profileUrl, 'http://x').searchParams.get('market_id');
    const answer = await page.request.get(
      `/api/commodities/merchandising/recent-activity?market_id=${marketId}&limit=50`,
    );
    const { items } = (await answer.json()) as {
      items: { type: string; id: number; clientId: number; clientName: string }[];
    };
    const contract = items.find((item) => item.type === 'contract');
    expect(contract).toBeTruthy();
    await page.goto(`/crm/client/${contract!.clientId}?market_id=${marketId}&highlight_id=${contract!.id}`);
    const card = page.getByRole('region', { name: 'From recent activity' });
    await card.getByText(/^Contract /).waitFor();
    const link = card.getByRole('link', { name: 'Open in contracts' });
    expect(await link.getAttribute('href')).toContain(`highlight_id=${contract!.id}`);
    await snap(page, 'crm-clients-profile-highlight');
    await context.close();
  });

  it('answers another partner’s buyer with a clear not-found state', async () => {
    const context = await openContext(browser, { as: 'prairieBuyer' });
    const page = await context.newPage();
    await page.goto(profileUrl);
    await page.getByText('Client not found').waitFor();
    await page.getByRole('link', { name: 'Back to clients' }).waitFor();
    await snap(page, 'crm-clients-not-found');
    await context.close();
  });
});
