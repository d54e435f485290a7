import { viewDefinition, type ContractListRow, type CrmMarketRow, type ListColumn } from '@granary/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { BOOTSTRAP, crmMarket } from '../test-fixtures';
import { contractGridColumns, isHighlighted } from './components/contract-table';
import { lastPage } from './components/list-pagination';
import { clientProfilePath } from './contract-list-page';
import { effectiveParams, listApiParams } from './use-list-model';

afterEach(() => vi.restoreAllMocks());

// A fake CRM server for the list page: bootstrap, markets, the list and its option months.

const ALL_PERMISSIONS = ['dashboard', 'contracts', 'deliveries', 'contract_documents', 'notes', 'profile'] as const;

const market = (id: number, displayName: string, extra: Partial<CrmMarketRow> = {}): CrmMarketRow =>
  crmMarket(id, displayName, { userPermissions: [...ALL_PERMISSIONS], ...extra });

function contractRow(id: number, extra: Partial<ContractListRow> = {}): ContractListRow {
  return {
    kind: 'contract',
    id,
    clientId: 500 + id,
    marketId: 10,
    cropId: 1,
    contractType: 'flat',
    client: `Client ${id}`,
    contractStatus: 'open',
    quantity: '5000',
    quantityUnit: 'bushels',
    deliveryStartIsoStr: '2026-10-01',
    deliveryEndIsoStr: '2026-10-31',
    delivery: null,
    priceStatus: 'priced',
    averageFutures: '4.2675',
    averageBasis: '-0.35',
    averageCash: '3.9175',
    deliveredQuantity: '1000',
    optionMonth: '2026-12',
    undeliveredQuantity: '4000',
    expiration: null,
    expirationDay: null,
    inTheMoney: null,
    daysAccumulated: null,
    offerPrice: null,
    lastTicketDate: null,
    strike: null,
    callOptionFee: null,
    document: null,
    date: '2026-09-15',
    outstanding: null,
    description: null,
    eSignEligible: false,
    eSignSent: false,
    signed: false,
    scaleTicketNum: null,
    scaleTicketId: null,
    deliveryDate: null,
    relationship: null,
    splitPct: null,
    split: null,
    weight: null,
    actualUnapplied: null,
    actualApplied: null,
    average: null,
    deliveryCombo: null,
    commodity: 'Corn',
    specialty: null,
    unpricedQuantity: '0',
    mpOption: null,
    moisture: null,
    testWeight: null,
    foreignMaterial: null,
    damage: null,
    cropYear: 2026,
    displayContractId: `C-${100000 + id}`,
    displayContractAmendmentId: null,
    displayScaleTicketId: null,
    cancelledQuantity: '0',
    ...extra,
  };
}

type Call = { url: URL };
type Answer = { status: number; body: unknown };

/** Serves the CRM calls; `list` answers contracts/search (default: two rows). Returns the calls made. */
function serve(options: { markets?: CrmMarketRow[]; list?: (url: URL) => Answer } = {}): Call[] {
  const calls: Call[] = [];
  const markets = options.markets ?? [market(10, 'Ames Elevator'), market(11, 'Boone Terminal')];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      calls.push({ url });
      const json = (status: number, body: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
        );
      const path = url.pathname;
      if (path.endsWith('/merchandising/bootstrap')) return json(200, BOOTSTRAP);
      if (path.endsWith('/markets')) return json(200, { markets });
      if (path.endsWith('/ctrm/option-months'))
        return json(200, { marketId: 10, optionMonths: ['2026-12', '2027-03'] });
      if (path.endsWith('/ctrm/contracts/search')) {
        const answer = options.list?.(url) ?? {
          status: 200,
          body: {
            rows: [contractRow(1), contractRow(2, { client: 'Berg Grain Farms', quantity: '1250.5' })],
            totalCount: 2,
            paginationToken: null,
            page: 1,
            pageSize: 100,
          },
        };
        return json(answer.status, answer.body);
      }
      return json(404, { code: 'not_found', message: 'Not found' });
    }),
  );
  return calls;
}

