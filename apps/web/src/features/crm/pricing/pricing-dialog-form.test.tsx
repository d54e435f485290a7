import type { ContractDetail, ContractListRow } from '@granary/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StubReply } from '../../../test/fetch-stub';
import { fieldMessage, jsonResponse, renderWithProviders, typeInto } from '../../../test/form-dialog-kit';
import type { PricingAction } from './pricing-api';
import { PricingDialog } from './pricing-dialog';

// The pricing dialogs on the forms library (decision 032): what a user types is checked before sending, the server's
// field errors land on their fields, a refusal (409) shows its message, and Save waits while the save is under way.

const row = {
  kind: 'contract',
  id: 41,
  clientId: 7,
  marketId: 3,
  cropId: 1,
  contractType: 'hta',
  client: 'Prairie Acres Farm',
  contractStatus: 'open',
  quantity: '10000',
  quantityUnit: 'bu',
  priceStatus: 'unpriced',
  averageFutures: null,
  averageBasis: null,
  averageCash: null,
  deliveredQuantity: '0',
  optionMonth: '2026-12',
  undeliveredQuantity: '10000',
  cancelledQuantity: '0',
  unpricedQuantity: '10000',
  commodity: 'Corn',
  cropYear: 2026,
  displayContractId: 'C-1041',
} as unknown as ContractListRow;

const detail: ContractDetail = {
  contract: row,
  version: 3,
  direction: 'purchase',
  termsHash: 'a',
  signedTermsHash: null,
  pricingEvents: [],
  amendments: [],
  ticketApplications: [],
  documents: [],
  allowedOperations: ['note'],
};

const extras = {
  addenda: [],
  obligations: [],
  deferredPaymentDate: null,
  basisOpenQuantity: '10000',
  futuresOpenQuantity: '10000',
  unfixedQuantity: '10000',
};

const quotes = {
  quotes: [
    {
      symbol: 'ZCZ26',
      last: '4.4125',
      previousSettle: '4.40',
      change: '0.0125',
      open: null,
      high: null,
      low: null,
      tradeDate: '2026-11-27',
      quotedAt: '2026-11-27T15:00:00Z',
      source: 'simulated',
      version: 1,
    },
  ],
};

const names = { names: [{ id: 1, name: 'Min-max', description: null }] };

const reply = ({ status, body }: StubReply) => jsonResponse(status, body);

/** The contract's server: its reads answered, each POST by `post` (the saved contract by default; may stay pending). */
function serve(post: () => StubReply | Promise<StubReply> = () => ({ status: 200, body: { contract: detail } })) {
  const posts: { path: string; body: unknown; ifMatch: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'POST') {
      posts.push({ path, body: JSON.parse(String(init.body)), ifMatch: new Headers(init.headers).get('If-Match') });
      return reply(await post());
    }
    if (path.endsWith('/pricing')) return reply({ status: 200, body: extras });
    if (path.includes('/quotes-root/')) return reply({ status: 200, body: quotes });
    if (path.endsWith('/structured-addenda-names')) return reply({ status: 200, body: names });
    return reply({ status: 200, body: detail });
  });
  vi.stubGlobal('fetch', fetchMock);
  return posts;
}

function open(action: PricingAction, onClose = () => {}) {
  renderWithProviders(<PricingDialog detail={detail} action={action} onClose={onClose} />);
  return screen.findByRole('dialog');
}

