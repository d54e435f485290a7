import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EligibleContracts, EligibleSummaries, PaymentRequestList, PaymentRequestRow } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

const ELIGIBLE: EligibleContracts = {
  settlements: [
    {
      settlementId: 7,
      settlementNumber: 'S-000007',
      settlementDate: '2026-11-20',
      marketId: 11,
      market: 'Grand Island',
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
    {
      settlementId: 8,
      settlementNumber: 'S-000008',
      settlementDate: '2026-11-21',
      marketId: 11,
      market: 'Grand Island',
      clientId: 5,
      clientName: 'Fieldman Family Farms',
      cropId: 1,
      crop: 'Corn',
      cropYear: 2026,
      contracts: [{ id: 901, displayContractId: 'C-100901' }],
      amount: '0.10',
      ach: true,
      deferredPaymentDate: '2027-01-15',
      eligible: false,
      payableOn: '2027-01-15',
    },
  ],
};

const SUMMARIES: EligibleSummaries = {
  summaries: [
    {
      cropId: 1,
      crop: 'Corn',
      cropYear: 2026,
      eligibleAmount: '1234.57',
      eligibleCount: 1,
      deferredAmount: '0.10',
      deferredCount: 1,
    },
  ],
};

const PAID: PaymentRequestRow = {
  id: 3,
  status: 'settled',
  method: 'check',
  amount: '16279.93',
  source: 'farmer',
  marketId: 11,
  market: 'Grand Island',
  clientId: 5,
  clientName: 'Fieldman Family Farms',
  settlementIds: [5],
  contracts: [{ id: 800, displayContractId: 'C-101051' }],
  requestedBy: 'Sam Fieldman',
  requestedAt: '2026-11-18T20:00:00.000Z',
  decidedAt: null,
  note: null,
  payment: null,
  version: 4,
};

const requests = (rows: PaymentRequestRow[]): PaymentRequestList => ({
  totalCount: rows.length,
  paginationToken: null,
  page: 1,
  pageSize: 50,
  paymentRequests: rows,
});

function serve() {
  return stubFetch((call) => {
    const path = call.url.pathname.replace('/api/commodities/profit-center', '');
    if (path === '/payment-eligible-contracts') return { status: 200, body: ELIGIBLE };
    if (path === '/payment-eligible-summaries') return { status: 200, body: SUMMARIES };
    if (path === '/payment-requests' && call.method === 'GET') return { status: 200, body: requests([PAID]) };
    if (path === '/payment-requests' && call.method === 'POST')
      return { status: 201, body: { paymentRequests: [{ ...PAID, id: 9, status: 'requested', version: 1 }] } };
    if (path === '/payment-requests/3/events')
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
              actor: 'Sam',
              note: null,
              at: '2026-11-18T20:00:00.000Z',
            },
            {
              id: 2,
              action: 'settle',
              fromStatus: 'sent',
              toStatus: 'settled',
              actor: 'Dana',
              note: 'Check cashed',
              at: '2026-11-22T17:00:00.000Z',
            },
          ],
        },
      };
    return undefined;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('my sales lite: payments', () => {
  it('lists what is ready to be paid with its amount; a credit sale waits for its date and cannot be chosen', async () => {
    renderApp('/my-sales-lite/payments', 'farmer');
    serve();
    expect(await screen.findByText('Settlement S-000007')).toBeTruthy();
    expect(screen.getAllByText('$1,234.57').length).toBeGreaterThan(0);
    expect(screen.getByText(/^Credit sale: paid on 0?1\/15\/2027$/)).toBeTruthy();
    const credit = screen.getByRole('checkbox', { name: 'Choose settlement S-000008' }) as HTMLInputElement;
    expect(credit.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Request payment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('requests payment: choose, confirm ACH, submit the chosen settlement', async () => {
    renderApp('/my-sales-lite/payments', 'farmer');
    const calls = serve();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choose settlement S-000007' }));
    fireEvent.click(screen.getByRole('button', { name: /Request payment \(1\)/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Request payment' });
    expect(within(dialog).getByText('1 settlement for $1,234.57.')).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: 'ACH (direct deposit)' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Payment requested.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ settlementIds: [7], method: 'ach' });
  });

  it('shows their requests, Paid once settled, with the history on demand', async () => {
    renderApp('/my-sales-lite/payments', 'farmer');
    serve();
    expect(await screen.findByText('$16,279.93')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    await waitFor(() => expect(screen.getByText(/Check cashed/)).toBeTruthy());
  });

  it('shows the newest requests first and the older ones with Show more (the keyset token)', async () => {
    const row = (id: number): PaymentRequestRow => ({ ...PAID, id, amount: `${100 + id}.00`, status: 'rejected' });
    renderApp('/my-sales-lite/payments', 'farmer');
    const calls = stubFetch((call) => {
      const path = call.url.pathname.replace('/api/commodities/profit-center', '');
      if (path === '/payment-eligible-contracts') return { status: 200, body: ELIGIBLE };
      if (path === '/payment-eligible-summaries') return { status: 200, body: SUMMARIES };
      if (path !== '/payment-requests') return undefined;
      const q = call.url.searchParams;
      if (q.get('page') === '2' && q.get('paginationToken') === 'next-1')
        return { status: 200, body: { ...requests([row(1)]), totalCount: 21, page: 2, pageSize: 20 } };
      return {
        status: 200,
        body: {
          ...requests(Array.from({ length: 20 }, (_, i) => row(21 - i))),
          totalCount: 21,
          pageSize: 20,
          paginationToken: 'next-1',
        },
      };
    });
    expect(await screen.findByText('$121.00')).toBeTruthy();
    expect(screen.queryByText('$101.00')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('$101.00')).toBeTruthy();
    expect(screen.getByText('$121.00')).toBeTruthy();
    // The last page gave no token: nothing more to show.
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    const asked = calls.filter((c) => c.url.pathname.endsWith('/payment-requests')).map((c) => c.url.search);
    expect(asked).toEqual(['?pageSize=20', '?pageSize=20&page=2&paginationToken=next-1']);
  });
});
