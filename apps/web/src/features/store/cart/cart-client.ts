// The web's cart client (platform.md 4.3, 7.6): changes are queued and debounced, then sent in one request while
// none is in flight (queue → one in flight → done); each write carries the serial the client holds; an answer with
// a lower serial than the one held is ignored; a full cart update (a refresh, a conflict's current cart) clears
// the pending changes. Sync states ERROR / CONFLICT / DISCONNECTED are kept for the sidebar to show, with a retry.
// The quantities shown are optimistic: the held cart with the queued and in-flight changes applied.
// Another device or tab that writes the cart says so (a live event, or the guests' BroadcastChannel): `remoteChanged`
// reads the cart again when the held one is older, unless changes of ours are queued, in flight or failed — then
// their answer (or its 409 cart_conflict with the current cart) brings it, and a hint still unmet afterwards is read.

import { acceptCartAnswer, type CartChange, type CartLine, type CartSyncState, type CartView } from '@granary/domain';
import type { ApiError } from '../../../lib/api/api-error';
import { createStore, type Store } from '../../../lib/store';

/** What a call answered: the cart, or what its ApiError says (status 0: the server could not be reached). */
export type CartResult =
  | { ok: true; cart: CartView }
  | ({ ok: false } & Pick<ApiError, 'status' | 'code' | 'message'> & { details?: unknown });

export type CartTransport = {
  get: () => Promise<CartResult>;
  send: (serial: number, changes: CartChange[]) => Promise<CartResult>;
};

/** A refused change the user should read (an item restriction, the cart being off, a line gone). */
export type CartNotice = Pick<ApiError, 'code' | 'message'> & { details?: unknown };

/** An 'add' may carry what the sidebar shows of its line until the server answers. */
export type AddPreview = Pick<CartLine, 'product' | 'seller' | 'variantLabel' | 'sku' | 'unitPrice' | 'restrictedUse'>;
export type QueuedChange = CartChange & { preview?: AddPreview };

type CartClientState = {
  /** The cart as the server last answered it (null until the first read). */
  cart: CartView | null;
  pending: QueuedChange[];
  inFlight: QueuedChange[] | null;
  /** Changes that could not be sent (network or server failure, or refused for a conflict): what retry sends. */
  failed: QueuedChange[];
  sync: CartSyncState | null;
  notice: CartNotice | null;
  loading: boolean;
  open: boolean;
};

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

/**
 * Adds a change to the queue, folding it into what is already queued: adds of one variant sum, a later set or
 * remove of a line replaces earlier ones, a clear drops everything before it.
 */
export function enqueueChange(queue: readonly QueuedChange[], change: QueuedChange): QueuedChange[] {
  if (change.op === 'clear') return [change];
  if (change.op === 'add') {
    const i = queue.findIndex((c) => c.op === 'add' && c.variantId === change.variantId);
    if (i >= 0) {
      const prev = queue[i] as Extract<QueuedChange, { op: 'add' }>;
      const next = [...queue];
      next[i] = { ...prev, quantity: prev.quantity + change.quantity };
      return next;
    }
    return [...queue, change];
  }
  const rest = queue.filter((c) => !((c.op === 'set' || c.op === 'remove') && c.itemId === change.itemId));
  return [...rest, change];
}

/** The cart as the user should see it: the held cart with the in-flight and queued changes applied. */
export function optimisticCart(cart: CartView | null, changes: readonly QueuedChange[]): CartView | null {
  if (!cart) return null;
  if (changes.length === 0) return cart;
  let items: CartLine[] = [...cart.items];
  for (const c of changes) {
    if (c.op === 'clear') items = [];
    else if (c.op === 'remove') items = items.filter((l) => l.itemId !== c.itemId);
    else if (c.op === 'set')
      items =
        c.quantity === 0
          ? items.filter((l) => l.itemId !== c.itemId)
          : items.map((l) => (l.itemId === c.itemId ? withQuantity(l, c.quantity) : l));
    else {
      const line = items.find((l) => l.variantId === c.variantId);
      if (line) items = items.map((l) => (l === line ? withQuantity(l, l.quantity + c.quantity) : l));
      else if (c.preview)
        items = [
          ...items,
          withQuantity(
            {
              ...c.preview,
              itemId: `pending:${c.variantId}`,
              variantId: c.variantId,
              quantity: 0,
              lineTotal: null,
              restrictions: [],
              breaches: [],
              sellable: true,
              itemAddedAt: '',
            },
            c.quantity,
          ),
        ];
    }
  }
  const itemCount = items.reduce((n, l) => n + l.quantity, 0);
  return { ...cart, items, itemCount, goodsSubtotal: subtotalOf(items) };
}

