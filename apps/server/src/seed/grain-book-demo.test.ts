// The demo's grain book (settlements and payments seeds): the demo farmer's settlements show every state a buyer and a
// farmer meet, with their money as the settlement arithmetic and the payments module keep it, on the small seed the
// tests start from (the full one of `npm start` has more candidates, so the same and more).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { paymentRequestListSchema, toDecimal } from '@granary/domain';
import { rowsOf } from '../platform/db.ts';
import { injectAs, startCrmTestApp, type CrmTestApp } from '../testing/crm-test-app.ts';

let app: CrmTestApp;
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.t.database.db.execute(query));

beforeAll(async () => {
  app = await startCrmTestApp();
}, 120_000);
afterAll(() => app.t.close());

describe('the demo grain book', () => {
  it('gives the demo farmer settlements in every state, and the buyer requests to approve', async () => {
    const settlements = await rows<{ status: string; net: string; void_reason: string | null }>(sql`
      select s.status, s.net::text, s.void_reason from settlements s join legal_entities le on le.id = s.client_id
      where le.name = 'Fieldman Family Farms' order by s.id`);
    const statuses = settlements.map((s) => s.status);
    for (const status of ['final', 'draft', 'void', 'paid']) expect(statuses).toContain(status);
    expect(settlements.find((s) => s.status === 'void')?.void_reason).toBeTruthy();

    const requests = await rows<{
      status: string;
      method: string;
      payment: string | null;
      settles_on: string | null;
    }>(sql`
      select r.status, r.method, p.status as payment, p.settles_on::text from payment_requests r
      left join payments p on p.request_id = r.id order by r.id`);
    expect(requests.find((r) => r.status === 'settled')).toMatchObject({ method: 'check', payment: 'settled' });
    const inFlight = requests.find((r) => r.status === 'sent');
    expect(inFlight).toMatchObject({ payment: 'sent' });
    if (inFlight?.method === 'ach') expect(inFlight.settles_on).not.toBeNull();
    expect(requests.filter((r) => r.status === 'requested').length).toBeGreaterThanOrEqual(2);

    const res = await injectAs(app.t, app.buyer, 'GET', '/api/commodities/merchandising/payment-requests');
    expect(res.statusCode, res.body).toBe(200);
    const list = paymentRequestListSchema.parse(res.json());
    expect(list.paymentRequests.filter((r) => r.status === 'requested').length).toBeGreaterThanOrEqual(2);
  });

  it('recovers one advance whole and one in part, as the settlements recorded them', async () => {
    const advances = await rows<{ amount: string; recovered: string; deducted: string }>(sql`
      select a.amount::text, a.recovered_amount::text as recovered,
        coalesce((select sum(d.amount) from settlement_deductions d join settlements s on s.id = d.settlement_id
                  where d.advance_id = a.id and s.status <> 'void'), 0)::text as deducted
      from advances a order by a.id`);
    for (const a of advances) expect(toDecimal(a.recovered).eq(toDecimal(a.deducted))).toBe(true);
    expect(advances.some((a) => toDecimal(a.recovered).eq(toDecimal(a.amount)))).toBe(true);
    expect(advances.some((a) => toDecimal(a.recovered).gt(0) && toDecimal(a.recovered).lt(toDecimal(a.amount)))).toBe(
      true,
    );
  });
});
