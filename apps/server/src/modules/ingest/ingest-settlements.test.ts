import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { headersOf, type Caller, type CrmFixtures } from '../../testing/crm-test-fixtures.ts';
import { contracts, legalEntities, scaleTickets, ticketApplications } from '../../db/schema/index.ts';
import { expectAddsUp, settlementTestSetup } from '../../testing/settlement-fixtures.ts';
import { rowsOf } from '../../platform/db.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { runSync } from './ingest-job.ts';

// Settlements as an ingest record type (issue 15): one row per settlement line, the settlement's fields repeated.

const MERCH = '/api/commodities/merchandising';
const PC = '/api/commodities/profit-center';

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let clientId: number;
let n = 0;

const get = (caller: Caller, url: string) => injectAs(t, caller, 'GET', url);
const put = (caller: Caller, url: string, body: object, headers: Record<string, string> = {}) =>
  injectAs(t, caller, 'PUT', url, body, headers);

const COLUMNS = {
  externalId: 'Settlement',
  clientExternalId: 'Customer',
  settlementDate: 'Date',
  status: 'Paid',
  contractExternalId: 'Contract',
  ticketExternalId: 'Ticket',
  quantity: 'Bushels',
  price: 'Price',
  gross: 'Gross',
  discounts: 'Discounts',
  deductions: 'Deductions',
  net: 'Net',
};
const HEADER = 'Settlement,Customer,Date,Paid,Contract,Ticket,Bushels,Price,Gross,Discounts,Deductions,Net';
const csv = (rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';

/** A priced corn contract of the client at Ames with `tickets` applied tickets of 1,000 bu: its number and tickets. */
async function contractWithTickets(
  tickets: number,
  client = clientId,
): Promise<{ contract: string; tickets: string[] }> {
  n += 1;
  const contract = `IS-C${n}`;
  const [c] = await t.database.db
    .insert(contracts)
    .values({
      partnerId: 'demo',
      marketId: fx.marketAll,
      clientId: client,
      displayContractId: contract,
      contractType: 'flat',
      cropId: 1,
      cropYear: 2026,
      quantity: '10000',
      pricedQuantity: '10000',
      cashPrice: '4.5000',
      deliveryStart: '2026-10-01',
      deliveryEnd: '2026-11-30',
      priceStatus: 'priced',
      contractDate: '2026-06-01',
    })
    .returning({ id: contracts.id });
  const names: string[] = [];
  for (let i = 0; i < tickets; i++) {
    const name = `IS-T${n}-${i + 1}`;
    const [tk] = await t.database.db
      .insert(scaleTickets)
      .values({
        partnerId: 'demo',
        marketId: fx.marketAll,
        clientId: client,
        displayScaleTicketId: name,
        cropId: 1,
        cropYear: 2026,
        deliveryDate: '2026-10-02',
        quantity: '1000',
        appliedQuantity: '1000',
        unappliedQuantity: '0',
      })
      .returning({ id: scaleTickets.id });
    await t.database.db
      .insert(ticketApplications)
      .values({ scaleTicketId: tk!.id, contractId: c!.id, quantity: '1000', splitPct: '100' });
    names.push(name);
  }
  return { contract, tickets: names };
}

/** A line of 1,000 bu at $4.50: gross 4,500.00, discounts 12.34, deductions 5.00, net 4,482.66. */
const line = (settlement: string, contract: string, ticket: string, o: { paid?: string; net?: string } = {}) =>
  `${settlement},IMP-1,2026-11-02,${o.paid ?? 'unpaid'},${contract},${ticket},1000,4.50,"4,500.00",12.34,5.00,${o.net ?? '4482.66'}`;

async function importFile(body: string, batchRows?: number) {
  const up = await t.app.inject({
    method: 'POST',
    url: `${MERCH}/ingest/settlements/files?fileName=settlements.csv`,
    headers: headersOf(buyer, { 'content-type': 'text/csv' }),
    payload: body,
  });
  expect(up.statusCode, up.body).toBe(202);
  const { syncId } = up.json() as { syncId: number };
  if (batchRows !== undefined) await runSync(t.database.db, syncId, batchRows);
  else await runDueJobs(t.database.db, new Date());
  return (await get(buyer, `${MERCH}/ingest/syncs/${syncId}`)).json();
}

async function settledOf(contract: string): Promise<number> {
  const [r] = rowsOf<{ q: string }>(
    await t.database.db.execute(
      sql`select settled_quantity::text as q from contracts where partner_id = 'demo' and display_contract_id = ${contract}`,
    ),
  );
  return Number(r!.q);
}

async function settlementId(display: string): Promise<number> {
  const [r] = rowsOf<{ id: string }>(
    await t.database.db.execute(
      sql`select id from settlements where partner_id = 'demo' and display_settlement_id = ${display}`,
    ),
  );
  return Number(r!.id);
}

beforeAll(async () => {
  ({ t, fx, buyer, prairie, farmer } = await startCrmTestApp());
  const farmEnterprise = await settlementTestSetup(t, fx);
  const [c] = await t.database.db
    .insert(legalEntities)
    .values({
      partnerId: 'demo',
      kind: 'client',
      name: 'Import Settle Farms',
      extClientId: 'IMP-1',
      enterpriseId: farmEnterprise,
    })
    .returning({ id: legalEntities.id });
  clientId = c!.id;
  const current = (await get(buyer, `${MERCH}/ingest/mappings/settlements`)).json();
  expect(current.fields.map((f: { field: string }) => f.field)).toContain('ticketExternalId');
  expect((await put(buyer, `${MERCH}/ingest/mappings/settlements`, { columns: COLUMNS })).statusCode).toBe(200);
  const tickets = await put(buyer, `${MERCH}/ingest/mappings/scale_tickets`, { columns: TICKET_COLUMNS });
  expect(tickets.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('settlements imported from a file', () => {
  it('are written as Granary writes them: the list, the detail, the farmer, the settled bushels, where from', async () => {
    const { contract, tickets } = await contractWithTickets(2);
    const s = await importFile(csv([line('S-100', contract, tickets[0]!), line('S-100', contract, tickets[1]!)]));
    expect(s).toMatchObject({ status: 'succeeded', rowsRead: 2, rowsWritten: 2, rowsBroken: 0 });
    const id = await settlementId('S-100');
    const detail = (await get(buyer, `${MERCH}/settlements/${id}`)).json();
    expect(detail).toMatchObject({ status: 'final', gross: '9000.00', net: '8965.32', deductionsTotal: '34.68' });
    expect(detail.lines).toHaveLength(2);
    expect(detail.payees).toEqual([{ kind: 'farmer', payeeName: 'Import Settle Farms', amount: '8965.32' }]);
    expectAddsUp(detail);
    const list = (await get(buyer, `${MERCH}/settlements?client_id=${clientId}`)).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect((await get(farmer, `${PC}/settlements/${id}`)).json().net).toBe('8965.32');
    expect(await settledOf(contract)).toBe(2000);
    const info = (await get(buyer, `${MERCH}/settlements/${id}/ingest-info`)).json();
    expect(info).toMatchObject({ source: 'upload', syncId: s.id, fileName: 'settlements.csv', line: 2 });
    expect((await get(prairie, `${MERCH}/settlements/${id}/ingest-info`)).statusCode).toBe(404);

    // Sent again: nothing is written. Then paid and one line fewer: the settlement and the settled bushels follow.
    const again = await importFile(csv([line('S-100', contract, tickets[0]!), line('S-100', contract, tickets[1]!)]));
    expect(again).toMatchObject({ status: 'succeeded', rowsWritten: 0, rowsUnchanged: 2, rowsBroken: 0 });
    const changed = await importFile(csv([line('S-100', contract, tickets[0]!, { paid: 'paid' })]));
    expect(changed).toMatchObject({ rowsWritten: 1, rowsBroken: 0 });
    const after = (await get(buyer, `${MERCH}/settlements/${id}`)).json();
    expect(after).toMatchObject({ status: 'paid', net: '4482.66' });
    expect(after.lines).toHaveLength(1);
    expect(await settledOf(contract)).toBe(1000);
  });

  it('keeps a settlement whole: a line that does not add up, an unknown or settled ticket keeps all its lines broken', async () => {
    const { contract, tickets } = await contractWithTickets(3);
    const s = await importFile(
      csv([
        line('S-200', contract, tickets[0]!, { net: '4482.67' }),
        line('S-200', contract, tickets[1]!),
        line('S-201', contract, 'NO-SUCH'),
        line('S-202', contract, tickets[2]!),
        line('S-203', contract, tickets[2]!),
      ]),
    );
    expect(s).toMatchObject({ status: 'succeeded', rowsRead: 5, rowsWritten: 1, rowsBroken: 4 });
    const broken = (await get(buyer, `${MERCH}/settlements/broken-records?syncId=${s.id}`)).json();
    expect(broken.rows.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([
      [2, 'totals_mismatch'],
      [3, 'settlement_incomplete'],
      [4, 'unknown_application'],
      [6, 'already_settled'],
    ]);
    // The line fixed: the settlement is taken with its other line.
    const bad = broken.rows[0];
    const fixed = await put(buyer, `${MERCH}/settlements/broken-records/${bad.id}`, {
      raw: { ...bad.raw, Net: '4482.66' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const detail = (await get(buyer, `${MERCH}/settlements/${fixed.json().recordId}`)).json();
    expect(detail.lines).toHaveLength(2);
    const open = (await get(buyer, `${MERCH}/settlements/broken-records?syncId=${s.id}&status=open`)).json();
    expect(open.rows.map((r: { line: number }) => r.line)).toEqual([4, 6]);
  });

  it('never cuts a settlement between batches; one apart in the file is broken', async () => {
    const { contract, tickets } = await contractWithTickets(4);
    const s = await importFile(
      csv([
        line('S-300', contract, tickets[0]!),
        line('S-300', contract, tickets[1]!),
        line('S-300', contract, tickets[2]!),
        line('S-301', contract, tickets[3]!),
        line('S-300', contract, 'IS-LATE'),
      ]),
      1,
    );
    expect(s).toMatchObject({ status: 'succeeded', rowsWritten: 4, rowsBroken: 1 });
    const detail = (await get(buyer, `${MERCH}/settlements/${await settlementId('S-300')}`)).json();
    expect(detail.lines).toHaveLength(3);
    const br = await get(buyer, `${MERCH}/settlements/broken-records?syncId=${s.id}`);
    const broken = br.json();
    expect(br.statusCode, br.body).toBe(200);
    expect(broken.rows.map((r: { code: string }) => r.code)).toEqual(['settlement_split']);
    const refix = await put(buyer, `${MERCH}/settlements/broken-records/${broken.rows[0].id}`, {
      raw: broken.rows[0].raw,
    });
    expect(refix.statusCode).toBe(400);

    // Voided in Granary: a file does not bring it back.
    await t.database.db.execute(
      sql`update settlements set status = 'void' where partner_id = 'demo' and display_settlement_id = 'S-301'`,
    );
    const again = await importFile(csv([line('S-301', contract, tickets[3]!, { paid: 'paid' })]));
    expect(again).toMatchObject({ rowsWritten: 0, rowsBroken: 1 });
    const locked = (await get(buyer, `${MERCH}/settlements/broken-records?syncId=${again.id}`)).json();
    expect(locked.rows.map((r: { code: string }) => r.code)).toEqual(['settlement_locked']);
  });

  it("does not reach another partner's tickets", async () => {
    const { contract, tickets } = await contractWithTickets(1);
    await put(prairie, `${MERCH}/ingest/mappings/settlements`, { columns: COLUMNS });
    const up = await t.app.inject({
      method: 'POST',
      url: `${MERCH}/ingest/settlements/files?fileName=x.csv`,
      headers: headersOf(prairie, { 'content-type': 'text/csv' }),
      payload: csv([line('S-400', contract, tickets[0]!).replace('IMP-1', 'FX-P1')]),
    });
    expect(up.statusCode, up.body).toBe(202);
    await runDueJobs(t.database.db, new Date());
    const s = (await get(prairie, `${MERCH}/ingest/syncs/${up.json().syncId}`)).json();
    expect(s).toMatchObject({ rowsWritten: 0, rowsBroken: 1 });
    expect(await settledOf(contract)).toBe(0);
  });
});

// Scale tickets sent again after their bushels were settled (issue 15 leftovers, decision 046 addendum).

const TICKET_COLUMNS = {
  externalId: 'Ticket',
  clientExternalId: 'Customer',
  market: 'Location',
  crop: 'Commodity',
  cropYear: 'Crop Year',
  deliveryDate: 'Date',
  quantity: 'Net Bushels',
  contractExternalId: 'Contract',
  appliedQuantity: 'Applied',
  moisture: 'Moisture',
};
const TICKET_HEADER = 'Ticket,Customer,Location,Commodity,Crop Year,Date,Net Bushels,Contract,Applied,Moisture';
/** A 1,000 bu corn ticket of the client at Ames, as contractWithTickets made it unless the file changes it. */
const ticketRow = (ticket: string, contract: string, applied: number, moisture = '') =>
  `${ticket},IMP-1,${fx.marketAll},CN,2026,2026-10-02,1000,${contract},${applied},${moisture}`;

async function importTickets(rows: string[], run?: (syncId: number) => Promise<unknown>) {
  const up = await t.app.inject({
    method: 'POST',
    url: `${MERCH}/ingest/scale_tickets/files?fileName=tickets.csv`,
    headers: headersOf(buyer, { 'content-type': 'text/csv' }),
    payload: [TICKET_HEADER, ...rows].join('\r\n') + '\r\n',
  });
  expect(up.statusCode, up.body).toBe(202);
  const { syncId } = up.json() as { syncId: number };
  await (run ?? (() => runDueJobs(t.database.db, new Date())))(syncId);
  return (await get(buyer, `${MERCH}/ingest/syncs/${syncId}`)).json();
}

/** The contract's applications by ticket number ([id, bushels]), and its delivered and settled bushels. */
async function applicationsOf(contract: string) {
  const apps = rowsOf<{ ticket: string; id: string; q: string }>(
    await t.database.db.execute(sql`select t.display_scale_ticket_id as ticket, a.id, a.quantity::text as q
      from ticket_applications a join scale_tickets t on t.id = a.scale_ticket_id
      join contracts c on c.id = a.contract_id
      where c.partner_id = 'demo' and c.display_contract_id = ${contract} order by a.id`),
  );
  const [c] = rowsOf<{ delivered: string; settled: string }>(
    await t.database.db.execute(sql`select delivered_quantity::text as delivered, settled_quantity::text as settled
      from contracts where partner_id = 'demo' and display_contract_id = ${contract}`),
  );
  return {
    byTicket: Object.fromEntries(apps.map((a) => [a.ticket, [Number(a.id), Number(a.q)]])),
    delivered: Number(c!.delivered),
    settled: Number(c!.settled),
  };
}

describe('a tickets file sent again after settlement', () => {
  it('changes settled tickets in place; what the settlement forbids is broken and the rest of the file imports', async () => {
    const { contract, tickets } = await contractWithTickets(4);
    const [t1, t2, t3, t4] = tickets as [string, string, string, string];
    const other = (await contractWithTickets(0)).contract;
    const settled = await importFile(
      csv([line('S-500', contract, t1), line('S-500', contract, t3), line('S-500', contract, t4)]),
    );
    expect(settled).toMatchObject({ rowsWritten: 3, rowsBroken: 0 });
    const before = await applicationsOf(contract);

    const s = await importTickets([
      ticketRow(t1, contract, 1000, '15.5'), // settled, its moisture alone changes
      ticketRow(t2, contract, 800), // not settled: fewer bushels applied
      ticketRow(t3, other, 1000), // settled: moved to another contract
      ticketRow(t4, contract, 900), // settled: fewer bushels than settled
      ticketRow('IS-NEW-1', contract, 700),
    ]);
    expect(s).toMatchObject({ status: 'succeeded', rowsRead: 5, rowsWritten: 3, rowsBroken: 2 });
    const broken = (await get(buyer, `${MERCH}/scale_tickets/broken-records?syncId=${s.id}`)).json();
    expect(broken.rows.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([
      [4, 'ticket_settled'],
      [5, 'ticket_settled'],
    ]);
    expect(broken.rows[0].message).toContain(`settled on contract ${contract} by S-500`);
    expect(broken.rows[1].message).toContain('1000 bu');

    // The settlement stands as it was; the applications kept their ids, the contract's bushels follow the file.
    const after = await applicationsOf(contract);
    expect(after.byTicket).toEqual({
      [t1]: before.byTicket[t1],
      [t2]: [before.byTicket[t2]![0], 800],
      [t3]: before.byTicket[t3],
      [t4]: before.byTicket[t4],
      'IS-NEW-1': [expect.any(Number), 700],
    });
    expect(after).toMatchObject({ delivered: 4500, settled: 3000 });
    const detail = (await get(buyer, `${MERCH}/settlements/${await settlementId('S-500')}`)).json();
    expect(detail.lines).toHaveLength(3);
    expectAddsUp(detail);

    // A broken row fixed to what the settlement allows is taken; the file sent again writes nothing.
    const fix = await put(buyer, `${MERCH}/scale_tickets/broken-records/${broken.rows[1].id}`, {
      raw: { ...broken.rows[1].raw, Applied: '1000', Moisture: '14' },
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const again = await importTickets([ticketRow(t1, contract, 1000, '15.5'), ticketRow(t2, contract, 800)]);
    expect(again).toMatchObject({ rowsWritten: 0, rowsUnchanged: 2, rowsBroken: 0 });
  });
});

// An import and a Granary settlement of the same contract at the same time: the batch takes the contract's lock as
// the settlement does (PGlite has one connection: nothing runs at the same time there).
describe.runIf(process.env.DATABASE_URL)('an import and a settlement at once (PostgreSQL)', () => {
  it('both end consistent: the settlement whole, the ticket refused or taken before it, no failed sync', async () => {
    const rounds: { contract: string; tickets: string[]; id: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await contractWithTickets(2);
      const [r] = rowsOf<{ id: string }>(
        await t.database.db.execute(
          sql`select id from contracts where partner_id = 'demo' and display_contract_id = ${made.contract}`,
        ),
      );
      rounds.push({ ...made, id: Number(r!.id) });
    }
    const results = await Promise.all(
      rounds.map(({ contract, tickets, id }) =>
        Promise.all([
          injectAs(t, buyer, 'POST', `${MERCH}/settlements`, {
            clientId,
            contractIds: [id],
            settlementDate: '2026-11-02',
          }),
          importTickets([ticketRow(tickets[0]!, contract, 600), ticketRow(tickets[1]!, contract, 1000, '16')], (id) =>
            runSync(t.database.db, id, 1),
          ),
        ]),
      ),
    );
    for (const [i, [settlement, sync]] of results.entries()) {
      expect(settlement.statusCode, settlement.body).toBe(201);
      expect(sync.status).toBe('succeeded');
      const detail = settlement.json();
      expectAddsUp(detail);
      const state = await applicationsOf(rounds[i]!.contract);
      // Settled first: the first ticket keeps its 1,000 settled bushels (refused); imported first: 600 are settled.
      const first = state.byTicket[rounds[i]!.tickets[0]!]![1]!;
      expect(sync.rowsBroken).toBe(first === 1000 ? 1 : 0);
      expect(Number(detail.bushels)).toBe(first + 1000);
      expect(state).toMatchObject({ delivered: first + 1000, settled: first + 1000 });
    }
  });
});
