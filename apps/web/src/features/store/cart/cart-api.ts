import { STORE_CART_API, type CartChange, type CartView } from '@granary/domain';
import { request, settle, type ApiResponse } from '../../../lib/api/request';
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
  const result = async (call: Promise<ApiResponse<CartView>>): Promise<CartResult> => {
    const r = await settle(call);
    if (r.ok) return { ok: true, cart: r.json };
    const { status, code, message, details } = r.error;
    return { ok: false, status, code, message, details };
  };
  return {
    get: () => result(request<CartView>(STORE_CART_API, { query: query(), handleNetworkErrors: false })),
    send: (serial: number, changes: CartChange[]) =>
      result(
        request<CartView>(`${STORE_CART_API}/changes`, {
          method: 'POST',
          body: { serial, changes },
          query: query(),
          handleNetworkErrors: false,
        }),
      ),
  };
}
