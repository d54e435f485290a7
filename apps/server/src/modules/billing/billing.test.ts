// A farm business's billing (issue 17, platform.md 7.5, decision 056): cards through the test card provider's setup
// intent (declined cards saved nowhere), bank accounts verified by micro-deposits or instantly, one default, removal;
// what the farm business paid (store orders) and was paid (the grain book's ACH payments as payouts, CSV); bad input
// 400 with codes, another farm business's ids 404, a member without has_financial_access 403 with the refusal code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  billingBankAccountsSchema,
  billingCardsSchema,
  billingChargesSchema,
  billingCouponsSchema,
  billingPaymentHistorySchema,
  billingPaymentMethodSchema,
  billingRefundsSchema,
  payoutPageSchema,
} from '@granary/domain';
import { billingPaymentMethods, enterpriseUsers, enterprises, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { readEnv } from '../../platform/env.ts';
import { cardProviderFromEnv } from '../checkout/checkout.public.ts';

let t: TestApp;
let owner: Caller;
let farm: { id: number; publicId: string };
let otherFarm: { id: number; publicId: string; cardId: number };
let member: { id: string; caller: Caller };
let base: string;

function call(caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: headersOf(caller), ...(payload === undefined ? {} : { payload }) });
}

async function addCard(token: string, enterprise = farm.publicId) {
  const intent = await call(owner, 'POST', `/api/effu/enterprise/${enterprise}/setup_intent`);
  expect(intent.statusCode, intent.body).toBe(201);
  const id = intent.json<{ setup_intent_id: string }>().setup_intent_id;
  return {
    id,
    res: await call(owner, 'POST', `/api/effu/enterprise/${enterprise}/setup_intent/confirm`, {
      setup_intent_id: id,
      token,
    }),
  };
}

const bank = {
  account_holder_name: 'Fieldman Family Farms',
  routing_number: '110000000',
  account_number: '000123456789',
  account_type: 'checking',
};

beforeAll(async () => {
  t = await createTestApp({ env: { CARD_PROVIDER: 'test' } });
  const db = t.database.db;
  owner = await signIn(t, DEMO_ACCOUNTS.farmer);
  const [row] = await db
    .select({ id: enterprises.id, publicId: enterprises.publicId })
    .from(enterpriseUsers)
    .innerJoin(enterprises, eq(enterprises.id, enterpriseUsers.enterpriseId))
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(sql`${users.email} = ${DEMO_ACCOUNTS.farmer} and ${enterpriseUsers.role} = 'owner'`)
    .orderBy(enterprises.id)
    .limit(1);
  farm = row!;
  base = `/api/effu/enterprise/${farm.publicId}`;
  // Another farm business, with a card of its own (the IDOR checks).
  const [other] = await db.insert(enterprises).values({ name: 'Other Acres' }).returning();
  const [card] = await db
    .insert(billingPaymentMethods)
    .values({
      enterpriseId: other!.id,
      kind: 'card',
      provider: 'test',
      providerReference: 'pm_test_other',
      brand: 'Visa',
      last4: '4242',
      status: 'verified',
      isDefault: true,
    })
    .returning();
  otherFarm = { id: other!.id, publicId: other!.publicId, cardId: card!.id };
  // A sub-account of the farm without financial access.
  const [user] = await db
    .insert(users)
    .values({ email: 'hand@billing.test', firstName: 'Hired', lastName: 'Hand', permissions: ['my-sales-lite'] })
    .returning({ id: users.id });
  await db
    .insert(enterpriseUsers)
    .values({ enterpriseId: farm.id, userId: user!.id, role: 'subaccount', permissions: ['has_profit_center_access'] });
  member = { id: user!.id, caller: await signIn(t, 'hand@billing.test') };
}, 120_000);
afterAll(() => t.close());

