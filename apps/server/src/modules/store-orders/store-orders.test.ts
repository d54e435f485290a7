import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CrmDecimal,
  type AddToCartOutcome,
  type OrderDetail,
  type OrderHistory,
  type OrderReadinessAction,
  type PreviouslyPurchased,
  type ShoppingList,
  type ShoppingLists,
  type ShoppingListsWithVariant,
} from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { seedStoreOrdersDemo } from '../../seed/store-orders-demo.ts';
import { rowsOf } from '../../platform/db.ts';

let t: TestApp;
type Caller = { cookie: string; csrf: string };
let farmer: Caller;
let buyer: Caller;

async function callerFor(email: string): Promise<Caller> {
  const cookie = await t.sessionCookie(email);
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json()
    .csrf as string;
  return { cookie, csrf };
}

async function call<T>(
  who: Caller | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const headers: Record<string, string> = who ? { cookie: who.cookie, 'x-csrf-token': who.csrf } : {};
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: res.statusCode,
    body: (res.body ? res.json() : null) as T & { code?: string; message?: string; details?: { reason?: string } },
  };
}

const history = (q = '') => call<OrderHistory>(farmer, 'GET', `/api/store/orders${q}`);
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp();
  farmer = await callerFor(DEMO_ACCOUNTS.farmer);
  buyer = await callerFor(DEMO_ACCOUNTS.buyer);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function orderByNumber(n: string): Promise<OrderDetail> {
  const list = await history(`?q=${n}`);
  expect(list.body.orders).toHaveLength(1);
  return (await call<OrderDetail>(farmer, 'GET', `/api/store/orders/${list.body.orders[0]!.id}`)).body;
}

