import { CHECKOUT_API, STORE_API, type CheckoutView, type PlacedOrder } from '@granary/domain';
import { request } from '../../../lib/api/request';

/** A refused checkout call: status, code, message and details (details.section names the cart error section). */
export class CheckoutError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly details: Record<string, unknown> | undefined,
  ) {
    super(message);
  }
}

async function call<T>(
  path: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  body?: unknown,
  query?: Record<string, string>,
): Promise<T> {
  const res = await request<T>(path, { method, ...(body === undefined ? {} : { body }), ...(query ? { query } : {}) });
  if (!res.ok)
    throw new CheckoutError(
      res.status,
      res.json.code,
      res.json.message,
      res.json.details as Record<string, unknown> | undefined,
    );
  return res.json;
}

export const checkoutApi = {
  view: (cartId?: string) => call<CheckoutView>(CHECKOUT_API, 'GET', undefined, cartId ? { cartId } : undefined),
  write: (path: string, body: Record<string, unknown>) =>
    call<CheckoutView>(`${CHECKOUT_API}/${path}`, path === 'reprice' ? 'POST' : 'PUT', body),
  place: (body: { cartId: string; serial: number; expectedTotal: string }) =>
    call<PlacedOrder>(`${CHECKOUT_API}/place`, 'POST', body),
  order: (cartId: string) => call<PlacedOrder>(`${CHECKOUT_API}/orders/${cartId}`, 'GET'),
  addAddress: (body: Record<string, unknown>) => call<{ id: number }>(`${STORE_API}/addresses`, 'POST', body),
  addContact: (body: Record<string, unknown>) => call<{ id: number }>(`${STORE_API}/delivery-contacts`, 'POST', body),
  addLicence: (body: Record<string, unknown>) => call<{ id: number }>(`${STORE_API}/applicator-licences`, 'POST', body),
  buyNow: (body: { variantId: string; quantity: number }) =>
    call<{ cartId: string; serial: number }>(`${STORE_API}/buy-now`, 'POST', body),
};