describe('cards through the test provider', () => {
  it('saves a card by setup intent and token (the first is the default); the intent is used once', async () => {
    const empty = billingCardsSchema.parse((await call(owner, 'GET', `${base}/cards`)).json());
    expect(empty).toEqual({ cards: [], card_provider: 'test' });
    const { id, res } = await addCard('tok_test_visa');
    expect(res.statusCode, res.body).toBe(201);
    expect(billingPaymentMethodSchema.parse(res.json())).toMatchObject({
      kind: 'card',
      brand: 'Visa',
      last4: '4242',
      status: 'verified',
      is_default: true,
    });
    const again = await call(owner, 'POST', `${base}/setup_intent/confirm`, {
      setup_intent_id: id,
      token: 'tok_test_visa',
    });
    expect(again.statusCode).toBe(409);
    // Only the provider's reference is kept: no column holds a card number.
    const [stored] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select * from billing_payment_methods where enterprise_id = ${farm.id}`),
    );
    expect(String(stored!.provider_reference)).toMatch(/^pm_test_/);
  });

  it('a declined card is saved nowhere (402 card_declined); a token the provider did not give is 400', async () => {
    const declined = await addCard('tok_test_declined');
    expect(declined.res.statusCode).toBe(402);
    expect(declined.res.json()).toMatchObject({ code: 'card_declined' });
    const forged = await addCard('4242424242424242');
    expect(forged.res.statusCode).toBe(400);
    expect(forged.res.json()).toMatchObject({ code: 'invalid_request' });
    const cards = billingCardsSchema.parse((await call(owner, 'GET', `${base}/cards`)).json()).cards;
    expect(cards).toHaveLength(1);
    const bad = await call(owner, 'POST', `${base}/setup_intent/confirm`, { setup_intent_id: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_request' });
  });

  it('a second card may become the default; removing the default promotes the next one', async () => {
    const { res } = await addCard('tok_test_mastercard');
    const second = billingPaymentMethodSchema.parse(res.json());
    expect(second).toMatchObject({ brand: 'Mastercard', is_default: false });
    const made = await call(owner, 'PUT', `${base}/cards/${second.id}/default`);
    expect(made.statusCode, made.body).toBe(200);
    let cards = billingCardsSchema.parse((await call(owner, 'GET', `${base}/cards`)).json()).cards;
    expect(cards.filter((c) => c.is_default).map((c) => c.id)).toEqual([second.id]);
    const removed = await call(owner, 'DELETE', `${base}/cards/${second.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    cards = billingCardsSchema.parse((await call(owner, 'GET', `${base}/cards`)).json()).cards;
    expect(cards.map((c) => [c.brand, c.is_default])).toEqual([['Visa', true]]);
  });
});

describe('bank accounts for ACH', () => {
  it('micro-deposits: pending until the two amounts match; wrong amounts count, and three end it', async () => {
    const added = await call(owner, 'POST', `${base}/bank_accounts`, {
      ...bank,
      verification_method: 'micro_deposits',
    });
    expect(added.statusCode, added.body).toBe(201);
    const account = billingPaymentMethodSchema.parse(added.json());
    expect(account).toMatchObject({
      status: 'pending_verification',
      last4: '6789',
      attempts_left: 3,
      is_default: false,
    });
    const early = await call(owner, 'PUT', `${base}/bank_accounts/${account.id}/default`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'bank_account_not_verified' });
    const wrong = await call(owner, 'POST', `${base}/bank_accounts/${account.id}/verify`, {
      amounts: ['0.12', '0.34'],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'micro_deposits_incorrect', details: { attempts_left: 2 } });
    const typo = await call(owner, 'POST', `${base}/bank_accounts/${account.id}/verify`, { amounts: ['32', '45'] });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({ code: 'invalid_request' });
    const right = await call(owner, 'POST', `${base}/bank_accounts/${account.id}/verify`, { amounts: ['.45', '0.32'] });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ status: 'verified', attempts_left: null });
    const made = await call(owner, 'PUT', `${base}/bank_accounts/${account.id}/default`);
    expect(made.statusCode).toBe(200);
    const cards = billingCardsSchema.parse((await call(owner, 'GET', `${base}/cards`)).json()).cards;
    expect(cards.every((c) => !c.is_default)).toBe(true);

    const other = billingPaymentMethodSchema.parse(
      (await call(owner, 'POST', `${base}/bank_accounts`, { ...bank, verification_method: 'micro_deposits' })).json(),
    );
    for (const left of [2, 1, 0]) {
      const res = await call(owner, 'POST', `${base}/bank_accounts/${other.id}/verify`, { amounts: ['0.01', '0.02'] });
      expect(res.json()).toMatchObject({ code: 'micro_deposits_incorrect', details: { attempts_left: left } });
    }
    const list = billingBankAccountsSchema.parse((await call(owner, 'GET', `${base}/bank_accounts`)).json());
    expect(list.bank_accounts.find((a) => a.id === other.id)?.status).toBe('verification_failed');
    const late = await call(owner, 'POST', `${base}/bank_accounts/${other.id}/verify`, { amounts: ['0.32', '0.45'] });
    expect(late.statusCode).toBe(409);
  });

  it('instant verification is verified at once; bad routing and account numbers are 400 and save nothing', async () => {
    const instant = await call(owner, 'POST', `${base}/bank_accounts`, { ...bank, verification_method: 'instant' });
    expect(instant.statusCode).toBe(201);
    expect(instant.json()).toMatchObject({ status: 'verified', verification_method: 'instant' });
    const before = billingBankAccountsSchema.parse((await call(owner, 'GET', `${base}/bank_accounts`)).json());
    for (const wrong of [{ routing_number: '110000001' }, { account_number: '12' }, { account_type: 'brokerage' }]) {
      const res = await call(owner, 'POST', `${base}/bank_accounts`, {
        ...bank,
        verification_method: 'instant',
        ...wrong,
      });
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
    const after = billingBankAccountsSchema.parse((await call(owner, 'GET', `${base}/bank_accounts`)).json());
    expect(after.bank_accounts).toHaveLength(before.bank_accounts.length);
    // Removing the default bank account hands the default to the oldest verified method left.
    const def = after.bank_accounts.find((a) => a.is_default)!;
    expect((await call(owner, 'DELETE', `${base}/bank_accounts/${def.id}`)).statusCode).toBe(200);
    const cards = billingCardsSchema.parse((await call(owner, 'GET', `${base}/cards`)).json()).cards;
    expect(cards.filter((c) => c.is_default)).toHaveLength(1);
  });
});

