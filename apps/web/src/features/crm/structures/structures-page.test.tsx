import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CrmMarketRow, MerchandisingBootstrap, Quote, StructureListRow, Valuation } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { observationFixture, structureDetailFixture, structureRowFixture } from '../../../test/structure-fixtures';
import { searchRow } from '../clients/test-server';
import { BOOTSTRAP, crmMarket } from '../test-fixtures';

const MARKETS: CrmMarketRow[] = [
  crmMarket(10, 'Ames Elevator', { entitlements: ['grain-buying-structures'], userPermissions: ['contracts'] }),
];
const ACCESS: MerchandisingBootstrap = { ...BOOTSTRAP, structuredProductAccess: true };

const QUOTE: Quote = {
  symbol: 'ZCZ26',
  root: 'ZC',
  exchange: 'CBOT',
  cropId: 1,
  monthCode: 'Z',
  optionMonth: '2026-12',
  last: '4.4175',
  change: '0.025',
  open: null,
  high: null,
  low: null,
  previousSettle: '4.3925',
  tradeDate: '2026-11-27',
  source: 'import',
  quotedAt: '2026-11-27T19:20:00.000Z',
  version: 4,
  priceUnit: 'bushel',
  currency: 'USD',
};

function valuation(extra: Partial<Valuation> = {}): Valuation {
  return {
    farmerValue: '-812.5',
    farmerValuePerBushel: '-0.0163',
    merchandiserValue: '3012.25',
    merchandiserValuePerBushel: '0.0602',
    feeValue: '2199.75',
    standardError: '71.4',
    merchandiserStandardError: '71.4',
    expectedPricedBushels: '44100',
    pricedBushelsStandardError: '48',
    knockOutProbability: 0.182,
    doubleUpProbability: 0.314,
    delta: '-21500',
    deltaStandardError: '210',
    gamma: '1200',
    paths: 100000,
    pathsPerSecond: 490000,
    elapsedMs: 205,
    seed: 7,
    vol: 0.24,
    discountRate: 0.04,
    futures: '4.4175',
    futuresSymbol: 'ZCZ26',
    valuationDate: '2026-11-27',
    horizon: 0.5,
    valuedAt: '2026-11-27T19:21:00.000Z',
    ...extra,
  };
}

const paged = (rows: StructureListRow[]) => ({
  rows,
  totalCount: rows.length,
  paginationToken: null,
  page: 1,
  pageSize: 100,
});

