import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CONTRACT_VIEWS,
  LIST_COLUMN_LABELS,
  compareByKeyset,
  contractListResponseSchema,
  contractInView,
  contractQuantities,
  evaluateCondition,
  exprType,
  keysetKeyOf,
  listQueryCondition,
  parseListQuery,
  sortExpression,
  toDecimal,
  viewColumns,
  viewListType,
  type ContractFacts,
  type ContractListRow,
  type ContractView,
  type ListColumn,
  type ScaleTicketFacts,
  type SortOrder,
  type ViewFacts,
  VIEW_RULES,
} from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import type { CrmMarket } from '../../platform/crm-access.ts';
import { buildRows } from './crm-contracts.service.ts';
import { marketToday, marketZone } from '../../platform/crm-access.ts';
import { contractRowsByIds, ticketRowsByIds } from './crm-contracts.repo.ts';
import { conditionQuery } from './contract-sql.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  contractFactsOf,
  headersOf,
  FIXTURE_TZ,
  seedCrmFixtures,
  signIn,
  ticketFactsOf,
  type Caller,
  type CrmFixtures,
} from '../../testing/crm-test-fixtures.ts';

const CTRM = '/api/commodities/ctrm';
const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let fx: CrmFixtures;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let contractsAtAmes: ContractFacts[];
let ticketsAtAmes: ScaleTicketFacts[];

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedCrmFixtures(t.database.db);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  prairie = await signIn(t, DEMO_ACCOUNTS.prairieBuyer);
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  contractsAtAmes = (await contractFactsOf(t.database.db, 'demo')).filter((f) => f.marketId === fx.marketAll);
  ticketsAtAmes = (await ticketFactsOf(t.database.db, 'demo')).filter((f) => f.marketId === fx.marketAll);
});
afterAll(() => t.close());

const get = (caller: Caller | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: caller ? headersOf(caller, headers) : headers });

const search = (caller: Caller, params: Record<string, string | number>) =>
  get(
    caller,
    `${CTRM}/contracts/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string])).toString()}`,
  );

type ListBody = {
  rows: ContractListRow[];
  totalCount: number;
  paginationToken: string | null;
  page: number;
  pageSize: number;
};

