// The cart for the whole page: one cart client (it outlives page changes, so a queued change is never lost by
// navigating), read with useCart(); useAddToCart() for product pages and cards. Other store features may use these
// two hooks (their public API); everything else in this folder is the cart's own.

import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  STORE_AREAS,
  cartEnablement,
  cartUserTopic,
  isStoreAreaOn,
  type CartDisabledReason,
  type CartEnablement,
  type CartEventPayload,
  type CartSyncState,
  type CartView,
} from '@granary/domain';
import { useBootstrap } from '../../../lib/api/bootstrap';
import type { MessageId } from '../../../lib/i18n/messages';
import { useCurrentEnterprise } from '../../../lib/enterprise/current-enterprise';
import { useLiveEvents } from '../../../lib/live/use-live-events';
import { useStore } from '../../../lib/store';
import { useStoreLocale } from '../components/use-store-locale';
import { useStoreRegion } from '../components/use-store-region';
import { httpCartTransport } from './cart-api';
import { createCartClient, optimisticCart, type AddPreview, type CartClient, type CartNotice } from './cart-client';

/** A guest's tabs (one browser) tell each other of cart changes on this channel; signed in, the server's live events do. */
const CART_CHANNEL = 'granary-cart';

let pageLocale: string | null = null;
let defaultClient: CartClient | null = null;
/** What the cart was last read for (user and locale): a change means another cart, read afresh. */
const loadedFor = new WeakMap<CartClient, string>();

function defaultCartClient(): CartClient {
  defaultClient ??= createCartClient(httpCartTransport(() => pageLocale));
  return defaultClient;
}

const CartContext = createContext<CartClient | null>(null);

function useClient(): CartClient {
  return useContext(CartContext) ?? defaultCartClient();
}

/**
 * Keeps the cart in step with who is signed in and the page's region: reads it on first use, again after a sign-in
 * or sign-out (the server then merges a guest cart), when the tab comes back into view (another tab may have
 * changed it) and, when the connection is back, retries what could not be sent. A signed-in user's other devices
 * and tabs: the 'cart:user:<id>' live event of each write (and a read after every reconnection); a guest's other
 * tabs: the BroadcastChannel.
 */
function CartSync({ client }: { client: CartClient }) {
  const { data } = useBootstrap();
  const { locale } = useStoreLocale();
  const userId = data ? (data.user.id ?? `guest:${data.user.anonymousId}`) : null;
  const signedInId = data?.user.isLoggedIn && data.user.id ? data.user.id : null;
  const guest = useRef(signedInId === null);
  guest.current = signedInId === null;
  useLiveEvents({
    topics: signedInId ? [cartUserTopic(signedInId)] : [],
    enabled: signedInId !== null,
    onEvent: (event) => {
      const payload = event.payload as CartEventPayload | null;
      client.remoteChanged(payload ? { cartId: payload.cartId, serial: payload.serial } : undefined);
    },
    // Events missed while away are not replayed: read again on every (re)connection.
    onOpen: () => client.remoteChanged(),
  });
  useEffect(() => {
    if (userId === null) return;
    pageLocale = locale;
    const key = `${userId}|${locale ?? ''}`;
    const before = loadedFor.get(client);
    if (before === key) return;
    loadedFor.set(client, key);
    const sameUser = before?.split('|')[0] === userId;
    void (sameUser ? client.refresh() : client.reset());
  }, [client, userId, locale]);
  useEffect(() => {
    const onVisible = () => {
      const s = client.store.get();
      if (
        document.visibilityState === 'visible' &&
        s.cart &&
        !s.inFlight &&
        s.pending.length === 0 &&
        s.failed.length === 0
      )
        void client.refresh();
    };
    const onOnline = () => {
      if (client.store.get().sync === 'DISCONNECTED') client.retry();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    // Another tab of this browser that changed the cart says so; this one reads it unless it has changes of its own
    // on the way (their answer, or a conflict, brings the current cart anyway).
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CART_CHANNEL);
    let told = client.store.get().cart;
    const unsubscribe = client.store.subscribe(() => {
      const cart = client.store.get().cart;
      if (guest.current && cart && cart.id && (cart.id !== told?.id || cart.serial > told.serial) && told !== null)
        channel?.postMessage({ id: cart.id, serial: cart.serial });
      told = cart;
    });
    if (channel) {
      channel.onmessage = (event: MessageEvent<{ id: string; serial: number }>) => {
        if (guest.current) client.remoteChanged({ cartId: event.data.id, serial: event.data.serial });
      };
    }
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      unsubscribe();
      channel?.close();
    };
  }, [client]);
  return null;
}

