import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  eligibleContractsSchema,
  eligibleSummariesSchema,
  paymentEventsSchema,
  paymentRequestDetailSchema,
  paymentRequestListSchema,
  type PaymentRequestRow,
} from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { injectAs, startCrmTestApp, type CrmTestApp } from '../../testing/crm-test-app.ts';
import { builtinPaymentProvider, paymentProviderFromEnv } from './adapter.ts';
import { PAYMENTS_DAILY_JOB, runPaymentsDaily } from './payments-job.ts';

const PC = '/api/commodities/profit-center';
const MERCH = '/api/commodities/merchandising';
const ENV = { PUBLIC_URL: undefined, PORT: 3000, NODE_ENV: 'test' } as const;

let app: CrmTestApp;
let db: Db;
let farmClient: number;
let farmerUserId: string;
let prairieSettlement: number;

const one = async <T>(q: ReturnType<typeof sql>): Promise<T> => rowsOf<T>(await db.execute(q))[0]!;
const count = async (q: ReturnType<typeof sql>): Promise<number> => Number((await one<{ n: string }>(q)).n);

/**
 * A settlement of one unsettled ticket application of the client's contracts (status final unless said), paying
 * `net` to the farmer. `deferred` makes its contract a credit sale.
 */
async function settlement(
  clientId: number,
  net: string,
  opts: { status?: string; deferred?: string | null; marketId?: number } = {},
): Promise<number> {
  const app0 = await one<{ id: string; contract_id: string; scale_ticket_id: string; partner_id: string }>(sql`
    select a.id, a.contract_id, a.scale_ticket_id, c.partner_id from ticket_applications a
    join contracts c on c.id = a.contract_id
    where c.client_id = ${clientId} and c.direction = 'purchase'
      and not exists (select 1 from settlement_lines l where l.ticket_application_id = a.id)
    -- A contract no settlement holds yet first: a credit sale's date set on it stays its own (the demo's voided
    -- settlement released several applications of one contract).
    order by exists (select 1 from settlement_lines l where l.contract_id = a.contract_id and not l.voided), a.id
    limit 1`);
  const partner = app0.partner_id;
  const marketId = opts.marketId ?? (partner === 'prairie' ? app.fx.prairieMarket : app.fx.marketAll);
  await db.execute(
    sql`update contracts set deferred_payment_date = ${opts.deferred ?? null}::date where id = ${app0.contract_id}`,
  );
  const n = await count(sql`select count(*) as n from settlements`);
  const s = await one<{ id: string }>(sql`
    insert into settlements (partner_id, market_id, client_id, display_settlement_id, status, settlement_date, gross,
      deductions_total, net, bushels)
    values (${partner}, ${marketId}, ${clientId}, ${`S-T${n + 1}`}, ${opts.status ?? 'final'}, '2026-11-20', ${net}, 0,
      ${net}, 1000) returning id`);
  await db.execute(sql`
    insert into settlement_lines (settlement_id, ticket_application_id, contract_id, scale_ticket_id, bushels, price,
      amount, net)
    values (${s.id}, ${app0.id}, ${app0.contract_id}, ${app0.scale_ticket_id}, 1000, 4.3325, ${net}, ${net})`);
  await db.execute(sql`
    insert into settlement_payees (settlement_id, payee_name, kind, client_id, amount)
    values (${s.id}, 'Farm', 'farmer', ${clientId}, ${net})`);
  return Number(s.id);
}

const farmerGet = (url: string) => injectAs(app.t, app.farmer, 'GET', url);
const request = (body: object) => injectAs(app.t, app.farmer, 'POST', `${PC}/payment-requests`, body);
const decide = (op: string, id: number, version: number | null, body: object = {}, caller = app.buyer) =>
  injectAs(
    app.t,
    caller,
    'POST',
    `${MERCH}/payment-requests/${id}/${op}`,
    body,
    version === null ? {} : { 'if-match': `"${version}"` },
  );

