// The farm business's one address book, delivery contacts and ABN calls (issue 16, decision 051): one app and database
// for the file.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { rowsOf } from '../../platform/db.ts';

let t: TestApp;
let owner: Caller;
let hand: Caller; // a sub-account of the farm without has_manage
let manager: Caller; // a sub-account with has_manage
let buyer: Caller; // someone of another enterprise
let admin: Caller;
let farmId: number;
let farmPublicId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: Caller, method: Method, url: string, body?: unknown) =>
  t.app.inject({ method, url, headers: headersOf(who), ...(body === undefined ? {} : { payload: body as object }) });

const E = () => `/api/effu/enterprises/${farmId}/addresses`;
const iowa = {
  format: 'postal',
  name: 'Home place',
  line1: '2231 County Road E18',
  city: 'Nevada',
  region: 'ia',
  postal_code: '50201',
  country: 'USA',
};
const quarter = {
  format: 'can_lll',
  land_location_kind: 'can_lll_shipping',
  region: 'AB',
  country: 'CAN',
  lll_quarter: 'nw',
  lll_section: 12,
  lll_township: 34,
  lll_range: 5,
  lll_meridian: 'w4',
};

async function member(email: string, permissions: string[]): Promise<Caller> {
  const db = t.database.db;
  await db.execute(sql`
    insert into users (email, first_name, last_name, password_hash)
    select ${email}, 'Pat', 'Hand', password_hash from users where email = ${DEMO_ACCOUNTS.farmer}`);
  await db.execute(sql`
    insert into enterprise_users (enterprise_id, user_id, role, permissions)
    select ${farmId}, id, 'subaccount', ${`{${permissions.join(',')}}`}::text[] from users where email = ${email}`);
  return signIn(t, email);
}

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
  const [farm] = rowsOf<{ id: number; public_id: string }>(
    await t.database.db.execute(sql`
      select e.id, e.public_id::text from enterprises e join enterprise_users eu on eu.enterprise_id = e.id
      join users u on u.id = eu.user_id where u.email = ${DEMO_ACCOUNTS.farmer} and eu.role = 'owner'
      order by e.id limit 1`),
  );
  farmId = farm!.id;
  farmPublicId = farm!.public_id;
  owner = await signIn(t, DEMO_ACCOUNTS.farmer);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
  hand = await member('hand@farm.granary.test', ['has_input_purchasing_access']);
  manager = await member('manager@farm.granary.test', ['has_manage']);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('addresses by type', () => {
  it('adds postal and legal-land-location addresses, lists them by type, and the checkout sees the same book', async () => {
    const a = await call(owner, 'POST', `${E()}/mailing_address`, iowa);
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ address_type: 'mailing_address', region: 'IA', enterprise_id: farmId });
    const q = await call(owner, 'POST', `${E()}/shipping_address`, quarter);
    expect(q.statusCode, q.body).toBe(201);
    expect(q.json()).toMatchObject({ legal_land_location: 'NW-12-34-5-W4', lll_meridian: 'W4' });

    const mailing = (await call(owner, 'GET', `${E()}/mailing_address`)).json().addresses as { id: number }[];
    expect(mailing.map((x) => x.id)).toEqual([a.json().id]);
    // One address book: the store's checkout lists what the effu calls wrote, for every member of the farm.
    const store = (await call(hand, 'GET', '/api/store/addresses')).json().addresses as { id: number }[];
    expect(store.map((x) => x.id)).toEqual(expect.arrayContaining([a.json().id, q.json().id]));
  });

  it('keeps one default billing address: setting another demotes the first to a billing address', async () => {
    const first = (await call(owner, 'POST', `${E()}/default_billing_address`, iowa)).json();
    const second = (await call(owner, 'POST', `${E()}/billing_address`, { ...iowa, line1: '12 Lincoln Way' })).json();
    const set = await call(owner, 'POST', `${E()}/${second.id}/default_billing_address`);
    expect(set.statusCode, set.body).toBe(200);
    const defaults = (await call(owner, 'GET', `${E()}/default_billing_address`)).json().addresses as { id: number }[];
    expect(defaults.map((x) => x.id)).toEqual([second.id]);
    const billing = (await call(owner, 'GET', `${E()}/billing_address`)).json().addresses as { id: number }[];
    expect(billing.map((x) => x.id)).toContain(first.id);
  });

  it('edits and removes; a bad address is a 400 with a code and the fields, and nothing is written', async () => {
    const a = (await call(manager, 'POST', `${E()}/shipping_address`, iowa)).json();
    const edited = await call(manager, 'PUT', `${E()}/${a.id}/shipping_address`, { ...iowa, city: 'Roland' });
    expect(edited.json().city).toBe('Roland');
    const bad = await call(owner, 'PUT', `${E()}/${a.id}/shipping_address`, { ...iowa, postal_code: 'T2P 1J9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_shipping_address',
      details: { fields: [{ field: 'postalCode', problem: 'invalid' }] },
    });
    const lll = await call(owner, 'POST', `${E()}/mailing_address`, { ...quarter, lll_section: 40, region: 'ON' });
    expect(lll.statusCode).toBe(400);
    expect(lll.json().code).toBe('invalid_address');
    const count = (await call(owner, 'GET', E())).json().addresses.length as number;
    expect((await call(owner, 'DELETE', `${E()}/${a.id}/shipping_address`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', E())).json().addresses).toHaveLength(count - 1);
    expect((await call(owner, 'DELETE', `${E()}/${a.id}/shipping_address`)).statusCode).toBe(404);
  });

  it('answers 404 for another enterprise and its ids, 403 to a member without has_manage', async () => {
    const mine = (await call(owner, 'POST', `${E()}/shipping_address`, iowa)).json();
    expect((await call(buyer, 'GET', E())).statusCode).toBe(404);
    expect((await call(buyer, 'POST', `${E()}/shipping_address`, iowa)).statusCode).toBe(404);
    // The buyer's own book does not reach the farm's address either.
    expect((await call(buyer, 'PUT', `/api/store/addresses/${mine.id}`, { ...storeBody() })).statusCode).toBe(404);
    expect((await call(buyer, 'DELETE', `/api/store/addresses/${mine.id}`)).statusCode).toBe(404);

    expect((await call(hand, 'GET', E())).statusCode).toBe(200);
    const refused = await call(hand, 'PUT', `${E()}/${mine.id}/shipping_address`, { ...iowa, city: 'Ames' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/primary account owner/);
    expect((await call(hand, 'POST', `${E()}/shipping_address`, iowa)).statusCode).toBe(403);
    expect((await call(hand, 'DELETE', `/api/store/addresses/${mine.id}`)).statusCode).toBe(403);
    expect((await call(hand, 'POST', `${E()}/${mine.id}/default_billing_address`)).statusCode).toBe(403);
  });
});

function storeBody() {
  return {
    addressType: 'shipping_address',
    format: 'postal',
    line1: '1 Main',
    city: 'Ames',
    region: 'IA',
    postalCode: '50010',
    country: 'USA',
  };
}

describe('validation and suggestions', () => {
  it('checks an address as delivery_postal or delivery_can_lll and answers it normalised', async () => {
    const ok = await call(owner, 'POST', '/api/effu/addresses/validate', {
      validation_type: 'delivery_postal',
      address: { ...iowa, country: 'CAN', region: 'ab', postal_code: 't2p1j9' },
    });
    expect(ok.json()).toMatchObject({ valid: true, normalized: { postal_code: 'T2P 1J9', region: 'AB' } });
    const bad = await call(owner, 'POST', '/api/effu/addresses/validate', {
      validation_type: 'delivery_can_lll',
      address: { ...quarter, lll_range: 0 },
    });
    expect(bad.json()).toMatchObject({ valid: false, problems: [{ field: 'lllRange', problem: 'invalid' }] });
    const mismatch = await call(owner, 'POST', '/api/effu/addresses/validate', {
      validation_type: 'delivery_can_lll',
      address: iowa,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('invalid_address');
  });

  it('suggests a legal land location read from the text and matching addresses of the book', async () => {
    const lll = (await call(owner, 'GET', '/api/effu/addresses/suggestions?q=SE%2010-20-3-W5')).json().suggestions;
    expect(lll[0]).toMatchObject({ source: 'land_location', label: 'SE-10-20-3-W5', address: { region: 'AB' } });
    const book = (await call(owner, 'GET', `/api/effu/addresses/suggestions?q=county&enterprise_id=${farmId}`)).json()
      .suggestions as { source: string; address_id: number }[];
    expect(book.length).toBeGreaterThan(0);
    expect(book.every((s) => s.source === 'book')).toBe(true);
    expect(
      (await call(buyer, 'GET', `/api/effu/addresses/suggestions?q=county&enterprise_id=${farmId}`)).statusCode,
    ).toBe(404);
  });
});

describe('delivery contacts', () => {
  const C = () => `/api/effu/enterprise/${farmPublicId}/delivery-contact`;
  const joe = {
    first_name: 'Joe',
    last_name: 'Hand',
    email: 'joe@farm.test',
    phone_number: '(515) 555-0199',
    country: 'USA',
    aal1: 'ia',
  };
  it('adds, lists, edits and removes; the checkout lists the same contacts', async () => {
    const c = await call(owner, 'POST', C(), joe);
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({ first_name: 'Joe', aal1: 'IA' });
    const store = (await call(hand, 'GET', '/api/store/delivery-contacts')).json().contacts as { id: number }[];
    expect(store.map((x) => x.id)).toContain(c.json().id);
    const edited = await call(owner, 'PUT', `${C()}/${c.json().id}`, { ...joe, first_name: 'Joseph' });
    expect(edited.json().first_name).toBe('Joseph');
    expect((await call(owner, 'DELETE', `${C()}/${c.json().id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', C())).json().contacts).toEqual([]);
  });
  it('refuses a bad contact (400 with the fields), another enterprise (404) and a member without has_manage (403)', async () => {
    const bad = await call(owner, 'POST', C(), { ...joe, email: 'no', aal1: 'ZZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_delivery_contact' });
    const c = (await call(owner, 'POST', C(), joe)).json();
    expect((await call(buyer, 'GET', C())).statusCode).toBe(404);
    expect((await call(buyer, 'DELETE', `/api/store/delivery-contacts/${c.id}`)).statusCode).toBe(404);
    expect((await call(hand, 'DELETE', `${C()}/${c.id}`)).statusCode).toBe(403);
    expect((await call(owner, 'GET', C())).json().contacts).toHaveLength(1);
  });
});

describe('Australian business numbers', () => {
  it('looks an ABN up: the record, 400 for a bad check digit, 404 when the register has none', async () => {
    const r = await call(owner, 'GET', '/api/effu/abn/53%20004%20085%20616');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      abn: '53004085616',
      entity_name: 'Wattle Creek Pastoral Co Pty Ltd',
      state: 'NSW',
      post_code: '2650',
      gst: true,
      active: true,
    });
    expect((await call(owner, 'GET', '/api/effu/abn/53004085617')).json().code).toBe('invalid_abn');
    const unknown = await call(owner, 'GET', '/api/effu/abn/51824753556');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('abn_not_found');
  });

  it('creates an Australian farm business and its owner from an ABN, once, for staff holding the permission', async () => {
    const body = { abn: '70104329872', first_name: 'Kylie', last_name: 'Mallee', email: 'kylie@mallee.test' };
    expect((await call(buyer, 'POST', '/api/effu/admin/australian-accounts', body)).statusCode).toBe(403);
    const created = await call(admin, 'POST', '/api/effu/admin/australian-accounts', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      enterprise_name: 'Mallee Downs Grain Partnership',
      owner_email: body.email,
    });
    const rows = rowsOf<{ country_code: string; role: string; state: string; sent: number }>(
      await t.database.db.execute(sql`
        select e.country_code, eu.role, e.administrative_area_level_1 as state,
          (select count(*)::int from outbox o where o.recipient = ${body.email}) as sent
        from enterprises e join enterprise_users eu on eu.enterprise_id = e.id where e.id = ${created.json().enterprise_id}`),
    );
    expect(rows).toEqual([{ country_code: 'AUS', role: 'owner', state: 'VIC', sent: 1 }]);
    // The owner sees the ABN record on their farm business.
    const ownerCaller = await signIn(t, body.email);
    expect((await call(ownerCaller, 'GET', '/api/effu/abn')).json().abn).toMatchObject({
      abn: '70104329872',
      gst: true,
    });

    const again = await call(admin, 'POST', '/api/effu/admin/australian-accounts', { ...body, email: 'other@x.test' });
    expect(again.json().code).toBe('abn_taken');
    const inactive = await call(admin, 'POST', '/api/effu/admin/australian-accounts', {
      ...body,
      abn: '93725019384',
      email: 'tas@x.test',
    });
    expect(inactive.json().code).toBe('abn_inactive');
    const taken = await call(admin, 'POST', '/api/effu/admin/australian-accounts', {
      ...body,
      abn: '25608122417',
      email: DEMO_ACCOUNTS.farmer,
    });
    expect(taken.json().code).toBe('email_taken');
    const count = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from enterprise_abns`),
    );
    expect(count[0]!.n).toBe(1);
  });
});