const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PricingDialog on the forms library', () => {
  it('pricing addenda: a user fills quantity, futures and basis; the body is in dollars with If-Match', async () => {
    const posts = serve();
    const onClose = vi.fn();
    const dialog = await open('pricing_addenda', onClose);
    await waitFor(() => expect((within(dialog).getByLabelText(/Quantity/) as HTMLInputElement).value).toBe('10000'));
    typeInto(dialog, /Quantity/, '2,500');
    typeInto(dialog, /Futures price/, '4.40');
    typeInto(dialog, /^Basis/, '-30');
    // The addendum's own cash: 4.40 − 0.30.
    expect(within(within(dialog).getByRole('region', { name: 'After saving' })).getByText('$4.10')).toBeTruthy();
    save(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        path: '/api/commodities/ctrm/seller/7/contract/41/pricing-addenda',
        body: { quantity: '2500', futuresPrice: '4.4000', basis: '-0.3000' },
        ifMatch: '"3"',
      },
    ]);
  });

  it('checks on submit with the domain’s rules, and a changed field loses its message until the next submit', async () => {
    const posts = serve();
    const dialog = await open('pricing_addenda');
    typeInto(dialog, /Quantity/, '0');
    typeInto(dialog, /Futures price/, '20000');
    save(dialog);
    await waitFor(() => expect(fieldMessage(dialog, /Quantity/)).toBe('Type a quantity above 0'));
    expect(fieldMessage(dialog, /^Basis/)).toBe('Required');
    typeInto(dialog, /Quantity/, '100');
    expect(fieldMessage(dialog, /Quantity/)).not.toBe('Type a quantity above 0');
    typeInto(dialog, /^Basis/, '-30');
    save(dialog);
    // Read, the body goes through the request schema the server uses: above its bound, the domain's words.
    await waitFor(() => expect(fieldMessage(dialog, /Futures price/)).toBe('At most 10,000'));
    expect(posts).toEqual([]);
  });

  it('secondary obligation: the server’s field error shows on its field, with the refusal above', async () => {
    const posts = serve(() => ({
      status: 400,
      body: {
        code: 'invalid_request',
        message: 'The due date is after the contract’s delivery end',
        details: { fields: { dueDate: 'After the delivery end (2026-12-31)' } },
      },
    }));
    const dialog = await open('secondary_obligation');
    typeInto(dialog, /Quantity/, '1000');
    typeInto(dialog, /Due date/, '2027-03-01');
    typeInto(dialog, /Description/, 'Deliver the rest by spring');
    save(dialog);
    await waitFor(() => expect(fieldMessage(dialog, /Due date/)).toBe('After the delivery end (2026-12-31)'));
    expect(within(dialog).getByRole('alert').textContent).toBe('The due date is after the contract’s delivery end');
    expect(posts[0]!.body).toEqual({
      kind: 'delivery',
      quantity: '1000',
      dueDate: '2027-03-01',
      description: 'Deliver the rest by spring',
    });
    // What was typed is kept.
    expect((within(dialog).getByLabelText(/Quantity/) as HTMLInputElement).value).toBe('1000');
  });

  it('credit sale: a refusal (409) shows the message it carries and the dialog stays open', async () => {
    serve(() => ({ status: 409, body: { code: 'conflict', message: 'This contract is already a credit sale' } }));
    const onClose = vi.fn();
    const dialog = await open('credit_sale', onClose);
    save(dialog);
    await waitFor(() => expect(fieldMessage(dialog, /Payment date/)).toBe('Required'));
    typeInto(dialog, /Payment date/, '2027-01-15');
    save(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This contract is already a credit sale');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('structured addendum: terms typed one a line are sent as a record', async () => {
    const posts = serve();
    const dialog = await open('structured_addendum');
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toEqual([]));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Min-max' }));
    typeInto(dialog, /Terms/, ': no name');
    save(dialog);
    await waitFor(() => expect(fieldMessage(dialog, /Terms/)).toBe('Type one term a line, as name: value'));
    typeInto(dialog, /Terms/, 'floor: 4.10\nceiling: 4.90');
    save(dialog);
    await waitFor(() => expect(posts.length).toBe(1));
    expect(posts[0]!.body).toEqual({ name: 'Min-max', terms: { floor: '4.10', ceiling: '4.90' } });
  });

  it('Save waits while the save is under way; a price typed after Use live price is the one sent', async () => {
    let answer: (reply: StubReply) => void = () => {};
    const posts = serve(() => new Promise<StubReply>((resolve) => (answer = resolve)));
    const dialog = await open('futures_set');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use live price' }));
    expect(within(dialog).getByText('Live price $4.41¼ — the price at the moment you save is used.')).toBeTruthy();
    typeInto(dialog, /Futures price/, 'abc');
    expect(within(dialog).queryByText(/the price at the moment you save is used/)).toBeNull();
    // No price to preview: the typed text is not one, and the live price is no longer used.
    expect(within(dialog).queryByRole('region', { name: 'After saving' })).toBeNull();
    typeInto(dialog, /Futures price/, '4.50');
    await waitFor(() => expect((within(dialog).getByLabelText(/Quantity/) as HTMLInputElement).value).toBe('10000'));
    save(dialog);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true));
    expect(posts[0]!.body).toEqual({ quantity: '10000', futuresPrice: '4.5000' });
    answer({ status: 409, body: { code: 'conflict', message: 'The contract is cancelled' } });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The contract is cancelled');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });
});
