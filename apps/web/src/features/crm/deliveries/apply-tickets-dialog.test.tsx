import { QueryClientProvider } from '@tanstack/react-query';
import type { ApplyProposal } from '@granary/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { allMessages } from '../../../test/messages';
import { testPartner } from '../../../test/fixtures';
import { ApplyTicketsDialog } from './apply-tickets-dialog';

const ticket = {
  id: 9,
  displayScaleTicketId: 'T-100201',
  marketId: 1,
  clientId: 7,
  clientName: 'Quist Farms',
  cropId: 1,
  cropYear: 2026,
  deliveryDate: '2026-10-05',
  quantity: '1521.43',
  appliedQuantity: '0',
  unappliedQuantity: '1521.43',
  grossWeight: '113200',
  tareWeight: '28000',
  weight: '85200',
  weightUnit: 'lb' as const,
  grossQuantity: '1521.43',
  shrinkQuantity: '0',
  dryingCharge: '0',
  discountAmount: '0',
  moisture: '15',
  testWeight: '56',
  foreignMaterial: null,
  damage: null,
  source: 'scale',
  version: 1,
};
const contract = (id: number, n: string, start: string, open: string) => ({
  id,
  displayContractId: n,
  contractType: 'flat',
  deliveryStart: start,
  deliveryEnd: `${start.slice(0, 8)}28`,
  open,
  cashPrice: '4.1',
});
const proposal: ApplyProposal = {
  tickets: [
    {
      ticket,
      contracts: [contract(1, 'C-1', '2026-10-01', '1000'), contract(2, 'C-2', '2026-11-01', '2000')],
      allocations: [
        { contractId: 1, quantity: '1000' },
        { contractId: 2, quantity: '521.43' },
      ],
      unplaced: '0',
    },
  ],
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderDialog(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <PartnerProvider partner={testPartner}>
          <ApplyTicketsDialog ticketIds={[9]} open onClose={() => {}} />
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

const posted = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApplyTicketsDialog', () => {
  it('shows the FIFO proposal, lets the bushels be moved, and applies what is shown', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json({
            applications: [{ id: 1, displayScaleTicketId: 'T-100201', displayContractId: 'C-2', quantity: '1521.43' }],
            unplaced: [],
          })
        : json(proposal),
    );
    renderDialog(fetchMock);
    const first = await screen.findByRole('textbox', { name: 'Bushels of T-100201 to C-1' });
    const second = screen.getByRole('textbox', { name: 'Bushels of T-100201 to C-2' });
    expect((first as HTMLInputElement).value).toBe('1000');
    expect((second as HTMLInputElement).value).toBe('521.43');
    const table = screen.getByRole('table', { name: 'Open contracts for ticket T-100201' });
    expect(within(table).getByText('1,000.00')).toBeTruthy();

    fireEvent.change(second, { target: { value: '2000' } });
    expect(await screen.findByText('A ticket cannot give more bushels than it has unapplied.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(first, { target: { value: '' } });
    fireEvent.change(second, { target: { value: '1521.43' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toEqual({
      tickets: [{ ticketId: 9, allocations: [{ contractId: 2, quantity: '1521.43' }] }],
    });
  });

  it('shows why when someone else applied the ticket first', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(
            {
              code: 'conflict',
              message: 'Ticket T-100201 has no unapplied bushels left: it was applied meanwhile.',
              details: { unapplied: '0' },
            },
            409,
          )
        : json(proposal),
    );
    renderDialog(fetchMock);
    await screen.findByRole('textbox', { name: 'Bushels of T-100201 to C-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toContain('it was applied meanwhile');
  });

  it('waits while applying: Apply is off until the server answers, then a refusal shows its message', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(json(proposal)),
    );
    renderDialog(fetchMock);
    const first = await screen.findByRole('textbox', { name: 'Bushels of T-100201 to C-1' });
    fireEvent.change(first, { target: { value: '900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true),
    );
    answer(json({ code: 'conflict', message: 'Contract C-1 was cancelled meanwhile.' }, 409));
    expect((await screen.findByRole('alert')).textContent).toContain('Contract C-1 was cancelled meanwhile.');
    expect(posted(fetchMock)[0]).toEqual({
      tickets: [
        {
          ticketId: 9,
          allocations: [
            { contractId: 1, quantity: '900' },
            { contractId: 2, quantity: '521.43' },
          ],
        },
      ],
    });
  });
});
