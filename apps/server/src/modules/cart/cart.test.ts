import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  cartUserTopic,
  type CartEventPayload,
  type CartView,
  type CheckoutView,
  type LiveEvent,
  type StoreProductDetail,
} from '@granary/domain';
import { createTestApp, cookiesFrom, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { rowsOf } from '../../platform/db.ts';
import { subscribe } from '../../platform/events.ts';
import { addItemsToCart, cartLinesWithCurrentPrices, loadCartForUser } from './cart.service.ts';

let t: TestApp;
let ipSeq = 10;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** A browser: keeps cookies, sends the bootstrap's CSRF token, has its own IP. */
class Browser {
  cookies: Record<string, string> = {};
  csrf = '';
  readonly ip = `10.6.0.${ipSeq++}`;

  static async open(): Promise<Browser> {
    const b = new Browser();
    await b.bootstrap();
    return b;
  }

  cookieHeader(): string {
    return Object.entries(this.cookies)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  keep(res: LightMyRequestResponse): LightMyRequestResponse {
    for (const [name, value] of Object.entries(cookiesFrom(res.headers['set-cookie']))) this.cookies[name] = value;
    return res;
  }

  async bootstrap(): Promise<void> {
    const res = this.keep(
      await t.app.inject({
        method: 'GET',
        url: '/api/bootstrap',
        remoteAddress: this.ip,
        headers: { cookie: this.cookieHeader() },
      }),
    );
    this.csrf = res.json().csrf;
  }

  /** Signs in as a seeded user the way the server does (a session cookie), keeping the guest cookies. */
  async signIn(email: string): Promise<void> {
    const [name, value] = (await t.sessionCookie(email)).split('=') as [string, string];
    this.cookies[name] = value;
    await this.bootstrap();
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> {
    return this.keep(
      await t.app.inject({
        method,
        url,
        remoteAddress: this.ip,
        headers: { cookie: this.cookieHeader(), 'x-csrf-token': this.csrf },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    );
  }

  async cart(): Promise<CartView> {
    const res = await this.call('GET', '/api/store/cart?locale=en-us');
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  add(variantId: string, quantity: number, serial: number) {
    return this.call('POST', '/api/store/cart/items?locale=en-us', { serial, variantId, quantity });
  }
}

async function variantsOf(slug: string, locale = 'en-us'): Promise<StoreProductDetail['variants']> {
  const res = await t.app.inject({ method: 'GET', url: `/api/store/products/${slug}?locale=${locale}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as StoreProductDetail).variants;
}

/** Slugs of products sold in the US without any restriction. */
async function plainProducts(n: number): Promise<string[]> {
  const rows = rowsOf<{ slug: string }>(
    await t.database.db.execute(sql`
      select p.slug from store_products p
      where exists (select 1 from store_variants v join store_variant_prices vp on vp.variant_id = v.id and vp.country = 'USA' where v.product_id = p.id)
        and not exists (select 1 from store_item_restrictions r where r.product_id = p.id)
        and not p.restricted_use
      order by p.id limit ${n}`),
  );
  return rows.map((r) => r.slug);
}

async function productWith(kind: string): Promise<{ slug: string; id: number }> {
  const rows = rowsOf<{ slug: string; id: number }>(
    await t.database.db.execute(sql`
      select p.slug, p.id from store_products p join store_item_restrictions r on r.product_id = p.id
      where r.kind = ${kind} and exists (select 1 from store_variants v join store_variant_prices vp on vp.variant_id = v.id and vp.country = 'USA' where v.product_id = p.id)
      order by p.id limit 1`),
  );
  if (!rows[0]) throw new Error(`no product with ${kind}`);
  return rows[0];
}

describe('a guest cart', () => {
  it('starts empty without making a cart, and the first add makes one behind an httpOnly cookie', async () => {
    const guest = await Browser.open();
    const empty = await guest.cart();
    expect(empty).toMatchObject({
      id: '',
      serial: 1,
      items: [],
      itemCount: 0,
      goodsSubtotal: '0.00',
      enablement: { enabled: true, reason: null },
    });
    expect(guest.cookies.granary_cart).toBeUndefined();

    const [slug] = await plainProducts(1);
    const [variant] = await variantsOf(slug!);
    const res = await guest.add(variant!.id, 3, 1);
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/granary_cart=[^;]+;.*HttpOnly/i);
    const cart = res.json() as CartView;
    expect(cart.id).not.toBe('');
    expect(cart.serial).toBe(2);
    expect(cart.itemCount).toBe(3);
    expect(cart.items[0]).toMatchObject({
      variantId: variant!.id,
      quantity: 3,
      unitPrice: variant!.price!.amount,
      sku: variant!.sku,
      sellable: true,
    });
    expect(cart.items[0]!.lineTotal).toBe((Number(variant!.price!.amount) * 3).toFixed(2));
    expect(cart.goodsSubtotal).toBe(cart.items[0]!.lineTotal);

    // Only the token's hash is stored.
    const token = guest.cookies.granary_cart!;
    const stored = rowsOf<{ guest_token_hash: string }>(
      await t.database.db.execute(sql`select guest_token_hash from store_carts where id = ${cart.id}::uuid`),
    );
    expect(stored[0]!.guest_token_hash).not.toBe(token);
    expect(stored[0]!.guest_token_hash).toMatch(/^[0-9a-f]{64}$|^[A-Za-z0-9_-]{43}$/);

    // Another guest does not see it.
    const other = await Browser.open();
    expect((await other.cart()).items).toEqual([]);
  });

  it('adds to the same line, sets a quantity, removes with 0 and with remove, and clears', async () => {
    const guest = await Browser.open();
    const [a, b] = await plainProducts(2);
    const [va] = await variantsOf(a!);
    const [vb] = await variantsOf(b!);
    let cart = (await guest.add(va!.id, 1, 1)).json() as CartView;
    cart = (await guest.add(va!.id, 2, cart.serial)).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(3);
    cart = (await guest.add(vb!.id, 1, cart.serial)).json();
    expect(cart.items).toHaveLength(2);

    const lineA = cart.items.find((i) => i.variantId === va!.id)!;
    let res = await guest.call('PATCH', `/api/store/cart/items/${lineA.itemId}?locale=en-us`, {
      serial: cart.serial,
      quantity: 7,
    });
    expect(res.statusCode).toBe(200);
    cart = res.json();
    expect(cart.items.find((i) => i.itemId === lineA.itemId)!.quantity).toBe(7);
    expect(cart.itemCount).toBe(8);

    res = await guest.call('PATCH', `/api/store/cart/items/${lineA.itemId}?locale=en-us`, {
      serial: cart.serial,
      quantity: 0,
    });
    cart = res.json();
    expect(cart.items.map((i) => i.variantId)).toEqual([vb!.id]);

    const lineB = cart.items[0]!;
    res = await guest.call('DELETE', `/api/store/cart/items/${lineB.itemId}?locale=en-us`, { serial: cart.serial });
    expect(res.statusCode).toBe(200);
    cart = res.json();
    expect(cart.items).toEqual([]);

    cart = (await guest.add(va!.id, 2, cart.serial)).json();
    cart = (await guest.add(vb!.id, 2, cart.serial)).json();
    res = await guest.call('POST', '/api/store/cart/clear?locale=en-us', { serial: cart.serial });
    expect(res.statusCode).toBe(200);
    expect((res.json() as CartView).items).toEqual([]);
    expect((res.json() as CartView).serial).toBe(cart.serial + 1);
  });

  it('takes a batch of changes in one write, all or none', async () => {
    const guest = await Browser.open();
    const [a, b] = await plainProducts(2);
    const [va] = await variantsOf(a!);
    const [vb] = await variantsOf(b!);
    const res = await guest.call('POST', '/api/store/cart/changes?locale=en-us', {
      serial: 1,
      changes: [
        { op: 'add', variantId: va!.id, quantity: 2 },
        { op: 'add', variantId: vb!.id, quantity: 5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const cart = res.json() as CartView;
    expect(cart.serial).toBe(2);
    expect(cart.itemCount).toBe(7);

    // A refused change in the batch leaves the cart as it was (and its serial).
    const bad = await guest.call('POST', '/api/store/cart/changes?locale=en-us', {
      serial: 2,
      changes: [
        { op: 'set', itemId: cart.items[0]!.itemId, quantity: 1 },
        { op: 'add', variantId: va!.id, quantity: 9999 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const after = await guest.cart();
    expect(after.serial).toBe(2);
    expect(after.itemCount).toBe(7);
  });
});

describe('the serial rule', () => {
  it('refuses a stale serial with 409 cart_conflict and the cart as it is now', async () => {
    const guest = await Browser.open();
    const [a] = await plainProducts(1);
    const [va] = await variantsOf(a!);
    const cart = (await guest.add(va!.id, 1, 1)).json() as CartView;
    const res = await guest.add(va!.id, 1, 1);
    expect(res.statusCode).toBe(409);
    const body = res.json() as { code: string; details: { cart: CartView } };
    expect(body.code).toBe('cart_conflict');
    expect(body.details.cart).toMatchObject({ id: cart.id, serial: cart.serial, itemCount: 1 });
    // A serial ahead of the server's is refused too.
    expect((await guest.add(va!.id, 1, cart.serial + 5)).statusCode).toBe(409);
  });

  it('lets exactly one of two writes with the same serial through (two tabs)', async () => {
    const guest = await Browser.open();
    const [a, b] = await plainProducts(2);
    const [va] = await variantsOf(a!);
    const [vb] = await variantsOf(b!);
    const cart = (await guest.add(va!.id, 1, 1)).json() as CartView;
    const [one, two] = await Promise.all([guest.add(va!.id, 1, cart.serial), guest.add(vb!.id, 1, cart.serial)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const now = await guest.cart();
    expect(now.serial).toBe(cart.serial + 1);
    expect(now.itemCount).toBe(2);
  });
});

describe('bad input', () => {
  it('answers 400 for quantities out of bounds, fractions, unknown fields and bad ids; 404 for an unknown variant', async () => {
    const guest = await Browser.open();
    const [a] = await plainProducts(1);
    const [va] = await variantsOf(a!);
    for (const body of [
      { serial: 1, variantId: va!.id, quantity: 0 },
      { serial: 1, variantId: va!.id, quantity: 10000 },
      { serial: 1, variantId: va!.id, quantity: 1.5 },
      { serial: 1, variantId: va!.id, quantity: -2 },
      { serial: 1, variantId: va!.id, quantity: 1, price: '0.01' },
      { variantId: va!.id, quantity: 1 },
      { serial: 1, variantId: 'not-a-uuid', quantity: 1 },
    ]) {
      const res = await guest.call('POST', '/api/store/cart/items?locale=en-us', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBeTruthy();
    }
    const unknown = await guest.add('00000000-0000-4000-8000-000000000000', 1, 1);
    expect(unknown.statusCode).toBe(404);
    // A line may not grow past 9,999 by adding.
    const cart = (await guest.add(va!.id, 9000, 1)).json() as CartView;
    const over = await guest.add(va!.id, 1000, cart.serial);
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('invalid_request');
    // An unknown line: 404.
    const missing = await guest.call(
      'PATCH',
      '/api/store/cart/items/00000000-0000-4000-8000-000000000000?locale=en-us',
      { serial: cart.serial, quantity: 2 },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a variant not sold in the region with 400', async () => {
    const rows = rowsOf<{ public_id: string }>(
      await t.database.db.execute(sql`
        select v.public_id::text from store_variants v
        where exists (select 1 from store_variant_prices vp where vp.variant_id = v.id and vp.country = 'USA')
          and not exists (select 1 from store_variant_prices vp where vp.variant_id = v.id and vp.country = 'CAN')
        limit 1`),
    );
    expect(rows[0]).toBeDefined();
    const guest = await Browser.open();
    const res = await guest.call('POST', '/api/store/cart/items?locale=en-ca', {
      serial: 1,
      variantId: rows[0]!.public_id,
      quantity: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('variant_not_sold_in_region');
  });
});

describe('item restrictions', () => {
  it('refuses a quantity over a QUANTITY_LIMIT and under a MINIMUM_QUANTITY with item_restricted and the number', async () => {
    const guest = await Browser.open();
    const limited = await productWith('QUANTITY_LIMIT');
    const [max] = rowsOf<{ max_quantity: number }>(
      await t.database.db.execute(
        sql`select max_quantity from store_item_restrictions where product_id = ${limited.id} and kind = 'QUANTITY_LIMIT'`,
      ),
    );
    const [lv] = await variantsOf(limited.slug);
    const over = await guest.add(lv!.id, max!.max_quantity + 1, 1);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'item_restricted',
      details: { restriction: 'QUANTITY_LIMIT', max: max!.max_quantity },
    });
    const ok = await guest.add(lv!.id, max!.max_quantity, 1);
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as CartView).items[0]!.restrictions).toContainEqual({
      restriction: 'QUANTITY_LIMIT',
      max: max!.max_quantity,
    });

    const minimum = await productWith('MINIMUM_QUANTITY');
    const [min] = rowsOf<{ min_quantity: number }>(
      await t.database.db.execute(
        sql`select min_quantity from store_item_restrictions where product_id = ${minimum.id} and kind = 'MINIMUM_QUANTITY'`,
      ),
    );
    const [mv] = await variantsOf(minimum.slug);
    const serial = (ok.json() as CartView).serial;
    const under = await guest.add(mv!.id, min!.min_quantity - 1, serial);
    expect(under.statusCode).toBe(400);
    expect(under.json()).toMatchObject({
      code: 'item_restricted',
      details: { restriction: 'MINIMUM_QUANTITY', min: min!.min_quantity },
    });
    const cart = (await guest.add(mv!.id, min!.min_quantity, serial)).json() as CartView;
    const line = cart.items.find((i) => i.variantId === mv!.id)!;
    const lower = await guest.call('PATCH', `/api/store/cart/items/${line.itemId}?locale=en-us`, {
      serial: cart.serial,
      quantity: min!.min_quantity - 1,
    });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().details.restriction).toBe('MINIMUM_QUANTITY');
  });

  it('refuses a product not sold into the buyer’s state (JURISDICTIONS_RESTRICTION)', async () => {
    const [slug] = await plainProducts(1);
    const [p] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from store_products where slug = ${slug!}`),
    );
    await t.database.db.execute(
      sql`insert into store_item_restrictions (product_id, kind, jurisdictions) values (${p!.id}, 'JURISDICTIONS_RESTRICTION', '{IA}')`,
    );
    try {
      const farmer = await Browser.open();
      await farmer.signIn(DEMO_ACCOUNTS.farmer);
      const start = await farmer.cart();
      const [v] = await variantsOf(slug!);
      const res = await farmer.add(v!.id, 1, start.serial);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'item_restricted',
        details: { restriction: 'JURISDICTIONS_RESTRICTION', jurisdiction: 'IA' },
      });
      // A guest (no state known) may put it in a cart; the rule is shown with the line.
      const guest = await Browser.open();
      const cart = (await guest.add(v!.id, 1, 1)).json() as CartView;
      expect(cart.items[0]!.restrictions).toContainEqual({
        restriction: 'JURISDICTIONS_RESTRICTION',
        jurisdictions: ['IA'],
      });
    } finally {
      await t.database.db.execute(
        sql`delete from store_item_restrictions where product_id = ${p!.id} and kind = 'JURISDICTIONS_RESTRICTION' and jurisdictions = '{IA}'`,
      );
    }
  });

  it('flags a restricted-use product on its line and in the alerts', async () => {
    const rows = rowsOf<{ slug: string }>(
      await t.database.db.execute(sql`
        select p.slug from store_products p where p.restricted_use
          and exists (select 1 from store_variants v join store_variant_prices vp on vp.variant_id = v.id and vp.country = 'USA' where v.product_id = p.id)
          and not exists (select 1 from store_item_restrictions r where r.product_id = p.id)
        limit 1`),
    );
    const guest = await Browser.open();
    const [v] = await variantsOf(rows[0]!.slug);
    const cart = (await guest.add(v!.id, 1, 1)).json() as CartView;
    expect(cart.items[0]!.restrictedUse).toBe(true);
    expect(cart.alerts).toContainEqual({ code: 'restricted_use_items', itemIds: [cart.items[0]!.itemId] });
  });
});

describe('cart enablement (6.2)', () => {
  it('is off in a region without add-to-cart: 403 cart_not_available_in_region', async () => {
    const guest = await Browser.open();
    const view = (await guest.call('GET', '/api/store/cart?locale=en-au')).json() as CartView;
    expect(view.enablement).toEqual({ enabled: false, reason: 'cart_not_available_in_region' });
    const [a] = await plainProducts(1);
    const [va] = await variantsOf(a!);
    const res = await guest.call('POST', '/api/store/cart/items?locale=en-au', {
      serial: 1,
      variantId: va!.id,
      quantity: 1,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('cart_not_available_in_region');
  });

  it('needs the input-purchasing permission from a signed-in user: a member without it gets 403, with it 200', async () => {
    const [a] = await plainProducts(1);
    const [va] = await variantsOf(a!);
    const buyer = await Browser.open();
    await buyer.signIn(DEMO_ACCOUNTS.buyer);
    const view = await buyer.cart();
    expect(view.enablement).toEqual({ enabled: false, reason: 'enterprise_access_required' });
    const refused = await buyer.add(va!.id, 1, view.serial);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('enterprise_access_required');

    // Made a sub-account of the farm without the flag: still refused; with the flag: allowed.
    const [ids] = rowsOf<{ farm: number; buyer: string }>(
      await t.database.db.execute(sql`
        select (select eu.enterprise_id from enterprise_users eu join users u on u.id = eu.user_id where u.email = ${DEMO_ACCOUNTS.farmer} limit 1) as farm,
          (select id::text from users where email = ${DEMO_ACCOUNTS.buyer}) as buyer`),
    );
    await t.database.db.execute(
      sql`insert into enterprise_users (enterprise_id, user_id, role, permissions) values (${ids!.farm}, ${ids!.buyer}::uuid, 'subaccount', '{has_team_access}')`,
    );
    try {
      expect((await buyer.add(va!.id, 1, view.serial)).statusCode).toBe(403);
      await t.database.db.execute(
        sql`update enterprise_users set permissions = '{has_input_purchasing_access}' where user_id = ${ids!.buyer}::uuid`,
      );
      const ok = await buyer.add(va!.id, 1, view.serial);
      expect(ok.statusCode).toBe(200);
      expect((ok.json() as CartView).enablement.enabled).toBe(true);
    } finally {
      await t.database.db.execute(sql`delete from enterprise_users where user_id = ${ids!.buyer}::uuid`);
    }
  });

  it('tells the bootstrap the member’s role and access flags', async () => {
    const farmer = await Browser.open();
    await farmer.signIn(DEMO_ACCOUNTS.farmer);
    const res = await farmer.call('GET', '/api/bootstrap');
    const enterprises = Object.values(res.json().enterprises) as { role?: string; permissions?: string[] }[];
    expect(enterprises[0]).toMatchObject({ role: 'owner', permissions: [] });
  });
});

describe('sign-in merges the guest cart', () => {
  it('adds the guest’s quantities to the user’s open cart, marks the guest cart merged and clears the cookie', async () => {
    const [a, b] = await plainProducts(2);
    const [va] = await variantsOf(a!);
    const [vb] = await variantsOf(b!);
    // The farmer already has a line of the first product in their cart.
    const farmerCart = await addItemsToCart(t.database.db, {
      userId: await userId(DEMO_ACCOUNTS.farmer),
      items: [{ variantId: va!.id, quantity: 2 }],
    });
    const line = farmerCart.items.find((i) => i.variantId === va!.id)!;

    const guest = await Browser.open();
    let cart = (await guest.add(va!.id, 3, 1)).json() as CartView;
    cart = (await guest.add(vb!.id, 1, cart.serial)).json();
    const guestCartId = cart.id;

    await guest.signIn(DEMO_ACCOUNTS.farmer);
    const res = await guest.call('GET', '/api/store/cart?locale=en-us');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/granary_cart=;/);
    const merged = res.json() as CartView;
    expect(merged.id).toBe(farmerCart.id);
    expect(merged.serial).toBe(farmerCart.serial + 1);
    expect(merged.items.find((i) => i.variantId === va!.id)).toMatchObject({
      itemId: line.itemId,
      quantity: line.quantity + 3,
    });
    expect(merged.items.find((i) => i.variantId === vb!.id)?.quantity).toBe(1);
    expect(merged.alerts).toContainEqual({ code: 'items_merged', itemIds: [] });
    const [status] = rowsOf<{ status: string }>(
      await t.database.db.execute(sql`select status from store_carts where id = ${guestCartId}::uuid`),
    );
    expect(status!.status).toBe('merged');

    // Once merged, nothing merges again, and the next read is plain.
    const again = await guest.cart();
    expect(again.serial).toBe(merged.serial);
    expect(again.alerts.some((a) => a.code === 'items_merged')).toBe(false);
    await clearCart(guest);
  });

  it('holds a merged quantity to the product’s QUANTITY_LIMIT', async () => {
    const limited = await productWith('QUANTITY_LIMIT');
    const [max] = rowsOf<{ max_quantity: number }>(
      await t.database.db.execute(
        sql`select max_quantity from store_item_restrictions where product_id = ${limited.id} and kind = 'QUANTITY_LIMIT'`,
      ),
    );
    const [lv] = await variantsOf(limited.slug);
    await addItemsToCart(t.database.db, {
      userId: await userId(DEMO_ACCOUNTS.farmer),
      items: [{ variantId: lv!.id, quantity: max!.max_quantity }],
    });
    const guest = await Browser.open();
    await guest.add(lv!.id, 1, 1);
    await guest.signIn(DEMO_ACCOUNTS.farmer);
    const merged = await guest.cart();
    expect(merged.items.find((i) => i.variantId === lv!.id)?.quantity).toBe(max!.max_quantity);
    await clearCart(guest);
  });

  it('merges on the password sign-in itself, too', async () => {
    const [a] = await plainProducts(1);
    const [va] = await variantsOf(a!);
    const guest = await Browser.open();
    await guest.add(va!.id, 4, 1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/basic',
      remoteAddress: guest.ip,
      headers: {
        cookie: guest.cookieHeader(),
        'x-csrf-token': guest.csrf,
        authorization: `Basic ${Buffer.from(`${DEMO_ACCOUNTS.farmer}:granary-demo`).toString('base64')}`,
      },
      payload: {},
    });
    expect(login.statusCode).toBe(200);
    guest.keep(login);
    expect(guest.cookies.granary_cart).toBe('');
    const view = await loadCartForUser(t.database.db, await userId(DEMO_ACCOUNTS.farmer));
    expect(view.items.find((i) => i.variantId === va!.id)?.quantity).toBe(4);
    await guest.bootstrap();
    await clearCart(guest);
  });
});

describe('whose cart', () => {
  it('shows a cart by id only to its owner: another user’s cart id or item is 404', async () => {
    const [a] = await plainProducts(1);
    const [va] = await variantsOf(a!);
    const farmerView = await addItemsToCart(t.database.db, {
      userId: await userId(DEMO_ACCOUNTS.farmer),
      items: [{ variantId: va!.id, quantity: 1 }],
    });
    const farmer = await Browser.open();
    await farmer.signIn(DEMO_ACCOUNTS.farmer);
    expect((await farmer.call('GET', `/api/store/cart?cartId=${farmerView.id}`)).statusCode).toBe(200);

    const admin = await Browser.open();
    await admin.signIn(DEMO_ACCOUNTS.admin);
    expect((await admin.call('GET', `/api/store/cart?cartId=${farmerView.id}`)).statusCode).toBe(404);
    const guest = await Browser.open();
    expect((await guest.call('GET', `/api/store/cart?cartId=${farmerView.id}`)).statusCode).toBe(404);
    const adminCart = await admin.cart();
    const item = farmerView.items[0]!;
    const res = await admin.call('PATCH', `/api/store/cart/items/${item.itemId}?locale=en-us`, {
      serial: adminCart.serial,
      quantity: 5,
    });
    expect(res.statusCode).toBe(404);
    const still = await loadCartForUser(t.database.db, await userId(DEMO_ACCOUNTS.farmer));
    expect(still.items.find((i) => i.itemId === item.itemId)?.quantity).toBe(item.quantity);
    await clearCart(farmer);
  });

  it('gives checkout the lines with the price they were added at beside the current one', async () => {
    const [a] = await plainProducts(1);
    const [va] = await variantsOf(a!);
    const view = await addItemsToCart(t.database.db, {
      userId: await userId(DEMO_ACCOUNTS.farmer),
      items: [{ variantId: va!.id, quantity: 2 }],
    });
    const lines = await cartLinesWithCurrentPrices(t.database.db, view.id);
    expect(lines.find((l) => l.variantPublicId === va!.id)).toMatchObject({
      quantity: 2,
      pricedAmount: va!.price!.amount,
      amount: va!.price!.amount,
    });
    const farmer = await Browser.open();
    await farmer.signIn(DEMO_ACCOUNTS.farmer);
    await clearCart(farmer);
  });
});

describe('live events to the user’s other devices', () => {
  /** Collects the cart events this process hears; `settle()` waits for NOTIFYs of committed writes to arrive. */
  async function listen() {
    const got: LiveEvent<CartEventPayload>[] = [];
    const stop = await subscribe(t.database, (e) => {
      if (e.topic.startsWith('cart:')) got.push(e as LiveEvent<CartEventPayload>);
    });
    const settle = () => new Promise((r) => setTimeout(r, 100));
    // A write committed just before (a test's clearCart) may still be on its way from PostgreSQL's LISTEN
    // connection: let it arrive, then start counting.
    await settle();
    got.length = 0;
    return { got, stop, settle };
  }

  it('publishes the new serial on the user’s topic with every committed cart write; a refused, stale or guest write publishes nothing', async () => {
    const farmerId = await userId(DEMO_ACCOUNTS.farmer);
    const topic = cartUserTopic(farmerId);
    const [a] = await plainProducts(1);
    const [va] = await variantsOf(a!);
    const farmer = await Browser.open();
    await farmer.signIn(DEMO_ACCOUNTS.farmer);
    const { got, stop, settle } = await listen();
    try {
      let cart = (await farmer.add(va!.id, 3, (await farmer.cart()).serial)).json() as CartView;
      await settle();
      expect(got.map((e) => [e.topic, e.payload])).toEqual([
        [topic, { cartId: cart.id, serial: cart.serial, status: 'open' }],
      ]);

      got.length = 0;
      // Refused inside the write's transaction (3 + 9,999 packs is over the bound): rolled back, nothing told.
      expect((await farmer.add(va!.id, 9999, cart.serial)).statusCode).toBe(400);
      // Stale serial: 409, nothing written.
      expect((await farmer.add(va!.id, 1, cart.serial - 1)).statusCode).toBe(409);
      // A guest's cart has no other devices to tell.
      const guest = await Browser.open();
      expect((await guest.add(va!.id, 1, 1)).statusCode).toBe(200);
      await settle();
      expect(got).toEqual([]);
      expect((await farmer.cart()).serial).toBe(cart.serial);

      // Another module's add (shopping lists, buy again) and a batch of changes publish too.
      const added = await addItemsToCart(t.database.db, {
        userId: farmerId,
        items: [{ variantId: va!.id, quantity: 1 }],
      });
      const line = added.items.find((i) => i.variantId === va!.id)!;
      const res = await farmer.call('POST', '/api/store/cart/changes?locale=en-us', {
        serial: added.serial,
        changes: [{ op: 'set', itemId: line.itemId, quantity: 2 }],
      });
      expect(res.statusCode).toBe(200);
      cart = res.json();
      await settle();
      expect(got.map((e) => e.payload!.serial)).toEqual([added.serial, cart.serial]);
      expect(got.every((e) => e.topic === topic && e.payload!.cartId === cart.id)).toBe(true);
    } finally {
      stop();
      await clearCart(farmer);
    }
  });

  it('publishes checkout writes and the order placed (status checked_out), and the merge of a guest cart at sign-in', async () => {
    const farmerId = await userId(DEMO_ACCOUNTS.farmer);
    const [stocked] = rowsOf<{ public_id: string }>(
      await t.database.db.execute(sql`
        select v.public_id::text from store_variants v join store_products p on p.id = v.product_id
        join store_variant_prices vp on vp.variant_id = v.id and vp.country = 'USA'
        where not p.restricted_use and not exists (select 1 from store_item_restrictions r where r.product_id = p.id)
          and (select min(st.quantity) from store_stock st join store_warehouses w on w.id = st.warehouse_id where st.variant_id = v.id and w.country = 'USA') >= 20
        order by v.id limit 1`),
    );
    const farmer = await Browser.open();
    await farmer.signIn(DEMO_ACCOUNTS.farmer);
    await clearCart(farmer);
    const { got, stop, settle } = await listen();
    try {
      // Merged at sign-in: the user's cart gets the guest's line.
      const guest = await Browser.open();
      await guest.add(stocked!.public_id, 2, 1);
      await guest.signIn(DEMO_ACCOUNTS.farmer);
      const merged = await guest.cart();
      await settle();
      expect(got.map((e) => e.payload)).toEqual([{ cartId: merged.id, serial: merged.serial, status: 'open' }]);

      got.length = 0;
      const billing = await farmer.call('POST', '/api/store/addresses', {
        addressType: 'default_billing_address',
        format: 'postal',
        name: 'Fieldman Family Farms',
        line1: '2231 County Road E18',
        city: 'Nevada',
        region: 'IA',
        postalCode: '50201',
        country: 'USA',
      });
      expect(billing.statusCode).toBe(201);
      let v = (await farmer.call('GET', '/api/store/checkout')).json() as CheckoutView;
      for (const p of v.partitions)
        v = (
          await farmer.call('PUT', `/api/store/checkout/partitions/${p.key}`, {
            cartId: v.cart.id,
            serial: v.cart.serial,
            shippingMethod: 'pickup',
          })
        ).json();
      v = (
        await farmer.call('PUT', '/api/store/checkout/payment', {
          cartId: v.cart.id,
          serial: v.cart.serial,
          paymentTerms: 'check',
        })
      ).json();
      v = (
        await farmer.call('PUT', '/api/store/checkout/billing-address', {
          cartId: v.cart.id,
          serial: v.cart.serial,
          billingAddressId: billing.json().id,
        })
      ).json();
      await settle();
      expect(got.map((e) => e.payload!.serial)).toEqual(
        Array.from({ length: got.length }, (_, i) => merged.serial + 1 + i),
      );
      expect(got.at(-1)!.payload).toEqual({ cartId: merged.id, serial: v.cart.serial, status: 'open' });

      got.length = 0;
      const placed = await farmer.call('POST', '/api/store/checkout/place', {
        cartId: v.cart.id,
        serial: v.cart.serial,
        expectedTotal: v.totals.total,
      });
      expect(placed.statusCode).toBe(201);
      await settle();
      expect(got.map((e) => [e.topic, e.payload])).toEqual([
        [cartUserTopic(farmerId), { cartId: merged.id, serial: v.cart.serial + 1, status: 'checked_out' }],
      ]);
    } finally {
      stop();
    }
  });
});

async function userId(email: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`select id::text from users where email = ${email}`),
  );
  return row!.id;
}

async function clearCart(b: Browser): Promise<void> {
  const cart = await b.cart();
  if (cart.id)
    expect((await b.call('POST', '/api/store/cart/clear?locale=en-us', { serial: cart.serial })).statusCode).toBe(200);
}
