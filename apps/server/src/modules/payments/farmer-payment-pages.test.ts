// The farmer's payment requests past the first page (issue 14 leftovers): `profit-center/payment-requests` is
// keyset-paged like every list (decision 013): page 1 gives the newest `pageSize` requests and a token; page 2 with that
// token gives the next ones, none twice, and a token of another query or page is not followed. The payment history
// (issue 17, `sent=true`) is the requests whose payment went out: on its way, paid or returned.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { paymentRequestListSchema } from '@granary/domain';
import { rowsOf } from '../../platform/db.ts';
import { injectAs, startCrmTestApp, type CrmTestApp } from '../../testing/crm-test-app.ts';

const PC = '/api/commodities/profit-center';
let app: CrmTestApp;
let total: number;

beforeAll(async () => {
  app = await startCrmTestApp();
  const db = app.t.database.db;
  const [farm] = rowsOf<{ id: number }>(
    await db.execute(sql`select id::int as id from legal_entities where name = 'Fieldman Family Farms'`),
  );
  // 60 rejected requests of the demo farmer's farm (what a busy season leaves), oldest first.
  await db.execute(sql`
    insert into payment_requests (partner_id, market_id, client_id, amount, method, status, created_at)
    select 'demo', ${app.fx.marketAll}, ${farm!.id}, 100 + g, 'check', 'rejected', now() - (60 - g) * interval '1 hour'
    from generate_series(1, 60) g`);
  const [n] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from payment_requests where client_id = ${farm!.id}`),
  );
  total = n!.n;
}, 120_000);
afterAll(() => app.t.close());

const list = async (query: string) => {
  const res = await injectAs(app.t, app.farmer, 'GET', `${PC}/payment-requests?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return paymentRequestListSchema.parse(res.json());
};

describe('the farmer’s payment requests, page by page', () => {
  it('pages past the first 50 with the token, newest first, none twice', async () => {
    const first = await list('pageSize=50');
    expect(first.totalCount).toBe(total);
    expect(first.paymentRequests).toHaveLength(50);
    expect(first.paginationToken).toEqual(expect.any(String));
    const second = await list(`page=2&pageSize=50&paginationToken=${encodeURIComponent(first.paginationToken!)}`);
    expect(second.page).toBe(2);
    expect(second.paymentRequests).toHaveLength(total - 50);
    expect(second.paginationToken).toBeNull();
    const ids = [...first.paymentRequests, ...second.paymentRequests].map((r) => r.id);
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('keeps to the query the token was made for: another filter starts over by offset, a forged token is ignored', async () => {
    const first = await list('pageSize=20');
    const next = await list(`page=2&pageSize=20&paginationToken=${encodeURIComponent(first.paginationToken!)}`);
    const byOffset = await list('page=2&pageSize=20');
    expect(next.paymentRequests.map((r) => r.id)).toEqual(byOffset.paymentRequests.map((r) => r.id));
    const forged = await list('page=2&pageSize=20&paginationToken=eyJ2IjoxfQ.AAAAAAAAAAAAAAAAAAAAAA');
    expect(forged.paymentRequests.map((r) => r.id)).toEqual(byOffset.paymentRequests.map((r) => r.id));
  });
});

describe('the farmer’s payment history (sent=true)', () => {
  it('lists the requests whose payment went out — sent, settled, returned — and none still waiting or rejected', async () => {
    const db = app.t.database.db;
    // The demo farm's seeded requests hold one sent by ACH and one paid by check; one waiting is returned by the bank.
    const [waiting] = rowsOf<{ id: number }>(
      await db.execute(sql`select r.id::int as id from payment_requests r join legal_entities le on le.id = r.client_id
        where le.name = 'Fieldman Family Farms' and r.status = 'requested' order by r.id limit 1`),
    );
    await db.execute(sql`update payment_requests set status = 'returned' where id = ${waiting!.id}`);
    const all = await list('pageSize=100');
    const history = await list('sent=true&pageSize=100');
    const expected = all.paymentRequests.filter((r) => ['sent', 'settled', 'returned'].includes(r.status));
    expect(new Set(expected.map((r) => r.status))).toEqual(new Set(['sent', 'settled', 'returned']));
    expect(history.paymentRequests.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(history.totalCount).toBe(expected.length);
    expect(history.paymentRequests.some((r) => r.id === waiting!.id)).toBe(true);
    // Within a status or tab it narrows them: paid only; nothing among those waiting for the buyer.
    const paid = await list('sent=true&status=settled');
    expect(paid.paymentRequests.map((r) => r.status)).toEqual(
      expected.filter((r) => r.status === 'settled').map(() => 'settled'),
    );
    expect((await list('sent=true&tab=requested')).totalCount).toBe(0);
    expect((await list('sent=false&pageSize=100')).totalCount).toBe(all.totalCount);
  });

  it('refuses a sent value other than true or false with a 400 naming the field', async () => {
    const res = await injectAs(app.t, app.farmer, 'GET', `${PC}/payment-requests?sent=yes`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('sent');
  });
});