async function requestFor(settlementIds: number[], method?: 'ach' | 'check'): Promise<PaymentRequestRow> {
  const res = await request({ settlementIds, ...(method ? { method } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { paymentRequests: PaymentRequestRow[] }).paymentRequests[0]!;
}

async function eligibleIds(): Promise<number[]> {
  const res = await farmerGet(`${PC}/payment-eligible-contracts`);
  expect(res.statusCode).toBe(200);
  return eligibleContractsSchema.parse(res.json()).settlements.map((s) => s.settlementId);
}

beforeAll(async () => {
  app = await startCrmTestApp();
  db = app.t.database.db;
  farmClient = Number(
    (await one<{ id: string }>(sql`select id from legal_entities where name = 'Fieldman Family Farms'`)).id,
  );
  farmerUserId = (await one<{ id: string }>(sql`select id from users where email = 'farmer@demo.granary.test'`)).id;
  await db.execute(sql`update legal_entities set ach = true where id = ${farmClient}`);
  const prairieClient = await one<{ id: string }>(sql`
    select c.client_id as id from ticket_applications a join contracts c on c.id = a.contract_id
    where c.partner_id = 'prairie' and c.direction = 'purchase' limit 1`);
  prairieSettlement = await settlement(Number(prairieClient.id), '500.00');
}, 120_000);
afterAll(() => app.t.close());

describe('payment adapter', () => {
  it('is chosen by PAYMENT_PROVIDER, the built-in one when unset; an unknown name stops the server', () => {
    expect(paymentProviderFromEnv(undefined)).toBe(builtinPaymentProvider);
    expect(() => paymentProviderFromEnv('acme-ach')).toThrow(/PAYMENT_PROVIDER/);
  });

  it('sends ACH to settle the next business day, a check with its number to settle when cashed', async () => {
    const ach = await builtinPaymentProvider.send({
      requestId: 7,
      partnerId: 'demo',
      amount: '10.00',
      method: 'ach',
      payeeName: 'Farm',
      today: '2026-11-27',
    });
    expect(ach).toMatchObject({ status: 'sent', settlesOn: '2026-11-30', checkNumber: null });
    const recorded = { status: 'sent' as const, method: 'ach' as const, settlesOn: ach.settlesOn };
    expect(await builtinPaymentProvider.status(ach.reference, recorded, '2026-11-27')).toEqual({ status: 'sent' });
    expect(await builtinPaymentProvider.status(ach.reference, recorded, '2026-11-30')).toEqual({ status: 'settled' });
    const check = await builtinPaymentProvider.send({
      requestId: 8,
      partnerId: 'demo',
      amount: '10.00',
      method: 'check',
      payeeName: 'Farm',
      checkNumber: '4417',
      today: '2026-11-27',
    });
    expect(check).toMatchObject({ status: 'sent', checkNumber: '4417', settlesOn: null });
    const checkRecorded = { status: 'sent' as const, method: 'check' as const, settlesOn: null };
    expect(await builtinPaymentProvider.status(check.reference, checkRecorded, '2027-01-01')).toEqual({
      status: 'sent',
    });
  });
});

describe('payment-eligible-contracts and summaries', () => {
  it('lists final settlements with a net to the farmer, not drafts, not another farm’s; credit sales wait for their date', async () => {
    const final = await settlement(farmClient, '1234.57');
    const draft = await settlement(farmClient, '99.00', { status: 'draft' });
    const credit = await settlement(farmClient, '0.10', { deferred: '2099-01-15' });
    const res = await farmerGet(`${PC}/payment-eligible-contracts`);
    const body = eligibleContractsSchema.parse(res.json());
    const ids = body.settlements.map((s) => s.settlementId);
    expect(ids).toContain(final);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(prairieSettlement);
    const f = body.settlements.find((s) => s.settlementId === final)!;
    expect(f).toMatchObject({ amount: '1234.57', eligible: true, ach: true, clientName: 'Fieldman Family Farms' });
    expect(f.contracts.length).toBe(1);
    const c = body.settlements.find((s) => s.settlementId === credit)!;
    expect(c).toMatchObject({ eligible: false, payableOn: '2099-01-15', deferredPaymentDate: '2099-01-15' });

    const sums = eligibleSummariesSchema.parse((await farmerGet(`${PC}/payment-eligible-summaries`)).json());
    const row = sums.summaries.find((s) => s.cropId === f.cropId && s.cropYear === f.cropYear)!;
    expect(toCents(row.eligibleAmount)).toBeGreaterThanOrEqual(123457);
    expect(row.deferredCount).toBeGreaterThanOrEqual(0);
  });

  it('answers a buyer (no my sales lite) with 403', async () => {
    expect((await injectAs(app.t, app.buyer, 'GET', `${PC}/payment-eligible-contracts`)).statusCode).toBe(403);
  });
});

const toCents = (v: string) => Math.round(Number(v) * 100);

describe('requesting payment', () => {
  it('adds the chosen settlements exactly (0.10 + 0.20 = 0.30), by ACH for a farm with the ACH flag, or by check', async () => {
    const a = await settlement(farmClient, '0.10');
    const b = await settlement(farmClient, '0.20');
    const r = await requestFor([a, b]);
    expect(r).toMatchObject({ status: 'requested', amount: '0.30', method: 'ach', source: 'farmer' });
    expect(r.settlementIds.sort()).toEqual([a, b].sort());
    const c = await settlement(farmClient, '15.00');
    expect((await requestFor([c], 'check')).method).toBe('check');
    expect(await eligibleIds()).not.toContain(a);
  });

  it('asks once: the same settlement again is 409, also when two requests race', async () => {
    const s = await settlement(farmClient, '250.00');
    await requestFor([s]);
    const again = await request({ settlementIds: [s] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already requested/);

    const raced = await settlement(farmClient, '300.00');
    const results = await Promise.all([request({ settlementIds: [raced] }), request({ settlementIds: [raced] })]);
    expect(results.map((x) => x.statusCode).sort()).toEqual([201, 409]);
    expect(await count(sql`select count(*) as n from payment_request_settlements where settlement_id = ${raced}`)).toBe(
      1,
    );
  });

  it('refuses a credit sale before its date (409), a draft (409), another farm’s (404), bad input (400); nothing is written', async () => {
    const before = await count(sql`select count(*) as n from payment_requests`);
    const credit = await settlement(farmClient, '40.00', { deferred: '2099-03-01' });
    const res = await request({ settlementIds: [credit] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/credit sale/);
    const draft = await settlement(farmClient, '40.00', { status: 'draft' });
    expect((await request({ settlementIds: [draft] })).statusCode).toBe(409);
    expect((await request({ settlementIds: [prairieSettlement] })).statusCode).toBe(404);
    const bad = await request({ settlementIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_request');
    expect((await request({ settlementIds: [credit], method: 'wire' })).statusCode).toBe(400);
    expect(await count(sql`select count(*) as n from payment_requests`)).toBe(before);
  });
});

describe('the buyer decides', () => {
  it('approves with If-Match: sent through the adapter (ACH), events request → approve → send, audited, the farmer e-mailed', async () => {
    const s = await settlement(farmClient, '21748.37');
    const r = await requestFor([s]);
    expect((await decide('approve', r.id, null)).statusCode).toBe(428);
    expect((await decide('approve', r.id, r.version + 5)).statusCode).toBe(412);
    const res = await decide('approve', r.id, r.version);
    expect(res.statusCode, res.body).toBe(200);
    const d = paymentRequestDetailSchema.parse(res.json());
    expect(d.request.status).toBe('sent');
    expect(d.request.payment).toMatchObject({ status: 'sent', method: 'ach', amount: '21748.37', provider: 'builtin' });
    expect(d.request.payment!.reference).toMatch(/^ACH-/);
    expect(d.events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['request', null, 'requested'],
      ['approve', 'requested', 'approved'],
      ['send', 'approved', 'sent'],
    ]);
    expect(res.headers.etag).toBe(`"${d.request.version}"`);
    const audits = rowsOf<{ action: string }>(
      await db.execute(
        sql`select action from audit_log where target_type = 'payment_request' and target_id = ${String(r.id)} order by id`,
      ),
    ).map((a) => a.action);
    expect(audits).toEqual(['payment_request', 'payment_approve', 'payment_send']);
    const mail = await one<{ subject: string; text: string }>(
      sql`select subject, text from outbox where template = 'payment_approved' and user_id = ${farmerUserId} order by id desc limit 1`,
    );
    expect(mail.subject).toBe('Your payment is on its way');
    expect(mail.text).toContain('$21,748.37');

    // The farmer sees it, and its events.
    const mine = paymentRequestListSchema.parse((await farmerGet(`${PC}/payment-requests`)).json());
    expect(mine.paymentRequests.find((x) => x.id === r.id)?.status).toBe('sent');
    const ev = paymentEventsSchema.parse((await farmerGet(`${PC}/payment-requests/${r.id}/events`)).json());
    expect(ev.events).toHaveLength(3);
  });

  it('approve and reject at once: one wins, the other gets 409 and changes nothing', async () => {
    const s = await settlement(farmClient, '77.77');
    const r = await requestFor([s], 'check');
    const [a, b] = await Promise.all([
      decide('approve', r.id, r.version),
      decide('reject', r.id, r.version, { reason: 'Wrong account' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toMatch(/already/);
    const events = await count(sql`select count(*) as n from payment_request_events where request_id = ${r.id}`);
    // request + (approve + send) or request + reject
    expect([2, 3]).toContain(events);
    expect((await decide('approve', r.id, r.version + 1)).statusCode).toBe(409);
  });

  it('rejects with a reason: the settlement may be requested again', async () => {
    const s = await settlement(farmClient, '12.34');
    const r = await requestFor([s]);
    expect((await decide('reject', r.id, r.version, { reason: '' })).statusCode).toBe(400);
    const res = await decide('reject', r.id, r.version, { reason: 'Bank details missing' });
    expect(res.statusCode).toBe(200);
    const d = paymentRequestDetailSchema.parse(res.json());
    expect(d.request.status).toBe('rejected');
    expect(d.events.at(-1)).toMatchObject({ action: 'reject', note: 'Bank details missing' });
    expect(await eligibleIds()).toContain(s);
    expect((await requestFor([s])).status).toBe('requested');
  });

  it('a check is sent with its number and paid when marked cashed: the settlement becomes paid, the farmer e-mailed', async () => {
    const s = await settlement(farmClient, '5000.01');
    const r = await requestFor([s], 'check');
    const sent = paymentRequestDetailSchema.parse(
      (await decide('approve', r.id, r.version, { checkNumber: '10442' })).json(),
    );
    expect(sent.request.payment).toMatchObject({ method: 'check', checkNumber: '10442', settlesOn: null });
    const res = await decide('settle', sent.request.id, sent.request.version);
    expect(res.statusCode).toBe(200);
    const d = paymentRequestDetailSchema.parse(res.json());
    expect(d.request.status).toBe('settled');
    expect(d.request.payment?.settledAt).not.toBeNull();
    expect((await one<{ status: string }>(sql`select status from settlements where id = ${s}`)).status).toBe('paid');
    expect(
      await count(sql`select count(*) as n from outbox where template = 'payment_paid' and user_id = ${farmerUserId}`),
    ).toBeGreaterThan(0);
    expect((await decide('settle', r.id, d.request.version)).statusCode).toBe(409);
  });

  it('a returned payment lets the settlement go with the bank’s reason', async () => {
    const s = await settlement(farmClient, '88.00');
    const r = await requestFor([s]);
    const sent = paymentRequestDetailSchema.parse((await decide('approve', r.id, r.version)).json());
    const res = await decide('return', r.id, sent.request.version, { reason: 'Account closed (R02)' });
    expect(res.statusCode).toBe(200);
    const d = paymentRequestDetailSchema.parse(res.json());
    expect(d.request).toMatchObject({ status: 'returned' });
    expect(d.request.payment).toMatchObject({ status: 'returned', returnReason: 'Account closed (R02)' });
    expect(await eligibleIds()).toContain(s);
  });

  it('lists by status tab, contract and client; another partner’s request is 404; a market without contracts is 403', async () => {
    const s = await settlement(farmClient, '61.00');
    const r = await requestFor([s]);
    const list = paymentRequestListSchema.parse(
      (await injectAs(app.t, app.buyer, 'GET', `${MERCH}/payment-requests?tab=requested&pageSize=100`)).json(),
    );
    expect(list.paymentRequests.every((x) => x.status === 'requested')).toBe(true);
    expect(list.paymentRequests.map((x) => x.id)).toContain(r.id);
    const byContract = paymentRequestListSchema.parse(
      (await injectAs(app.t, app.buyer, 'GET', `${MERCH}/payment-requests?contract_id=${r.contracts[0]!.id}`)).json(),
    );
    expect(byContract.paymentRequests.map((x) => x.id)).toContain(r.id);
    expect(byContract.paymentRequests.every((x) => x.contracts.some((c) => c.id === r.contracts[0]!.id))).toBe(true);

    // Prairie's buyer: the demo partner's request does not exist for them.
    expect((await injectAs(app.t, app.prairie, 'GET', `${MERCH}/payment-requests/${r.id}`)).statusCode).toBe(404);
    expect((await decide('approve', r.id, r.version, {}, app.prairie)).statusCode).toBe(404);
    const prairieList = paymentRequestListSchema.parse(
      (await injectAs(app.t, app.prairie, 'GET', `${MERCH}/payment-requests`)).json(),
    );
    expect(prairieList.paymentRequests.map((x) => x.id)).not.toContain(r.id);

    // A request at a market where the demo buyer holds bids only: forbidden to decide.
    const other = await settlement(farmClient, '10.00', { marketId: app.fx.marketBidsOnly });
    const o = await requestFor([other]);
    expect((await decide('approve', o.id, o.version)).statusCode).toBe(403);
    expect(
      (await injectAs(app.t, app.buyer, 'GET', `${MERCH}/payment-requests?market_id=${app.fx.marketBidsOnly}`))
        .statusCode,
    ).toBe(403);
    // The farmer: another farm's events are 404.
    expect((await farmerGet(`${PC}/payment-requests/999999/events`)).statusCode).toBe(404);
  });

  it('a settlement voided after the request is not paid: approve is 409, reject still works', async () => {
    const s = await settlement(farmClient, '45.00');
    const r = await requestFor([s]);
    await db.execute(sql`update settlements set status = 'void' where id = ${s}`);
    const res = await decide('approve', r.id, r.version);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no longer final/);
    expect((await decide('reject', r.id, r.version, { reason: 'Settlement voided' })).statusCode).toBe(200);
  });

  it('a failed write writes no audit record and no event', async () => {
    const s = await settlement(farmClient, '19.99');
    const r = await requestFor([s]);
    const audits = await count(sql`select count(*) as n from audit_log where target_type = 'payment_request'`);
    const events = await count(sql`select count(*) as n from payment_request_events`);
    expect((await decide('approve', r.id, r.version + 1)).statusCode).toBe(412);
    expect((await decide('reject', r.id, r.version, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(await count(sql`select count(*) as n from audit_log where target_type = 'payment_request'`)).toBe(audits);
    expect(await count(sql`select count(*) as n from payment_request_events`)).toBe(events);
  });
});

describe('the daily job', () => {
  it('pays a due credit sale exactly once, on its date and not before, then settles the ACH on its day', async () => {
    const s = await settlement(farmClient, '3210.98', { deferred: '2031-02-03' });
    const countFor = () => count(sql`select count(*) as n from payment_request_settlements where settlement_id = ${s}`);
    await runPaymentsDaily(db, builtinPaymentProvider, ENV, new Date('2031-02-02T18:00:00Z'));
    expect(await countFor()).toBe(0);
    // Noon in Chicago on the date; twice, and through the job runner too.
    const on = new Date('2031-02-03T18:00:00Z');
    const first = await runPaymentsDaily(db, builtinPaymentProvider, ENV, on);
    expect(first.creditSalesPaid).toBe(1);
    await runPaymentsDaily(db, builtinPaymentProvider, ENV, on);
    await runDueJobs(db, on);
    expect(await countFor()).toBe(1);
    const req = await one<{ id: string; status: string; source: string; method: string; amount: string }>(sql`
      select r.id, r.status, r.source, r.method, r.amount from payment_requests r
      join payment_request_settlements i on i.request_id = r.id where i.settlement_id = ${s}`);
    expect(req).toMatchObject({ status: 'sent', source: 'credit_sale', method: 'ach', amount: '3210.98' });
    // ACH sent on Monday 2031-02-03 settles Tuesday.
    await runPaymentsDaily(db, builtinPaymentProvider, ENV, new Date('2031-02-04T12:00:00Z'));
    const after = await one<{ status: string }>(sql`select status from payment_requests where id = ${req.id}`);
    expect(after.status).toBe('settled');
    expect((await one<{ status: string }>(sql`select status from settlements where id = ${s}`)).status).toBe('paid');
    const actions = rowsOf<{ action: string }>(
      await db.execute(sql`select action from payment_request_events where request_id = ${req.id} order by id`),
    ).map((e) => e.action);
    expect(actions).toEqual(['request', 'approve', 'send', 'settle']);
  });

  it('is a registered recurring job', async () => {
    const { ensureSchedules } = await import('../../platform/jobs.ts');
    await ensureSchedules(db);
    expect(await count(sql`select count(*) as n from jobs where kind = ${PAYMENTS_DAILY_JOB}`)).toBeGreaterThan(0);
  });
});