describe('what the farm business paid and was paid', () => {
  it('payment history: its store orders, newest first, a page at a time; coupons from real orders', async () => {
    const [orders] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from store_orders where enterprise_id = ${farm.id}`),
    );
    const page = billingPaymentHistorySchema.parse((await call(owner, 'GET', `${base}/payment_history`)).json());
    expect(page.total).toBe(orders!.n);
    expect(page.payments.length).toBe(Math.min(orders!.n, page.page_size));
    const times = page.payments.map((p) => p.placed_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call(owner, 'GET', `${base}/payment_history?page=0`)).statusCode).toBe(400);
    const coupons = billingCouponsSchema.parse((await call(owner, 'GET', `${base}/coupons`)).json());
    const [codes] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from store_orders where enterprise_id = ${farm.id} and promo_code is not null`,
      ),
    );
    // The codes used come a page at a time with their total, as the charges and refunds (never the whole list).
    expect(coupons).toMatchObject({ page: 1, page_size: 25, total: codes!.n });
    expect(coupons.applied).toHaveLength(Math.min(codes!.n, 25));
    for (const c of coupons.applied) expect(c.discount).toMatch(/^-?\d+\.\d{2}$/);
    const used = coupons.applied.map((c) => c.placed_at);
    expect([...used].sort().reverse()).toEqual(used);
    const next = billingCouponsSchema.parse((await call(owner, 'GET', `${base}/coupons?page=2`)).json());
    expect(next).toMatchObject({ page: 2, total: codes!.n, available: coupons.available });
    expect(next.applied).toHaveLength(Math.max(0, Math.min(codes!.n - 25, 25)));
    for (const path of ['list-charges', 'refunds', 'subscriptions/payments', 'generic_payment'])
      expect((await call(owner, 'GET', `${base}/${path}`)).statusCode, path).toBe(200);
    // Charges and refunds come a page at a time with the total, as the payment history does (never the whole list).
    const [charged] = rowsOf<{ charges: number; refunds: number }>(
      await t.database.db.execute(sql`select count(*) filter (where payment_reference is not null)::int as charges,
          count(*) filter (where status = 'canceled' and payment_status in ('authorized', 'paid'))::int as refunds
        from store_orders where enterprise_id = ${farm.id}`),
    );
    const charges = billingChargesSchema.parse((await call(owner, 'GET', `${base}/list-charges`)).json());
    expect(charges).toMatchObject({ page: 1, page_size: 25, total: charged!.charges });
    expect(charges.charges.length).toBe(Math.min(charged!.charges, 25));
    const refunds = billingRefundsSchema.parse((await call(owner, 'GET', `${base}/refunds?page=2`)).json());
    expect(refunds).toMatchObject({ page: 2, page_size: 25, total: charged!.refunds });
    expect(refunds.refunds.length).toBe(Math.max(0, Math.min(charged!.refunds - 25, 25)));
    for (const path of ['list-charges', 'refunds', 'coupons'])
      expect((await call(owner, 'GET', `${base}/${path}?page=0`)).statusCode, path).toBe(400);
    expect((await call(owner, 'GET', `${base}/subscriptions/payments`)).json()).toEqual({ payments: [] });
  });

  it("payouts: the grain book's ACH payments to its legal entities by charge type, paged, and as CSV", async () => {
    const [ach] = rowsOf<{ n: number; us: number }>(
      await t.database.db.execute(sql`select count(*)::int as n,
          count(*) filter (where m.country_code <> 'CAN')::int as us
        from payments p join payment_requests r on r.id = p.request_id join legal_entities le on le.id = r.client_id
        join markets m on m.id = r.market_id where le.enterprise_id = ${farm.id} and p.method = 'ach'`),
    );
    const manual = payoutPageSchema.parse((await call(owner, 'GET', `${base}/payouts/manual_ach/pages/1`)).json());
    const eft = payoutPageSchema.parse((await call(owner, 'GET', `${base}/payouts/eft/pages/1`)).json());
    expect(manual.total).toBe(ach!.us);
    expect(manual.total + eft.total).toBe(ach!.n);
    expect(manual.total).toBeGreaterThan(0);
    expect(manual.payouts[0]).toMatchObject({ currency: 'USD' });
    expect(manual.payouts[0]!.amount).toMatch(/^\d+\.\d{2}$/);
    expect((await call(owner, 'GET', `${base}/payouts/check/pages/1`)).statusCode).toBe(400);
    expect((await call(owner, 'GET', `${base}/payouts/eft/pages/0`)).statusCode).toBe(400);
    const csv = await call(owner, 'GET', `${base}/payouts/manual_ach/download`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('reference,status,amount,currency,sent_at,settles_on,settled_at,payee,market,settlements');
    expect(lines).toHaveLength(manual.total + 1);
    // Exact decimals and ISO instants, as every CSV export (decisions 034, 035).
    expect(lines[1]).toContain(`,${manual.payouts[0]!.amount},USD,${manual.payouts[0]!.sent_at},`);
  });
});

