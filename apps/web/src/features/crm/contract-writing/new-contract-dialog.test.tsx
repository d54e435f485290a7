import { QueryClientProvider } from '@tanstack/react-query';
import type { InstrumentRow } from '@granary/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { allMessages } from '../../../test/messages';
import { testPartner } from '../../../test/fixtures';
import { crmMarket } from '../test-fixtures';
import { prefillFromBid, type ContractPrefill } from './contract-form';
import { NewContractDialog } from './new-contract-dialog';

const FAILED = 'Error saving contract. Please verify all fields are complete.';
const ames = crmMarket(3, 'Ames', { entitlements: ['grain-buying-contracts'], userPermissions: ['contracts'] });

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderDialog(fetchMock: ReturnType<typeof vi.fn>, prefill?: ContractPrefill) {
  vi.stubGlobal('fetch', fetchMock);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <PartnerProvider partner={testPartner}>
          <MemoryRouter>
            <NewContractDialog
              open
              onClose={() => {}}
              markets={[ames]}
              marketId={3}
              {...(prefill ? { prefill } : {})}
            />
          </MemoryRouter>
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

const noClients = () =>
  vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(json({ rows: [], totalCount: 0, paginationToken: null })),
  );

async function chooseType(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Contract type' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

const client = { clientId: 7, clientName: 'Prairie Acres Farm' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NewContractDialog', () => {
  it('shows only the fields the chosen type takes', async () => {
    renderDialog(noClients());
    const dialog = await screen.findByRole('dialog', { name: 'New contract' });
    // Flat: futures and basis, cash follows (a preview, not a field).
    expect(within(dialog).getByLabelText(/^Futures \(/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Basis/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Cash/)).toBeNull();
    expect(within(dialog).queryByLabelText(/^Strike/)).toBeNull();
    await chooseType('Minimum price');
    expect(within(dialog).getByLabelText(/^Strike/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Call option fee/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Option expiration/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Futures \(/)).toBeNull();
    await chooseType('Spot');
    expect(within(dialog).getByLabelText(/^Cash/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Strike/)).toBeNull();
    await chooseType('Pricing program');
    expect(within(dialog).getByLabelText(/^Pricing period start/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Futures \(/)).toBeNull();
  });

  it('checks before sending: the spec’s failure line and each missing field marked, nothing sent', async () => {
    const fetchMock = noClients();
    renderDialog(fetchMock);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(FAILED)).toBeTruthy();
    expect(screen.getByText('Choose a client')).toBeTruthy();
    expect(screen.getByText('Enter a quantity')).toBeTruthy();
    expect(screen.getByText('Enter the futures price')).toBeTruthy();
    expect(screen.getByText('Enter the basis')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the live cash preview, sends exact decimals and marks the fields the server refuses', async () => {
    const fetchMock = vi.fn((url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST')
        return Promise.resolve(
          json(
            {
              code: 'invalid_request',
              message: FAILED,
              details: { fields: { deliveryEnd: 'Too late for this crop' } },
            },
            400,
          ),
        );
      return Promise.resolve(json({ rows: [], totalCount: 0, paginationToken: null }));
    });
    renderDialog(fetchMock, {
      ...client,
      quantity: '5,000',
      deliveryStart: '2026-10-01',
      deliveryEnd: '2026-11-30',
      optionMonth: '2026-12',
      cropYear: '2026',
    });
    fireEvent.change(await screen.findByLabelText(/^Futures \(/), { target: { value: '4.1275' } });
    fireEvent.change(screen.getByLabelText(/^Basis/), { target: { value: '-35' } });
    expect(await screen.findByText('Cash $3.77¾')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too late for this crop')).toBeTruthy();
    expect(screen.getByText(FAILED)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toContain('/api/commodities/ctrm/seller/7/contract');
    expect(JSON.parse(String(post[1]?.body))).toMatchObject({
      contractType: 'flat',
      quantity: '5000',
      futuresPrice: '4.1275',
      basis: '-0.3500',
      marketId: 3,
    });
  });

  it('starts from a bid: crop year, window, futures month, futures and basis', async () => {
    const bid = {
      id: 5,
      marketId: 3,
      cropId: 1,
      cropName: 'Corn',
      cropYear: 2026,
      name: 'Oct corn',
      deliveryStart: '2026-10-01',
      deliveryEnd: '2026-10-31',
      futuresMonth: '2026-12',
      futuresLast: '4.3125',
      basis: '-0.45',
    } as unknown as InstrumentRow;
    renderDialog(noClients(), prefillFromBid(bid, '-45'));
    const dialog = await screen.findByRole('dialog', { name: 'New contract' });
    expect((within(dialog).getByLabelText('Delivery start') as HTMLInputElement).value).toBe('2026-10-01');
    expect((within(dialog).getByLabelText('Delivery end') as HTMLInputElement).value).toBe('2026-10-31');
    expect((within(dialog).getByLabelText(/^Basis/) as HTMLInputElement).value).toBe('-45');
    expect((within(dialog).getByLabelText(/^Futures \(/) as HTMLInputElement).value).toBe('4.3125');
    expect(within(dialog).getByRole('combobox', { name: 'Futures month' }).textContent).toMatch(/Dec/);
    await waitFor(() => expect(within(dialog).getByText(/^Cash \$3\.86/)).toBeTruthy());
  });
});
