import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { notifications, outbox, storeOrders, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';

// The order wrangler's status change (PUT /api/store/admin/orders/:orderId/status) and the orders topic of the buyer's
// notification preferences (decision 055): the status mail and the in-app notice each follow the preference; the
// order confirmation (the receipt) is checkout's and is tested there.

let t: TestApp;
let farmer: Caller;
let admin: Caller;
let farmerId: string;

const call = (caller: Caller, method: 'GET' | 'PUT', url: string, body?: unknown) =>
  t.app.inject({ method, url, headers: headersOf(caller), ...(body === undefined ? {} : { payload: body as object }) });
const statusUrl = (orderId: string) => `/api/store/admin/orders/${orderId}/status`;
const ordersPrefs = (body: Record<string, boolean>) =>
  call(farmer, 'PUT', `/api/effu/notifications/subscriptions/topic/orders/sub_topic/all/user/${farmerId}`, body);

/** The demo farmer's order in a status (the seed has one placed, one processing, one ready for pickup, one shipped). */
async function orderIn(
  status: 'placed' | 'processing' | 'ready_for_pickup' | 'shipped',
): Promise<{ id: string; orderNumber: string }> {
  const [row] = await t.database.db
    .select({ id: storeOrders.id, orderNumber: storeOrders.orderNumber })
    .from(storeOrders)
    .where(and(eq(storeOrders.userId, farmerId), eq(storeOrders.status, status)))
    .limit(1);
  return row!;
}

const statusMails = () =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, farmerId), eq(outbox.template, 'store_order_status')))
    .orderBy(desc(outbox.id));
const orderNotices = () =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, farmerId), sql`${notifications.topic} like 'orders.%'`))
    .orderBy(desc(notifications.id));

beforeAll(async () => {
  t = await createTestApp();
  [farmer, admin] = await Promise.all([signIn(t, DEMO_ACCOUNTS.farmer), signIn(t, DEMO_ACCOUNTS.admin)]);
  farmerId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.farmer)))[0]!
    .id;
});

afterAll(async () => {
  await t.close();
});

describe("an order's status moved on by staff", () => {
  it('moves forward only: 400 order_status_transition; 404 for an unknown order, 400 for a malformed id', async () => {
    const order = await orderIn('placed');
    const back = await call(admin, 'PUT', statusUrl(order.id), { status: 'placed' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({
      code: 'invalid_request',
      details: { reason: 'order_status_transition', from: 'placed', to: 'placed' },
    });
    const skip = await call(admin, 'PUT', statusUrl(order.id), { status: 'delivered' });
    expect(skip.json()).toMatchObject({ details: { reason: 'order_status_transition', to: 'delivered' } });
    expect((await call(admin, 'PUT', statusUrl(order.id), { status: 'lost' })).statusCode).toBe(400);
    expect(
      (await call(admin, 'PUT', statusUrl('00000000-0000-4000-8000-000000000000'), { status: 'processing' }))
        .statusCode,
    ).toBe(404);
    expect((await call(admin, 'PUT', statusUrl('not-an-id'), { status: 'processing' })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(storeOrders).where(eq(storeOrders.id, order.id));
    expect(row!.status).toBe('placed');
  });

  it('is for staff holding store-order-wrangler-admin, within its partners: the buyer gets 403, a grant for other partners 404', async () => {
    const order = await orderIn('placed');
    expect((await call(farmer, 'PUT', statusUrl(order.id), { status: 'canceled' })).statusCode).toBe(403);
    // A grant limited to some partners reaches only their buyers' orders (decision 053); the demo farmer is no
    // partner's, so the order is not found for them, and nothing changes.
    await t.database.db.insert(users).values({
      email: 'wrangler-prairie@orders.granary.test',
      firstName: 'Wren',
      lastName: 'Gler',
      employeeInfo: { role: 'cx_representative' },
      adminPermissions: { 'store-order-wrangler-admin': ['prairie'] },
    });
    const limited = await signIn(t, 'wrangler-prairie@orders.granary.test');
    expect((await call(limited, 'PUT', statusUrl(order.id), { status: 'canceled' })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(storeOrders).where(eq(storeOrders.id, order.id));
    expect(row!.status).toBe('placed');
  });

  it('tells the buyer by e-mail (with the one-click unsubscribe of the orders topic) and in the app; audited', async () => {
    const order = await orderIn('placed');
    const res = await call(admin, 'PUT', statusUrl(order.id), { status: 'processing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ order_id: order.id, order_number: order.orderNumber, status: 'processing' });

    const [mail] = await statusMails();
    expect(mail!.recipient).toBe(DEMO_ACCOUNTS.farmer);
    expect(mail!.subject).toBe(`Your order ${order.orderNumber} is being prepared`);
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.text).toContain('because of your order notification settings');
    expect(mail!.text).toContain(`/direct/order-history-details/${order.id}`);
    const described = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe/${new URL(link).pathname.split('/').pop()}`,
    });
    expect(described.json()).toMatchObject({ topic: 'orders', subscribed: true });

    const [notice] = await orderNotices();
    expect(notice).toMatchObject({
      topic: 'orders.processing',
      title: `Order ${order.orderNumber} is being prepared`,
      link: `/direct/order-history-details/${order.id}`,
    });
    const audited = rowsOf(
      await t.database.db.execute(
        sql`select details from audit_log where action = 'store_order_status_change' and target_id = ${order.id}`,
      ),
    );
    expect(audited).toEqual([{ details: { orderNumber: order.orderNumber, from: 'placed', to: 'processing' } }]);
  });

  it('sends no status e-mail once the buyer turned order e-mails off, and no notice once in-app is off too', async () => {
    const pickup = await orderIn('ready_for_pickup');
    const shipped = await orderIn('shipped');
    expect((await ordersPrefs({ email: false })).statusCode).toBe(200);
    const mailsBefore = (await statusMails()).length;
    const noticesBefore = (await orderNotices()).length;
    expect((await call(admin, 'PUT', statusUrl(pickup.id), { status: 'picked_up' })).statusCode).toBe(200);
    expect(await statusMails()).toHaveLength(mailsBefore);
    const [notice] = await orderNotices();
    expect(notice).toMatchObject({ topic: 'orders.picked_up', title: `Order ${pickup.orderNumber} was picked up` });

    expect((await ordersPrefs({ in_app: false })).statusCode).toBe(200);
    expect((await call(admin, 'PUT', statusUrl(shipped.id), { status: 'delivered' })).statusCode).toBe(200);
    expect(await statusMails()).toHaveLength(mailsBefore);
    expect(await orderNotices()).toHaveLength(noticesBefore + 1);
    await ordersPrefs({ email: true, in_app: true });
  });
});
