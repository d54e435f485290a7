// The cart client's sending side (platform.md 4.3): queued changes wait for the debounce, then go in one request while
// none is in flight (queue → one in flight → done), with the serial the client holds; the answer's outcome — the new
// cart, a conflict's current cart, a refusal, a failure — is written to the store. Nothing is sent before the cart
// is known: it is read first (keeping the queue).

import type { CartChange, CartView } from '@granary/domain';
import type { CartCore } from './cart-client-types';

export type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };

type CartSendQueue = {
  /** Sends the queue after `ms` (a later call moves the moment). */
  schedule: (ms: number) => void;
  /** Sends the queue now, unless a request is in flight or nothing is queued. */
  flush: () => Promise<void>;
  /** Reads the cart; keeps the queue (used before the first send). */
  refreshKeeping: () => Promise<void>;
  /** Forgets a scheduled send (a reset). */
  cancel: () => void;
};

/**
 * Reads the cart, `loading` meanwhile, and hands what the server answered to `onCart` (which ends the loading); an
 * answer to a read made before a reset is dropped; a failure becomes the sync state (DISCONNECTED or ERROR).
 */
export async function readCart(core: CartCore, onCart: (cart: CartView) => void): Promise<void> {
  const gen = core.generation;
  core.patch({ loading: true });
  const result = await core.transport.get();
  if (gen !== core.generation) return;
  if (result.ok) onCart(result.cart);
  else core.patch({ loading: false, sync: result.status === 0 ? 'DISCONNECTED' : 'ERROR' });
}

/** `catchUp` runs once our own call has landed with nothing left queued (the remote tracker's turn). */
export function createSendQueue(core: CartCore, timers: Timers, catchUp: () => void): CartSendQueue {
  const { store, transport, patch, take } = core;
  let timer: unknown = null;

  const schedule = (ms: number) => {
    if (timer !== null) timers.clear(timer);
    timer = timers.set(() => {
      timer = null;
      void flush();
    }, ms);
  };

  async function flush(): Promise<void> {
    if (timer !== null) {
      timers.clear(timer);
      timer = null;
    }
    const s = store.get();
    if (s.inFlight || s.pending.length === 0) return;
    // Nothing is sent before the cart is known: its serial goes with the write.
    if (!s.cart) {
      if (!s.loading) void refreshKeeping();
      return;
    }
    const batch = s.pending;
    const gen = core.generation;
    patch({ inFlight: batch, pending: [] });
    const result = await transport.send(
      s.cart.serial,
      batch.map(({ preview: _preview, ...c }) => c as CartChange),
    );
    if (gen !== core.generation) return;
    if (result.ok) {
      patch((now) => ({ cart: take(result.cart, now) ?? now.cart, inFlight: null, sync: null, failed: [] }));
      if (store.get().pending.length === 0) catchUp();
    } else if (result.status === 409 && result.code === 'cart_conflict') {
      // A full update: the current cart replaces ours and the pending changes are cleared; the user decides again.
      const current = (result.details as { cart?: CartView } | undefined)?.cart ?? null;
      patch((now) => ({
        cart: current ?? now.cart,
        inFlight: null,
        pending: [],
        failed: [...batch, ...now.pending],
        sync: 'CONFLICT',
      }));
      if (!current) void refreshKeeping();
      return;
    } else if (result.status === 0) {
      patch((now) => ({ inFlight: null, failed: [...batch], sync: 'DISCONNECTED', pending: now.pending }));
      return;
    } else if (result.status >= 500) {
      patch({ inFlight: null, failed: [...batch], sync: 'ERROR' });
      return;
    } else {
      // Refused (item restriction, cart off, line gone, bad input): the optimistic change is undone, the reason shown.
      patch({
        inFlight: null,
        notice: { code: result.code, message: result.message, details: result.details },
        sync: null,
        failed: [],
      });
    }
    if (store.get().pending.length > 0) schedule(0);
  }

  const refreshKeeping = () =>
    readCart(core, (cart) => {
      patch((s) => ({
        cart: take(cart, s) ?? s.cart,
        loading: false,
        sync: s.sync === 'DISCONNECTED' ? null : s.sync,
      }));
      if (store.get().pending.length > 0) schedule(0);
      else catchUp();
    });

  const cancel = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };

  return { schedule, flush, refreshKeeping, cancel };
}
