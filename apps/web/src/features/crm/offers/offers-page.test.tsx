import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CrmMarketRow, Offer, OfferListResponse } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../lib/live/fake-event-source';
import { offerFixture, stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { BOOTSTRAP, crmMarket } from '../test-fixtures';

const MARKETS: CrmMarketRow[] = [
  crmMarket(10, 'Ames Elevator', { userPermissions: ['instruments', 'offers'], entitlements: ['grain-buying-offers'] }),
  crmMarket(11, 'Boone Terminal', { userPermissions: ['contracts'], entitlements: [] }),
];

function offerRow(id: number, extra: Partial<Offer> = {}): Offer {
  return offerFixture(id, { clientName: `Farm ${id}`, ...extra });
}

const HIT = offerRow(2, {
  status: 'price_hit',
  currentCashPrice: '4.5400',
  distanceToTarget: '0.0200',
  actions: ['cancel', 'accept', 'reset_price_hit'],
});
const PENDING = offerRow(3, { status: 'pending_approval', actions: ['approve', 'reject', 'edit', 'cancel'] });

function listOf(rows: Offer[]): OfferListResponse {
  return {
    rows,
    totalCount: rows.length,
    counts: { open: 3, price_hit: 1, filled: 4, canceled: 1, expired: 2, all: 11 },
    paginationToken: null,
    page: 1,
    pageSize: 100,
  };
}

function serve(
  options: {
    list?: (url: URL) => StubReply;
    post?: (path: string, call: StubCall) => StubReply;
    patch?: (call: StubCall) => StubReply;
  } = {},
) {
  return stubFetch((call) => {
    const { url, method } = call;
    const path = url.pathname.replace('/api/commodities/merchandising', '');
    if (path === '/bootstrap') return { status: 200, body: BOOTSTRAP };
    if (path === '/le/1/markets')
      return { status: 200, body: { markets: MARKETS, adminPermissions: {}, isAdmin: false } };
    if (path === '/offers' && method === 'GET')
      return options.list?.(url) ?? { status: 200, body: listOf([offerRow(1), HIT, PENDING]) };
    if (method === 'POST')
      return (
        options.post?.(path, call) ?? {
          status: 200,
          body: offerRow(2, { status: 'filled', displayContractId: 'OF-2', actions: [] }),
        }
      );
    if (method === 'PATCH')
      return options.patch?.(call) ?? { status: 200, body: offerRow(1, { quantity: '6000.0000', version: 2 }) };
    return undefined;
  });
}

/** Opens Edit on a row of the list on screen; answers the dialog. */
async function openEdit(client: string) {
  const table = await screen.findByRole('table', { name: 'Offers' });
  fireEvent.click(within(within(table).getByText(client).closest('tr')!).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit offer' });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/crm/offers', () => {
  it('lists the market’s offers: client, crop and delivery, quantity, target, cash with distance, expiry, status, who placed them', async () => {
    renderApp('/crm/offers', 'buyer');
    const calls = serve();
    const table = await screen.findByRole('table', { name: 'Offers' });
    const working = within(table).getByText('Farm 1').closest('tr')!;
    expect(within(working).getByText('Dec 2026')).toBeTruthy();
    expect(within(working).getByText('5,000 bu')).toBeTruthy();
    // Target and cash in the partner's notation with their unit (a list of offers can mix crops).
    expect(within(working).getByText('$4.52/bu')).toBeTruthy();
    expect(within(working).getByText('$4.49/bu')).toBeTruthy();
    expect(within(working).getByText('$0.03 to target')).toBeTruthy();
    expect(within(working).getByText('12/05/2026')).toBeTruthy();
    expect(within(working).getByText('Working')).toBeTruthy();
    expect(within(working).getByText(/Sam Fieldman/)).toBeTruthy();
    const hit = within(table).getByText('Farm 2').closest('tr')!;
    expect(within(hit).getByText('$0.02 over target')).toBeTruthy();
    // Each state shows its own buttons.
    expect(within(hit).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(hit).getByRole('button', { name: 'Reset price hit' })).toBeTruthy();
    expect(within(hit).queryByRole('button', { name: 'Edit' })).toBeNull();
    const pending = within(table).getByText('Farm 3').closest('tr')!;
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(pending).getByText('Needs approval')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filled (4)' })).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('/offers'))!.url.searchParams.get('market_id')).toBe('10');
  });

  it('is live on the page’s one stream: an offer’s price hit is read at once and highlighted; the chip says Live, or Reconnecting…', async () => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    let rows = [offerRow(1), PENDING];
    renderApp('/crm/offers', 'buyer');
    const calls = serve({ list: () => ({ status: 200, body: listOf(rows) }) });
    const table = await screen.findByRole('table', { name: 'Offers' });
    await waitFor(() => expect(FakeEventSource.live()).toHaveLength(1));
    const source = FakeEventSource.live()[0]!;
    // The header's notification bell follows the user's own topic on the same stream.
    expect(source.topics).toEqual(['notifications:user:u1', 'offers:market:10', 'quotes']);
    expect(screen.queryByText('Live')).toBeNull();
    act(() => source.open());
    expect(screen.getByText('Live')).toBeTruthy();

    const reads = () => calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/offers')).length;
    const before = reads();
    rows = [
      offerRow(1, {
        status: 'price_hit',
        currentCashPrice: '4.5300',
        distanceToTarget: '0.0100',
        actions: ['cancel', 'accept', 'reset_price_hit'],
      }),
      PENDING,
    ];
    act(() =>
      source.emit({
        topic: 'offers:market:10',
        payload: { marketId: 10, clientId: 501, offerIds: [1], action: 'price_hit', status: 'price_hit' },
      }),
    );
    const row = (await within(table).findByText('Just hit')).closest('tr')!;
    expect(within(row).getByText('Farm 1')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(reads()).toBe(before + 1);

    act(() => source.fail(false));
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    // Back: the list is read again (events are not replayed).
    act(() => source.open());
    expect(screen.getByText('Live')).toBeTruthy();
    await waitFor(() => expect(reads()).toBe(before + 2));
  });

  it('keeps the status filter in the URL and asks the server for it', async () => {
    const { router } = renderApp('/crm/offers', 'buyer');
    const calls = serve();
    await screen.findByRole('table', { name: 'Offers' });
    fireEvent.click(screen.getByRole('button', { name: 'Price hit (1)' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=price_hit'));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('status') === 'price_hit')).toBe(true));
  });

  it("opens an offer's client with Enter (issue 13 keyboard): the client's profile at the offer's market and crop", async () => {
    const { router } = renderApp('/crm/offers', 'buyer');
    serve();
    const table = await screen.findByRole('table', { name: 'Offers' });
    const link = within(table).getByRole('link', { name: 'Farm 3' });
    expect(link.getAttribute('href')).toBe('/crm/client/501?market_id=10&cropId=1&crop_year=2026');
    const row = link.closest('tr')!;
    act(() => row.focus());
    fireEvent.keyDown(row, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/client/501'));
    expect(router.state.location.search).toBe('?market_id=10&cropId=1&crop_year=2026');
  });

  it('accepts after a confirm and says so with the contract', async () => {
    renderApp('/crm/offers', 'buyer');
    const calls = serve();
    const table = await screen.findByRole('table', { name: 'Offers' });
    fireEvent.click(within(within(table).getByText('Farm 2').closest('tr')!).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    expect(within(dialog).getByText(/Farm 2 sells 5,000 bushels of Corn \(Dec 2026\) at \$4.52/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Offer accepted: contract OF-2')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/offer/2/accept'))).toBe(true);
  });

  it('says "Unable to accept offer" when another buyer got there first', async () => {
    renderApp('/crm/offers', 'buyer');
    serve({
      post: () => ({
        status: 409,
        body: { code: 'conflict', message: 'filled', details: { reason: 'not_open', status: 'filled' } },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Offers' });
    fireEvent.click(within(within(table).getByText('Farm 2').closest('tr')!).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unable to accept offer. Someone else got there first: it is filled now.',
    );
  });

  it('says "Unable to cancel offer" and "Unable to approve offer" on failure', async () => {
    renderApp('/crm/offers', 'buyer');
    serve({ post: () => ({ status: 409, body: { code: 'conflict', message: 'no', details: { reason: 'expired' } } }) });
    const table = await screen.findByRole('table', { name: 'Offers' });
    const pending = within(table).getByText('Farm 3').closest('tr')!;
    fireEvent.click(within(pending).getByRole('button', { name: 'Cancel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this offer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unable to cancel offer. The offer has expired.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(pending).getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve this offer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Unable to approve offer');
  });

  it('edits with the version shown as If-Match', async () => {
    renderApp('/crm/offers', 'buyer');
    const calls = serve();
    const table = await screen.findByRole('table', { name: 'Offers' });
    fireEvent.click(within(within(table).getByText('Farm 1').closest('tr')!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit offer' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantity (bushels)' }), {
      target: { value: '6000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Offer saved')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.ifMatch).toBe('"1"');
    expect(patch.body).toEqual({ quantity: '6000' });
  });

  it('checks an edit on Save: a quantity or target not above 0 says so on its field and nothing is sent; then as typed', async () => {
    renderApp('/crm/offers', 'buyer');
    const calls = serve();
    const dialog = await openEdit('Farm 1');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity (bushels)' }) as HTMLInputElement;
    const target = within(dialog).getByRole('textbox', { name: 'Target cash price' }) as HTMLInputElement;
    expect(quantity.value).toBe('5000');
    expect(target.value).toBe('4.52');
    expect((within(dialog).getByLabelText('Good through') as HTMLInputElement).value).toBe('2026-12-05');
    // Nothing is said before the first Save.
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.change(target, { target: { value: 'soon' } });
    expect(within(dialog).queryByText('Enter a quantity above 0.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a quantity above 0.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a price above 0, like 4.33½ or 4.3350.')).toBeTruthy();
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(target.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    // After it, each field is checked as it is typed.
    fireEvent.change(quantity, { target: { value: '6,000' } });
    await waitFor(() => expect(within(dialog).queryByText('Enter a quantity above 0.')).toBeNull());
    expect(quantity.getAttribute('aria-invalid')).toBe('false');
    expect(within(dialog).getByText('Enter a price above 0, like 4.33½ or 4.3350.')).toBeTruthy();
    // The target is read as the pages write prices: the quarter-cent fraction too.
    fireEvent.change(target, { target: { value: '$4.62½' } });
    await waitFor(() => expect(within(dialog).queryByText('Enter a price above 0, like 4.33½ or 4.3350.')).toBeNull());
    fireEvent.change(quantity, { target: { value: '' } });
    expect(await within(dialog).findByText('Enter a quantity above 0.')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '6,000' } });
    fireEvent.change(within(dialog).getByLabelText('Good through'), { target: { value: '2026-12-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Offer saved')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { quantity: '6000', targetCashPrice: '4.6250', expiresOn: '2026-12-10' },
    ]);
  });

  it('sends only what changed, and closes without a request when nothing did', async () => {
    renderApp('/crm/offers', 'buyer');
    const calls = serve();
    let dialog = await openEdit('Farm 1');
    // The same amounts written otherwise are no change.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantity (bushels)' }), {
      target: { value: '5,000.00' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Target cash price' }), {
      target: { value: '$4.520' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(screen.queryByText('Offer saved')).toBeNull();

    dialog = await openEdit('Farm 1');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Target cash price' }), {
      target: { value: '4.55' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Offer saved')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ targetCashPrice: '4.5500' }]);
  });

  it('says "Unable to save offer" with the server’s reason when it refuses an edit, and keeps the dialog', async () => {
    const replies: StubReply[] = [
      { status: 412, body: { code: 'precondition_failed', message: 'stale' } },
      { status: 409, body: { code: 'conflict', message: 'no', details: { reason: 'expiry' } } },
      {
        status: 400,
        body: { code: 'validation', message: 'bad', details: [{ path: 'quantity', message: 'Too many' }] },
      },
    ];
    renderApp('/crm/offers', 'buyer');
    serve({ patch: () => replies.shift()! });
    const dialog = await openEdit('Farm 1');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity (bushels)' });
    fireEvent.change(quantity, { target: { value: '6000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unable to save offer. Someone else changed this offer. It has been reloaded.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Unable to save offer. Pick a date from today to a year ahead.',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Unable to save offer'));
    // The server's field message is not put on the field: the refusal says it.
    expect(within(dialog).queryByText('Too many')).toBeNull();
    expect(quantity.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'Edit offer' })).toBeTruthy();
    expect(screen.queryByText('Offer saved')).toBeNull();
  });
});