/** Every page of a list, following the tokens. */
async function allRows(
  caller: Caller,
  params: Record<string, string | number>,
): Promise<{ rows: ContractListRow[]; totalCount: number }> {
  const rows: ContractListRow[] = [];
  let token: string | null = null;
  let page = 1;
  let totalCount: number;
  for (;;) {
    const res = await search(caller, { ...params, page, ...(token ? { paginationToken: token } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ListBody;
    if (page > 1) expect(res.headers['x-pagination-mode']).toBe('keyset');
    rows.push(...body.rows);
    totalCount = body.totalCount;
    if (!body.paginationToken) break;
    token = body.paginationToken;
    page += 1;
  }
  return { rows, totalCount };
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** The rows in the list's order, computed in memory with the domain's keyset comparison. */
function inMemoryOrder(
  facts: ViewFacts[],
  column: ListColumn,
  order: SortOrder,
  listType: 'contract' | 'deliveries',
): number[] {
  const type = exprType(sortExpression(column, listType));
  return [...facts]
    .sort((a, b) =>
      compareByKeyset(
        keysetKeyOf(a, column, listType, { today: fx.today }),
        keysetKeyOf(b, column, listType, { today: fx.today }),
        order,
        type,
      ),
    )
    .map((f) => f.id);
}

describe('contracts/search: views', () => {
  it.each(CONTRACT_VIEWS.filter((v) => v !== 'default'))(
    '%s holds exactly the rows its domain predicate selects',
    async (view) => {
      const listType = viewListType(view);
      const pool: ViewFacts[] = listType === 'deliveries' ? ticketsAtAmes : contractsAtAmes;
      const expected = pool.filter((f) => contractInView(f, view, fx.today)).map((f) => f.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(pool.length);
      const { rows, totalCount } = await allRows(buyer, {
        market_id: fx.marketAll,
        predefinedFilter: view,
        pageSize: 20,
      });
      expect(sorted(ids(rows))).toEqual(sorted(expected));
      expect(new Set(ids(rows)).size).toBe(rows.length);
      expect(totalCount).toBe(expected.length);
      expect(rows.every((r) => r.kind === (listType === 'deliveries' ? 'scaleTicket' : 'contract'))).toBe(true);
    },
  );

  it('default holds every contract of the market, newest contract date first', async () => {
    const { rows, totalCount } = await allRows(buyer, { market_id: fx.marketAll, pageSize: 50 });
    expect(totalCount).toBe(contractsAtAmes.length);
    expect(ids(rows)).toEqual(inMemoryOrder(contractsAtAmes, 'date', 'desc', 'contract'));
  });

  it('the deliveries tab without a view holds every scale ticket, newest delivery first', async () => {
    const { rows, totalCount } = await allRows(buyer, { market_id: fx.marketAll, tab: 'deliveries', pageSize: 25 });
    expect(totalCount).toBe(ticketsAtAmes.length);
    expect(ids(rows)).toEqual(inMemoryOrder(ticketsAtAmes, 'deliveryDate', 'desc', 'deliveries'));
  });

  it('builds rows with the domain row builder (derived columns)', async () => {
    const res = await search(buyer, { market_id: fx.marketAll, predefinedFilter: 'delinquent', pageSize: 5 });
    const row = (res.json() as ListBody).rows[0]!;
    const facts = contractsAtAmes.find((f) => f.id === row.id)!;
    const q = contractQuantities(facts);
    expect(row.undeliveredQuantity).toBe(q.undelivered);
    expect(row.client).toBe(facts.client!.name);
    expect(row.displayContractId).toBe(facts.displayContractId);
  });
});

describe('contracts/search over the seeded demo data', () => {
  it("every view of the buyer's first market holds exactly its domain predicate's rows", async () => {
    const markets = (await get(buyer, `${MERCH}/le/${fx.demoPlatformId}/markets?limit_by_user_id=true`)).json()
      .markets as { id: number; timezone: string; entitlements: string[] }[];
    const market = markets.find((m) => m.entitlements.includes('grain-buying-contracts'))!;
    const today = (await get(buyer, `${MERCH}/le/${fx.demoPlatformId}/task-list?market_id=${market.id}`)).json()
      .today as string;
    const contracts = (await contractFactsOf(t.database.db, 'demo')).filter((f) => f.marketId === market.id);
    const tickets = (await ticketFactsOf(t.database.db, 'demo')).filter((f) => f.marketId === market.id);
    for (const view of CONTRACT_VIEWS) {
      const pool: ViewFacts[] = viewListType(view) === 'deliveries' ? tickets : contracts;
      const expected = pool.filter((f) => contractInView(f, view, today)).map((f) => f.id);
      const { rows, totalCount } = await allRows(buyer, {
        market_id: market.id,
        predefinedFilter: view,
        pageSize: 100,
      });
      expect(sorted(ids(rows)), view).toEqual(sorted(expected));
      expect(totalCount, view).toBe(Math.min(expected.length, 10_000));
    }
  });
});

describe('contracts/search: filters', () => {
  const year = () => Number(fx.today.slice(0, 4));
  const cases: [string, () => Record<string, string | number>][] = [
    ['crop (commodity code)', () => ({ crop: 'SB' })],
    ['crop Wheat includes spring wheat', () => ({ crop: '45' })],
    ['crop all ignores the context', () => ({ crop: 'all', commodity: 'SB' })],
    ['context commodity and crop_year', () => ({ commodity: 'CN', crop_year: year() })],
    ['cropYear filter wins over crop_year', () => ({ cropYear: year() - 1, crop_year: year() })],
    ['contract types', () => ({ contractType: 'hta,mp' })],
    ['delivery range', () => ({ from: fx.today, to: '2099-01-01' })],
    ['backwards delivery range is swapped', () => ({ from: fx.today, to: '2000-01-01' })],
    ['status', () => ({ status: 'completed,cancelled' })],
    ['search (client name, any case)', () => ({ search: 'GUNDER' })],
    ['search (contract number)', () => ({ search: 'FX-1012' })],
    ['keyword (tag)', () => ({ tag: 'organic' })],
    ['client', () => ({ client_legal_entity_id: fx.demoClients[2]! })],
    ['option month', () => ({ optionMonth: `${year() + 1}-12` })],
    ['a view with filters', () => ({ predefinedFilter: 'needs_pricing', crop: 'CN', contractType: 'hta,pp,mp' })],
    ['unknown values are ignored', () => ({ crop: 'nonsense', contractType: 'bogus', status: 'nope', cropYear: 'x' })],
  ];
  it.each(cases)('%s: the rows evaluateCondition(listQueryCondition) selects', async (_name, params) => {
    const p = { market_id: fx.marketAll, ...params() };
    const q = parseListQuery(Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)])));
    const condition = listQueryCondition(q);
    const expected = contractsAtAmes
      .filter((f) => evaluateCondition(condition, f, { today: fx.today }))
      .map((f) => f.id);
    const { rows, totalCount } = await allRows(buyer, { ...p, pageSize: 100 });
    expect(sorted(ids(rows))).toEqual(sorted(expected));
    expect(totalCount).toBe(expected.length);
  });

  it('optionMonth from the URL keeps only that month’s contracts (issue 14), a month nobody holds none', async () => {
    const months = [...new Set(contractsAtAmes.map((f) => f.optionMonth).filter((m): m is string => m !== null))];
    const month = months.sort()[0]!;
    const held = contractsAtAmes.filter((f) => f.optionMonth === month).length;
    expect(held).toBeGreaterThan(0);
    const { rows, totalCount } = await allRows(buyer, { market_id: fx.marketAll, optionMonth: month, pageSize: 100 });
    expect(totalCount).toBe(held);
    expect(new Set(rows.map((r) => r.optionMonth))).toEqual(new Set([month]));
    expect((await allRows(buyer, { market_id: fx.marketAll, optionMonth: '1999-03' })).totalCount).toBe(0);
  });

  it('deliveries filters: search by ticket number, delivery range, crop', async () => {
    const p = {
      market_id: fx.marketAll,
      tab: 'deliveries',
      from: '2000-01-01',
      to: fx.today,
      crop: 'CN',
      search: 'FX-T50',
    };
    const q = parseListQuery({ ...p, market_id: String(p.market_id) });
    const expected = ticketsAtAmes
      .filter((f) => evaluateCondition(listQueryCondition(q), f, { today: fx.today }))
      .map((f) => f.id);
    const { rows } = await allRows(buyer, p);
    expect(sorted(ids(rows))).toEqual(sorted(expected));
  });

  it('the document_id filter gives the contract of that document', async () => {
    const docs = (await get(buyer, `${MERCH}/documents?market_id=${fx.marketAll}&pageSize=5`)).json().rows as {
      id: number;
      contractId: number;
    }[];
    const res = await search(buyer, { market_id: fx.marketAll, document_id: docs[0]!.id });
    expect(ids((res.json() as ListBody).rows)).toEqual([docs[0]!.contractId]);
  });
});

describe('contracts/search: sorting and keyset pages', () => {
  it('page 2 from the token continues page 1 exactly, with a sort', async () => {
    const expected = inMemoryOrder(contractsAtAmes, 'quantity', 'asc', 'contract');
    const p1 = await search(buyer, { market_id: fx.marketAll, sort: 'quantity', sortOrder: 'asc', pageSize: 20 });
    const b1 = p1.json() as ListBody;
    expect(b1.paginationToken).toBeTruthy();
    const p2 = await search(buyer, {
      market_id: fx.marketAll,
      sort: 'quantity',
      sortOrder: 'asc',
      pageSize: 20,
      page: 2,
      paginationToken: b1.paginationToken!,
    });
    expect(p2.headers['x-pagination-mode']).toBe('keyset');
    const b2 = p2.json() as ListBody;
    expect([...ids(b1.rows), ...ids(b2.rows)]).toEqual(expected.slice(0, 40));
    const p3 = await search(buyer, {
      market_id: fx.marketAll,
      sort: 'quantity',
      sortOrder: 'asc',
      pageSize: 20,
      page: 3,
      paginationToken: b2.paginationToken!,
    });
    expect(ids((p3.json() as ListBody).rows)).toEqual(expected.slice(40, 60));
  });

  it.each([
    ['needs_pricing', 'expiration', 'desc'],
    ['needs_pricing', 'expiration', 'asc'],
    ['needs_pricing', 'optionMonth', 'desc'],
    ['delinquent', 'lastTicketDate', 'desc'],
    ['committed', 'averageCash', 'asc'],
    ['to_arrive', 'undeliveredQuantity', 'desc'],
    ['default', 'cropYear', 'desc'],
    ['get_signatures', 'eSignSent', 'asc'],
    ['default', 'contractStatus', 'asc'],
    // double_obligation evaluates its rule once per page (a CTE of the matching ids): sorts on the client
    // (joined) and on contract columns, keyset pages.
    ['double_obligation', 'client', 'asc'],
    ['double_obligation', 'quantity', 'desc'],
    ['double_obligation', 'deliveryEndIsoStr', 'desc'],
  ] as [ContractView, ListColumn, SortOrder][])(
    '%s sorted by %s %s: every page in the domain order, NULLs last',
    async (view, column, order) => {
      const pool = contractsAtAmes.filter((f) => contractInView(f, view, fx.today));
      const { rows } = await allRows(buyer, {
        market_id: fx.marketAll,
        predefinedFilter: view,
        sort: column,
        sortOrder: order,
        pageSize: 10,
      });
      expect(ids(rows)).toEqual(inMemoryOrder(pool, column, order, 'contract'));
    },
  );

  it("double_obligation's client totals are read from client_crop_year_exposure (the rule's kept-sum node), not summed per contract", () => {
    const rule = conditionQuery(VIEW_RULES.double_obligation, { today: fx.today });
    const text = new PgDialect().sqlToQuery(rule.sql).sql;
    expect(text).toContain(
      'in (select "ccye"."partner_id", "ccye"."client_id", "ccye"."crop_id", "ccye"."crop_year" from client_crop_year_exposure',
    );
    expect(text).not.toContain('c_sum_');
    expect(text).not.toContain('legal_entities');
    expect(rule.readsClient).toBe(false);
  });

  it("double_obligation follows contract writes and client edits at once (the exposure table is kept by the database's triggers)", async () => {
    const db = t.database.db;
    const inView = async () =>
      ids(
        (
          await allRows(buyer, {
            market_id: fx.marketAll,
            predefinedFilter: 'double_obligation',
            crop: 'all',
            cropYear: 2026,
          })
        ).rows,
      );
    // A client with an estimate, not over it for corn 2026 at Ames.
    const pick = (await db.execute(sql`
      select l.id from legal_entities l
      where l.partner_id = 'demo' and l.kind = 'client' and l.area is not null and l.estimated_yield is not null
        and coalesce(l.contracted_with_other, 0) + 1 < l.area * l.estimated_yield
        and exists (select 1 from client_markets m where m.client_id = l.id and m.market_id = ${fx.marketAll})
        and not exists (select 1 from contracts c where c.client_id = l.id and c.crop_id = 1 and c.crop_year = 2026)
      order by l.id limit 1`)) as unknown as { rows: { id: number }[] };
    const client = Number(pick.rows[0]!.id);
    const before = await inView();
    const added = (await db.execute(sql`
      insert into contracts (partner_id, market_id, client_id, display_contract_id, contract_type, crop_id, crop_year, quantity,
        delivery_start, delivery_end, price_status, contract_date)
      values ('demo', ${fx.marketAll}, ${client}, 'FX-DOUBLE-1', 'flat', 1, 2026, 99999999, date '2026-10-01', date '2026-11-30', 'unpriced', date '2026-01-02')
      returning id`)) as unknown as { rows: { id: number }[] };
    const id = Number(added.rows[0]!.id);
    try {
      expect(await inView()).toEqual(expect.arrayContaining([id]));
      // The client's estimate grows past it: out of the view; back: in again.
      await db.execute(sql`update legal_entities set area = area * 100000 where id = ${client}`);
      expect(await inView()).not.toContain(id);
      await db.execute(sql`update legal_entities set area = area / 100000 where id = ${client}`);
      expect(await inView()).toContain(id);
      // Cancelled down to almost nothing: out.
      await db.execute(sql`update contracts set cancelled_quantity = 99999998 where id = ${id}`);
      expect(await inView()).not.toContain(id);
    } finally {
      await db.execute(sql`delete from contracts where id = ${id}`);
    }
    expect(await inView()).toEqual(before);
  });

  it('double_obligation by offset (no token) gives the same pages and total as by keyset', async () => {
    const pool = contractsAtAmes.filter((f) => contractInView(f, 'double_obligation', fx.today));
    const expected = inMemoryOrder(pool, 'displayContractId', 'desc', 'contract');
    expect(expected.length).toBeGreaterThan(3);
    const p2 = await search(buyer, {
      market_id: fx.marketAll,
      predefinedFilter: 'double_obligation',
      sort: 'displayContractId',
      sortOrder: 'desc',
      pageSize: 5,
      page: 2,
    });
    expect(p2.headers['x-pagination-mode']).toBe('offset');
    const b2 = p2.json() as ListBody;
    expect(ids(b2.rows)).toEqual(expected.slice(5, 10));
    expect(b2.totalCount).toBe(expected.length);
  });

  it('expirationDay sorts by expiration; eSignEligible is sent as esign_eligible', async () => {
    const a = await allRows(buyer, {
      market_id: fx.marketAll,
      predefinedFilter: 'mp_pricing',
      sort: 'expirationDay',
      sortOrder: 'desc',
      pageSize: 10,
    });
    const b = await allRows(buyer, {
      market_id: fx.marketAll,
      predefinedFilter: 'mp_pricing',
      sort: 'expiration',
      sortOrder: 'desc',
      pageSize: 10,
    });
    expect(ids(a.rows)).toEqual(ids(b.rows));
    const pool = contractsAtAmes.filter((f) => contractInView(f, 'get_signatures', fx.today));
    const c = await allRows(buyer, {
      market_id: fx.marketAll,
      predefinedFilter: 'get_signatures',
      sort: 'esign_eligible',
      sortOrder: 'desc',
      pageSize: 50,
    });
    expect(ids(c.rows)).toEqual(inMemoryOrder(pool, 'eSignEligible', 'desc', 'contract'));
  });

  it('a sort column outside the view falls back to the view default', async () => {
    const a = await search(buyer, {
      market_id: fx.marketAll,
      predefinedFilter: 'delinquent',
      sort: 'strike',
      pageSize: 100,
    });
    const pool = contractsAtAmes.filter((f) => contractInView(f, 'delinquent', fx.today));
    expect(ids((a.json() as ListBody).rows)).toEqual(
      inMemoryOrder(pool, 'deliveryEndIsoStr', 'asc', 'contract').slice(0, 100),
    );
  });

  it('a tampered, foreign or replayed token is refused and the page is served by offset', async () => {
    const base = { market_id: fx.marketAll, sort: 'quantity', sortOrder: 'asc', pageSize: 10 };
    const b1 = (await search(buyer, base)).json() as ListBody;
    const token = b1.paginationToken!;
    const good = (await search(buyer, { ...base, page: 2, paginationToken: token })).json() as ListBody;
    const [payload, signature] = token.split('.') as [string, string];
    const tampered = `${payload.slice(0, -2)}${payload.at(-2) === 'A' ? 'B' : 'A'}${payload.at(-1)}.${signature}`;
    for (const bad of [tampered, `${payload}.${'x'.repeat(43)}`, payload, 'not-a-token', 'A'.repeat(3000)]) {
      const res = await search(buyer, { ...base, page: 2, paginationToken: bad });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-pagination-mode']).toBe('offset');
      expect(ids((res.json() as ListBody).rows)).toEqual(ids(good.rows));
    }
    // A token of another query (another sort), or of page 2 replayed on page 3, is not used either.
    const other = (await search(buyer, { ...base, sort: 'date' })).json() as ListBody;
    const foreign = await search(buyer, { ...base, page: 2, paginationToken: other.paginationToken! });
    expect(foreign.headers['x-pagination-mode']).toBe('offset');
    expect(ids((foreign.json() as ListBody).rows)).toEqual(ids(good.rows));
    const replayed = await search(buyer, { ...base, page: 3, paginationToken: token });
    expect(replayed.headers['x-pagination-mode']).toBe('offset');
    // A token grants nothing: another partner's buyer gets their own rows.
    const { market_id: _market, ...anyMarket } = base;
    const cross = await search(prairie, { ...anyMarket, page: 2, paginationToken: token });
    expect(cross.statusCode).toBe(200);
    expect(
      (cross.json() as ListBody).rows.every(
        (r) => !fx.demoClients.includes(r.clientId) && !ids(good.rows).includes(r.id),
      ),
    ).toBe(true);
  });

  it('page sizes are clamped to 5/10/20/25/50/80/100 and the page to ≥ 1', async () => {
    for (const [asked, size] of [
      ['7', 5],
      ['30', 25],
      ['1000', 100],
      ['x', 100],
      ['-3', 5],
      ['80', 80],
    ] as const) {
      const body = (await search(buyer, { market_id: fx.marketAll, pageSize: asked })).json() as ListBody;
      expect(body.pageSize).toBe(size);
      expect(body.rows.length).toBe(Math.min(size, contractsAtAmes.length));
    }
    for (const page of ['0', '-2', 'abc', '2.5']) {
      expect(((await search(buyer, { market_id: fx.marketAll, page, pageSize: 5 })).json() as ListBody).page).toBe(1);
    }
    const beyond = (await search(buyer, { market_id: fx.marketAll, page: 500, pageSize: 5 })).json() as ListBody;
    expect(beyond.rows).toEqual([]);
    expect(beyond.paginationToken).toBeNull();
  });
});

describe('contracts/search: CSV export', () => {
  it('answers text/csv with the view columns, every row, and neutralised formulas', async () => {
    const view = 'signature_mismatch';
    const expected = contractsAtAmes.filter((f) => contractInView(f, view, fx.today));
    const res = await get(
      buyer,
      `${CTRM}/contracts/search?market_id=${fx.marketAll}&predefinedFilter=${view}&pageSize=5`,
      { accept: 'text/csv' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="contracts-signature-mismatch-${fx.today}.csv"`,
    );
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      viewColumns(view)
        .map((c) => LIST_COLUMN_LABELS[c])
        .join(','),
    );
    expect(lines.length - 2).toBe(expected.length);
    const formula = lines.find((l) => l.includes('HYPERLINK'))!;
    expect(formula).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    const viaParam = await get(
      buyer,
      `${CTRM}/contracts/search?market_id=${fx.marketAll}&predefinedFilter=${view}&format=csv`,
    );
    expect(viaParam.body).toBe(res.body);
  });

  it('exports the deliveries view with the ticket columns', async () => {
    const res = await get(
      buyer,
      `${CTRM}/contracts/search?market_id=${fx.marketAll}&predefinedFilter=unapplied&format=csv`,
    );
    expect(res.headers['content-disposition']).toContain('deliveries-unapplied-');
    expect(res.body.split('\r\n')[0]).toBe(
      viewColumns('unapplied')
        .map((c) => LIST_COLUMN_LABELS[c])
        .join(','),
    );
    expect(res.body.split('\r\n').length - 2).toBe(
      ticketsAtAmes.filter((f) => contractInView(f, 'unapplied', fx.today)).length,
    );
  });

  it('counts and exports at most 10,000 rows', async () => {
    const db = t.database.db;
    const inserted = (await db.execute(
      sql`insert into markets (partner_id, slug, city, administrative_area_level_1, country_code) values ('demo', 'fx-bulk', 'Bulk', 'IA', 'USA') returning id`,
    )) as unknown as { rows: { id: number }[] };
    const market = inserted.rows[0]!.id;
    await db.execute(
      sql`insert into market_user_permissions (market_id, user_id, permissions) values (${market}, ${fx.buyerId}, array['contracts'])`,
    );
    await db.execute(sql`
      insert into contracts (partner_id, market_id, client_id, display_contract_id, contract_type, crop_id, crop_year, quantity,
        delivery_start, delivery_end, price_status, contract_date)
      select 'demo', ${market}, ${fx.demoClients[0]!}, 'FX-BULK-' || g, 'flat', 1, 2026, 1000 + g, date '2026-10-01', date '2026-11-30', 'unpriced',
        date '2026-01-01' + (g % 300)
      from generate_series(1, 10050) as g`);
    const body = (await search(buyer, { market_id: market, pageSize: 100, page: 100 })).json() as ListBody;
    expect(body.totalCount).toBe(10000);
    expect(body.rows).toHaveLength(100);
    expect(body.paginationToken).toBeNull();
    const last = (await search(buyer, { market_id: market, pageSize: 100, page: 101 })).json() as ListBody;
    expect(last.rows).toEqual([]);
    const csv = await get(buyer, `${CTRM}/contracts/search?market_id=${market}&format=csv`);
    expect(csv.body.split('\r\n').length - 2).toBe(10000);
    await db.execute(sql`delete from contracts where market_id = ${market}`);
  }, 60_000);
});

describe('contracts/search: access', () => {
  it('needs a session (401) and the grain buying experience (a farmer gets 403)', async () => {
    expect((await get(null, `${CTRM}/contracts/search`)).statusCode).toBe(401);
    const res = await search(farmer, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('a market of the partner without the contracts permission answers 403', async () => {
    for (const market of [fx.marketBidsOnly, fx.marketNone]) {
      const res = await search(buyer, { market_id: market });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect((await search(buyer, { market_id: fx.marketBidsOnly, tab: 'deliveries' })).statusCode).toBe(403);
  });

  it("another partner's ids answer 404: market, client, contract, scope", async () => {
    expect((await search(prairie, { market_id: fx.marketAll })).statusCode).toBe(404);
    expect((await search(prairie, { client_legal_entity_id: fx.demoClients[0]! })).statusCode).toBe(404);
    expect((await search(buyer, { market_id: fx.prairieMarket })).statusCode).toBe(404);
    expect((await search(buyer, { market_id: 99999 })).statusCode).toBe(404);
    const demoContract = contractsAtAmes[0]!;
    expect((await get(prairie, `${CTRM}/seller/${demoContract.clientId}/contract/${demoContract.id}`)).statusCode).toBe(
      404,
    );
    expect((await get(prairie, `${CTRM}/seller/${demoContract.clientId}/contract`)).statusCode).toBe(404);
    expect((await get(buyer, `${CTRM}/seller/${fx.prairieClient}/contract/${fx.prairieContract}`)).statusCode).toBe(
      404,
    );
    expect((await get(prairie, `${CTRM}/scope/${fx.demoPlatformId}/search`)).statusCode).toBe(404);
  });

  it("without market_id, the user's first market whose tab they may use; another partner sees only theirs", async () => {
    const firstWithContracts = async (caller: Caller, platformId: number) => {
      const markets = (await get(caller, `${MERCH}/le/${platformId}/markets?limit_by_user_id=true`)).json().markets as {
        id: number;
        entitlements: string[];
      }[];
      return markets.find((m) => m.entitlements.includes('grain-buying-contracts'))!.id;
    };
    const mine = (await search(buyer, { pageSize: 5 })).json() as ListBody;
    const myFirst = await firstWithContracts(buyer, fx.demoPlatformId);
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.marketId === myFirst)).toBe(true);
    const theirs = (await search(prairie, { pageSize: 100 })).json() as ListBody;
    const theirFirst = await firstWithContracts(prairie, fx.prairiePlatformId);
    expect(theirs.rows.every((r) => r.marketId === theirFirst)).toBe(true);
    const prairieMarket = (await search(prairie, { market_id: fx.prairieMarket })).json() as ListBody;
    expect(ids(prairieMarket.rows)).toEqual([fx.prairieContract]);
    // Not a number: read leniently (section 2), as if absent.
    const lenient = (await search(buyer, { market_id: 'abc', pageSize: 5 })).json() as ListBody;
    expect(ids(lenient.rows)).toEqual(ids(mine.rows));
  });

  it('bad path ids are 400 with a code, never a 500', async () => {
    for (const url of [
      `${CTRM}/seller/abc/contract/1`,
      `${CTRM}/seller/1/contract/1e3`,
      `${CTRM}/scope/0/search`,
      `${CTRM}/scope/-4/search`,
      `${MERCH}/document/x`,
    ]) {
      const res = await get(buyer, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    expect((await get(buyer, `${MERCH}/documents?status=bogus`)).statusCode).toBe(400);
  });

  it('a market permission revoked is refused by the very next call (the actor is read with the session, never kept)', async () => {
    expect((await search(buyer, { market_id: fx.marketAll, pageSize: 5 })).statusCode).toBe(200);
    const where = sql`market_id = ${fx.marketAll} and user_id = ${fx.buyerId}::uuid`;
    await t.database.db.execute(
      sql`update market_user_permissions set permissions = array_remove(permissions, 'contracts') where ${where}`,
    );
    try {
      expect((await search(buyer, { market_id: fx.marketAll, pageSize: 5 })).statusCode).toBe(403);
    } finally {
      await t.database.db.execute(
        sql`update market_user_permissions set permissions = array_append(permissions, 'contracts') where ${where}`,
      );
    }
    expect((await search(buyer, { market_id: fx.marketAll, pageSize: 5 })).statusCode).toBe(200);
  });

  it("an admin acting as a buyer gets that buyer's partner and markets; once the buyer is suspended, their own", async () => {
    const admin = await signIn(t, DEMO_ACCOUNTS.admin);
    const adminId = (await t.database.db.execute(
      sql`select id from users where email = ${DEMO_ACCOUNTS.admin}`,
    )) as unknown as { rows: { id: string }[] };
    const setActAs = (userId: string | null) =>
      t.database.db.execute(
        sql`update sessions set act_as_user_id = ${userId}::uuid, act_as_scope = ${userId ? 'full' : null} where user_id = ${adminId.rows[0]!.id}::uuid`,
      );
    await setActAs(fx.prairieBuyerId);
    try {
      const asPrairie = await search(admin, { market_id: fx.prairieMarket });
      expect(asPrairie.statusCode).toBe(200);
      expect(ids((asPrairie.json() as ListBody).rows)).toEqual([fx.prairieContract]);
      expect((await search(admin, { market_id: fx.marketAll })).statusCode).toBe(404);
      await t.database.db.execute(sql`update users set status = 'suspended' where id = ${fx.prairieBuyerId}::uuid`);
      try {
        // The acted-as user is no longer active: the admin (a super admin of the demo partner) is back to themself.
        expect((await search(admin, { market_id: fx.prairieMarket })).statusCode).toBe(404);
        expect((await search(admin, { market_id: fx.marketAll, pageSize: 5 })).statusCode).toBe(200);
      } finally {
        await t.database.db.execute(sql`update users set status = 'active' where id = ${fx.prairieBuyerId}::uuid`);
      }
    } finally {
      await setActAs(null);
    }
  });

  it('a NUL in a list parameter is a 400 that says where (the request layer refuses it), never a database error', async () => {
    const res = await get(buyer, `${CTRM}/contracts/search?market_id=${fx.marketAll}&search=GUN%00DER&tag=%00`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', details: [{ path: 'querystring.search' }] });
  });
});

describe('scope search, seller contracts, option months', () => {
  it("the partner's own legal entity scopes the whole list; a client scopes its own contracts", async () => {
    const all = (
      await get(buyer, `${CTRM}/scope/${fx.demoPlatformId}/search?market_id=${fx.marketAll}&pageSize=5`)
    ).json() as ListBody;
    expect(all.totalCount).toBe(contractsAtAmes.length);
    const client = fx.demoClients[3]!;
    const one = await allRows(buyer, { market_id: fx.marketAll, client_legal_entity_id: client });
    const scoped = (await get(buyer, `${CTRM}/scope/${client}/search?market_id=${fx.marketAll}`)).json() as ListBody;
    expect(sorted(ids(scoped.rows))).toEqual(sorted(ids(one.rows)));
    const seller = (await get(buyer, `${CTRM}/seller/${client}/contract?market_id=${fx.marketAll}`)).json() as ListBody;
    expect(sorted(ids(seller.rows))).toEqual(
      sorted(contractsAtAmes.filter((f) => f.clientId === client).map((f) => f.id)),
    );
  });

  it('option-months lists the futures months of the market contracts', async () => {
    const body = (await get(buyer, `${CTRM}/option-months?market_id=${fx.marketAll}`)).json();
    const expected = [
      ...new Set(contractsAtAmes.map((f) => f.optionMonth).filter((m): m is string => m !== null)),
    ].sort();
    expect(body).toEqual({ marketId: fx.marketAll, optionMonths: expected });
    const soy = (await get(buyer, `${CTRM}/option-months?market_id=${fx.marketAll}&crop=SB`)).json();
    expect(soy.optionMonths).toEqual(
      [
        ...new Set(
          contractsAtAmes
            .filter((f) => f.cropId === 2)
            .map((f) => f.optionMonth)
            .filter((m): m is string => m !== null),
        ),
      ].sort(),
    );
    expect((await get(buyer, `${CTRM}/option-months?market_id=${fx.marketBidsOnly}`)).statusCode).toBe(403);
  });
});

describe('contract detail and operations', () => {
  const post = (caller: Caller, url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: headersOf(caller, typeof body === 'string' ? { 'content-type': 'text/plain', ...headers } : headers),
      ...(typeof body === 'string' ? { payload: body } : body === undefined ? {} : { payload: body as object }),
    });

  function pick(predicate: (f: ContractFacts) => boolean): ContractFacts {
    const f = contractsAtAmes.find(predicate);
    if (!f) throw new Error('no fixture contract fits');
    return f;
  }

  const openBoth = (f: ContractFacts) => {
    const q = contractQuantities(f);
    return f.status === 'open' && toDecimal(q.undelivered).greaterThan(1000) && toDecimal(q.unpriced).greaterThan(0);
  };

  it('reads a contract with its version as ETag, events, amendments, documents and allowed operations', async () => {
    const f = pick((x) => x.esignEligible && openBoth(x));
    const res = await get(buyer, `${CTRM}/seller/${f.clientId}/contract/${f.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(res.headers.etag).toBe(`"${body.version}"`);
    expect(body.contract.id).toBe(f.id);
    expect(body.documents.length).toBeGreaterThan(0);
    expect(body.allowedOperations).toEqual(
      expect.arrayContaining(['cancel', 'partial_cancel', 'note', 'futures_roll', 'basis_roll', 'roll']),
    );
    // The contract must be the client's of the path.
    expect(
      (await get(buyer, `${CTRM}/seller/${fx.demoClients.find((c) => c !== f.clientId)}/contract/${f.id}`)).statusCode,
    ).toBe(404);
  });

  it('partial cancel: needs If-Match (428), refuses a stale version (412) and leaves the contract unchanged', async () => {
    const f = pick((x) => openBoth(x) && x.id !== contractsAtAmes[0]!.id);
    const url = `${CTRM}/seller/${f.clientId}/contract/${f.id}`;
    const before = (await get(buyer, url)).json();
    const missing = await post(buyer, `${url}/partial-cancel`, { quantity: '100' });
    expect(missing.statusCode).toBe(428);
    expect(missing.json().code).toBe('precondition_required');
    const stale = await post(
      buyer,
      `${url}/partial-cancel`,
      { quantity: '100' },
      { 'if-match': `"${before.version + 7}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'precondition_failed', details: { currentVersion: before.version } });
    expect((await get(buyer, url)).json()).toEqual(before);
    expect(
      (await post(buyer, `${url}/partial-cancel`, { quantity: '100' }, { 'if-match': 'yesterday' })).statusCode,
    ).toBe(400);

    const tooMuch = await post(
      buyer,
      `${url}/partial-cancel`,
      { quantity: '99999999' },
      { 'if-match': `"${before.version}"` },
    );
    expect(tooMuch.statusCode).toBe(400);
    for (const bad of [
      { quantity: '-5' },
      { quantity: 'ten' },
      { quantity: '1.23456' },
      {},
      { quantity: '5', extra: 1 },
    ]) {
      expect((await post(buyer, `${url}/partial-cancel`, bad, { 'if-match': `"${before.version}"` })).statusCode).toBe(
        400,
      );
    }

    const ok = await post(
      buyer,
      `${url}/partial-cancel`,
      { quantity: '100', reason: 'Farmer short on bushels' },
      { 'if-match': `"${before.version}"` },
    );
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(ok.headers.etag).toBe(`"${before.version + 1}"`);
    expect(body.contract.version).toBe(before.version + 1);
    expect(
      toDecimal(body.contract.contract.cancelledQuantity).minus(toDecimal(before.contract.cancelledQuantity)).toFixed(),
    ).toBe('100');
    expect(body.amendment).toMatchObject({
      action: 'partial_cancel',
      details: { cancelledQuantity: '100', reason: 'Farmer short on bushels' },
    });
    expect(body.amendment.displayContractAmendmentId).toMatch(new RegExp(`^${f.displayContractId}-A\\d+$`));
    expect(body.amendment.createdBy.name).toBe('Dana Merchant');
    expect(body.contract.termsHash).not.toBe(before.termsHash);
    // The same (now stale) version again: refused, nothing lost.
    const again = await post(
      buyer,
      `${url}/partial-cancel`,
      { quantity: '100' },
      { 'if-match': `"${before.version}"` },
    );
    expect(again.statusCode).toBe(412);
    expect((await get(buyer, url)).json().version).toBe(before.version + 1);
  });

  it('a futures roll moves the option month and adds the spread to the futures of unpriced HTA bushels', async () => {
    const f = pick(
      (x) => x.contractType === 'hta' && x.priceStatus === 'futures_set' && openBoth(x) && x.optionMonth !== null,
    );
    const url = `${CTRM}/seller/${f.clientId}/contract/${f.id}`;
    const before = (await get(buyer, url)).json();
    const month = `${Number(f.optionMonth!.slice(0, 4)) + 1}-03`;
    const earlier = await post(
      buyer,
      `${url}/futures-roll`,
      { optionMonth: '2000-01', spread: '0.1' },
      { 'if-match': `"${before.version}"` },
    );
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().details.fields.optionMonth).toBeTruthy();
    expect(
      (await post(buyer, `${url}/futures-roll`, { optionMonth: '2026-13' }, { 'if-match': `"${before.version}"` }))
        .statusCode,
    ).toBe(400);
    // April is no listed month of any grain's futures (the dialogs never offer it): refused on the month, unchanged.
    const unlisted = await post(
      buyer,
      `${url}/futures-roll`,
      { optionMonth: `${Number(f.optionMonth!.slice(0, 4)) + 1}-04`, spread: '0.1' },
      { 'if-match': `"${before.version}"` },
    );
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().details.fields.optionMonth).toMatch(/is not a listed month of \w+ futures/);
    const roll = await post(
      buyer,
      `${url}/roll`,
      {
        optionMonth: `${Number(f.optionMonth!.slice(0, 4)) + 1}-04`,
        spread: '0',
        deliveryStart: f.deliveryStart,
        deliveryEnd: '2099-12-31',
        basisAdjustment: '0',
      },
      { 'if-match': `"${before.version}"` },
    );
    expect(roll.statusCode).toBe(400);
    expect(roll.json().details.fields.optionMonth).toBeTruthy();
    expect((await get(buyer, url)).json().version).toBe(before.version);
    const res = await post(
      buyer,
      `${url}/futures-roll`,
      { optionMonth: month, spread: '0.12' },
      { 'if-match': `"${before.version}"` },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().contract;
    expect(after.contract.optionMonth).toBe(month);
    expect(toDecimal(after.contract.averageFutures).minus(toDecimal(before.contract.averageFutures)).toFixed()).toBe(
      '0.12',
    );
    expect(after.contract.priceStatus).toBe('futures_set');
    expect(res.json().amendment.details).toMatchObject({
      fromOptionMonth: f.optionMonth,
      toOptionMonth: month,
      spread: '0.12',
    });
    // The related view says where the contract came from: rolled in place, from its old month to the new one.
    const related = await get(buyer, `${CTRM}/contracts/related/${f.id}`);
    expect(related.statusCode, related.body).toBe(200);
    expect(related.json().rolls.at(-1)).toEqual({
      amendmentId: res.json().amendment.id,
      displayContractAmendmentId: res.json().amendment.displayContractAmendmentId,
      action: 'futures_roll',
      fromOptionMonth: f.optionMonth,
      toOptionMonth: month,
      fromDelivery: null,
      toDelivery: null,
      rolledAt: res.json().amendment.createdAt,
    });
  });

  it('a basis roll of a signed contract moves the delivery window and puts it in signature_mismatch', async () => {
    const f = pick((x) => x.signed && x.signedTermsHash === x.termsHash && openBoth(x));
    const url = `${CTRM}/seller/${f.clientId}/contract/${f.id}`;
    const inMismatch = async () =>
      ids((await allRows(buyer, { market_id: fx.marketAll, predefinedFilter: 'signature_mismatch' })).rows).includes(
        f.id,
      );
    expect(await inMismatch()).toBe(false);
    const before = (await get(buyer, url)).json();
    const start = f.deliveryEnd;
    const end = `${Number(f.deliveryEnd.slice(0, 4)) + 1}${f.deliveryEnd.slice(4)}`;
    const res = await post(
      buyer,
      `${url}/basis-roll`,
      { deliveryStart: start, deliveryEnd: end, basisAdjustment: '-0.05' },
      { 'if-match': `"${before.version}"` },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contract.contract).toMatchObject({ deliveryStartIsoStr: start, deliveryEndIsoStr: end });
    expect(await inMismatch()).toBe(true);
    const backwards = await post(
      buyer,
      `${url}/basis-roll`,
      { deliveryStart: end, deliveryEnd: start },
      { 'if-match': `"${before.version + 1}"` },
    );
    expect(backwards.statusCode).toBe(400);
  });

  it('a roll does both; a note is plain text and needs no If-Match; cancel closes the contract', async () => {
    const f = pick((x) => openBoth(x) && x.deliveredQuantity === '0.0000' && x.optionMonth !== null && !x.signed);
    const url = `${CTRM}/seller/${f.clientId}/contract/${f.id}`;
    let version = (await get(buyer, url)).json().version as number;
    const roll = await post(
      buyer,
      `${url}/roll`,
      {
        optionMonth: `${Number(f.optionMonth!.slice(0, 4)) + 1}-07`,
        spread: '0.05',
        deliveryStart: f.deliveryStart,
        deliveryEnd: '2099-12-31',
        basisAdjustment: '0.02',
      },
      { 'if-match': `"${version}"` },
    );
    expect(roll.statusCode, roll.body).toBe(200);
    version = roll.json().contract.version;
    const note = await post(buyer, `${url}/note`, 'Farmer asked to roll again in spring.\u0007');
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().amendment).toMatchObject({
      action: 'note',
      details: { note: 'Farmer asked to roll again in spring.' },
    });
    expect(note.json().contract.version).toBe(version);
    expect((await post(buyer, `${url}/note`, '   ')).statusCode).toBe(400);
    const cancel = await post(buyer, `${url}/cancel`, undefined, { 'if-match': `"${version}"` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().contract.contract.contractStatus).toBe('cancelled');
    expect(cancel.json().contract.allowedOperations).toEqual(['note']);
    const again = await post(buyer, `${url}/cancel`, undefined, { 'if-match': `"${version + 1}"` });
    expect(again.statusCode).toBe(409);
    const detail = (await get(buyer, url)).json();
    expect(detail.amendments.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['roll', 'note', 'cancel']),
    );
  });

  it('operations need the contracts permission of the contract market and the CSRF token', async () => {
    const bidsOnly = (await contractFactsOf(t.database.db, 'demo')).find((f) => f.marketId === fx.marketBidsOnly)!;
    expect((await get(buyer, `${CTRM}/seller/${bidsOnly.clientId}/contract/${bidsOnly.id}`)).statusCode).toBe(403);
    expect(
      (await post(buyer, `${CTRM}/seller/${bidsOnly.clientId}/contract/${bidsOnly.id}/note`, 'hello')).statusCode,
    ).toBe(403);
    const f = contractsAtAmes[1]!;
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${CTRM}/seller/${f.clientId}/contract/${f.id}/note`,
      headers: { cookie: buyer.cookie, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('csrf_invalid');
    expect((await post(prairie, `${CTRM}/seller/${f.clientId}/contract/${f.id}/note`, 'x')).statusCode).toBe(404);
    expect((await post(farmer, `${CTRM}/seller/${f.clientId}/contract/${f.id}/note`, 'x')).statusCode).toBe(403);
  });
});

describe('documents', () => {
  it('lists the documents of the market in keyset pages with a total, and reads one', async () => {
    const first = (await get(buyer, `${MERCH}/documents?market_id=${fx.marketAll}&pageSize=5`)).json();
    const all: { id: number }[] = [...first.rows];
    let body = first;
    let page = 1;
    while (body.paginationToken) {
      page += 1;
      body = (
        await get(
          buyer,
          `${MERCH}/documents?market_id=${fx.marketAll}&pageSize=5&page=${page}&paginationToken=${body.paginationToken}`,
        )
      ).json();
      all.push(...body.rows);
    }
    const expected = contractsAtAmes.filter((f) => f.esignEligible).length;
    expect(first.totalCount).toBe(expected);
    expect(all).toHaveLength(expected);
    expect(ids(all)).toEqual([...ids(all)].sort((a, b) => b - a));
    const doc = (await get(buyer, `${MERCH}/document/${all[0]!.id}`)).json();
    expect(doc.content).toMatch(/^Contract FX-/);
    const signed = (await get(buyer, `${MERCH}/documents?market_id=${fx.marketAll}&status=signed&pageSize=100`)).json();
    expect(signed.rows.every((d: { status: string }) => d.status === 'signed')).toBe(true);
  });

  it("another partner's document answers 404; a market without contract_documents 403", async () => {
    const docs = (await get(buyer, `${MERCH}/documents?pageSize=5`)).json().rows as { id: number }[];
    expect((await get(prairie, `${MERCH}/document/${docs[0]!.id}`)).statusCode).toBe(404);
    expect((await get(prairie, `${MERCH}/documents?market_id=${fx.marketAll}`)).statusCode).toBe(404);
    expect((await get(buyer, `${MERCH}/documents?market_id=${fx.marketBidsOnly}`)).statusCode).toBe(403);
    const theirs = (await get(prairie, `${MERCH}/documents?market_id=${fx.prairieMarket}`)).json();
    expect(theirs.rows.map((d: { contractId: number }) => d.contractId)).toEqual([fx.prairieContract]);
    const any = (await get(prairie, `${MERCH}/documents?pageSize=100`)).json();
    expect(any.rows.every((d: { clientId: number }) => !fx.demoClients.includes(d.clientId))).toBe(true);
  });
});

describe('contracts/search: rows written by PostgreSQL', () => {
  // The list's rows are built by PostgreSQL as JSON text (contractRowsJsonSql / ticketRowsJsonSql) and sent as
  // they are. They must be exactly what the domain's row builders give (buildRows over the rows read by
  // id) and what the zod response serialiser used to write: the same bytes, keys in the schema's order.
  const market = { timezone: FIXTURE_TZ } as CrmMarket;

  async function expectDomainRows(view: ContractView, extra: Record<string, string | number> = {}) {
    const listType = extra.tab === 'deliveries' ? 'deliveries' : viewListType(view);
    let token: string | null = null;
    let seen = 0;
    for (let page = 1; ; page++) {
      const res = await search(buyer, {
        market_id: fx.marketAll,
        predefinedFilter: view,
        pageSize: 25,
        page,
        ...extra,
        ...(token ? { paginationToken: token } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = contractListResponseSchema.parse(JSON.parse(res.body));
      const ids = body.rows.map((r) => r.id);
      const facts: Parameters<typeof buildRows>[1] =
        listType === 'contract'
          ? (await contractRowsByIds(t.database.db, ids)).map((r) => ({ kind: 'contract' as const, ...r }))
          : (await ticketRowsByIds(t.database.db, ids)).map((r) => ({ kind: 'scaleTicket' as const, ...r }));
      const expected = await buildRows(t.database.db, facts, market, fx.today, viewColumns(view, listType));
      // Byte for byte what the zod serialiser wrote for the same response.
      expect(res.body).toBe(JSON.stringify(contractListResponseSchema.parse({ ...body, rows: expected })));
      seen += body.rows.length;
      token = body.paginationToken;
      if (!token) return seen;
    }
  }

  it.each(CONTRACT_VIEWS)('%s: every row is the domain builder’s, byte for byte', async (view) => {
    expect(await expectDomainRows(view)).toBeGreaterThan(0);
  });

  it('the deliveries tab and other sorts give the builder’s rows too', async () => {
    expect(await expectDomainRows('default', { tab: 'deliveries' })).toBe(ticketsAtAmes.length);
    expect(await expectDomainRows('needs_pricing', { sort: 'unpricedQuantity', sortOrder: 'desc' })).toBeGreaterThan(0);
    expect(await expectDomainRows('mp_pricing', { sort: 'expiration', sortOrder: 'asc' })).toBeGreaterThan(0);
  });

  it('escapes text exactly as JSON.stringify does (quotes, backslashes, control characters, non-ASCII)', async () => {
    const clientId = contractsAtAmes[0]!.clientId;
    const original = (
      (await t.database.db.execute(sql`select name from legal_entities where id = ${clientId}::bigint`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]!.name;
    const tricky = 'Ødegaard "Big" \\ Farms\n\t\u0001\u001f\u007f ✓ 𝔾 </script>';
    await t.database.db.execute(sql`update legal_entities set name = ${tricky} where id = ${clientId}::bigint`);
    try {
      const res = await search(buyer, { market_id: fx.marketAll, client_legal_entity_id: clientId, pageSize: 100 });
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(res.body) as ListBody;
      expect(body.rows.length).toBeGreaterThan(0);
      expect(body.rows.every((r) => r.client === tricky)).toBe(true);
      expect(res.body).toContain(JSON.stringify(tricky));
    } finally {
      await t.database.db.execute(sql`update legal_entities set name = ${original} where id = ${clientId}::bigint`);
    }
  });
});

describe('marketToday', () => {
  it('is the market zone’s calendar day with its kept formatter, around midnight and for an unknown zone too', () => {
    const zones = ['America/Chicago', 'America/Regina', 'Pacific/Auckland', 'UTC', 'Not/AZone'];
    const instants = [
      '2026-01-01T05:59:59Z',
      '2026-01-01T06:00:00Z',
      '2026-03-08T08:30:00Z',
      '2026-12-31T23:59:59Z',
      '2026-06-15T12:00:00Z',
    ];
    for (const timezone of zones) {
      const fresh = new Intl.DateTimeFormat('en-CA', {
        timeZone: marketZone({ timezone }),
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      for (const at of instants)
        expect(marketToday({ timezone }, new Date(at)), `${timezone} ${at}`).toBe(fresh.format(new Date(at)));
    }
  });
});
