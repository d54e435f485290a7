import { screen, waitFor, within } from '@testing-library/react';
import type { FarmerHome } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

// The farmer's home at /dashboard (issue 17 'Home'): a card per thing that needs them, each item a link to where they
// act; a card the member may not see is left out; empty cards say what will appear there.

afterEach(() => vi.restoreAllMocks());

const EMPTY: FarmerHome = {
  toSign: [],
  offers: { markets: [], rows: [] },
  unsettled: { total: 0, rows: [] },
  payments: [],
  orders: [],
  bids: { crops: [], markets: [] },
  notifications: { unread: 0, rows: [] },
};

const FULL: FarmerHome = {
  toSign: [
    {
      requestId: 43,
      provider: 'builtin',
      contractId: null,
      enrolmentId: 9,
      programName: 'Low-carbon corn 2027',
      amendmentId: null,
      displayContractId: '',
      clientName: 'Fieldman Family Farms',
      sentAt: '2026-11-21T15:00:00.000Z',
      expiresAt: '2026-12-05T15:00:00.000Z',
      url: '/profit-center/builtin/sign/43',
    },
    {
      requestId: 44,
      provider: 'builtin',
      contractId: null,
      structureId: 31,
      amendmentId: null,
      displayContractId: 'Corn structure 31',
      clientName: 'Fieldman Family Farms',
      sentAt: '2026-11-21T16:00:00.000Z',
      expiresAt: '2026-12-05T16:00:00.000Z',
      url: '/profit-center/builtin/sign/44',
    },
    {
      requestId: 41,
      provider: 'builtin',
      contractId: 7,
      amendmentId: null,
      displayContractId: 'C-100007',
      clientName: 'Fieldman Family Farms',
      sentAt: '2026-11-20T15:00:00.000Z',
      expiresAt: '2026-12-04T15:00:00.000Z',
      url: '/profit-center/builtin/sign/41',
    },
    {
      requestId: 42,
      provider: 'builtin',
      contractId: 8,
      amendmentId: 3,
      displayContractId: 'C-100008',
      clientName: 'Fieldman Family Farms',
      sentAt: '2026-11-21T15:00:00.000Z',
      expiresAt: '2026-12-05T15:00:00.000Z',
      url: '/profit-center/builtin/sign/42',
    },
  ],
  offers: {
    markets: [
      {
        id: 10,
        slug: 'ames',
        name: 'Ames Elevator',
        timezone: 'America/Chicago',
        offersEnabled: true,
        offersRequireApproval: false,
      },
    ],
    rows: [
      {
        id: 5,
        marketId: 10,
        marketName: 'Ames Elevator',
        instrumentId: 1,
        clientId: 501,
        clientName: 'Fieldman Family Farms',
        cropId: 1,
        crop: 'Corn',
        cropYear: 2026,
        deliveryPeriod: 'Dec 2026',
        deliveryStart: '2026-12-01',
        deliveryEnd: '2026-12-31',
        futuresSymbol: 'ZCZ26',
        quantity: '5000.0000',
        quantityUnit: 'bushels',
        targetCashPrice: '4.3000',
        currentCashPrice: '4.2725',
        distanceToTarget: '-0.0275',
        status: 'working',
        expiresAt: '2026-12-15T00:00:00.000Z',
        expiresOn: '2026-12-14',
        priceHitAt: null,
        priceHitCash: null,
        filledAt: null,
        contractId: null,
        displayContractId: null,
        cancelledAt: null,
        placedBy: null,
        placedByFarmer: true,
        note: null,
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-01T00:00:00.000Z',
        version: 1,
        actions: [],
      },
    ],
  },
  unsettled: {
    total: 9,
    rows: [
      {
        ticketApplicationId: 70,
        scaleTicketId: 700,
        displayScaleTicketId: 'T-500700',
        contractId: 7,
        displayContractId: 'C-100007',
        deliveryDate: '2026-10-20',
        cropName: 'Corn',
        cropYear: 2026,
        bushels: '1000.5',
      },
    ],
  },
  payments: [],
  orders: null,
  bids: {
    crops: ['corn'],
    markets: [
      {
        id: 10,
        slug: 'ames',
        name: 'Ames Elevator',
        rows: [
          {
            id: 1,
            cropId: 1,
            cropName: 'Corn',
            cropYear: 2026,
            name: 'Corn Dec',
            deliveryStart: '2026-12-01',
            deliveryEnd: '2026-12-31',
            futuresSymbol: 'ZCZ26',
            futuresMonth: 'Z',
            futuresLast: '4.5',
            futuresChange: '0.02',
            basis: '-0.25',
            cashPrice: '4.25',
            priceUnit: 'bushel',
            currency: 'USD',
            quantityUnit: 'bushels',
            offersAllowed: true,
            quotedAt: null,
          },
        ],
      },
    ],
  },
  notifications: {
    unread: 1,
    rows: [
      {
        id: 3,
        topic: 'contracts',
        title: 'A contract is ready to sign',
        body: 'Contract C-100007 waits for your signature.',
        link: '/profit-center/builtin/sign/41',
        read: false,
        created_at: '2026-11-20T15:00:00.000Z',
      },
    ],
  },
};

