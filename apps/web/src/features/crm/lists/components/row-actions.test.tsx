import { QueryClientProvider } from '@tanstack/react-query';
import { CROP_IDS, type ApplyProposal, type ContractListRow } from '@granary/domain';
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
import { fieldMessage, typeInto } from '../../../../test/form-dialog-kit';
import { BulkActionsBar, ContractRowAction } from './row-actions';

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
    // The row's button is ready again for the next load (it comes back once the dialog has closed and unmounted).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Apply tickets' })).toHaveProperty('disabled', false),
    );
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

describe('Bulk roll of the selected rows (issue 14)', () => {
  const corn = { ...row, id: 41, clientId: 7, cropId: CROP_IDS.corn, optionMonth: '2027-03' } as ContractListRow;
  const soy = {
    ...row,
    id: 42,
    clientId: 8,
    cropId: CROP_IDS.soybeans,
    optionMonth: '2027-05',
    displayContractId: 'C-1042',
  } as ContractListRow;

  /** Each contract read answers its version; the roll of contract 42 is refused (409). */
  function rollServer() {
    return stubFetch((call) => {
      const path = call.url.pathname;
      if (call.method === 'GET' && /\/contract\/4[12]$/.test(path)) return { status: 200, body: { version: 5 } };
      if (path.endsWith('/42/futures-roll'))
        return { status: 409, body: { code: 'conflict', message: 'A cancelled contract cannot be rolled' } };
      if (path.endsWith('/futures-roll')) return { status: 200, body: {} };
      return undefined;
    });
  }

  it('offers only the listed months every row may roll to, checks the spread, then rolls each row and lists its refusal', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T15:00:00Z'));
    try {
      const calls = rollServer();
      const onClear = vi.fn();
      wrap(<BulkActionsBar view="needs_pricing" selected={[corn, soy]} onClear={onClear} />);
      fireEvent.click(screen.getByRole('button', { name: 'Roll' }));
      const dialog = await screen.findByRole('dialog', { name: 'Roll 2 contracts' });
      // Corn after March and soybeans after May: July is the first month both list (no April, no June).
      const month = within(dialog).getByRole('combobox', { name: /New futures month/ });
      expect(month.textContent).toBe('Jul 2027');
      fireEvent.mouseDown(month);
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((o) => o.textContent).slice(0, 3)).toEqual(['Jul 2027', 'Sep 2027', 'Mar 2028']);
      fireEvent.click(options[1]!);

      typeInto(dialog, /Spread/, 'two');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Roll' }));
      // The spread's own words, not the basis field's.
      await waitFor(() => expect(fieldMessage(dialog, /Spread/)).toBe('Type a spread in cents, e.g. -2'));
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

      typeInto(dialog, /Spread/, '-2');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Roll' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('C-1042');
      expect(alert.textContent).toContain('A cancelled contract cannot be rolled');
      expect(alert.textContent).not.toContain('C-1041');
      const posts = calls.filter((c) => c.method === 'POST');
      expect(posts.map((c) => [c.url.pathname, c.body, c.ifMatch])).toEqual([
        [
          '/api/commodities/ctrm/seller/7/contract/41/futures-roll',
          { optionMonth: '2027-09', spread: '-0.0200' },
          '"5"',
        ],
        [
          '/api/commodities/ctrm/seller/8/contract/42/futures-roll',
          { optionMonth: '2027-09', spread: '-0.0200' },
          '"5"',
        ],
      ]);
      expect(onClear).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
