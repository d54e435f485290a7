// Another device or tab that writes the cart says so (a live event, or the guests' BroadcastChannel): the cart is read
// again when the held one is older, unless changes of ours are queued, in flight or failed — then their answer (or
// its 409 cart_conflict with the current cart) brings it, and a hint still unmet afterwards is read (platform.md 7.6).

import type { CartView } from '@granary/domain';
import type { CartClientState, CartCore, RemoteCartHint } from './cart-client-types';

type RemoteChanges = {
  /** See CartClient.remoteChanged. */
  remoteChanged: (hint?: RemoteCartHint) => void;
  /** After our own call lands: a remote change heard meanwhile and not covered by its answer is read now. */
  catchUp: () => void;
  /** Forgets what was heard (a reset). */
  forget: () => void;
};

/** Whether the hint says the server's cart is newer than the one held. */
const isBehind = (hint: RemoteCartHint | 'unknown', cart: CartView | null): boolean =>
  hint === 'unknown' || cart === null || hint.cartId !== cart.id || hint.serial > cart.serial;

/** Changes of ours are on the way (or waiting for a retry), or the cart is being read: not the moment to read it. */
const busy = (s: CartClientState): boolean =>
  s.inFlight !== null || s.pending.length > 0 || s.failed.length > 0 || s.loading || s.cart === null;

export function createRemoteChanges(core: CartCore): RemoteChanges {
  const { store, transport, patch, take } = core;
  /** What another writer said while we were busy (or before the first read): read again once idle, if still behind. */
  let behind: RemoteCartHint | 'unknown' | null = null;

  /** Reads the cart another writer changed; its answer is dropped if changes of ours were queued meanwhile. */
  async function readRemote(): Promise<void> {
    behind = null;
    const gen = core.generation;
    const result = await transport.get();
    if (gen !== core.generation || !result.ok) return;
    const s = store.get();
    // Never over pending changes: their write carries the serial we hold, and a 409 brings the current cart (if it
    // does not, this read's news is read again once they are answered).
    if (s.inFlight !== null || s.pending.length > 0 || s.failed.length > 0) {
      if (isBehind({ cartId: result.cart.id, serial: result.cart.serial }, s.cart))
        remember({ cartId: result.cart.id, serial: result.cart.serial });
      return;
    }
    patch((now) => ({ cart: take(result.cart, now) ?? now.cart, sync: null }));
  }

  /** Keeps the newest news heard while busy ('unknown' wins: read whatever it is). */
  function remember(h: RemoteCartHint | 'unknown'): void {
    if (behind === null || h === 'unknown' || (behind !== 'unknown' && behind.cartId !== h.cartId)) behind = h;
    else if (behind !== 'unknown') behind = { cartId: h.cartId, serial: Math.max(behind.serial, h.serial) };
  }

  function catchUp(): void {
    if (behind === null) return;
    const s = store.get();
    if (busy(s)) return;
    if (isBehind(behind, s.cart)) void readRemote();
    else behind = null;
  }

  function remoteChanged(hint?: RemoteCartHint): void {
    const h = hint ?? 'unknown';
    const s = store.get();
    // Our own write's echo, or older news: nothing to read.
    if (s.cart !== null && !isBehind(h, s.cart)) return;
    if (busy(s)) {
      remember(h);
      return;
    }
    void readRemote();
  }

  return {
    remoteChanged,
    catchUp,
    forget: () => {
      behind = null;
    },
  };
}
