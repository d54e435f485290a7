// The merchandiser's position (issue 18 'The merchandiser's position'; docs/decisions/062 'Positions', addendum
// 'Stored risk'): a partner with 1,000 live structures (accumulators on corn, soybeans and wheat months) and 20,000
// open contracts. Figures: the background valuation of every structure's delta and gamma (structures.risk-refresh's
// run, on the engine pool), GET SCS position-manager timed from the caller's side through app.inject — before any
// valuation (all pending), the first call after it and p50 over rounds (it reads stored risk only: budget p50 500 ms),
// after one month's futures moved a tick (the deltas moved by their gamma; nothing valued again) and after it moved
// 2 % (past the refresh threshold: that month's structures valued again in the background, timed). On PGlite by
// default; with DATABASE_URL on that server.

import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { SCS_API, exchangeToday, futuresProductForCrop, listedContracts, type Positions } from '@granary/domain';
import { INITIAL_STATE, accumulator, addDays } from '@granary/scs-engine';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { headersOf, signIn } from '../apps/server/src/testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed/demo.ts';
import {
  contracts,
  futuresSymbols,
  legalEntities,
  markets,
  quotes,
  structures,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { refreshStructureRisk } from '../apps/server/src/modules/structures/positions.risk.ts';

const STRUCTURES = 1_000;
const CONTRACTS = 20_000;
const ROUNDS = 15;
const BUDGET_MS = 500;
const CROPS = [
  { id: 1, price: 4.5 },
  { id: 2, price: 10.5 },
  { id: 45, price: 5.5 },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runPositionsBench(): Promise<void> {
  const dbName = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nPositions benchmark — ${STRUCTURES.toLocaleString('en-US')} live structures, ${CONTRACTS.toLocaleString('en-US')} contracts (${dbName}; budget p50 ${BUDGET_MS} ms a call)`,
  );
  const t = await createTestApp();
  try {
    const db = t.database.db;
    const rand = prng(18);
    const today = exchangeToday();
    const [market] = await db
      .insert(markets)
      .values({
        partnerId: 'demo',
        slug: 'bench-positions',
        displayName: 'Bench Positions',
        city: 'Ames',
        administrativeAreaLevel1: 'IA',
        countryCode: 'USA',
      })
      .returning({ id: markets.id });
    const clients = await db
      .insert(legalEntities)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          partnerId: 'demo',
          kind: 'client' as const,
          name: `Bench Farm ${i}`,
        })),
      )
      .returning({ id: legalEntities.id });
    // Four listed months a crop, each with a quote.
    const months: { cropId: number; symbol: string; optionMonth: string; price: number }[] = [];
    for (const crop of CROPS) {
      const product = futuresProductForCrop(crop.id)!;
      for (const m of listedContracts(product, addDays(today, 45), 4)) {
        await db
          .insert(futuresSymbols)
          .values({
            symbol: m.symbol,
            root: product.root,
            exchange: product.exchange,
            cropId: crop.id,
            monthCode: m.monthCode,
            optionMonth: m.optionMonth,
            lastTradeDay: m.lastTradeDay,
          })
          .onConflictDoNothing();
        await db
          .insert(quotes)
          .values({ symbol: m.symbol, last: crop.price.toFixed(4), tradeDate: today, source: 'import' })
          .onConflictDoUpdate({ target: quotes.symbol, set: { last: crop.price.toFixed(4) } });
        months.push({ cropId: crop.id, symbol: m.symbol, optionMonth: m.optionMonth, price: crop.price });
      }
    }
    // 20,000 contracts: purchases and sales of every type across the months, some delivered, some priced.
    const types = ['flat', 'hta', 'pp', 'mp', 'spot', 'basic_cs'] as const;
    const rows = Array.from({ length: CONTRACTS }, (_, i) => {
      const m = months[Math.floor(rand() * months.length)]!;
      const type = types[i % types.length]!;
      const quantity = 1000 + Math.floor(rand() * 40) * 500;
      const priced = type === 'flat' || type === 'spot' || type === 'basic_cs';
      return {
        partnerId: 'demo',
        marketId: market!.id,
        clientId: clients[i % clients.length]!.id,
        displayContractId: `BENCH-POS-${i + 1}`,
        contractType: type,
        direction: (rand() < 0.25 ? 'sale' : 'purchase') as 'sale' | 'purchase',
        cropId: m.cropId,
        cropYear: 2026,
        quantity: String(quantity),
        deliveredQuantity: String(rand() < 0.3 ? Math.floor(quantity / 2) : 0),
        pricedQuantity: priced ? String(quantity) : '0',
        futuresPrice: type === 'pp' || type === 'mp' ? null : m.price.toFixed(4),
        basis: type === 'hta' ? null : '-0.3000',
        cashPrice: priced ? (m.price - 0.3).toFixed(4) : null,
        deliveryStart: today,
        deliveryEnd: addDays(today, 90),
        optionMonth: m.optionMonth,
        priceStatus: (priced ? 'priced' : type === 'hta' ? 'futures_set' : 'basis_set') as
          'priced' | 'futures_set' | 'basis_set',
        contractDate: today,
      };
    });
    for (let i = 0; i < rows.length; i += 1000) await db.insert(contracts).values(rows.slice(i, i + 1000));
    // 1,000 live accumulators, 1 to 6 months long, a farmer's sale above today's futures.
    const live = Array.from({ length: STRUCTURES }, (_, i) => {
      const m = months[i % months.length]!;
      const days = 30 + Math.floor(rand() * 150);
      const input = {
        kind: 'accumulator' as const,
        side: 'sale' as const,
        cropId: m.cropId,
        optionMonth: m.optionMonth,
        start: addDays(today, 1),
        end: addDays(today, days),
        quantity: String(10_000 + Math.floor(rand() * 20) * 5_000),
        fee: '0.05',
        frequency: i % 3 === 0 ? ('weekly' as const) : ('daily' as const),
        accumulationLevel: (m.price * (1.04 + rand() * 0.06)).toFixed(2),
        knockOut: (m.price * (0.85 + rand() * 0.07)).toFixed(2),
        doubleUp: i % 2 === 0 ? ('daily' as const) : ('euro' as const),
      };
      const terms = accumulator({
        ...input,
        quantity: Number(input.quantity),
        fee: Number(input.fee),
        accumulationLevel: Number(input.accumulationLevel),
        knockOut: Number(input.knockOut),
      });
      return {
        partnerId: 'demo',
        marketId: market!.id,
        clientLegalEntityId: clients[i % clients.length]!.id,
        status: 'live' as const,
        kind: 'accumulator' as const,
        side: 'sale' as const,
        cropId: m.cropId,
        cropYear: 2026,
        futuresSymbol: m.symbol,
        optionMonth: m.optionMonth,
        input,
        terms,
        state: { ...INITIAL_STATE },
        quantity: String(terms.quantity),
        fee: '0.0500',
        startDate: terms.start,
        endDate: terms.end,
      };
    });
    for (let i = 0; i < live.length; i += 200) await db.insert(structures).values(live.slice(i, i + 200));
    await db
      .update(users)
      .set({ adminPermissions: { 'buyer-admin': ['all'], 'structures-admin': ['all'] } })
      .where(eq(users.email, DEMO_ACCOUNTS.buyer));
    const buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
    const url = `${SCS_API}/position-manager?marketIds=${market!.id}`;
    const call = async () => {
      const start = performance.now();
      const res = await t.app.inject({ method: 'GET', url, headers: headersOf(buyer) });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`position-manager answered ${res.statusCode}: ${res.body}`);
      return { ms, body: res.json<Positions>() };
    };

    const rounds = async () => {
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++) times.push((await call()).ms);
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      return (
        `p50 ${p50.toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms ` +
        `(budget ${BUDGET_MS} ms: p50 ${p50 <= BUDGET_MS ? 'within' : 'OVER'})`
      );
    };
    const line = (label: string, text: string) => console.log(`  ${label}`.padEnd(58) + text);

    const before = await call();
    line(
      'before any valuation (every structure pending)',
      `${before.ms.toFixed(0)} ms — ${before.body.structures.pending.length} pending, ${before.body.rows.length} month rows`,
    );
    const full = await refreshStructureRisk(db, new Date(), { budgetMs: Number.POSITIVE_INFINITY });
    line(
      'background: every delta and gamma by the engine',
      `${(full.ms / 1000).toFixed(1)} s — ${full.valued} valued (${(full.ms / Math.max(1, full.valued)).toFixed(0)} ms each, ` +
        `${((full.valued * 1000) / full.ms).toFixed(1)} a second), ${full.failed} not valued, ${full.batches} batches`,
    );
    const first = await call();
    line(
      'first call after it (stored risk only)',
      `${first.ms.toFixed(0)} ms — ${first.body.structures.cached} deltas read, ${first.body.structures.pending.length} pending`,
    );
    line('again at unchanged futures', await rounds());

    const moved = months[0]!;
    const revalued = live.filter((s) => s.futuresSymbol === moved.symbol).length;
    const setLast = (last: number) =>
      db
        .update(quotes)
        .set({ last: last.toFixed(4) })
        .where(eq(quotes.symbol, moved.symbol));
    await setLast(moved.price + 0.0025);
    const tick = await call();
    const tickRun = await refreshStructureRisk(db, new Date());
    line(
      `after ${moved.symbol} moved a tick (gamma)`,
      `${tick.ms.toFixed(0)} ms — ${tick.body.structures.refreshing} to value again; the job valued ${tickRun.valued}`,
    );
    line('  calls at that tick', await rounds());
    await setLast(moved.price * 1.02);
    const jump = await call();
    const jumpRun = await refreshStructureRisk(db, new Date());
    line(
      `after ${moved.symbol} moved 2 % (past the threshold)`,
      `${jump.ms.toFixed(0)} ms — ${jump.body.structures.refreshing} shown gamma-moved while valued again; ` +
        `background ${(jumpRun.ms / 1000).toFixed(1)} s for ${jumpRun.valued} (of ${revalued} on the month)`,
    );
    console.log(`  load average ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPositionsBench();
