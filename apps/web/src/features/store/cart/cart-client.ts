// The web's cart client (platform.md 4.3, 7.6): changes are queued and debounced, then sent in one request while
// none is in flight (queue → one in flight → done); each write carries the serial the client holds; an answer with
// a lower serial than the one held is ignored; a full cart update (a refresh, a conflict's current cart) clears
// the pending changes. Sync states ERROR / CONFLICT / DISCONNECTED are kept for the sidebar to show, with a retry.
// The quantities shown are optimistic: the held cart with the queued and in-flight changes applied (cart-queue.ts).
// Another device or tab that writes the cart says so (cart-remote-changes.ts); sending is cart-send-queue.ts.

import { acceptCartAnswer } from '@granary/domain';
import { createStore, type Store } from '../../../lib/store';
import type { CartClientState, CartCore, CartTransport, QueuedChange, RemoteCartHint } from './cart-client-types';
import { enqueueChange } from './cart-queue';
import { createRemoteChanges } from './cart-remote-changes';
import { createSendQueue, readCart, type Timers } from './cart-send-queue';

export type { AddPreview, CartNotice, CartResult, CartTransport } from './cart-client-types';
export { enqueueChange, optimisticCart } from './cart-queue';

const CART_DEBOUNCE_MS = 350;

const initialCartState: CartClientState = {
  cart: null,
  pending: [],
  inFlight: null,
  failed: [],
  sync: null,
  notice: null,
  loading: false,
  open: false,
};

export type CartClient = {
  store: Store<CartClientState>;
  /** Reads the cart from the server: a full update (pending changes are cleared). */
  refresh: () => Promise<void>;
  /** Queues a change; it is sent after the debounce, or once the request in flight is done. */
  change: (change: QueuedChange) => void;
  /** Sends what failed (and anything queued) again; after a conflict, the changes go against the current cart. */
  retry: () => void;
  /** Sends the queue now (skips the debounce wait). */
  flush: () => Promise<void>;
  dismissNotice: () => void;
  setOpen: (open: boolean) => void;
  /** Forgets the cart (another user signed in) and reads it again. */
  reset: () => Promise<void>;
  /**
   * The cart was written elsewhere (another device or tab): `hint` is the cart and serial it now has; without one
   * (a reconnection, a truncated event) the cart may have moved. Reads the cart again when the held one is older and
   * nothing of ours is pending; otherwise remembers it and reads once our changes are answered, if still behind.
   */
  remoteChanged: (hint?: RemoteCartHint) => void;
};

const defaultTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createCartClient(
  transport: CartTransport,
  options: { debounceMs?: number; timers?: Timers } = {},
): CartClient {
  const store = createStore<CartClientState>(initialCartState);
  const debounceMs = options.debounceMs ?? CART_DEBOUNCE_MS;
  const core: CartCore = {
    store,
    transport,
    generation: 0,
    patch: (p) => store.set((s) => ({ ...s, ...(typeof p === 'function' ? p(s) : p) })),
    take: (cart, s) => (acceptCartAnswer(s.cart, cart) ? cart : null),
  };
  const { patch } = core;
  const remote = createRemoteChanges(core);
  const queue = createSendQueue(core, options.timers ?? defaultTimers, remote.catchUp);

  const refresh = () =>
    readCart(core, (cart) => {
      // A full update clears pending changes (4.3); one in flight still answers (and is ignored if older).
      patch((s) => ({
        cart: cart.id !== s.cart?.id || cart.serial >= (s.cart?.serial ?? 0) ? cart : s.cart,
        pending: [],
        loading: false,
        sync: null,
        failed: [],
      }));
      remote.catchUp();
    });

  return {
    store,
    refresh,
    flush: queue.flush,
    change(change) {
      patch((s) => ({ pending: enqueueChange(s.pending, change), notice: null }));
      if (!store.get().inFlight) queue.schedule(debounceMs);
    },
    retry() {
      const s = store.get();
      patch({ pending: s.failed.reduce(enqueueChange, s.pending), failed: [], sync: null });
      if (s.sync === 'DISCONNECTED' || s.sync === 'ERROR' || !s.cart) {
        void queue.refreshKeeping().then(() => queue.flush());
      } else {
        void queue.flush();
      }
    },
    dismissNotice: () => patch({ notice: null }),
    setOpen: (open) => patch({ open }),
    remoteChanged: remote.remoteChanged,
    async reset() {
      core.generation += 1;
      remote.forget();
      queue.cancel();
      store.set((s) => ({ ...initialCartState, open: s.open }));
      await refresh();
    },
  };
}
