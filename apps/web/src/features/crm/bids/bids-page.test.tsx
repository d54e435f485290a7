import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CrmMarketRow, InstrumentListResponse, InstrumentRow } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerFixture, stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { BOOTSTRAP, crmMarket } from '../test-fixtures';

const MARKETS: CrmMarketRow[] = [
  crmMarket(10, 'Ames Elevator', { userPermissions: ['instruments', 'offers'], entitlements: ['grain-buying-bids'] }),
  crmMarket(11, 'Boone Terminal', { userPermissions: ['contracts'], entitlements: [] }),
];

function bidRow(id: number, extra: Partial<InstrumentRow> = {}): InstrumentRow {
  return {
    id,
    marketId: 10,
    cropId: 1,
    cropName: 'Corn',
    cropYear: 2026,
    name: `Dec 2026 #${id}`,
    deliveryStart: '2026-12-01',
    deliveryEnd: '2026-12-31',
    pricing: 'basis',
    futuresSymbol: 'ZCZ26',
    futuresMonth: '2026-12',
    futuresLast: '4.3525',
    futuresChange: '0.0225',
    quotedAt: '2026-11-22T15:00:00.000Z',
    basis: '-0.3400',
    flatPrice: null,
    cashPrice: '4.0100',
    roundingMode: 'nearest_cent',
    priceUnit: 'bushel',
    currency: 'USD',
    quantityUnit: 'bushels',
    quantityCap: null,
    quantityContracted: '0.0000',
    quantityRemaining: null,
    visibility: 'public',
    offersAllowed: true,
    notes: null,
    workingOffers: 0,
    deletedAt: null,
    version: 1,
    updatedAt: '2026-11-22T15:00:00.000Z',
    ...extra,
  };
}

const CANOLA = bidRow(3, {
  cropId: 11,
  cropName: 'Canola',
  name: 'Jan 2027',
  futuresSymbol: 'RSF27',
  futuresMonth: '2027-01',
  futuresLast: '651.30',
  futuresChange: '-3.2000',
  basis: '-32.5000',
  cashPrice: '618.8000',
  priceUnit: 'tonne',
  currency: 'CAD',
  quantityUnit: 'tonnes',
});

const QUOTES = ['2026-12', '2027-03', '2027-05'].map((optionMonth, i) => ({
  symbol: ['ZCZ26', 'ZCH27', 'ZCK27'][i]!,
  root: 'ZC',
  exchange: 'CBOT',
  cropId: 1,
  monthCode: ['Z', 'H', 'K'][i]!,
  optionMonth,
  last: ['4.3525', '4.4150', '4.4800'][i]!,
  change: '0.0225',
  open: null,
  high: null,
  low: null,
  previousSettle: '4.3300',
  tradeDate: '2026-11-22',
  source: 'simulated' as const,
  quotedAt: '2026-11-22T15:00:00.000Z',
  version: 1,
  priceUnit: 'bushel',
  currency: 'USD',
}));

function listOf(rows: InstrumentRow[]): InstrumentListResponse {
  const crops = [...new Set(rows.map((r) => r.cropId))].map((cropId) => {
    const r = rows.find((x) => x.cropId === cropId)!;
    return {
      cropId,
      cropName: r.cropName,
      priceUnit: r.priceUnit,
      currency: r.currency,
      count: rows.filter((x) => x.cropId === cropId && !x.deletedAt).length,
      roundingMode: 'nearest_cent' as const,
    };
  });
  return { marketId: 10, today: '2026-11-22', crops, rows };
}

const CLIENTS = [
  {
    id: 501,
    name: 'Fieldman Family Farms',
    extClientId: 'FF-01',
    scopeLegalEntityId: 1,
    city: 'Ames',
    administrativeAreaLevel1: 'IA',
    phoneNumber: null,
    emailAddress: null,
    defaultCommodity: 'CN',
    defaultCropYear: 2026,
  },
  {
    id: 502,
    name: 'Hansen Grain LLC',
    extClientId: null,
    scopeLegalEntityId: 1,
    city: 'Nevada',
    administrativeAreaLevel1: 'IA',
    phoneNumber: null,
    emailAddress: null,
    defaultCommodity: 'CN',
    defaultCropYear: 2026,
  },
];