describe('demo seed', () => {
  it('runs once: a second run adds nothing', async () => {
    expect(await seedStoreOrdersDemo(t.database.db)).toBe(0);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from store_orders where order_number like 'GS-1000%'`),
    );
    expect(row!.n).toBeGreaterThanOrEqual(10);
    expect(row!.n).toBeLessThanOrEqual(20);
  });

  it('leaves the farmer without an applicator licence, and seeds the 9.5 offer and the codes', async () => {
    const licences = rowsOf(
      await t.database.db.execute(
        sql`select 1 from store_applicator_licences l join users u on u.id = l.user_id where u.email = ${DEMO_ACCOUNTS.farmer}`,
      ),
    );
    expect(licences).toHaveLength(0);
    const promos = rowsOf<{
      code: string | null;
      value: string;
      min_subtotal: string;
      qualifiers: string[];
      ends_at: Date;
    }>(
      await t.database.db.execute(
        sql`select code, value::text, min_subtotal::text, qualifiers, ends_at from store_promotions order by id`,
      ),
    );
    const offer = promos.find((p) => p.code === null)!;
    expect(offer).toMatchObject({ value: '250.00', min_subtotal: '10000.00' });
    expect(offer.qualifiers).toEqual(['house_brand', 'adjuvant', 'nutrition']);
    expect(new Date(offer.ends_at).toISOString().slice(0, 10)).toBe('2024-10-01');
    expect(promos.map((p) => p.code)).toEqual(expect.arrayContaining(['SPRING5', 'HARVEST10']));
    const kinds = rowsOf<{ kind: string }>(
      await t.database.db.execute(sql`select distinct kind from store_item_restrictions`),
    ).map((r) => r.kind);
    expect(kinds.sort()).toEqual(['JURISDICTIONS_RESTRICTION', 'MINIMUM_QUANTITY', 'QUANTITY_LIMIT']);
  });
});

describe('order history', () => {
  it('needs a session', async () => {
    expect((await call(null, 'GET', '/api/store/orders')).status).toBe(401);
    expect((await call(null, 'GET', '/api/store/shopping-lists')).status).toBe(401);
  });

  it('lists the farmer’s orders newest first in keyset pages with a total', async () => {
    const first = await history('?pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body.total).toBeGreaterThan(10);
    expect(first.body.orders).toHaveLength(10);
    const times = first.body.orders.map((o) => o.placedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.body.nextPageToken).not.toBeNull();
    const second = await history(`?pageSize=10&paginationToken=${first.body.nextPageToken}`);
    expect(second.body.orders).toHaveLength(first.body.total - 10);
    expect(second.body.nextPageToken).toBeNull();
    const ids = new Set([...first.body.orders, ...second.body.orders].map((o) => o.id));
    expect(ids.size).toBe(first.body.total);
    expect(first.body.years).toContain(year - 1);
    expect(first.body.sellers.map((s) => s.slug)).toEqual(expect.arrayContaining(['house', 'hoof-and-horn']));
  });

  it('filters by status, year, seller, order number and product', async () => {
    const delivered = await history('?status=delivered&pageSize=50');
    expect(delivered.body.orders.length).toBeGreaterThan(0);
    expect(delivered.body.orders.every((o) => o.status === 'delivered')).toBe(true);
    const lastYear = await history(`?year=${year - 1}&pageSize=50`);
    expect(lastYear.body.orders.length).toBeGreaterThan(0);
    expect(lastYear.body.orders.every((o) => o.placedAt.startsWith(String(year - 1)))).toBe(true);
    expect(lastYear.body.total).toBe(lastYear.body.orders.length);
    const hoof = await history('?seller=hoof-and-horn&pageSize=50');
    expect(hoof.body.orders.length).toBeGreaterThan(0);
    expect(hoof.body.orders.every((o) => o.sellers.some((s) => s.slug === 'hoof-and-horn'))).toBe(true);
    const byNumber = await history('?q=GS-100003');
    expect(byNumber.body.orders.map((o) => o.orderNumber)).toEqual(['GS-100003']);
    expect((await history('?q=100003')).body.orders.map((o) => o.orderNumber)).toEqual(['GS-100003']);
    const byProduct = await history('?q=azoxystrobin&pageSize=50');
    expect(byProduct.body.orders.length).toBeGreaterThanOrEqual(1);
    expect(byProduct.body.orders.every((o) => o.productNames.some((n) => /azoxystrobin/i.test(n)))).toBe(true);
  });

  it('answers bad filters with a 400 and a code', async () => {
    for (const q of [
      '?status=lost',
      '?year=20x5',
      '?pageSize=7',
      '?paginationToken=nope',
      '?seller=Bad%20Seller',
      '?extra=1',
    ]) {
      const res = await history(q);
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).toBe('invalid_request');
    }
  });

  it('shows another user nothing of the farmer’s', async () => {
    const theirs = await call<OrderHistory>(buyer, 'GET', '/api/store/orders');
    expect(theirs.body.total).toBe(0);
  });
});

describe('order details', () => {
  it('gives lines per fulfilment and totals that add up exactly', async () => {
    const order = await orderByNumber('GS-100016');
    expect(order.fulfillments.length).toBeGreaterThan(1);
    const lines = order.fulfillments.flatMap((f) => f.lines);
    const goods = lines.reduce((s, l) => s.add(l.lineTotal), new CrmDecimal(0));
    expect(goods.toFixed(2)).toBe(order.totals.goodsSubtotal);
    for (const l of lines) expect(new CrmDecimal(l.unitPrice).mul(l.quantity).toFixed(2)).toBe(l.lineTotal);
    const shipping = order.fulfillments.reduce((s, f) => s.add(f.shippingTotal), new CrmDecimal(0));
    expect(shipping.toFixed(2)).toBe(order.totals.shippingTotal);
    const t2 = order.totals;
    const total = new CrmDecimal(t2.goodsSubtotal)
      .sub(t2.discountTotal)
      .add(t2.shippingTotal)
      .sub(t2.shippingDiscountTotal)
      .add(t2.taxTotal)
      .add(t2.paymentFeeTotal);
    expect(total.toFixed(2)).toBe(t2.total);
    expect(order.fulfillments[0]!.address).toMatchObject({ city: 'Nevada', region: 'IA' });
    expect(order.billingAddress).toMatchObject({ name: 'Fieldman Family Farms' });
    expect(order.reviewable).toBe(false);
  });

  it('shows the discount of a promo code', async () => {
    const order = await orderByNumber('GS-100012');
    expect(order.promoCode).toBe('SPRING5');
    expect(order.discounts[0]!.amount).toBe(order.totals.discountTotal);
    expect(new CrmDecimal(order.totals.goodsSubtotal).mul('0.05').toDecimalPlaces(2).toFixed(2)).toBe(
      order.totals.discountTotal,
    );
  });

  it('finds an order by its cart, and is 404 for anyone else or anything else', async () => {
    const order = await orderByNumber('GS-100003');
    const byCart = await call<OrderDetail>(farmer, 'GET', `/api/store/orders/by-cart/${order.cartId}`);
    expect(byCart.body.orderNumber).toBe('GS-100003');
    expect((await call(buyer, 'GET', `/api/store/orders/${order.id}`)).status).toBe(404);
    expect((await call(buyer, 'GET', `/api/store/orders/by-cart/${order.cartId}`)).status).toBe(404);
    expect((await call(farmer, 'GET', '/api/store/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(farmer, 'GET', '/api/store/orders/not-a-uuid')).status).toBe(400);
  });
});

describe('reviews', () => {
  it('creates then updates one review per product per order of a delivered order', async () => {
    const order = await orderByNumber('GS-100014');
    const line = order.fulfillments[0]!.lines[0]!;
    const url = `/api/store/orders/${order.id}/reviews/${line.productId}`;
    const created = await call<{ rating: number; title: string }>(farmer, 'PUT', url, {
      rating: 4,
      title: 'Good',
      body: 'Kept the leaves clean.',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ rating: 4, title: 'Good' });
    const updated = await call<{ rating: number }>(farmer, 'PUT', url, { rating: 5, title: 'Very good' });
    expect(updated.body.rating).toBe(5);
    const again = await call<OrderDetail>(farmer, 'GET', `/api/store/orders/${order.id}`);
    const reviewed = again.body.fulfillments.flatMap((f) => f.lines).find((l) => l.productId === line.productId)!;
    expect(reviewed.review).toMatchObject({ rating: 5, title: 'Very good' });
    const [n] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from store_order_reviews where order_id = ${order.id}`),
    );
    expect(n!.n).toBe(1);
  });

  it('refuses bad ratings, open orders, products not in the order, and other users', async () => {
    const order = await orderByNumber('GS-100014');
    const productId = order.fulfillments[0]!.lines[0]!.productId;
    for (const body of [{ rating: 6 }, { rating: 0 }, { rating: 3.5 }, {}, { rating: 4, extra: true }]) {
      const res = await call(farmer, 'PUT', `/api/store/orders/${order.id}/reviews/${productId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const open = await orderByNumber('GS-100018');
    const openRes = await call(
      farmer,
      'PUT',
      `/api/store/orders/${open.id}/reviews/${open.fulfillments[0]!.lines[0]!.productId}`,
      { rating: 5 },
    );
    expect(openRes.status).toBe(400);
    expect(openRes.body.details?.reason).toBe('order_not_received');
    const other = await call(
      farmer,
      'PUT',
      `/api/store/orders/${order.id}/reviews/${open.fulfillments[0]!.lines[0]!.productId}`,
      { rating: 5 },
    );
    expect(other.status).toBe(400);
    expect(other.body.details?.reason).toBe('product_not_in_order');
    expect((await call(buyer, 'PUT', `/api/store/orders/${order.id}/reviews/${productId}`, { rating: 5 })).status).toBe(
      404,
    );
  });
});

describe('order readiness', () => {
  it('lists the open orders’ actions, one per order and section, and completes one', async () => {
    const list = await call<{ actions: OrderReadinessAction[] }>(farmer, 'GET', '/api/store/orders/readiness');
    expect(list.status).toBe(200);
    expect(list.body.actions.length).toBeGreaterThanOrEqual(3);
    const keys = list.body.actions.map((a) => `${a.orderId}/${a.section}`);
    expect(new Set(keys).size).toBe(keys.length);
    const action = list.body.actions.find((a) => a.completedAt === null)!;
    const done = await call<OrderReadinessAction>(
      farmer,
      'POST',
      `/api/store/orders/readiness/${action.orderId}/${action.section}/complete`,
    );
    expect(done.status).toBe(200);
    expect(done.body.completedAt).not.toBeNull();
    const twice = await call<OrderReadinessAction>(
      farmer,
      'POST',
      `/api/store/orders/readiness/${action.orderId}/${action.section}/complete`,
    );
    expect(twice.body.completedAt).toBe(done.body.completedAt);
    expect((await call(farmer, 'POST', `/api/store/orders/readiness/${action.orderId}/no_such/complete`)).status).toBe(
      404,
    );
    expect(
      (await call(farmer, 'POST', `/api/store/orders/readiness/${action.orderId}/Bad-Section/complete`)).status,
    ).toBe(400);
    expect(
      (await call(buyer, 'POST', `/api/store/orders/readiness/${action.orderId}/${action.section}/complete`)).status,
    ).toBe(404);
    expect((await call<{ actions: unknown[] }>(buyer, 'GET', '/api/store/orders/readiness')).body.actions).toEqual([]);
  });

  it('refuses an action on an order that is no longer open', async () => {
    const closed = await orderByNumber('GS-100003');
    const res = await call(farmer, 'POST', `/api/store/orders/readiness/${closed.id}/payment/complete`);
    expect(res.status).toBe(400);
    expect(res.body.details?.reason).toBe('order_not_open');
  });
});

describe('previously purchased', () => {
  it('gives last year’s distinct products with quantities, last price and date', async () => {
    const res = await call<PreviouslyPurchased>(farmer, 'GET', `/api/store/previously-purchased/${year - 1}`);
    expect(res.status).toBe(200);
    expect(res.body.years).toContain(year - 1);
    const ids = res.body.products.map((p) => p.productId);
    expect(new Set(ids).size).toBe(ids.length);
    const map = res.body.products.find((p) => p.productName === 'MAP 11-52-0');
    if (map) expect(map.quantity).toBeGreaterThanOrEqual(14);
    // Canceled orders do not count: Mesotrione was only in the canceled one.
    expect(res.body.products.some((p) => p.productName === 'Mesotrione 4SC')).toBe(false);
    expect(res.body.products.every((p) => p.lastOrderedAt.startsWith(String(year - 1)))).toBe(true);
    expect((await call(farmer, 'GET', '/api/store/previously-purchased/last')).status).toBe(400);
    expect(
      (await call<PreviouslyPurchased>(buyer, 'GET', `/api/store/previously-purchased/${year - 1}`)).body.products,
    ).toEqual([]);
  });
});

describe('shopping lists and the cart', () => {
  it('lists the seeded lists and keeps them to their owner', async () => {
    const res = await call<ShoppingLists>(farmer, 'GET', '/api/store/shopping-lists');
    expect(res.body.lists.map((l) => l.name).sort()).toEqual(['Cow-calf herd health', 'Spring burndown']);
    const id = res.body.lists[0]!.id;
    expect((await call(buyer, 'GET', `/api/store/shopping-lists/${id}`)).status).toBe(404);
    expect((await call(buyer, 'PATCH', `/api/store/shopping-lists/${id}`, { name: 'Mine' })).status).toBe(404);
    expect((await call(buyer, 'DELETE', `/api/store/shopping-lists/${id}`)).status).toBe(404);
    expect((await call(buyer, 'POST', `/api/store/shopping-lists/${id}/add-to-cart`)).status).toBe(404);
  });

  it('creates, renames, edits items, deletes; bad names and products are 400', async () => {
    const spring = (await call<ShoppingLists>(farmer, 'GET', '/api/store/shopping-lists')).body.lists.find(
      (l) => l.name === 'Spring burndown',
    )!;
    const detail = (await call<ShoppingList>(farmer, 'GET', `/api/store/shopping-lists/${spring.id}`)).body;
    expect(detail.items.length).toBe(3);
    const v = detail.items[0]!.variantId;
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(81) },
      { name: 'ok', items: [{ variantId: v, quantity: 0 }] },
      { name: 'ok', items: [{ variantId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
    ]) {
      const res = await call(farmer, 'POST', '/api/store/shopping-lists', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
    const created = await call<ShoppingList>(farmer, 'POST', '/api/store/shopping-lists', {
      name: 'Fall fertilizer',
      items: [{ variantId: v, quantity: 2, note: 'north field' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Fall fertilizer', itemCount: 1 });
    expect(created.body.items[0]).toMatchObject({ quantity: 2, note: 'north field' });
    const id = created.body.id;
    expect(
      (await call<ShoppingList>(farmer, 'PATCH', `/api/store/shopping-lists/${id}`, { name: 'Fall fert' })).body.name,
    ).toBe('Fall fert');
    expect((await call(farmer, 'PATCH', `/api/store/shopping-lists/${id}`, { name: 'y'.repeat(81) })).status).toBe(400);
    const other = detail.items[1]!.variantId;
    const withTwo = await call<ShoppingList>(farmer, 'PUT', `/api/store/shopping-lists/${id}/items/${other}`, {
      quantity: 5,
    });
    expect(withTwo.body.items.map((i) => i.quantity).sort()).toEqual([2, 5]);
    const edited = await call<ShoppingList>(farmer, 'PUT', `/api/store/shopping-lists/${id}/items/${other}`, {
      quantity: 7,
      note: 'more',
    });
    expect(edited.body.items.find((i) => i.variantId === other)).toMatchObject({ quantity: 7, note: 'more' });
    expect((await call(farmer, 'PUT', `/api/store/shopping-lists/${id}/items/${other}`, { quantity: -1 })).status).toBe(
      400,
    );
    expect(
      (await call(farmer, 'PUT', `/api/store/shopping-lists/${id}/items/${other}`, { quantity: 10000 })).status,
    ).toBe(400);
    const removed = await call<ShoppingList>(farmer, 'DELETE', `/api/store/shopping-lists/${id}/items/${other}`);
    expect(removed.body.items).toHaveLength(1);
    expect((await call(farmer, 'DELETE', `/api/store/shopping-lists/${id}/items/${other}`)).status).toBe(404);
    expect((await call(farmer, 'DELETE', `/api/store/shopping-lists/${id}`)).status).toBe(204);
    expect((await call(farmer, 'GET', `/api/store/shopping-lists/${id}`)).status).toBe(404);
  });

  it('adds a list to the cart, reporting the lines the cart refuses', async () => {
    const spring = (await call<ShoppingLists>(farmer, 'GET', '/api/store/shopping-lists')).body.lists.find(
      (l) => l.name === 'Spring burndown',
    )!;
    const before = await call<{ itemCount: number }>(farmer, 'GET', '/api/store/cart');
    const res = await call<AddToCartOutcome>(farmer, 'POST', `/api/store/shopping-lists/${spring.id}/add-to-cart`);
    expect(res.status).toBe(200);
    expect(res.body.added.length).toBe(3);
    expect(res.body.cart!.itemCount).toBeGreaterThan(before.body.itemCount ?? 0);
    // A list with a product limited to 4 per order, asked for 6: the other line still goes in.
    const [paraquat] = rowsOf<{ public_id: string }>(
      await t.database.db
        .execute(sql`select v.public_id::text from store_variants v join store_products p on p.id = v.product_id
        join store_item_restrictions r on r.product_id = p.id and r.kind = 'QUANTITY_LIMIT' and r.max_quantity = 4
        where exists (select 1 from store_variant_prices vp where vp.variant_id = v.id and vp.country = 'USA') order by v.id limit 1`),
    );
    const limited = await call<ShoppingList>(farmer, 'POST', '/api/store/shopping-lists', {
      name: 'Too much',
      items: [
        { variantId: paraquat!.public_id, quantity: 6 },
        {
          variantId: (await call<ShoppingList>(farmer, 'GET', `/api/store/shopping-lists/${spring.id}`)).body.items[0]!
            .variantId,
          quantity: 1,
        },
      ],
    });
    const outcome = await call<AddToCartOutcome>(
      farmer,
      'POST',
      `/api/store/shopping-lists/${limited.body.id}/add-to-cart`,
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body.added).toHaveLength(1);
    expect(outcome.body.notAdded).toHaveLength(1);
    expect(outcome.body.notAdded[0]).toMatchObject({ variantId: paraquat!.public_id, reason: 'restricted' });
  });

  it('refuses to add an empty list', async () => {
    const empty = await call<ShoppingList>(farmer, 'POST', '/api/store/shopping-lists', { name: 'Empty' });
    const res = await call(farmer, 'POST', `/api/store/shopping-lists/${empty.body.id}/add-to-cart`);
    expect(res.status).toBe(400);
    expect(res.body.details?.reason).toBe('list_empty');
  });
});

describe('reorder', () => {
  it('puts an order’s still-sold lines back in the cart; another user’s order is 404', async () => {
    const order = await orderByNumber('GS-100014');
    const before = (await call<{ itemCount: number }>(farmer, 'GET', '/api/store/cart')).body.itemCount;
    const res = await call<AddToCartOutcome>(farmer, 'POST', `/api/store/orders/${order.id}/reorder`);
    expect(res.status).toBe(200);
    expect(res.body.added.length + res.body.notAdded.length).toBe(order.fulfillments.flatMap((f) => f.lines).length);
    expect(res.body.cart!.itemCount).toBeGreaterThan(before);
    expect((await call(buyer, 'POST', `/api/store/orders/${order.id}/reorder`)).status).toBe(404);
  });

  it('says which lines are no longer sold in the region', async () => {
    const order = await orderByNumber('GS-100013');
    const line = order.fulfillments[0]!.lines[0]!;
    await t.database.db.execute(
      sql`delete from store_variant_prices where variant_id = (select id from store_variants where public_id = ${line.variantId}) and country = 'USA'`,
    );
    const res = await call<AddToCartOutcome>(farmer, 'POST', `/api/store/orders/${order.id}/reorder`);
    expect(res.status).toBe(200);
    expect(res.body.notAdded.find((n) => n.variantId === line.variantId)).toMatchObject({
      reason: 'not_sold_in_region',
    });
  });
});

describe('which lists hold a pack size (the list picker)', () => {
  it('names the caller’s lists holding the variant with their quantity, and follows adds and removals', async () => {
    const spring = (await call<ShoppingLists>(farmer, 'GET', '/api/store/shopping-lists')).body.lists.find(
      (l) => l.name === 'Spring burndown',
    )!;
    const item = (await call<ShoppingList>(farmer, 'GET', `/api/store/shopping-lists/${spring.id}`)).body.items[0]!;
    const url = `/api/store/shopping-lists/with-variant/${item.variantId}`;
    const before = await call<ShoppingListsWithVariant>(farmer, 'GET', url);
    expect(before.status).toBe(200);
    expect(before.body.variantId).toBe(item.variantId);
    expect(before.body.lists).toContainEqual({ listId: spring.id, quantity: item.quantity });

    const created = (
      await call<ShoppingList>(farmer, 'POST', '/api/store/shopping-lists', {
        name: 'Picker test',
        items: [{ variantId: item.variantId, quantity: 3 }],
      })
    ).body;
    expect((await call<ShoppingListsWithVariant>(farmer, 'GET', url)).body.lists).toContainEqual({
      listId: created.id,
      quantity: 3,
    });
    await call(farmer, 'DELETE', `/api/store/shopping-lists/${created.id}/items/${item.variantId}`);
    expect((await call<ShoppingListsWithVariant>(farmer, 'GET', url)).body.lists.map((l) => l.listId)).not.toContain(
      created.id,
    );
    await call(farmer, 'DELETE', `/api/store/shopping-lists/${created.id}`);
  });

  it('shows another user nothing, needs a session, and answers 400 to a malformed id', async () => {
    const spring = (await call<ShoppingLists>(farmer, 'GET', '/api/store/shopping-lists')).body.lists.find(
      (l) => l.name === 'Spring burndown',
    )!;
    const variantId = (await call<ShoppingList>(farmer, 'GET', `/api/store/shopping-lists/${spring.id}`)).body.items[0]!
      .variantId;
    const other = await call<ShoppingListsWithVariant>(
      buyer,
      'GET',
      `/api/store/shopping-lists/with-variant/${variantId}`,
    );
    expect(other.status).toBe(200);
    expect(other.body.lists).toEqual([]);
    expect((await call(null, 'GET', `/api/store/shopping-lists/with-variant/${variantId}`)).status).toBe(401);
    const bad = await call(farmer, 'GET', '/api/store/shopping-lists/with-variant/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_request');
    const unknown = await call<ShoppingListsWithVariant>(
      farmer,
      'GET',
      '/api/store/shopping-lists/with-variant/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.body.lists).toEqual([]);
  });
});
