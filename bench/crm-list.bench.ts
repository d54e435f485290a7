// The contracts list at scale (issue 4): "first page and a deep keyset page, 100 rows, each view, with a
// filter and a sort, p99 under 100 ms at 50 concurrent connections" on the large seed (seed-large.ts:
// 1,000,000 contracts). Needs a PostgreSQL server with the large partner seeded:
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/seed-large.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/crm-list.bench.ts [--db=granary_bench] [--duration=5]
//     [--connections=50] [--views=default,delinquent]

import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { CONTRACT_VIEWS, viewDefinition, sortParamForColumn, type ContractView } from '@granary/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { readEnv } from '../apps/server/src/platform/env.ts';
import { randomToken, sha256 } from '../apps/server/src/platform/crypto.ts';
import { insertSession } from '../apps/server/src/platform/sessions.repo.ts';
import { SESSION_COOKIE } from '../apps/server/src/platform/sessions.ts';
import { users } from '../apps/server/src/db/schema/index.ts';

const BUYER = 'buyer@bigag.granary.test';

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };

export async function runCrmListBench(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('\nCRM list benchmark: skipped (it needs a PostgreSQL server with the large seed: set DATABASE_URL)');
    return;
  }
  const dbName = argv.find((a) => a.startsWith('--db='))?.slice(5) ?? 'granary_bench';
  const duration = Number(argv.find((a) => a.startsWith('--duration='))?.slice(11) ?? 5);
  const connections = Number(argv.find((a) => a.startsWith('--connections='))?.slice(14) ?? 50);
  const only = argv.find((a) => a.startsWith('--views='))?.slice(8).split(',');
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 20 });
  const app = await buildApp({ database, env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;

  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, BUYER));
  if (!user) throw new Error(`${BUYER} is missing: run bench/seed-large.ts first`);
  const token = randomToken();
  await insertSession(database.db, { tokenHash: sha256(token), userId: user.id, ip: null, userAgent: null });
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  const getJson = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };

  const boot = await getJson('/api/commodities/merchandising/bootstrap');
  const platformId = (boot.partnerLegalEntity as { id: number }).id;
  const { markets } = (await getJson(`/api/commodities/merchandising/le/${platformId}/markets?limit_by_user_id=true`)) as { markets: { id: number }[] };
  const marketId = markets[0]!.id;
  const year = new Date().getUTCFullYear();

  const rows: Row[] = [];
  const hit = async (name: string, path: string): Promise<void> => {
    const result = await autocannon({ url: `${base}${path}`, connections, duration, headers });
    rows.push({ name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx });
  };

  for (const view of (CONTRACT_VIEWS as readonly ContractView[]).filter((v) => !only || only.includes(v))) {
    const def = viewDefinition(view);
    const sort = def.sortColumns.find((c) => c !== def.defaultSort.column) ?? def.defaultSort.column;
    // A filter (the crop year) and a sort other than the view's default, as the budget asks.
    for (const [label, s] of [['default sort', def.defaultSort.column], [`sort ${sort}`, sort]] as const) {
      const query = `market_id=${marketId}&predefinedFilter=${view}&crop_year=${year}&sort=${sortParamForColumn(s)}&sortOrder=${s === def.defaultSort.column ? def.defaultSort.order : 'asc'}&pageSize=100`;
      const first = await getJson(`/api/commodities/ctrm/contracts/search?${query}`);
      const total = first.totalCount as number;
      await hit(`${view} · ${label} · page 1 (${total} rows)`, `/api/commodities/ctrm/contracts/search?${query}`);
      // A deep page: reach page n by offset once, then ask for n + 1 with the token it issued (keyset).
      const deep = Math.min(60, Math.floor(Math.min(total, 10_000) / 100) - 1);
      if (deep >= 2) {
        const before = await getJson(`/api/commodities/ctrm/contracts/search?${query}&page=${deep}`);
        const tokenNext = before.paginationToken as string | null;
        if (tokenNext) await hit(`${view} · ${label} · page ${deep + 1} (keyset)`, `/api/commodities/ctrm/contracts/search?${query}&page=${deep + 1}&paginationToken=${tokenNext}`);
      }
    }
  }

  console.log(`\nCRM contracts list — PostgreSQL ${dbName}, market ${marketId}, crop year ${year}, ${connections} connections, ${duration} s each`);
  console.log('call'.padEnd(62), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'errors'.padStart(7));
  for (const r of rows) {
    console.log(r.name.padEnd(62), String(r.rps).padStart(7), String(r.p50).padStart(7), `${r.p99}${r.p99 >= 100 ? ' !' : ''}`.padStart(7), String(r.errors).padStart(7));
  }
  console.log('Budget: p99 under 100 ms at 50 connections, every row above.\n');
  await app.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runCrmListBench();
