import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BidChart, EligibleContracts, EnterpriseBids, PaymentRequestRow, PublicBidRow } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/api/query-keys';
import { fakeBootstrap } from '../../test/fixtures';
import { stubFetch, type StubCall, type StubReply } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

// The profit center's payments tab (My Sales Lite's payment components under sub-tabs) and the market home's bid
// chart (issue 17, decision 057 addendum).

afterEach(() => vi.restoreAllMocks());

const PC = '/api/commodities/profit-center';

const BID: PublicBidRow = {
  id: 1,
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
};

const HOME: EnterpriseBids = {
  enterpriseId: 7,
  markets: [{ id: 10, label: 'Ames Elevator', timezone: 'America/Chicago', rows: [BID] }],
  favorites: [],
};

const ELIGIBLE: EligibleContracts = {
  settlements: [
    {
      settlementId: 7,
      settlementNumber: 'S-000007',
      settlementDate: '2026-11-20',
      marketId: 10,
      market: 'Ames Elevator',
      clientId: 5,
      clientName: 'Fieldman Family Farms',
      cropId: 1,
      crop: 'Corn',
      cropYear: 2026,
      contracts: [{ id: 900, displayContractId: 'C-100900' }],
      amount: '1234.57',
      ach: true,
      deferredPaymentDate: null,
      eligible: true,
      payableOn: '2026-11-27',
    },
  ],
};

const request = (extra: Partial<PaymentRequestRow> = {}): PaymentRequestRow => ({
  id: 3,
  status: 'requested',
  method: 'ach',
  amount: '500.00',
  source: 'farmer',
  marketId: 10,
  market: 'Ames Elevator',
  clientId: 5,
  clientName: 'Fieldman Family Farms',
  settlementIds: [5],
  contracts: [{ id: 800, displayContractId: 'C-101051' }],
  requestedBy: 'Sam Fieldman',
  requestedAt: '2026-11-18T20:00:00.000Z',
  decidedAt: null,
  note: null,
  payment: null,
  version: 1,
  ...extra,
});

const PAID = request({
  id: 4,
  status: 'settled',
  method: 'check',
  amount: '16279.93',
  contracts: [{ id: 801, displayContractId: 'C-101052' }],
  payment: {
    provider: 'builtin',
    reference: 'chk-1',
    status: 'settled',
    method: 'check',
    amount: '16279.93',
    checkNumber: '1042',
    sentAt: '2026-11-19T15:00:00.000Z',
    settlesOn: null,
    settledAt: '2026-11-20T15:00:00.000Z',
    returnedAt: null,
    returnReason: null,
  },
});

/** Approved and sent by ACH: on its way until its settlement day. */
const ON_ITS_WAY = request({
  id: 5,
  status: 'sent',
  amount: '8280.00',
  contracts: [{ id: 802, displayContractId: 'C-101053' }],
  payment: {
    provider: 'builtin',
    reference: 'ach-5',
    status: 'sent',
    method: 'ach',
    amount: '8280.00',
    checkNumber: null,
    sentAt: '2026-11-27T15:00:00.000Z',
    settlesOn: '2026-11-30',
    settledAt: null,
    returnedAt: null,
    returnReason: null,
  },
});

const page = (rows: PaymentRequestRow[]) => ({
  paymentRequests: rows,
  totalCount: rows.length,
  paginationToken: null,
  page: 1,
  pageSize: 25,
});

const DENIED = {
  status: 403,
  body: {
    code: 'enterprise_access_required',
    message: 'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
  },
};

