import { QueryClientProvider } from '@tanstack/react-query';
import type { ContractDetail } from '@granary/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { allMessages } from '../../../test/messages';
import { testPartner } from '../../../test/fixtures';
import { ContractDrawer } from './contract-drawer';

const row = {
  kind: 'contract',
  id: 41,
  clientId: 7,
  marketId: 3,
  cropId: 1,
  contractType: 'hta',
  client: 'Prairie Acres Farm',
  contractStatus: 'open',
  quantity: '5000',
  quantityUnit: 'bu',
  deliveryStartIsoStr: '2026-10-01',
  deliveryEndIsoStr: '2026-10-31',
  priceStatus: 'futures_set',
  averageFutures: '4.3125',
  averageBasis: null,
  averageCash: null,
  deliveredQuantity: '1200',
  optionMonth: '2026-12',
  undeliveredQuantity: '3800',
  cancelledQuantity: '0',
  unpricedQuantity: '5000',
  expiration: null,
  date: '2026-04-02',
  commodity: 'Corn',
  cropYear: 2026,
  displayContractId: 'C-1041',
  signed: false,
} as unknown as ContractDetail['contract'];

function detail(overrides: Partial<ContractDetail> = {}): ContractDetail {
  return {
    contract: row,
    version: 3,
    direction: 'purchase',
    termsHash: 'a',
    signedTermsHash: null,
    pricingEvents: [
      {
        id: 1,
        quantity: '5000',
        futuresPrice: '4.3125',
        basis: null,
        cashPrice: null,
        pricedAt: '2026-04-02T15:00:00.000Z',
      },
    ],
    amendments: [],
    ticketApplications: [
      {
        id: 9,
        scaleTicketId: 90,
        displayScaleTicketId: 'T-90',
        deliveryDate: '2026-10-04',
        quantity: '1200',
        splitPct: '100',
      },
    ],
    documents: [],
    allowedOperations: ['note', 'cancel', 'partial_cancel', 'futures_roll', 'basis_roll', 'roll'],
    ...overrides,
  };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function renderDrawer(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <PartnerProvider partner={testPartner}>
          {/* The drawer links to the contract page: a router around it. */}
          <MemoryRouter>
            <ContractDrawer clientId={7} contractId={41} onClose={() => {}} />
          </MemoryRouter>
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ContractDrawer', () => {
  it('shows the contract, its pricing and deliveries, and the operations its state allows', async () => {
    renderDrawer(vi.fn(() => Promise.resolve(json(detail(), 200, { ETag: '"3"' }))));
    expect(await screen.findByRole('heading', { name: 'Contract C-1041' })).toBeTruthy();
    expect(screen.getByText('3,800 bu')).toBeTruthy();
    // Prices in the trade's notation: the average with its unit, the pricing table's futures under its heading.
    expect(screen.getByText('$4.31¼/bu')).toBeTruthy();
    const pricing = within(screen.getByRole('table', { name: 'Pricing' }));
    expect(pricing.getByText('$4.31¼')).toBeTruthy();
    expect(pricing.getByText('5,000.00 bu')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Deliveries' })).getByText('T-90')).toBeTruthy();
    for (const name of ['Add note', 'Partial cancel', 'Futures roll', 'Basis roll', 'Roll', 'Cancel contract']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Open contract page' }).getAttribute('href')).toBe('/crm/contracts/41');
  });

  it("proposes the month after the current delivery window for a basis roll, and the crop's next listed futures month", async () => {
    renderDrawer(vi.fn(() => Promise.resolve(json(detail()))));
    fireEvent.click(await screen.findByRole('button', { name: 'Roll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll' });
    expect((within(dialog).getByLabelText(/New delivery start/) as HTMLInputElement).value).toBe('2026-11-01');
    expect((within(dialog).getByLabelText(/New delivery end/) as HTMLInputElement).value).toBe('2026-11-30');
    // Corn on December: March is its next listed month (no January contract).
    expect(within(dialog).getByRole('combobox', { name: /New futures month/ }).textContent).toBe('Mar 2027');
  });

  it('offers no term changes on a contract that is not open', async () => {
    renderDrawer(vi.fn(() => Promise.resolve(json(detail({ allowedOperations: ['note'] })))));
    expect(await screen.findByRole('button', { name: 'Add note' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel contract' })).toBeNull();
  });

  it('checks a partial cancel before sending, sends the version as If-Match, and keeps the input on a stale version', async () => {
    const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST')
        return Promise.resolve(
          json({ code: 'precondition_failed', message: 'Changed', details: { currentVersion: 4 } }, 412),
        );
      return Promise.resolve(json(detail()));
    });
    renderDrawer(fetchMock);
    fireEvent.click(await screen.findByRole('button', { name: 'Partial cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Partial cancel' });
    const quantity = within(dialog).getByLabelText(/Quantity to cancel/);
    fireEvent.change(quantity, { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Must be above 0')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(quantity, { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Someone else changed this contract. It has been reloaded: check it and try again.',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/commodities/ctrm/seller/7/contract/41/partial-cancel');
    expect((post?.[1]?.headers as Record<string, string>)['If-Match']).toBe('"3"');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ quantity: '500' });
    expect((quantity as HTMLInputElement).value).toBe('500');
    // The contract was read again after the 412.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').length,
      ).toBeGreaterThanOrEqual(2),
    );
  });

  it('tells the history in words with its figures, newest first, not as codes', async () => {
    const amendments: ContractDetail['amendments'] = [
      {
        id: 1,
        displayContractAmendmentId: 'A-200107',
        action: 'partial_cancel',
        details: { cancelledQuantity: '500', reason: 'Short crop (hail)' },
        createdBy: { id: 'u1', name: 'Sam Buyer' },
        createdAt: '2026-05-01T15:00:00.000Z',
      },
      {
        id: 2,
        displayContractAmendmentId: 'A-200108',
        action: 'basis_set',
        details: { quantity: '3000', basis: '-0.45', futuresPrice: '4.3125', cashPrice: '3.8625' },
        createdBy: { id: 'u1', name: 'Sam Buyer' },
        createdAt: '2026-06-01T15:00:00.000Z',
      },
    ];
    renderDrawer(vi.fn(() => Promise.resolve(json(detail({ amendments })))));
    const history = (await screen.findByRole('heading', { name: 'History' })).closest('section')!;
    const rows = within(history).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Basis set to -45 Z on 3,000 bu, cash $3.86¼');
    expect(rows[0]!.textContent).toContain('A-200108 · Sam Buyer · 06/01/2026');
    expect(rows[1]!.textContent).toContain('Canceled 500 bu');
    expect(rows[1]!.textContent).toContain('Short crop (hail)');
    expect(history.textContent).not.toMatch(/basis_set|partial_cancel/);
  });
});
