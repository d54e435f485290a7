import { QueryClientProvider } from '@tanstack/react-query';
import type { ContractDetail, ContractListRow } from '@granary/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import type { StubReply } from '../../../test/fetch-stub';
import { fieldMessage, jsonResponse, renderWithProviders, typeInto } from '../../../test/form-dialog-kit';
import { allMessages } from '../../../test/messages';
import { testPartner } from '../../../test/fixtures';
import { BulkActionsBar, ContractRowAction } from '../lists/components/row-actions';
import type { PricingAction } from './pricing-api';
import { PricingDialog } from './pricing-dialog';

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
  priceStatus: 'basis_set',
  averageFutures: null,
  averageBasis: '-0.35',
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
  pricingEvents: [
    { id: 1, quantity: '10000', futuresPrice: null, basis: '-0.35', cashPrice: null, pricedAt: '2026-04-02T15:00:00Z' },
  ],
  amendments: [],
  ticketApplications: [],
  documents: [],
  allowedOperations: ['note'],
};

const extras = {
  addenda: [],
  obligations: [],
  deferredPaymentDate: null,
  basisOpenQuantity: '0',
  futuresOpenQuantity: '10000',
  unfixedQuantity: '0',
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

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Call = { url: string; method: string; body: unknown; ifMatch: string | null };

function server(answer: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const call = {
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      ifMatch: headers.get('If-Match'),
    };
    calls.push(call);
    const custom = answer(call);
    if (custom) return Promise.resolve(custom);
    if (url.includes('/pricing')) return Promise.resolve(json(extras));
    if (url.includes('/quotes-root/')) return Promise.resolve(json(quotes));
    if (call.method === 'POST') return Promise.resolve(json({ contract: detail, amendment: {} }));
    return Promise.resolve(json(detail));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
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
});

