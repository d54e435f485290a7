import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CrmMarketRow, RoundingModeRow } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/api/query-keys';
import { renderApp } from '../../../test/render-app';
import { fakeBootstrap } from '../../../test/fixtures';
import { BOOTSTRAP, crmMarket } from '../test-fixtures';

const MARKETS: CrmMarketRow[] = [
  crmMarket(10, 'Ames Elevator', { userPermissions: ['instruments', 'offers'] }),
  crmMarket(11, 'Boone Terminal', { userPermissions: ['contracts'] }),
];

const modeRow = (marketId: number, cropId: number, extra: Partial<RoundingModeRow> = {}): RoundingModeRow => ({
  marketId,
  cropId,
  roundingMode: 'nearest_cent',
  isDefault: true,
  updatedAt: null,
  ...extra,
});

type Call = { path: string; method: string; body: string | null; contentType: string | null };

function serve(options: {
  isAdmin: boolean;
  adminPermissions?: Record<string, 'all' | number[]>;
  importReply?: { status: number; body: unknown };
}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    calls.push({
      path: url.pathname,
      method,
      body: init?.body ? String(init.body) : null,
      contentType: headers.get('content-type'),
    });
    const path = url.pathname;
    let reply: { status: number; body: unknown } = { status: 404, body: { code: 'not_found', message: 'Not found' } };
    if (path === '/api/commodities/merchandising/bootstrap') reply = { status: 200, body: BOOTSTRAP };
    else if (path === '/api/commodities/merchandising/le/1/markets')
      reply = {
        status: 200,
        body: { markets: MARKETS, adminPermissions: options.adminPermissions ?? {}, isAdmin: options.isAdmin },
      };
    else if (/\/le\/1\/market\/\d+\/rounding-mode$/.test(path)) {
      const marketId = Number(path.split('/')[7]);
      reply = {
        status: 200,
        body: {
          marketId,
          modes: [
            modeRow(marketId, 1),
            modeRow(marketId, 2, {
              roundingMode: 'down_cent',
              isDefault: false,
              updatedAt: '2026-11-20T10:00:00.000Z',
            }),
          ],
        },
      };
    } else if (/\/commodity\/\d+\/rounding-mode\/[a-z_]+$/.test(path) && method === 'PUT') {
      const parts = path.split('/');
      reply = {
        status: 200,
        body: modeRow(Number(parts[7]), Number(parts[9]), {
          roundingMode: parts[11] as RoundingModeRow['roundingMode'],
          isDefault: false,
          updatedAt: '2026-11-22T10:00:00.000Z',
        }),
      };
    } else if (path === '/api/commodities/merchandising/partner/price-notation' && method === 'PUT') {
      reply = { status: 200, body: JSON.parse(String(init?.body)) };
    } else if (path === '/api/commodities/profit-center/quotes/import' && method === 'POST') {
      reply = options.importReply ?? {
        status: 200,
        body: { imported: 2, created: ['ZCZ29'], symbols: ['ZCZ26', 'ZCZ29'], settlements: 1 },
      };
    }
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderAs(superAdmin: boolean, path = '/crm/administrator') {
  const view = renderApp(path, 'buyer');
  const bootstrap = fakeBootstrap('buyer');
  view.queryClient.setQueryData(queryKeys.bootstrap, {
    ...bootstrap,
    user: { ...bootstrap.user, admin: { is_super_admin: superAdmin, permissions: {} } },
  });
  return view;
}

function chooseFile(text: string) {
  const input = screen.getByTestId('quotes-file') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], 'quotes.csv', { type: 'text/csv' })] } });
}

afterEach(() => vi.restoreAllMocks());

