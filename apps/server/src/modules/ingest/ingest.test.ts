import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONTRACT_VIEWS, INGEST_MAX_BYTES, contractInView, contractPricing, viewListType } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import {
  contractFactsOf,
  headersOf,
  seedCrmFixtures,
  signIn,
  type Caller,
  type CrmFixtures,
} from '../../testing/crm-test-fixtures.ts';
import { rowsOf } from '../../platform/db.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { users } from '../../db/schema/index.ts';
import { runSync } from './ingest-job.ts';
import { startFileIngest } from './ingest.public.ts';

const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let plainBuyer: Caller;
let ames: string;

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedCrmFixtures(t.database.db);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  prairie = await signIn(t, DEMO_ACCOUNTS.prairieBuyer);
  // A merchandiser of the demo partner who is no CRM administrator.
  await t.database.db.insert(users).values({
    email: 'plain-buyer@demo.granary.test',
    firstName: 'Pat',
    lastName: 'Plain',
    partnerId: 'demo',
    experiences: { grain_buying: true },
    adminPermissions: {},
  });
  plainBuyer = await signIn(t, 'plain-buyer@demo.granary.test');
  const [m] = rowsOf<{ slug: string }>(
    await t.database.db.execute(sql`select slug from markets where id = ${fx.marketAll}`),
  );
  ames = m!.slug;
});
afterAll(() => t.close());

const get = (caller: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: headersOf(caller) });
const sendJson = (caller: Caller, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, extra = {}) =>
  t.app.inject({ method, url, headers: headersOf(caller, extra), ...(payload ? { payload } : {}) });
const upload = (caller: Caller, recordType: string, body: string | Buffer, fileName = 'file.csv', type = 'text/csv') =>
  t.app.inject({
    method: 'POST',
    url: `${MERCH}/ingest/${recordType}/files?fileName=${encodeURIComponent(fileName)}`,
    headers: headersOf(caller, { 'content-type': type }),
    payload: body,
  });
const sync = async (caller: Caller, id: number) => (await get(caller, `${MERCH}/ingest/syncs/${id}`)).json();
const runJobs = () => runDueJobs(t.database.db, new Date());
const count = async (table: string) =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!
    .n;

const CLIENT_COLUMNS = { externalId: 'Cust No', name: 'Customer Name', market: 'Location', city: 'City' };
const CONTRACT_COLUMNS = {
  externalId: 'Contract No',
  clientExternalId: 'Cust No',
  market: 'Location',
  contractType: 'Type',
  crop: 'Commodity',
  cropYear: 'Crop Year',
  quantity: 'Bushels',
  deliveredQuantity: 'Applied',
  futuresPrice: 'Futures',
  basis: 'Basis',
  deliveryStart: 'Start',
  deliveryEnd: 'End',
  contractDate: 'Date',
};
const CONTRACT_HEADER =
  'Contract No,Cust No,Location,Type,Commodity,Crop Year,Bushels,Applied,Futures,Basis,Start,End,Date';

function contractsCsv(rows: string[]): string {
  return [CONTRACT_HEADER, ...rows].join('\r\n') + '\r\n';
}

const GOOD = [
  `ERP-1,IC-1,${'%AMES%'},flat,CN,2026,"5,000",0,4.50,-0.35,2026-10-01,2026-10-31,2026-05-04`,
  `ERP-2,IC-1,%AMES%,hta,Corn,2026,3000,1000,4.60,,2026-11-01,2026-11-30,05/06/2026`,
  `ERP-3,IC-2,%AMES%,flat,SB,2026,2500,,10.10,0.20,2026-10-01,2026-10-31,2026-05-07`,
];
const BROKEN = [
  `ERP-4,NOPE,%AMES%,flat,CN,2026,100,0,4.5,-0.3,2026-10-01,2026-10-31,2026-05-04`, // unknown client
  `ERP-5,IC-1,%AMES%,flat,CN,2026,lots,0,4.5,-0.3,2026-10-01,2026-10-31,2026-05-04`, // bad number
  `ERP-6,IC-1,%AMES%,flat,Bananas,2026,100,0,4.5,-0.3,2026-10-01,2026-10-31,2026-05-04`, // unknown crop
  `ERP-7,IC-1,%AMES%,flat,CN,2026,-100,0,4.5,-0.3,2026-10-01,2026-10-31,2026-05-04`, // negative quantity
  `ERP-8,IC-1,%AMES%,flat,CN,2026,100,150,4.5,-0.3,2026-10-01,2026-10-31,2026-05-04`, // over applied
  `ERP-9,IC-1,%AMES%,flat,CN,2026,100,0,4.5,-0.3,2026-13-45,2026-10-31,2026-05-04`, // bad date
];
const withMarket = (rows: string[]) => rows.map((r) => r.replaceAll('%AMES%', ames));

