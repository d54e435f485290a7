import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EnterpriseBids, ProfitSummaryRow, PublicBidRow } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/api/query-keys';
import { fakeBootstrap } from '../../test/fixtures';
import { stubFetch, type StubCall, type StubReply } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.restoreAllMocks());

const PC = '/api/commodities/profit-center';

const bid = (id: number, extra: Partial<PublicBidRow> = {}): PublicBidRow => ({
  id,
  cropId: 1,
  cropName: 'Corn',
  cropYear: 2026,
  name: 'Oct 2026',
  deliveryStart: '2026-10-01',
  deliveryEnd: '2026-10-31',
  futuresSymbol: 'ZCZ26',
  futuresMonth: '2026-12',
  futuresLast: '4.6',
  futuresChange: '0.02',
  basis: '-0.35',
  cashPrice: '4.25',
  priceUnit: 'bushel',
  currency: 'USD',
  quantityUnit: 'bushels',
  offersAllowed: true,
  quotedAt: null,
  ...extra,
});

const HOME: EnterpriseBids = {
  enterpriseId: 7,
  markets: [
    {
      id: 10,
      label: 'Ames Elevator',
      timezone: 'America/Chicago',
      rows: [bid(1), bid(2, { cropId: 2, cropName: 'Soybeans', cashPrice: '10.1' })],
    },
  ],
  favorites: [{ marketId: 10, cropId: 2 }],
};

const row = (extra: Partial<ProfitSummaryRow> = {}): ProfitSummaryRow => ({
  cropId: 1,
  crop: 'Corn',
  cropYear: 2026,
  quantityUnit: 'bushels',
  contractCount: 2,
  openContractCount: 2,
  contracted: '50000',
  delivered: '20000',
  remaining: '30000',
  priced: '40000',
  unpriced: '10000',
  averageCash: '4.3125',
  area: '500',
  areaUnits: 'acres',
  averageYield: '200',
  production: '100000',
  percentSold: '50',
  leftToSell: '50000',
  revenueToDate: '172500',
  todayBid: '4.25',
  projectedRevenue: '427500',
  ...extra,
});

function serve(route: (call: StubCall, path: string) => StubReply | undefined = () => undefined) {
  return stubFetch((call) => {
    const path = call.url.pathname.replace(PC, '');
    const reply = route(call, path);
    if (reply) return reply;
    if (path === '/favorite') return { status: 200, body: { favorites: HOME.favorites } };
    if (path === '/enterprise/7/bids') return { status: 200, body: HOME };
    if (path.startsWith('/quotes-root/')) return { status: 200, body: { quotes: [] } };
    if (path === '/summary')
      return {
        status: 200,
        body: {
          rows: [
            row(),
            row({
              cropId: 2,
              crop: 'Soybeans',
              averageCash: '10.1478',
              production: null,
              area: null,
              areaUnits: null,
              averageYield: null,
              percentSold: null,
              leftToSell: null,
              todayBid: null,
              projectedRevenue: null,
            }),
          ],
        },
      };
    return undefined;
  });
}

function open(path: string, route?: (call: StubCall, path: string) => StubReply | undefined) {
  const view = renderApp(path, 'farmer');
  const calls = serve(route);
  const boot = fakeBootstrap('farmer');
  act(() =>
    view.queryClient.setQueryData(queryKeys.bootstrap, {
      ...boot,
      enterprises: {
        '7': { id: 7, legacyId: 7, publicId: 'e7', name: 'Fieldman Family Farms', countryCode: 'US', role: 'owner' },
      },
      current_enterprise_id: 7,
    }),
  );
  return { ...view, calls };
}

