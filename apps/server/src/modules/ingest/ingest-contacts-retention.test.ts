import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INGEST_FILE_RETENTION_DAYS } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, seedCrmFixtures, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { rowsOf } from '../../platform/db.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { runMaintenanceTasks } from '../../platform/maintenance.ts';

// Issue 15 leftovers: contacts matched by the ERP's contact id; original files removed after the retention period.

const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let buyer: Caller;

beforeAll(async () => {
  t = await createTestApp();
  await seedCrmFixtures(t.database.db);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  const res = await t.app.inject({
    method: 'PUT',
    url: `${MERCH}/ingest/mappings/clients`,
    headers: headersOf(buyer),
    payload: {
      columns: {
        externalId: 'Cust No',
        name: 'Customer Name',
        contactExternalId: 'Contact ID',
        contactName: 'Contact',
        contactPhone: 'Contact Phone',
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}, 300_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: headersOf(buyer) });

async function importClients(rows: string[], fileName = 'clients.csv') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${MERCH}/ingest/clients/files?fileName=${encodeURIComponent(fileName)}`,
    headers: headersOf(buyer, { 'content-type': 'text/csv' }),
    payload: ['Cust No,Customer Name,Contact ID,Contact,Contact Phone', ...rows].join('\n') + '\n',
  });
  expect(res.statusCode, res.body).toBe(202);
  await runDueJobs(t.database.db, new Date());
  return (await get(`${MERCH}/ingest/syncs/${res.json().syncId}`)).json();
}

const contactsOf = async (ext: string) =>
  rowsOf<{ ext: string | null; name: string; phone: string | null }>(
    await t.database.db.execute(sql`select c.ext_contact_id as ext, c.name, c.phone_number as phone
      from client_contacts c join legal_entities le on le.id = c.client_id
      where le.partner_id = 'demo' and le.ext_client_id = ${ext} order by c.id`),
  );

describe('contacts of an imported client', () => {
  it('are matched by the ERP contact id when the file has one: a renamed contact is renamed, not added', async () => {
    expect(
      await importClients(['CT-1,Contact Farms,K-1,Jo Smith,515-0100', 'CT-1b,Other Farm,,Al Brown,515-0200']),
    ).toMatchObject({ status: 'succeeded', rowsWritten: 2, rowsBroken: 0 });
    expect(await contactsOf('CT-1')).toEqual([{ ext: 'K-1', name: 'Jo Smith', phone: '515-0100' }]);
    // The ERP renames its contact K-1 (a married name): the same contact, renamed.
    await importClients(['CT-1,Contact Farms,K-1,Jo Miller,515-0101']);
    expect(await contactsOf('CT-1')).toEqual([{ ext: 'K-1', name: 'Jo Miller', phone: '515-0101' }]);
    // A second contact of the same name but another id is another person.
    await importClients(['CT-1,Contact Farms,K-2,Jo Miller,515-0300']);
    expect(await contactsOf('CT-1')).toEqual([
      { ext: 'K-1', name: 'Jo Miller', phone: '515-0101' },
      { ext: 'K-2', name: 'Jo Miller', phone: '515-0300' },
    ]);
  });

  it('without an id are matched by name; a contact found by name takes the id the ERP sends later', async () => {
    await importClients(['CT-1b,Other Farm,,al brown,515-0201']);
    expect(await contactsOf('CT-1b')).toEqual([{ ext: null, name: 'Al Brown', phone: '515-0201' }]);
    await importClients(['CT-1b,Other Farm,K-9,Al Brown,515-0201']);
    expect(await contactsOf('CT-1b')).toEqual([{ ext: 'K-9', name: 'Al Brown', phone: '515-0201' }]);
  });

  it('a file sent twice writes nothing the second time', async () => {
    const rows = ['CT-1,Contact Farms,K-2,Jo Miller,515-0300'];
    await importClients(rows);
    const before = await contactsOf('CT-1');
    expect(await importClients(rows)).toMatchObject({ status: 'succeeded', rowsWritten: 0, rowsUnchanged: 1 });
    expect(await contactsOf('CT-1')).toEqual(before);
  });
});

describe('retention of original files', () => {
  it(`removes a file ${INGEST_FILE_RETENTION_DAYS} days after its sync ended, keeping the sync and its counts`, async () => {
    const old = await importClients(['CT-2,Old Farm,,,'], 'old.csv');
    const recent = await importClients(['CT-3,Recent Farm,,,'], 'recent.csv');
    const dayMs = 86_400_000;
    const endedAgo = async (id: number, days: number) =>
      t.database.db.execute(
        sql`update ingest_syncs set finished_at = ${new Date(Date.now() - days * dayMs).toISOString()}::timestamptz where id = ${id}`,
      );
    await endedAgo(old.id, INGEST_FILE_RETENTION_DAYS + 1);
    await endedAgo(recent.id, INGEST_FILE_RETENTION_DAYS - 1);

    await runMaintenanceTasks(t.database.db);

    const chunks = async (id: number) =>
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from ingest_file_chunks where sync_id = ${id}`),
      )[0]!.n;
    expect(await chunks(old.id)).toBe(0);
    expect(await chunks(recent.id)).toBeGreaterThan(0);

    const oldSync = (await get(`${MERCH}/ingest/syncs/${old.id}`)).json();
    expect(oldSync).toMatchObject({ status: 'succeeded', rowsRead: 1, rowsWritten: 1 });
    expect(oldSync.fileRemovedAt).toEqual(expect.any(String));
    expect((await get(`${MERCH}/ingest/syncs/${recent.id}`)).json().fileRemovedAt).toBeNull();

    const gone = await get(`${MERCH}/clients/${old.id}/old.csv/file`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'ingest_file_removed' });
    expect(gone.json().message).toContain(`${INGEST_FILE_RETENTION_DAYS} days after its sync ended`);
    expect((await get(`${MERCH}/clients/${recent.id}/recent.csv/file`)).statusCode).toBe(200);
    // The imported client stays, and so does where it came from.
    const info = await get(`${MERCH}/clients/${old.id}/old.csv/file`);
    expect(info.statusCode).toBe(410);

    // A second run finds nothing more to remove.
    await runMaintenanceTasks(t.database.db);
    expect(await chunks(recent.id)).toBeGreaterThan(0);
  });
});
