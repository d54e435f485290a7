import { screen, within } from '@testing-library/react';
import { CHECKOUT_API, type ErrorCode } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { renderApp } from '../../../test/render-app';
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

// Issue 16: a member without input purchasing (the server refuses the checkout with the one access-denied code) is
// told whom to ask, on the page itself, and offered no step or 'Place order' that would fail.
describe('the checkout page of a member without input purchasing', () => {
  const denied = {
    status: 403,
    body: {
      code: 'enterprise_access_required',
      message: 'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
      details: { flag: 'has_input_purchasing_access', reason: 'enterprise_access_required' },
    },
  };
  function serve(answer: (method: string, url: URL) => { status: number; body: unknown } | undefined) {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const reply = answer(init?.method ?? 'GET', new URL(raw, 'http://localhost')) ?? {
          status: 404,
          body: { code: 'not_found', message: 'The page you are looking for does not exist.' },
        };
        return Promise.resolve(
          new Response(JSON.stringify(reply.body), {
            status: reply.status,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
  }
  afterEach(() => vi.unstubAllGlobals());

  it('says the spec’s access-denied message instead of the checkout', async () => {
    renderApp('/direct/carts/checkout', 'farmer');
    serve((method, url) => (method === 'GET' && url.pathname === CHECKOUT_API ? denied : undefined));
    const message = await screen.findByText(
      'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
    );
    const alert = message.closest<HTMLElement>('[role="alert"]')!;
    expect(screen.getByRole('heading', { name: 'Checkout', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /place order/i })).toBeNull();
    expect(
      within(alert)
        .getByRole('link', { name: /continue shopping/i })
        .getAttribute('href'),
    ).toBe('/direct');
  });

  it('says it for buy now too', async () => {
    renderApp(`/direct/carts/buy-now?variantId=${'0'.repeat(8)}-0000-4000-8000-000000000001&quantity=1`, 'farmer');
    serve((method, url) => (method === 'POST' && url.pathname.endsWith('/buy-now') ? denied : undefined));
    expect(await screen.findByText(/contact the primary account owner/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Buy now', level: 1 })).toBeTruthy();
  });
});