function serve(
  options: {
    bootstrap?: MerchandisingBootstrap;
    admin?: boolean;
    list?: (url: URL) => StubReply;
    saved?: StructureListRow[];
    detail?: (id: number) => StubReply;
    post?: (path: string, call: StubCall) => StubReply | undefined;
  } = {},
) {
  return stubFetch((call) => {
    const { url, method } = call;
    const path = url.pathname;
    if (path === '/api/commodities/merchandising/bootstrap') return { status: 200, body: options.bootstrap ?? ACCESS };
    if (path === '/api/commodities/merchandising/le/1/markets')
      return {
        status: 200,
        body: {
          markets: MARKETS,
          adminPermissions: options.admin === false ? { structures: 'all' } : { 'structures-admin': 'all' },
          isAdmin: false,
        },
      };
    if (path.endsWith('/le-search'))
      return {
        status: 200,
        body: { rows: [searchRow(501, 'Fieldman Family Farms')], totalCount: 1, paginationToken: null },
      };
    const scs = path.replace('/api/commodities/scs', '');
    if (scs === '/structures') return options.list?.(url) ?? { status: 200, body: paged([structureRowFixture(1)]) };
    if (scs === '/saved-structure' && method === 'GET') return { status: 200, body: paged(options.saved ?? []) };
    if (scs.startsWith('/current-price-info/')) return { status: 200, body: { quotes: [QUOTE] } };
    const detail = /^\/structure\/(\d+)$/.exec(scs);
    if (detail && method === 'GET') {
      const id = Number(detail[1]);
      return (
        options.detail?.(id) ?? {
          status: 200,
          body: structureDetailFixture(id, [
            observationFixture('2026-12-01'),
            observationFixture('2026-12-02', { settle: '4.85', pricedBushels: '833.33', doubledUp: true }),
          ]),
        }
      );
    }
    if (/^\/structure\/\d+\/close-cost$/.test(scs))
      return {
        status: 200,
        body: {
          structureId: 1,
          closeCost: '1875.5',
          closeCostPerRemainingBushel: '0.0469',
          remainingBushels: '40000',
          valuation: valuation(),
        },
      };
    if (method !== 'GET') return options.post?.(scs, call);
    return undefined;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/crm/structures', () => {
  it('shows a buyer without structured-product access the permission-denied screen, not the page', async () => {
    renderApp('/crm/structures', 'buyer');
    serve({ bootstrap: { ...ACCESS, structuredProductAccess: false } });
    expect(await screen.findByRole('heading', { name: 'You do not have permissions for this action' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Live structures' })).toBeNull();
  });

  it('lists the live structures with accumulated and remaining bushels, average, distance to knock-out, days left and today’s close cost', async () => {
    renderApp('/crm/structures', 'buyer');
    const calls = serve();
    const table = await screen.findByRole('table', { name: 'Live structures' });
    const row = within(table).getByText('Fieldman Family Farms').closest('tr')!;
    expect(within(row).getByText('Accumulator')).toBeTruthy();
    expect(within(row).getByText('Corn Dec 2026')).toBeTruthy();
    expect(within(row).getByText('Farmer sells')).toBeTruthy();
    expect(within(row).getByText('50,000 bu')).toBeTruthy();
    expect(within(row).getByText('12,500 bu')).toBeTruthy();
    expect(within(row).getByText('40,000 bu')).toBeTruthy();
    expect(within(row).getByText('$4.80')).toBeTruthy();
    expect(within(row).getByText('$0.41¾')).toBeTruthy();
    expect(within(row).getByText('103')).toBeTruthy();
    expect(within(row).getByText('$1,875.50')).toBeTruthy();
    expect(within(row).getByText('Live')).toBeTruthy();
    const list = calls.find((c) => c.url.pathname.endsWith('/scs/structures'))!;
    expect(list.url.searchParams.get('market_id')).toBe('10');
    expect(list.url.searchParams.get('status')).toBe('live,close_requested');

    // The finished ones: the filter is asked of the server and kept in the URL.
    fireEvent.click(screen.getByRole('button', { name: 'Finished' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.pathname.endsWith('/scs/structures') && c.url.searchParams.get('status') === 'completed,closed',
        ),
      ).toBe(true),
    );
  });

  it('opens a structure: its figures, close cost, rules in words and observations; a structures-admin approves a requested close', async () => {
    const { router } = renderApp('/crm/structures', 'buyer');
    const calls = serve({
      detail: (id) => ({
        status: 200,
        body: structureDetailFixture(
          id,
          [observationFixture('2026-12-01'), observationFixture('2026-12-02', { settle: '4.85', doubledUp: true })],
          {
            status: 'close_requested',
            closeRequest: {
              requestedAt: '2026-12-26T15:00:00.000Z',
              requestedBy: 'Sam Fieldman',
              cost: null,
              closedAt: null,
              closedBy: null,
              note: null,
            },
          },
        ),
      }),
      post: (path) =>
        path === '/structure/1/close'
          ? { status: 200, body: structureDetailFixture(1, [], { status: 'closed' }) }
          : undefined,
    });
    const table = await screen.findByRole('table', { name: 'Live structures' });
    fireEvent.click(within(table).getByText('Fieldman Family Farms'));
    await waitFor(() => expect(router.state.location.search).toContain('structure=1'));
    const drawer = await screen.findByRole('region', { name: 'Fieldman Family Farms · structure 1' });
    expect(await within(drawer).findByText('$1,875.50')).toBeTruthy();
    expect(within(drawer).getByText(/A settle at or below the knock-out \$4\.00\/bu ends the pricing/)).toBeTruthy();
    const observations = within(drawer).getByRole('table', { name: 'Observations' });
    expect(within(observations).getByText('$4.85')).toBeTruthy();
    expect(within(observations).getByText('Doubled up')).toBeTruthy();
    expect(within(drawer).getByText(/Close requested .* by Sam Fieldman/)).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Approve close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the close' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/structure/1/close'))).toBe(true));
    const decided = calls.find((c) => c.url.pathname.endsWith('/structure/1/close'))!;
    expect(decided.body).toEqual({ decision: 'approve' });
    expect(decided.ifMatch).toBe('"3"');
  });

  it('hides the close decisions from a buyer with structures but not structures-admin', async () => {
    renderApp('/crm/structures?structure=1', 'buyer');
    serve({ admin: false });
    const drawer = await screen.findByRole('region', { name: 'Fieldman Family Farms · structure 1' });
    expect(await within(drawer).findByText('$1,875.50')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Request close' })).toBeNull();
  });
});

describe('/crm/structures pricing tool', () => {
  /** The pricing tool on the stubbed server; answers the calls made and the accumulation level's field. */
  async function openTool(options: Parameters<typeof serve>[0] = {}) {
    renderApp('/crm/structures?structure_view=pricing', 'buyer');
    const calls = serve(options);
    const level = await screen.findByRole('textbox', { name: 'Accumulation level' });
    return { calls, level };
  }

  it('prices the form at the live futures and shows the valuation', async () => {
    const { calls, level } = await openTool({
      post: (path) =>
        path === '/pricing-tool'
          ? { status: 200, body: { valuation: valuation(), observations: 120, keyLevel: '4.8' } }
          : undefined,
    });
    expect(await screen.findByTestId('current-futures')).toHaveProperty('textContent', '$4.41¾');
    fireEvent.change(level, { target: { value: '4.80' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Knock-out' }), { target: { value: '4.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    const panel = await screen.findByRole('region', { name: 'Valuation' });
    expect(within(panel).getByText('-$812.50')).toBeTruthy();
    expect(within(panel).getByText('$3,012.25')).toBeTruthy();
    expect(within(panel).getByText('44,100 bu')).toBeTruthy();
    expect(within(panel).getByText('18.2%')).toBeTruthy();
    expect(within(panel).getByText('31.4%')).toBeTruthy();
    const body = calls.find((c) => c.url.pathname.endsWith('/pricing-tool'))!.body as {
      input: Record<string, unknown>;
    };
    expect(body.input).toMatchObject({
      kind: 'accumulator',
      side: 'sale',
      cropId: 1,
      accumulationLevel: '4.80',
      knockOut: '4.00',
      doubleUp: 'daily',
      frequency: 'daily',
      quantity: '50000',
      fee: '0.05',
    });
  });

  it('puts a refusal naming a field on that field', async () => {
    const { level } = await openTool({
      post: () => ({
        status: 400,
        body: {
          code: 'invalid_structure_terms',
          message: 'The knock-out must be below the accumulation level for a sale.',
          details: { field: 'knockOut' },
        },
      }),
    });
    fireEvent.change(level, { target: { value: '4.80' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Knock-out' }), { target: { value: '5.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    expect(await screen.findByText('The knock-out must be below the accumulation level for a sale.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Knock-out' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('solves the zero-cost accumulation level into its field, and says when there is none', async () => {
    let solved = true;
    const { level } = await openTool({
      post: (path) =>
        path === '/solve-zero-premium'
          ? solved
            ? {
                status: 200,
                body: {
                  status: 'solved',
                  solveFor: 'accumulationLevel',
                  level: '4.9125',
                  iterations: 7,
                  valuation: valuation({ farmerValue: '0' }),
                },
              }
            : {
                status: 200,
                body: {
                  status: 'no-zero-cost-level',
                  solveFor: 'accumulationLevel',
                  range: ['4', '7'],
                  valueAtLow: '0.2',
                  valueAtHigh: '0.1',
                  message: 'No zero-cost level in range',
                },
              }
          : undefined,
    });
    await screen.findByTestId('current-futures');
    fireEvent.change(screen.getByRole('textbox', { name: 'Knock-out' }), { target: { value: '4.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solve zero-cost level' }));
    await waitFor(() => expect((level as HTMLInputElement).value).toBe('4.9125'));
    expect(screen.getByText('Zero-cost accumulation level found')).toBeTruthy();
    solved = false;
    fireEvent.click(screen.getByRole('button', { name: 'Solve zero-cost level' }));
    expect(await screen.findByText(/No zero-cost level between \$4\.00 and \$7\.00/)).toBeTruthy();
  });

  it('Trade on a new form saves the quote and opens the trade dialog, the valuation still on screen', async () => {
    const quote = structureDetailFixture(9, []);
    const { calls, level } = await openTool({
      post: (path) =>
        path === '/pricing-tool'
          ? { status: 200, body: { valuation: valuation(), observations: 120, keyLevel: '4.8' } }
          : path === '/saved-structure' || path === '/structure'
            ? { status: 201, body: { ...quote, status: 'quote', tradedAt: null, tradedBy: null } }
            : undefined,
    });
    const client = screen.getByRole('combobox', { name: 'Client' });
    fireEvent.change(client, { target: { value: 'Field' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Fieldman Family Farms/ }));
    fireEvent.change(level, { target: { value: '4.80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    await screen.findByRole('region', { name: 'Valuation' });
    fireEvent.click(screen.getByRole('button', { name: 'Trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade this quote' });
    expect(within(dialog).getByRole('radio', { name: 'Verbal (confirmed by phone): live now' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && /\/(saved-)?structure$/.test(c.url.pathname))).toHaveLength(1);
    // Behind the modal dialog (hidden from the accessibility tree while it is open), still there.
    expect(screen.getByRole('region', { name: 'Valuation', hidden: true })).toBeTruthy();
    expect(screen.getByText(/^Quote 9 for /)).toBeTruthy();
    // Closed again, so the modal's hold on the page (aria-hidden siblings, focus trap) ends with this test.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Trade this quote' })).toBeNull());
  });

  it('saves a quote only for a client', async () => {
    const { calls, level } = await openTool();
    fireEvent.change(level, { target: { value: '4.80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save quote' }));
    expect(await screen.findByText('Choose the client to save the quote for')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/saved-structure') && c.method === 'POST')).toBe(false);
  });
});

describe('/crm/structures saved quotes', () => {
  it('lists the quotes; one opens in the pricing tool with its terms, and cancelling sends its version', async () => {
    const quote = structureRowFixture(7, {
      status: 'quote',
      name: 'Spring sale',
      tradedAt: null,
      tradedBy: null,
      todayCloseCost: null,
      version: 4,
    });
    const { router } = renderApp('/crm/structures?structure_view=quotes', 'buyer');
    const calls = serve({
      saved: [quote],
      detail: () => ({ status: 200, body: { ...quote, observations: [], rules: [], confirmation: null } }),
      post: (path) => (path === '/structure/7' ? { status: 200, body: { ...quote, status: 'cancelled' } } : undefined),
    });
    const table = await screen.findByRole('table', { name: 'Saved quotes' });
    const row = within(table).getByText('Fieldman Family Farms').closest('tr')!;
    expect(within(row).getByText('Spring sale')).toBeTruthy();
    expect(within(row).getByText('$2,187.50')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Cancel quote' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this quote?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel quote' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.ifMatch).toBe('"4"');

    fireEvent.click(within(row).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.search).toContain('structure_view=pricing'));
    expect(router.state.location.search).toContain('quote=7');
    const level = await screen.findByRole('textbox', { name: 'Accumulation level' });
    expect((level as HTMLInputElement).value).toBe('4.8');
    expect(screen.getByText('Quote 7 for Fieldman Family Farms: saving updates it.')).toBeTruthy();
  });

  it('trades a quote on a verbal confirmation at its version; the server’s refusal stays in the dialog', async () => {
    const quote = structureRowFixture(7, {
      status: 'quote',
      tradedAt: null,
      tradedBy: null,
      todayCloseCost: null,
      version: 4,
    });
    let refuse = true;
    renderApp('/crm/structures?structure_view=quotes', 'buyer');
    const calls = serve({
      saved: [quote],
      post: (path) =>
        path === '/trade'
          ? refuse
            ? {
                status: 409,
                body: {
                  code: 'structure_status_conflict',
                  message:
                    'The period started on 2026-11-02: re-price the quote with a start from today before trading it.',
                  details: { reason: 'start_passed' },
                },
              }
            : { status: 200, body: structureDetailFixture(7, []) }
          : undefined,
    });
    const table = await screen.findByRole('table', { name: 'Saved quotes' });
    fireEvent.click(within(table).getByRole('button', { name: 'Trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade this quote' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Verbal (confirmed by phone): live now' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Trade' }));
    expect(await within(dialog).findByText(/re-price the quote with a start from today/)).toBeTruthy();
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Trade' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Trade this quote' })).toBeNull());
    const trades = calls.filter((c) => c.url.pathname.endsWith('/scs/trade'));
    expect(trades.at(-1)!.body).toEqual({ structureId: 7, confirmation: 'verbal' });
    expect(trades.at(-1)!.ifMatch).toBe('"4"');
  });
});