async function saveMapping(recordType: string, columns: Record<string, string>) {
  const current = (await get(buyer, `${MERCH}/ingest/mappings/${recordType}`)).json().mapping;
  const res = await sendJson(
    buyer,
    'PUT',
    `${MERCH}/ingest/mappings/${recordType}`,
    { columns },
    current ? { 'if-match': `"${current.version}"` } : {},
  );
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function importFile(recordType: string, body: string | Buffer, fileName = 'file.csv') {
  const res = await upload(buyer, recordType, body, fileName);
  expect(res.statusCode, res.body).toBe(202);
  const { syncId } = res.json() as { syncId: number };
  await runJobs();
  return sync(buyer, syncId);
}

describe('column mappings', () => {
  it('are saved once without If-Match, then versioned; a stale or missing version is refused', async () => {
    const first = await get(buyer, `${MERCH}/ingest/mappings/clients`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ recordType: 'clients', mapping: null });
    expect(first.json().fields.map((f: { field: string }) => f.field)).toContain('externalId');

    const bad = await sendJson(buyer, 'PUT', `${MERCH}/ingest/mappings/clients`, { columns: { name: 'Name' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Customer ID must be mapped');

    const saved = await sendJson(buyer, 'PUT', `${MERCH}/ingest/mappings/clients`, { columns: CLIENT_COLUMNS });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().mapping).toEqual({ columns: CLIENT_COLUMNS, version: 1 });

    const blind = await sendJson(buyer, 'PUT', `${MERCH}/ingest/mappings/clients`, { columns: CLIENT_COLUMNS });
    expect(blind.statusCode).toBe(428);
    const next = await sendJson(
      buyer,
      'PUT',
      `${MERCH}/ingest/mappings/clients`,
      { columns: CLIENT_COLUMNS },
      {
        'if-match': '"1"',
      },
    );
    expect(next.json().mapping.version).toBe(2);
    const stale = await sendJson(
      buyer,
      'PUT',
      `${MERCH}/ingest/mappings/clients`,
      { columns: CLIENT_COLUMNS },
      {
        'if-match': '"1"',
      },
    );
    expect(stale.statusCode).toBe(412);
  });

  it('are for CRM administrators only (403), and each partner has its own', async () => {
    const res = await get(plainBuyer, `${MERCH}/ingest/mappings/clients`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the CRM administrators of your company may import data.');
    expect((await get(prairie, `${MERCH}/ingest/mappings/clients`)).json().mapping).toBeNull();
  });
});

describe('preview', () => {
  it('reads the first rows with the suggested or given mapping, with each row’s problems', async () => {
    const body = contractsCsv(withMarket([GOOD[0]!, BROKEN[1]!]));
    const res = await t.app.inject({
      method: 'POST',
      url: `${MERCH}/ingest/preview/contracts`,
      headers: headersOf(buyer, { 'content-type': 'text/csv' }),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ encoding: 'utf-8', delimiter: ',', headers: CONTRACT_HEADER.split(',') });
    expect(p.sampleRows).toHaveLength(2);
    expect(p.suggested).toMatchObject({ externalId: 'Contract No', clientExternalId: 'Cust No', quantity: 'Bushels' });
    expect(p.mapped[0]).toMatchObject({ line: 2, problems: [] });
    expect(p.mapped[1].problems).toEqual([expect.objectContaining({ field: 'quantity', code: 'bad_number' })]);
    expect(await count('ingest_syncs')).toBe(0);
  });
});

describe('a file refused before any row is written', () => {
  it('says why: no mapping, empty, not CSV, wrong encoding, a mapped column missing, too large', async () => {
    await saveMapping('contracts', CONTRACT_COLUMNS);
    const cases: [string, string | Buffer, string, number, string][] = [
      ['notes', 'Note ID,Text\n1,hello\n', 'text/csv', 400, 'ingest_no_mapping'],
      ['contracts', '', 'text/csv', 400, 'ingest_empty_file'],
      ['contracts', '\r\n\r\n', 'text/csv', 400, 'ingest_empty_file'],
      [
        'contracts',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
        'text/csv',
        400,
        'ingest_not_csv',
      ],
      ['contracts', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'application/octet-stream', 400, 'ingest_not_csv'],
      ['contracts', contractsCsv([]), 'image/png', 400, 'ingest_not_csv'],
      ['contracts', 'just one column\nand another line\n', 'text/csv', 400, 'ingest_not_csv'],
      ['contracts', Buffer.from('a,b\n1,2\n', 'utf16le'), 'text/csv', 400, 'ingest_wrong_encoding'],
      ['contracts', 'Contract No,Cust No\nERP-1,IC-1\n', 'text/csv', 400, 'ingest_missing_column'],
    ];
    for (const [recordType, body, type, status, code] of cases) {
      const res = await upload(buyer, recordType, body, 'x.csv', type);
      expect({ status: res.statusCode, code: res.json().code }, String(body)).toEqual({ status, code });
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    const missing = await upload(buyer, 'contracts', 'Contract No,Cust No\nERP-1,IC-1\n');
    expect(missing.json().message).toContain('Location (Market)');
    expect(await count('ingest_syncs')).toBe(0);
    expect(await count('ingest_file_chunks')).toBe(0);
  });
});

describe('encodings and size', () => {
  it('reads Windows-1252 and UTF-16 (with BOM) files as their text', async () => {
    await saveMapping('clients', CLIENT_COLUMNS);
    const text = `Cust No,Customer Name,Location,City\nENC-1,Hélène Côté,,Québec\n`;
    expect(await importFile('clients', Buffer.from(text, 'latin1'))).toMatchObject({
      status: 'succeeded',
      rowsWritten: 1,
    });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace('ENC-1', 'ENC-2'), 'utf16le')]);
    expect(await importFile('clients', utf16)).toMatchObject({ status: 'succeeded', rowsWritten: 1 });
    const names = rowsOf<{ name: string; city: string }>(
      await t.database.db.execute(sql`select name, city from legal_entities where ext_client_id in ('ENC-1', 'ENC-2')`),
    );
    expect(names).toEqual([
      { name: 'Hélène Côté', city: 'Québec' },
      { name: 'Hélène Côté', city: 'Québec' },
    ]);
  });

  it('a file declared over the limit is refused (413) before it is read', async () => {
    const [me] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from users where email = ${DEMO_ACCOUNTS.buyer}`),
    );
    await expect(
      startFileIngest(t.database.db, {
        partnerId: 'demo',
        userId: me!.id,
        recordType: 'clients',
        source: 'upload',
        fileName: 'huge.csv',
        body: (async function* () {})(),
        contentLength: INGEST_MAX_BYTES + 1,
        request: null,
      }),
    ).rejects.toMatchObject({ code: 'payload_too_large', status: 413 });
  });

  it('stores a file of several chunks that arrives in odd pieces byte for byte; binary data in a later chunk leaves nothing', async () => {
    const [me] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from users where email = ${DEMO_ACCOUNTS.buyer}`),
    );
    const lines = ['Cust No,Customer Name,Location,City'];
    for (let i = 0; i < 80_000; i++) lines.push(`PC-${i},Piece Farms ${i} é,,Ames`);
    const bytes = Buffer.from(lines.join('\n') + '\n');
    expect(bytes.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const inPieces = (b: Buffer) =>
      (async function* () {
        for (let at = 0; at < b.length; at += 70_001) yield b.subarray(at, at + 70_001);
      })();
    const send = (body: Buffer, fileName: string) =>
      startFileIngest(t.database.db, {
        partnerId: 'demo',
        userId: me!.id,
        recordType: 'clients',
        source: 'upload',
        fileName,
        body: inPieces(body),
        request: null,
      });
    const chunksOf = async (syncId: number) =>
      rowsOf<{ n: number; total: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n, coalesce(sum(length(bytes)), 0)::int as total from ingest_file_chunks where sync_id = ${syncId}`,
        ),
      )[0]!;

    const { syncId } = await send(bytes, 'pieces.csv');
    expect(await chunksOf(syncId)).toEqual({ n: 3, total: bytes.length });
    const res = await get(buyer, `${MERCH}/clients/${syncId}/pieces.csv/file`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    // Not imported here: the sync goes, and its queued job finds nothing to do.
    await t.database.db.execute(sql`delete from ingest_syncs where id = ${syncId}`);

    const syncsBefore = await count('ingest_syncs');
    const binary = Buffer.from(bytes);
    binary[1024 * 1024 + 10] = 0;
    await expect(send(binary, 'binary.csv')).rejects.toMatchObject({ code: 'ingest_wrong_encoding' });
    expect(await count('ingest_syncs')).toBe(syncsBefore);
  });
});

describe('clients then contracts', () => {
  let contractsSync: number;
  it('imports clients (legal entities with their market)', async () => {
    const s = await importFile(
      'clients',
      `Cust No,Customer Name,Location,City\nIC-1,Imported Farms,${ames},Ames\nIC-2,Second Farm,,Boone\n`,
    );
    expect(s).toMatchObject({ status: 'succeeded', rowsRead: 2, rowsWritten: 2, rowsUnchanged: 0, rowsBroken: 0 });
    const rows = rowsOf<{ name: string; markets: number }>(
      await t.database.db
        .execute(sql`select name, (select count(*)::int from client_markets m where m.client_id = le.id) as markets
        from legal_entities le where partner_id = 'demo' and ext_client_id in ('IC-1', 'IC-2') order by ext_client_id`),
    );
    expect(rows).toEqual([
      { name: 'Imported Farms', markets: 1 },
      { name: 'Second Farm', markets: 0 },
    ]);
  });

  it('imports contracts: good rows written with their pricing, each bad row kept broken with its reason and line', async () => {
    const body = contractsCsv(withMarket([...GOOD, ...BROKEN, GOOD[0]!.replace('"5,000"', '5000')]));
    const s = await importFile('contracts', `\uFEFF${body}`, 'contracts-may.csv');
    contractsSync = s.id;
    expect(s).toMatchObject({
      status: 'succeeded',
      fileName: 'contracts-may.csv',
      rowsRead: 10,
      rowsWritten: 3,
      rowsUnchanged: 0,
      rowsBroken: 7,
      bytesTotal: Buffer.byteLength(`\uFEFF${body}`),
      by: { name: expect.any(String) },
    });
    const broken = (await get(buyer, `${MERCH}/contracts/broken-records?syncId=${s.id}`)).json();
    expect(broken.total).toBe(7);
    expect(broken.rows.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual(
      [
        [2, 'duplicate_in_file'],
        [5, 'unknown_client'],
        [6, 'bad_number'],
        [7, 'unknown_crop'],
        [8, 'negative_quantity'],
        [9, 'over_applied'],
        [10, 'bad_date'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    const unknown = broken.rows.find((r: { code: string }) => r.code === 'unknown_client');
    expect(unknown).toMatchObject({
      fileName: 'contracts-may.csv',
      status: 'open',
      message: expect.stringContaining('NOPE'),
    });
    expect(unknown.raw).toMatchObject({ 'Contract No': 'ERP-4', 'Cust No': 'NOPE', Bushels: '100' });

    // Written like Granary writes: the pricing columns are the domain's contractPricing of the events.
    const [c] = rowsOf<Record<string, string>>(
      await t.database.db
        .execute(sql`select c.quantity::text, c.priced_quantity::text as priced, c.price_status as status,
        c.futures_price::text as futures, c.basis::text, c.cash_price::text as cash,
        (select count(*)::int from pricing_events e where e.contract_id = c.id) as events
        from contracts c where partner_id = 'demo' and display_contract_id = 'ERP-1'`),
    );
    const expected = contractPricing({ quantity: '5000' }, [
      { quantity: '5000', futuresPrice: '4.50', basis: '-0.35' },
    ]);
    expect(Number(c!.priced)).toBe(Number(expected.pricedQuantity));
    expect(c!.status).toBe(expected.priceStatus);
    expect(Number(c!.cash)).toBe(Number(expected.averageCash));
    expect(c!.events).toBe(1);
    const [hta] = rowsOf<{ status: string }>(
      await t.database.db.execute(
        sql`select price_status as status from contracts where partner_id = 'demo' and display_contract_id = 'ERP-2'`,
      ),
    );
    expect(hta!.status).toBe('futures_set');
  });

  it('a file sent twice writes nothing the second time', async () => {
    const body = contractsCsv(withMarket([...GOOD, ...BROKEN, GOOD[0]!.replace('"5,000"', '5000')]));
    const versions = async () =>
      rowsOf<{ v: number }>(
        await t.database.db.execute(sql`select sum(version)::int as v from contracts where partner_id = 'demo'`),
      )[0]!.v;
    const before = await versions();
    const s = await importFile('contracts', `\uFEFF${body}`, 'contracts-may.csv');
    expect(s).toMatchObject({ status: 'succeeded', rowsWritten: 0, rowsUnchanged: 3, rowsBroken: 7 });
    expect(await versions()).toBe(before);
  });

  it('a re-sent file with changed rows updates them, no duplicates', async () => {
    const changed = GOOD.map((r) => r.replace('2500', '2600'));
    const s = await importFile('contracts', contractsCsv(withMarket(changed)));
    expect(s).toMatchObject({ rowsWritten: 1, rowsUnchanged: 2, rowsBroken: 0 });
    const rows = rowsOf<{ n: number; q: string }>(
      await t.database.db.execute(sql`select count(*)::int as n, max(quantity)::text as q from contracts
        where partner_id = 'demo' and display_contract_id = 'ERP-3'`),
    );
    expect(rows[0]).toMatchObject({ n: 1 });
    expect(Number(rows[0]!.q)).toBe(2600);
  });

  it('a broken record is fixed by editing its row (same rules), or stays open with the reason', async () => {
    const list = (await get(buyer, `${MERCH}/contracts/broken-records?syncId=${contractsSync}&status=open`)).json();
    const unknown = list.rows.find((r: { code: string }) => r.code === 'unknown_client');
    const still = await sendJson(buyer, 'PUT', `${MERCH}/contracts/broken-records/${unknown.id}`, {
      raw: { ...unknown.raw, 'Cust No': 'STILL-NOPE' },
    });
    expect(still.statusCode).toBe(400);
    expect(still.json().message).toContain('STILL-NOPE');
    const fixed = await sendJson(buyer, 'PUT', `${MERCH}/contracts/broken-records/${unknown.id}`, {
      raw: { ...unknown.raw, 'Cust No': 'IC-2' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().row).toMatchObject({ status: 'fixed', fixedRecordId: fixed.json().recordId });
    const info = (await get(buyer, `${MERCH}/contracts/${fixed.json().recordId}/ingest-info`)).json();
    expect(info).toMatchObject({ source: 'upload', syncId: contractsSync, fileName: 'contracts-may.csv', line: 5 });

    const dup = list.rows.find((r: { code: string }) => r.code === 'bad_date');
    const dismissed = await sendJson(buyer, 'DELETE', `${MERCH}/contracts/broken-records/${dup.id}`);
    expect(dismissed.json()).toMatchObject({ status: 'dismissed' });
    const open = (await get(buyer, `${MERCH}/contracts/broken-records?syncId=${contractsSync}&status=open`)).json();
    expect(open.total).toBe(list.total - 2);
  });

  it('ingest-info: where an imported record came from; a record written in Granary says so', async () => {
    const [c] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id::int from contracts where partner_id = 'demo' and display_contract_id = 'ERP-2'`,
      ),
    );
    const info = (await get(buyer, `${MERCH}/contracts/${c!.id}/ingest-info`)).json();
    expect(info).toMatchObject({ source: 'upload', syncId: contractsSync, line: 3, by: { name: expect.any(String) } });
    const granary = await get(buyer, `${MERCH}/contracts/${fx.formulaContract}/ingest-info`);
    expect(granary.json()).toEqual({ source: 'granary' });
    expect((await get(prairie, `${MERCH}/contracts/${c!.id}/ingest-info`)).statusCode).toBe(404);
  });

  it('downloads the original file byte for byte', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(contractsCsv(withMarket(GOOD)), 'latin1'),
    ]);
    const s = await importFile('contracts', bytes, 'orig é.csv');
    const res = await get(buyer, `${MERCH}/contracts/${s.id}/${encodeURIComponent('orig é.csv')}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect((await get(prairie, `${MERCH}/contracts/${s.id}/${encodeURIComponent('orig é.csv')}/file`)).statusCode).toBe(
      404,
    );
  });
});

describe('imported contracts behave like contracts written in Granary', () => {
  it('every contract view of the market holds exactly the rows its domain predicate selects, imported ones included', async () => {
    const facts = (await contractFactsOf(t.database.db, 'demo')).filter((f) => f.marketId === fx.marketAll);
    const imported = facts.filter((f) => f.displayContractId.startsWith('ERP-'));
    expect(imported.length).toBeGreaterThanOrEqual(3);
    for (const view of CONTRACT_VIEWS.filter((v) => v !== 'default' && viewListType(v) === 'contract')) {
      const expected = facts.filter((f) => contractInView(f, view, fx.today)).map((f) => f.id);
      const ids: number[] = [];
      let token: string | null = null;
      for (let page = 1; ; page++) {
        const q = new URLSearchParams({
          market_id: String(fx.marketAll),
          predefinedFilter: view,
          pageSize: '100',
          page: String(page),
        });
        if (token) q.set('paginationToken', token);
        const res = await get(buyer, `/api/commodities/ctrm/contracts/search?${q.toString()}`);
        expect(res.statusCode, res.body).toBe(200);
        ids.push(...res.json().rows.map((r: { id: number }) => r.id));
        token = res.json().paginationToken;
        if (!token) break;
      }
      expect(
        [...ids].sort((a, b) => a - b),
        view,
      ).toEqual([...expected].sort((a, b) => a - b));
    }
  });

  it("keeps the client's crop-year exposure (double obligation) as the contracts say, set-based after each batch", async () => {
    const rows = rowsOf<{ kept: string; computed: string }>(
      await t.database.db.execute(sql`select e.contracted_quantity::text as kept,
          (select coalesce(sum(c.quantity - c.cancelled_quantity), 0)::text from contracts c
            where c.client_id = e.client_id and c.crop_id = e.crop_id and c.crop_year = e.crop_year
              and c.partner_id = e.partner_id and c.direction = 'purchase' and c.status <> 'cancelled') as computed
        from client_crop_year_exposure e
        join legal_entities le on le.id = e.client_id
        where le.ext_client_id in ('IC-1', 'IC-2')`),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(Number(r.kept)).toBe(Number(r.computed));
  });
});

describe('scale tickets and notes', () => {
  it('imports tickets applied to contracts: the contract’s delivered bushels follow, over-applied rows are broken', async () => {
    await saveMapping('scale_tickets', {
      externalId: 'Ticket',
      clientExternalId: 'Cust No',
      market: 'Location',
      crop: 'Commodity',
      cropYear: 'Crop Year',
      deliveryDate: 'Date',
      quantity: 'Net Bushels',
      contractExternalId: 'Contract No',
      appliedQuantity: 'Applied',
    });
    const s = await importFile(
      'scale_tickets',
      [
        'Ticket;Cust No;Location;Commodity;Crop Year;Date;Net Bushels;Contract No;Applied',
        `T-1;IC-1;${ames};CN;2026;2026-10-02;1 200,5;ERP-1;1000`,
        `T-2;IC-1;${ames};CN;2026;2026-10-03;800;ERP-1;`,
        `T-3;IC-1;${ames};CN;2026;2026-10-03;800;ERP-1;900`,
        `T-4;IC-1;${ames};CN;2026;2026-10-03;800;NO-SUCH;800`,
        `T-5;IC-1;${ames};CN;2026;2026-10-04;300;;`,
      ].join('\n'),
    );
    expect(s).toMatchObject({ status: 'succeeded', rowsRead: 5, rowsWritten: 3, rowsBroken: 2 });
    const broken = (await get(buyer, `${MERCH}/scale_tickets/broken-records?syncId=${s.id}`)).json();
    expect(broken.rows.map((r: { code: string }) => r.code)).toEqual(['over_applied', 'unknown_contract']);
    const [c] = rowsOf<{ delivered: string; last: string }>(
      await t.database.db.execute(sql`select delivered_quantity::text as delivered, last_ticket_date::text as last
        from contracts where partner_id = 'demo' and display_contract_id = 'ERP-1'`),
    );
    expect(Number(c!.delivered)).toBe(1800);
    expect(c!.last).toBe('2026-10-03');
    const [t5] = rowsOf<{ unapplied: string }>(
      await t.database.db.execute(sql`select unapplied_quantity::text as unapplied from scale_tickets
        where partner_id = 'demo' and display_scale_ticket_id = 'T-5'`),
    );
    expect(Number(t5!.unapplied)).toBe(300);
  });

  it('imports notes keyed by their ERP id: a re-send updates the note instead of adding one', async () => {
    await saveMapping('notes', {
      externalId: 'Note ID',
      clientExternalId: 'Cust No',
      market: 'Location',
      category: 'Kind',
      noteDate: 'Date',
      note: 'Text',
    });
    const file = (text: string) =>
      `Note ID\tCust No\tLocation\tKind\tDate\tText\nN-1\tIC-1\t${ames}\tFarm visit\t2026-05-04\t${text}\n`;
    expect(await importFile('notes', file('Looked at the bins'))).toMatchObject({ rowsWritten: 1 });
    expect(await importFile('notes', file('Looked at the bins'))).toMatchObject({ rowsWritten: 0, rowsUnchanged: 1 });
    expect(await importFile('notes', file('Bins are full'))).toMatchObject({ rowsWritten: 1 });
    const notes = rowsOf<{ note: string; category: string }>(
      await t.database.db.execute(sql`select n.note, n.category from notes n join ingest_sources s
        on s.record_id = n.id and s.record_type = 'notes' and s.external_id = 'N-1'`),
    );
    expect(notes).toEqual([{ note: 'Bins are full', category: 'farm_visit' }]);
  });
});

describe('syncs: progress, cancel, dashboard, across partners', () => {
  it('a cancel stops at the next batch boundary: the rows before it are written, the rest not', async () => {
    const rows = Array.from(
      { length: 7 },
      (_, i) => `CX-${i + 1},IC-1,${ames},flat,CN,2027,100,0,4.5,-0.3,2027-10-01,2027-10-31,2027-01-0${i + 1}`,
    );
    const res = await upload(buyer, 'contracts', contractsCsv(rows), 'cancel.csv');
    const { syncId } = res.json();
    // The cancel comes while the first batch is being written.
    await t.database.db.execute(sql`update ingest_syncs set cancel_requested = true where id = ${syncId}`);
    await runSync(t.database.db, syncId, 3);
    const s = await sync(buyer, syncId);
    expect(s).toMatchObject({ status: 'cancelled', rowsRead: 3, rowsWritten: 3 });
    expect(s.message).toBe('Cancelled after 3 rows; rows up to line 4 are written.');
    const written = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from contracts where partner_id = 'demo' and display_contract_id like 'CX-%'`,
      ),
    );
    expect(written[0]!.n).toBe(3);
    await runJobs(); // the job of the sync finds it finished
    expect((await sync(buyer, syncId)).status).toBe('cancelled');
  });

  it('a sync cancelled before it starts writes nothing', async () => {
    const res = await upload(buyer, 'contracts', contractsCsv(withMarket(GOOD)), 'late.csv');
    const { syncId } = res.json();
    const cancelled = await sendJson(buyer, 'POST', `${MERCH}/ingest/syncs/${syncId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelRequested: true });
    await runJobs();
    expect(await sync(buyer, syncId)).toMatchObject({ status: 'cancelled', rowsRead: 0 });
  });

  it('lists syncs newest first with filters and keyset pages; the dashboard sums them', async () => {
    const all = (await get(buyer, `${MERCH}/ingest/syncs?recordType=contracts`)).json();
    expect(all.syncs.length).toBeGreaterThan(3);
    expect(all.syncs.every((x: { recordType: string }) => x.recordType === 'contracts')).toBe(true);
    const ids = all.syncs.map((x: { id: number }) => x.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const cancelled = (await get(buyer, `${MERCH}/ingest/syncs?status=cancelled`)).json();
    expect(cancelled.syncs.length).toBe(2);

    const dash = await get(buyer, `${MERCH}/le/${fx.demoPlatformId}/ingest-dashboard`);
    expect(dash.statusCode).toBe(200);
    const contracts = dash.json().recordTypes.find((r: { recordType: string }) => r.recordType === 'contracts');
    expect(contracts.lastSuccess).toMatchObject({ status: 'succeeded', recordType: 'contracts' });
    expect(contracts.brokenOpen).toBeGreaterThan(0);
    expect(dash.json().daily.length).toBeGreaterThan(0);
    expect(dash.json().recent.length).toBeGreaterThan(3);
    expect((await get(buyer, `${MERCH}/le/${fx.prairiePlatformId}/ingest-dashboard`)).statusCode).toBe(404);
  });

  it("last-updated says when the partner's data last came in from its ERP", async () => {
    const latest = (await get(buyer, `${MERCH}/ingest/syncs?status=succeeded`)).json().syncs[0];
    const res = (await get(buyer, `${MERCH}/last-updated?market_id=${fx.marketAll}`)).json();
    expect(res.lastUpdated).toBe(latest.finishedAt);
  });

  it("another partner's syncs, broken records and files answer 404", async () => {
    const mine = (await get(buyer, `${MERCH}/ingest/syncs?recordType=contracts`)).json().syncs[0];
    expect((await get(prairie, `${MERCH}/ingest/syncs/${mine.id}`)).statusCode).toBe(404);
    expect((await sendJson(prairie, 'POST', `${MERCH}/ingest/syncs/${mine.id}/cancel`)).statusCode).toBe(404);
    expect((await get(prairie, `${MERCH}/ingest/syncs`)).json().syncs).toEqual([]);
    const broken = (await get(buyer, `${MERCH}/contracts/broken-records?status=open`)).json().rows[0];
    expect(
      (await sendJson(prairie, 'PUT', `${MERCH}/contracts/broken-records/${broken.id}`, { raw: broken.raw }))
        .statusCode,
    ).toBe(404);
    expect((await sendJson(prairie, 'DELETE', `${MERCH}/contracts/broken-records/${broken.id}`)).statusCode).toBe(404);
    expect((await get(plainBuyer, `${MERCH}/ingest/syncs/${mine.id}`)).statusCode).toBe(403);
  });

  // PGlite runs in the server's thread (PostgreSQL's batches are 10,000 rows on a connection of their own).
  it.skipIf(process.env.DATABASE_URL)(
    'on the embedded database an import lets requests in: its progress is seen mid-way and a cancel stops it',
    async () => {
      const total = 20_000;
      const rows = Array.from(
        { length: total },
        (_, i) => `LIVE-${i + 1},IC-1,${ames},flat,CN,2028,100,0,4.5,-0.3,2028-10-01,2028-10-31,2028-01-05`,
      );
      // Taken in as the upload route takes it (the other tests spend the route's 30 uploads a minute).
      const [me] = rowsOf<{ id: string }>(
        await t.database.db.execute(sql`select id from users where email = ${DEMO_ACCOUNTS.buyer}`),
      );
      const { syncId } = await startFileIngest(t.database.db, {
        partnerId: 'demo',
        userId: me!.id,
        recordType: 'contracts',
        source: 'upload',
        fileName: 'live.csv',
        body: (async function* () {
          yield Buffer.from(contractsCsv(rows));
        })(),
        request: null,
      });
      const running = runSync(t.database.db, syncId);
      let seen = (await sync(buyer, syncId)).rowsRead as number;
      // Polled as the page polls (not as fast as it can, which would only queue requests ahead of the batches).
      while (seen === 0) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = (await sync(buyer, syncId)).rowsRead;
      }
      // The server answered while the import runs, with a progress between nothing and everything.
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(total);
      expect((await sendJson(buyer, 'POST', `${MERCH}/ingest/syncs/${syncId}/cancel`)).statusCode).toBe(200);
      await running;
      const s = await sync(buyer, syncId);
      expect(s.status).toBe('cancelled');
      expect(s.rowsRead).toBeLessThan(total);
      expect(s.rowsWritten).toBe(s.rowsRead);
      expect(s.message).toBe(
        `Cancelled after ${s.rowsRead.toLocaleString('en-US')} rows; rows up to line ${(s.rowsRead + 1).toLocaleString('en-US')} are written.`,
      );
      // A consistent prefix: exactly the file's first rows are written, none after.
      const [written] = rowsOf<{ n: number; last: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n, max(substring(display_contract_id from 6)::int) as last
          from contracts where partner_id = 'demo' and display_contract_id like 'LIVE-%'`,
        ),
      );
      expect(written).toEqual({ n: s.rowsRead, last: s.rowsRead });
    },
    60_000,
  );
});

