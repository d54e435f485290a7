import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HedgeTrade, MerchandisingBootstrap, PositionRow, Positions } from '@granary/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAreaMessages } from '../../../lib/i18n/catalogue';
import { FakeEventSource } from '../../../lib/live/fake-event-source';
import { stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import type { CrmContextData } from '../components/crm-page-frame';
import { BOOTSTRAP, crmMarket } from '../test-fixtures';
import { PositionManagerTab } from './position-manager';

const MARKET = crmMarket(10, 'Ames Elevator', { entitlements: ['grain-buying-structures'] });

function row(optionMonth: string, symbol: string, extra: Partial<PositionRow> = {}): PositionRow {
  return {
    cropId: 1,
    futuresSymbol: symbol,
    optionMonth,
    futures: '4.4175',
    quotedAt: '2026-11-27T19:20:00.000Z',
    futureBeta: 1,
    purchasePriced: '0',
    purchaseUnpriced: '0',
    salePriced: '0',
    saleUnpriced: '0',
    structureDelta: '0',
    structureCount: 0,
    structureDeltaAsOf: null,
    structurePending: 0,
    hedgeFutures: '0',
    hedgeOptionDelta: '0',
    hedges: '0',
    netToHedge: '0',
    netToHedgeReference: '0',
    fromExpiredMonths: null,
    ...extra,
  };
}

function positions(futures = '4.4175'): Positions {
  const dec = row('2026-12', 'ZCZ26', {
    futures,
    purchasePriced: '13500',
    purchaseUnpriced: '11500',
    salePriced: '-4000',
    structureDelta: '52340',
    structureCount: 1,
    structureDeltaAsOf: '2026-11-27T16:42:00.000Z',
    netToHedge: '61840',
    netToHedgeReference: '61840',
    fromExpiredMonths: { months: ['2025-12', '2026-03'], bushels: '123456' },
  });
  const mar = row('2027-03', 'ZCH27', {
    futures: '4.5425',
    futureBeta: 0.98,
    hedgeFutures: '-15000',
    hedgeOptionDelta: '-2109',
    hedges: '-17109',
    netToHedge: '-17109',
    netToHedgeReference: '-16767',
  });
  return {
    rows: [dec, mar],
    totals: [
      {
        cropId: 1,
        purchasePriced: '13500',
        purchaseUnpriced: '11500',
        salePriced: '-4000',
        saleUnpriced: '0',
        structureDelta: '52340',
        hedgeFutures: '-15000',
        hedgeOptionDelta: '-2109',
        hedges: '-17109',
        netToHedge: '44731',
        netToHedgeReference: '45073',
      },
    ],
    valuedAt: '2026-11-27T19:21:00.000Z',
    valuationDate: '2026-11-27',
    marketIds: [10],
    structures: {
      count: 2,
      cached: 1,
      skipped: [{ id: 9, reason: 'No quote for ZSF27.' }],
      pending: [],
      refreshing: 0,
      oldestAt: '2026-11-27T16:42:00.000Z',
      newestAt: '2026-11-27T16:42:00.000Z',
    },
    skippedTrades: [],
  };
}

function trade(id: number, extra: Partial<HedgeTrade> = {}): HedgeTrade {
  return {
    id,
    cropId: 1,
    futuresSymbol: 'ZCH27',
    optionMonth: '2027-03',
    instrument: 'futures',
    direction: 'sell',
    contracts: 3,
    bushels: '-15000',
    strike: null,
    price: '4.625',
    tradedOn: '2026-11-20',
    account: 'FCM 1',
    note: '',
    createdBy: 'Dana Merchant',
    version: 3,
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    cancelledAt: null,
    ...extra,
  };
}

const TRADES = [
  trade(7),
  trade(8, { instrument: 'put', direction: 'buy', contracts: 1, bushels: '5000', strike: '4.6', price: '0.12' }),
];

function serve(options: { positions?: () => Positions; write?: (call: StubCall) => StubReply | undefined } = {}) {
  return stubFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/commodities/scs/position-manager')
      return { status: 200, body: (options.positions ?? positions)() };
    if (path === '/api/commodities/profit-center/trades' && call.method === 'GET')
      return { status: 200, body: { rows: TRADES } };
    if (path.startsWith('/api/commodities/profit-center/trades')) return options.write?.(call);
    if (path === '/api/commodities/merchandising/bootstrap')
      return { status: 200, body: { ...BOOTSTRAP, structuredProductAccess: true } satisfies MerchandisingBootstrap };
    if (path === '/api/commodities/merchandising/le/1/markets')
      return { status: 200, body: { markets: [MARKET], adminPermissions: { structures: 'all' }, isAdmin: false } };
    return undefined;
  });
}