describe('/crm/administrator', () => {
  it('lets a super admin import a CSV of quotes and shows what was imported', async () => {
    renderAs(true);
    const calls = serve({ isAdmin: true });
    const section = await screen.findByRole('region', { name: 'Futures quotes' });
    const upload = within(section).getByRole('button', { name: 'Import quotes' });
    expect((upload as HTMLButtonElement).disabled).toBe(true);
    chooseFile('symbol,last\nZCZ26,4.3525\nZCZ29,4.9000\n');
    expect(await within(section).findByText('quotes.csv · 3 rows')).toBeTruthy();
    fireEvent.click(upload);
    expect(
      await within(section).findByText('2 quotes imported, 1 new contract month listed, 1 settlement recorded.'),
    ).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({
      path: '/api/commodities/profit-center/quotes/import',
      body: 'symbol,last\nZCZ26,4.3525\nZCZ29,4.9000\n',
    });
    expect(post.contentType).toMatch(/^text\/csv/);
  });

  it('lists every bad row of a refused import', async () => {
    renderAs(true);
    serve({
      isAdmin: false,
      importReply: {
        status: 400,
        body: {
          code: 'invalid_request',
          message: 'Nothing was imported: 2 rows are not valid',
          details: {
            rows: [
              { row: 2, reasons: ["unknown symbol 'ZCF27'"] },
              { row: 4, reasons: ['last is missing', 'high is below low'] },
            ],
          },
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Futures quotes' });
    chooseFile('symbol,last\nZCF27,4.5\nZCZ26,4.35\nZCH27,\n');
    await within(section).findByText('quotes.csv · 4 rows');
    fireEvent.click(within(section).getByRole('button', { name: 'Import quotes' }));
    expect(
      await within(section).findByText('Nothing was imported. Fix these rows and upload the file again.'),
    ).toBeTruthy();
    const table = within(section).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(["2unknown symbol 'ZCF27'", '4last is missing; high is below low']);
    // A buyer who is not a buyer admin sees no rounding section.
    expect(screen.queryByRole('region', { name: 'Cash price rounding' })).toBeNull();
  });

  it("shows a buyer admin the market's rounding per crop and saves a change", async () => {
    renderAs(false);
    const calls = serve({ isAdmin: true });
    const section = await screen.findByRole('region', { name: 'Cash price rounding' });
    expect(screen.queryByRole('region', { name: 'Futures quotes' })).toBeNull();
    const corn = await within(section).findByRole('combobox', { name: 'Rounding of Corn' });
    expect(corn.textContent).toBe('Nearest cent');
    expect(within(section).getAllByText('Default')).toHaveLength(1);
    expect(within(section).getByRole('combobox', { name: 'Rounding of Soybeans' }).textContent).toBe(
      'Down to the cent',
    );
    fireEvent.mouseDown(corn);
    fireEvent.click(await screen.findByRole('option', { name: 'Nearest quarter cent' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.path).toBe(
      '/api/commodities/merchandising/le/1/market/10/commodity/1/rounding-mode/nearest_quarter_cent',
    );
    await waitFor(() =>
      expect(within(section).getByRole('combobox', { name: 'Rounding of Corn' }).textContent).toBe(
        'Nearest quarter cent',
      ),
    );
  });

  it('shows the rounding read-only at a market without the bids permission', async () => {
    const view = renderAs(false);
    serve({ isAdmin: true });
    await view.router.navigate('/crm/administrator?market_id=11');
    const section = await screen.findByRole('region', { name: 'Cash price rounding' });
    expect(
      await within(section).findByText('You need the bids permission at this market to change its rounding.'),
    ).toBeTruthy();
    expect(within(section).getByRole('combobox', { name: 'Rounding of Corn' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it("lets a CRM admin choose the partner's price notation, each option with its example", async () => {
    const view = renderAs(false);
    const calls = serve({ isAdmin: true });
    const section = await screen.findByRole('region', { name: 'Price notation' });
    const price = within(section).getByRole('combobox', { name: 'Futures and cash prices' });
    expect(price.textContent).toBe('Fractions — $4.33½');
    expect(within(section).getByRole('combobox', { name: 'Basis' }).textContent).toBe('Cents — -45 Z');
    expect(within(section).getByText(/futures \$4\.33½, basis -45 Z, cash \$3\.88½/)).toBeTruthy();
    fireEvent.mouseDown(price);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Fractions — $4.33½',
      "Eighths — 433'4",
      'Four decimals — $4.3350',
    ]);
    fireEvent.click(screen.getByRole('option', { name: "Eighths — 433'4" }));
    fireEvent.mouseDown(within(section).getByRole('combobox', { name: 'Basis' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Dollars — -$0.45 Z' }));
    expect(within(section).getByText(/futures 433'4, basis -\$0\.45 Z, cash 388'4/)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Save notation' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/commodities/merchandising/partner/price-notation');
    expect(JSON.parse(put.body!)).toEqual({ price: 'eighths', basis: 'dollars' });
    // Every page now writes prices the new way: the bootstrap's partner carries it.
    await waitFor(() =>
      expect(
        (view.queryClient.getQueryData(queryKeys.bootstrap) as { partner: { priceNotation: unknown } }).partner
          .priceNotation,
      ).toEqual({ price: 'eighths', basis: 'dollars' }),
    );
  });

  it('shows a buyer with nothing to administer the permission-denied screen', async () => {
    renderAs(false);
    serve({ isAdmin: false });
    expect(await screen.findByText('You do not have permissions for this action')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Price notation' })).toBeNull();
  });

  it("offers a farmer-admin only the tabs they can use, and the Users tab's URL shows the permission-denied screen", async () => {
    const farmerAdmin = { isAdmin: true, adminPermissions: { 'farmer-admin': 'all' as const } };
    renderAs(false);
    serve(farmerAdmin);
    const tabs = within(await screen.findByRole('navigation', { name: 'Administrator sections' }));
    await waitFor(() =>
      expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Settings', 'API tokens']),
    );
    cleanup();
    renderAs(false, '/crm/administrator/users');
    serve(farmerAdmin);
    expect(await screen.findByText('You do not have permissions for this action')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Users' })).toBeNull();
  });
});
