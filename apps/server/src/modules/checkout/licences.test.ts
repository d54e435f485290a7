import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { rowsOf } from '../../platform/db.ts';

// The applicator page's calls (platform.md 2.4): the buyer's licences with edit and delete; another user's only
// for a super admin (?enterpriseId=&userId=), a 404 for anyone else.

let t: TestApp;
let farmer: Caller;
let buyer: Caller;
let admin: Caller;
let farmerId: string;
let farmEnterprise: string;

const L = '/api/store/applicator-licences';
const call = (who: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.app.inject({ method, url, headers: headersOf(who), ...(body === undefined ? {} : { payload: body as object }) });
const licence = {
  holderName: 'Dale Fieldman',
  licenceNumber: 'IA-PA-20931',
  jurisdiction: 'ia',
  expiresOn: '2099-12-31',
};

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
  farmerId = (await call(farmer, 'GET', '/api/bootstrap')).json().user.id;
  farmEnterprise = rowsOf<{ public_id: string }>(
    await t.database.db.execute(
      sql`select e.public_id::text from enterprises e join enterprise_users eu on eu.enterprise_id = e.id where eu.user_id = ${farmerId}::uuid limit 1`,
    ),
  )[0]!.public_id;
});
afterAll(async () => t?.close());

describe('applicator licences', () => {
  let id: number;

  it('adds, lists, edits and deletes a licence of the signed-in buyer', async () => {
    const created = await call(farmer, 'POST', L, licence);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      holderName: 'Dale Fieldman',
      jurisdiction: 'IA',
      expiresOn: '2099-12-31',
      valid: true,
    });
    id = created.json().id;

    const edited = await call(farmer, 'PUT', `${L}/${id}`, {
      ...licence,
      licenceNumber: 'IA-PA-20932',
      jurisdiction: 'SK',
      expiresOn: '2030-06-30',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id,
      licenceNumber: 'IA-PA-20932',
      jurisdiction: 'SK',
      expiresOn: '2030-06-30',
    });
    expect((await call(farmer, 'GET', L)).json().licences).toEqual([edited.json()]);
  });

  it('refuses a bad edit with a 400 and leaves the licence as it was', async () => {
    const bad = await call(farmer, 'PUT', `${L}/${id}`, { ...licence, jurisdiction: 'ZZ', expiresOn: '2001-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['expiresOn', 'jurisdiction']);
    expect((await call(farmer, 'PUT', `${L}/${id}`, { ...licence, holderName: '' })).statusCode).toBe(400);
    expect((await call(farmer, 'GET', L)).json().licences[0]).toMatchObject({
      licenceNumber: 'IA-PA-20932',
      jurisdiction: 'SK',
    });
    expect((await call(farmer, 'PUT', `${L}/999999`, licence)).statusCode).toBe(404);
  });

  it("gives another user's licences only to a super admin; anyone else gets a 404", async () => {
    expect((await call(buyer, 'GET', L)).json().licences).toEqual([]);
    expect((await call(buyer, 'PUT', `${L}/${id}`, licence)).statusCode).toBe(404);
    expect((await call(buyer, 'DELETE', `${L}/${id}`)).statusCode).toBe(404);
    expect((await call(buyer, 'GET', `${L}?userId=${farmerId}`)).statusCode).toBe(404);
    expect(
      (await call(buyer, 'POST', `${L}?enterpriseId=${farmEnterprise}&userId=${farmerId}`, licence)).statusCode,
    ).toBe(404);
    expect((await call(buyer, 'GET', `${L}?enterpriseId=${farmEnterprise}`)).statusCode).toBe(404); // not the buyer's farm

    const seen = await call(admin, 'GET', `${L}?enterpriseId=${farmEnterprise}&userId=${farmerId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().licences.map((l: { id: number }) => l.id)).toEqual([id]);
    expect(
      (await call(admin, 'GET', `${L}?enterpriseId=00000000-0000-4000-8000-000000000000&userId=${farmerId}`))
        .statusCode,
    ).toBe(404);
    expect((await call(admin, 'GET', `${L}?userId=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    const added = await call(admin, 'POST', `${L}?enterpriseId=${farmEnterprise}&userId=${farmerId}`, {
      ...licence,
      licenceNumber: 'IA-ADMIN-1',
    });
    expect(added.statusCode).toBe(201);
    expect((await call(farmer, 'GET', L)).json().licences).toHaveLength(2); // added for the farmer
    expect((await call(admin, 'GET', L)).json().licences).toEqual([]); // not the admin's own
    expect((await call(admin, 'DELETE', `${L}/${added.json().id}?userId=${farmerId}`)).statusCode).toBe(204);
    expect((await call(farmer, 'GET', `${L}?enterpriseId=${farmEnterprise}&userId=${farmerId}`)).statusCode).toBe(200); // own ids are fine
    expect((await call(farmer, 'GET', `${L}?userId=not-a-uuid`)).statusCode).toBe(400);
  });

  it('deletes a licence with its scans', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/uploads?parentGuid=applicator-licence:${id}&fileName=scan.pdf`,
      headers: headersOf(farmer, { 'content-type': 'application/pdf' }),
      payload: pdf,
    });
    expect(up.statusCode).toBe(201);
    expect((await call(farmer, 'DELETE', `${L}/${id}`)).statusCode).toBe(204);
    expect((await call(farmer, 'GET', L)).json().licences).toEqual([]);
    expect((await call(farmer, 'GET', `/api/uploads/${up.json().guid}`)).statusCode).toBe(404);
    expect((await call(farmer, 'DELETE', `${L}/${id}`)).statusCode).toBe(404);
  });
});
