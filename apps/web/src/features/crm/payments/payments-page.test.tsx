import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CrmMarketRow, PaymentRequestDetail, PaymentRequestList, PaymentRequestRow } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { BOOTSTRAP, crmMarket } from '../test-fixtures';

const MARKETS: CrmMarketRow[] = [
  crmMarket(10, 'Ames Elevator', { userPermissions: ['contracts'], entitlements: [] }),
  crmMarket(11, 'Grand Island', { userPermissions: ['contracts'], entitlements: [] }),
  crmMarket(12, 'Boone Terminal', { userPermissions: ['offers'], entitlements: [] }),
];

function row(id: number, extra: Partial<PaymentRequestRow> = {}): PaymentRequestRow {
  return {
    id,
    status: 'requested',
    method: 'check',
    amount: '21748.37',
    source: 'farmer',
    marketId: 11,
    market: 'Grand Island',
    clientId: 5,
    clientName: `Farm ${id}`,
    settlementIds: [70 + id],
    contracts: [{ id: 900 + id, displayContractId: `C-10${id}` }],
    requestedBy: 'Sam Fieldman',
    requestedAt: '2026-11-26T20:00:00.000Z',
    decidedAt: null,
    note: null,
    payment: null,
    version: 1,
    ...extra,
  };
}

function detail(r: PaymentRequestRow): PaymentRequestDetail {
  return {
    request: r,
    events: [
      {
        id: 1,
        action: 'request',
        fromStatus: null,
        toStatus: 'requested',
        actor: 'Sam Fieldman',
        note: null,
        at: '2026-11-26T20:00:00.000Z',
      },
    ],
  };
}

const list = (rows: PaymentRequestRow[]): PaymentRequestList => ({
  totalCount: rows.length,
  paginationToken: null,
  page: 1,
  pageSize: 50,
  paymentRequests: rows,
});

function serve(post?: (path: string, call: StubCall) => StubReply | undefined) {
  return stubFetch((call) => {
    const path = call.url.pathname.replace('/api/commodities/merchandising', '');
    if (path === '/bootstrap') return { status: 200, body: BOOTSTRAP };
    if (path === '/le/1/markets')
      return { status: 200, body: { markets: MARKETS, adminPermissions: {}, isAdmin: false } };
    if (path === '/payment-requests' && call.method === 'GET') {
      const tab = call.url.searchParams.get('tab');
      return { status: 200, body: list(tab === 'settled' ? [row(2, { status: 'settled' })] : [row(1)]) };
    }
    const one = /^\/payment-requests\/(\d+)$/.exec(path);
    if (one && call.method === 'GET') return { status: 200, body: detail(row(Number(one[1]))) };
    if (call.method === 'POST') return post?.(path, call);
    return undefined;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/crm/payments', () => {
  it('lists the requested payments of every market with contracts: client, market, contracts, amount, method, status', async () => {
    renderApp('/crm/payments', 'buyer');
    const calls = serve();
    const table = await screen.findByRole('table', { name: 'Payment requests' });
    const tr = within(table).getByText('Farm 1').closest('tr')!;
    expect(within(tr).getByText('$21,748.37')).toBeTruthy();
    expect(within(tr).getByText('C-101')).toBeTruthy();
    expect(within(tr).getByText('Check')).toBeTruthy();
    expect(within(tr).getByText('Requested')).toBeTruthy();
    const listCall = calls.find((c) => c.url.pathname.endsWith('/payment-requests'))!;
    expect(listCall.url.searchParams.get('tab')).toBe('requested');
    expect(listCall.url.searchParams.get('market_id')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Rejected/Returned' })).toBeTruthy();
  });

  it('a tab lists its statuses; Settled reads Paid', async () => {
    renderApp('/crm/payments', 'buyer');
    serve();
    fireEvent.click(await screen.findByRole('tab', { name: 'Settled' }));
    const table = await screen.findByRole('table', { name: 'Payment requests' });
    await waitFor(() => expect(within(table).getByText('Farm 2')).toBeTruthy());
    expect(within(table).getByText('Paid')).toBeTruthy();
  });

  it('approves from the detail at the version shown, with the check number typed', async () => {
    renderApp('/crm/payments', 'buyer');
    const calls = serve((path) =>
      path === '/payment-requests/1/approve'
        ? { status: 200, body: detail(row(1, { status: 'sent', version: 3 })) }
        : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Payment requests' });
    fireEvent.click(within(table).getByRole('button', { name: /Details/ }));
    const drawer = await screen.findByRole('region', { name: 'Payment request 1' });
    expect(await within(drawer).findByText('by Sam Fieldman')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve payment' });
    expect(within(dialog).getByText(/Pay \$21,748\.37 to Farm 1 by Check/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Check number (optional)'), { target: { value: '10442' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Payment approved and sent.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/commodities/merchandising/payment-requests/1/approve');
    expect(post.ifMatch).toBe('"1"');
    expect(post.body).toEqual({ checkNumber: '10442' });
  });

  it('a reject needs a reason; someone deciding first shows the server’s 409 in the dialog', async () => {
    renderApp('/crm/payments', 'buyer');
    const calls = serve(() => ({
      status: 409,
      body: { code: 'conflict', message: 'This payment request is already approved and sent.' },
    }));
    const table = await screen.findByRole('table', { name: 'Payment requests' });
    fireEvent.click(within(table).getByRole('button', { name: /Details/ }));
    const drawer = await screen.findByRole('region', { name: 'Payment request 1' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject payment request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('textbox', { name: /Reason/ })
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Wrong account' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('This payment request is already approved and sent.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Wrong account' });
  });
});