function renderTab(canWrite = true) {
  return renderApp('/positions', 'buyer', [
    {
      path: '/positions',
      // Lazy as the app's pages are: it renders once the test has put its stubbed server in place.
      lazy: async () => ({
        Component: () => <PositionManagerTab context={{} as CrmContextData} market={MARKET} canWrite={canWrite} />,
      }),
    },
  ]);
}

beforeAll(async () => {
  await loadAreaMessages('crm');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Positions tab', () => {
  it('shows each futures month: futures price, purchases and sales priced, structures Δ, hedges, net to hedge and totals', async () => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    renderTab();
    const calls = serve();
    const table = await screen.findByRole('table', { name: 'Corn position by futures month' });
    const dec = within(table)
      .getByRole('rowheader', { name: /Dec 2026/ })
      .closest('tr')!;
    const cells = within(dec)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['$4.41¾', '13,500', '-4,000', '52,340', '0', '61,840']);
    const mar = within(table)
      .getByRole('rowheader', { name: /Mar 2027/ })
      .closest('tr')!;
    expect(
      within(mar)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$4.54¼', '0', '0', '0', '-17,109', '-17,109']);
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '13,500', '-4,000', '52,340', '-17,109', '44,731']);
    expect(
      screen.getByText('Net to hedge in Dec 2026 bushels (each month × its future beta): 45,073 bu.'),
    ).toBeTruthy();
    expect(screen.getByText('Unpriced (not in the net): purchases 11,500 bu, sales 0 bu.')).toBeTruthy();
    // December 2026 is the nearby: it counts what was left on months that stopped trading, and says so.
    expect(
      screen.getByText(
        'Dec 2026 includes 123,456 bu on expired months (Dec 2025, Mar 2026), counted in the nearby month.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText(/counted in the nearby month/)).toHaveLength(1);
    expect(screen.getByText(/1 live structure is not in the figures: No quote for ZSF27\./)).toBeTruthy();
    // Every market the user sees by default; the page's market when asked.
    const first = calls.find((c) => c.url.pathname.endsWith('/position-manager'))!;
    expect(first.url.searchParams.get('marketIds')).toBeNull();

    // A quote tick reads the position again (the server recomputes it at the new futures).
    const source = FakeEventSource.live().find((s) => s.topics.includes('quotes'))!;
    expect(source).toBeTruthy();
    serve({ positions: () => positions('4.4475') });
    act(() => {
      source.open();
      source.emit({ topic: 'quotes' });
    });
    await waitFor(() => expect(within(dec).getAllByRole('cell')[0]!.textContent).toBe('$4.44¾'), { timeout: 8000 });
  });

  it('says when the structure deltas were computed, and reads again until a structure traded now is valued', async () => {
    const pending = (): Positions => {
      const p = positions();
      return {
        ...p,
        rows: p.rows.map((r) => (r.optionMonth === '2026-12' ? { ...r, structurePending: 1 } : r)),
        structures: { ...p.structures, pending: [{ id: 12, reason: 'Not valued yet.' }] },
      };
    };
    renderTab();
    serve({ positions: pending });
    expect(
      await screen.findByText(
        '1 live structure is being valued in the background and not in the figures yet; the position updates once its delta is in.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        /^Structure deltas as of .+, moved to today's futures by their gamma\. 1 structure still being valued \(not in the figures\)\.$/,
      ),
    ).toBeTruthy();
    // The background valuation reaches it: the next read (every few seconds while one is pending) has its delta.
    serve();
    await waitFor(() => expect(screen.queryByText(/being valued in the background/)).toBeNull(), { timeout: 8000 });
    expect(screen.getByText(/^Structure deltas as of .+, moved to today's futures by their gamma\.$/)).toBeTruthy();
  });

  it('lists the hedge trades and records a new one in contracts of 5,000 bu', async () => {
    renderTab();
    const calls = serve({
      write: (call) => (call.method === 'POST' ? { status: 201, body: trade(9, { version: 1 }) } : undefined),
    });
    const trades = await screen.findByRole('table', { name: 'Hedge trades' });
    const put = within(trades).getByText('Bought Put $4.60').closest('tr')!;
    expect(within(put).getByText('5,000')).toBeTruthy();
    expect(within(put).getByText('$0.12')).toBeTruthy();
    expect(within(trades).getByText('Sold Futures').closest('tr')!.textContent).toContain('-15,000');

    fireEvent.click(screen.getByRole('button', { name: 'Record trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record trade' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Futures month' }));
    const month = (await screen.findAllByRole('option'))[1]!;
    const symbol = /· (\w+)$/.exec(month.textContent ?? '')![1]!;
    fireEvent.click(month);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Contracts' }), { target: { value: '2' } });
    expect(within(dialog).getByText('10,000 bu')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Futures price' }), { target: { value: '4.62½' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save trade' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      futuresSymbol: symbol,
      instrument: 'futures',
      direction: 'sell',
      contracts: 2,
      strike: null,
      price: '4.6250',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record trade' })).toBeNull());
  });

  it('asks an option its strike, and shows the server’s refusal on its field', async () => {
    renderTab();
    const calls = serve({
      write: () => ({
        status: 400,
        body: {
          code: 'invalid_request',
          message: 'Contracts: at most 100000',
          details: { fields: { contracts: 'At most 100000' } },
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Record trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record trade' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Instrument' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Call' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Futures month' }));
    fireEvent.click((await screen.findAllByRole('option'))[0]!);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Contracts' }), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Premium' }), { target: { value: '0.15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save trade' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Strike' }), { target: { value: '4.80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save trade' }));
    expect(await within(dialog).findByText('At most 100000')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      instrument: 'call',
      strike: '4.8000',
      price: '0.1500',
    });
  });

  it('edits a trade with its version and cancels one', async () => {
    renderTab();
    const calls = serve({
      write: (call) =>
        call.method === 'PUT'
          ? { status: 200, body: trade(7, { contracts: 4, version: 4 }) }
          : call.method === 'DELETE'
            ? { status: 200, body: trade(7, { cancelledAt: '2026-11-27T20:00:00.000Z', version: 4 }) }
            : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit trade 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit trade · 7' });
    const contracts = within(dialog).getByRole('textbox', { name: 'Contracts' });
    expect(contracts).toHaveProperty('value', '3');
    fireEvent.change(contracts, { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save trade' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/commodities/profit-center/trades/7');
    expect(put.ifMatch).toBe('"3"');
    expect(put.body).toMatchObject({ futuresSymbol: 'ZCH27', contracts: 4, price: '4.6250', tradedOn: '2026-11-20' });

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel trade 8' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel trade 8?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel trade' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url.pathname).toBe('/api/commodities/profit-center/trades/8');
    expect(del.ifMatch).toBe('"3"');
  });

  it('shows a reader without structures-admin the figures and trades but no way to change them', async () => {
    renderTab(false);
    serve();
    expect(await screen.findByRole('table', { name: 'Hedge trades' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record trade' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit trade 7' })).toBeNull();
  });

  it('asks for the page’s market only when chosen', async () => {
    renderTab();
    const calls = serve();
    await screen.findByRole('table', { name: 'Corn position by futures month' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Markets' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ames Elevator' }));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('marketIds') === '10')).toBe(true));
  });

  it('is the Positions tab of /crm/structures', async () => {
    renderApp('/crm/structures?structure_view=positions', 'buyer');
    serve();
    expect(await screen.findByRole('tab', { name: 'Positions', selected: true })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Corn position by futures month' })).toBeTruthy();
    // structures without structures-admin: the figures, no trade buttons.
    expect(screen.queryByRole('button', { name: 'Record trade' })).toBeNull();
  });
});