function open(path: string, route: (call: StubCall, path: string) => StubReply | undefined = () => undefined) {
  const view = renderApp(path, 'farmer');
  const calls = stubFetch((call) => {
    const p = call.url.pathname.replace(PC, '');
    const reply = route(call, p);
    if (reply) return reply;
    if (p === '/favorite') return { status: 200, body: { favorites: [] } };
    if (p === '/enterprise/7/bids') return { status: 200, body: HOME };
    if (p.startsWith('/quotes-root/')) return { status: 200, body: { quotes: [] } };
    if (p === '/payment-eligible-contracts') return { status: 200, body: ELIGIBLE };
    if (p === '/payment-eligible-summaries') return { status: 200, body: { summaries: [] } };
    if (p === '/payment-requests')
      return {
        status: 200,
        body: page(call.url.searchParams.get('sent') === 'true' ? [ON_ITS_WAY, PAID] : [request(), ON_ITS_WAY, PAID]),
      };
    if (p === '/payment-requests/3/events')
      return {
        status: 200,
        body: {
          requestId: 3,
          events: [
            {
              id: 1,
              action: 'request',
              fromStatus: null,
              toStatus: 'requested',
              at: '2026-11-18T20:00:00.000Z',
              note: null,
              actor: 'Sam Fieldman',
            },
          ],
        },
      };
    if (p === '/balances') return { status: 200, body: { rows: [] } };
    return undefined;
  });
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

describe('profit center payments tab', () => {
  it('requests payment with My Sales Lite’s flow and shows each request’s event timeline', async () => {
    const { calls } = open('/profit-center/payments');
    const nav = await screen.findByRole('navigation', { name: 'Profit center sections' });
    expect(within(nav).getByRole('tab', { name: 'Payments', selected: true })).toBeTruthy();
    const sub = await screen.findByRole('tablist', { name: 'Payments sections' });
    expect(within(sub).getByRole('tab', { name: 'Request payment', selected: true })).toBeTruthy();
    // The eligible settlement with the shared Request payment flow.
    expect(await screen.findByText('Settlement S-000007')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose settlement S-000007' }));
    expect(screen.getByRole('button', { name: /Request payment/ })).toBeTruthy();
    // The requests, one's history opened.
    const requests = screen.getByRole('region', { name: 'Your payment requests' });
    const card = (await within(requests).findByText('$500.00')).closest('[data-payment-request-id]') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'History' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${PC}/payment-requests/3/events`)).toBe(true));
    expect(await within(card).findByRole('listitem')).toBeTruthy();
  });

  it('payment history lists the payments sent — on its way, then paid (payment-requests?sent=true), deep-linkable', async () => {
    const { calls } = open('/profit-center/payments/history');
    const sub = await screen.findByRole('tablist', { name: 'Payments sections' });
    expect(within(sub).getByRole('tab', { name: 'Payment history', selected: true })).toBeTruthy();
    const history = await screen.findByRole('region', { name: 'Payment history' });
    // An ACH payment sent and not yet settled is there (the home's 'Payments sent' opens this page), with its day.
    const sent = (await within(history).findByText('$8,280.00')).closest('li') as HTMLElement;
    expect(within(sent).getByText('On its way: sent 11/27/2026, arrives 11/30/2026')).toBeTruthy();
    expect(within(sent).getByText(/^ACH · C-101053 · Ames Elevator$/)).toBeTruthy();
    const paid = within(history).getByText('$16,279.93').closest('li') as HTMLElement;
    expect(within(paid).getByText(/Check 1042/)).toBeTruthy();
    expect(within(paid).getByText(/^Paid /)).toBeTruthy();
    // The request still waiting for the buyer is not history.
    expect(within(history).queryByText('$500.00')).toBeNull();
    expect(
      calls.some((c) => c.url.pathname === `${PC}/payment-requests` && c.url.searchParams.get('sent') === 'true'),
    ).toBe(true);
  });

  it('without financial access the payments say whom to ask, while the balances still show', async () => {
    open('/profit-center/payments', (_call, p) => (p.startsWith('/payment-') ? DENIED : undefined));
    const denied = await screen.findAllByText(
      'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
    );
    expect(denied.length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Balances' }));
    expect(await screen.findByRole('tab', { name: 'Balances', selected: true })).toBeTruthy();
  });
});

describe('market home bid chart', () => {
  const chart = (range: string): BidChart => ({
    bidId: 1,
    marketId: 10,
    cropId: 1,
    name: 'Oct 2026',
    futuresSymbol: 'ZCZ26',
    priceUnit: 'bushel',
    currency: 'USD',
    range: range as BidChart['range'],
    from: '2026-10-28',
    to: '2026-11-27',
    points: [
      { day: '2026-11-25', futures: '4.5', basis: '-0.35', cash: '4.15' },
      { day: '2026-11-26', futures: '4.6', basis: '-0.35', cash: '4.25' },
    ],
  });

  it('a bid opens its price history, one month first, then three months or a year', async () => {
    const { calls } = open('/profit-center', (call, p) =>
      p === '/bid/1/chart' ? { status: 200, body: chart(call.url.searchParams.get('range') ?? '1M') } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Price history of Corn Oct 2026' }));
    const dialog = await screen.findByRole('dialog', { name: /Corn Oct 2026/ });
    expect(within(dialog).getByText(/ZCZ26/)).toBeTruthy();
    expect(await within(dialog).findByText('$4.25')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '1M', pressed: true })).toBeTruthy();
    const ranges = () =>
      calls.filter((c) => c.url.pathname === `${PC}/bid/1/chart`).map((c) => c.url.searchParams.get('range'));
    await waitFor(() => expect(ranges()).toEqual(['1M']));
    fireEvent.click(within(dialog).getByRole('button', { name: '1Y' }));
    await waitFor(() => expect(ranges()).toEqual(['1M', '1Y']));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a bid without history says so', async () => {
    open('/profit-center', (_call, p) =>
      p === '/bid/1/chart' ? { status: 200, body: { ...chart('1M'), points: [] } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Price history of Corn Oct 2026' }));
    expect(await screen.findByText('No price history for this bid in this period yet.')).toBeTruthy();
  });
});
