import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS, launchBrowser, openContext, snap } from '../support/browser.ts';

// The buyer's dashboard (issue 4) on the real server with the demo data: what a merchandiser sees and can do.

const MERCH = '/api/commodities/merchandising';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Market = { id: number; label: string; entitlements: string[]; userPermissions: string[] };
type TaskList = { counts: { signature_needed: number; pricing_needed: number; delivery_needed: number } };
type FollowupList = {
  rows: { id: number; description: string; clientName: string; daysOverdue: number }[];
  counts: Record<string, number>;
};

/** GET a JSON API path with the page's session. */
async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The buyer's platform id and the markets that offer the dashboard (the page offers exactly these). */
async function dashboardMarkets(page: Page): Promise<{ platformId: number; markets: Market[] }> {
  const bootstrap = await api<{ partnerLegalEntity: { id: number } }>(page, `${MERCH}/bootstrap`);
  const platformId = bootstrap.partnerLegalEntity.id;
  const { markets } = await api<{ markets: Market[] }>(page, `${MERCH}/le/${platformId}/markets?limit_by_user_id=true`);
  return {
    platformId,
    markets: markets.filter((market) => market.entitlements.some((key) => key.endsWith('-dashboard'))),
  };
}

const count = (n: number) => n.toLocaleString('en-US');

async function openDashboard(context: BrowserContext, path = '/crm/dashboard') {
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return page;
}

