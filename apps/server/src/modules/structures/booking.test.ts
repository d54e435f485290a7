// Booking and the life of a structure over the API (issue 18; decision 062's booking section): quotes created, edited,
// saved and cancelled; trades on a verbal confirmation and through e-sign (the client signs on the farmer's side); the
// CRM list with today's close cost; the close cost, a close requested by the merchandiser or the farmer and decided;
// the farmer's read-only structures. Every call with its permissions (structures reads, structures-admin writes,
// another partner's ids and unseen markets 404), If-Match, 400s naming fields, and failed writes that change nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_PARAMETERS, tradingDays, valueStructure, type StructureState } from '@granary/scs-engine';
import {
  addDays,
  closeCostSchema,
  farmerStructureDetailSchema,
  farmerStructureListSchema,
  signingReviewSchema,
  structureDetailSchema,
  structureRowsSchema,
  type StructureDetail,
  type StructureInput,
} from '@granary/domain';
import { rowsOf } from '../../platform/db.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import {
  futuresSymbols,
  legalEntities,
  marketUserPermissions,
  quoteHistory,
  quotes,
  scsParameterSets,
  structures,
  users,
} from '../../db/schema/index.ts';
import { injectAs, startCrmTestApp, type CrmTestApp } from '../../testing/crm-test-app.ts';
import { signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { closeCostOf, exchangeToday } from './booking-engine.ts';

const SCS = '/api/commodities/scs';
const PC = '/api/commodities/profit-center';
const SYMBOL = 'ZCH27';
const PATHS = 4_000;

let app: CrmTestApp;
let reader: Caller;
let nobody: Caller;
let amesOnly: Caller;
let fieldman: number;
let start: string;
let end: string;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const r = await app.t.database.db.execute<{ n: number }>(query);
  return Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0);
}
const audits = (action: string) => count(sql`select count(*)::int as n from audit_log where action = ${action}`);
const notices = (topic: string) => count(sql`select count(*)::int as n from notifications where topic = ${topic}`);

async function buyerWith(email: string, grants: Record<string, unknown>, marketIds: number[]): Promise<Caller> {
  const db = app.t.database.db;
  const [u] = await db
    .insert(users)
    .values({ email, experiences: { grain_buying: true }, partnerId: 'demo', adminPermissions: grants as never })
    .returning({ id: users.id });
  for (const marketId of marketIds)
    await db.insert(marketUserPermissions).values({ marketId, userId: u!.id, permissions: ['contracts', 'info'] });
  return signIn(app.t, email);
}

beforeAll(async () => {
  app = await startCrmTestApp();
  const db = app.t.database.db;
  const today = exchangeToday();
  start = tradingDays(addDays(today, 1), addDays(today, 10))[0]!;
  end = addDays(start, 45);
  // The demo buyer books (structures-admin everywhere); the engine runs few paths so the file stays quick.
  await db
    .update(users)
    .set({ adminPermissions: { 'buyer-admin': 'all', 'structures-admin': 'all' } as never })
    .where(eq(users.email, DEMO_ACCOUNTS.buyer));
  await db.insert(scsParameterSets).values({
    partnerId: 'demo',
    parameters: { ...DEFAULT_PARAMETERS, scs: DEFAULT_PARAMETERS.scs.map((r) => ({ ...r, paths: PATHS })) },
  });
  await db
    .insert(futuresSymbols)
    .values({
      symbol: SYMBOL,
      root: 'ZC',
      exchange: 'CBOT',
      cropId: 1,
      monthCode: 'H',
      optionMonth: '2027-03',
      lastTradeDay: '2027-03-12',
    })
    .onConflictDoNothing();
  await db
    .insert(quotes)
    .values({ symbol: SYMBOL, last: '4.5000', previousSettle: '4.4800', tradeDate: today, source: 'import' })
    .onConflictDoUpdate({ target: quotes.symbol, set: { last: '4.5000', tradeDate: today } });
  const [farm] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(and(eq(legalEntities.name, 'Fieldman Family Farms'), eq(legalEntities.partnerId, 'demo')));
  fieldman = farm!.id;
  reader = await buyerWith('scs-reader@demo.granary.test', { structures: 'all' }, [app.fx.marketAll]);
  nobody = await buyerWith('scs-none@demo.granary.test', {}, [app.fx.marketAll]);
  amesOnly = await buyerWith('scs-ames@demo.granary.test', { 'structures-admin': [String(app.fx.marketAll)] }, [
    app.fx.marketAll,
    app.fx.marketBidsOnly,
  ]);
  // The other buyers and the farmer sign in after the grants: the session carries them.
  app.buyer = await signIn(app.t, DEMO_ACCOUNTS.buyer);
}, 120_000);
afterAll(async () => app.t.close());

