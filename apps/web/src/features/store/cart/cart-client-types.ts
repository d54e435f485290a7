// The cart client's shapes (cart-client.ts): what the transport answers, what the queue holds, the state the sidebar
// reads, and what the client's parts share.

import type { CartChange, CartLine, CartSyncState, CartView } from '@granary/domain';
import type { ApiError } from '../../../lib/api/api-error';
import type { Store } from '../../../lib/store';

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

export type CartClientState = {
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

/** What another writer said of the cart: its id and new serial. */
export type RemoteCartHint = { cartId: string; serial: number };

/** What the client's parts (the send queue, the remote tracker) share. */
export type CartCore = {
  store: Store<CartClientState>;
  transport: CartTransport;
  /** Counts resets: an answer to a call made before the last reset is dropped. */
  generation: number;
  patch: (p: Partial<CartClientState> | ((s: CartClientState) => Partial<CartClientState>)) => void;
  /** Takes a cart the server answered unless it is older than the one held (4.3). */
  take: (cart: CartView, s: CartClientState) => CartView | null;
};
