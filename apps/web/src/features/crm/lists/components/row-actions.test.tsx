import { QueryClientProvider } from '@tanstack/react-query';
import type { ApplyProposal, ContractListRow } from '@granary/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../app/providers';
import { PartnerProvider } from '../../../../lib/brand/partner-context';
import { toastStore } from '../../../../lib/toast/toast-store';
import { stubFetch } from '../../../../test/fetch-stub';
import { allMessages } from '../../../../test/messages';
import { testPartner } from '../../../../test/fixtures';
import { ContractRowAction } from './row-actions';

/** A To arrive row: contract C-1041 of client 7 at market 3. */
const row = {
  kind: 'contract',
  id: 41,
  clientId: 7,
  marketId: 3,
  cropId: 1,
  contractType: 'flat',
  client: 'Quist Farms',
  contractStatus: 'open',
  quantity: '3000',
  quantityUnit: 'bu',
  displayContractId: 'C-1041',
} as unknown as ContractListRow;

const ticketRow = (id: number, unapplied: string) =>
  ({ kind: 'scaleTicket', id, displayScaleTicketId: `T-${id}`, actualUnapplied: unapplied }) as ContractListRow;

const ticket = (id: number, unapplied: string) => ({
  id,
  displayScaleTicketId: `T-${id}`,
  marketId: 3,
  clientId: 7,
  clientName: 'Quist Farms',
  cropId: 1,
  cropYear: 2026,
  deliveryDate: '2026-10-05',
  quantity: unapplied,
  appliedQuantity: '0',
  unappliedQuantity: unapplied,
  grossWeight: null,
  tareWeight: null,
  weight: null,
  weightUnit: 'lb' as const,
  grossQuantity: unapplied,
  shrinkQuantity: '0',
  dryingCharge: '0',
  discountAmount: '0',
  moisture: null,
  testWeight: null,
  foreignMaterial: null,
  damage: null,
  source: 'scale',
  version: 1,
});

const contracts = [
  { id: 40, displayContractId: 'C-1040', contractType: 'flat', deliveryStart: '2026-09-01', deliveryEnd: '2026-09-30' },
  { id: 41, displayContractId: 'C-1041', contractType: 'flat', deliveryStart: '2026-10-01', deliveryEnd: '2026-10-31' },
].map((c) => ({ ...c, open: '1000', cashPrice: '4.1' }));

/** The server's first-in-first-out proposal: the earlier window first. */
const proposal = {
  tickets: [
    {
      ticket: ticket(501, '1200'),
      contracts,
      allocations: [
        { contractId: 40, quantity: '1000' },
        { contractId: 41, quantity: '200' },
      ],
      unplaced: '0',
    },
    { ticket: ticket(502, '300'), contracts, allocations: [{ contractId: 41, quantity: '300' }], unplaced: '0' },
  ],
} satisfies ApplyProposal;

/** The server: the client's unapplied tickets (the list call), the FIFO proposal and the apply. */
function server(unapplied: ContractListRow[]) {
  return stubFetch((call) => {
    const path = call.url.pathname;
    if (path.endsWith('/contracts/search')) return { status: 200, body: { rows: unapplied, total: unapplied.length } };
    if (path.endsWith('/scale-tickets/apply-proposal')) return { status: 200, body: proposal };
    if (path.endsWith('/scale-tickets/apply'))
      return { status: 200, body: { applications: [{ id: 1 }, { id: 2 }, { id: 3 }], unplaced: [] } };
    return undefined;
  });
}

function wrap(children: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <PartnerProvider partner={testPartner}>
          <MemoryRouter>{children}</MemoryRouter>
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastStore.set(() => []);
});

describe('Apply tickets on a To arrive / Delinquent row', () => {
  it('opens the Apply dialog on the client’s unapplied tickets, the row’s contract chosen, FIFO amounts, and applies them', async () => {
    const calls = server([ticketRow(501, '1200'), ticketRow(502, '300')]);
    wrap(<ContractRowAction view="to_arrive" row={row} />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply tickets' }));

    const dialog = await screen.findByRole('dialog', { name: 'Apply 2 tickets' });
    // The client's unapplied tickets at the row's market, from the deliveries' Unapplied view.
    const search = calls.find((c) => c.url.pathname.endsWith('/contracts/search'))!.url.searchParams;
    expect(search.get('predefinedFilter')).toBe('unapplied');
    expect(search.get('client_legal_entity_id')).toBe('7');
    expect(search.get('market_id')).toBe('3');
    const asked = calls.find((c) => c.url.pathname.endsWith('/apply-proposal'))!.url.searchParams;
    expect(asked.get('ticketIds')).toBe('501,502');

    // Each ticket lists the client's open contracts; the row's contract is the chosen one.
    const first = await within(dialog).findByRole('table', { name: 'Open contracts for ticket T-501' });
    const chosen = within(first).getByRole('row', { selected: true });
    expect(within(chosen).getByText('C-1041')).toBeTruthy();
    // First in, first out by default: the earlier window takes the first 1,000 bu.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Bushels of T-501 to C-1040').value).toBe('1000');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Bushels of T-501 to C-1041').value).toBe('200');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Bushels of T-502 to C-1041').value).toBe('300');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      tickets: [
        {
          ticketId: 501,
          allocations: [
            { contractId: 40, quantity: '1000' },
            { contractId: 41, quantity: '200' },
          ],
        },
        { ticketId: 502, allocations: [{ contractId: 41, quantity: '300' }] },
      ],
    });
    // The row's button is ready again for the next load.
    expect(screen.getByRole('button', { name: 'Apply tickets' })).toHaveProperty('disabled', false);
  });

  it('says so when the client has no unapplied ticket, and opens no dialog', async () => {
    const calls = server([]);
    wrap(<ContractRowAction view="delinquent" row={row} />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply tickets' }));
    await waitFor(() =>
      expect(toastStore.get().map((t) => ('messageId' in t ? t.messageId : null))).toContain(
        'deliveries.apply.noTickets',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/apply-proposal'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Apply tickets' })).toHaveProperty('disabled', false);
  });
});