describe('who may see and change billing', () => {
  const paths = [
    'cards',
    'bank_accounts',
    'payment_history',
    'list-charges',
    'refunds',
    'coupons',
    'subscriptions/payments',
    'generic_payment',
    'payouts/eft/pages/1',
    'payouts/manual_ach/download',
  ];

  it('an admin acting as the owner (full scope) adds and changes no payment method: 403 forbidden, reads stay open', async () => {
    const admin = await signIn(t, DEMO_ACCOUNTS.admin);
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.farmer));
    expect((await call(admin, 'POST', '/api/auth/act-as', { user_id: me!.id })).statusCode).toBe(200);
    try {
      expect((await call(admin, 'GET', `${base}/cards`)).statusCode).toBe(200);
      const before = await t.database.db.select().from(billingPaymentMethods);
      for (const [url, body] of [
        [`${base}/setup_intent`, undefined],
        [`${base}/setup_intent/confirm`, { setup_intent_id: 'seti_x', token: 'tok_test_visa' }],
        [`${base}/bank_accounts`, { ...bank, verification_method: 'instant' }],
      ] as const) {
        const res = await call(admin, 'POST', url, body);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
      expect(await t.database.db.select().from(billingPaymentMethods)).toEqual(before);
    } finally {
      await call(admin, 'DELETE', '/api/auth/act-as');
    }
  });

  it("staff who may read any farm business (list-all-user-details) get the enterprise pages' 403, not a 404", async () => {
    // The one check of the enterprises module (enterpriseFor): staff readers see the farm business exists (its
    // profile), so billing refuses them by the missing flag, as every flag-gated section of the enterprise does.
    await t.database.db.insert(users).values({
      email: 'desk@billing.test',
      firstName: 'Dee',
      lastName: 'Esk',
      employeeInfo: { role: 'cx_representative' },
      adminPermissions: { 'list-all-user-details': 'all' },
    });
    const staff = await signIn(t, 'desk@billing.test');
    for (const path of ['cards', 'payment_history', 'payouts/eft/pages/1']) {
      const res = await call(staff, 'GET', `${base}/${path}`);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'enterprise_access_required',
        details: { flag: 'has_financial_access' },
      });
    }
    // An unknown id stays a 404 for them too.
    expect((await call(staff, 'GET', '/api/effu/enterprise/999999/cards')).statusCode).toBe(404);
  });

  it("another farm business's ids answer 404, its cards too", async () => {
    for (const path of paths) {
      const res = await call(owner, 'GET', `/api/effu/enterprise/${otherFarm.publicId}/${path}`);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await call(owner, 'GET', `/api/effu/enterprise/${otherFarm.id}/cards`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/api/effu/enterprise/${otherFarm.publicId}/setup_intent`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${base}/cards/${otherFarm.cardId}`)).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `${base}/cards/${otherFarm.cardId}/default`)).statusCode).toBe(404);
    const [card] = rowsOf<{ removed_at: Date | null }>(
      await t.database.db.execute(sql`select removed_at from billing_payment_methods where id = ${otherFarm.cardId}`),
    );
    expect(card!.removed_at).toBeNull();
    // A setup intent of this farm cannot be confirmed through another's address either.
    const intent = (await call(owner, 'POST', `${base}/setup_intent`)).json<{ setup_intent_id: string }>();
    const elsewhere = await call(owner, 'POST', `/api/effu/enterprise/${otherFarm.publicId}/setup_intent/confirm`, {
      setup_intent_id: intent.setup_intent_id,
      token: 'tok_test_visa',
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('a member without has_financial_access is refused with the access-denied code; with it, they pass', async () => {
    for (const path of paths) {
      const res = await call(member.caller, 'GET', `${base}/${path}`);
      expect(res.statusCode, path).toBe(403);
      expect(res.json(), path).toMatchObject({ code: 'enterprise_access_required' });
    }
    const write = await call(member.caller, 'POST', `${base}/bank_accounts`, {
      ...bank,
      verification_method: 'instant',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'enterprise_access_required' });
    await t.database.db
      .update(enterpriseUsers)
      .set({ permissions: ['has_financial_access'] })
      .where(sql`${enterpriseUsers.userId} = ${member.id}`);
    expect((await call(member.caller, 'GET', `${base}/cards`)).statusCode).toBe(200);
  });

  it('without a session, 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/cards` });
    expect(res.statusCode).toBe(401);
  });
});

describe('the card provider of the environment (decision 056, addendum)', () => {
  it("is the test provider in npm start's demo (development), none in production or under test, off when asked", () => {
    const provider = (env: Record<string, string>) => cardProviderFromEnv(readEnv(env))?.name ?? null;
    expect(provider({})).toBe('test');
    expect(provider({ NODE_ENV: 'development' })).toBe('test');
    expect(provider({ NODE_ENV: 'production' })).toBeNull();
    expect(provider({ NODE_ENV: 'test' })).toBeNull();
    expect(provider({ NODE_ENV: 'development', CARD_PROVIDER: 'off' })).toBeNull();
    expect(provider({ NODE_ENV: 'production', CARD_PROVIDER: 'test' })).toBe('test');
    expect(() => readEnv({ CARD_PROVIDER: 'stripe' })).toThrow(/CARD_PROVIDER/);
  });
});
