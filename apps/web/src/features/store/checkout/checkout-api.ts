import { CHECKOUT_API, STORE_API, type CheckoutView, type PlacedOrder } from '@granary/domain';
import type { ApiError } from '../../../lib/api/api-error';
import { request } from '../../../lib/api/request';

/**
 * The details of a refused checkout call (ApiError): section (the cart error section), partitionKey, cart (the current
 * one of a cart_conflict), cartId (of a cart already ordered), fields (the refused fields).
 */
export function checkoutDetails(error: ApiError): Record<string, unknown> {
  return typeof error.details === 'object' && error.details !== null ? (error.details as Record<string, unknown>) : {};
}

async function call<T>(
  path: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  body?: unknown,
  query?: Record<string, string>,
): Promise<T> {
  const { json } = await request<T>(path, {
    method,
    ...(body === undefined ? {} : { body }),
    ...(query ? { query } : {}),
  });
  return json;
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