function accumulator(extra: Partial<Extract<StructureInput, { kind: 'accumulator' }>> = {}): StructureInput {
  return {
    kind: 'accumulator',
    side: 'sale',
    cropId: 1,
    optionMonth: '2027-03',
    start,
    end,
    quantity: '50000',
    fee: '0.05',
    frequency: 'daily',
    accumulationLevel: '4.80',
    knockOut: '4.00',
    doubleUp: 'daily',
    ...extra,
  };
}

function body(extra: Record<string, unknown> = {}, input: StructureInput = accumulator()) {
  return {
    marketId: app.fx.marketAll,
    clientLegalEntityId: fieldman,
    cropYear: 2026,
    name: 'Winter corn',
    input,
    ...extra,
  };
}

async function quote(caller: Caller = app.buyer, payload: object = body()): Promise<StructureDetail> {
  const res = await injectAs(app.t, caller, 'POST', `${SCS}/structure`, payload);
  expect(res.statusCode, res.body).toBe(201);
  return structureDetailSchema.parse(res.json());
}

const get = (url: string, caller: Caller = app.buyer) => injectAs(app.t, caller, 'GET', url);

async function trade(s: StructureDetail, confirmation: 'verbal' | 'esign', caller: Caller = app.buyer) {
  return injectAs(
    app.t,
    caller,
    'POST',
    `${SCS}/trade`,
    { structureId: s.id, confirmation },
    {
      'if-match': `"${s.version}"`,
    },
  );
}

async function live(payload: object = body()): Promise<StructureDetail> {
  const q = await quote(app.buyer, payload);
  const res = await trade(q, 'verbal');
  expect(res.statusCode, res.body).toBe(200);
  return structureDetailSchema.parse(res.json());
}

/**
 * A corn month quoted today at 4.50 whose feed was down: only the given settles of the last trading days are recorded
 * (as the feed records them). Answers the trading days of the last 12 days, oldest first.
 */
async function lateMonth(
  symbol: string,
  optionMonth: string,
  settles: (days: string[]) => (readonly [string, string])[],
): Promise<string[]> {
  const db = app.t.database.db;
  await db
    .insert(futuresSymbols)
    .values({
      symbol,
      root: 'ZC',
      exchange: 'CBOT',
      cropId: 1,
      monthCode: symbol[2]!,
      optionMonth,
      lastTradeDay: `${optionMonth}-14`,
    })
    .onConflictDoNothing();
  const today = exchangeToday();
  await db
    .insert(quotes)
    .values({ symbol, last: '4.5000', previousSettle: '4.4800', tradeDate: today, source: 'import' })
    .onConflictDoUpdate({ target: quotes.symbol, set: { last: '4.5000', tradeDate: today } });
  await db.delete(quoteHistory).where(eq(quoteHistory.symbol, symbol));
  const days = tradingDays(addDays(today, -12), addDays(today, -1));
  for (const [day, price] of settles(days))
    await db
      .insert(quoteHistory)
      .values({ symbol, price, kind: 'settle', source: 'simulated', quotedAt: new Date(`${day}T19:20:00Z`) });
  return days;
}

async function rowOf(id: number) {
  const [row] = await app.t.database.db.select().from(structures).where(eq(structures.id, id));
  return row!;
}