function placedOffer(body: { instrumentId: number; quantity: string; targetCashPrice: string }) {
  return offerFixture(900, {
    instrumentId: body.instrumentId,
    quantity: body.quantity,
    targetCashPrice: body.targetCashPrice,
    currentCashPrice: '4.0100',
    distanceToTarget: '-0.0500',
    expiresAt: '2026-12-07T05:59:59.999Z',
    expiresOn: '2026-12-06',
    placedBy: { id: 'u1', name: 'Dana Buyer' },
    placedByFarmer: false,
    createdAt: '2026-11-22T16:00:00.000Z',
    updatedAt: '2026-11-22T16:00:00.000Z',
  });
}

function serve(
  options: {
    markets?: CrmMarketRow[];
    offer?: (call: StubCall) => StubReply;
    list?: (url: URL) => StubReply;
    put?: (id: string, call: StubCall) => StubReply;
    del?: (id: string, call: StubCall) => StubReply;
    undelete?: (id: string, call: StubCall) => StubReply;
    basis?: (call: StubCall) => StubReply;
    offersHit?: (url: URL) => StubReply;
  } = {},
) {
  let rows = [
    bidRow(1, {
      quantityCap: '250000.0000',
      quantityContracted: '40000.0000',
      quantityRemaining: '210000.0000',
      workingOffers: 3,
    }),
    bidRow(2, { name: 'Jan 2027', visibility: 'private', basis: '-0.2800', cashPrice: '4.0700' }),
    CANOLA,
  ];
  return stubFetch((call) => {
    const { url, method } = call;
    const path = url.pathname.replace('/api/commodities/merchandising', '');
    let reply: StubReply | undefined;
    if (path === '/bootstrap') reply = { status: 200, body: BOOTSTRAP };
    else if (path === '/le/1/markets')
      reply = { status: 200, body: { markets: options.markets ?? MARKETS, adminPermissions: {}, isAdmin: false } };
    else if (path === '/market/10/le-search') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const found = CLIENTS.filter((c) => c.name.toLowerCase().includes(search));
      reply = {
        status: 200,
        body: { rows: found, totalCount: found.length, paginationToken: null, page: 1, pageSize: 20 },
      };
    } else if (path === '/offer' && method === 'POST') {
      reply = options.offer?.(call) ?? {
        status: 200,
        body: placedOffer(call.body as { instrumentId: number; quantity: string; targetCashPrice: string }),
      };
      if (reply.status === 200)
        rows = rows.map((r) =>
          r.id === (call.body as { instrumentId: number }).instrumentId
            ? { ...r, workingOffers: r.workingOffers + 1 }
            : r,
        );
    } else if (path === '/instruments/market/10' && method === 'GET')
      reply = options.list?.(url) ?? { status: 200, body: listOf(rows) };
    else if (/^\/instruments\/\d+$/.test(path) && method === 'PUT') {
      const id = path.split('/')[2]!;
      reply = options.put?.(id, call) ?? {
        status: 200,
        body: { ...rows.find((r) => r.id === Number(id))!, ...(call.body as object), version: 2 },
      };
    } else if (/^\/instruments\/\d+$/.test(path) && method === 'DELETE') {
      const id = path.split('/')[2]!;
      reply = options.del?.(id, call) ?? {
        status: 200,
        body: { ...rows.find((r) => r.id === Number(id))!, deletedAt: '2026-11-22T16:00:00.000Z', version: 2 },
      };
      if (reply.status === 200) rows = rows.filter((r) => r.id !== Number(id));
    } else if (path.startsWith('/instruments/undelete/')) {
      const id = path.split('/')[3]!;
      reply = options.undelete?.(id, call) ?? { status: 200, body: bidRow(Number(id), { version: 3 }) };
    } else if (url.pathname.startsWith('/api/commodities/profit-center/quotes-root/'))
      reply = { status: 200, body: { quotes: QUOTES } };
    else if (path === '/instruments/market/10/offers-hit')
      reply = options.offersHit?.(url) ?? { status: 200, body: { count: 0, instruments: [] } };
    else if (path === '/instruments/market/10/basis')
      reply = options.basis?.(call) ?? { status: 200, body: { adjustmentCents: '-5', rows: [] } };
    return reply;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('/crm/bids', () => {
  it('shows a grid per crop with futures, change, basis, cash, caps, visibility and offers', async () => {
    renderApp('/crm/bids', 'buyer');
    serve();
    const corn = await screen.findByRole('table', { name: 'Corn bids' });
    const first = within(corn).getByText('Dec 2026 #1').closest('tr')!;
    expect(within(first).getByText('ZCZ26')).toBeTruthy();
    // Futures in quarter-cent fractions and the change in cents, in the partner's (default) notation.
    expect(within(first).getByText('$4.35¼')).toBeTruthy();
    expect(within(first).getByText('+2¼')).toBeTruthy();
    // Basis in cents against the futures month, as the trade writes it.
    expect(within(first).getByRole('button', { name: 'Edit basis of Dec 2026 #1' }).textContent).toContain('-34 Z');
    expect(within(first).getByText('$4.01')).toBeTruthy();
    expect(within(first).getByText('250,000 cap')).toBeTruthy();
    expect(within(first).getByText(/40,000 contracted/)).toBeTruthy();
    expect(within(first).getByText('210,000 left')).toBeTruthy();
    expect(within(first).getByText('Public')).toBeTruthy();
    expect(within(first).getByText('3')).toBeTruthy();
    const second = within(corn).getByText('Jan 2027').closest('tr')!;
    expect(within(second).getByText('Private')).toBeTruthy();
    // Canola is per tonne, in its own table.
    const canola = screen.getByRole('table', { name: 'Canola bids' });
    expect(within(canola).getByText('$618.80')).toBeTruthy();
    expect(within(canola).getByText('-3.20')).toBeTruthy();
    expect(screen.getByText('CAD per tonne')).toBeTruthy();
    // Crop tabs with live counts.
    expect(screen.getByRole('tab', { name: 'Corn (2)' })).toBeTruthy();
    // The live futures board of the first crop.
    const board = await screen.findByRole('region', { name: 'Corn futures quotes' });
    expect(await within(board).findByText('ZCH27')).toBeTruthy();
  });

  it('keeps the crop tab and visibility in the URL', async () => {
    const { router } = renderApp('/crm/bids?cropFilter=11', 'buyer');
    const calls = serve();
    await screen.findByRole('table', { name: 'Canola bids' });
    expect(screen.queryByRole('table', { name: 'Corn bids' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Corn (2)' }));
    await screen.findByRole('table', { name: 'Corn bids' });
    expect(router.state.location.search).toContain('cropFilter=1');
    fireEvent.click(screen.getByRole('button', { name: 'Private' }));
    await waitFor(() => expect(router.state.location.search).toContain('instrumentVisibility=private'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('instrumentVisibility') === 'private')).toBe(true),
    );
  });

  it('saves a basis inline with Enter at the version shown; a 412 reloads and keeps the typed value', async () => {
    renderApp('/crm/bids', 'buyer');
    let stale = true;
    const calls = serve({
      put: (id, call) => {
        if (stale) {
          stale = false;
          return {
            status: 412,
            body: { code: 'precondition_failed', message: 'changed', details: { currentVersion: 2 } },
          };
        }
        return {
          status: 200,
          body: bidRow(Number(id), { basis: String((call.body as { basis: string }).basis), version: 3 }),
        };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit basis of Dec 2026 #1' }));
    const input = screen.getByRole('textbox', { name: 'Basis of Dec 2026 #1' });
    expect((input as HTMLInputElement).value).toBe('-34');
    fireEvent.change(input, { target: { value: '-31' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText(/Someone else changed Dec 2026 #1/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Basis of Dec 2026 #1' }) as HTMLInputElement).value).toBe('-31');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.ifMatch).toBe('"1"');
    // Typed in cents, saved in dollars (the API's unit).
    expect(put.body).toEqual({ basis: '-0.3100' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Basis of Dec 2026 #1' }), { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Basis of Dec 2026 #1' })).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
  });

  it('refuses a basis out of the bound before calling the server', async () => {
    renderApp('/crm/bids', 'buyer');
    const calls = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit basis of Dec 2026 #1' }));
    const input = screen.getByRole('textbox', { name: 'Basis of Dec 2026 #1' });
    fireEvent.change(input, { target: { value: '-600' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Enter a basis between -500 and 500 cents')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('reads a basis typed in cents, says what it means and how many offers it would hit', async () => {
    renderApp('/crm/bids', 'buyer');
    const calls = serve({
      offersHit: (url) => ({
        status: 200,
        body:
          url.searchParams.get('basis') === '-0.4500'
            ? { count: 2, instruments: [{ instrumentId: 1, count: 2 }] }
            : { count: 0, instruments: [] },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit basis of Dec 2026 #1' }));
    const input = screen.getByRole('textbox', { name: 'Basis of Dec 2026 #1' });
    fireEvent.change(input, { target: { value: '-45' } });
    expect(await screen.findByText('-$0.45 · 45 under Z · 2 offers will be hit')).toBeTruthy();
    const asked = calls.find((c) => c.url.pathname.endsWith('/offers-hit'))!;
    expect(asked.url.searchParams.get('instrumentIds')).toBe('1');
    fireEvent.change(input, { target: { value: '12 over' } });
    expect(await screen.findByText('+$0.12 · 12 over Z')).toBeTruthy();
    fireEvent.change(input, { target: { value: '-45 H' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('This bid is priced off Z futures, not H')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says how many offers a basis move would hit before it is saved', async () => {
    renderApp('/crm/bids', 'buyer');
    serve({
      offersHit: (url) => ({
        status: 200,
        body:
          url.searchParams.get('adjustmentCents') === '10'
            ? { count: 3, instruments: [{ instrumentId: 1, count: 3 }] }
            : { count: 0, instruments: [] },
      }),
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all Corn bids' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move basis' }));
    const dialog = await screen.findByRole('dialog', { name: /Move basis/ });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Move by (cents)' }), { target: { value: '10' } });
    expect(await within(dialog).findByText('3 offers will be hit')).toBeTruthy();
  });

  it('deletes with an Undo that undeletes the deleted version', async () => {
    renderApp('/crm/bids', 'buyer');
    const calls = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete bid: Dec 2026 #1' }));
    const notice = await screen.findByText('Dec 2026 #1 deleted.');
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.ifMatch).toBe('"1"');
    fireEvent.click(within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/instruments/undelete/1'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/instruments/undelete/1'))!.ifMatch).toBe('"2"');
    expect(await screen.findByText('Dec 2026 #1 restored.')).toBeTruthy();
  });

  it('moves the basis of the selected bids with a preview of the new cash prices', async () => {
    renderApp('/crm/bids', 'buyer');
    const calls = serve();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all Corn bids' }));
    expect(screen.getByText('2 bids selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move basis' }));
    const dialog = await screen.findByRole('dialog', { name: /Move basis/ });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Move by (cents)' }), { target: { value: '-5' } });
    const preview = within(dialog).getByRole('table', { name: 'Preview' });
    const row1 = within(preview).getByText('Corn · Dec 2026 #1').closest('tr')!;
    expect(within(row1).getByText('-39 Z')).toBeTruthy();
    expect(within(row1).getByText('$3.96')).toBeTruthy(); // 4.3525 - 0.39 = 3.9625 → 3.96
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move basis' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/basis'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/basis'))!.body).toEqual({
      instrumentIds: [1, 2],
      adjustmentCents: '-5',
    });
  });

  it('blocks a move that would take a basis out of the bound', async () => {
    renderApp('/crm/bids', 'buyer');
    serve();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Dec 2026 #1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move basis' }));
    const dialog = await screen.findByRole('dialog', { name: /Move basis/ });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Move by (cents)' }), { target: { value: '-480' } });
    expect(within(dialog).getByText(/nothing will be moved/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Move basis' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('creates a bid from the dialog, defaulting the futures month and checking the rules', async () => {
    renderApp('/crm/bids?cropFilter=1', 'buyer');
    const calls = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'New bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bid' });
    expect((within(dialog).getByRole('textbox', { name: 'Delivery period name' }) as HTMLInputElement).value).toBe(
      'Nov 2026',
    );
    const basis = within(dialog).getByRole('textbox', { name: 'Basis (cents per bushel)' });
    fireEvent.change(basis, { target: { value: '-700' } });
    expect(within(dialog).getByText('Enter a basis between -500 and 500 cents')).toBeTruthy();
    fireEvent.change(basis, { target: { value: '30 under' } });
    // What it means, with the cash it makes on the default month's quote (4.3525 - 0.30 = 4.0525 → 4.05).
    expect(within(dialog).getByText('-$0.30 · 30 under Z · cash $4.05/bu')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post bid' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/instruments'))).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      marketId: 10,
      cropId: 1,
      cropYear: 2026,
      name: 'Nov 2026',
      deliveryStart: '2026-11-22',
      deliveryEnd: '2026-11-30',
      pricing: 'basis',
      futuresSymbol: null,
      basis: '-0.3000',
      visibility: 'public',
    });
  });

  it('reads a flat cash price as the pages write it ($4.33½), and names a price when one is not', async () => {
    renderApp('/crm/bids?cropFilter=1', 'buyer');
    const calls = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'New bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bid' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Flat price' }));
    const cash = within(dialog).getByRole('textbox', { name: /^Cash price/ });
    fireEvent.change(cash, { target: { value: 'four' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post bid' }));
    expect(await within(dialog).findByText('Enter a price, e.g. 4.33½ or 4.3350')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(cash, { target: { value: '$4.33½' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post bid' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ pricing: 'flat', flatPrice: '4.3350' });
  });

  it('points at the bid named by instrument= in the URL', async () => {
    renderApp('/crm/bids?instrument=2', 'buyer');
    serve();
    const corn = await screen.findByRole('table', { name: 'Corn bids' });
    expect(within(corn).getByText('Jan 2027').closest('tr')!.getAttribute('aria-current')).toBe('true');
    expect(within(corn).getByText('Dec 2026 #1').closest('tr')!.getAttribute('aria-current')).toBeNull();
  });

  it('shows deleted bids on demand, each with Undelete', async () => {
    renderApp('/crm/bids?cropFilter=1', 'buyer');
    const calls = serve({
      list: (url) => ({
        status: 200,
        body: listOf(
          url.searchParams.get('deleted') === 'include'
            ? [bidRow(1), bidRow(9, { name: 'Old spot', deletedAt: '2026-11-20T14:00:00.000Z', version: 4 })]
            : [bidRow(1)],
        ),
      }),
    });
    await screen.findByRole('table', { name: 'Corn bids' });
    expect(screen.queryByText('Old spot')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Show deleted' }));
    const row = (await screen.findByText('Old spot')).closest('tr')!;
    expect(within(row).getByText('Deleted')).toBeTruthy();
    // A deleted bid is not selectable for a basis move nor edited inline.
    expect((within(row).getByRole('checkbox', { name: 'Select Old spot' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(row).queryByRole('button', { name: 'Edit basis of Old spot' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Undelete' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/instruments/undelete/9'))).toBe(true));
    expect(await screen.findByText('Old spot restored.')).toBeTruthy();
  });

  it('edits a bid in the dialog at its version; a 412 keeps the draft and says so', async () => {
    renderApp('/crm/bids?cropFilter=1', 'buyer');
    let first = true;
    const calls = serve({
      put: (id, call) => {
        if (first) {
          first = false;
          return {
            status: 412,
            body: { code: 'precondition_failed', message: 'changed', details: { currentVersion: 2 } },
          };
        }
        return { status: 200, body: bidRow(Number(id), { ...(call.body as object), version: 3 }) };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit bid: Dec 2026 #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bid' });
    const name = within(dialog).getByRole('textbox', { name: 'Delivery period name' });
    fireEvent.change(name, { target: { value: 'December 2026' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Private' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Someone else changed this bid while you were editing/)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Delivery period name' }) as HTMLInputElement).value).toBe(
      'December 2026',
    );
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.ifMatch).toBe('"1"');
    expect(put.body).toMatchObject({
      name: 'December 2026',
      visibility: 'private',
      basis: '-0.3400',
      futuresSymbol: 'ZCZ26',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('December 2026 saved.')).toBeTruthy();
  });

  it('shows the empty state, and an error with a retry', async () => {
    renderApp('/crm/bids', 'buyer');
    serve({ list: () => ({ status: 200, body: { marketId: 10, today: '2026-11-22', crops: [], rows: [] } }) });
    expect(await screen.findByText('No bids yet')).toBeTruthy();
  });

  it('shows the server error with a retry', async () => {
    renderApp('/crm/bids', 'buyer');
    serve({
      list: () => ({
        status: 403,
        body: { code: 'forbidden', message: 'You do not have permissions for bids at this market.' },
      }),
    });
    expect(await screen.findByText('You do not have permissions for bids at this market.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('places an offer for a client from a bid row: the cash shown, the target a nickel above, the offers count updated', async () => {
    renderApp('/crm/bids', 'buyer');
    const calls = serve();
    const corn = await screen.findByRole('table', { name: 'Corn bids' });
    const row = within(corn).getByText('Dec 2026 #1').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Place offer on Dec 2026 #1' }));
    const dialog = await screen.findByRole('dialog', { name: /Place an offer for a client/ });
    expect(within(dialog).getByLabelText('Cash price now').textContent).toContain('$4.01');
    expect((within(dialog).getByRole('textbox', { name: 'Target cash price' }) as HTMLInputElement).value).toBe('4.06');
    expect(within(dialog).getByText('5 cents above the cash price now')).toBeTruthy();
    // Without a client it does not post.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place offer' }));
    expect(await within(dialog).findByText('Pick the client the offer is for.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // The client is searched among the market's clients (le-search).
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Client' }), { target: { value: 'field' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.pathname.endsWith('/market/10/le-search') && c.url.searchParams.get('search') === 'field',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('option', { name: /Hansen Grain LLC/ })).toBeNull());
    fireEvent.click(await screen.findByRole('option', { name: /Fieldman Family Farms/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantity (bushels)' }), {
      target: { value: '12,000' },
    });
    fireEvent.change(within(dialog).getByLabelText('Good through'), { target: { value: '2026-12-06' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place offer' }));
    expect(await screen.findByText('Offer placed for Fieldman Family Farms: 12,000 bushels at $4.06/bu.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/commodities/merchandising/offer')!;
    expect(post.body).toEqual({
      instrumentId: 1,
      clientId: 501,
      quantity: '12000',
      targetCashPrice: '4.0600',
      expiresOn: '2026-12-06',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The row's working offers: 3 → 4.
    await waitFor(() =>
      expect(
        within(
          within(screen.getByRole('table', { name: 'Corn bids' }))
            .getByText('Dec 2026 #1')
            .closest('tr')!,
        ).getByText('4'),
      ).toBeTruthy(),
    );
  });

  it("says why an offer was refused (the spec's Unable to place offer with the reason) and keeps the dialog", async () => {
    renderApp('/crm/bids', 'buyer');
    serve({
      offer: () => ({
        status: 409,
        body: { code: 'conflict', message: 'no room', details: { reason: 'bid_cap_exceeded' } },
      }),
    });
    const corn = await screen.findByRole('table', { name: 'Corn bids' });
    fireEvent.click(within(corn).getByRole('button', { name: 'Place offer on Dec 2026 #1' }));
    const dialog = await screen.findByRole('dialog', { name: /Place an offer for a client/ });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Client' }), { target: { value: 'Hansen' } });
    fireEvent.click(await screen.findByRole('option', { name: /Hansen Grain LLC/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place offer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unable to place offer. The bid has no room left for this quantity.',
    );
    expect(screen.getByRole('dialog', { name: /Place an offer for a client/ })).toBeTruthy();
  });

  it('hides Place offer on a bid that takes no offers', async () => {
    renderApp('/crm/bids', 'buyer');
    serve({
      list: () => ({ status: 200, body: listOf([bidRow(1), bidRow(2, { name: 'Jan 2027', offersAllowed: false })]) }),
    });
    const corn = await screen.findByRole('table', { name: 'Corn bids' });
    expect(within(corn).getByRole('button', { name: 'Place offer on Dec 2026 #1' })).toBeTruthy();
    expect(within(corn).queryByRole('button', { name: 'Place offer on Jan 2027' })).toBeNull();
  });

  it('hides Place offer from a buyer without the offers permission at the market', async () => {
    renderApp('/crm/bids', 'buyer');
    serve({
      markets: [
        crmMarket(10, 'Ames Elevator', { userPermissions: ['instruments'], entitlements: ['grain-buying-bids'] }),
      ],
    });
    const corn = await screen.findByRole('table', { name: 'Corn bids' });
    expect(within(corn).getByRole('button', { name: 'Edit bid: Dec 2026 #1' })).toBeTruthy();
    expect(within(corn).queryByRole('button', { name: /^Place offer on/ })).toBeNull();
  });
});
