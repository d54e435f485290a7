// The queue of cart changes as data (platform.md 4.3): folding a change into what is queued, and the cart the user
// sees with the queued and in-flight changes applied (the optimistic quantities and subtotal).

import type { CartLine, CartView } from '@granary/domain';
import type { QueuedChange } from './cart-client-types';

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
