import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  FarmerMarketPostList,
  FarmerOffersResponse,
  Offer,
  OfferBid,
  RequestMakeOfferResponse,
} from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerFixture as offer, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { FakeEventSource } from '../../../lib/live/fake-event-source';
import { toastStore } from '../../../lib/toast/toast-store';

const PC = '/api/commodities/profit-center';

const bid = (id: number, extra: Partial<OfferBid> = {}): OfferBid => ({
  instrumentId: id,
  cropId: 1,
  crop: 'Corn',
  cropYear: 2026,
  deliveryPeriod: 'Dec 2026',
  deliveryStart: '2026-12-01',
  deliveryEnd: '2026-12-31',
  futuresSymbol: 'ZCZ26',
  futuresPrice: '4.8400',
  basis: '-0.3500',
  cashPrice: '4.4900',
  quantityUnit: 'bushels',
  offersAllowed: true,
  remainingQuantity: null,
  ...extra,
});

const MARKETS = [
  {
    id: 10,
    slug: 'ames',
    name: 'Ames Elevator',
    timezone: 'America/Chicago',
    offersEnabled: true,
    offersRequireApproval: false,
  },
  {
    id: 12,
    slug: 'decatur',
    name: 'Decatur',
    timezone: 'America/Chicago',
    offersEnabled: true,
    offersRequireApproval: false,
  },
];