describe('integration endpoint', () => {
  it('takes a file with an API token of scope ingest:write, and refuses without one', async () => {
    const [me] = rowsOf<{ legacyId: number }>(
      await t.database.db.execute(sql`select legacy_id as "legacyId" from users where email = ${DEMO_ACCOUNTS.buyer}`),
    );
    const make = async (scopes: string[]) =>
      (
        await sendJson(buyer, 'POST', `/api/auth/users/${me!.legacyId}/tokens`, { name: `erp ${scopes}`, scopes })
      ).json().token as string;
    const write = await make(['ingest:write']);
    const read = await make(['ingest:read']);
    const send = (token: string | null) =>
      t.app.inject({
        method: 'POST',
        url: `${MERCH}/ingest/integration/contracts?fileName=nightly.csv`,
        headers: { 'content-type': 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: contractsCsv(withMarket(GOOD)),
      });
    expect((await send(null)).statusCode).toBe(401);
    expect((await send('gra_00000000_' + 'a'.repeat(43))).statusCode).toBe(401);
    expect((await send(read)).statusCode).toBe(403);
    const ok = await send(write);
    expect(ok.statusCode, ok.body).toBe(202);
    await runJobs();
    expect(await sync(buyer, ok.json().syncId)).toMatchObject({
      source: 'integration',
      fileName: 'nightly.csv',
      status: 'succeeded',
    });
  });
});