describe('quotes', () => {
  it('creates a quote valued at the latest futures, audited, with its rules in words', async () => {
    const before = await audits('structure_quote_create');
    const res = await injectAs(app.t, app.buyer, 'POST', `${SCS}/structure`, body());
    expect(res.statusCode, res.body).toBe(201);
    const s = structureDetailSchema.parse(res.json());
    expect(res.headers.etag).toBe(`"${s.version}"`);
    expect(s).toMatchObject({ status: 'quote', kind: 'accumulator', side: 'sale', futuresSymbol: SYMBOL });
    expect(s.lastQuote?.futures).toBe('4.5000');
    expect(s.keyTerms).toMatchObject({ level: '4.80', knockOut: '4.00', doubleUp: 'daily', frequency: 'daily' });
    expect(s.distanceToKnockOut).toBe('0.5000');
    expect(s.remainingBushels).toBe('50000.00');
    expect(s.daysLeft).toBe(s.keyTerms.observations);
    expect(s.rules.join(' ')).toMatch(/priced at \$4\.80/);
    expect(s.rules.join(' ')).toMatch(/knock-out \$4\.00/);
    expect(s.observations).toEqual([]);
    expect(await audits('structure_quote_create')).toBe(before + 1);
  });

  it('refuses inconsistent terms with a 400 naming the field, writing nothing', async () => {
    const rows = await count(sql`select count(*)::int as n from structures`);
    const auditRows = await audits('structure_quote_create');
    const cases: [StructureInput, string][] = [
      [accumulator({ knockOut: '4.90' }), 'knockOut'],
      [accumulator({ end: addDays(start, -3) }), 'end'],
      [accumulator({ cropId: 58 }), 'cropId'],
      [accumulator({ optionMonth: '2027-02' }), 'optionMonth'],
    ];
    for (const [input, field] of cases) {
      const res = await injectAs(app.t, app.buyer, 'POST', `${SCS}/structure`, body({}, input));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_structure_terms', details: { field } });
    }
    const zero = await injectAs(app.t, app.buyer, 'POST', `${SCS}/structure`, body({}, accumulator({ quantity: '0' })));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/input\.quantity/);
    expect(await count(sql`select count(*)::int as n from structures`)).toBe(rows);
    expect(await audits('structure_quote_create')).toBe(auditRows);
  });

  it('needs a futures quote of the month to price at (409 no_futures_quote)', async () => {
    const db = app.t.database.db;
    await db.delete(quotes).where(eq(quotes.symbol, SYMBOL));
    const res = await injectAs(app.t, app.buyer, 'POST', `${SCS}/structure`, body());
    await db.insert(quotes).values({
      symbol: SYMBOL,
      last: '4.5000',
      previousSettle: '4.4800',
      tradeDate: exchangeToday(),
      source: 'import',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('no_futures_quote');
  });

  it('saves a quote by saved-structure and lists only the user’s own saved quotes', async () => {
    const res = await injectAs(app.t, app.buyer, 'POST', `${SCS}/saved-structure`, body({ name: 'Saved corn' }));
    expect(res.statusCode, res.body).toBe(201);
    const saved = structureDetailSchema.parse(res.json());
    const mine = structureRowsSchema.parse((await get(`${SCS}/saved-structure?pageSize=100`)).json());
    expect(mine.rows.map((r) => r.id)).toContain(saved.id);
    expect(mine.rows.every((r) => r.status === 'quote')).toBe(true);
    const theirs = structureRowsSchema.parse((await get(`${SCS}/saved-structure`, reader)).json());
    expect(theirs.rows.map((r) => r.id)).not.toContain(saved.id);
  });

  it('edits a quote at the version read (If-Match), re-valued, audited with the changes', async () => {
    const q = await quote();
    const url = `${SCS}/structure/${q.id}`;
    const edited = body({ name: 'Edited' }, accumulator({ accumulationLevel: '4.90', knockOut: '4.10' }));
    expect((await injectAs(app.t, app.buyer, 'PUT', url, edited)).statusCode).toBe(428);
    const stale = await injectAs(app.t, app.buyer, 'PUT', url, edited, { 'if-match': `"${q.version + 1}"` });
    expect(stale.statusCode).toBe(412);
    const bad = await injectAs(app.t, app.buyer, 'PUT', url, body({}, accumulator({ knockOut: '5.00' })), {
      'if-match': `"${q.version}"`,
    });
    expect(bad.json()).toMatchObject({ code: 'invalid_structure_terms', details: { field: 'knockOut' } });
    const unchanged = await rowOf(q.id);
    expect(unchanged.version).toBe(q.version);
    const edits = await audits('structure_quote_edit');
    const ok = await injectAs(app.t, app.buyer, 'PUT', url, edited, { 'if-match': `"${q.version}"` });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = structureDetailSchema.parse(ok.json());
    expect(after).toMatchObject({
      version: q.version + 1,
      name: 'Edited',
      keyTerms: { level: '4.90', knockOut: '4.10' },
    });
    expect(await audits('structure_quote_edit')).toBe(edits + 1);
    const [entry] = rowsOf<{ details: { changes: Record<string, unknown> } }>(
      await app.t.database.db.execute(
        sql`select details from audit_log where action = 'structure_quote_edit' and target_id = ${String(q.id)}`,
      ),
    );
    expect(Object.keys(entry!.details.changes).sort()).toEqual(['accumulationLevel', 'knockOut', 'name']);
  });

  it('cancels a quote (If-Match); a live structure cannot be cancelled', async () => {
    const q = await quote();
    const url = `${SCS}/structure/${q.id}`;
    const res = await injectAs(app.t, app.buyer, 'DELETE', url, undefined, { 'if-match': `"${q.version}"` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const s = await live();
    const refused = await injectAs(app.t, app.buyer, 'DELETE', `${SCS}/structure/${s.id}`, undefined, {
      'if-match': `"${s.version}"`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('structure_status_conflict');
  });
});

describe('permissions and scope', () => {
  it('structures reads and prices; structures-admin books; neither is 403', async () => {
    const s = await live();
    expect((await get(`${SCS}/structure/${s.id}`, reader)).statusCode).toBe(200);
    expect((await get(`${SCS}/structures`, reader)).statusCode).toBe(200);
    expect((await get(`${SCS}/structure/${s.id}/close-cost`, reader)).statusCode).toBe(200);
    const writes = await Promise.all([
      injectAs(app.t, reader, 'POST', `${SCS}/structure`, body()),
      injectAs(
        app.t,
        reader,
        'POST',
        `${SCS}/trade`,
        { structureId: s.id, confirmation: 'verbal' },
        { 'if-match': '"1"' },
      ),
      injectAs(app.t, reader, 'POST', `${SCS}/structure/${s.id}/request-close`, {}),
    ]);
    for (const r of writes) expect(r.statusCode).toBe(403);
    for (const url of [`${SCS}/structures`, `${SCS}/structure/${s.id}`, `${SCS}/saved-structure`])
      expect((await get(url, nobody)).json().code).toBe('forbidden');
    expect((await injectAs(app.t, app.farmer, 'GET', `${SCS}/structures`)).statusCode).toBe(403);
  });

  it("another partner's structure, client or market is 404, as is a market the buyer does not see", async () => {
    const s = await live();
    expect((await get(`${SCS}/structure/${s.id}`, app.prairie)).statusCode).toBe(403);
    await app.t.database.db
      .update(users)
      .set({ adminPermissions: { 'structures-admin': 'all' } as never })
      .where(eq(users.email, DEMO_ACCOUNTS.prairieBuyer));
    const prairie = await signIn(app.t, DEMO_ACCOUNTS.prairieBuyer);
    expect((await get(`${SCS}/structure/${s.id}`, prairie)).statusCode).toBe(404);
    expect((await get(`${SCS}/structure/${s.id}/close-cost`, prairie)).statusCode).toBe(404);
    const list = structureRowsSchema.parse((await get(`${SCS}/structures`, prairie)).json());
    expect(list.rows.map((r) => r.id)).not.toContain(s.id);
    const clientOfPrairie = await injectAs(
      app.t,
      app.buyer,
      'POST',
      `${SCS}/structure`,
      body({ clientLegalEntityId: app.fx.prairieClient }),
    );
    expect(clientOfPrairie.statusCode).toBe(404);
    const unseen = await injectAs(app.t, app.buyer, 'POST', `${SCS}/structure`, body({ marketId: app.fx.marketNone }));
    expect(unseen.statusCode).toBe(404);
    const prairieMarket = await injectAs(
      app.t,
      app.buyer,
      'POST',
      `${SCS}/structure`,
      body({ marketId: app.fx.prairieMarket }),
    );
    expect(prairieMarket.statusCode).toBe(404);
    // A structure in a market the buyer sees none of is as unknown as another partner's.
    await app.t.database.db.update(structures).set({ marketId: app.fx.marketNone }).where(eq(structures.id, s.id));
    expect((await get(`${SCS}/structure/${s.id}`)).statusCode).toBe(404);
    expect((await get(`${SCS}/structures?market_id=${app.fx.marketNone}`)).statusCode).toBe(404);
  });

  it('a grant for some markets books there only (403 elsewhere)', async () => {
    expect((await quote(amesOnly)).marketId).toBe(app.fx.marketAll);
    const elsewhere = await injectAs(
      app.t,
      amesOnly,
      'POST',
      `${SCS}/structure`,
      body({ marketId: app.fx.marketBidsOnly }),
    );
    expect(elsewhere.statusCode).toBe(403);
  });
});

describe('trading', () => {
  it('trades a quote on a verbal confirmation: live, terms frozen, audited, the farmer told', async () => {
    const q = await quote();
    const told = await notices('contracts.structure_traded');
    const trades = await audits('structure_trade');
    expect(
      (await injectAs(app.t, app.buyer, 'POST', `${SCS}/trade`, { structureId: q.id, confirmation: 'verbal' }))
        .statusCode,
    ).toBe(428);
    const res = await trade(q, 'verbal');
    expect(res.statusCode, res.body).toBe(200);
    const s = structureDetailSchema.parse(res.json());
    expect(s).toMatchObject({ status: 'live', version: q.version + 1 });
    expect(s.tradedAt).not.toBeNull();
    // Who traded it reads as a person (the demo buyer's name, else e-mail), never as a user id.
    expect(s.tradedBy).toMatch(/[A-Za-z]/);
    expect(s.tradedBy).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(s.quotedBy).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(await audits('structure_trade')).toBe(trades + 1);
    expect(await notices('contracts.structure_traded')).toBeGreaterThan(told);
    const again = await trade(s, 'verbal');
    expect(again.statusCode).toBe(409);
    const edit = await injectAs(app.t, app.buyer, 'PUT', `${SCS}/structure/${s.id}`, body(), {
      'if-match': `"${s.version}"`,
    });
    expect(edit.json().code).toBe('structure_status_conflict');
  });

  it('trades a late-booked quote (its period began days ago): the recorded settles are observed at once, in order, up to the first day still waiting for its settle, which the close cost values at today’s futures', async () => {
    const db = app.t.database.db;
    // The feed settled the first two days of the period and was down since.
    const past = await lateMonth('ZCN27', '2027-07', (days) => [
      [days[0]!, '4.4000'],
      [days[1]!, '4.8500'],
      [days[3]!, '4.4500'],
    ]);
    const late = accumulator({ start: past[0]!, end, optionMonth: '2027-07' });
    const priced = await injectAs(app.t, app.buyer, 'POST', `${SCS}/pricing-tool`, { input: late, paths: 2_000 });
    expect(priced.statusCode, priced.body).toBe(200);
    const q = await quote(app.buyer, body({}, late));
    const res = await trade(q, 'verbal');
    expect(res.statusCode, res.body).toBe(200);
    const s = structureDetailSchema.parse(res.json());
    expect(s.status).toBe('live');
    // Days 1 and 2 observed (one slice, then a doubled one); day 3 has no settle: day 4's waits behind it.
    expect(s.observations.map((o) => [o.date, o.settle])).toEqual([
      [past[0], '4.4000'],
      [past[1], '4.8500'],
    ]);
    expect((await rowOf(s.id)).state).toMatchObject({ observedThrough: past[1] });
    // The trade's quote was priced from those two recorded settles, not at today's futures for days already settled.
    const [traded] = rowsOf<{ details: { valuedFromSettlesThrough: string | null } }>(
      await db.execute(
        sql`select details from audit_log where action = 'structure_trade' and target_id = ${String(s.id)}`,
      ),
    );
    expect(traded!.details.valuedFromSettlesThrough).toBe(past[1]);
    const cost = await get(`${SCS}/structure/${s.id}/close-cost`);
    expect(cost.statusCode, cost.body).toBe(200);
  });

  it('a stale If-Match leaves the quote and its audit as they were', async () => {
    const q = await quote();
    const trades = await audits('structure_trade');
    const res = await trade({ ...q, version: q.version + 3 }, 'verbal');
    expect(res.statusCode).toBe(412);
    expect(await rowOf(q.id)).toMatchObject({ status: 'quote', version: q.version });
    expect(await audits('structure_trade')).toBe(trades);
  });

  it('trades through e-sign: pending the client’s signature; the farmer signs and it is live', async () => {
    const q = await quote();
    const res = await trade(q, 'esign');
    expect(res.statusCode, res.body).toBe(200);
    const pending = structureDetailSchema.parse(res.json());
    expect(pending.status).toBe('pending_signature');
    expect(pending.confirmation).toMatchObject({ state: 'open' });
    const requestId = pending.confirmation!.requestId;
    expect(
      await count(
        sql`select count(*)::int as n from contract_documents d join structure_confirmations c on c.document_id = d.id where c.structure_id = ${pending.id} and d.kind = 'structure'`,
      ),
    ).toBe(1);
    expect(await notices('contract_signature.structure')).toBeGreaterThan(0);
    // The farmer's side: the link is theirs, the review shows the structure's terms and rules, and the PDF is served.
    const urls = (await injectAs(app.t, app.farmer, 'GET', `${PC}/signing/urls`)).json().rows as {
      structureId?: number;
    }[];
    expect(urls.some((u) => u.structureId === pending.id)).toBe(true);
    const review = signingReviewSchema.parse(
      (await injectAs(app.t, app.farmer, 'GET', `${PC}/signing/${requestId}`)).json(),
    );
    expect(review.structure).toMatchObject({
      structureId: pending.id,
      kindLabel: 'Accumulator',
      clientName: 'Fieldman Family Farms',
    });
    expect(review.structure!.levels.map((l) => l.label)).toEqual([
      'Accumulation level',
      'Knock-out',
      'Double-up trigger',
    ]);
    const pdf = await injectAs(app.t, app.farmer, 'GET', `${PC}/signing/${requestId}/document`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    const farmerView = farmerStructureDetailSchema.parse(
      (await injectAs(app.t, app.farmer, 'GET', `${PC}/structures/${pending.id}`)).json(),
    );
    expect(farmerView.signingPath).toBe(`/profit-center/builtin/sign/${requestId}`);
    const signed = await injectAs(app.t, app.farmer, 'POST', `${PC}/signing/${requestId}/sign`, {
      name: 'Dana Fieldman',
      consent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ structureId: pending.id, redirectTo: '/my-sales-lite/structures' });
    const after = structureDetailSchema.parse((await get(`${SCS}/structure/${pending.id}`)).json());
    expect(after.status).toBe('live');
    expect(after.confirmation).toMatchObject({ state: 'signed', signerName: 'Dana Fieldman' });
    expect(await audits('structure_esign_signed')).toBeGreaterThan(0);
  });

  it('a late-booked structure traded through e-sign is observed as soon as the client signs, not at the next catch-up', async () => {
    const db = app.t.database.db;
    const past = await lateMonth('ZCU27', '2027-09', (days) => [
      [days[0]!, '4.4000'],
      [days[1]!, '4.8500'],
    ]);
    // Whatever is due now (the catch-up's first run) runs before: its next run is 15 minutes away.
    await runDueJobs(db, new Date());
    const q = await quote(app.buyer, body({}, accumulator({ start: past[0]!, end, optionMonth: '2027-09' })));
    const pending = structureDetailSchema.parse((await trade(q, 'esign')).json());
    expect(pending.status).toBe('pending_signature');
    expect(pending.observations).toEqual([]);
    const signed = await injectAs(app.t, app.farmer, 'POST', `${PC}/signing/${pending.confirmation!.requestId}/sign`, {
      name: 'Dana Fieldman',
      consent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // The signing enqueued the observation of its symbol; the worker's next poll runs it.
    const jobs = rowsOf<{ payload: { symbols: string[] } }>(
      await db.execute(sql`select payload from jobs where kind = 'structures.observe' and status = 'pending'`),
    );
    expect(jobs.map((j) => j.payload.symbols)).toContainEqual(['ZCU27']);
    expect(await runDueJobs(db, new Date())).toBeGreaterThan(0);
    const after = structureDetailSchema.parse((await get(`${SCS}/structure/${pending.id}`)).json());
    expect(after.status).toBe('live');
    expect(after.observations.map((o) => [o.date, o.settle])).toEqual([
      [past[0], '4.4000'],
      [past[1], '4.8500'],
    ]);
    // Signing a structure whose period has not begun enqueues nothing.
    const ahead = structureDetailSchema.parse((await trade(await quote(), 'esign')).json());
    await runDueJobs(db, new Date());
    const signedAhead = await injectAs(
      app.t,
      app.farmer,
      'POST',
      `${PC}/signing/${ahead.confirmation!.requestId}/sign`,
      { name: 'Dana Fieldman', consent: true },
    );
    expect(signedAhead.statusCode, signedAhead.body).toBe(200);
    expect(
      await count(sql`select count(*)::int as n from jobs where status = 'pending' and kind = 'structures.observe'`),
    ).toBe(0);
  });

  it('cancelling a structure waiting for its signature voids the link', async () => {
    const q = await quote();
    const pending = structureDetailSchema.parse((await trade(q, 'esign')).json());
    const requestId = pending.confirmation!.requestId;
    const res = await injectAs(app.t, app.buyer, 'DELETE', `${SCS}/structure/${pending.id}`, undefined, {
      'if-match': `"${pending.version}"`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sign = await injectAs(app.t, app.farmer, 'POST', `${PC}/signing/${requestId}/sign`, {
      name: 'Dana',
      consent: true,
    });
    expect(sign.statusCode).toBe(409);
    expect((await rowOf(pending.id)).status).toBe('cancelled');
  });

  it('an e-signed trade for a client nobody of is onboarded is refused and changes nothing', async () => {
    const q = await quote(app.buyer, body({ clientLegalEntityId: app.fx.demoClients[1]! }));
    const trades = await audits('structure_trade');
    const res = await trade(q, 'esign');
    expect(res.statusCode).toBe(409);
    expect(res.json().details.reason).toBe('no_signer');
    expect(await rowOf(q.id)).toMatchObject({ status: 'quote', version: q.version, signingRequestId: null });
    expect(await audits('structure_trade')).toBe(trades);
  });
});

describe('the CRM list', () => {
  it('filters by status, client, market and crop, pages, and shows today’s close cost of live rows, cached', async () => {
    const a = await live();
    const b = await live(body({ clientLegalEntityId: app.fx.demoClients[2]! }));
    const res = await get(
      `${SCS}/structures?status=live&client_legal_entity_id=${app.fx.demoClients[2]}&cropId=1&market_id=${app.fx.marketAll}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = structureRowsSchema.parse(res.json());
    expect(list.rows.map((r) => r.id)).toEqual([b.id]);
    const row = list.rows[0]!;
    expect(row.todayCloseCost).not.toBeNull();
    expect(row.todayCloseCost!.futures).toBe('4.5000');
    expect(row.remainingBushels).toBe('50000.00');
    expect(row.distanceToKnockOut).toBe('0.5000');
    expect(await count(sql`select count(*)::int as n from structure_close_costs where structure_id = ${b.id}`)).toBe(1);
    const computedAt = row.todayCloseCost!.computedAt;
    const again = structureRowsSchema.parse(
      (await get(`${SCS}/structures?status=live&client_legal_entity_id=${app.fx.demoClients[2]}`)).json(),
    );
    expect(again.rows[0]!.todayCloseCost!.computedAt).toBe(computedAt);
    const page1 = structureRowsSchema.parse((await get(`${SCS}/structures?status=live&pageSize=5`)).json());
    expect(page1.rows).toHaveLength(5);
    expect(page1.paginationToken).not.toBeNull();
    const page2 = structureRowsSchema.parse(
      (
        await get(
          `${SCS}/structures?status=live&pageSize=5&page=2&paginationToken=${encodeURIComponent(page1.paginationToken!)}`,
        )
      ).json(),
    );
    expect(page2.rows.map((r) => r.id).some((id) => page1.rows.some((r) => r.id === id))).toBe(false);
    expect([...page1.rows, ...page2.rows].every((r) => r.status === 'live')).toBe(true);
    expect(page1.rows.map((r) => r.id)).toContain(b.id);
    expect(a.id).toBeLessThan(b.id);
    expect((await get(`${SCS}/structures?status=bogus`)).statusCode).toBe(400);
  });
});

describe('closing', () => {
  it('prices the close cost from the state: the remaining terms, the merchandiser’s side', async () => {
    const s = await live();
    const fresh = closeCostSchema.parse((await get(`${SCS}/structure/${s.id}/close-cost`)).json());
    // Nothing priced yet: ending it costs what the whole structure is worth to the merchandiser.
    expect(fresh.closeCost).toBe(fresh.valuation.merchandiserValue);
    expect(fresh.remainingBushels).toBe('50000.00');
    // Some days priced (the state as the nightly job leaves it): the priced bushels are kept, the rest is the cost.
    const row = await rowOf(s.id);
    const state: StructureState = {
      ...row.state,
      pricedBushels: 5000,
      pricedAmount: 5000 * 4.8,
      fixedBushels: 5000,
      fixedAmount: 5000 * 4.8,
    };
    await app.t.database.db
      .update(structures)
      .set({ state, version: row.version + 1 })
      .where(eq(structures.id, s.id));
    const res = await get(`${SCS}/structure/${s.id}/close-cost`);
    expect(res.statusCode, res.body).toBe(200);
    const cost = closeCostSchema.parse(res.json());
    const market = {
      valuationDate: exchangeToday(),
      futures: 4.5,
      vol: cost.valuation.vol,
      discountRate: cost.valuation.discountRate,
    };
    const v = await valueStructure(row.terms, market, { paths: PATHS, state });
    expect(cost.closeCost).toBe(closeCostOf(v, row.terms, state, 4.5).closeCost.toFixed(2));
    expect(Number(cost.closeCost)).not.toBe(Number(cost.valuation.merchandiserValue));
    const quoteOnly = await quote();
    expect((await get(`${SCS}/structure/${quoteOnly.id}/close-cost`)).json().code).toBe('structure_status_conflict');
  });

  it('the merchandiser asks on the client’s behalf, then rejects and approves (If-Match), the farmer told', async () => {
    const s = await live();
    // 5,000 bu priced at $4.80 so far (the state as the nightly job leaves it): approving writes them as an HTA.
    const row = await rowOf(s.id);
    const state: StructureState = {
      ...row.state,
      pricedBushels: 5000,
      pricedAmount: 24000,
      fixedBushels: 5000,
      fixedAmount: 24000,
    };
    await app.t.database.db.update(structures).set({ state }).where(eq(structures.id, s.id));
    const asked = await injectAs(app.t, app.buyer, 'POST', `${SCS}/structure/${s.id}/request-close`, {
      note: 'Client called',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const requested = structureDetailSchema.parse(asked.json());
    expect(requested.status).toBe('close_requested');
    expect(requested.closeRequest?.cost).not.toBeNull();
    const url = `${SCS}/structure/${s.id}/close`;
    expect((await injectAs(app.t, app.buyer, 'POST', url, { decision: 'approve' })).statusCode).toBe(428);
    expect(
      (await injectAs(app.t, reader, 'POST', url, { decision: 'approve' }, { 'if-match': `"${requested.version}"` }))
        .statusCode,
    ).toBe(403);
    const rejected = await injectAs(
      app.t,
      app.buyer,
      'POST',
      url,
      { decision: 'reject', note: 'Market closed' },
      {
        'if-match': `"${requested.version}"`,
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const back = structureDetailSchema.parse(rejected.json());
    expect(back).toMatchObject({ status: 'live', closeRequest: { note: 'Market closed', requestedAt: null } });
    expect(await notices('contracts.structure_close_rejected')).toBeGreaterThan(0);
    const again = structureDetailSchema.parse(
      (await injectAs(app.t, app.buyer, 'POST', `${SCS}/structure/${s.id}/request-close`, {})).json(),
    );
    const approvals = await audits('structure_close_approve');
    const stale = await injectAs(
      app.t,
      app.buyer,
      'POST',
      url,
      { decision: 'approve' },
      { 'if-match': `"${requested.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(await audits('structure_close_approve')).toBe(approvals);
    const approved = await injectAs(
      app.t,
      app.buyer,
      'POST',
      url,
      { decision: 'approve' },
      { 'if-match': `"${again.version}"` },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const closed = structureDetailSchema.parse(approved.json());
    expect(closed.status).toBe('closed');
    expect(closed.closeRequest?.cost).not.toBeNull();
    expect(closed.closeRequest?.closedAt).not.toBeNull();
    expect(closed.daysLeft).toBe(0);
    expect(closed.htaContractId).not.toBeNull();
    const [hta] = rowsOf<{ contract_type: string; quantity: string; futures_price: string; client_id: number }>(
      await app.t.database.db.execute(
        sql`select contract_type, quantity, futures_price, client_id from contracts where id = ${closed.htaContractId}`,
      ),
    );
    // PostgreSQL answers bigint columns as text through a raw query, PGlite as numbers.
    expect(hta!.contract_type).toBe('hta');
    expect(Number(hta!.client_id)).toBe(fieldman);
    expect(Number(hta!.quantity)).toBe(5000);
    expect(Number(hta!.futures_price)).toBe(4.75);
    expect(await audits('structure_close_approve')).toBe(approvals + 1);
    expect(await notices('contracts.structure_close_approved')).toBeGreaterThan(0);
    const decided = await injectAs(
      app.t,
      app.buyer,
      'POST',
      url,
      { decision: 'approve' },
      { 'if-match': `"${closed.version}"` },
    );
    expect(decided.json().code).toBe('structure_status_conflict');
  });
});

describe("the farmer's structures", () => {
  it('sees their farm’s structures but never a quote nor another farm’s, and asks to close one', async () => {
    const mine = await live();
    const q = await quote();
    const other = await live(body({ clientLegalEntityId: app.fx.demoClients[3]! }));
    const res = await injectAs(app.t, app.farmer, 'GET', `${PC}/structures`);
    expect(res.statusCode, res.body).toBe(200);
    const list = farmerStructureListSchema.parse(res.json());
    const ids = list.rows.map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(q.id);
    expect(ids).not.toContain(other.id);
    expect(JSON.stringify(res.json())).not.toMatch(/merchandiserValue|quotedBy|tradedBy/);
    expect((await injectAs(app.t, app.farmer, 'GET', `${PC}/structures/${q.id}`)).statusCode).toBe(404);
    expect((await injectAs(app.t, app.farmer, 'GET', `${PC}/structures/${other.id}`)).statusCode).toBe(404);
    expect(
      (await injectAs(app.t, app.farmer, 'POST', `${PC}/structures/${other.id}/request-close`, {})).statusCode,
    ).toBe(404);
    expect((await injectAs(app.t, app.buyer, 'GET', `${PC}/structures`)).statusCode).toBe(403);
    const asked = await injectAs(app.t, app.farmer, 'POST', `${PC}/structures/${mine.id}/request-close`, {
      note: 'Sell now',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const view = farmerStructureDetailSchema.parse(asked.json());
    expect(view.status).toBe('close_requested');
    expect(view.closeRequest?.cost).not.toBeNull();
    const twice = await injectAs(app.t, app.farmer, 'POST', `${PC}/structures/${mine.id}/request-close`, {});
    expect(twice.statusCode).toBe(409);
    const [entry] = rowsOf<{ details: { onBehalfOfClient: boolean } }>(
      await app.t.database.db.execute(
        sql`select details from audit_log where action = 'structure_close_request' and target_id = ${String(mine.id)}`,
      ),
    );
    expect(entry!.details.onBehalfOfClient).toBe(false);
    // The merchandisers hear of it: the one who traded it and the structures administrators of its market, never a
    // reader nor a buyer without structures; the notice opens the structure in the CRM.
    const told = rowsOf<{ email: string; title: string; body: string; link: string }>(
      await app.t.database.db.execute(
        sql`select u.email, n.title, n.body, n.link from notifications n join users u on u.id = n.user_id
          where n.topic = 'contracts.structure_close_requested' and n.link = ${`/crm/structures?structure=${mine.id}`}`,
      ),
    );
    const emails = told.map((n) => n.email);
    expect(emails).toContain(DEMO_ACCOUNTS.buyer);
    expect(emails).toContain('scs-ames@demo.granary.test');
    expect(emails).not.toContain('scs-reader@demo.granary.test');
    expect(emails).not.toContain('scs-none@demo.granary.test');
    expect(emails).not.toContain(DEMO_ACCOUNTS.farmer);
    expect(new Set(emails).size).toBe(emails.length);
    expect(told[0]!.title).toBe(`Fieldman Family Farms asks to close structure ${mine.id}`);
    expect(told[0]!.body).toMatch(/at a close cost of -?\$[\d,]+\.\d\d: approve or decline it\. Note: Sell now$/);
  });

  it('a close the merchandiser asks for on the client’s behalf tells no merchandiser', async () => {
    const s = await live();
    const res = await injectAs(app.t, app.buyer, 'POST', `${SCS}/structure/${s.id}/request-close`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await count(
        sql`select count(*)::int as n from notifications where topic = 'contracts.structure_close_requested' and link = ${`/crm/structures?structure=${s.id}`}`,
      ),
    ).toBe(0);
  });
});