/** The headings a view shows before the user chooses columns. */
const defaultHeads = (columns: readonly ListColumn[]) =>
  contractGridColumns(columns)
    .filter((column) => column.defaultVisible)
    .map((column) => column.label);

const searches = (calls: Call[]) =>
  calls.filter((call) => call.url.pathname.endsWith('/contracts/search')).map((call) => call.url.searchParams);

describe('contract list page', () => {
  it('asks for the same first page as listApiParams, which main.tsx prefetches before the page renders', async () => {
    const markets = [market(10, 'Ames Elevator'), market(11, 'Boone Terminal', { userPermissions: ['contracts'] })];
    for (const [path, deliveries] of [
      ['/crm/contracts', false],
      [
        '/crm/contracts?market_id=11&predefinedFilter=needs_pricing&sort=client&sortOrder=asc&pageSize=25&highlight_id=7',
        false,
      ],
      ['/crm/deliveries?market_id=11&cropId=1', true],
      ['/crm/contracts?tab=contract-documents&search=berg', false],
    ] as const) {
      const view = renderApp(path, 'buyer');
      const calls = serve({ markets });
      await waitFor(() => expect(searches(calls).length).toBeGreaterThan(0));
      const sent = Object.fromEntries(searches(calls)[0]!.entries());
      const search = new URLSearchParams(path.split('?')[1] ?? '');
      expect(listApiParams(search, deliveries, { bootstrap: BOOTSTRAP, markets }), path).toEqual(sent);
      view.unmount();
    }
  });

  it('shows the view’s columns, formatted rows and the total; the market goes into the URL', async () => {
    const { router } = renderApp('/crm/contracts', 'buyer');
    const calls = serve();
    const table = await screen.findByRole('table', { name: 'All contracts list' });
    await within(table).findByText('C-100001');
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    // Less important columns start hidden (the column chooser shows them) so that the default view fits 1280 px.
    expect(heads).toEqual(defaultHeads(viewDefinition('default').columns));
    expect(heads).not.toContain('Contract type');
    expect(heads).toEqual(expect.arrayContaining(['Avg cash', 'Option month', 'Delivered', 'Undelivered']));
    const row = within(table).getByText('C-100002').closest('tr')!;
    // Quantities with 2 fixed decimals and their unit; prices in the trade's notation (the unit beside them, a list
    // can mix crops); the basis in cents against the contract's futures month.
    expect(within(row).getByText('1,250.50')).toBeTruthy();
    expect(within(row).getByText('1,250.50').textContent).toBe('1,250.50bu');
    expect(within(row).getByText('$3.91¾').textContent).toBe('$3.91¾/bu');
    expect(within(row).getByText('-35 Z')).toBeTruthy();
    expect(within(row).getByText('Dec 2026')).toBeTruthy();
    expect(within(row).getByText('10/31/2026')).toBeTruthy();
    expect(screen.getByText('2 contracts')).toBeTruthy();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('market_id')).toBe('10'));
    expect(searches(calls)[0]!.get('market_id')).toBe('10');
    // The client link opens the profile with the list's market (section 2 'opening a client').
    expect(within(row).getByRole('link', { name: 'Berg Grain Farms' }).getAttribute('href')).toBe(
      '/crm/client/502?market_id=10',
    );
  });

  it('sorts by a view column: ascending, then descending, in the URL and the request', async () => {
    const { router } = renderApp('/crm/contracts?market_id=10', 'buyer');
    const calls = serve();
    await screen.findByText('C-100001');
    const quantity = screen.getByRole('button', { name: 'Sort by Quantity' });
    expect(quantity.getAttribute('data-sort')).toBe('none');
    expect(screen.getByRole('button', { name: 'Sort by Date' }).getAttribute('data-sort')).toBe('desc');
    expect(screen.queryByRole('button', { name: 'Sort by Avg futures' })).toBeNull();
    fireEvent.click(quantity);
    await waitFor(() => expect(router.state.location.search).toContain('sort=quantity'));
    await waitFor(() => expect(searches(calls).at(-1)!.get('sortOrder')).toBe('asc'));
    expect(searches(calls).at(-1)!.get('sort')).toBe('quantity');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sort by Quantity' }).getAttribute('data-sort')).toBe('asc'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Quantity' }));
    await waitFor(() => expect(searches(calls).at(-1)!.get('sortOrder')).toBe('desc'));
  });

  it('sorts days to expiration as the expiration (one sort, both ways)', async () => {
    const { router } = renderApp('/crm/contracts?market_id=10&predefinedFilter=mp_pricing', 'buyer');
    const calls = serve();
    await screen.findByText('C-100001');
    expect(screen.getByRole('button', { name: 'Sort by Expiration' }).getAttribute('data-sort')).toBe('asc');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Days to expiration' }));
    await waitFor(() => expect(searches(calls).at(-1)!.get('sortOrder')).toBe('desc'));
    expect(searches(calls).at(-1)!.get('sort')).toBe('expiration');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('expiration');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sort by Days to expiration' }).getAttribute('data-sort')).toBe('desc'),
    );
  });

  it('pages forward with the token and back by page number; the page size starts again at page 1', async () => {
    const { router } = renderApp('/crm/contracts?market_id=10', 'buyer');
    const calls = serve({
      list: (url) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        return {
          status: 200,
          body: { rows: [contractRow(page)], totalCount: 250, paginationToken: `token-${page}`, page, pageSize: 100 },
        };
      },
    });
    await screen.findByText('C-100001');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('C-100002');
    expect(searches(calls).at(-1)!.get('page')).toBe('2');
    expect(searches(calls).at(-1)!.get('paginationToken')).toBe('token-1');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('page='));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    fireEvent.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(searches(calls).at(-1)!.get('pageSize')).toBe('25'));
    expect(searches(calls).at(-1)!.has('page')).toBe(false);
  });

  it('says 10,000+ when the count is capped', async () => {
    renderApp('/crm/contracts?market_id=10', 'buyer');
    serve({
      list: () => ({
        status: 200,
        body: { rows: [contractRow(1)], totalCount: 10000, paginationToken: 't', page: 1, pageSize: 100 },
      }),
    });
    expect(await screen.findByText('10,000+ contracts')).toBeTruthy();
    expect(screen.getByText('1–1 of 10,000+')).toBeTruthy();
  });

  it('shows the filter indicator, the no-rows-for-these-filters state, and clears the filters as section 2 says', async () => {
    const { router } = renderApp(
      '/crm/contracts?market_id=10&tag=premium&crop=2&pageSize=20&page=2&paginationToken=x',
      'buyer',
    );
    serve({
      list: () => ({ status: 200, body: { rows: [], totalCount: 0, paginationToken: null, page: 1, pageSize: 20 } }),
    });
    expect(await screen.findByText('Filtered')).toBeTruthy();
    // Page 2 of an empty result offers the first page.
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the first page' }));
    await screen.findByText('No rows match these filters');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        market_id: '10',
        pageSize: '20',
      }),
    );
    await screen.findByText('No contracts here yet');
    expect(screen.queryByText('Filtered')).toBeNull();
  });

  it('shows the error with a retry', async () => {
    renderApp('/crm/contracts?market_id=10', 'buyer');
    serve({ list: () => ({ status: 500, body: { code: 'internal', message: 'The list could not be read.' } }) });
    expect(await screen.findByText('The list could not be read.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('hides the tabs the market does not allow, and lists only markets where the tab may be used', async () => {
    renderApp('/crm/contracts', 'buyer');
    serve({
      markets: [
        market(20, 'Bids Only', { userPermissions: ['instruments'] }),
        market(21, 'No Documents', { userPermissions: ['contracts', 'deliveries'] }),
      ],
    });
    const tabs = await screen.findByRole('tablist', { name: 'Lists' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Contracts', 'Deliveries']);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Market/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['No Documents']);
  });

  it('explains when no market allows the tab, and offers the contracts list', async () => {
    const { router } = renderApp('/crm/deliveries', 'buyer');
    serve({ markets: [market(21, 'Contracts Only', { userPermissions: ['contracts'] })] });
    expect(await screen.findByText('You do not have access to this list at any of your markets.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Contracts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/contracts'));
    expect(await screen.findByRole('table', { name: 'All contracts list' })).toBeTruthy();
  });

  it('is the deliveries tab on /crm/deliveries, with ticket columns and no option month or contract type filter', async () => {
    renderApp('/crm/deliveries?market_id=10', 'buyer');
    const calls = serve({
      list: () => ({
        status: 200,
        body: {
          rows: [
            contractRow(7, {
              kind: 'scaleTicket',
              contractType: null,
              displayContractId: null,
              displayScaleTicketId: 'T-507',
              weight: '46719.6',
              moisture: '15.5',
            }),
          ],
          totalCount: 1,
          paginationToken: null,
          page: 1,
          pageSize: 100,
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'All deliveries list' });
    await within(table).findByText('T-507');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(defaultHeads(viewDefinition('default', 'deliveries').columns));
    expect(within(table).getByText('15.5%')).toBeTruthy();
    expect(searches(calls).at(-1)!.get('tab')).toBe('deliveries');
    expect(screen.queryByRole('combobox', { name: /Option month/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Contract type/ })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Deliveries' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves a deliveries query on /crm/contracts to /crm/deliveries', async () => {
    const { router } = renderApp('/crm/contracts?market_id=10&predefinedFilter=unapplied', 'buyer');
    serve();
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/deliveries'));
    expect(new URLSearchParams(router.state.location.search).get('predefinedFilter')).toBe('unapplied');
    expect(await screen.findByRole('button', { name: 'Unapplied', pressed: true })).toBeTruthy();
  });

  it('offers a CSV link of the current query without the paging', async () => {
    renderApp(
      '/crm/contracts?market_id=10&predefinedFilter=delinquent&page=2&paginationToken=abc&pageSize=20',
      'buyer',
    );
    serve();
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/commodities/ctrm/contracts/search');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      market_id: '10',
      predefinedFilter: 'delinquent',
      format: 'csv',
    });
  });
});

describe('list helpers', () => {
  it('opens a client without the profile-only parameters, the paging or the list’s crop context', () => {
    expect(
      clientProfilePath(
        {
          market_id: '3',
          commodity: 'SB',
          crop_year: '2025',
          highlight_id: '9',
          page: '2',
          paginationToken: 't',
          predefinedFilter: 'delinquent',
        },
        { clientId: 77 },
      ),
    ).toBe('/crm/client/77?market_id=3&predefinedFilter=delinquent');
  });

  it('reads /crm/deliveries as the deliveries tab', () => {
    expect(effectiveParams({ market_id: '1' }, true)).toEqual({ market_id: '1', tab: 'deliveries' });
    expect(effectiveParams({ predefinedFilter: 'unapplied' }, true)).toEqual({
      predefinedFilter: 'unapplied',
      tab: 'deliveries',
    });
    expect(effectiveParams({ predefinedFilter: 'delinquent' }, true)).toEqual({ tab: 'deliveries' });
    expect(effectiveParams({ predefinedFilter: 'delinquent' }, false)).toEqual({ predefinedFilter: 'delinquent' });
  });

  it('highlights by id or number, and pages up to the 10,000th row', () => {
    const row = { id: 5, displayContractId: 'C-5', displayScaleTicketId: null } as ContractListRow;
    expect(isHighlighted(row, '5')).toBe(true);
    expect(isHighlighted(row, 'C-5')).toBe(true);
    expect(isHighlighted(row, '6')).toBe(false);
    expect(lastPage(0, 100)).toBe(1);
    expect(lastPage(250, 100)).toBe(3);
    expect(lastPage(10000, 100)).toBe(100);
    expect(lastPage(10000, 80)).toBe(125);
  });
});

describe('the option month filter from the URL (issue 14)', () => {
  it('sends ?optionMonth=2027-03 with the list call and the filter shows it', async () => {
    const { router } = renderApp('/crm/contracts?optionMonth=2027-03', 'buyer');
    const calls = serve();
    await screen.findByText('C-100001');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('market_id')).toBe('10'));
    expect(new URLSearchParams(router.state.location.search).get('optionMonth')).toBe('2027-03');
    await waitFor(() => expect(searches(calls).at(-1)!.get('optionMonth')).toBe('2027-03'));
    for (const sent of searches(calls)) expect(sent.get('optionMonth')).toBe('2027-03');
  });
});
