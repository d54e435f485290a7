import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmDecimal, type CheckoutView, type PlacedOrder } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { rowsOf } from '../../platform/db.ts';
import { listOutbox } from '../../platform/outbox.ts';

let t: TestApp;
let farmer: Caller;
let buyer: Caller;
let plain: string; // an ordinary in-stock US variant (no restriction, not RUP)
let rup: string; // a restricted-use variant in stock

const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.app.inject({ method, url, headers: headersOf(caller), ...(body === undefined ? {} : { payload: body as object }) });

async function variant(where: string): Promise<string> {
  const rows = rowsOf<{ public_id: string }>(
    await t.database.db.execute(
      sql.raw(`
      select v.public_id::text from store_variants v join store_products p on p.id = v.product_id
      join store_variant_prices vp on vp.variant_id = v.id and vp.country = 'USA'
      join store_categories c on c.id = p.category_id
      where ${where} and not exists (select 1 from store_item_restrictions r where r.product_id = p.id)
        and (select min(st.quantity) from store_stock st join store_warehouses w on w.id = st.warehouse_id where st.variant_id = v.id and w.country = 'USA') >= 20
      order by v.id limit 1`),
    ),
  );
  return rows[0]!.public_id;
}

async function buyNow(who: Caller, variantId: string, quantity = 1): Promise<{ cartId: string; serial: number }> {
  const res = await call(who, 'POST', '/api/store/buy-now', { variantId, quantity });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function view(who: Caller, cartId: string): Promise<CheckoutView> {
  const res = await call(who, 'GET', `/api/store/checkout?cartId=${cartId}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function put(who: Caller, path: string, body: Record<string, unknown>) {
  return call(who, 'PUT', `/api/store/checkout/${path}`, body);
}

let billingId: number;
let iowaAddressId: number;

/** A cart ready to place: pickup at the partition's own warehouse, paid by check, billed to the farm. */
async function ready(who: Caller, cartId: string): Promise<CheckoutView> {
  let v = await view(who, cartId);
  for (const p of v.partitions) {
    const res = await put(who, `partitions/${p.key}`, { cartId, serial: v.cart.serial, shippingMethod: 'pickup' });
    expect(res.statusCode).toBe(200);
    v = res.json();
  }
  v = (await put(who, 'payment', { cartId, serial: v.cart.serial, paymentTerms: 'check' })).json();
  v = (await put(who, 'billing-address', { cartId, serial: v.cart.serial, billingAddressId: billingId })).json();
  return v;
}

const place = (who: Caller, v: CheckoutView, expectedTotal = v.totals.total) =>
  call(who, 'POST', '/api/store/checkout/place', { cartId: v.cart.id, serial: v.cart.serial, expectedTotal });

beforeAll(async () => {
  t = await createTestApp({ env: { CARD_PROVIDER: 'test' } });
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  plain = await variant(`not p.restricted_use and c.product_category = 'chemical'`);
  rup = await variant(`p.restricted_use`);
  const billing = await call(farmer, 'POST', '/api/store/addresses', {
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
  billingId = billing.json().id;
  const ship = await call(farmer, 'POST', '/api/store/addresses', {
    addressType: 'shipping_address',
    format: 'postal',
    name: 'North farm',
    line1: '1480 310th Street',
    city: 'Story City',
    region: 'IA',
    postalCode: '50248',
    country: 'USA',
  });
  iowaAddressId = ship.json().id;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the checkout view', () => {
  it('shows the cart partitioned per seller and warehouse, sections, grouped terms without the removed ones, the surcharge and totals', async () => {
    const add = await call(farmer, 'GET', '/api/store/cart');
    const serial = add.json().serial as number;
    const added = await call(farmer, 'POST', '/api/store/cart/items', { serial, variantId: plain, quantity: 2 });
    expect(added.statusCode).toBe(200);
    const v = (await call(farmer, 'GET', '/api/store/checkout')).json() as CheckoutView;
    expect(v.cart.kind).toBe('cart');
    expect(v.partitions).toHaveLength(1);
    expect(v.partitions[0]!.key).toMatch(/^seller-\d+\.warehouse-\d+$/);
    expect(v.partitions[0]!.warehouse.country).toBe('USA');
    expect(Object.values(v.sections).every((s) => !s.required)).toBe(true);
    expect(v.sections.shipping.filled || v.sections.payment.filled).toBe(false);
    expect(v.sections.otherInfo.filled).toBe(true); // nothing restricted-use: no licence needed
    const terms = v.paymentTermGroups.flatMap((g) => g.terms.map((x) => x.term));
    expect(terms).toEqual(expect.arrayContaining(['check', 'trade_credit', '{card_provider}_credit_card']));
    for (const removed of ['pay_now', '{brand}_eft', '{card_provider}_ach']) expect(terms).not.toContain(removed);
    expect(v.paymentTermGroups.map((g) => g.group)).toContain('financing');
    expect(v.paymentMethodSurcharges.test_credit_card).toMatchObject({ applied: false, effectivePct: '3.00' });
    expect(v.totals.goodsSubtotal).toBe(v.partitions[0]!.lines[0]!.lineTotal);
    expect(v.ownReferralCode).toMatch(/^REF-/);
  });

  it('turns the required sections on in express checkout', async () => {
    const v = (await call(farmer, 'GET', '/api/store/checkout')).json() as CheckoutView;
    const res = await put(farmer, 'express', { cartId: v.cart.id, serial: v.cart.serial, express: true });
    expect(res.statusCode).toBe(200);
    const after = res.json() as CheckoutView;
    expect(after.cart.serial).toBe(v.cart.serial + 1);
    expect(after.sections.shipping.required && after.sections.payment.required && after.sections.summary.required).toBe(
      true,
    );
    expect(after.sections.otherInfo.required).toBe(false);
  });

  it('answers a stale serial with 409 cart_conflict and the current checkout', async () => {
    const v = (await call(farmer, 'GET', '/api/store/checkout')).json() as CheckoutView;
    const res = await put(farmer, 'notes', { cartId: v.cart.id, serial: v.cart.serial - 1, notes: 'Gate code 1234' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('cart_conflict');
    expect(res.json().details.cart.cart.serial).toBe(v.cart.serial);
    expect((await view(farmer, v.cart.id)).cart.notes).toBe('');
  });

  it('never shows another user’s cart (404)', async () => {
    const v = (await call(farmer, 'GET', '/api/store/checkout')).json() as CheckoutView;
    expect((await call(buyer, 'GET', `/api/store/checkout?cartId=${v.cart.id}`)).statusCode).toBe(404);
    expect((await put(buyer, 'notes', { cartId: v.cart.id, serial: v.cart.serial, notes: 'x' })).statusCode).toBe(404);
    expect(
      (
        await call(buyer, 'POST', '/api/store/checkout/place', {
          cartId: v.cart.id,
          serial: v.cart.serial,
          expectedTotal: v.totals.total,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('placing an order', () => {
  it('places the cart with pickup and check: order number, stock taken, cart checked out, confirmation mail; a second place is cart_already_checked_out', async () => {
    const cartId = ((await call(farmer, 'GET', '/api/store/checkout')).json() as CheckoutView).cart.id;
    const v = await ready(farmer, cartId);
    expect(v.sections.shipping.filled && v.sections.payment.filled).toBe(true);
    expect(v.partitions[0]!.shownShippingMethod).toBe('pickup');
    expect(v.totals.shippingTotal).toBe('0.00');
    const stockBefore = rowsOf<{ q: number }>(
      await t.database.db.execute(
        sql`select sum(quantity)::int as q from store_stock st join store_variants v on v.id = st.variant_id where v.public_id = ${plain}::uuid`,
      ),
    )[0]!.q;
    const res = await place(farmer, v);
    expect(res.statusCode).toBe(201);
    const order = res.json() as PlacedOrder;
    expect(order.orderNumber).toMatch(/^GS-1040\d\d$/);
    expect(order.paymentStatus).toBe('pending');
    expect(order.totals.total).toBe(v.totals.total);
    expect(order.fulfillments[0]!.shippingMethod).toBe('pickup');
    const stockAfter = rowsOf<{ q: number }>(
      await t.database.db.execute(
        sql`select sum(quantity)::int as q from store_stock st join store_variants v on v.id = st.variant_id where v.public_id = ${plain}::uuid`,
      ),
    )[0]!.q;
    expect(stockAfter).toBe(stockBefore - 2);
    const mail = await listOutbox(t.database.db, { recipient: DEMO_ACCOUNTS.farmer });
    expect(mail.some((m) => m.template === 'store_order_confirmation' && m.subject?.includes(order.orderNumber))).toBe(
      true,
    );

    const again = await place(farmer, v);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'cart_already_checked_out', details: { orderId: order.orderId } });
    expect((await call(farmer, 'GET', `/api/store/checkout/orders/${cartId}`)).json().orderNumber).toBe(
      order.orderNumber,
    );
    expect((await call(buyer, 'GET', `/api/store/checkout/orders/${cartId}`)).statusCode).toBe(404);
  });

  it('refuses a buyer who has not accepted the store terms (403 terms_not_accepted, cart left open) until they accept them', async () => {
    await t.database.db.execute(
      sql`update users set tos_accepted_at = null where lower(email) = ${DEMO_ACCOUNTS.farmer}`,
    );
    try {
      const { cartId } = await buyNow(farmer, plain, 1);
      const v = await ready(farmer, cartId);
      const refused = await place(farmer, v);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'terms_not_accepted',
        message: "Please accept the store's terms of service before placing an order.",
      });
      expect((await view(farmer, cartId)).cart).toMatchObject({ status: 'open', serial: v.cart.serial });
      expect((await call(farmer, 'POST', '/api/store/terms/accept')).statusCode).toBe(200);
      expect((await place(farmer, v)).statusCode).toBe(201);
    } finally {
      await t.database.db.execute(
        sql`update users set tos_accepted_at = coalesce(tos_accepted_at, now()) where lower(email) = ${DEMO_ACCOUNTS.farmer}`,
      );
    }
  });

  it('sends the confirmation (a receipt) whatever the orders preference; the in-app notice follows it (decision 055)', async () => {
    const farmerId = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id::text from users where lower(email) = ${DEMO_ACCOUNTS.farmer}`),
    )[0]!.id;
    const prefs = `/api/effu/notifications/subscriptions/topic/orders/sub_topic/all/user/${farmerId}`;
    expect((await call(farmer, 'PUT', prefs, { email: false, in_app: false })).statusCode).toBe(200);
    try {
      const { cartId } = await buyNow(farmer, plain, 1);
      const res = await place(farmer, await ready(farmer, cartId));
      expect(res.statusCode).toBe(201);
      const { orderNumber } = res.json() as PlacedOrder;
      const mail = await listOutbox(t.database.db, { recipient: DEMO_ACCOUNTS.farmer });
      const receipt = mail.find((m) => m.template === 'store_order_confirmation' && m.subject?.includes(orderNumber));
      expect(receipt).toBeDefined();
      expect(receipt!.headers).toBeNull();
      const notices = rowsOf(
        await t.database.db.execute(
          sql`select 1 from notifications where user_id = ${farmerId}::uuid and title = ${`Order ${orderNumber} placed`}`,
        ),
      );
      expect(notices).toHaveLength(0);
    } finally {
      await call(farmer, 'PUT', prefs, { email: true, in_app: true });
    }
  });

  it('makes exactly one order from two places at once', async () => {
    const { cartId } = await buyNow(farmer, plain, 1);
    const v = await ready(farmer, cartId);
    const [a, b] = await Promise.all([place(farmer, v), place(farmer, v)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().code).toBe('cart_already_checked_out');
    const n = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from store_orders where cart_id = ${cartId}::uuid`),
    )[0]!.n;
    expect(n).toBe(1);
  });

  it('refuses a changed price with items_need_adjustment; reprice accepts the new price and bumps the serial', async () => {
    const { cartId } = await buyNow(farmer, plain, 1);
    const v = await ready(farmer, cartId);
    await t.database.db.execute(
      sql`update store_variant_prices set amount = amount + 1 where country = 'USA' and variant_id = (select id from store_variants where public_id = ${plain}::uuid)`,
    );
    const res = await place(farmer, v);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('items_need_adjustment');
    expect(res.json().details.items[0].currentPrice).not.toBe(res.json().details.items[0].pricedAmount);
    expect((await view(farmer, cartId)).errors.map((e) => e.section)).toContain('items_need_adjustment');
    const repriced = await call(farmer, 'POST', '/api/store/checkout/reprice', { cartId, serial: v.cart.serial });
    expect(repriced.statusCode).toBe(200);
    const after = repriced.json() as CheckoutView;
    expect(after.cart.serial).toBe(v.cart.serial + 1);
    expect(Number(after.totals.total)).toBeGreaterThan(Number(v.totals.total));
    // The old total is refused too: never a silently different total.
    expect((await place(farmer, after, v.totals.total)).json().code).toBe('items_need_adjustment');
    expect((await place(farmer, after)).statusCode).toBe(201);
  });

  it('refuses a restricted-use product without a licence and accepts it with one', async () => {
    const { cartId } = await buyNow(farmer, rup, 1);
    let v = await ready(farmer, cartId);
    expect(v.rupRequired).toBe(true);
    const refused = await place(farmer, v);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'invalid_checkout_cart_content',
      details: { section: 'ineligible_items' },
    });
    const expired = await call(farmer, 'POST', '/api/store/applicator-licences', {
      holderName: 'Dale Fieldman',
      licenceNumber: 'IA-99',
      jurisdiction: 'IA',
      expiresOn: '2020-01-01',
    });
    expect(expired.statusCode).toBe(400);
    const licence = await call(farmer, 'POST', '/api/store/applicator-licences', {
      holderName: 'Dale Fieldman',
      licenceNumber: 'IA-PA-20931',
      jurisdiction: 'IA',
      expiresOn: '2099-12-31',
    });
    expect(licence.statusCode).toBe(201);
    v = (await put(farmer, 'rup-holder', { cartId, serial: v.cart.serial, rupHolderId: licence.json().id })).json();
    expect(v.sections.otherInfo.filled).toBe(true);
    const placed = await place(farmer, v);
    expect(placed.statusCode).toBe(201);
    await call(farmer, 'DELETE', `/api/store/applicator-licences/${licence.json().id}`);
  });

  it('declines a card with 402 payment_failed and leaves the cart open and unchanged; a good card authorises', async () => {
    const { cartId } = await buyNow(farmer, plain, 1);
    let v = await ready(farmer, cartId);
    v = (
      await put(farmer, 'payment', {
        cartId,
        serial: v.cart.serial,
        paymentTerms: '{card_provider}_credit_card',
        cardToken: 'tok_test_declined',
      })
    ).json();
    expect(v.paymentMethodSurcharges.test_credit_card!.applied).toBe(true);
    expect(v.totals.paymentFeeTotal).toBe(v.paymentMethodSurcharges.test_credit_card!.amount);
    const declined = await place(farmer, v);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'payment_failed',
      message: 'Your payment failed. Please try again with a different payment method.',
    });
    const same = await view(farmer, cartId);
    expect(same.cart.serial).toBe(v.cart.serial);
    expect(same.cart.status).toBe('open');
    v = (
      await put(farmer, 'payment', {
        cartId,
        serial: v.cart.serial,
        paymentTerms: '{card_provider}_credit_card',
        cardToken: 'tok_test_visa',
      })
    ).json();
    const ok = await place(farmer, v);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().paymentStatus).toBe('authorized');
  });

  it('delivers to a new address with a contact and timing; a financing request leaves financing_requested', async () => {
    const { cartId } = await buyNow(farmer, plain, 3);
    let v = await ready(farmer, cartId);
    const contact = await call(farmer, 'POST', '/api/store/delivery-contacts', {
      firstName: 'Ann',
      lastName: 'Fieldman',
      email: 'ann@fieldman.test',
      phoneNumber: '515-555-0134',
      country: 'USA',
      aal1: 'IA',
    });
    expect(contact.statusCode).toBe(201);
    const key = v.partitions[0]!.key;
    const res = await put(farmer, `partitions/${key}`, {
      cartId,
      serial: v.cart.serial,
      shippingMethod: 'delivery',
      deliveryAddressId: iowaAddressId,
      deliveryContactId: contact.json().id,
      fulfillmentPromise: 'immediate_no_promise',
      applicationTiming: 'pre_plant',
      orderSpecialInstructions: 'Leave by the machine shed',
    });
    expect(res.statusCode).toBe(200);
    v = res.json();
    expect(v.partitions[0]!.shownShippingMethod).toBe('delivery');
    expect(Number(v.totals.shippingTotal)).toBeGreaterThan(0);
    expect(v.sections.shipping.filled).toBe(true);
    v = (await put(farmer, 'payment', { cartId, serial: v.cart.serial, paymentTerms: 'request_financing' })).json();
    const placed = await place(farmer, v);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().paymentStatus).toBe('financing_requested');
    expect(placed.json().fulfillments[0].address).toContain('Story City');
  });
});

describe('the 8.3 codes from their real conditions', () => {
  it('invalid_future_delivery_date for past, reversed or far dates; invalid_fulfillment_promise for a promise too far away', async () => {
    const { cartId } = await buyNow(farmer, plain, 1);
    const v = await view(farmer, cartId);
    const key = v.partitions[0]!.key;
    const base = { cartId, serial: v.cart.serial, shippingMethod: 'delivery', deliveryAddressId: iowaAddressId };
    for (const [nb, na] of [
      ['2020-01-01', '2020-01-05'],
      ['2099-02-01', '2099-01-01'],
      [v.latestFutureDeliveryDate, '2099-01-01'],
    ]) {
      const res = await put(farmer, `partitions/${key}`, {
        ...base,
        fulfillmentPromise: 'future_shipment_groups',
        deliveryNotBefore: nb,
        deliveryNotAfter: na,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_future_delivery_date', details: { section: 'delivery' } });
    }
    const tx = await call(farmer, 'POST', '/api/store/addresses', {
      addressType: 'shipping_address',
      format: 'postal',
      line1: '9 Ranch Rd',
      city: 'Amarillo',
      region: 'TX',
      postalCode: '79101',
      country: 'USA',
    });
    const far = await put(farmer, `partitions/${key}`, {
      ...base,
      deliveryAddressId: tx.json().id,
      fulfillmentPromise: 'immediate_promise',
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().code).toBe('invalid_fulfillment_promise');
    // Nothing was written by the refusals.
    expect((await view(farmer, cartId)).cart.serial).toBe(v.cart.serial);
  });

  it('invalid_fulfillment_promise and invalid_shipping_address when placing a delivery without timing or contact', async () => {
    const { cartId } = await buyNow(farmer, plain, 1);
    let v = await ready(farmer, cartId);
    v = (
      await put(farmer, `partitions/${v.partitions[0]!.key}`, {
        cartId,
        serial: v.cart.serial,
        shippingMethod: 'delivery',
        deliveryAddressId: iowaAddressId,
      })
    ).json();
    expect(v.sections.shipping.filled).toBe(false);
    const res = await place(farmer, v);
    expect(res.statusCode).toBe(400);
    expect(['invalid_shipping_address', 'invalid_fulfillment_promise']).toContain(res.json().code);
    v = (
      await put(farmer, `partitions/${v.partitions[0]!.key}`, {
        cartId,
        serial: v.cart.serial,
        fulfillmentPromise: 'immediate_no_promise',
      })
    ).json();
    const noContact = await place(farmer, v);
    expect(noContact.json()).toMatchObject({ code: 'invalid_shipping_address', details: { section: 'shipping' } });
  });

  it('invalid_shipping_address and invalid_billing_address for bad addresses, with the fields', async () => {
    const ship = await call(farmer, 'POST', '/api/store/addresses', {
      addressType: 'shipping_address',
      format: 'postal',
      line1: '1 Main',
      city: 'Ames',
      region: 'IA',
      postalCode: 'S7K 6P6',
      country: 'USA',
    });
    expect(ship.statusCode).toBe(400);
    expect(ship.json()).toMatchObject({
      code: 'invalid_shipping_address',
      details: { fields: [{ field: 'postalCode', problem: 'invalid' }] },
    });
    const lll = await call(farmer, 'POST', '/api/store/addresses', {
      addressType: 'shipping_address',
      format: 'can_lll',
      region: 'ON',
      country: 'CAN',
      lllQuarter: 'NE',
      lllSection: 40,
      lllTownship: 12,
      lllRange: 3,
      lllMeridian: 'W3',
    });
    expect(lll.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['region', 'lllSection']);
    const okLll = await call(farmer, 'POST', '/api/store/addresses', {
      addressType: 'shipping_address',
      format: 'can_lll',
      region: 'SK',
      country: 'CAN',
      lllQuarter: 'NE',
      lllSection: 12,
      lllTownship: 34,
      lllRange: 5,
      lllMeridian: 'W3',
    });
    expect(okLll.statusCode).toBe(201);
    const bill = await call(farmer, 'POST', '/api/store/addresses', {
      addressType: 'billing_address',
      format: 'postal',
      line1: '',
      city: 'Ames',
      region: 'ZZ',
      postalCode: '50010',
      country: 'USA',
    });
    expect(bill.json()).toMatchObject({ code: 'invalid_billing_address' });
    expect(bill.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['line1', 'region']);
    // A Canadian land location is not a US cart's delivery address.
    const { cartId } = await buyNow(farmer, plain, 1);
    const v = await view(farmer, cartId);
    const res = await put(farmer, `partitions/${v.partitions[0]!.key}`, {
      cartId,
      serial: v.cart.serial,
      shippingMethod: 'delivery',
      deliveryAddressId: okLll.json().id,
    });
    expect(res.json().code).toBe('invalid_shipping_address');
  });

  it('pre-fills the default billing address; invalid_billing_address, saying what is missing, when the chosen one is gone', async () => {
    const { cartId } = await buyNow(farmer, plain, 1);
    let v = await ready(farmer, cartId);
    v = (await put(farmer, 'billing-address', { cartId, serial: v.cart.serial, billingAddressId: null })).json();
    expect(v.cart.billingAddressId).toBe(billingId);
    const other = await call(farmer, 'POST', '/api/store/addresses', {
      addressType: 'billing_address',
      format: 'postal',
      name: 'Old office',
      line1: '12 Lincoln Way',
      city: 'Ames',
      region: 'IA',
      postalCode: '50010',
      country: 'USA',
    });
    const chosen = await put(farmer, 'billing-address', {
      cartId,
      serial: v.cart.serial,
      billingAddressId: other.json().id,
    });
    expect(chosen.statusCode).toBe(200);
    expect((await call(farmer, 'DELETE', `/api/store/addresses/${other.json().id}`)).statusCode).toBeLessThan(300);
    v = await view(farmer, cartId);
    expect((await place(farmer, v)).json()).toMatchObject({
      code: 'invalid_billing_address',
      message: 'Add a billing address.',
      details: { section: 'payment' },
    });
  });

  it('says each missing thing of a shipment: "Choose pickup or delivery", then a delivery contact', async () => {
    const { cartId } = await buyNow(farmer, plain, 1);
    let v = await view(farmer, cartId);
    v = (await put(farmer, 'payment', { cartId, serial: v.cart.serial, paymentTerms: 'check' })).json();
    const noMethod = (await place(farmer, v)).json();
    expect(noMethod).toMatchObject({ code: 'invalid_shipping_address', message: 'Choose pickup or delivery.' });
    expect(v.errors.filter((e) => e.section === 'shipping').map((e) => e.message)).toEqual([
      'Choose pickup or delivery.',
    ]);
    v = (
      await put(farmer, `partitions/${v.partitions[0]!.key}`, {
        cartId,
        serial: v.cart.serial,
        shippingMethod: 'delivery',
        deliveryAddressId: iowaAddressId,
        fulfillmentPromise: 'immediate_no_promise',
      })
    ).json();
    expect(v.errors.filter((e) => e.section === 'shipping').map((e) => e.message)).toEqual([
      'Choose a delivery contact.',
    ]);
  });

  it('invalid_promo_code for an unknown or expired code; a current code discounts', async () => {
    const { cartId } = await buyNow(farmer, plain, 20);
    let v = await view(farmer, cartId);
    const unknown = await put(farmer, 'promo-code', { cartId, serial: v.cart.serial, promoCode: 'NOSUCH' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_promo_code', details: { reason: 'unknown' } });
    const expired = await put(farmer, 'promo-code', { cartId, serial: v.cart.serial, promoCode: 'harvest10' });
    expect(expired.json()).toMatchObject({ code: 'invalid_promo_code', details: { reason: 'ended' } });
    v = await view(farmer, cartId);
    if (Number(v.totals.goodsSubtotal) >= 500) {
      const ok = await put(farmer, 'promo-code', { cartId, serial: v.cart.serial, promoCode: 'spring5' });
      expect(ok.statusCode).toBe(200);
      expect(Number(ok.json().totals.discountTotal)).toBeGreaterThan(0);
    }
  });

  it('invalid_referral_code for an unknown code and for the buyer’s own', async () => {
    const { cartId } = await buyNow(farmer, plain, 1);
    const v = await view(farmer, cartId);
    expect(
      (await put(farmer, 'referral-code', { cartId, serial: v.cart.serial, referralCode: 'REF-NOPE' })).json().code,
    ).toBe('invalid_referral_code');
    const own = await put(farmer, 'referral-code', { cartId, serial: v.cart.serial, referralCode: v.ownReferralCode });
    expect(own.json()).toMatchObject({ code: 'invalid_referral_code', details: { reason: 'own_code' } });
  });

  it('invalid_checkout_cart_content for a term the region does not offer and with no payment chosen', async () => {
    const { cartId } = await buyNow(farmer, plain, 1);
    const v = await view(farmer, cartId);
    const removed = await put(farmer, 'payment', { cartId, serial: v.cart.serial, paymentTerms: 'pay_now' });
    expect(removed.json()).toMatchObject({ code: 'invalid_checkout_cart_content', details: { section: 'payment' } });
    const acss = await put(farmer, 'payment', { cartId, serial: v.cart.serial, paymentTerms: 'acss_debit' });
    expect(acss.json().code).toBe('invalid_checkout_cart_content');
    const noPay = await place(farmer, v);
    expect(noPay.statusCode).toBe(400);
  });
});

describe('bad input', () => {
  it('answers 400 with a code, never 500', async () => {
    const { cartId } = await buyNow(farmer, plain, 1);
    const v = await view(farmer, cartId);
    const cases = [
      await call(farmer, 'GET', '/api/store/checkout?cartId=not-a-uuid'),
      await call(farmer, 'GET', '/api/store/checkout?foo=1'),
      await put(farmer, 'notes', { cartId, serial: v.cart.serial, notes: 'x', extra: 1 }),
      await put(farmer, 'notes', { cartId, serial: 'one', notes: 'x' }),
      await put(farmer, 'partitions/not-a-key', { cartId, serial: v.cart.serial }),
      await put(farmer, `partitions/${v.partitions[0]!.key}`, {
        cartId,
        serial: v.cart.serial,
        fulfillmentPromise: 'tomorrow',
      }),
      await put(farmer, `partitions/${v.partitions[0]!.key}`, {
        cartId,
        serial: v.cart.serial,
        deliveryNotBefore: '2026-02-30',
      }),
      await call(farmer, 'POST', '/api/store/checkout/place', {
        cartId,
        serial: v.cart.serial,
        expectedTotal: '12.345',
      }),
      await call(farmer, 'POST', '/api/store/buy-now', { variantId: plain, quantity: 0 }),
      await call(farmer, 'POST', '/api/store/delivery-contacts', {
        firstName: '',
        lastName: 'X',
        email: 'no',
        phoneNumber: '1',
        country: 'USA',
        aal1: 'IA',
      }),
      await call(farmer, 'POST', '/api/store/applicator-licences', {
        holderName: 'A',
        licenceNumber: 'B',
        jurisdiction: 'ZZ',
        expiresOn: '2099-01-01',
      }),
      await put(farmer, 'pickup-contact', { cartId, serial: v.cart.serial, contactEmail: 'nope', contactPhone: null }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(typeof res.json().code).toBe('string');
    }
    expect((await call(farmer, 'GET', `/api/store/checkout/orders/${cartId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/store/checkout' })).statusCode).toBe(401);
  });
});

