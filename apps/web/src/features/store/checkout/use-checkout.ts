// The checkout page's data: the view of the cart (read once, then each write's answer), the refused calls' errors,
// the writes and placing the order.

import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutSection, CheckoutView } from '@granary/domain';
import { isAccessDenied, isApiError } from '../../../lib/api/api-error';
import { useCart } from '../cart/cart-context';
import { checkoutApi, checkoutDetails } from './checkout-api';
import { checkoutErrors, placeOfError, type PlacedError, type SectionError } from './checkout-errors';

/** Writes one of the checkout's choices (`path` under the checkout API) with the cart's id and serial. */
export type Write = (path: string, body: Record<string, unknown>) => Promise<void>;

export type LoadedCheckout = {
  view: CheckoutView;
  write: Write;
  place: () => Promise<void>;
  placing: boolean;
  errorsOf: (card: CheckoutSection | 'page') => SectionError[];
  needsAdjustment: boolean;
};

/**
 * The checkout of a cart (`cartId`, else the user's cart); a cart already ordered goes to its confirmation. `denied`:
 * the buyer lacks input purchasing on their farm business (the server refuses the page and each write with the one
 * access-denied code), so the page says whom to ask instead of offering steps that would fail.
 */
export function useCheckout(
  cartId: string | undefined,
  buyNow: boolean,
): { loadError: string | null; denied: boolean; checkout: LoadedCheckout | null } {
  const navigate = useNavigate();
  const cart = useCart();
  const [view, setView] = useState<CheckoutView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [denied, setDenied] = useState(false);
  const [errors, setErrors] = useState<PlacedError[]>([]);
  const [placing, setPlacing] = useState(false);
  const [attempted, setAttempted] = useState(false);

  // After a refused place, bring the section that says why into view (the button is far from it on a phone).
  useEffect(() => {
    const first = errors[0];
    if (!first) return;
    const target = first.card === 'page' ? null : document.getElementById(`checkout-${first.card}`);
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [errors]);

  useEffect(() => {
    checkoutApi.view(cartId).then(setView, (e: Error) => {
      if (isApiError(e) && e.code === 'cart_already_checked_out')
        navigate(
          `/direct/${buyNow ? 'buy-now' : 'order'}-confirmation/${String(checkoutDetails(e)['cartId'] ?? cartId)}`,
        );
      else if (isAccessDenied(e)) setDenied(true);
      else setLoadError(e.message);
    });
  }, [cartId, buyNow, navigate]);

  if (denied || !view) return { loadError, denied, checkout: null };

  const fail = (e: unknown) => {
    if (!isApiError(e)) throw e;
    // The flag was turned off while the page was open: the same message as on opening it.
    if (isAccessDenied(e)) {
      setDenied(true);
      return;
    }
    const current = checkoutDetails(e)['cart'];
    if (e.code === 'cart_conflict' && current) setView(current as CheckoutView);
    setErrors([placeOfError(e)]);
  };
  const write: Write = async (path, body) => {
    try {
      const next = await checkoutApi.write(path, { cartId: view.cart.id, serial: view.cart.serial, ...body });
      setView((cur) => (cur && next.cart.serial < cur.cart.serial ? cur : next));
      setErrors([]);
    } catch (e) {
      fail(e);
    }
  };
  const confirmationPath = (id: string) =>
    `/direct/${view.cart.kind === 'buy_now' ? 'buy-now' : 'order'}-confirmation/${id}`;
  const place = async () => {
    setPlacing(true);
    setAttempted(true);
    try {
      const order = await checkoutApi.place({
        cartId: view.cart.id,
        serial: view.cart.serial,
        expectedTotal: view.totals.total,
      });
      await cart.refresh().catch(() => undefined);
      navigate(confirmationPath(order.cartId));
    } catch (e) {
      if (isApiError(e) && e.code === 'cart_already_checked_out') {
        navigate(confirmationPath(view.cart.id));
        return;
      }
      fail(e);
      setPlacing(false);
    }
  };

  return { loadError, denied, checkout: { view, write, place, placing, ...checkoutErrors(view, errors, attempted) } };
}