function serveHome(reply: { status: number; body: unknown }) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const r = url.includes('/profit-center/home') ? reply : { status: 404, body: { code: 'not_found', message: 'x' } };
    return Promise.resolve(
      new Response(JSON.stringify(r.body), { status: r.status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const card = (name: string) => screen.findByRole('region', { name });

describe("the farmer's home", () => {
  it('stays on /dashboard and lists what needs the farmer, each item a link to where they act', async () => {
    const { router } = renderApp('/dashboard', 'farmer');
    serveHome({ status: 200, body: FULL });
    const sign = await card('To sign');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(
      within(sign)
        .getByRole('link', { name: /Contract C-100007/ })
        .getAttribute('href'),
    ).toBe('/profit-center/builtin/sign/41');
    expect(within(sign).getByRole('link', { name: /Amendment to contract C-100008/ })).toBeTruthy();
    // A sustainability enrolment waiting for the signature (decision 016's enrolment kind), by its program.
    expect(
      within(sign)
        .getByRole('link', { name: /Enrollment in Low-carbon corn 2027/ })
        .getAttribute('href'),
    ).toBe('/profit-center/builtin/sign/43');
    // A structure's confirmation (issue 18) by its crop and number.
    expect(
      within(sign)
        .getByRole('link', { name: /Confirm Corn structure 31/ })
        .getAttribute('href'),
    ).toBe('/profit-center/builtin/sign/44');

    const offers = await card('Offers near your target');
    const offer = within(offers).getByRole('link', { name: /Corn 2026/ });
    expect(offer.getAttribute('href')).toBe('/profit-center/bids-offers/ames');
    // Quantities, prices and distances through the domain's formatters (the trade's quarter-cent notation).
    expect(offer.textContent).toContain('5,000 bu at $4.30/bu');
    expect(offer.textContent).toContain('bid now $4.27¼/bu');
    expect(offer.textContent).toContain('2.75¢ away');

    const unsettled = await card('Delivered, not settled');
    expect(
      within(unsettled)
        .getByRole('link', { name: /T-500700/ })
        .getAttribute('href'),
    ).toBe('/profit-center/sales/contracts?contract=7');
    expect(within(unsettled).getByText('9 deliveries wait for a settlement')).toBeTruthy();

    const payments = await card('Payments sent');
    expect(within(payments).getByText('Payments your buyer sends you for settled grain appear here.')).toBeTruthy();

    const bids = await card('Local bids');
    expect(within(bids).getByText('$4.25/bu')).toBeTruthy();
    expect(within(bids).getByText('Corn · Corn Dec')).toBeTruthy();
    expect(within(bids).queryByText('Cash bids of the elevators you sell to appear here.')).toBeNull();
    expect(within(bids).getByRole('link', { name: 'Ames Elevator' }).getAttribute('href')).toBe(
      '/profit-center/bids-offers/ames',
    );
    // The cards' full lists are the profit center's tabs (issue 17), and the home opens its summary.
    expect(within(sign).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/profit-center/sales/contracts',
    );
    expect(within(unsettled).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/profit-center/sales/tickets',
    );
    expect(screen.getByRole('link', { name: 'Sales summary' }).getAttribute('href')).toBe('/profit-center/summary');

    const notes = await card('Notifications');
    expect(within(notes).getByText('1 unread')).toBeTruthy();
    // No store card: the member lacks input purchasing (the server answered null).
    expect(screen.queryByRole('region', { name: 'Store orders in progress' })).toBeNull();
  });

  it('says what will appear in each empty card', async () => {
    renderApp('/dashboard', 'farmer');
    serveHome({ status: 200, body: EMPTY });
    const sign = await card('To sign');
    expect(
      within(sign).getByText('Contracts and amendments your buyer sends for your signature appear here.'),
    ).toBeTruthy();
    expect(
      within(await card('Store orders in progress')).getByText(
        'Orders you place in the store show here until they are delivered or picked up.',
      ),
    ).toBeTruthy();
    expect(
      within(await card('Local bids')).getByText('Cash bids of the elevators you sell to appear here.'),
    ).toBeTruthy();
  });

  it('shows a farmer without My Sales Lite no grain card, and keeps the locale prefix on links', async () => {
    renderApp('/en-ca/dashboard', 'farmer-without-flag');
    serveHome({ status: 200, body: { ...EMPTY, orders: [] } });
    const orders = await card('Store orders in progress');
    expect(within(orders).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/en-ca/direct/order-history',
    );
    expect(screen.queryByRole('region', { name: 'To sign' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Local bids' })).toBeNull();
    expect(screen.getByText('What needs you now and the latest news from Prairie.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sales summary' })).toBeNull();
  });

  it('says so when the home cannot load, with a retry', async () => {
    renderApp('/dashboard', 'farmer');
    serveHome({ status: 500, body: { code: 'internal', message: 'Sorry, an unexpected issue occurred.' } });
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    await waitFor(() => expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy());
    expect(within(alert).getByText('Sorry, an unexpected issue occurred.')).toBeTruthy();
  });

  it('shows the access-denied line when the member lacks the access flag', async () => {
    renderApp('/dashboard', 'farmer');
    serveHome({
      status: 403,
      body: {
        code: 'enterprise_access_required',
        message: 'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
      },
    });
    expect(
      await screen.findByText(
        'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