/** Cents as integers: exact for any sum of 2-decimal amounts the cart can hold. */
function cents(amount: string): bigint {
  const [whole = '0', frac = ''] = amount.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt((frac + '00').slice(0, 2)));
}

function fromCents(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

function withQuantity(line: CartLine, quantity: number): CartLine {
  return {
    ...line,
    quantity,
    lineTotal: line.unitPrice !== null ? fromCents(cents(line.unitPrice) * BigInt(quantity)) : null,
  };
}

function subtotalOf(items: readonly CartLine[]): string {
  return fromCents(items.reduce((sum, l) => (l.sellable && l.lineTotal !== null ? sum + cents(l.lineTotal) : sum), 0n));
}

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

/** What another writer said of the cart: its id and new serial. */
type RemoteCartHint = { cartId: string; serial: number };

type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };

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
  const timers = options.timers ?? defaultTimers;
  let timer: unknown = null;
  let generation = 0;
  /** What another writer said while we were busy (or before the first read): read again once idle, if still behind. */
  let behind: RemoteCartHint | 'unknown' | null = null;

  const patch = (p: Partial<CartClientState> | ((s: CartClientState) => Partial<CartClientState>)) =>
    store.set((s) => ({ ...s, ...(typeof p === 'function' ? p(s) : p) }));

  /** Takes a cart the server answered unless it is older than the one held (4.3). */
  const take = (cart: CartView, s: CartClientState): CartView | null => (acceptCartAnswer(s.cart, cart) ? cart : null);

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
    const gen = generation;
    patch({ inFlight: batch, pending: [] });
    const result = await transport.send(
      s.cart.serial,
      batch.map(({ preview: _preview, ...c }) => c as CartChange),
    );
    if (gen !== generation) return;
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

  /** Reads the cart; keeps the queue (used before the first send). */
  async function refreshKeeping(): Promise<void> {
    const gen = generation;
    patch({ loading: true });
    const result = await transport.get();
    if (gen !== generation) return;
    if (result.ok) {
      patch((s) => ({
        cart: take(result.cart, s) ?? s.cart,
        loading: false,
        sync: s.sync === 'DISCONNECTED' ? null : s.sync,
      }));
      if (store.get().pending.length > 0) schedule(0);
      else catchUp();
    } else {
      patch({ loading: false, sync: result.status === 0 ? 'DISCONNECTED' : 'ERROR' });
    }
  }

  /** Whether the hint says the server's cart is newer than the one held. */
  const isBehind = (hint: RemoteCartHint | 'unknown', cart: CartView | null): boolean =>
    hint === 'unknown' || cart === null || hint.cartId !== cart.id || hint.serial > cart.serial;

  /** Changes of ours are on the way (or waiting for a retry), or the cart is being read: not the moment to read it. */
  const busy = (s: CartClientState): boolean =>
    s.inFlight !== null || s.pending.length > 0 || s.failed.length > 0 || s.loading || s.cart === null;

  /** Reads the cart another writer changed; its answer is dropped if changes of ours were queued meanwhile. */
  async function readRemote(): Promise<void> {
    behind = null;
    const gen = generation;
    const result = await transport.get();
    if (gen !== generation || !result.ok) return;
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

  /** After our own call lands: a remote change heard meanwhile and not covered by its answer is read now. */
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

  async function refresh(): Promise<void> {
    const gen = generation;
    patch({ loading: true });
    const result = await transport.get();
    if (gen !== generation) return;
    if (result.ok) {
      // A full update clears pending changes (4.3); one in flight still answers (and is ignored if older).
      patch((s) => ({
        cart: result.cart.id !== s.cart?.id || result.cart.serial >= (s.cart?.serial ?? 0) ? result.cart : s.cart,
        pending: [],
        loading: false,
        sync: null,
        failed: [],
      }));
      catchUp();
    } else {
      patch({ loading: false, sync: result.status === 0 ? 'DISCONNECTED' : 'ERROR' });
    }
  }

  return {
    store,
    refresh,
    flush,
    change(change) {
      patch((s) => ({ pending: enqueueChange(s.pending, change), notice: null }));
      if (!store.get().inFlight) schedule(debounceMs);
    },
    retry() {
      const s = store.get();
      patch({ pending: s.failed.reduce(enqueueChange, s.pending), failed: [], sync: null });
      if (s.sync === 'DISCONNECTED' || s.sync === 'ERROR' || !s.cart) {
        void refreshKeeping().then(() => flush());
      } else {
        void flush();
      }
    },
    dismissNotice: () => patch({ notice: null }),
    setOpen: (open) => patch({ open }),
    remoteChanged,
    async reset() {
      generation += 1;
      behind = null;
      if (timer !== null) timers.clear(timer);
      timer = null;
      store.set((s) => ({ ...initialCartState, open: s.open }));
      await refresh();
    },
  };
}
