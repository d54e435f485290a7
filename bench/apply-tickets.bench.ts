// Applying 1,000 scale tickets in one bulk action (issue 14 'Speed and scale'; docs/decisions/043): POST
// ctrm/scale-tickets/apply with 1,000 tickets of 250 clients, first-in-first-out over their 1,000 open contracts, the
// whole request (session, permission checks, row locks, FIFO, set-based writes, audit) timed from the caller's side,
// budget 3 s. Each round unapplies what the round before applied, so every round does the full work. On the test
// seed (PGlite in memory) by default; with DATABASE_URL on that server (the large seed's partner, when seeded, sits
// beside the demo partner used here, so its 1M contracts and 2M tickets are in the same tables and indexes).

import { eq, sql } from 'drizzle-orm';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { headersOf, signIn } from '../apps/server/src/testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed/demo.ts';
import { contracts, legalEntities, markets, scaleTickets } from '../apps/server/src/db/schema/index.ts';

const CLIENTS = 250;
const PER_CLIENT = 4;
const ROUNDS = 5;
const BUDGET_MS = 3000;

export async function runApplyTicketsBench(): Promise<void> {
  const n = CLIENTS * PER_CLIENT;
  console.log(
    `\nApply-tickets benchmark — ${n} tickets, ${CLIENTS} clients, ${n} open contracts, ${ROUNDS} rounds (budget ${BUDGET_MS} ms)`,
  );
  const t = await createTestApp();
  try {
    const db = t.database.db;
    const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.slug, 'ames'));
    if (!market) throw new Error('no Ames market in the seed');
    const clients = await db
      .insert(legalEntities)
      .values(
        Array.from({ length: CLIENTS }, (_, i) => ({
          partnerId: 'demo',
          kind: 'client' as const,
          name: `Bench Apply Farm ${i + 1}`,
        })),
      )
      .returning({ id: legalEntities.id });
    await db.insert(contracts).values(
      clients.flatMap((c, i) =>
        Array.from({ length: PER_CLIENT }, (_, k) => ({
          partnerId: 'demo',
          marketId: market.id,
          clientId: c.id,
          displayContractId: `BENCH-APPLY-${i + 1}-${k + 1}`,
          contractType: 'flat' as const,
          cropId: 1,
          cropYear: 2026,
          quantity: '2000',
          pricedQuantity: '2000',
          cashPrice: '4.3325',
          deliveryStart: `2026-${String(9 + k).padStart(2, '0')}-01`,
          deliveryEnd: `2026-${String(9 + k).padStart(2, '0')}-28`,
          priceStatus: 'priced' as const,
          contractDate: '2026-06-01',
        })),
      ),
    );
    // 1,731.25 bu a ticket: each fills most of one contract and spills into the next (two applications for some).
    const tickets = await db
      .insert(scaleTickets)
      .values(
        clients.flatMap((c, i) =>
          Array.from({ length: PER_CLIENT }, (_, k) => ({
            partnerId: 'demo',
            marketId: market.id,
            clientId: c.id,
            displayScaleTicketId: `BENCH-AT-${i + 1}-${k + 1}`,
            cropId: 1,
            cropYear: 2026,
            deliveryDate: `2026-10-${String(1 + k).padStart(2, '0')}`,
            quantity: '1731.2500',
            unappliedQuantity: '1731.2500',
          })),
        ),
      )
      .returning({ id: scaleTickets.id });
    await db.execute(sql`analyze`);
    const buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
    const body = { tickets: tickets.map((k) => ({ ticketId: k.id })) };
    const times: number[] = [];
    const undo: number[] = [];
    for (let round = 0; round < ROUNDS + 1; round++) {
      const start = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/commodities/ctrm/scale-tickets/apply',
        headers: headersOf(buyer),
        payload: body,
      });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`apply answered ${res.statusCode}: ${res.body}`);
      const out = res.json<{ applications: { id: number }[]; unplaced: unknown[] }>();
      if (round > 0) times.push(ms); // the first round warms the code and the plan caches
      if (round === 0)
        console.log(`  ${out.applications.length} applications, ${out.unplaced.length} tickets with bushels left over`);
      const u0 = performance.now();
      const back = await t.app.inject({
        method: 'POST',
        url: '/api/commodities/ctrm/scale-tickets/unapply',
        headers: headersOf(buyer),
        payload: { applicationIds: out.applications.map((a) => a.id) },
      });
      if (back.statusCode !== 200) throw new Error(`unapply answered ${back.statusCode}: ${back.body}`);
      if (round > 0) undo.push(performance.now() - u0);
    }
    times.sort((a, b) => a - b);
    undo.sort((a, b) => a - b);
    const where = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const median = times[Math.floor(times.length / 2)]!;
    const max = times.at(-1)!;
    console.log(
      `apply ${n} tickets (${where})`.padEnd(40) +
        `median ${median.toFixed(0)} ms, max ${max.toFixed(0)} ms (budget ${BUDGET_MS} ms: ${max <= BUDGET_MS ? 'within' : 'OVER'})`,
    );
    console.log(
      `unapply their applications (${where})`.padEnd(40) + `median ${undo[Math.floor(undo.length / 2)]!.toFixed(0)} ms`,
    );
  } finally {
    await t.close();
  }
}
