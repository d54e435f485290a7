import type { Advance } from '@granary/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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

  it('keeps every advance with a balance, however old, and the recent recovered ones; Show more reads further back', async () => {
    // Newest first, as the server lists them: eight recovered advances, then an old one still owed in part.
    const recovered = Array.from({ length: 8 }, (_, i) =>
      advance({
        id: 10 + i,
        displayContractId: `C-2000${10 + i}`,
        paidDate: `2026-09-${String(20 - i).padStart(2, '0')}`,
        recoveredAmount: '1000.00',
        status: 'recovered',
      }),
    );
    const old = advance({ id: 2, displayContractId: 'C-100002', paidDate: '2026-03-01', recoveredAmount: '400.00' });
    renderAdvances([...recovered, old]);
    const list = await screen.findByRole('region', { name: 'Advances' });
    const owed = (await within(list).findByText(/^C-100002/)).closest('li')!;
    expect(within(owed).getByText('Balance $600.00')).toBeTruthy();
    const numbers = () =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent!.slice(0, 8));
    expect(numbers()).toEqual(['C-200010', 'C-200011', 'C-200012', 'C-100002']);
    fireEvent.click(within(list).getByRole('button', { name: 'Show more (5 older)' }));
    expect(numbers()).toHaveLength(7);
    fireEvent.click(within(list).getByRole('button', { name: 'Show more (2 older)' }));
    expect(numbers()).toHaveLength(9);
    expect(within(list).queryByRole('button', { name: /Show more/ })).toBeNull();
  });
});
