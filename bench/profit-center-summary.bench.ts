// The profit center's summary at a large farm (issue 17 'Speed'; docs/decisions/057): "The profit center's summary for a
// farmer with 5,000 contracts and 20,000 tickets over 10 crop years answers within 150 ms at p99 with 10 concurrent
// users on the local PostgreSQL server." Seeds one farmer (an enterprise, its client legal entity at the demo partner,
// 5,000 contracts and 20,000 scale tickets over 10 crop years and 4 crops, acres and yield per crop and year) into a
// test database of its own, serves the app on a local port and drives GET profit-center/summary with autocannon, 10
// connections for --duration seconds (default 10). Prints throughput, p50/p97.5/p99 against the budget, and the
// server's CPU per request. Needs DATABASE_URL (skips itself otherwise: PGlite is not the target):
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/run-all.ts profit-center-summary [--duration=10]

import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { publicBids } from '../apps/server/src/modules/bids/bids.public.ts';
import {
  agronomicsOf,
  farmerClients,
  pricingMarkets,
  salesTotals,
  salesTotalsQuery,
} from '../apps/server/src/modules/profit-center/profit-center.repo.ts';
import { signIn } from '../apps/server/src/testing/crm-test-fixtures.ts';
import {
  contracts,
  enterpriseAgronomics,
  enterpriseUsers,
  enterprises,
  legalEntities,
  markets,
  scaleTickets,
  users,
} from '../apps/server/src/db/schema/index.ts';

const CONTRACTS = 5_000;
const TICKETS = 20_000;
const YEARS = 10;
const CROPS = [
  { id: 1, key: 'corn', cash: 4.3 },
  { id: 2, key: 'soybeans', cash: 10.2 },
  { id: 45, key: 'wheat', cash: 5.6 },
  { id: 73, key: 'spring_wheat', cash: 6.1 },
] as const;
const CONNECTIONS = 10;
const BUDGET_P99_MS = 150;
const EMAIL = 'bench-bigfarm@test.granary.test';

