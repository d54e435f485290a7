// Settlement generation (issue 14 'Speed and scale'; docs/decisions/044): POST merchandising/settlements for one
// contract with 200 applied tickets, the whole request (session, permission checks, locks, arithmetic, inserts of 200
// lines, audit) timed from the caller's side, budget 100 ms. Each round voids the settlement and settles the same
// bushels again, so every round does the full work. On the test seed (PGlite in memory) by default; with DATABASE_URL
// on that server (the large seed's partner, when seeded, sits beside the demo partner used here).

import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { headersOf, signIn } from '../apps/server/src/testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed/demo.ts';
import {
  contracts,
  legalEntities,
  markets,
  scaleTickets,
  ticketApplications,
} from '../apps/server/src/db/schema/index.ts';

const TICKETS = 200;
const ROUNDS = 30;
const BUDGET_MS = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runSettlementBench(): Promise<void> {
  console.log(
    `\nSettlement benchmark — one contract, ${TICKETS} applied tickets, ${ROUNDS} rounds (budget ${BUDGET_MS} ms)`,
  );
  const t = await createTestApp();
  try {
    const db = t.database.db;
    const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.slug, 'ames'));
    if (!market) throw new Error('no Ames market in the seed');
    const [client] = await db
      .insert(legalEntities)
      .values({ partnerId: 'demo', kind: 'client', name: 'Bench Settlement Farms' })
      .returning({ id: legalEntities.id });
    const [contract] = await db
      .insert(contracts)
      .values({
        partnerId: 'demo',
        marketId: market.id,
        clientId: client!.id,
        displayContractId: 'BENCH-SETTLE-1',
        contractType: 'flat',
        cropId: 1,
        cropYear: 2026,
        quantity: '500000',
        pricedQuantity: '500000',
        deliveredQuantity: '0',
        cashPrice: '4.3325',
        futuresPrice: '4.7825',
        basis: '-0.4500',
        deliveryStart: '2026-10-01',
        deliveryEnd: '2026-12-31',
        priceStatus: 'priced',
        contractDate: '2026-06-01',
      })
      .returning({ id: contracts.id });
    const tickets = await db
      .insert(scaleTickets)
      .values(
        Array.from({ length: TICKETS }, (_, i) => ({
          partnerId: 'demo',
          marketId: market.id,
          clientId: client!.id,
          displayScaleTicketId: `BENCH-T-${i + 1}`,
          cropId: 1,
          cropYear: 2026,
          deliveryDate: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
          quantity: (1000 + i * 7.3333).toFixed(4),
          appliedQuantity: (1000 + i * 7.3333).toFixed(4),
          unappliedQuantity: '0',
          dryingCharge: (i % 5 === 0 ? 31.17 : 0).toFixed(2),
          discountAmount: (i % 3 === 0 ? 12.34 : 0).toFixed(2),
        })),
      )
      .returning({ id: scaleTickets.id, quantity: scaleTickets.quantity });
    await db
      .insert(ticketApplications)
      .values(
        tickets.map((k) => ({ scaleTicketId: k.id, contractId: contract!.id, quantity: k.quantity, splitPct: '100' })),
      );

    const buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
    const body = { clientId: client!.id, contractIds: [contract!.id], settlementDate: '2026-12-15' };
    const times: number[] = [];
    const cpus: number[] = [];
    for (let round = 0; round < ROUNDS + 3; round++) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/commodities/merchandising/settlements',
        headers: headersOf(buyer),
        payload: body,
      });
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      if (res.statusCode !== 201) throw new Error(`settle answered ${res.statusCode}: ${res.body}`);
      const s = res.json<{ id: number; lines: unknown[]; gross: string; net: string }>();
      if (s.lines.length !== TICKETS) throw new Error(`expected ${TICKETS} lines, got ${s.lines.length}`);
      if (round >= 3) {
        // The first rounds warm the code and the plan caches.
        times.push(ms);
        cpus.push(cpuMs);
      }
      const voided = await t.app.inject({
        method: 'POST',
        url: `/api/commodities/merchandising/settlements/${s.id}/void`,
        headers: headersOf(buyer, { 'if-match': '"1"' }),
        payload: {},
      });
      if (voided.statusCode !== 200) throw new Error(`void answered ${voided.statusCode}: ${voided.body}`);
      if (round === 0) console.log(`  gross ${s.gross}, net ${s.net}, ${s.lines.length} lines`);
    }
    times.sort((a, b) => a - b);
    cpus.sort((a, b) => a - b);
    const median = percentile(times, 50);
    const p95 = percentile(times, 95);
    const db_ = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `settle ${TICKETS} tickets (${db_})`.padEnd(44) +
        `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms ` +
        `(budget ${BUDGET_MS} ms: median ${median <= BUDGET_MS ? 'within' : 'OVER'})`,
    );
    // Wall time moves with the machine's load (the other processes on its cores); the server's own CPU time does not.
    console.log(
      `  server CPU per settlement (this process${db_ === 'PGlite' ? ', database included' : ''})`.padEnd(44) +
        `median ${percentile(cpus, 50).toFixed(1)} ms, p95 ${percentile(cpus, 95).toFixed(1)} ms; load ${loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await t.close();
  }
}
