// The nightly observation (issue 18, decision 062 'Nightly observation'): a live daily accumulator observed over
// several settles accumulates, doubles on a settle at or above its level, knocks out on a settle at or below its
// knock-out and gets its HTA contract with the right bushels and price; a missed day is caught up once its settle
// arrives, never doubled; a structure whose settle is missing waits; the admin's import of a settle runs it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { INITIAL_STATE, accumulator, type AccumulatorInput, type StructureState } from '@granary/scs-engine';
import { structureInputSchema, type StructureInput } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import {
  auditLog,
  contracts,
  futuresSymbols,
  legalEntities,
  markets,
  notifications,
  pricingEvents,
  quoteHistory,
  structureObservations,
  structures,
} from '../../db/schema/index.ts';
import { completeStructure, observeStructures } from './observation.service.ts';
// What booking's close approval calls, through the module's public file.
import { writeStructureHta } from './structures.public.ts';

let t: TestApp;
let admin: Caller;
let marketId: number;
let clientId: number;

// Far enough in the future that no seeded settlement of the demo touches these symbols' days; each test its own.
const SYMBOLS = ['ZCH36', 'ZCK36', 'ZCN36', 'ZCU36', 'ZCZ36'] as const;
// Monday 2 – Friday 13 November 2026: ten CBOT trading days (Veterans Day is not an exchange holiday).
const DAYS = [
  '2026-11-02',
  '2026-11-03',
  '2026-11-04',
  '2026-11-05',
  '2026-11-06',
  '2026-11-09',
  '2026-11-10',
  '2026-11-11',
  '2026-11-12',
  '2026-11-13',
];
/** The evening of a day, after the close (Central time is UTC−6 in November). */
const evening = (day: string) => new Date(`${day}T23:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
  const db = t.database.db;
  const [ames] = await db.select({ id: markets.id }).from(markets).where(eq(markets.slug, 'ames'));
  marketId = ames!.id;
  const [client] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(and(eq(legalEntities.partnerId, 'demo'), eq(legalEntities.name, 'Fieldman Family Farms')));
  clientId = client!.id;
  await db
    .insert(futuresSymbols)
    .values(
      SYMBOLS.map((symbol) => ({
        symbol,
        root: 'ZC',
        exchange: 'CBOT',
        cropId: 1,
        monthCode: symbol[2]!,
        optionMonth: `2036-${{ H: '03', K: '05', N: '07', U: '09', Z: '12' }[symbol[2]!]}`,
        firstNoticeDay: null,
        lastTradeDay: '2036-12-12',
        priceUnit: 'bushel',
        currency: 'USD',
      })),
    )
    .onConflictDoNothing();
}, 120_000);
afterAll(() => t?.close());

const base: AccumulatorInput = {
  side: 'sale',
  cropId: 1,
  optionMonth: '2036-12',
  start: DAYS[0]!,
  end: DAYS[DAYS.length - 1]!,
  quantity: 10_000,
  fee: 0.05,
  frequency: 'daily',
  accumulationLevel: 4.6,
  knockOut: 4.2,
  doubleUp: 'daily',
};

/** The builder input as the domain stores it (decimal strings), for the booking's views and notices. */
function storedInput(a: AccumulatorInput): StructureInput {
  const dec = (v: number | null | undefined) => (v === null || v === undefined ? null : String(v));
  return structureInputSchema.parse({
    kind: 'accumulator',
    side: a.side,
    cropId: a.cropId,
    optionMonth: a.optionMonth,
    start: a.start,
    end: a.end,
    quantity: String(a.quantity),
    fee: String(a.fee),
    frequency: a.frequency,
    accumulationLevel: String(a.accumulationLevel),
    knockOut: dec(a.knockOut),
    doubleUp: a.doubleUp,
    floor: dec(a.floor),
  });
}

async function liveStructure(symbol: string, input: Partial<AccumulatorInput> = {}): Promise<number> {
  const full = { ...base, ...input };
  const terms = accumulator(full);
  const [row] = await t.database.db
    .insert(structures)
    .values({
      partnerId: 'demo',
      marketId,
      clientLegalEntityId: clientId,
      status: 'live',
      kind: 'accumulator',
      side: terms.side,
      name: 'Observation test',
      cropId: 1,
      cropYear: 2026,
      futuresSymbol: symbol,
      optionMonth: terms.optionMonth,
      input: storedInput(full),
      terms,
      state: INITIAL_STATE,
      quantity: String(terms.quantity),
      fee: String(terms.fee),
      startDate: terms.start,
      endDate: terms.end,
      tradedAt: new Date('2026-10-30T15:00:00Z'),
    })
    .returning({ id: structures.id });
  return row!.id;
}

/** A settlement as the feed records it: a 'settle' history row at the day's close. */
async function settle(symbol: string, day: string, price: string, source: 'simulated' | 'import' = 'simulated') {
  await t.database.db
    .insert(quoteHistory)
    .values({ symbol, price, kind: 'settle', source, quotedAt: new Date(`${day}T19:20:00Z`) });
}

async function structureRow(id: number) {
  const [row] = await t.database.db.select().from(structures).where(eq(structures.id, id));
  return row!;
}

async function observations(id: number) {
  return t.database.db
    .select({
      date: structureObservations.date,
      settle: structureObservations.settle,
      pricedBushels: structureObservations.pricedBushels,
      price: structureObservations.price,
      knockedOut: structureObservations.knockedOut,
      doubledUp: structureObservations.doubledUp,
      source: structureObservations.source,
    })
    .from(structureObservations)
    .where(eq(structureObservations.structureId, id))
    .orderBy(asc(structureObservations.date));
}

describe('the nightly observation of a live daily accumulator', () => {
  it('accumulates, doubles on a settle at or above the level, knocks out at or below the knock-out and writes the HTA', async () => {
    const db = t.database.db;
    const symbol = SYMBOLS[0];
    const id = await liveStructure(symbol);
    const before = new Date(Date.now() - 1000).toISOString();
    const nights: [string, string][] = [
      [DAYS[0]!, '4.4000'], // between the knock-out and the level: the day's 1,000 bu at 4.60
      [DAYS[1]!, '4.6500'], // at or above the level: doubled, 2,000 bu at 4.60
      [DAYS[2]!, '4.3000'], // 1,000 bu
      [DAYS[3]!, '4.2000'], // at the knock-out: knocked out, the day not priced; nothing left to price
    ];
    for (const [day, price] of nights) {
      await settle(symbol, day, price);
      await observeStructures(db, evening(day), { symbols: [symbol] });
    }
    const rows = await observations(id);
    expect(rows).toEqual([
      {
        date: DAYS[0],
        settle: '4.4000',
        pricedBushels: '1000.00',
        price: '4.6000',
        knockedOut: false,
        doubledUp: false,
        source: 'feed',
      },
      {
        date: DAYS[1],
        settle: '4.6500',
        pricedBushels: '2000.00',
        price: '4.6000',
        knockedOut: false,
        doubledUp: true,
        source: 'feed',
      },
      {
        date: DAYS[2],
        settle: '4.3000',
        pricedBushels: '1000.00',
        price: '4.6000',
        knockedOut: false,
        doubledUp: false,
        source: 'feed',
      },
      {
        date: DAYS[3],
        settle: '4.2000',
        pricedBushels: '0.00',
        price: null,
        knockedOut: true,
        doubledUp: false,
        source: 'feed',
      },
    ]);
    const s = await structureRow(id);
    expect(s.status).toBe('completed');
    expect(s.state).toMatchObject({ observedThrough: DAYS[3], pricedBushels: 4000, knockedOut: true, doubledUp: true });
    // Four nights, four state writes, and the completion.
    expect(s.version).toBe(6);
    expect(s.htaContractId).not.toBeNull();
    const [hta] = await db.select().from(contracts).where(eq(contracts.id, s.htaContractId!));
    expect(hta).toMatchObject({
      partnerId: 'demo',
      marketId,
      clientId,
      contractType: 'hta',
      direction: 'purchase',
      cropId: 1,
      // The crop year of its December 2036 futures month, not the structure's 2026 (the booking form's default).
      cropYear: 2036,
      quantity: '4000.0000',
      optionMonth: '2036-12',
      // 4.60 on every priced bushel, less the 5¢ fee (decision 061: finalize takes the fee off).
      futuresPrice: '4.5500',
      basis: null,
      cashPrice: null,
      priceStatus: 'futures_set',
      status: 'open',
      deliveryStart: '2036-12-01',
      deliveryEnd: '2036-12-31',
    });
    expect(hta!.displayContractId).toMatch(/\d/);
    expect(hta!.description).toContain(`structure ${id} “Observation test”`);
    expect(hta!.description).toContain('4,000 bu priced at an average of $4.60');
    const events = await db.select().from(pricingEvents).where(eq(pricingEvents.contractId, hta!.id));
    expect(events).toMatchObject([{ quantity: '4000.0000', futuresPrice: '4.5500', basis: null, cashPrice: null }]);
    const audits = await db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'structure'), eq(auditLog.targetId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual([
      'structure_observe',
      'structure_observe',
      'structure_observe',
      'structure_observe',
      'structure_complete',
    ]);
    expect(audits[4]!.details).toMatchObject({ pricedBushels: '4000', htaFuturesPrice: '4.55', knockedOut: true });
    // The farmer (a user of the client's farm) is told of the knock-out and of the end, with the contract's number.
    const notices = await db
      .select({ topic: notifications.topic, body: notifications.body })
      .from(notifications)
      .where(sql`${notifications.topic} like 'contracts.structure_%' and ${notifications.createdAt} >= ${before}`)
      .orderBy(asc(notifications.id));
    expect(notices.map((n) => n.topic)).toEqual(['contracts.structure_knocked_out', 'contracts.structure_completed']);
    expect(notices[1]!.body).toContain(`contract ${hta!.displayContractId}`);

    // Later settles change nothing: the structure is completed.
    await settle(symbol, DAYS[4]!, '4.7000');
    const again = await observeStructures(db, evening(DAYS[4]!), { symbols: [symbol] });
    expect(again.observations).toBe(0);
    expect((await observations(id)).length).toBe(4);
    // Writing its HTA again answers the one it has.
    const same = await db.transaction((tx) =>
      writeStructureHta(tx, id, { pricedBushels: 4000, futuresPrice: 4.55, now: new Date() }),
    );
    expect(same).toEqual({ contractId: hta!.id, displayContractId: hta!.displayContractId });
  });

  it("writes the HTA in the crop year of its futures month's delivery: July is the previous harvest's old crop", async () => {
    const db = t.database.db;
    const id = await liveStructure(SYMBOLS[2], { optionMonth: '2036-07' });
    const written = await db.transaction((tx) =>
      writeStructureHta(tx, id, { pricedBushels: 1000, futuresPrice: 4.55, now: new Date() }),
    );
    const [hta] = await db.select().from(contracts).where(eq(contracts.id, written!.contractId));
    expect(hta).toMatchObject({ optionMonth: '2036-07', cropYear: 2035, deliveryStart: '2036-07-01' });
  });

  it('catches up a missed day once its settle arrives, never doubled (the job run twice); a missing settle makes it wait', async () => {
    const db = t.database.db;
    const symbol = SYMBOLS[1];
    const id = await liveStructure(symbol, { knockOut: 3.9 });
    await settle(symbol, DAYS[0]!, '4.4000');
    // The feed was down on the second day: no settle. The third day's arrives.
    await settle(symbol, DAYS[2]!, '4.4500');
    const first = await observeStructures(db, evening(DAYS[2]!), { symbols: [symbol] });
    expect(first).toMatchObject({ observed: 1, observations: 1, waiting: 1 });
    expect((await observations(id)).map((o) => o.date)).toEqual([DAYS[0]]);
    expect((await structureRow(id)).state.observedThrough).toBe(DAYS[0]);
    // Waiting, it stays there however often the job runs.
    await observeStructures(db, evening(DAYS[2]!));
    expect((await observations(id)).map((o) => o.date)).toEqual([DAYS[0]]);

    // The missed day's settle is imported late: both days are observed at once, in order.
    await settle(symbol, DAYS[1]!, '4.6250', 'import');
    const caught = await observeStructures(db, evening(DAYS[2]!));
    expect(caught.observations).toBe(2);
    const rows = await observations(id);
    expect(rows.map((o) => [o.date, o.pricedBushels, o.doubledUp, o.source])).toEqual([
      [DAYS[0], '1000.00', false, 'feed'],
      [DAYS[1], '2000.00', true, 'catch-up'],
      [DAYS[2], '1000.00', false, 'catch-up'],
    ]);
    const after = await structureRow(id);
    expect(after.state).toMatchObject({ observedThrough: DAYS[2], pricedBushels: 4000 });
    // Run twice more: nothing doubled, nothing rewritten.
    await observeStructures(db, evening(DAYS[2]!));
    await observeStructures(db, evening(DAYS[3]!));
    expect(await observations(id)).toEqual(rows);
    expect((await structureRow(id)).version).toBe(after.version);
    expect((await structureRow(id)).status).toBe('live');
    // A settle of a day still to come is not observed before that day.
    await settle(symbol, DAYS[3]!, '4.5000');
    await observeStructures(db, evening(DAYS[2]!));
    expect((await observations(id)).length).toBe(3);
  });

  it("observes with the admin's import of a settle (the settle column), through the quotes-changed job", async () => {
    const db = t.database.db;
    const symbol = SYMBOLS[2];
    const id = await liveStructure(symbol);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/commodities/profit-center/quotes/import',
      headers: headersOf(admin, { 'content-type': 'text/csv' }),
      payload: `symbol,settle,trade_date\n${symbol},4.5000,${DAYS[0]}\n`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ settlements: 1 });
    // The import's quotes-changed job enqueues the observation, which the next claim runs.
    await runDueJobs(db, new Date(Date.now() + 1000));
    await runDueJobs(db, new Date(Date.now() + 1000));
    expect(await observations(id)).toEqual([
      {
        date: DAYS[0],
        settle: '4.5000',
        pricedBushels: '1000.00',
        price: '4.6000',
        knockedOut: false,
        doubledUp: false,
        source: 'import',
      },
    ]);
  });

  it('completes a structure knocked out before any bushel priced without a contract, and says why', async () => {
    const db = t.database.db;
    const symbol = SYMBOLS[3];
    const id = await liveStructure(symbol);
    await settle(symbol, DAYS[0]!, '4.1000');
    const run = await observeStructures(db, evening(DAYS[0]!), { symbols: [symbol] });
    expect(run).toMatchObject({ observed: 1, completed: 1 });
    const s = await structureRow(id);
    expect(s.status).toBe('completed');
    expect(s.htaContractId).toBeNull();
    expect(s.closeNote).toMatch(/^Completed with no priced bushels: knocked out on 2026-11-02/);
  });

  it('goes on after a knock-out with a floor and prices the rest at the floor at the end', async () => {
    const db = t.database.db;
    const symbol = SYMBOLS[4];
    const id = await liveStructure(symbol, { start: DAYS[0], end: DAYS[3], quantity: 4000, floor: 4.3 });
    const days: [string, string][] = [
      [DAYS[0]!, '4.4000'], // 1,000 at 4.60
      [DAYS[1]!, '4.1500'], // knocked out: 1,000 unpriced
      [DAYS[2]!, '4.0000'], // unpriced, the structure goes on to its end
    ];
    for (const [day, price] of days) await settle(symbol, day, price);
    await observeStructures(db, evening(DAYS[2]!), { symbols: [symbol] });
    const mid = await structureRow(id);
    expect(mid.status).toBe('live');
    expect(mid.state).toMatchObject({
      knockedOut: true,
      unpricedAfterKnockOut: 2000,
    } satisfies Partial<StructureState>);
    await settle(symbol, DAYS[3]!, '4.1000');
    await observeStructures(db, evening(DAYS[3]!), { symbols: [symbol] });
    const s = await structureRow(id);
    expect(s.status).toBe('completed');
    const [hta] = await db.select().from(contracts).where(eq(contracts.id, s.htaContractId!));
    // 1,000 at 4.60 and 3,000 at max(floor 4.30, final settle 4.10) = 4.30: average 4.375, less 5¢.
    expect(hta).toMatchObject({ quantity: '4000.0000', futuresPrice: '4.3250' });
    // Completing it again changes nothing.
    const again = await db.transaction((tx) => completeStructure(tx, id, 4.1, new Date()));
    expect(again.contractId).toBe(s.htaContractId);
    expect((await structureRow(id)).version).toBe(s.version);
  });
});
