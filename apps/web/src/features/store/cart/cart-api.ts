import { STORE_CART_API, type CartChange, type CartView } from '@granary/domain';
import { request } from '../../../lib/api/request';
import type { CartResult, CartTransport } from './cart-client';

/**
 * The cart calls over HTTP (under /api/store/cart). Network failures are the cart's own DISCONNECTED state, not the
 * app-wide unreachable-server screen; `locale()` is the page's URL locale (the region of the prices), if any.
 */
export function httpCartTransport(locale: () => string | null): CartTransport {
  const query = () => {
    const l = locale();
    return l ? { locale: l } : undefined;
  };
  const result = (r: Awaited<ReturnType<typeof request<CartView>>>): CartResult =>
    r.ok
      ? { ok: true, cart: r.json }
      : { ok: false, status: r.status, code: r.json.code, message: r.json.message, details: r.json.details };
  return {
    get: async () => result(await request<CartView>(STORE_CART_API, { query: query(), handleNetworkErrors: false })),
    send: async (serial: number, changes: CartChange[]) =>
      result(
        await request<CartView>(`${STORE_CART_API}/changes`, {
          method: 'POST',
          body: { serial, changes },
          query: query(),
          handleNetworkErrors: false,
        }),
      ),
  };
}
