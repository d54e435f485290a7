import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CartChange, CartView } from '@granary/domain';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { allMessages } from '../../../test/messages';
import { presetQueryClient } from '../../../test/render-app';
import { testPartner } from '../../../test/fixtures';
import { CartProvider } from './cart-context';
import { createCartClient, type CartResult, type CartTransport } from './cart-client';
import { CartButton, CartSidebar } from './cart-sidebar';
import { cartOf, line } from './cart-fixtures';

function setup(initial: CartView, answer: (serial: number, changes: CartChange[]) => CartResult | Promise<CartResult>) {
  const sent: { serial: number; changes: CartChange[] }[] = [];
  let current = initial;
  const transport: CartTransport = {
    get: async () => ({ ok: true, cart: current }),
    send: async (serial, changes) => {
      sent.push({ serial, changes });
      const r = await answer(serial, changes);
      if (r.ok) current = r.cart;
      return r;
    },
  };
  const client = createCartClient(transport, { debounceMs: 0 });
  render(
    <QueryClientProvider client={presetQueryClient('anonymous')}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <PartnerProvider partner={testPartner}>
          <MemoryRouter initialEntries={['/direct']}>
            <CartProvider client={client}>
              <CartButton />
              <CartSidebar />
            </CartProvider>
          </MemoryRouter>
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
  return { client, sent, setCurrent: (c: CartView) => (current = c) };
}

const rupLine = line(2, {
  product: { slug: 'paraquat', name: 'Paraquat 3SL', brand: 'Northfield', image: null },
  restrictedUse: true,
  quantity: 5,
  unitPrice: '100.00',
  lineTotal: '500.00',
  restrictions: [{ restriction: 'QUANTITY_LIMIT', max: 4 }],
  breaches: [{ restriction: 'QUANTITY_LIMIT', max: 4 }],
});

describe('the cart sidebar', () => {
  it('shows the count on the cart button, and the lines with restrictions, the RUP flag, subtotal and checkout', async () => {
    const cart = cartOf(3, [line(1, { quantity: 2, lineTotal: '20.50' }), rupLine], { goodsSubtotal: '520.50' });
    const { client } = setup(cart, () => ({ ok: true, cart }));
    const button = await screen.findByRole('button', { name: 'Open the cart, 7 items' });
    fireEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByText('7 items')).toBeTruthy();
    const lines = within(drawer).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    const rup = within(drawer).getByRole('listitem', { name: 'Paraquat 3SL' });
    expect(within(rup).getByText('Restricted use')).toBeTruthy();
    expect(within(rup).getByText('Limit 4 per order')).toBeTruthy();
    expect(within(rup).getByText('At most 4 of this product can be ordered.')).toBeTruthy();
    expect(within(drawer).getByText('$520.50')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/direct/carts/checkout');
    expect(client.store.get().open).toBe(true);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close the cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your cart' })).toBeNull());
  });

  it('changes a quantity with the stepper and by typing (5.7 rules), optimistically, sending the serial held', async () => {
    const start = cartOf(3, [line(1, { quantity: 2, lineTotal: '20.50' })]);
    let release: (() => void) | null = null;
    const { sent, client } = setup(start, (serial, changes) => {
      const q = (changes[0] as { quantity: number }).quantity;
      return new Promise((resolve) => {
        release = () =>
          resolve({
            ok: true,
            cart: cartOf(serial + 1, [line(1, { quantity: q, lineTotal: (10.25 * q).toFixed(2) })]),
          });
      });
    });
    act(() => client.setOpen(true));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    await within(drawer).findByRole('listitem');
    fireEvent.click(within(drawer).getByRole('button', { name: 'One more Product 1' }));
    // Shown at once, before the server answers.
    expect((within(drawer).getByRole('textbox', { name: 'Quantity of Product 1' }) as HTMLInputElement).value).toBe(
      '3',
    );
    expect(within(drawer).getByLabelText('Line total').textContent).toBe('$30.75');
    expect(within(drawer).getByTestId('cart-subtotal').textContent).toBe('$30.75');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ serial: 3, changes: [{ op: 'set', itemId: line(1).itemId, quantity: 3 }] });
    await act(async () => release!());
    await waitFor(() => expect(client.store.get().cart?.serial).toBe(4));

    const input = within(drawer).getByRole('textbox', { name: 'Quantity of Product 1' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '0012' } });
    fireEvent.blur(input);
    expect(input.value).toBe('12');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ serial: 4, changes: [{ op: 'set', itemId: line(1).itemId, quantity: 12 }] });
    await act(async () => release!());
    // Over the maximum is clamped; a fraction is refused with the rule.
    fireEvent.change(input, { target: { value: '120000' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1200');
    fireEvent.change(input, { target: { value: '2.5' } });
    fireEvent.blur(input);
    expect(within(drawer).getByRole('alert').textContent).toBe('Enter a whole number from 1 to 9,999.');
  });

  it('shows a conflict with a retry, and a lost connection with a retry', async () => {
    const start = cartOf(3, [line(1)]);
    const answers: CartResult[] = [
      {
        ok: false,
        status: 409,
        code: 'cart_conflict',
        message: 'changed',
        details: { cart: cartOf(5, [line(1, { quantity: 6 })]) },
      },
      { ok: false, status: 0, code: 'disconnected', message: 'Please check your internet connection.' },
    ];
    const { client, sent, setCurrent } = setup(
      start,
      () => answers.shift() ?? { ok: true, cart: cartOf(9, [line(1, { quantity: 7 })]) },
    );
    act(() => client.setOpen(true));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    await within(drawer).findByRole('listitem');
    fireEvent.click(within(drawer).getByRole('button', { name: 'One more Product 1' }));
    expect(await within(drawer).findByText(/Your cart was changed in another window/)).toBeTruthy();
    // The current cart is shown.
    expect((within(drawer).getByRole('textbox', { name: 'Quantity of Product 1' }) as HTMLInputElement).value).toBe(
      '6',
    );
    setCurrent(cartOf(5, [line(1, { quantity: 6 })]));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Retry' }));
    expect(await within(drawer).findByText(/Please check your internet connection/)).toBeTruthy();
    expect(sent[1]!.serial).toBe(5);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(drawer).queryByText(/internet connection/)).toBeNull());
    expect((within(drawer).getByRole('textbox', { name: 'Quantity of Product 1' }) as HTMLInputElement).value).toBe(
      '7',
    );
  });

  it('removes a line and tells why a change was refused', async () => {
    const start = cartOf(2, [line(1), line(3)]);
    const { client } = setup(start, (serial, changes) =>
      changes[0]!.op === 'remove'
        ? { ok: true, cart: cartOf(serial + 1, [line(3)]) }
        : {
            ok: false,
            status: 400,
            code: 'item_restricted',
            message: 'no',
            details: { restriction: 'MINIMUM_QUANTITY', min: 10 },
          },
    );
    act(() => client.setOpen(true));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(2));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove Product 1' }));
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(1));
    fireEvent.click(within(drawer).getByRole('button', { name: 'One more Product 3' }));
    expect(await within(drawer).findByText('At least 10 of this product must be ordered.')).toBeTruthy();
    expect((within(drawer).getByRole('textbox', { name: 'Quantity of Product 3' }) as HTMLInputElement).value).toBe(
      '1',
    );
  });

  it('says why the cart is off and keeps checkout disabled', async () => {
    const cart = cartOf(1, [line(1)], {
      enablement: { enabled: false, reason: 'enterprise_access_required' },
    });
    const { client } = setup(cart, () => ({ ok: true, cart }));
    act(() => client.setOpen(true));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(
      await within(drawer).findByText(
        'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
      ),
    ).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Checkout' }).getAttribute('aria-disabled')).toBe('true');
  });
});
