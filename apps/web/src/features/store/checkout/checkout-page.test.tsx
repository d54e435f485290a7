import type { ErrorCode } from '@granary/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { placeOfError } from './checkout-page';

const e = (status: number, code: ErrorCode, details?: Record<string, unknown>) =>
  new ApiError(status, code, `server says ${code}`, { details });

describe('where a checkout error shows', () => {
  it('puts each 8.3 code in its section', () => {
    expect(placeOfError(e(400, 'invalid_shipping_address', { section: 'shipping' })).card).toBe('shipping');
    expect(placeOfError(e(400, 'invalid_future_delivery_date', { section: 'delivery' })).card).toBe('shipping');
    expect(placeOfError(e(400, 'invalid_billing_address')).card).toBe('payment');
    expect(placeOfError(e(400, 'invalid_promo_code')).card).toBe('summary');
    expect(placeOfError(e(400, 'invalid_referral_code')).card).toBe('summary');
    expect(placeOfError(e(409, 'items_need_adjustment')).card).toBe('summary');
    expect(placeOfError(e(409, 'cart_conflict')).card).toBe('page');
    expect(placeOfError(e(400, 'invalid_checkout_cart_content', { section: 'ineligible_items' })).card).toBe(
      'otherInfo',
    );
    expect(placeOfError(e(400, 'invalid_checkout_cart_content', { section: 'payment' })).card).toBe('payment');
  });
  it('says the spec’s words for a failed payment', () => {
    const placed = placeOfError(e(402, 'payment_failed'));
    expect(placed.card).toBe('payment');
    expect(placed.error.message).toBe('Your payment failed. Please try again with a different payment method.');
  });
});
