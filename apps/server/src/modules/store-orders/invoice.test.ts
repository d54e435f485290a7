import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderHistory } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';

// Issue 13: an order's invoice as a PDF, for its owner only.

let t: TestApp;
let farmer: Caller;
let buyer: Caller;
let orderId: string;
let orderNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  const history = await t.app.inject({ method: 'GET', url: '/api/store/orders', headers: headersOf(farmer) });
  const first = history.json<OrderHistory>().orders[0]!;
  orderId = first.id;
  orderNumber = first.orderNumber;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the invoice PDF', () => {
  it('is a PDF of the order for its owner', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/store/orders/${orderId}/invoice`,
      headers: headersOf(farmer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toContain(`invoice-${orderNumber}.pdf`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1500);
  });

  it('is not found for another user, and needs a session', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/store/orders/${orderId}/invoice`,
      headers: headersOf(buyer),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'not_found' });
    const guest = await t.app.inject({ method: 'GET', url: `/api/store/orders/${orderId}/invoice` });
    expect(guest.statusCode).toBe(401);
  });
});
