import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { Caller } from '../../testing/crm-test-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { legalEntities, users } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf } from '../../testing/crm-test-fixtures.ts';
import { runDueJobs } from '../../platform/jobs.ts';

const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let demoPlatform: number;
let prairiePlatform: number;

const get = (caller: Caller | null, url: string) => injectAs(t, caller, 'GET', url);
const list = (platformId: number, query = '') => `${MERCH}/admin/le/${platformId}/legal-entities${query}`;

beforeAll(async () => {
  ({ t, buyer, prairie, farmer } = await startCrmTestApp());
  const platformOf = async (partnerId: string) => {
    const [row] = await t.database.db
      .select({ id: legalEntities.id })
      .from(legalEntities)
      .where(and(eq(legalEntities.partnerId, partnerId), eq(legalEntities.kind, 'partner')));
    return row!.id;
  };
  demoPlatform = await platformOf('demo');
  prairiePlatform = await platformOf('prairie');
  // A client in a scope of its own, to find by scope.
  await t.database.db
    .update(legalEntities)
    .set({ scopeLegalEntityId: 777001, extClientId: 'AGV-90210' })
    .where(eq(legalEntities.id, (await firstClient()).id));
}, 120_000);
afterAll(() => t.close());

async function firstClient() {
  const [row] = await t.database.db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .where(and(eq(legalEntities.partnerId, 'demo'), eq(legalEntities.kind, 'client')))
    .orderBy(legalEntities.name, legalEntities.id)
    .limit(1);
  return row!;
}

describe('admin/le/:platformId/legal-entities', () => {
  it("lists the partner's client legal entities by name with scope ids, markets and contacts, paged", async () => {
    const res = await get(buyer, list(demoPlatform, '?pageSize=5'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows).toHaveLength(5);
    expect(body.totalCount).toBeGreaterThan(5);
    const names = body.rows.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(body.rows[0]).toMatchObject({
      scopeLegalEntityId: 777001,
      extClientId: 'AGV-90210',
      marketIds: expect.any(Array),
      contactsCount: expect.any(Number),
      onboarded: expect.any(Boolean),
    });
    // The next page follows on, by its token.
    const next = (
      await get(buyer, list(demoPlatform, `?pageSize=5&page=2&paginationToken=${body.paginationToken}`))
    ).json();
    expect(next.rows.map((r: { id: number }) => r.id)).not.toContain(body.rows[4].id);
    expect(next.rows[0].name >= body.rows[4].name).toBe(true);
    // Only clients, only the partner's.
    const ids = body.rows.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(demoPlatform);
  });

  it('finds by a part of the name, the start of the external id, or the scope id', async () => {
    const client = await firstClient();
    const byName = (
      await get(buyer, list(demoPlatform, `?search=${encodeURIComponent(client.name.slice(1, 6))}`))
    ).json();
    expect(byName.rows.map((r: { id: number }) => r.id)).toContain(client.id);
    const byExt = (await get(buyer, list(demoPlatform, '?search=agv-902'))).json();
    expect(byExt.rows.map((r: { id: number }) => r.id)).toEqual([client.id]);
    const byScopeSearch = (await get(buyer, list(demoPlatform, '?search=777001'))).json();
    expect(byScopeSearch.rows.map((r: { id: number }) => r.id)).toEqual([client.id]);
    const byScope = (await get(buyer, list(demoPlatform, '?scope=777001'))).json();
    expect(byScope.totalCount).toBe(1);
    // A search with LIKE's wildcards finds them literally, not everything.
    expect((await get(buyer, list(demoPlatform, '?search=%25'))).json().totalCount).toBe(0);
  });

  it("is for the partner's buyer-admins only: another partner's id is unknown, a buyer without buyer-admin is refused", async () => {
    expect((await get(buyer, list(prairiePlatform))).statusCode).toBe(404);
    expect((await get(prairie, list(demoPlatform))).statusCode).toBe(404);
    expect((await get(farmer, list(demoPlatform))).statusCode).toBe(403);
    expect((await get(null, list(demoPlatform))).statusCode).toBe(401);
    const [row] = await t.database.db
      .select({ id: users.id, admin: users.adminPermissions })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.buyer));
    await t.database.db.update(users).set({ adminPermissions: {} }).where(eq(users.id, row!.id));
    try {
      const refused = await get(buyer, list(demoPlatform));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain('buyer-admins');
    } finally {
      await t.database.db.update(users).set({ adminPermissions: row!.admin }).where(eq(users.id, row!.id));
    }
  });

  it('refuses a bad query with 400', async () => {
    expect((await get(buyer, list(demoPlatform, '?pageSize=0'))).statusCode).toBe(400);
    expect((await get(buyer, list(demoPlatform, '?scope=-1'))).statusCode).toBe(400);
  });
});

describe('admin/le/:platformId/legal-entities/upload', () => {
  const upload = (caller: Caller, body: string, platformId = demoPlatform, type = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: `${MERCH}/admin/le/${platformId}/legal-entities/upload?fileName=customers.csv`,
      headers: headersOf(caller, { 'content-type': type }),
      payload: body,
    });

  it('refuses a file before any row is written when there is no saved clients mapping or it is not CSV', async () => {
    const noMapping = await upload(buyer, 'Cust No,Customer Name\nU-1,Upload Farms\n');
    expect(noMapping.statusCode).toBe(400);
    expect(noMapping.json().code).toBe('ingest_no_mapping');
    const notCsv = await upload(buyer, '{"a":1}', demoPlatform, 'application/json');
    expect(notCsv.statusCode).toBe(400);
  });

  it('takes a clients file through the ingest with the saved mapping: the legal entities appear in the list', async () => {
    const mapping = await injectAs(t, buyer, 'PUT', `${MERCH}/ingest/mappings/clients`, {
      columns: { externalId: 'Cust No', name: 'Customer Name', city: 'City' },
    });
    expect(mapping.statusCode, mapping.body).toBe(200);
    const res = await upload(buyer, 'Cust No,Customer Name,City\nU-1,Upload Farms,Ames\nU-2,Second Upload,Boone\n');
    expect(res.statusCode, res.body).toBe(202);
    const { syncId } = res.json();
    await runDueJobs(t.database.db, new Date());
    const sync = (await get(buyer, `${MERCH}/ingest/syncs/${syncId}`)).json();
    expect(sync).toMatchObject({
      recordType: 'clients',
      fileName: 'customers.csv',
      status: 'succeeded',
      rowsWritten: 2,
    });
    const found = (await get(buyer, list(demoPlatform, '?search=U-'))).json();
    expect(found.rows.map((r: { extClientId: string }) => r.extClientId)).toEqual(['U-2', 'U-1']);
  });

  it("is for the partner's buyer-admins only", async () => {
    expect((await upload(buyer, 'a,b\n1,2\n', prairiePlatform)).statusCode).toBe(404);
    expect((await upload(farmer, 'a,b\n1,2\n')).statusCode).toBe(403);
  });
});