describe('profit center', () => {
  it('opens on the market home: the tabs built, no placeholder, local bids by location and crop, favourites first', async () => {
    const { calls } = open('/profit-center');
    const nav = await screen.findByRole('navigation', { name: 'Profit center sections' });
    const tabs = within(nav)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual([
      'Market home',
      'Summary',
      'Sales',
      'Bids & offers',
      'Marketing',
      'Market summary',
      'Futures prices',
      'Payments',
      'Sustainability',
      'Brokerage',
    ]);
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    const bids = await screen.findByRole('region', { name: 'Local bids' });
    const table = within(bids).getByRole('table', { name: 'Ames Elevator' });
    expect(within(table).getByText('$4.25')).toBeTruthy();
    expect(within(table).getAllByText('-35 Z')).toHaveLength(2);
    const favorites = screen.getByRole('region', { name: 'Favorites' });
    expect(within(favorites).getByText('Soybeans')).toBeTruthy();
    expect(within(favorites).queryByText('Corn')).toBeNull();
    // Starring corn at Ames saves it.
    fireEvent.click(within(table).getByRole('button', { name: 'Favorite Corn at Ames Elevator' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === `${PC}/favorite/10/1`)).toBe(true),
    );
  });

  it('summary: production from acres × yield, % sold, revenue and projection; a crop without acres asks for them', async () => {
    open('/profit-center/summary');
    const corn = await screen.findByRole('listitem', { name: 'Corn 2026' });
    expect(within(corn).getByText('100,000 bu')).toBeTruthy();
    expect(within(corn).getByText('500 ac × 200 bu/ac')).toBeTruthy();
    expect(within(corn).getByText('50%')).toBeTruthy();
    expect(within(corn).getByText('$4.31¼/bu')).toBeTruthy();
    expect(within(corn).getByText('$172,500')).toBeTruthy();
    expect(within(corn).getByText('$427,500')).toBeTruthy();
    expect(within(corn).getByText('Today’s bid $4.25/bu')).toBeTruthy();
    const beans = screen.getByRole('listitem', { name: 'Soybeans 2026' });
    // An average off the quarter-cent grid keeps its four decimals rather than being rounded to a tick (decision 034),
    // as every average cash in the product (My Sales Lite's summary and balances, the CRM's contract) is written.
    expect(within(beans).getByText('$10.1478/bu')).toBeTruthy();
    expect(within(beans).getByRole('link', { name: 'Enter acres and yield' }).getAttribute('href')).toBe(
      '/account/user/u1/enterprise/e7/agronomics',
    );
    expect(screen.getByRole('figure', { name: 'Sold and left to sell by crop and crop year' })).toBeTruthy();
  });

  it('sales: My Sales Lite’s contracts, tickets and settlements under sub-tabs, deep-linkable', async () => {
    open('/profit-center/sales/tickets', (_call, path) =>
      path === '/contracts' || path === '/scale-tickets'
        ? { status: 200, body: { rows: [], totalCount: 0, paginationToken: null, page: 1, pageSize: 25 } }
        : path === '/filters'
          ? { status: 200, body: { crops: [], cropYears: [], statuses: [], priceStatuses: [], markets: [] } }
          : undefined,
    );
    const sub = await screen.findByRole('tablist', { name: 'Sales sections' });
    expect(within(sub).getByRole('tab', { name: 'Tickets', selected: true })).toBeTruthy();
    // My Sales Lite's own page, without its heading.
    expect(screen.queryByRole('heading', { level: 1, name: 'Tickets' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Profit center' })).toBeTruthy();
  });

  it('bids-offers mounts My Sales Lite’s local bids; the market in the URL is the one shown', async () => {
    const market = (id: number, slug: string, name: string) => ({
      id,
      slug,
      name,
      timezone: 'America/Chicago',
      offersEnabled: true,
      offersRequireApproval: false,
    });
    const { calls } = open('/profit-center/bids-offers/decatur', (_call, path) =>
      path === '/offers'
        ? {
            status: 200,
            body: { markets: [market(10, 'ames', 'Ames Elevator'), market(12, 'decatur', 'Decatur')], offers: [] },
          }
        : undefined,
    );
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${PC}/market/12/request-make-offer`)).toBe(true));
    expect(calls.some((c) => c.url.pathname === `${PC}/market/10/request-make-offer`)).toBe(false);
    const nav = screen.getByRole('navigation', { name: 'Profit center sections' });
    expect(within(nav).getByRole('tab', { name: 'Bids & offers', selected: true })).toBeTruthy();
  });

  it('without profit center access says whom to ask instead of the tabs’ content', async () => {
    open('/profit-center/summary', (_call, path) =>
      path === '/favorite'
        ? {
            status: 403,
            body: {
              code: 'enterprise_access_required',
              message: 'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
            },
          }
        : undefined,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
    );
  });

  it('a farmer without the My Sales Lite flag gets the permission-denied screen, not the tabs over a refused load', async () => {
    renderApp('/profit-center/summary', 'farmer-without-flag');
    serve();
    expect(await screen.findByRole('heading', { name: /permission/i })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Summary' })).toBeNull();
  });

  it('the marketing tab shows the plan of the crop and year in its path and the price alerts', async () => {
    const { calls } = open('/profit-center/marketing/soybeans-2027', (_call, path) =>
      path.endsWith('/alerts') ? { status: 200, body: { alerts: [] } } : undefined,
    );
    expect(await screen.findByRole('region', { name: 'Marketing plan' })).toBeTruthy();
    expect(await screen.findByText(/No price alerts yet/)).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/marketing-plan/soybeans/2027'))).toBe(true);
  });

  it("platform.md's other names (bids, locations, futures) go to their tab's own URL", async () => {
    const { router } = open('/profit-center/bids');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profit-center/bids-offers'));
    await act(() => router.navigate('/profit-center/futures'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profit-center/futurePrices'));
    await act(() => router.navigate('/profit-center/locations'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profit-center'));
  });

  it('an unknown tab or research page opens the market home, not a placeholder', async () => {
    const { router } = open('/profit-center/research/elsewhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profit-center'));
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });
});
