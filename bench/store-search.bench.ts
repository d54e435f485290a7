// The store catalogue at scale (issue 6): "catalogue search and category listing throughput and p99 on the local
// PostgreSQL server with 100,000 products, printed beside the Fastify floor as a ratio". Seeds 100,000 products
// (the demo catalogue's generator: variants, USD and CAD prices, stock in four warehouses, ingredients, pests) into
// a database of its own, once, then loads the calls with autocannon at a few concurrencies.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/store-search.bench.ts
//     [--db=granary_store_bench] [--products=100000] [--reseed] [--duration=5] [--connections=10,50]
//
// The server runs in its own process so that autocannon's work is not on its event loop. The floor is the same
// app answering a constant 24-product listing (a real one, captured by the bench) — what any route of that size
// costs on this machine.

import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { readEnv } from '../apps/server/src/platform/env.ts';
import { seedStoreDemo } from '../apps/server/src/seed/store-demo.ts';

const FLOOR_PATH = '/api/bench/store-floor';
const BUDGET_P99_MS = 100;

async function runServerProcess(): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: process.env.STORE_BENCH_DB_URL!, poolSize: 20 });
  const app = await buildApp({
    database,
    env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    logger: false,
  });
  const floor = JSON.parse(readFileSync(process.env.STORE_BENCH_FLOOR_FILE!, 'utf8')) as unknown;
  app.get(FLOOR_PATH, { config: { access: 'public' } }, async () => floor);
  await app.listen({ port: Number(process.env.STORE_BENCH_PORT), host: '127.0.0.1' });
  process.send?.('ready');
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Creates and seeds the bench database unless it already holds the catalogue (or --reseed). */
async function ensureSeeded(url: string, dbName: string, products: number, reseed: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  if (rows.length > 0 && !reseed) {
    const probe = new pg.Client({ connectionString: target.toString() });
    await probe.connect();
    const count = await probe
      .query('select count(*)::int as n from store_products')
      .catch(() => ({ rows: [{ n: 0 }] }));
    await probe.end();
    if ((count.rows[0] as { n: number }).n >= products) {
      await admin.end();
      return target.toString();
    }
  }
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 2 });
  await database.migrate();
  const t0 = Date.now();
  console.log(`Seeding ${products.toLocaleString('en-US')} products into ${dbName}…`);
  await seedStoreDemo(database.db, { size: products, images: false, batch: 2000 });
  await database.db.execute(sql`analyze`);
  const sizes = await database.db.execute(sql`
    select relname as table, n_live_tup::int as rows, pg_size_pretty(pg_total_relation_size(relid)) as size
    from pg_stat_user_tables where relname like 'store_%' order by pg_total_relation_size(relid) desc`);
  console.log(`Seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s:`);
  for (const r of (sizes as unknown as { rows: { table: string; rows: number; size: string }[] }).rows)
    console.log(`  ${r.table.padEnd(28)} ${String(r.rows).padStart(9)} rows  ${r.size}`);
  await database.close();
  return target.toString();
}

type Row = { name: string; connections: number; rps: number; p50: number; p99: number; errors: number };