describe('PricingDialog', () => {
  it('futures set: proposes the open quantity, previews the averages, sends the typed price with If-Match', async () => {
    const calls = server();
    wrap(<PricingDialog detail={detail} action="futures_set" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByLabelText(/Quantity/) as HTMLInputElement;
    await waitFor(() => expect(quantity.value).toBe('10000'));
    fireEvent.change(quantity, { target: { value: '4000' } });
    fireEvent.change(within(dialog).getByLabelText(/Futures price/), { target: { value: '4.33½' } });
    // 4,000 bu priced at 4.335 − 0.35 = 3.985.
    const preview = within(dialog).getByRole('region', { name: 'After saving' });
    expect(within(preview).getByText('Priced 4,000 of 10,000 bu')).toBeTruthy();
    expect(within(preview).getByText('$3.98½')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toContain('/seller/7/contract/41/futures-set');
    expect(post.body).toEqual({ quantity: '4000', futuresPrice: '4.3350' });
    expect(post.ifMatch).toBe('"3"');
  });

  it('futures set at the live price: shows the quote and sends useLivePrice', async () => {
    const calls = server();
    wrap(<PricingDialog detail={detail} action="futures_set" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Live ZCZ26: $4.41¼')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use live price' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ quantity: '10000', useLivePrice: true });
  });

  it('refuses a bad price before sending, and shows the server field error on the field', async () => {
    const calls = server((call) =>
      call.method === 'POST'
        ? json(
            {
              code: 'invalid_request',
              message: 'At most 10000 can have the futures fixed',
              details: { fields: { quantity: 'At most 10000 can have the futures fixed' } },
            },
            400,
          )
        : undefined,
    );
    wrap(<PricingDialog detail={detail} action="futures_set" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Futures price/), { target: { value: 'four' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Type a price, e.g. 4.33½ or 4.3350')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Futures price/), { target: { value: '4.40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getAllByText('At most 10000 can have the futures fixed').length).toBe(2);
  });

  it('basis set reads cents in the partner notation', async () => {
    const calls = server((call) =>
      call.url.includes('/pricing')
        ? json({ ...extras, basisOpenQuantity: '500', futuresOpenQuantity: '0' })
        : undefined,
    );
    wrap(<PricingDialog detail={detail} action="basis_set" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect((within(dialog).getByLabelText(/Quantity/) as HTMLInputElement).value).toBe('500'));
    fireEvent.change(within(dialog).getByLabelText(/^Basis/), { target: { value: '35 under' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ quantity: '500', basis: '-0.3500' });
  });
});

describe('row actions', () => {
  it('a Needs pricing row offers Price, which opens the dialog for the half it still needs', async () => {
    server();
    wrap(<ContractRowAction view="needs_pricing" row={row} />);
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    // Basis set already: the futures are what is missing.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Futures set · C-1041')).toBeTruthy();
  });

  // A To arrive row's Apply tickets: lists/components/row-actions.test.tsx.
  it('a Needs signature row sends it for signature', async () => {
    const calls = server((call) =>
      call.url.endsWith('/contracts/sign') ? json({ status: { state: 'sent' } }) : undefined,
    );
    wrap(<ContractRowAction view="get_signatures" row={row} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sent' })).toBeTruthy());
    expect(calls.find((c) => c.url.endsWith('/contracts/sign'))!.body).toEqual({ contractId: 41 });
  });

  it('bulk send reports the rows that were refused, one by one', async () => {
    server((call) =>
      call.url.endsWith('/contracts/sign')
        ? call.body && (call.body as { contractId: number }).contractId === 42
          ? json({ code: 'conflict', message: 'No e-mail for this client' }, 409)
          : json({ status: { state: 'sent' } })
        : undefined,
    );
    const other = { ...row, id: 42, displayContractId: 'C-1042' } as ContractListRow;
    const onClear = vi.fn();
    wrap(<BulkActionsBar view="get_signatures" selected={[row, other]} onClear={onClear} />);
    expect(screen.getByText('2 contracts selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send for signature' }));
    await waitFor(() => expect(onClear).toHaveBeenCalled());
    expect(await screen.findByText('C-1042: No e-mail for this client')).toBeTruthy();
    expect(screen.queryByText(/C-1041:/)).toBeNull();
  });
});

const names = { names: [{ id: 1, name: 'Min-max', description: null }] };
/** An unpriced contract, every quantity open to every operation. */
const unpriced: ContractDetail = {
  ...detail,
  contract: { ...row, priceStatus: 'unpriced', averageBasis: null } as ContractListRow,
  pricingEvents: [],
};
const allOpen = { ...extras, basisOpenQuantity: '10000', futuresOpenQuantity: '10000', unfixedQuantity: '10000' };

const reply = ({ status, body }: StubReply) => jsonResponse(status, body);

/** The contract's server: its reads answered, each POST by `post` (the saved contract by default; may stay pending). */
function serve(post: () => StubReply | Promise<StubReply> = () => ({ status: 200, body: { contract: unpriced } })) {
  const posts: { path: string; body: unknown; ifMatch: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'POST') {
      posts.push({ path, body: JSON.parse(String(init.body)), ifMatch: new Headers(init.headers).get('If-Match') });
      return reply(await post());
    }
    if (path.endsWith('/pricing')) return reply({ status: 200, body: allOpen });
    if (path.includes('/quotes-root/')) return reply({ status: 200, body: quotes });
    if (path.endsWith('/structured-addenda-names')) return reply({ status: 200, body: names });
    return reply({ status: 200, body: unpriced });
  });
  vi.stubGlobal('fetch', fetchMock);
  return posts;
}

function openDialog(action: PricingAction, onClose = () => {}) {
  renderWithProviders(<PricingDialog detail={unpriced} action={action} onClose={onClose} />);
  return screen.findByRole('dialog');
}

const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

// On the forms library (decision 032): what a user types is checked before sending, the server's field errors land on
// their fields, a refusal (409) shows its message, and Save waits while the save is under way.
describe('PricingDialog on the forms library', () => {
  it('pricing addenda: a user fills quantity, futures and basis; the body is in dollars with If-Match', async () => {
    const posts = serve();
    const onClose = vi.fn();
    const dialog = await openDialog('pricing_addenda', onClose);
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
    const dialog = await openDialog('pricing_addenda');
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
    const dialog = await openDialog('secondary_obligation');
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
    const dialog = await openDialog('credit_sale', onClose);
    save(dialog);
    await waitFor(() => expect(fieldMessage(dialog, /Payment date/)).toBe('Required'));
    typeInto(dialog, /Payment date/, '2027-01-15');
    save(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This contract is already a credit sale');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('structured addendum: terms typed one a line are sent as a record', async () => {
    const posts = serve();
    const dialog = await openDialog('structured_addendum');
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
    const dialog = await openDialog('futures_set');
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