function serve(state: {
  offers: Offer[];
  place?: () => { status: number; body: unknown };
  /** The published posts of each market (none: 404, as for a market without a read). */
  posts?: Record<number, FarmerMarketPostList['posts']>;
}) {
  const make = (marketId: number): RequestMakeOfferResponse => ({
    market: MARKETS.find((m) => m.id === marketId)!,
    today: '2026-11-22',
    clients: [{ id: 501, name: 'Fieldman Family Farms' }],
    bids:
      marketId === 10
        ? [
            bid(7),
            bid(8, { deliveryPeriod: 'Mar 2027', cashPrice: '4.6100' }),
            bid(9, { crop: 'Soybeans', cropId: 2, cashPrice: '9.8000', offersAllowed: false }),
          ]
        : [bid(20)],
  });
  return stubFetch(({ url, method }) => {
    const path = url.pathname.replace(PC, '');
    if (path === '/offers')
      return { status: 200, body: { markets: MARKETS, offers: state.offers } satisfies FarmerOffersResponse };
    if (/^\/market\/\d+\/request-make-offer$/.test(path))
      return { status: 200, body: make(Number(path.split('/')[2])) };
    const posts = /^\/market\/(\d+)\/posts$/.exec(path);
    if (posts && state.posts?.[Number(posts[1])])
      return { status: 200, body: { marketId: Number(posts[1]), posts: state.posts[Number(posts[1])]! } };
    if (path === '/offer' && method === 'POST') return state.place?.() ?? { status: 200, body: offer(40) };
    if (/^\/offer\/\d+\/cancel$/.test(path))
      return { status: 200, body: offer(Number(path.split('/')[2]), { status: 'cancelled', actions: [] }) };
    return undefined;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/my-sales-lite/bids', () => {
  it('shows the first market’s bids per crop with cash prices, and the farmer’s offers there', async () => {
    renderApp('/my-sales-lite/bids', 'farmer');
    serve({
      offers: [
        offer(1),
        offer(2, { status: 'filled', displayContractId: 'OF-2', actions: [] }),
        offer(3, { marketId: 12 }),
      ],
    });
    const corn = await screen.findByRole('table', { name: 'Corn bids' });
    const dec = within(corn).getByText('Dec 2026').closest('tr')!;
    expect(within(dec).getByText('$4.49/bu')).toBeTruthy();
    // The basis in cents against the bid's futures month.
    expect(within(dec).getByText('-35 Z')).toBeTruthy();
    expect(within(dec).getByRole('button', { name: 'Place offer on Corn Dec 2026' })).toBeTruthy();
    const soy = screen.getByRole('table', { name: 'Soybeans bids' });
    expect(within(soy).getByText('No offers')).toBeTruthy();
    const mine = screen.getByRole('list', { name: 'My offers' });
    expect(within(mine).getAllByRole('listitem')).toHaveLength(2);
    expect(within(mine).getByText(/Target \$4.52\/bu · Now \$4.49\/bu · Good through 12\/05\/2026/)).toBeTruthy();
    expect(within(mine).getByText(/Contract OF-2/)).toBeTruthy();
  });

  it("shows the market's posts from the elevator above its bids: title, day, the text as written; more on demand", async () => {
    renderApp('/my-sales-lite/bids', 'farmer');
    const post = (id: number, title: string, body: string, publishedAt: string) => ({ id, title, body, publishedAt });
    const calls = serve({
      offers: [],
      posts: {
        10: [
          post(
            3,
            'Scale closed Friday',
            'Closed for the holiday.\nBack Monday at <b>7 AM</b>.',
            '2026-11-20T15:00:00Z',
          ),
          post(2, 'Corn basis firmer', 'Up 5 cents on December.', '2026-11-18T15:00:00Z'),
          post(1, 'Harvest hours', 'Open until 9 PM.', '2026-10-01T15:00:00Z'),
        ],
      },
    });
    const panel = await screen.findByRole('region', { name: 'From the elevator' });
    const items = within(panel).getAllByRole('article');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Scale closed Friday',
      'Corn basis firmer',
    ]);
    expect(within(items[0]!).getByText('11/20/2026')).toBeTruthy();
    // Plain text: markup in a post shows as written, its line breaks kept.
    expect(within(items[0]!).getByText(/Back Monday at <b>7 AM<\/b>\./).textContent).toBe(
      'Closed for the holiday.\nBack Monday at <b>7 AM</b>.',
    );
    expect(panel.querySelector('b')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Show 1 more post' }));
    expect(within(panel).getByRole('article', { name: 'Harvest hours' })).toBeTruthy();
    // Above the bids, the farmer's page asks only for the market on screen.
    const corn = await screen.findByRole('table', { name: 'Corn bids' });
    expect(panel.compareDocumentPosition(corn) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.endsWith('/posts')).map((c) => c.url.pathname)).toEqual([
      '/api/commodities/profit-center/market/10/posts',
    ]);
  });

  it('shows no posts panel for a market without published posts', async () => {
    renderApp('/my-sales-lite/bids/decatur', 'farmer');
    serve({
      offers: [],
      posts: { 10: [{ id: 1, title: 'Ames only', body: '', publishedAt: '2026-11-20T15:00:00Z' }], 12: [] },
    });
    await screen.findByRole('table', { name: 'Corn bids' });
    expect(screen.queryByRole('region', { name: 'From the elevator' })).toBeNull();
    expect(screen.queryByText('Ames only')).toBeNull();
  });

  it('opens another market by its name in the path', async () => {
    renderApp('/my-sales-lite/bids/decatur', 'farmer');
    const calls = serve({ offers: [] });
    await screen.findByRole('table', { name: 'Corn bids' });
    expect(calls.some((c) => c.url.pathname.endsWith('/market/12/request-make-offer'))).toBe(true);
  });

  it('places an offer with a target a nickel above the cash, saying what the target means', async () => {
    renderApp('/my-sales-lite/bids', 'farmer');
    const calls = serve({ offers: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Place offer on Corn Dec 2026' }));
    const dialog = await screen.findByRole('dialog', { name: /Place an offer/ });
    expect(within(dialog).getByLabelText('Cash price now').textContent).toContain('$4.49');
    expect((within(dialog).getByRole('textbox', { name: 'Target cash price' }) as HTMLInputElement).value).toBe('4.54');
    expect(
      within(dialog).getByText(/As soon as the cash price reaches \$4.54 or more, it is filled at \$4.54 a bushel/),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantity (bushels)' }), {
      target: { value: '8,000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      instrumentId: 7,
      clientId: 501,
      quantity: '8000',
      targetCashPrice: '4.5400',
      expiresOn: '2026-12-06',
    });
    expect(toastStore.get().some((t) => 'messageId' in t && t.messageId === 'offers.place.done')).toBe(true);
  });

  it('says "Unable to place offer" with the reason when the bid is full', async () => {
    renderApp('/my-sales-lite/bids', 'farmer');
    serve({
      offers: [],
      place: () => ({
        status: 409,
        body: { code: 'conflict', message: 'full', details: { reason: 'bid_cap_exceeded' } },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Place offer on Corn Dec 2026' }));
    const dialog = await screen.findByRole('dialog', { name: /Place an offer/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place offer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unable to place offer. The bid has no room left for this quantity.',
    );
  });

  it('cancels an open offer after a confirm', async () => {
    renderApp('/my-sales-lite/bids', 'farmer');
    const calls = serve({ offers: [offer(1)] });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the offer of 5,000 Corn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this offer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel offer' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/offer/1/cancel'))).toBe(true),
    );
  });

  it('follows the farm’s offers, the market’s bids and the quotes live, and toasts when an offer is filled', async () => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const state = { offers: [offer(1)] };
    renderApp('/my-sales-lite/bids', 'farmer');
    serve(state);
    await screen.findByRole('table', { name: 'Corn bids' });
    await waitFor(() => expect(FakeEventSource.live()).toHaveLength(1));
    const source = FakeEventSource.live()[0]!;
    // The header's notification bell follows the user's own topic on the same stream.
    expect(source.topics).toEqual(['bids:market:10', 'notifications:user:u1', 'offers:client:501', 'quotes']);
    act(() => source.open());
    state.offers = [offer(1, { status: 'filled', displayContractId: 'OF-1', actions: [] })];
    act(() =>
      source.emit({
        topic: 'offers:client:501',
        payload: { marketId: 10, clientId: 501, offerIds: [1], action: 'filled', status: 'filled' },
      }),
    );
    await waitFor(() =>
      expect(toastStore.get().some((t) => 'messageId' in t && t.messageId === 'offers.toast.filled')).toBe(true),
    );
    expect(within(screen.getByRole('list', { name: 'My offers' })).getByText(/Contract OF-1/)).toBeTruthy();
  });
});
