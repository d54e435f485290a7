// Applying 1,000 scale tickets in one bulk action (issue 14 'Speed and scale'; docs/decisions/043): POST
// ctrm/scale-tickets/apply with 1,000 tickets of 250 clients, first-in-first-out over their 1,000 open contracts, the
// whole request (session, permission checks, row locks, FIFO, set-based writes, audit) timed from the caller's side,
// budget 3 s. Each round unapplies what the round before applied, so every round does the full work. On the test
// seed (PGlite in memory) by default; with DATABASE_URL on that server's fresh test copy; with DATABASE_URL and
// --db=granary_bench on the large seed (bench/seed-large.ts: 1M contracts, 2M tickets), as its buyer at its first market,
// the bench's clients, contracts and tickets removed again at the end.

import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Db } from '../apps/server/src/platform/db.ts';
import { readEnv } from '../apps/server/src/platform/env.ts';
import { randomToken, sha256 } from '../apps/server/src/platform/crypto.ts';
import { insertSession } from '../apps/server/src/platform/sessions.repo.ts';
import { SESSION_COOKIE } from '../apps/server/src/platform/sessions.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { headersOf, signIn, type Caller } from '../apps/server/src/testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed/demo.ts';
import { contracts, legalEntities, markets, scaleTickets, users } from '../apps/server/src/db/schema/index.ts';

type Target = {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  partnerId: string;
  marketId: number;
  caller: Caller;
  where: string;
  close: () => Promise<void>;
};

/** The test seed's demo partner at Ames, or (--db=NAME with DATABASE_URL) the large seed's partner at its first market. */
async function openTarget(argv: readonly string[]): Promise<Target> {
  const dbName = argv.find((a) => a.startsWith('--db='))?.slice(5);
  const url = process.env.DATABASE_URL;
  if (dbName && url) {
    const target = new URL(url);
    target.pathname = `/${dbName}`;
    const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 4 });
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'buyer@bigag.granary.test'));
    if (!user) throw new Error('buyer@bigag.granary.test is missing: run bench/seed-large.ts first');
    const [market] = await database.db
      .select({ id: markets.id })
      .from(markets)
      .where(eq(markets.partnerId, 'bigag'))
      .orderBy(markets.id)
      .limit(1);
    const token = randomToken();
    await insertSession(database.db, { tokenHash: sha256(token), userId: user.id, ip: null, userAgent: null });
    const app = await buildApp({
      database,
      env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
      logger: false,
    });
    await app.ready();
    const cookie = `${SESSION_COOKIE}=${token}`;
    const csrf = (await app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json()
      .csrf as string;
    const counts = await database.db.execute(
      sql`select (select count(*) from contracts)::int as c, (select count(*) from scale_tickets)::int as t`,
    );
    const n = (counts as unknown as { rows: { c: number; t: number }[] }).rows[0]!;
    return {
      app,
      db: database.db,
      partnerId: 'bigag',
      marketId: market!.id,
      caller: { cookie, csrf },
      where: `PostgreSQL ${dbName}: ${n.c.toLocaleString('en-US')} contracts, ${n.t.toLocaleString('en-US')} tickets`,
      // The app closes the database it was given.
      close: () => app.close(),
    };
  }
  const t = await createTestApp();
  const [market] = await t.database.db.select({ id: markets.id }).from(markets).where(eq(markets.slug, 'ames'));
  if (!market) throw new Error('no Ames market in the seed');
  return {
    app: t.app,
    db: t.database.db,
    partnerId: 'demo',
    marketId: market.id,
    caller: await signIn(t, DEMO_ACCOUNTS.buyer),
    where: process.env.DATABASE_URL ? 'PostgreSQL test copy' : 'PGlite',
    close: () => t.close(),
  };
}

const CLIENTS = 250;
const PER_CLIENT = 4;
const ROUNDS = 5;
const BUDGET_MS = 3000;

export async function runApplyTicketsBench(argv: readonly string[] = []): Promise<void> {
  const n = CLIENTS * PER_CLIENT;
  console.log(
    `\nApply-tickets benchmark — ${n} tickets, ${CLIENTS} clients, ${n} open contracts, ${ROUNDS} rounds (budget ${BUDGET_MS} ms)`,
  );
  const target = await openTarget(argv);
  const { db, app, partnerId } = target;
  const market = { id: target.marketId };
  try {
    const clients = await db
      .insert(legalEntities)
      .values(
        Array.from({ length: CLIENTS }, (_, i) => ({
          partnerId,
          kind: 'client' as const,
          name: `Bench Apply Farm ${i + 1}`,
        })),
      )
      .returning({ id: legalEntities.id });
    await db.insert(contracts).values(
      clients.flatMap((c, i) =>
        Array.from({ length: PER_CLIENT }, (_, k) => ({
          partnerId,
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
            partnerId,
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
    const buyer = target.caller;
    const body = { tickets: tickets.map((k) => ({ ticketId: k.id })) };
    const times: number[] = [];
    const undo: number[] = [];
    for (let round = 0; round < ROUNDS + 1; round++) {
      const start = performance.now();
      const res = await app.inject({
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
      const back = await app.inject({
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
    const where = target.where;
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
    // The bench's own rows go again (the large seed is kept for the other benchmarks).
    const ids = (
      await db
        .select({ id: legalEntities.id })
        .from(legalEntities)
        .where(and(eq(legalEntities.partnerId, partnerId), like(legalEntities.name, 'Bench Apply Farm %')))
    ).map((r) => r.id);
    if (ids.length > 0) {
      await db.execute(
        sql`delete from ticket_applications where contract_id in (select id from contracts where client_id = any(${`{${ids.join(',')}}`}::bigint[]))`,
      );
      await db.delete(scaleTickets).where(inArray(scaleTickets.clientId, ids));
      await db.delete(contracts).where(inArray(contracts.clientId, ids));
      await db.delete(legalEntities).where(inArray(legalEntities.id, ids));
    }
    await target.close();
  }
}
