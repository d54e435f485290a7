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
    // The /api/effu wire names the fields as its bodies do (snake_case), not as the store's camelCase calls.
    expect(bad.json()).toMatchObject({
      code: 'invalid_shipping_address',
      details: { fields: [{ field: 'postal_code', problem: 'invalid' }] },
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
    expect(refused.json()).toMatchObject({ code: 'enterprise_access_required', details: { flag: 'has_manage' } });
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
    // snake_case on the wire, as the address body names the field (issue 16: the catalogue is snake_case).
    expect(bad.json()).toMatchObject({ valid: false, problems: [{ field: 'lll_range', problem: 'invalid' }] });
    const postal = await call(owner, 'POST', '/api/effu/addresses/validate', {
      validation_type: 'delivery_postal',
      address: { ...iowa, postal_code: '' },
    });
    expect(postal.json()).toEqual({
      valid: false,
      problems: [{ field: 'postal_code', problem: 'required' }],
      normalized: null,
    });
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
    const bad = await call(owner, 'POST', C(), { ...joe, email: 'no', phone_number: '12', aal1: 'ZZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_delivery_contact' });
    expect(bad.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['email', 'phone_number', 'aal1']);
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
    // Staff creating a user get the admin errors of platform.md 8.4, word for word.
    expect(taken.json()).toMatchObject({ code: 'user_taken', message: 'User email or phone number already taken' });
    const phoneTaken = await call(admin, 'POST', '/api/effu/admin/australian-accounts', {
      ...body,
      abn: '25608122417',
      email: 'new.owner@x.test',
      phone_number: '+1 515 555 0120',
    });
    expect(phoneTaken.json().code).toBe('user_taken');
    const badPhone = await call(admin, 'POST', '/api/effu/admin/australian-accounts', {
      ...body,
      abn: '25608122417',
      email: 'new.owner@x.test',
      phone_number: '12',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({ code: 'phone_invalid', message: 'The mobile phone number is invalid' });
    const count = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from enterprise_abns`),
    );
    expect(count[0]!.n).toBe(1);
  });
});

describe('geocodes', () => {
  let geoStaff: Caller; // staff holding manage-geocode-overrides
  let reader: Caller; // staff reading user details, without manage-geocode-overrides
  const G = (addressId: number, enterpriseId = farmId) =>
    `/api/effu/enterprises/${enterpriseId}/addresses/${addressId}/geocodes`;

  beforeAll(async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into users (email, first_name, last_name, employee_info, admin_permissions) values
        ('geo@granary.test', 'Gia', 'Ode', '{"role":"cx_representative"}', '{"manage-geocode-overrides":true}'),
        ('reader@granary.test', 'Rea', 'Der', '{"role":"cx_representative"}', '{"list-all-user-details":"all"}'),
        ('elsewhere@granary.test', 'Els', 'Where', '{"role":"cx_representative"}',
          '{"list-all-user-details":["prairie"],"manage-geocode-overrides":["prairie"]}')`);
    geoStaff = await signIn(t, 'geo@granary.test');
    reader = await signIn(t, 'reader@granary.test');
  });

  it('answers the computed geocode to members, by ZIP code or by the legal land location, and keeps it', async () => {
    const a = (await call(owner, 'POST', `${E()}/shipping_address`, { ...iowa, postal_code: '50010' })).json();
    const r = await call(hand, 'GET', G(a.id));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      address_id: a.id,
      latitude: 42.0308,
      longitude: -93.6319,
      source: 'computed',
      precision: 'postal_code',
      computed: { geocoder: 'builtin' },
      override: null,
    });
    expect(Date.parse(r.json().at)).not.toBeNaN();
    const q = (await call(owner, 'POST', `${E()}/shipping_address`, quarter)).json();
    const lll = (await call(owner, 'GET', G(q.id))).json();
    expect(lll).toMatchObject({ source: 'computed', precision: 'land_location' });
    // NW-12-34-5-W4: township 34 north of the 49th parallel, range 5 west of the Fourth Meridian (110° W).
    expect(lll.latitude).toBeCloseTo(51.93, 1);
    expect(lll.longitude).toBeCloseTo(-110.6, 1);
    // Staff reading user details see a farm's book and its geocodes without belonging to it.
    expect((await call(reader, 'GET', E())).statusCode).toBe(200);
    expect((await call(reader, 'GET', G(a.id))).json().latitude).toBe(42.0308);
    // Read-only for them; a super admin changes any farm's book (decision 051).
    expect((await call(reader, 'POST', `${E()}/shipping_address`, iowa)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `${E()}/shipping_address`, iowa)).statusCode).toBe(201);
  });

  it('lets geocode staff override it (audited); the override wins until cleared; an edit of the location drops it', async () => {
    const a = (await call(owner, 'POST', `${E()}/mailing_address`, iowa)).json();
    const set = await call(geoStaff, 'PUT', `${G(a.id)}/override`, { latitude: 42.1, longitude: -93.5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      latitude: 42.1,
      longitude: -93.5,
      source: 'override',
      precision: 'exact',
      override: { set_by: 'Gia Ode' },
      computed: { latitude: 42.0228, precision: 'postal_code' },
    });
    expect((await call(owner, 'GET', G(a.id))).json()).toMatchObject({ latitude: 42.1, source: 'override' });
    const audited = rowsOf<{ action: string; details: { before: { source: string }; after: { source: string } } }>(
      await t.database.db.execute(
        sql`select action, details from audit_log where target_type = 'address' and target_id = ${String(a.id)}`,
      ),
    );
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'address_geocode_override',
        details: expect.objectContaining({ before: expect.objectContaining({ source: 'computed' }) }),
      }),
    ]);

    const cleared = await call(geoStaff, 'DELETE', `${G(a.id)}/override`);
    expect(cleared.json()).toMatchObject({ latitude: 42.0228, source: 'computed', override: null });

    await call(geoStaff, 'PUT', `${G(a.id)}/override`, { latitude: 42.1, longitude: -93.5 });
    await call(owner, 'PUT', `${E()}/${a.id}/mailing_address`, { ...iowa, postal_code: '62521', region: 'IL' });
    expect((await call(owner, 'GET', G(a.id))).json()).toMatchObject({
      latitude: 39.8403,
      source: 'computed',
      override: null,
    });
  });

  it('refuses the override to members and staff without the permission (403) and bad coordinates (400, fields)', async () => {
    const a = (await call(owner, 'POST', `${E()}/billing_address`, iowa)).json();
    const body = { latitude: 42, longitude: -93 };
    expect((await call(owner, 'PUT', `${G(a.id)}/override`, body)).statusCode).toBe(403);
    expect((await call(reader, 'PUT', `${G(a.id)}/override`, body)).statusCode).toBe(403);
    expect((await call(reader, 'DELETE', `${G(a.id)}/override`)).statusCode).toBe(403);
    const bad = await call(geoStaff, 'PUT', `${G(a.id)}/override`, { latitude: 91, longitude: -181 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_request',
      details: {
        fields: [
          { field: 'latitude', problem: 'invalid' },
          { field: 'longitude', problem: 'invalid' },
        ],
      },
    });
    expect((await call(geoStaff, 'PUT', `${G(a.id)}/override`, { latitude: 'north', longitude: 1 })).statusCode).toBe(
      400,
    );
    // Nothing was written: the geocode is still the computed one.
    expect((await call(owner, 'GET', G(a.id))).json()).toMatchObject({ source: 'computed', override: null });
  });

  it("answers 404 for another enterprise's address ids and to anyone outside the farm", async () => {
    const a = (await call(owner, 'POST', `${E()}/shipping_address`, iowa)).json();
    expect((await call(buyer, 'GET', G(a.id))).statusCode).toBe(404);
    // The buyer's own enterprise in the path, the farm's address id: not in that book.
    const [buyerEnterprise] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`
        select eu.enterprise_id as id from enterprise_users eu join users u on u.id = eu.user_id
        where u.email = ${DEMO_ACCOUNTS.buyer} limit 1`),
    );
    if (buyerEnterprise) expect((await call(buyer, 'GET', G(a.id, buyerEnterprise.id))).statusCode).toBe(404);
    expect(
      (await call(geoStaff, 'PUT', `${G(a.id, 2_000_000)}/override`, { latitude: 1, longitude: 1 })).statusCode,
    ).toBe(404);
    expect((await call(geoStaff, 'PUT', `${G(999_999)}/override`, { latitude: 1, longitude: 1 })).statusCode).toBe(404);
    expect((await call(owner, 'GET', G(999_999))).statusCode).toBe(404);
    // Staff whose grants are limited to another partner do not see this farm (6.2 lists are partner ids, decision 053).
    const elsewhere = await signIn(t, 'elsewhere@granary.test');
    expect((await call(elsewhere, 'GET', G(a.id))).statusCode).toBe(404);
    expect((await call(elsewhere, 'PUT', `${G(a.id)}/override`, { latitude: 1, longitude: 1 })).statusCode).toBe(404);
  });
});