describe('addresses, contacts and licences', () => {
  it('lists, edits and removes the buyer’s own only', async () => {
    const list = (await call(farmer, 'GET', '/api/store/addresses')).json().addresses as { id: number; city: string }[];
    expect(list.some((a) => a.id === iowaAddressId)).toBe(true);
    const edited = await call(farmer, 'PUT', `/api/store/addresses/${iowaAddressId}`, {
      addressType: 'shipping_address',
      format: 'postal',
      name: 'North farm',
      line1: '1480 310th Street',
      city: 'Roland',
      region: 'IA',
      postalCode: '50236',
      country: 'USA',
    });
    expect(edited.json().city).toBe('Roland');
    expect((await call(buyer, 'DELETE', `/api/store/addresses/${iowaAddressId}`)).statusCode).toBe(404);
    const c = await call(farmer, 'POST', '/api/store/delivery-contacts', {
      firstName: 'Joe',
      lastName: 'Hand',
      email: 'joe@farm.test',
      phoneNumber: '(515) 555-0199',
      country: 'USA',
      aal1: 'ia',
    });
    expect(c.json().aal1).toBe('IA');
    expect((await call(buyer, 'DELETE', `/api/store/delivery-contacts/${c.json().id}`)).statusCode).toBe(404);
    expect((await call(farmer, 'DELETE', `/api/store/delivery-contacts/${c.json().id}`)).statusCode).toBe(204);
    expect((await call(farmer, 'GET', '/api/store/applicator-licences')).json().licences).toEqual([]);
  });
});

