// The nightly observation of structured products (issue 18 'Speed': 10,000 live structures observed in under 60 s;
// decision 062 'Nightly observation'). 10,000 live one-year daily accumulators (251 observation dates each, the terms
// as the engine builds them) on one corn month; a new settle arrives and observeStructures runs as the job does. Then
// a catch-up (three missed days at once), and a run with nothing new. Each run prints the time, structures per second
// and the process's peak memory (RSS). On PostgreSQL with DATABASE_URL (the budget's database), PGlite otherwise.

import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import type { StructureInput } from '@granary/domain';
import { INITIAL_STATE, accumulator, tradingDays } from '@granary/scs-engine';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import {
  futuresSymbols,
  legalEntities,
  markets,
  quoteHistory,
  structureObservations,
  structures,
} from '../apps/server/src/db/schema/index.ts';
import { observeStructures } from '../apps/server/src/modules/structures/structures.public.ts';

const STRUCTURES = 10_000;
const BUDGET_S = 60;
const SYMBOL = 'ZCZ37';
const START = '2026-12-01';
const END = '2027-11-30';

/** Samples the process's memory every 20 ms until stopped: the peak RSS and JS heap used, and the heap at the start. */
function sampleMemory(): () => { rss: number; heap: number; heapBefore: number } {
  const first = process.memoryUsage();
  let rss = first.rss;
  let heap = first.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  return () => {
    clearInterval(timer);
    const m = process.memoryUsage();
    return { rss: Math.max(rss, m.rss), heap: Math.max(heap, m.heapUsed), heapBefore: first.heapUsed };
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function runStructuresObserveBench(): Promise<void> {
  const dbName = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nStructures nightly observation — ${STRUCTURES.toLocaleString('en-US')} live daily accumulators (${dbName}; budget ${BUDGET_S} s for one settle)`,
  );
  const t = await createTestApp();
  try {
    const db = t.database.db;
    const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.slug, 'ames'));
    if (!market) throw new Error('no Ames market in the seed');
    const [client] = await db
      .insert(legalEntities)
      .values({ partnerId: 'demo', kind: 'client', name: 'Bench Observation Farms' })
      .returning({ id: legalEntities.id });
    await db
      .insert(futuresSymbols)
      .values({
        symbol: SYMBOL,
        root: 'ZC',
        exchange: 'CBOT',
        cropId: 1,
        monthCode: 'Z',
        optionMonth: '2037-12',
        firstNoticeDay: null,
        lastTradeDay: '2037-12-14',
        priceUnit: 'bushel',
        currency: 'USD',
      })
      .onConflictDoNothing();
    const days = tradingDays(START, END);
    const heapLimit = (await import('node:v8')).getHeapStatistics().heap_size_limit;
    console.log(`  heap limit ${mb(heapLimit)} (NODE_OPTIONS=${process.env.NODE_OPTIONS ?? ''})`);
    const setupStart = performance.now();
    let terms0Size = 0;
    for (let from = 0; from < STRUCTURES; from += 500) {
      const rows = Array.from({ length: Math.min(500, STRUCTURES - from) }, (_, k) => {
        const i = from + k;
        // Levels spread around the market; one in fifty knocks out on the first settle (4.40) and writes its HTA.
        const knockOut = i % 50 === 0 ? 4.45 : 3.6 + (i % 20) * 0.01;
        const quantity = 5_000 + (i % 40) * 1_000;
        const level = Number((4.6 + (i % 10) * 0.02).toFixed(2));
        const doubleUp = i % 3 === 0 ? ('euro' as const) : ('daily' as const);
        const period = { side: 'sale' as const, cropId: 1, optionMonth: '2037-12', start: START, end: END };
        const terms = accumulator({
          ...period,
          quantity,
          fee: 0.05,
          frequency: 'daily',
          accumulationLevel: level,
          knockOut,
          doubleUp,
        });
        const input: StructureInput = {
          kind: 'accumulator',
          ...period,
          quantity: String(quantity),
          fee: '0.05',
          frequency: 'daily',
          accumulationLevel: String(level),
          knockOut: knockOut.toFixed(2),
          doubleUp,
        };
        if (i === 0) terms0Size = JSON.stringify(terms).length;
        return {
          partnerId: 'demo',
          marketId: market.id,
          clientLegalEntityId: client!.id,
          status: 'live' as const,
          kind: 'accumulator' as const,
          side: 'sale' as const,
          cropId: 1,
          cropYear: 2027,
          futuresSymbol: SYMBOL,
          optionMonth: '2037-12',
          input,
          terms,
          state: INITIAL_STATE,
          quantity: String(terms.quantity),
          fee: '0.05',
          startDate: START,
          endDate: END,
        };
      });
      await db.insert(structures).values(rows);
    }
    console.log(
      `  setup: ${STRUCTURES.toLocaleString('en-US')} structures of ${days.length} dates (${(terms0Size / 1024).toFixed(1)} KB of terms each) in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`,
    );

    const settle = (day: string, price: string) =>
      db
        .insert(quoteHistory)
        .values({ symbol: SYMBOL, price, kind: 'settle', source: 'simulated', quotedAt: new Date(`${day}T19:20:00Z`) });
    const evening = (day: string) => new Date(`${day}T23:00:00Z`);
    const timed = async (label: string, now: Date, budget: number | null) => {
      const stop = sampleMemory();
      const cpu = process.cpuUsage();
      const start = performance.now();
      const run = await observeStructures(db, now, { symbols: [SYMBOL] });
      const s = (performance.now() - start) / 1000;
      const used = process.cpuUsage(cpu);
      const peak = stop();
      const perSecond = run.examined / s;
      console.log(
        `  ${label}`.padEnd(44) +
          `${s.toFixed(2)} s, ${Math.round(perSecond).toLocaleString('en-US')} structures/s, ` +
          `${run.observations.toLocaleString('en-US')} observations, ${run.completed} completed; ` +
          `Node CPU ${((used.user + used.system) / 1e6).toFixed(2)} s, peak RSS ${mb(peak.rss)}, ` +
          `peak heap ${mb(peak.heap)} (${mb(peak.heapBefore)} before)` +
          (budget === null ? '' : ` (budget ${budget} s: ${s <= budget ? 'within' : 'OVER'})`),
      );
      return run;
    };

    await settle(days[0]!, '4.4000');
    const first = await timed('one new settle', evening(days[0]!), BUDGET_S);
    if (first.observed !== STRUCTURES) throw new Error(`expected ${STRUCTURES} observed, got ${first.observed}`);
    // The feed was down for three days: their settles arrive together.
    await settle(days[1]!, '4.6500');
    await settle(days[2]!, '4.5500');
    await settle(days[3]!, '4.5000');
    await timed('catch-up of three days at once', evening(days[3]!), null);
    await timed('a run with nothing new', evening(days[3]!), null);
    const n = await db.$count(structureObservations);
    console.log(`  observations recorded: ${n.toLocaleString('en-US')}; load ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await t.close();
  }
}