/** Provides the cart (tests pass their own client; the app uses one for the page's lifetime). */
export function CartProvider({ client, children }: { client?: CartClient; children: ReactNode }) {
  const value = client ?? defaultCartClient();
  return (
    <CartContext.Provider value={value}>
      <CartSync client={value} />
      {children}
    </CartContext.Provider>
  );
}

export type UseCart = {
  /** The cart as shown: the server's with the queued changes applied (optimistic quantities). */
  cart: CartView | null;
  /** The cart as the server last answered. */
  serverCart: CartView | null;
  sync: CartSyncState | null;
  /** True while changes wait or one is in flight. */
  saving: boolean;
  notice: CartNotice | null;
  loading: boolean;
  open: boolean;
  itemCount: number;
  setOpen: (open: boolean) => void;
  setQuantity: (itemId: string, quantity: number) => void;
  remove: (itemId: string) => void;
  clear: () => void;
  retry: () => void;
  refresh: () => Promise<void>;
  dismissNotice: () => void;
};

export function useCart(): UseCart {
  const client = useClient();
  const state = useStore(client.store);
  const shown = useMemo(
    () => optimisticCart(state.cart, [...(state.inFlight ?? []), ...state.pending]),
    [state.cart, state.inFlight, state.pending],
  );
  return {
    cart: shown,
    serverCart: state.cart,
    sync: state.sync,
    saving: state.inFlight !== null || state.pending.length > 0,
    notice: state.notice,
    loading: state.loading,
    open: state.open,
    itemCount: shown?.itemCount ?? 0,
    setOpen: client.setOpen,
    setQuantity: (itemId, quantity) =>
      client.change(quantity === 0 ? { op: 'remove', itemId } : { op: 'set', itemId, quantity }),
    remove: (itemId) => client.change({ op: 'remove', itemId }),
    clear: () => client.change({ op: 'clear' }),
    retry: client.retry,
    refresh: client.refresh,
    dismissNotice: client.dismissNotice,
  };
}

/**
 * The words of a cart that is off: the region's, or for a missing input-purchasing flag the one access-denied message
 * (platform.md 8.1), which pages show as the AccessDenied component.
 */
export function cartOffMessageId(reason: CartDisabledReason): MessageId {
  return reason === 'enterprise_access_required' ? 'error.enterpriseAccessDenied' : `store.cart.disabled.${reason}`;
}

export type UseAddToCart = {
  add: (variantId: string, quantity: number, preview?: AddPreview) => void;
  enabled: boolean;
  reason: CartDisabledReason | null;
};

/**
 * Adding to the cart: the server's word on whether the cart is on once the cart is read, before that the same rule
 * (6.2) over the bootstrap — the region's add-to-cart area, and for a signed-in user the input-purchasing permission.
 */
export function useAddToCart(): UseAddToCart {
  const client = useClient();
  const state = useStore(client.store);
  const { data } = useBootstrap();
  const region = useStoreRegion();
  const enterprise = useCurrentEnterprise();
  const fallback: CartEnablement = useMemo(
    () =>
      cartEnablement({
        regionAreas: STORE_AREAS.filter((a) => isStoreAreaOn(region, a)),
        signedIn: data?.user.isLoggedIn ?? false,
        isSuperAdmin: data?.user.admin.is_super_admin ?? false,
        enterpriseRole: enterprise?.role ?? null,
        enterprisePermissions: enterprise?.permissions ?? null,
      }),
    [data, enterprise, region],
  );
  const enablement = state.cart && !state.loading ? state.cart.enablement : fallback;
  return {
    enabled: enablement.enabled,
    reason: enablement.reason,
    add: (variantId, quantity, preview) => {
      client.change({ op: 'add', variantId, quantity, ...(preview ? { preview } : {}) });
      client.setOpen(true);
    },
  };
}