function argOf(args: string[], name: string, fallback: string): string {
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function runProfitCenterSummaryBench(args: string[] = []): Promise<void> {
  console.log(
    `\nProfit center summary — ${CONTRACTS.toLocaleString('en-US')} contracts, ${TICKETS.toLocaleString('en-US')} tickets, ` +
      `${YEARS} crop years; ${CONNECTIONS} concurrent users (budget p99 < ${BUDGET_P99_MS} ms)`,
  );
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: needs DATABASE_URL (the local PostgreSQL server)');
    return;
  }
  const duration = Number(argOf(args, 'duration', '10'));
  const seedStart = performance.now();
  const t = await createTestApp();
  try {
    const db = t.database.db;
    const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.slug, 'ames'));
    if (!market) throw new Error('no Ames market in the seed');
    const [user] = await db
      .insert(users)
      .values({ email: EMAIL, experiences: { enterprise_agronomics: true }, permissions: ['my-sales-lite'] })
      .returning({ id: users.id });
    const [farm] = await db.insert(enterprises).values({ name: 'Bench Big Farm' }).returning({ id: enterprises.id });
    await db.insert(enterpriseUsers).values({ enterpriseId: farm!.id, userId: user!.id, role: 'owner' });
    const [client] = await db
      .insert(legalEntities)
      .values({ partnerId: 'demo', kind: 'client', name: 'Bench Big Farm LLC', enterpriseId: farm!.id })
      .returning({ id: legalEntities.id });
    const firstYear = 2017;
    const contractRows = Array.from({ length: CONTRACTS }, (_, i) => {
      const crop = CROPS[i % CROPS.length]!;
      const cropYear = firstYear + (Math.floor(i / CROPS.length) % YEARS);
      const quantity = 1000 + (i % 50) * 100;
      const priced = i % 4 !== 0;
      return {
        partnerId: 'demo',
        marketId: market.id,
        clientId: client!.id,
        displayContractId: `BENCH-PC-${i + 1}`,
        contractType: priced ? ('flat' as const) : ('hta' as const),
        status: i % 9 === 0 ? ('completed' as const) : ('open' as const),
        cropId: crop.id,
        cropYear,
        quantity: quantity.toFixed(4),
        pricedQuantity: (priced ? quantity : 0).toFixed(4),
        deliveredQuantity: ((quantity * (i % 5)) / 4).toFixed(4),
        cashPrice: priced ? (crop.cash + (i % 40) / 100).toFixed(4) : null,
        futuresPrice: priced ? (crop.cash + 0.45).toFixed(4) : null,
        basis: '-0.4500',
        deliveryStart: `${cropYear}-10-01`,
        deliveryEnd: `${cropYear}-12-31`,
        priceStatus: priced ? ('priced' as const) : ('unpriced' as const),
        contractDate: `${cropYear}-0${1 + (i % 9)}-15`,
      };
    });
    await inBatches(contractRows, 1000, (batch) => db.insert(contracts).values(batch));
    const ticketRows = Array.from({ length: TICKETS }, (_, i) => {
      const crop = CROPS[i % CROPS.length]!;
      const cropYear = firstYear + (Math.floor(i / CROPS.length) % YEARS);
      const quantity = 800 + (i % 37) * 10;
      return {
        partnerId: 'demo',
        marketId: market.id,
        clientId: client!.id,
        displayScaleTicketId: `BENCH-PCT-${i + 1}`,
        cropId: crop.id,
        cropYear,
        deliveryDate: `${cropYear}-${String(9 + (i % 4)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
        quantity: quantity.toFixed(4),
        appliedQuantity: (i % 3 === 0 ? 0 : quantity).toFixed(4),
        unappliedQuantity: (i % 3 === 0 ? quantity : 0).toFixed(4),
      };
    });
    await inBatches(ticketRows, 2000, (batch) => db.insert(scaleTickets).values(batch));
    await db.insert(enterpriseAgronomics).values(
      CROPS.flatMap((crop) =>
        Array.from({ length: YEARS }, (_, y) => ({
          enterpriseId: farm!.id,
          cropYear: firstYear + y,
          crop: crop.key,
          area: '2500',
          averageYield: crop.id === 1 ? '190' : '55',
        })),
      ),
    );
    // The steady state a server reaches by itself (autovacuum): statistics and visibility maps of the new rows.
    await db.execute(sql`vacuum analyze contracts, scale_tickets, enterprise_agronomics`);
    console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (vacuum analyze included)`);

    const farmer = await signIn(t, EMAIL);
    const url = '/api/commodities/profit-center/summary';
    const check = await t.app.inject({ method: 'GET', url, headers: { cookie: farmer.cookie } });
    if (check.statusCode !== 200) throw new Error(`summary answered ${check.statusCode}: ${check.body}`);
    const rows = check.json<{ rows: { production: string | null }[] }>().rows;
    if (rows.length !== CROPS.length * YEARS || rows.some((r) => r.production === null))
      throw new Error(`expected ${CROPS.length * YEARS} rows with a production estimate, got ${rows.length}`);

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const run = (seconds: number) =>
      autocannon({
        url: `${address}${url}`,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { cookie: farmer.cookie },
      });
    await run(2); // warm the code and the plan caches
    const cpu = process.cpuUsage();
    const result = await run(duration);
    const used = process.cpuUsage(cpu);
    const requests = result.requests.total;
    const p99 = result.latency.p99;
    console.log(
      `  summary (PostgreSQL, ${rows.length} crop years)`.padEnd(44) +
        `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, ` +
        `p99 ${p99} ms (budget ${BUDGET_P99_MS} ms: ${p99 < BUDGET_P99_MS ? 'within' : 'OVER'}); ` +
        `${result.non2xx + result.errors} errors`,
    );
    console.log(
      `  server CPU per request (this process, database apart)`.padEnd(44) +
        `${((used.user + used.system) / 1000 / Math.max(requests, 1)).toFixed(1)} ms; load ${loadavg()[0]!.toFixed(1)}`,
    );

    // Where a request's time goes: each of the summary's reads alone, one at a time (median of 20).
    const clientIds = [client!.id];
    const steps: [string, () => Promise<unknown>][] = [
      ['farmer clients (access)', () => farmerClients(db, user!.id)],
      ['sales totals (5,000 contracts)', () => salesTotals(db, { clientIds })],
      ['acres and yield', () => agronomicsOf(db, [farm!.id])],
      ['markets that price it', () => pricingMarkets(db, clientIds)],
      ['bids of the market', () => publicBids(db, { partnerId: 'demo', marketId: market.id })],
    ];
    for (const [name, step] of steps) {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        await step();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(`    ${name}`.padEnd(44) + `${times[10]!.toFixed(1)} ms`);
    }
    // The plan of the summary's sums.
    console.log('  plan of the sums:');
    const plan = await db.execute(sql`explain (analyze, buffers) ${salesTotalsQuery(db, { clientIds })}`);
    for (const r of rowsOf<Record<string, string>>(plan)) console.log(`    ${r['QUERY PLAN']}`);
  } finally {
    await t.close();
  }
}
