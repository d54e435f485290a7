import { CROP_IDS, type ContractDetail, type ContractOperation } from '@granary/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldMessage, jsonResponse, renderWithProviders, typeInto } from '../../../test/form-dialog-kit';
import { OperationDialog } from './operation-dialog';

// The contract operations (cancel, partial cancel, rolls, note) on the forms library (decision 032): checked on
// submit with the domain's request schemas, the server's field errors on their fields, its refusal (409) as its
// message, Confirm waiting while the operation is sent.

const detail = {
  contract: {
    id: 41,
    clientId: 7,
    displayContractId: 'C-1041',
    contractStatus: 'open',
    quantity: '5000',
    quantityUnit: 'bu',
    undeliveredQuantity: '3800',
    optionMonth: '2026-12',
    deliveryStartIsoStr: '2026-10-01',
    deliveryEndIsoStr: '2026-10-31',
  },
  version: 3,
  allowedOperations: ['note', 'cancel', 'partial_cancel', 'futures_roll', 'basis_roll', 'roll'],
} as unknown as ContractDetail;

type Post = { path: string; body: unknown; ifMatch: string | null };

/** Each POST answered by `answer` (the contract back by default; a promise keeps it pending). */
function serve(answer: () => Response | Promise<Response> = () => jsonResponse(200, { contract: detail })) {
  const posts: Post[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method !== 'POST') return jsonResponse(200, detail);
      const body = typeof init.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : init.body;
      posts.push({ path: String(input), body, ifMatch: new Headers(init.headers).get('If-Match') });
      return answer();
    }),
  );
  return posts;
}

function open(operation: ContractOperation, onClose = () => {}, contract: ContractDetail = detail) {
  renderWithProviders(<OperationDialog detail={contract} operation={operation} onClose={onClose} />);
  return screen.findByRole('dialog');
}

const confirm = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OperationDialog', () => {
  it("futures roll: a corn contract on March proposes May, and offers only corn's listed months", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T15:00:00Z'));
    try {
      const corn = {
        ...detail,
        contract: { ...detail.contract, cropId: CROP_IDS.corn, optionMonth: '2027-03' },
      } as ContractDetail;
      const posts = serve();
      const onClose = vi.fn();
      const dialog = await open('futures_roll', onClose, corn);
      const month = within(dialog).getByRole('combobox', { name: /New futures month/ });
      expect(month.textContent).toBe('May 2027');
      fireEvent.mouseDown(month);
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual([
        'May 2027',
        'Jul 2027',
        'Sep 2027',
        'Dec 2027',
        'Mar 2028',
        'May 2028',
        'Jul 2028',
        'Sep 2028',
      ]);
      fireEvent.click(options[1]!);
      confirm(dialog);
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(posts[0]!.body).toEqual({ optionMonth: '2027-07', spread: '0' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('roll: the user changes the proposed window, and the body goes with the version read', async () => {
    const posts = serve();
    const onClose = vi.fn();
    const dialog = await open('roll', onClose);
    typeInto(dialog, /Spread/, '0.05');
    typeInto(dialog, /New delivery end/, '2026-12-15');
    typeInto(dialog, /Reason/, '  Wet harvest  ');
    confirm(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        path: '/api/commodities/ctrm/seller/7/contract/41/roll',
        body: {
          optionMonth: '2027-01',
          spread: '0.05',
          deliveryStart: '2026-11-01',
          deliveryEnd: '2026-12-15',
          basisAdjustment: '0',
          reason: 'Wet harvest',
        },
        ifMatch: '"3"',
      },
    ]);
  });

  it('basis roll: a window ending before it starts is refused on the end field before sending', async () => {
    const posts = serve();
    const dialog = await open('basis_roll');
    typeInto(dialog, /New delivery end/, '2026-10-15');
    typeInto(dialog, /Basis adjustment/, '9');
    confirm(dialog);
    await waitFor(() =>
      expect(fieldMessage(dialog, /New delivery end/)).toBe('The delivery start must not be after its end'),
    );
    expect(fieldMessage(dialog, /Basis adjustment/)).toBe('At most 5.00 either way');
    expect(posts).toEqual([]);
  });

  it('partial cancel: the server’s field error shows on the quantity, with its message above', async () => {
    serve(() =>
      jsonResponse(400, {
        code: 'invalid_request',
        message: 'At most 3,800 bu can be cancelled',
        details: { fields: { quantity: 'At most 3,800 bu (what is undelivered)' } },
      }),
    );
    const dialog = await open('partial_cancel');
    confirm(dialog);
    await waitFor(() => expect(fieldMessage(dialog, /Quantity to cancel/)).toBe('Required'));
    typeInto(dialog, /Quantity to cancel/, '4000');
    confirm(dialog);
    await waitFor(() =>
      expect(fieldMessage(dialog, /Quantity to cancel/)).toBe('At most 3,800 bu (what is undelivered)'),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('At most 3,800 bu can be cancelled');
    expect((within(dialog).getByLabelText(/Quantity to cancel/) as HTMLInputElement).value).toBe('4000');
  });

  it('cancel: Confirm waits while sending; a refusal (409) shows the message it carries', async () => {
    let answer: (response: Response) => void = () => {};
    const posts = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onClose = vi.fn();
    const dialog = await open('cancel', onClose);
    confirm(dialog);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true),
    );
    expect(posts[0]!.body).toEqual({});
    answer(jsonResponse(409, { code: 'conflict', message: 'A delivered contract cannot be cancelled' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A delivered contract cannot be cancelled');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('note: required, then sent as its text', async () => {
    const posts = serve();
    const onClose = vi.fn();
    const dialog = await open('note', onClose);
    confirm(dialog);
    await waitFor(() => expect(fieldMessage(dialog, /^Note/)).toBe('Required'));
    typeInto(dialog, /^Note/, 'Called about the Dec roll');
    confirm(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts[0]!.body).toBe('Called about the Dec roll');
    expect(posts[0]!.ifMatch).toBeNull();
  });
});
