import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartChange, CartView } from '@granary/domain';
import { createCartClient, enqueueChange, optimisticCart, type CartResult, type CartTransport } from './cart-client';
import { cartOf, line } from './cart-fixtures';

const V1 = '00000000-0000-4000-8000-000000000001';
const V2 = '00000000-0000-4000-8000-000000000002';

/** A transport whose answers the test releases one by one. */
function fakeTransport(initial: CartView) {
  const sent: { serial: number; changes: CartChange[]; resolve: (r: CartResult) => void }[] = [];
  const gets: ((r: CartResult) => void)[] = [];
  const transport: CartTransport = {
    get: () => new Promise((resolve) => gets.push(resolve)),
    send: (serial, changes) => new Promise((resolve) => sent.push({ serial, changes, resolve })),
  };
  const answerGet = (cart: CartView = initial) => gets.shift()!({ ok: true, cart });
  return { transport, sent, gets, answerGet };
}

const flushPromises = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function tick(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('the change queue', () => {
  it('sums adds of one variant, keeps the last set of a line, and a clear drops what came before', () => {
    let q = enqueueChange([], { op: 'add', variantId: V1, quantity: 1 });
    q = enqueueChange(q, { op: 'add', variantId: V1, quantity: 2 });
    q = enqueueChange(q, { op: 'add', variantId: V2, quantity: 1 });
    expect(q).toEqual([
      { op: 'add', variantId: V1, quantity: 3 },
      { op: 'add', variantId: V2, quantity: 1 },
    ]);
    q = enqueueChange(q, { op: 'set', itemId: 'i1', quantity: 4 });
    q = enqueueChange(q, { op: 'set', itemId: 'i1', quantity: 6 });
    expect(q.filter((c) => c.op === 'set')).toEqual([{ op: 'set', itemId: 'i1', quantity: 6 }]);
    q = enqueueChange(q, { op: 'remove', itemId: 'i1' });
    expect(q.filter((c) => c.op !== 'add')).toEqual([{ op: 'remove', itemId: 'i1' }]);
    expect(enqueueChange(q, { op: 'clear' })).toEqual([{ op: 'clear' }]);
  });

  it('shows quantities optimistically with exact line totals and subtotal', () => {
    const cart = cartOf(3, [line(1, { quantity: 2, lineTotal: '20.50' }), line(2)]);
    const shown = optimisticCart(cart, [
      { op: 'set', itemId: line(1).itemId, quantity: 3 },
      { op: 'remove', itemId: line(2).itemId },
    ])!;
    expect(shown.items).toHaveLength(1);
    expect(shown.items[0]).toMatchObject({ quantity: 3, lineTotal: '30.75' });
    expect(shown.itemCount).toBe(3);
    expect(shown.goodsSubtotal).toBe('30.75');
    // An add for a line the cart has grows it; a new variant with a preview shows as a pending line.
    const added = optimisticCart(cart, [
      { op: 'add', variantId: line(1).variantId, quantity: 1 },
      { op: 'add', variantId: V2.replace('2', '9'), quantity: 2, preview: { ...line(9), unitPrice: '0.10' } },
    ])!;
    expect(added.items.find((l) => l.variantId === line(1).variantId)?.quantity).toBe(3);
    expect(added.items.at(-1)).toMatchObject({
      itemId: expect.stringMatching(/^pending:/),
      quantity: 2,
      lineTotal: '0.20',
    });
    expect(added.itemCount).toBe(6);
  });
});

describe('the cart client', () => {
  it('debounces changes into one request, sends the serial it holds, one request in flight at a time', async () => {
    const f = fakeTransport(cartOf(1));
    const client = createCartClient(f.transport, { debounceMs: 300 });
    void client.refresh();
    f.answerGet();
    await flushPromises();
    client.change({ op: 'add', variantId: V1, quantity: 1 });
    await tick(100);
    client.change({ op: 'add', variantId: V1, quantity: 1 });
    await tick(299);
    expect(f.sent).toHaveLength(0);
    await tick(1);
    expect(f.sent).toHaveLength(1);
    expect(f.sent[0]).toMatchObject({ serial: 1, changes: [{ op: 'add', variantId: V1, quantity: 2 }] });
    // While it is in flight, more changes wait.
    client.change({ op: 'add', variantId: V2, quantity: 1 });
    await tick(1000);
    expect(f.sent).toHaveLength(1);
    expect(client.store.get().pending).toHaveLength(1);
    f.sent[0]!.resolve({ ok: true, cart: cartOf(2, [line(1, { quantity: 2 })]) });
    await tick(0);
    expect(f.sent).toHaveLength(2);
    // The next write carries the serial of the answer.
    expect(f.sent[1]).toMatchObject({ serial: 2, changes: [{ op: 'add', variantId: V2, quantity: 1 }] });
    f.sent[1]!.resolve({ ok: true, cart: cartOf(3, [line(1, { quantity: 2 }), line(2)]) });
    await tick(0);
    expect(client.store.get()).toMatchObject({ inFlight: null, pending: [], sync: null });
    expect(client.store.get().cart?.serial).toBe(3);
  });

  it('ignores an answer with a lower serial than the one held', async () => {
    const f = fakeTransport(cartOf(5, [line(1, { quantity: 4 })]));
    const client = createCartClient(f.transport, { debounceMs: 10 });
    void client.refresh();
    f.answerGet();
    await flushPromises();
    client.change({ op: 'set', itemId: line(1).itemId, quantity: 2 });
    await tick(10);
    // Meanwhile a read brought a newer cart (another tab wrote).
    void client.refresh();
    f.answerGet(cartOf(7, [line(1, { quantity: 9 })]));
    await flushPromises();
    expect(client.store.get().cart?.serial).toBe(7);
    f.sent[0]!.resolve({ ok: true, cart: cartOf(6, [line(1, { quantity: 2 })]) });
    await tick(0);
    expect(client.store.get().cart?.serial).toBe(7);
    expect(client.store.get().cart?.items[0]?.quantity).toBe(9);
  });

  it('a full update (a read) clears pending changes', async () => {
    const f = fakeTransport(cartOf(1));
    const client = createCartClient(f.transport, { debounceMs: 500 });
    void client.refresh();
    f.answerGet();
    await flushPromises();
    client.change({ op: 'add', variantId: V1, quantity: 1 });
    expect(client.store.get().pending).toHaveLength(1);
    void client.refresh();
    f.answerGet(cartOf(2));
    await flushPromises();
    expect(client.store.get().pending).toEqual([]);
    await tick(600);
    expect(f.sent).toHaveLength(0);
  });

  it('on cart_conflict takes the current cart, clears the queue, shows CONFLICT; retry sends the change against the new serial', async () => {
    const f = fakeTransport(cartOf(1));
    const client = createCartClient(f.transport, { debounceMs: 0 });
    void client.refresh();
    f.answerGet();
    await flushPromises();
    client.change({ op: 'add', variantId: V1, quantity: 1 });
    await tick(0);
    client.change({ op: 'add', variantId: V2, quantity: 1 });
    const current = cartOf(4, [line(2)]);
    f.sent[0]!.resolve({
      ok: false,
      status: 409,
      code: 'cart_conflict',
      message: 'changed',
      details: { cart: current },
    });
    await tick(0);
    const s = client.store.get();
    expect(s.sync).toBe('CONFLICT');
    expect(s.cart).toEqual(current);
    expect(s.pending).toEqual([]);
    expect(f.sent).toHaveLength(1);
    client.retry();
    await tick(0);
    expect(f.sent).toHaveLength(2);
    expect(f.sent[1]!.serial).toBe(4);
    expect(f.sent[1]!.changes).toEqual([
      { op: 'add', variantId: V1, quantity: 1 },
      { op: 'add', variantId: V2, quantity: 1 },
    ]);
    f.sent[1]!.resolve({ ok: true, cart: cartOf(5, [line(1), line(2, { quantity: 2 })]) });
    await tick(0);
    expect(client.store.get().sync).toBeNull();
  });

  it('shows DISCONNECTED when the server cannot be reached and ERROR on a server failure, keeping the change for retry', async () => {
    const f = fakeTransport(cartOf(1));
    const client = createCartClient(f.transport, { debounceMs: 0 });
    void client.refresh();
    f.answerGet();
    await flushPromises();
    client.change({ op: 'add', variantId: V1, quantity: 2 });
    await tick(0);
    f.sent[0]!.resolve({
      ok: false,
      status: 0,
      code: 'disconnected',
      message: 'Please check your internet connection.',
    });
    await tick(0);
    expect(client.store.get()).toMatchObject({
      sync: 'DISCONNECTED',
      failed: [{ op: 'add', variantId: V1, quantity: 2 }],
    });
    // Retry reads the cart again, then sends.
    client.retry();
    await tick(0);
    f.answerGet(cartOf(1));
    await tick(0);
    expect(f.sent).toHaveLength(2);
    f.sent[1]!.resolve({ ok: false, status: 500, code: 'internal_error', message: 'Sorry' });
    await tick(0);
    expect(client.store.get().sync).toBe('ERROR');
    client.retry();
    await tick(0);
    f.answerGet(cartOf(1));
    await tick(0);
    f.sent[2]!.resolve({ ok: true, cart: cartOf(2, [line(1, { quantity: 2 })]) });
    await tick(0);
    expect(client.store.get()).toMatchObject({ sync: null, failed: [] });
  });

  it('undoes a refused change and tells why (an item restriction)', async () => {
    const f = fakeTransport(cartOf(1, [line(1)]));
    const client = createCartClient(f.transport, { debounceMs: 0 });
    void client.refresh();
    f.answerGet();
    await flushPromises();
    client.change({ op: 'set', itemId: line(1).itemId, quantity: 50 });
    expect(optimisticCart(client.store.get().cart, client.store.get().pending)?.items[0]?.quantity).toBe(50);
    await tick(0);
    f.sent[0]!.resolve({
      ok: false,
      status: 400,
      code: 'item_restricted',
      message: 'At most 4',
      details: { restriction: 'QUANTITY_LIMIT', max: 4 },
    });
    await tick(0);
    const s = client.store.get();
    expect(s.notice).toMatchObject({ code: 'item_restricted', details: { max: 4 } });
    expect(s.sync).toBeNull();
    expect(optimisticCart(s.cart, [...(s.inFlight ?? []), ...s.pending])?.items[0]?.quantity).toBe(1);
  });

  it('waits for the cart before the first write (its serial goes with it)', async () => {
    const f = fakeTransport(cartOf(3));
    const client = createCartClient(f.transport, { debounceMs: 0 });
    client.change({ op: 'add', variantId: V1, quantity: 1 });
    await tick(0);
    expect(f.sent).toHaveLength(0);
    expect(f.gets).toHaveLength(1);
    f.answerGet();
    await tick(0);
    expect(f.sent[0]).toMatchObject({ serial: 3 });
  });
});

describe('changes made elsewhere (another device or tab)', () => {
  async function loaded(cart: CartView, debounceMs = 0) {
    const f = fakeTransport(cart);
    const client = createCartClient(f.transport, { debounceMs });
    void client.refresh();
    f.answerGet();
    await flushPromises();
    return { f, client };
  }

  it('reads the cart again for a higher serial, quietly (no loading state), and takes it', async () => {
    const { f, client } = await loaded(cartOf(4, [line(1)]));
    client.remoteChanged({ cartId: 'cart-1', serial: 5 });
    expect(f.gets).toHaveLength(1);
    expect(client.store.get().loading).toBe(false);
    f.answerGet(cartOf(5, [line(1, { quantity: 3 })]));
    await flushPromises();
    expect(client.store.get().cart).toMatchObject({ serial: 5, itemCount: 3 });
  });

  it('ignores a lower or equal serial (its own write’s echo, older news)', async () => {
    const { f, client } = await loaded(cartOf(4, [line(1)]));
    client.remoteChanged({ cartId: 'cart-1', serial: 4 });
    client.remoteChanged({ cartId: 'cart-1', serial: 2 });
    await flushPromises();
    expect(f.gets).toHaveLength(0);
    expect(client.store.get().cart?.serial).toBe(4);
  });

  it('reads again for another cart (the first one made elsewhere, or a new one after checkout)', async () => {
    const { f, client } = await loaded(cartOf(1, [], { id: '' }));
    client.remoteChanged({ cartId: 'cart-1', serial: 2 });
    f.answerGet(cartOf(2, [line(1)]));
    await flushPromises();
    expect(client.store.get().cart).toMatchObject({ id: 'cart-1', serial: 2, itemCount: 1 });
  });

  it('never clobbers queued changes: the write goes with the serial held and its 409 brings the current cart', async () => {
    const { f, client } = await loaded(cartOf(4, [line(1)]), 300);
    client.change({ op: 'set', itemId: line(1).itemId, quantity: 6 });
    client.remoteChanged({ cartId: 'cart-1', serial: 5 });
    await flushPromises();
    expect(f.gets).toHaveLength(0);
    expect(client.store.get().pending).toEqual([{ op: 'set', itemId: line(1).itemId, quantity: 6 }]);
    expect(optimisticCart(client.store.get().cart, client.store.get().pending)?.items[0]?.quantity).toBe(6);
    await tick(300);
    expect(f.sent[0]).toMatchObject({ serial: 4 });
    const current = cartOf(5, [line(1, { quantity: 2 })]);
    f.sent[0]!.resolve({
      ok: false,
      status: 409,
      code: 'cart_conflict',
      message: 'changed',
      details: { cart: current },
    });
    await tick(0);
    expect(client.store.get()).toMatchObject({ cart: current, sync: 'CONFLICT', failed: [{ op: 'set', quantity: 6 }] });
    // The conflict's cart already is what the event announced: no further read.
    expect(f.gets).toHaveLength(0);
  });

  it('drops a read that lands after the user queued a change, and reads once idle if still behind', async () => {
    const { f, client } = await loaded(cartOf(4, [line(1)]), 300);
    client.remoteChanged({ cartId: 'cart-1', serial: 5 });
    client.change({ op: 'add', variantId: V2, quantity: 1 });
    f.answerGet(cartOf(5, [line(1, { quantity: 9 })]));
    await flushPromises();
    // The read was not taken over the queued change: the write goes with serial 4 as the user saw it.
    expect(client.store.get().cart?.serial).toBe(4);
    expect(client.store.get().pending).toHaveLength(1);
    await tick(300);
    expect(f.sent[0]).toMatchObject({ serial: 4 });
    // Another write elsewhere while ours is in flight; our answer (serial 5) is still behind it (6): read then.
    client.remoteChanged({ cartId: 'cart-1', serial: 6 });
    expect(f.gets).toHaveLength(0);
    f.sent[0]!.resolve({ ok: true, cart: cartOf(5, [line(1), line(2)]) });
    await tick(0);
    expect(f.gets).toHaveLength(1);
    f.answerGet(cartOf(6, [line(2)]));
    await flushPromises();
    expect(client.store.get().cart).toMatchObject({ serial: 6, itemCount: 1 });
  });

  it('after a reconnection (no hint) reads again when idle; before the first read, reads once it lands', async () => {
    const { f, client } = await loaded(cartOf(4));
    client.remoteChanged();
    expect(f.gets).toHaveLength(1);
    f.answerGet(cartOf(4));
    await flushPromises();

    const g = fakeTransport(cartOf(1));
    const fresh = createCartClient(g.transport, { debounceMs: 0 });
    void fresh.refresh();
    fresh.remoteChanged({ cartId: 'cart-1', serial: 3 });
    expect(g.gets).toHaveLength(1);
    g.answerGet(cartOf(2));
    await flushPromises();
    // The first read (serial 2) was older than the news (3): one more read.
    expect(g.gets).toHaveLength(1);
    g.answerGet(cartOf(3, [line(1)]));
    await flushPromises();
    expect(fresh.store.get().cart?.serial).toBe(3);
  });
});
