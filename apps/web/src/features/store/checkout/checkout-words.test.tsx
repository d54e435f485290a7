import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MISSING, type CheckoutView } from '@granary/domain';
import { ApiError } from '../../../lib/api/api-error';
import { renderWithIntl } from '../../../test/render-app';
import { checkoutErrors, placeOfError } from './checkout-errors';
import { PaymentTermGroups } from './components/payment-terms';

// Issue 13: the checkout names what is missing, one line each, and says how the payment terms differ.

const view = (extra: Partial<CheckoutView>): CheckoutView =>
  ({
    cart: { paymentTerms: null, currency: 'USD' },
    errors: [],
    paymentTermGroups: [],
    paymentMethodSurcharges: {},
    ...extra,
  }) as unknown as CheckoutView;

const missing = (section: 'shipping' | 'payment', message: string, partitionKey: string | null = null) => ({
  section,
  code: section === 'shipping' ? 'invalid_shipping_address' : 'invalid_billing_address',
  message,
  partitionKey,
  items: [],
});

describe('checkout errors', () => {
  it('says each missing thing once, by name, after the buyer tried to place', () => {
    const v = view({
      errors: [
        missing('shipping', CHECKOUT_MISSING.method, 'a'),
        missing('shipping', CHECKOUT_MISSING.method, 'b'),
        missing('shipping', CHECKOUT_MISSING.deliveryContact, 'c'),
        missing('payment', CHECKOUT_MISSING.billingAddress),
      ],
    });
    // Before trying, what is still to fill in is not shouted at the buyer.
    expect(checkoutErrors(v, [], false).errorsOf('shipping')).toEqual([]);
    const refused = placeOfError(
      new ApiError(400, 'invalid_shipping_address', CHECKOUT_MISSING.method, {
        details: { section: 'shipping', partitionKey: 'a' },
      }),
    );
    const { errorsOf } = checkoutErrors(v, [refused], true);
    expect(errorsOf('shipping').map((e) => e.message)).toEqual([
      'Choose pickup or delivery.',
      'Choose a delivery contact.',
    ]);
    expect(errorsOf('payment').map((e) => e.message)).toEqual(['Add a billing address.']);
    expect(errorsOf('shipping').some((e) => /check the shipping address/i.test(e.message))).toBe(false);
  });
});

describe('payment terms', () => {
  it('say under each term when it is paid, by whom and what it costs', () => {
    renderWithIntl(
      <PaymentTermGroups
        view={view({
          paymentTermGroups: [
            {
              group: 'bank',
              terms: [
                { term: '{brand}_ach', value: 'prairie_ach' },
                { term: 'ach', value: 'ach' },
              ],
            },
          ],
        })}
      />,
    );
    expect(screen.getByText('Prairie ACH')).toBeTruthy();
    expect(screen.getByText('Prairie debits your bank account on file after the order. No fee.')).toBeTruthy();
    expect(screen.getByText('ACH bank transfer')).toBeTruthy();
    expect(screen.getByText(/You send the money from your own bank by ACH transfer/)).toBeTruthy();
  });
});
