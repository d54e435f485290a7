import type { SettleableLine, SettlementDetail } from '@granary/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldMessage, jsonResponse, renderWithProviders, typeInto } from '../../../test/form-dialog-kit';
import { searchRow } from '../clients/test-server';
import { NewSettlementDialog } from './new-settlement-dialog';

// New settlement on the forms library (decision 032): the client and contracts picked, the preview, Create; the
// server's field errors on their fields, its refusal (409) as its message; figures in the partner's notation.

const line = (id: number, contractId: number, extra: Partial<SettleableLine> = {}): SettleableLine => ({
  ticketApplicationId: id,
  contractId,
  displayContractId: `C-${contractId}`,
  scaleTicketId: 900 + id,
  displayScaleTicketId: `T-${900 + id}`,
  deliveryDate: '2026-10-04',
  cropName: 'Corn',
  cropYear: 2026,
  bushels: '2000.00',
  price: '4.3350',
  blockedBy: null,
  ...extra,
});

const LINES = [
  line(1, 100199),
  line(2, 100199, { bushels: '2633.00' }),
  line(3, 100698, { cropName: 'Wheat', price: '4.9127', bushels: '500.00' }),
  line(4, 101494, { price: null, blockedBy: 'unpriced' }),
];

const preview: SettlementDetail = {
  id: null,
  displaySettlementId: null,
  status: 'draft',
  marketId: 10,
  marketName: 'Ames Elevator',
  clientId: 501,
  clientName: 'Fieldman Family Farms',
  cropName: 'Corn',
  cropYear: 2026,
  settlementDate: '2026-11-27',
  bushels: '4633.00',
  gross: '20084.06',
  deductionsTotal: '0.00',
  net: '20084.06',
  contracts: [{ id: 100199, displayContractId: 'C-100199' }],
  version: 0,
  createdAt: null,
  lines: [],
  deductions: [],
  payees: [],
  voidReason: null,
};

/** The settlements server: the client search, the client's settleable lines, the preview; Create by `create`. */
function serve(create: () => Response | Promise<Response> = () => jsonResponse(201, { ...preview, id: 55 })) {
  const creates: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/le-search'))
        return jsonResponse(200, {
          rows: [searchRow(501, 'Fieldman Family Farms')],
          totalCount: 1,
          paginationToken: null,
        });
      if (url.pathname.endsWith('/settlements/settleable')) return jsonResponse(200, { rows: LINES });
      const body = init?.body ? (JSON.parse(String(init.body)) as { preview?: boolean }) : null;
      if (init?.method === 'POST' && body?.preview) return jsonResponse(200, preview);
      if (init?.method === 'POST') {
        creates.push(body);
        return create();
      }
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    }),
  );
  return creates;
}

async function openAndPick(onCreated = vi.fn()) {
  renderWithProviders(
    <NewSettlementDialog open marketId={10} today="2026-11-27" onClose={() => {}} onCreated={onCreated} />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'New settlement' });
  typeInto(dialog, /Client/, 'Field');
  fireEvent.click(await screen.findByRole('option', { name: /Fieldman Family Farms/ }));
  fireEvent.click(await within(dialog).findByRole('checkbox', { name: /^C-100199 / }));
  await within(dialog).findByRole('region', { name: 'Preview' });
  return dialog;
}

const create = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create settlement' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NewSettlementDialog', () => {
  it('shows each contract’s price in the partner’s notation and its bushels as the contract page does', async () => {
    serve();
    renderWithProviders(
      <NewSettlementDialog open marketId={10} today="2026-11-27" onClose={() => {}} onCreated={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New settlement' });
    typeInto(dialog, /Client/, 'Field');
    fireEvent.click(await screen.findByRole('option', { name: /Fieldman Family Farms/ }));
    const corn = (await within(dialog).findByRole('checkbox', { name: /^C-100199 / })).closest('label')!;
    expect(corn.textContent).toContain('Corn 2026 · $4.33½/bu');
    expect(corn.textContent).toContain('2 tickets · 4,633.00 bu to settle');
    const wheat = within(dialog)
      .getByRole('checkbox', { name: /^C-100698 / })
      .closest('label')!;
    // Off the quarter-cent tick: four decimals (decision 034), not a rounded fraction.
    expect(wheat.textContent).toContain('Wheat 2026 · $4.9127/bu');
    expect(wheat.textContent).toContain('1 ticket · 500.00 bu to settle');
    // Nothing priced to settle: the box is off, the wait said.
    const unpriced = within(dialog).getByRole('checkbox', { name: /^C-101494 / });
    expect(unpriced).toHaveProperty('disabled', true);
    expect(unpriced.closest('label')!.textContent).toContain('1 ticket waits for pricing');
  });

  it('creates the settlement of the contracts ticked, at the day typed', async () => {
    const creates = serve();
    const onCreated = vi.fn();
    const dialog = await openAndPick(onCreated);
    typeInto(dialog, /Settlement date/, '2026-11-30');
    await within(dialog).findByRole('region', { name: 'Preview' });
    create(dialog);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(55));
    expect(creates).toEqual([{ clientId: 501, contractIds: [100199], settlementDate: '2026-11-30' }]);
  });

  it('shows the server’s field error on the date, and a refusal (409) as its message; Create waits meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    const creates = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const dialog = await openAndPick();
    create(dialog);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Create settlement' })).toHaveProperty('disabled', true),
    );
    answer(
      jsonResponse(400, {
        code: 'invalid_request',
        message: 'The settlement date is before a ticket’s delivery',
        details: { fields: { settlementDate: 'Before the delivery of T-901 (10/04/2026)' } },
      }),
    );
    await waitFor(() =>
      expect(fieldMessage(dialog, /Settlement date/)).toBe('Before the delivery of T-901 (10/04/2026)'),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('The settlement date is before a ticket’s delivery');

    create(dialog);
    await waitFor(() => expect(creates.length).toBe(2));
    answer(jsonResponse(409, { code: 'conflict', message: 'Ticket T-901 was settled meanwhile' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Ticket T-901 was settled meanwhile'),
    );
    expect(within(dialog).getByRole('button', { name: 'Create settlement' })).toHaveProperty('disabled', false);
  });
});
