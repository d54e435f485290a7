import type { Advance } from '@granary/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/form-dialog-kit';
import { AdvancesAndLiens } from './advances-liens';

const advance = (extra: Partial<Advance>): Advance => ({
  id: 1,
  contractId: 3,
  displayContractId: 'C-100003',
  clientId: 7,
  clientName: 'Fieldman Family Farms',
  marketId: 1,
  amount: '1000.00',
  paidDate: '2026-09-15',
  recoveredAmount: '0.00',
  status: 'paid',
  recoveredBySettlementId: null,
  recoveredByDisplaySettlementId: null,
  note: null,
  createdAt: '2026-09-15T15:00:00.000Z',
  ...extra,
});

function renderAdvances(rows: Advance[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) =>
      Promise.resolve(jsonResponse(200, { rows: String(input).includes('/advances') ? rows : [] })),
    ),
  );
  renderWithProviders(<AdvancesAndLiens clientId={7} today="2026-12-01" />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdvancesAndLiens: advances', () => {
  it('shows each advance’s amount, what settlements recovered of it, its balance and where it stands', async () => {
    renderAdvances([
      advance({ id: 1, displayContractId: 'C-100003' }),
      advance({
        id: 2,
        displayContractId: 'C-100004',
        amount: '2500.00',
        recoveredAmount: '1049.64',
        recoveredBySettlementId: 9,
        recoveredByDisplaySettlementId: 'S-000009',
      }),
      advance({
        id: 3,
        displayContractId: 'C-100005',
        amount: '750.00',
        recoveredAmount: '750.00',
        status: 'recovered',
        recoveredBySettlementId: 8,
        recoveredByDisplaySettlementId: 'S-000008',
      }),
    ]);
    const list = await screen.findByRole('region', { name: 'Advances' });
    const open = (await within(list).findByText(/^C-100003/)).closest('li')!;
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByText('$1,000.00')).toBeTruthy();
    expect(within(open).getByText('Recovered $0.00')).toBeTruthy();
    expect(within(open).getByText('Balance $1,000.00')).toBeTruthy();

    const partly = within(list)
      .getByText(/^C-100004/)
      .closest('li')!;
    expect(within(partly).getByText('Partly recovered')).toBeTruthy();
    expect(within(partly).getByText('$2,500.00')).toBeTruthy();
    expect(within(partly).getByText('Recovered $1,049.64')).toBeTruthy();
    expect(within(partly).getByText('Balance $1,450.36')).toBeTruthy();
    expect(within(partly).getByText('Last recovered by S-000009')).toBeTruthy();

    const whole = within(list)
      .getByText(/^C-100005/)
      .closest('li')!;
    expect(within(whole).getByText('Recovered')).toBeTruthy();
    expect(within(whole).getByText('Recovered $750.00')).toBeTruthy();
    expect(within(whole).getByText('Balance $0.00')).toBeTruthy();
  });

  it('shows a void advance as void, without a balance owed', async () => {
    renderAdvances([advance({ status: 'void' })]);
    const list = await screen.findByRole('region', { name: 'Advances' });
    const row = (await within(list).findByText(/^C-100003/)).closest('li')!;
    expect(within(row).getByText('Void')).toBeTruthy();
    expect(within(row).queryByText(/^Balance/)).toBeNull();
  });
});