describe('the cart and the checkout price in one region', () => {
  it('prices a signed-in buyer’s cart in their enterprise’s country whatever the page’s locale, so the cart and the checkout show one total', async () => {
    // A variant sold in the US and in Canada at different prices.
    const [both] = rowsOf<{ public_id: string; usd: string; cad: string }>(
      await t.database.db.execute(sql`
        select v.public_id::text, us.amount::text as usd, ca.amount::text as cad from store_variants v
        join store_products p on p.id = v.product_id
        join store_variant_prices us on us.variant_id = v.id and us.country = 'USA'
        join store_variant_prices ca on ca.variant_id = v.id and ca.country = 'CAN'
        where us.amount <> ca.amount and not p.restricted_use
          and not exists (select 1 from store_item_restrictions r where r.product_id = p.id)
          and (select max(st.quantity) from store_stock st join store_warehouses w on w.id = st.warehouse_id where st.variant_id = v.id and w.country = 'USA') >= 10
        order by v.id limit 1`),
    );
    expect(both).toBeDefined();
    let cart = (await call(farmer, 'GET', '/api/store/cart')).json() as { serial: number; items: unknown[] };
    if (cart.items.length > 0)
      cart = (await call(farmer, 'POST', '/api/store/cart/clear', { serial: cart.serial })).json();

    // The page is Canadian (?locale=en-ca), the farmer's enterprise is in the US: the cart stays in US dollars.
    const added = await call(farmer, 'POST', '/api/store/cart/items?locale=en-ca', {
      serial: cart.serial,
      variantId: both!.public_id,
      quantity: 3,
    });
    expect(added.statusCode).toBe(200);
    const inCart = added.json() as { currency: string; goodsSubtotal: string };
    expect(inCart.currency).toBe('USD');
    expect(inCart.goodsSubtotal).toBe(new CrmDecimal(both!.usd).mul(3).toFixed(2));
    let v = (await call(farmer, 'GET', '/api/store/checkout')).json() as CheckoutView;
    expect(v.cart).toMatchObject({ country: 'USA', currency: 'USD' });
    expect(v.totals.goodsSubtotal).toBe(inCart.goodsSubtotal);
    expect(v.errors.map((e) => e.code)).not.toContain('items_need_adjustment');

    // A cart last written from a Canadian session is moved back to the buyer's region by the checkout; both agree again.
    await t.database.db.execute(
      sql`update store_carts set country = 'CAN', currency = 'CAD' where id = ${v.cart.id}::uuid`,
    );
    v = (await call(farmer, 'GET', '/api/store/checkout')).json() as CheckoutView;
    expect(v.cart).toMatchObject({ country: 'USA', currency: 'USD' });
    expect(v.totals.goodsSubtotal).toBe(inCart.goodsSubtotal);
    const again = (await call(farmer, 'GET', '/api/store/cart?locale=en-ca')).json() as {
      currency: string;
      goodsSubtotal: string;
    };
    expect(again).toMatchObject({ currency: 'USD', goodsSubtotal: v.totals.goodsSubtotal });

    // A line priced in Canadian dollars is never silently re-totalled in US dollars: it needs adjustment first.
    await t.database.db.execute(
      sql`update store_cart_items set priced_amount = ${both!.cad}::numeric where cart_id = ${v.cart.id}::uuid`,
    );
    v = (await call(farmer, 'GET', '/api/store/checkout')).json() as CheckoutView;
    expect(v.errors.map((e) => e.code)).toContain('items_need_adjustment');
    const refused = await place(farmer, v);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('items_need_adjustment');
    v = (
      await call(farmer, 'POST', '/api/store/checkout/reprice', { cartId: v.cart.id, serial: v.cart.serial })
    ).json() as CheckoutView;
    expect(v.totals.goodsSubtotal).toBe(inCart.goodsSubtotal);
  });
});