export async function runStoreSearchBench(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('\nStore search benchmark: skipped (it needs a PostgreSQL server: set DATABASE_URL)');
    return;
  }
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dbName = arg('db') ?? 'granary_store_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error('--db: lower-case letters, digits and _ only');
  const products = Number(arg('products') ?? 100_000);
  const duration = Number(arg('duration') ?? 5);
  const concurrencies = (arg('connections') ?? '10,50').split(',').map(Number);
  const dbUrl = await ensureSeeded(url, dbName, products, argv.includes('--reseed'));

  // The scenarios, checked once in this process (and the floor's body taken from a real listing).
  const setup = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 });
  const inproc = await buildApp({
    database: setup,
    env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    logger: false,
  });
  const scenarios: { name: string; path: string }[] = [
    { name: 'search "glyphosate" (full text)', path: '/api/store/search?locale=en-us&q=glyphosate' },
    { name: 'search "atrazin" (stemmed)', path: '/api/store/search?locale=en-us&q=atrazin' },
    { name: 'search "glyphosat" (typo → trigram)', path: '/api/store/search?locale=en-us&q=glyphosat' },
    {
      name: 'search "fungicide" + brand facet, by price',
      path: '/api/store/search?locale=en-us&q=fungicide&brand=Harvest%20Standard&sort=price-asc',
    },
    { name: 'category crop-protection, page 1', path: '/api/store/category/crop-protection?locale=en-us' },
    {
      name: 'category crop-protection, page 40 by price',
      path: '/api/store/category/crop-protection?locale=en-us&page=40&sort=price-asc',
    },
    {
      name: 'subcategory herbicides.burndown, in stock',
      path: '/api/store/category/crop-protection/herbicides.burndown?locale=en-us&inStock=true',
    },
    { name: 'category seed (CA, CAD)', path: '/api/store/category/seed?locale=en-ca' },
  ];
  let floorBody = '';
  for (const s of scenarios) {
    const res = await inproc.inject({ method: 'GET', url: s.path });
    if (res.statusCode !== 200) throw new Error(`${s.path}: ${res.statusCode} ${res.body}`);
    const body = res.json() as { total: number; products: unknown[] };
    s.name = `${s.name} (${body.total.toLocaleString('en-US')})`;
    if (!floorBody && body.products.length === 24) floorBody = res.body;
  }
  await inproc.close();

  const port = await freePort();
  const floorFile = join(tmpdir(), `granary-store-floor-${process.pid}.json`);
  writeFileSync(floorFile, floorBody);
  const server: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: process.execArgv,
    env: {
      ...process.env,
      STORE_BENCH_SERVER: '1',
      STORE_BENCH_PORT: String(port),
      STORE_BENCH_DB_URL: dbUrl,
      STORE_BENCH_FLOOR_FILE: floorFile,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(String(m)))));
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  // Between runs: wait until PostgreSQL has no query of this database left running (a run that ends with requests
  // in flight leaves them queued in the server), so that each run starts from an idle box.
  const watcher = new pg.Client({ connectionString: dbUrl });
  await watcher.connect();
  const drain = async () => {
    for (let i = 0; i < 600; i++) {
      const { rows: active } = await watcher.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      if ((active[0] as { n: number }).n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const rows: Row[] = [];
  const hit = async (name: string, path: string, connections: number): Promise<Row> => {
    await autocannon({ url: `${base}${path}`, connections, duration: 1 });
    await drain();
    const r = await autocannon({ url: `${base}${path}`, connections, duration });
    await drain();
    const row = {
      name,
      connections,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
    };
    rows.push(row);
    return row;
  };
  try {
    const floors = new Map<number, number>();
    for (const c of concurrencies)
      floors.set(c, (await hit('Fastify floor (constant 24-product listing)', FLOOR_PATH, c)).rps);
    for (const s of scenarios) for (const c of concurrencies) await hit(s.name, s.path, c);

    console.log(
      `\nStore catalogue — PostgreSQL ${dbName}, ${products.toLocaleString('en-US')} products, ${duration} s per run, ${cpus().length} cores, ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}, ${new Date().toISOString()}`,
    );
    console.log(
      'call'.padEnd(56),
      'conns'.padStart(5),
      'req/s'.padStart(7),
      'floor'.padStart(7),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(8),
      'err'.padStart(4),
    );
    for (const r of rows) {
      const floor = floors.get(r.connections) ?? 0;
      const ratio = r.name.startsWith('Fastify floor') ? '1.00' : floor ? (r.rps / floor).toFixed(2) : '-';
      console.log(
        r.name.slice(0, 56).padEnd(56),
        String(r.connections).padStart(5),
        String(r.rps).padStart(7),
        ratio.padStart(7),
        String(r.p50).padStart(7),
        `${r.p99}${r.p99 >= BUDGET_P99_MS ? '!' : ' '}`.padStart(8),
        String(r.errors).padStart(4),
      );
    }
    console.log(
      `(floor = req/s as a share of the floor at the same concurrency; ! = p99 at or over ${BUDGET_P99_MS} ms)`,
    );
  } finally {
    await watcher.end();
    server.disconnect();
    rmSync(floorFile, { force: true });
  }
}

if (process.env.STORE_BENCH_SERVER === '1') await runServerProcess();
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runStoreSearchBench();
