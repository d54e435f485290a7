import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CrmMarketRow, FollowupListResponse, FollowupRow, RecentActivityResponse } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { BOOTSTRAP, crmMarket, followupRow } from '../test-fixtures';

// The test partner's short name is 'Prairie': its dashboard entitlement is 'prairie-dashboard'.
const market = (id: number, displayName: string, extra: Partial<CrmMarketRow> = {}): CrmMarketRow =>
  crmMarket(id, displayName, {
    userPermissions: ['dashboard', 'contracts', 'contract_documents', 'notes', 'profile'],
    entitlements: ['prairie-dashboard', 'grain-buying-contracts'],
    ...extra,
  });

const MARKETS = [
  market(10, 'Ames Elevator'),
  market(11, 'Boone Terminal'),
  market(12, 'Cedar Bids Only', { userPermissions: ['instruments'], entitlements: ['grain-buying-bids'] }),
];

const followup = followupRow;

type Reply = { status: number; body?: unknown };
type Call = { url: URL; method: string; body: unknown };

/** A fake CRM server: the merchandising calls of the dashboard, each overridable; everything else 404. */
function serveCrm(
  options: {
    markets?: CrmMarketRow[];
    taskList?: (marketId: string) => Reply;
    followups?: (url: URL) => Reply;
    activity?: (marketId: string) => Reply;
    patch?: (id: string, body: unknown) => Reply;
  } = {},
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const path = url.pathname.replace('/api/commodities/merchandising', '');
    const marketId = url.searchParams.get('market_id') ?? '';
    let reply: Reply = { status: 404, body: { code: 'not_found', message: 'Not found' } };
    if (path === '/bootstrap') reply = { status: 200, body: BOOTSTRAP };
    else if (path === '/le/1/markets')
      reply = { status: 200, body: { markets: options.markets ?? MARKETS, adminPermissions: {}, isAdmin: false } };
    else if (path === '/le/1/task-list')
      reply = options.taskList?.(marketId) ?? {
        status: 200,
        body: {
          marketId: Number(marketId),
          today: '2026-11-22',
          counts:
            marketId === '11'
              ? { signature_needed: 3, pricing_needed: 0, delivery_needed: 1 }
              : { signature_needed: 49, pricing_needed: 1234, delivery_needed: 117 },
        },
      };
    else if (path === '/followups' && method === 'GET')
      reply = options.followups?.(url) ?? { status: 200, body: followupPage([]) };
    else if (path.startsWith('/followups/') && method === 'PATCH')
      reply = options.patch?.(path.split('/')[2]!, calls.at(-1)!.body) ?? {
        status: 200,
        body: followup(Number(path.split('/')[2])),
      };
    else if (path === '/recent-activity')
      reply = options.activity?.(marketId) ?? { status: 200, body: { marketId: Number(marketId), items: [] } };
    else if (path === '/last-updated')
      reply = {
        status: 200,
        body: {
          marketId: Number(marketId),
          contracts: '2026-11-20T15:04:00.000Z',
          scaleTickets: null,
          notes: '2026-11-21T09:30:00.000Z',
          lastUpdated: '2026-11-21T09:30:00.000Z',
        },
      };
    return Promise.resolve(
      new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const COUNTS = { upcoming: 2, past: 5, under90Days: 3, over90Days: 2 };
function followupPage(
  rows: FollowupRow[],
  counts = COUNTS,
  paginationToken: string | null = null,
  page = 1,
): FollowupListResponse {
  return { rows, counts, totalCount: rows.length, paginationToken, page, pageSize: 10 };
}

afterEach(() => vi.restoreAllMocks());

describe('CRM dashboard', () => {
  it('shows the task list counts, each linking to its contract view at the selected market', async () => {
    renderApp('/crm/dashboard?market_id=10', 'buyer');
    serveCrm();
    const signature = await screen.findByRole('link', { name: 'Signature needed: 49 contracts. View contracts' });
    expect(signature.getAttribute('href')).toBe('/crm/contracts?predefinedFilter=get_signatures&market_id=10');
    expect(
      screen.getByRole('link', { name: 'Pricing needed: 1,234 contracts. View contracts' }).getAttribute('href'),
    ).toBe('/crm/contracts?predefinedFilter=needs_pricing&market_id=10');
    const delivery = screen.getByRole('link', { name: 'Delivery needed: 117 contracts. View contracts' });
    expect(delivery.getAttribute('href')).toBe('/crm/contracts?predefinedFilter=delinquent&market_id=10');
    // What 'delivery needed' counts is said beside it.
    expect(within(delivery).getByText(/in or past their delivery window/)).toBeTruthy();
    // The counts are of the market's day.
    expect(screen.getByText('Contracts that need your attention at this market on 11/22/2026')).toBeTruthy();
    expect(await screen.findByText('Last updated')).toBeTruthy();
    expect(screen.getByText('No data yet')).toBeTruthy();
  });

  it('offers only the markets with the dashboard and switches market through market_id', async () => {
    const { router } = renderApp('/crm/dashboard', 'buyer');
    const calls = serveCrm();
    await screen.findByRole('link', { name: /^Signature needed: 49/ });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Market' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Ames Elevator', 'Boone Terminal']);
    fireEvent.click(screen.getByRole('option', { name: 'Boone Terminal' }));
    await waitFor(() => expect(router.state.location.search).toBe('?market_id=11'));
    const signature = await screen.findByRole('link', { name: 'Signature needed: 3 contracts. View contracts' });
    expect(signature.getAttribute('href')).toBe('/crm/contracts?predefinedFilter=get_signatures&market_id=11');
    expect(
      calls.some(
        (call) => call.url.pathname.endsWith('/recent-activity') && call.url.searchParams.get('market_id') === '11',
      ),
    ).toBe(true);
  });

  it('explains when no market offers the dashboard', async () => {
    renderApp('/crm/dashboard', 'buyer');
    serveCrm({ markets: [MARKETS[2]!] });
    expect(await screen.findByText('No dashboard for your markets')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Signature needed/ })).toBeNull();
  });

  it('shows a count without a link where the user may not open the contract lists', async () => {
    renderApp('/crm/dashboard', 'buyer');
    serveCrm({
      markets: [market(10, 'Ames Elevator', { userPermissions: ['dashboard'], entitlements: ['prairie-dashboard'] })],
    });
    expect(await screen.findByTestId('task-count-signature_needed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Signature needed/ })).toBeNull();
    expect(screen.getAllByText('The contract lists are not available to you at this market.')).toHaveLength(3);
  });

  it('shows each panel’s error with a retry, leaving the other panels working', async () => {
    let fail = true;
    renderApp('/crm/dashboard', 'buyer');
    serveCrm({
      taskList: () =>
        fail
          ? { status: 500, body: { code: 'internal', message: 'Something broke.' } }
          : {
              status: 200,
              body: {
                marketId: 10,
                today: '2026-11-22',
                counts: { signature_needed: 1, pricing_needed: 2, delivery_needed: 3 },
              },
            },
      activity: () => ({
        status: 403,
        body: { code: 'forbidden', message: 'You do not have permissions for this action' },
      }),
    });
    expect(await screen.findByText('Could not load the task list.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Could not load the recent activity.')).toBeTruthy();
    expect(await screen.findByText('No upcoming follow-ups')).toBeTruthy();
    fail = false;
    const taskList = screen.getByRole('region', { name: 'Task list' });
    fireEvent.click(within(taskList).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Signature needed: 1 contracts. View contracts' })).toBeTruthy();
  });

  it('lists upcoming follow-ups and the past ones by 90-day bucket, with the counts of each', async () => {
    renderApp('/crm/dashboard?market_id=10', 'buyer');
    const calls = serveCrm({
      followups: (url) => {
        const state = url.searchParams.get('state');
        const age = url.searchParams.get('age');
        if (state === 'upcoming') return { status: 200, body: followupPage([followup(1), followup(2)]) };
        if (state === 'past' && age === 'under')
          return {
            status: 200,
            body: followupPage([
              followup(3, { state: 'past', ageBucket: 'under90Days', daysOverdue: 12, dueDate: '2026-11-10' }),
            ]),
          };
        if (state === 'past' && age === 'over') return { status: 200, body: followupPage([]) };
        return { status: 400, body: { code: 'invalid_request', message: 'bad' } };
      },
    });
    const region = await screen.findByRole('region', { name: 'Follow-ups' });
    const upcoming = await within(region).findByRole('list', { name: 'Upcoming' });
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(2);
    expect(within(region).getByRole('tab', { name: 'Upcoming 2' }).getAttribute('aria-selected')).toBe('true');
    const client = within(upcoming).getByRole('link', { name: 'Open Client 1' });
    expect(client.getAttribute('href')).toBe('/crm/client/501?market_id=10');
    expect(within(upcoming).getAllByText('Due 01/01/2099')).toHaveLength(1);

    fireEvent.click(within(region).getByRole('tab', { name: 'Past 5' }));
    const under = await within(region).findByRole('list', { name: 'Under 90 days' });
    expect(within(under).getByText('12 days overdue')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Under 90 days 3' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(region).getByRole('button', { name: 'Over 90 days 2' }));
    expect(await within(region).findByText('Nothing overdue for 90 days or more')).toBeTruthy();
    fireEvent.click(within(region).getByRole('switch', { name: 'Only mine' }));
    await waitFor(() => expect(calls.filter((call) => call.url.pathname.endsWith('/followups'))).toHaveLength(4));
    const asked = calls.filter((call) => call.url.pathname.endsWith('/followups')).map((call) => call.url.search);
    expect(asked).toEqual([
      '?market_id=10&state=upcoming&pageSize=10',
      '?market_id=10&state=past&age=under&pageSize=10',
      '?market_id=10&state=past&age=over&pageSize=10',
      '?market_id=10&state=past&age=over&assigned=me&pageSize=10',
    ]);
  });

  it('marks a follow-up done with PATCH {done: true}: it leaves the list and the count drops', async () => {
    renderApp('/crm/dashboard?market_id=10', 'buyer');
    let done = false;
    const calls = serveCrm({
      followups: () => ({
        status: 200,
        body: done ? followupPage([followup(2)], { ...COUNTS, upcoming: 1 }) : followupPage([followup(1), followup(2)]),
      }),
      patch: (id) => {
        done = true;
        return { status: 200, body: followup(Number(id), { doneAt: '2026-11-22T10:00:00.000Z' }) };
      },
    });
    const region = await screen.findByRole('region', { name: 'Follow-ups' });
    fireEvent.click(await within(region).findByRole('button', { name: 'Mark done: Client 1, Call back 1' }));
    await waitFor(() => expect(within(region).queryByText('Client 1')).toBeNull());
    expect(within(region).getByRole('tab', { name: 'Upcoming 1' })).toBeTruthy();
    expect(await screen.findByText('Follow-up with Client 1 marked done.')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/commodities/merchandising/followups/1');
    expect(patch.body).toEqual({ done: true });
  });

  it('puts a follow-up back when marking it done fails', async () => {
    renderApp('/crm/dashboard?market_id=10', 'buyer');
    serveCrm({
      followups: () => ({ status: 200, body: followupPage([followup(1)]) }),
      patch: () => ({
        status: 403,
        body: { code: 'forbidden', message: 'You do not have permissions for this action' },
      }),
    });
    const region = await screen.findByRole('region', { name: 'Follow-ups' });
    fireEvent.click(await within(region).findByRole('button', { name: 'Mark done: Client 1, Call back 1' }));
    expect(await screen.findByText('You do not have permissions for this action')).toBeTruthy();
    expect(within(region).getByText('Client 1')).toBeTruthy();
  });

  it('hides mark done where the user may not write notes', async () => {
    renderApp('/crm/dashboard', 'buyer');
    serveCrm({
      markets: [market(10, 'Ames Elevator', { userPermissions: ['dashboard', 'contracts'] })],
      followups: () => ({ status: 200, body: followupPage([followup(1)]) }),
    });
    const region = await screen.findByRole('region', { name: 'Follow-ups' });
    await within(region).findByText('Client 1');
    expect(within(region).queryByRole('button', { name: /Mark done/ })).toBeNull();
  });

  it('lists recent activity newest first, each opening its client with the record highlighted', async () => {
    const items: RecentActivityResponse['items'] = [
      {
        type: 'note',
        id: 71,
        clientId: 501,
        clientName: 'Roth Family Farms',
        marketId: 10,
        at: '2026-11-21T15:00:00.000Z',
        summary: 'Checked on harvest',
      },
      {
        type: 'contract',
        id: 81,
        clientId: 502,
        clientName: 'Klein-Vogel Farms',
        marketId: 10,
        at: '2026-11-20T15:00:00.000Z',
        summary: 'C-1001 · 5000 bu Corn',
      },
      {
        type: 'scaleTicket',
        id: 91,
        clientId: 503,
        clientName: 'Elm Grove Farms',
        marketId: 10,
        at: '2026-11-19T00:00:00.000Z',
        summary: 'T-5001 · 1000 bu Corn',
      },
    ];
    renderApp('/crm/dashboard?market_id=10', 'buyer');
    serveCrm({ activity: () => ({ status: 200, body: { marketId: 10, items } }) });
    const region = await screen.findByRole('region', { name: 'Recent client activity' });
    const links = await within(region).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/crm/client/501?highlight_id=71&market_id=10',
      '/crm/client/502?highlight_id=81&market_id=10',
      '/crm/client/503?highlight_id=91&market_id=10',
    ]);
    // A ticket's day is shown as it is (midnight UTC would be the day before in Chicago).
    expect(links[2]!.getAttribute('aria-label')).toBe(
      'Scale ticket for Elm Grove Farms: T-5001 · 1000 bu Corn, 11/19/2026. Open the client',
    );
  });

  it('says so when a market has no recent activity and no follow-ups', async () => {
    renderApp('/crm/dashboard', 'buyer');
    serveCrm();
    expect(await screen.findByText('No recent activity')).toBeTruthy();
    expect(await screen.findByText('No upcoming follow-ups')).toBeTruthy();
  });
});
