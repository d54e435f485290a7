import { fireEvent, screen, within } from '@testing-library/react';
import type { SettlementDetail } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { paged, serveMsl } from './test-server';

/** A settlement as the API answers it, for the settlements' component tests. */
const settlementDetail = (extra: Partial<SettlementDetail> = {}): SettlementDetail => ({
  id: 9,
  displaySettlementId: 'S-000009',
  status: 'draft',
  marketId: 1,
  marketName: 'Ames Elevator',
  clientId: 7,
  clientName: 'Fieldman Family Farms',
  cropName: 'Corn',
  cropYear: 2026,
  settlementDate: '2026-12-01',
  bushels: '1234.5678',
  gross: '5348.76',
  deductionsTotal: '549.12',
  net: '4799.64',
  contracts: [{ id: 3, displayContractId: 'C-100003' }],
  version: 1,
  createdAt: '2026-12-01T15:00:00.000Z',
  voidReason: null,
  lines: [
    {
      id: 1,
      ticketApplicationId: 11,
      contractId: 3,
      displayContractId: 'C-100003',
      scaleTicketId: 21,
      displayScaleTicketId: 'T-500021',
      deliveryDate: '2026-10-01',
      bushels: '1234.5678',
      price: '4.3325',
      amount: '5348.76',
      drying: '24.69',
      discounts: '0.00',
      storage: '11.66',
      storageDays: 31,
      checkoff: '12.35',
      net: '5300.06',
    },
  ],
  deductions: [
    { kind: 'drying', description: 'Drying', amount: '24.69' },
    { kind: 'storage', description: 'Storage', amount: '11.66' },
    { kind: 'checkoff', description: 'Iowa corn checkoff', amount: '12.35' },
    { kind: 'advance', description: '2026-09-15', amount: '500.42' },
  ],
  payees: [
    { kind: 'farmer', payeeName: 'Fieldman Family Farms', amount: '3799.64' },
    { kind: 'lienholder', payeeName: 'Heartland Farm Credit', amount: '1000.00' },
  ],
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

describe('my sales lite: settlements', () => {
  it('lists the farmer’s settlements and opens one with its statement', async () => {
    renderApp('/my-sales-lite/settlements', 'farmer');
    const s = settlementDetail({ status: 'final' });
    serveMsl((_call, path) =>
      path === '/settlements'
        ? { status: 200, body: paged([s], { totalCount: 1 }) }
        : path === '/settlements/9'
          ? { status: 200, body: s }
          : undefined,
    );
    const open = await screen.findByRole('button', { name: 'Open settlement S-000009' });
    expect(within(open).getByText('$4,799.64')).toBeTruthy();
    expect(within(open).getByText('Final')).toBeTruthy();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('T-500021')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download statement' }).getAttribute('href')).toBe(
      '/api/commodities/profit-center/settlements/9/statement',
    );
  });

  it('says so when there is nothing yet', async () => {
    renderApp('/my-sales-lite/settlements', 'farmer');
    serveMsl((_call, path) => (path === '/settlements' ? { status: 200, body: paged([]) } : undefined));
    expect(await screen.findByText('No settlements yet')).toBeTruthy();
  });
});