describe('CRM dashboard', () => {
  it('shows the task list counts of the market and each opens its contract view', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await openDashboard(context);
    const { platformId, markets } = await dashboardMarkets(page);
    const market = markets[0]!;
    // The first dashboard market is chosen and written nowhere else: the selector shows it.
    await expect.poll(() => page.getByRole('combobox', { name: 'Market' }).textContent()).toContain(market.label);
    const tasks = await api<TaskList>(page, `${MERCH}/le/${platformId}/task-list?market_id=${market.id}`);
    const views = {
      signature_needed: 'get_signatures',
      pricing_needed: 'needs_pricing',
      delivery_needed: 'delinquent',
    } as const;
    const labels = {
      signature_needed: 'Signature needed',
      pricing_needed: 'Pricing needed',
      delivery_needed: 'Delivery needed',
    } as const;
    for (const status of Object.keys(views) as (keyof typeof views)[]) {
      const link = page.getByRole('link', {
        name: `${labels[status]}: ${count(tasks.counts[status])} contracts. View contracts`,
      });
      await link.waitFor();
      const href = new URL((await link.getAttribute('href'))!, 'http://x');
      expect(href.pathname).toBe('/crm/contracts');
      expect(href.searchParams.get('predefinedFilter')).toBe(views[status]);
      expect(href.searchParams.get('market_id')).toBe(String(market.id));
    }
    // The help line says what 'delivery needed' counts.
    await page
      .getByRole('link', { name: /^Delivery needed: / })
      .getByText(/in or past their delivery window with bushels still to deliver/)
      .waitFor();
    await page.getByRole('region', { name: 'Recent client activity' }).getByRole('list').waitFor();
    await page.getByTestId('last-updated').waitFor();
    await snap(page, 'crm-dashboard-desktop');

    await page.getByRole('link', { name: /^Pricing needed: / }).click();
    await page.waitForURL((url) => url.pathname === '/crm/contracts');
    const url = new URL(page.url());
    expect(url.searchParams.get('predefinedFilter')).toBe('needs_pricing');
    expect(url.searchParams.get('market_id')).toBe(String(market.id));
    await context.close();
  });

  it('switches market through the selector: market_id in the URL and that market’s counts', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await openDashboard(context);
    const { platformId, markets } = await dashboardMarkets(page);
    expect(markets.length).toBeGreaterThan(1);
    const other = markets[1]!;
    await page.getByRole('combobox', { name: 'Market' }).click();
    await page.getByRole('option', { name: other.label, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('market_id') === String(other.id));
    const tasks = await api<TaskList>(page, `${MERCH}/le/${platformId}/task-list?market_id=${other.id}`);
    const link = page.getByRole('link', {
      name: `Signature needed: ${count(tasks.counts.signature_needed)} contracts. View contracts`,
    });
    await link.waitFor();
    expect(new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get('market_id')).toBe(
      String(other.id),
    );
    // Back returns to the previous market.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('market_id') !== String(other.id));
    await context.close();
  });

  it('marks an upcoming follow-up done: it leaves the list and the count drops by one', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await openDashboard(context);
    const { markets } = await dashboardMarkets(page);
    const market = markets.find((m) => m.userPermissions.includes('notes'))!;
    // A follow-up of our own, due today, so that the test does not depend on which seeded ones exist.
    const { csrf } = await api<{ csrf: string }>(page, '/api/bootstrap');
    const clients = await api<{ rows: { id: number; name: string }[] }>(
      page,
      `${MERCH}/market/${market.id}/le-search?pageSize=5`,
    );
    const client = clients.rows[0]!;
    const today = await api<{ today: string }>(
      page,
      `${MERCH}/le/${(await dashboardMarkets(page)).platformId}/task-list?market_id=${market.id}`,
    );
    const description = `Call back about the spring canola bids ${Date.now()}`;
    const created = await page.request.post(`${MERCH}/followups`, {
      headers: { 'X-CSRF-Token': csrf, 'X-Requested-With': 'XMLHttpRequest' },
      data: { marketId: market.id, clientId: client.id, dueDate: today.today, description },
    });
    expect(created.status()).toBe(201);

    await page.goto(`/crm/dashboard?market_id=${market.id}`);
    const followups = page.getByRole('region', { name: 'Follow-ups' });
    const upcomingTab = followups.getByRole('tab', { name: /^Upcoming/ });
    await upcomingTab.waitFor();
    const before = await api<FollowupList>(page, `${MERCH}/followups?market_id=${market.id}&state=upcoming&pageSize=5`);
    await expect.poll(() => upcomingTab.textContent()).toBe(`Upcoming${count(before.counts.upcoming!)}`);
    // Upcoming follow-ups come soonest first: ours is due today, so it is on the first page.
    const item = followups.getByRole('listitem').filter({ hasText: description });
    await item.waitFor();
    await item.getByText('Due today').waitFor();
    await snap(page, 'crm-dashboard-followups');
    await item.getByRole('button', { name: `Mark done: ${client.name}, ${description}` }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByText(`Follow-up with ${client.name} marked done.`).waitFor();
    await expect.poll(() => upcomingTab.textContent()).toBe(`Upcoming${count(before.counts.upcoming! - 1)}`);
    // The server agrees, and a reload does not bring it back.
    const after = await api<FollowupList>(
      page,
      `${MERCH}/followups?market_id=${market.id}&state=upcoming&pageSize=100`,
    );
    expect(after.rows.some((row) => row.description === description)).toBe(false);
    await page.reload();
    await followups.getByRole('tab', { name: /^Upcoming/ }).waitFor();
    await followups.getByRole('listitem').first().waitFor();
    expect(await followups.getByText(description).count()).toBe(0);
    await context.close();
  });

  it('shows past follow-ups in the under and over 90 days buckets with their counts, and opens the client', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await openDashboard(context);
    const { markets } = await dashboardMarkets(page);
    const market = markets[0]!;
    await page.goto(`/crm/dashboard?market_id=${market.id}`);
    const followups = page.getByRole('region', { name: 'Follow-ups' });
    const api90 = await api<FollowupList>(
      page,
      `${MERCH}/followups?market_id=${market.id}&state=past&age=over&pageSize=10`,
    );
    await followups.getByRole('tab', { name: /^Past/ }).click();
    await expect
      .poll(() => followups.getByRole('tab', { name: /^Past/ }).textContent())
      .toBe(`Past${count(api90.counts.past!)}`);
    const under = followups.getByRole('button', { name: /^Under 90 days/ });
    const over = followups.getByRole('button', { name: /^Over 90 days/ });
    expect(await under.textContent()).toBe(`Under 90 days${count(api90.counts.under90Days!)}`);
    expect(await over.textContent()).toBe(`Over 90 days${count(api90.counts.over90Days!)}`);
    expect(await under.getAttribute('aria-pressed')).toBe('true');

    await over.click();
    const list = followups.getByRole('list', { name: 'Over 90 days' });
    if (api90.rows.length === 0) {
      await followups.getByText('Nothing overdue for 90 days or more').waitFor();
    } else {
      await list.waitFor();
      const first = api90.rows[0]!;
      await list.getByRole('listitem').first().getByText(`${first.daysOverdue} days overdue`).waitFor();
      expect(first.daysOverdue).toBeGreaterThanOrEqual(90);
      await snap(page, 'crm-dashboard-followups-over90');
      await list
        .getByRole('listitem')
        .first()
        .getByRole('link', { name: `Open ${first.clientName}` })
        .click();
      await page.waitForURL((url) => url.pathname.startsWith('/crm/client/'));
      expect(new URL(page.url()).searchParams.get('market_id')).toBe(String(market.id));
    }
    await context.close();
  });

  it('narrows the follow-ups to the buyer’s own with Only mine, counts included', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await openDashboard(context);
    const { markets } = await dashboardMarkets(page);
    const market = markets[0]!;
    const mine = await api<FollowupList>(
      page,
      `${MERCH}/followups?market_id=${market.id}&state=upcoming&assigned=me&pageSize=5`,
    );
    const followups = page.getByRole('region', { name: 'Follow-ups' });
    await followups.getByRole('switch', { name: 'Only mine' }).click();
    await expect
      .poll(() => followups.getByRole('tab', { name: /^Upcoming/ }).textContent())
      .toBe(`Upcoming${count(mine.counts.upcoming!)}`);
    await expect
      .poll(() => followups.getByRole('tab', { name: /^Past/ }).textContent())
      .toBe(`Past${count(mine.counts.past!)}`);
    await context.close();
  });

  it('lists recent client activity newest first, and an item opens its client with the record highlighted', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await openDashboard(context);
    const { markets } = await dashboardMarkets(page);
    const market = markets[0]!;
    const activity = await api<{
      items: { type: string; id: number; clientId: number; clientName: string; at: string }[];
    }>(page, `${MERCH}/recent-activity?market_id=${market.id}&limit=15`);
    expect(activity.items.length).toBeGreaterThan(0);
    const region = page.getByRole('region', { name: 'Recent client activity' });
    const links = region.getByRole('link');
    await links.first().waitFor();
    expect(await links.count()).toBe(activity.items.length);
    const ats = activity.items.map((item) => item.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const first = activity.items[0]!;
    expect(await links.first().getAttribute('aria-label')).toContain(first.clientName);
    await links.first().click();
    await page.waitForURL((url) => url.pathname === `/crm/client/${first.clientId}`);
    const url = new URL(page.url());
    expect(url.searchParams.get('highlight_id')).toBe(String(first.id));
    expect(url.searchParams.get('market_id')).toBe(String(market.id));
    await context.close();
  });

  it('fits a phone (375 px) and a tablet (840 px)', async () => {
    for (const [name, width] of [
      ['mobile', 375],
      ['tablet', 840],
    ] as const) {
      const context = await openContext(browser, { as: 'buyer', viewport: { width, height: 800 } });
      const page = await openDashboard(context);
      await page.getByRole('link', { name: /^Signature needed: / }).waitFor();
      await page.getByRole('region', { name: 'Recent client activity' }).getByRole('list').waitFor();
      await page.getByRole('region', { name: 'Follow-ups' }).getByRole('listitem').first().waitFor();
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await snap(page, `crm-dashboard-${name}`);
      // What the screen shows first, at its real size, and the past follow-ups with their buckets.
      await page.screenshot({ path: `${ARTIFACTS}crm-dashboard-${name}-top.png` });
      const followups = page.getByRole('region', { name: 'Follow-ups' });
      await followups.getByRole('tab', { name: /^Past/ }).click();
      await followups.getByRole('button', { name: /^Over 90 days/ }).waitFor();
      await followups.getByRole('listitem').first().waitFor();
      await followups.screenshot({ path: `${ARTIFACTS}crm-dashboard-${name}-past.png` });
      await context.close();
    }
  });

  it('shows each panel’s own empty and error states, and a retry brings the panel back', async () => {
    const context = await openContext(browser, { as: 'buyer' });
    const page = await context.newPage();
    const failure = {
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'internal', message: 'Something went wrong on our side.' }),
    };
    await page.route('**/merchandising/le/*/task-list*', (route) => route.fulfill(failure));
    await page.route('**/merchandising/recent-activity*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ marketId: 0, items: [] }) }),
    );
    await page.route('**/merchandising/followups*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          rows: [],
          counts: { upcoming: 0, past: 0, under90Days: 0, over90Days: 0 },
          totalCount: 0,
          paginationToken: null,
          page: 1,
          pageSize: 10,
        }),
      }),
    );
    await page.goto('/crm/dashboard');
    const tasks = page.getByRole('region', { name: 'Task list' });
    await tasks.getByText('Could not load the task list.').waitFor();
    await tasks.getByText('Something went wrong on our side.').waitFor();
    await page.getByRole('region', { name: 'Follow-ups' }).getByText('No upcoming follow-ups').waitFor();
    await page.getByRole('region', { name: 'Recent client activity' }).getByText('No recent activity').waitFor();
    await snap(page, 'crm-dashboard-states');
    await page.unroute('**/merchandising/le/*/task-list*');
    await tasks.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('link', { name: /^Signature needed: [\d,]+ contracts/ }).waitFor();
    await context.close();
  });

  it('refuses the dashboard to a farmer', async () => {
    const context = await openContext(browser, { as: 'farmer' });
    const page = await context.newPage();
    await page.goto('/crm/dashboard');
    await page.getByText('You do not have permissions for this action').waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Dashboard' }).count()).toBe(0);
    expect(await page.getByText('Task list').count()).toBe(0);
    await snap(page, 'crm-dashboard-farmer-refused');
    await context.close();
  });
});
