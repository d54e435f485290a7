// The contracts list at scale (issue 4): "On the local PostgreSQL server, the contracts list (first page and
// a deep keyset page, 100 rows, each view, with a filter and a sort) answers with p99 under 100 ms at 50
// concurrent connections; print throughput beside the same machine's Fastify floor (a route returning a
// constant 100-row JSON) as a ratio, and print the plan of the slowest query." Needs a PostgreSQL server
// with the large partner seeded (seed-large.ts: 1,000,000 contracts):
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/seed-large.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/crm-list.bench.ts [--db=granary_bench]
//     [--duration=5] [--connections=50] [--workers=1] [--views=default,delinquent] [--pages=first,deep] [--cpu-prof=DIR]
//
// The server runs in its own process(es) — `--workers=N` starts N Node processes sharing the port
// (node:cluster) — so that autocannon's own work is not on the server's event loop. Beside latency and
// throughput the bench measures the CPU each request costs (server processes, PostgreSQL backends and
// the load generator, from /proc), which gives the bound this machine puts on the budget: with 50
// connections always waiting (a closed loop), mean latency = 50 / throughput, so p99 < 100 ms needs at
// least 500 requests/s, i.e. at most (cores × 1000 / 500) CPU-ms per request for everything on the box.

import cluster from 'node:cluster';
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { pathToFileURL, fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';
import { CONTRACT_VIEWS, viewDefinition, sortParamForColumn, type ContractView } from '@granary/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Database, type Db } from '../apps/server/src/platform/db.ts';
import { readEnv } from '../apps/server/src/platform/env.ts';
import { randomToken, sha256 } from '../apps/server/src/platform/crypto.ts';
import { insertSession } from '../apps/server/src/platform/sessions.repo.ts';
import { SESSION_COOKIE } from '../apps/server/src/platform/sessions.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';

const BUYER = 'buyer@bigag.granary.test';
const FLOOR_PATH = '/api/bench/floor';
const BUDGET_P99_MS = 100;

type Scenario = { name: string; path: string };
type Row = {
  name: string;
  /** Responses received during the run (requests still waiting when it ends are not in p50/p99). */
  done: number;
  /** Requests still unanswered when the run ended (a closed loop leaves one per connection; not in p99). */
  pending: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU-ms per request: the server processes, the PostgreSQL processes, the load generator. */
  cpu: { server: number; db: number; client: number };
  /** Share of the machine's CPU not used by anything during the run (other work on the box shows here). */
  idle: number;
};

// ---------------------------------------------------------------------------------------------------
// The server process(es)

async function runServerProcess(): Promise<void> {
  const workers = Number(process.env.CRM_BENCH_WORKERS ?? 1);
  if (workers > 1 && cluster.isPrimary) {
    for (let i = 0; i < workers; i++) cluster.fork();
    let ready = 0;
    cluster.on('message', (_w, msg) => {
      if (msg === 'ready' && ++ready === workers) process.send?.('ready');
    });
    process.on('disconnect', () => process.exit(0));
    return;
  }
  const url = process.env.CRM_BENCH_DB_URL!;
  const database = await openDatabase({ kind: 'postgres', url, poolSize: Math.max(4, Math.ceil(20 / workers)) });
  const app = await buildApp({
    database,
    env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    logger: false,
  });
  // The Fastify floor: a constant 100-row page (a real one, captured by the bench), as a plain object that
  // Fastify serialises with JSON.stringify — what any 100-row JSON route costs on this machine.
  const floor = JSON.parse(readFileSync(process.env.CRM_BENCH_FLOOR_FILE!, 'utf8')) as unknown;
  app.get(FLOOR_PATH, { config: { access: 'public' } }, async () => floor);
  await app.listen({ port: Number(process.env.CRM_BENCH_PORT), host: '127.0.0.1' });
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

// ---------------------------------------------------------------------------------------------------
// CPU accounting from /proc (Linux); zeros elsewhere

const TICK_MS = 10; // USER_HZ = 100 on Linux

type ProcTimes = Map<number, { name: string; ppid: number; ms: number }>;

function procTimes(): ProcTimes {
  const out: ProcTimes = new Map();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const d of entries) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      const name = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'));
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      out.set(Number(d), { name, ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * TICK_MS });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

function machineTimes(): { busy: number; total: number } {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (f[3] ?? 0) + (f[4] ?? 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 1 };
  }
}

function cpuSplit(before: ProcTimes, after: ProcTimes, serverPid: number): { server: number; db: number } {
  const serverPids = new Set([serverPid]);
  for (const [pid, p] of after) if (serverPids.has(p.ppid)) serverPids.add(pid);
  let server = 0;
  let db = 0;
  for (const [pid, p] of after) {
    const delta = p.ms - (before.get(pid)?.ms ?? 0);
    if (serverPids.has(pid)) server += delta;
    else if (p.name === 'postgres' || p.name.startsWith('postgres:')) db += delta;
  }
  return { server, db };
}

// ---------------------------------------------------------------------------------------------------
// The slowest query: each scenario replayed once in this process with every query logged, then EXPLAIN
// (ANALYZE, BUFFERS) of each; the slowest one's plan is printed.

type LoggedQuery = { sql: string; params: unknown[] };

async function explainAll(
  url: string,
  cookie: string,
  scenarios: Scenario[],
): Promise<{
  scenario: string;
  sql: string;
  params: unknown[];
  ms: number;
  plan: string;
  perCall: { scenario: string; queries: { sql: string; ms: number }[] }[];
}> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let log: LoggedQuery[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql: string, params: unknown[]) => void log.push({ sql, params }) },
  }) as unknown as Db;
  // Only GETs are replayed here: no live events to listen for.
  const database: Database = {
    db,
    root: db,
    kind: 'postgres',
    migrate: async () => {},
    close: () => pool.end(),
    listen: async () => async () => {},
    withStartupLock: (fn) => fn(),
  };
  const app = await buildApp({
    database,
    env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    logger: false,
  });
  let slowest = { scenario: '', sql: '', params: [] as unknown[], ms: -1, plan: '' };
  const perCall: { scenario: string; queries: { sql: string; ms: number }[] }[] = [];
  try {
    for (const s of scenarios) {
      log = [];
      const res = await app.inject({ method: 'GET', url: s.path, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${s.path}: ${res.statusCode}`);
      const queries: { sql: string; ms: number }[] = [];
      for (const q of log) {
        const explained = await pool.query({
          text: `explain (analyze, buffers) ${q.sql}`,
          values: q.params as unknown[],
        });
        const lines = (explained.rows as Record<string, string>[]).map((r) => r['QUERY PLAN']!);
        const ms = Number(/Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? 0);
        queries.push({ sql: q.sql, ms });
        if (ms > slowest.ms) slowest = { scenario: s.name, sql: q.sql, params: q.params, ms, plan: lines.join('\n') };
      }
      perCall.push({ scenario: s.name, queries });
    }
  } finally {
    await app.close();
  }
  return { ...slowest, perCall };
}

// ---------------------------------------------------------------------------------------------------
// The bench

export async function runCrmListBench(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('\nCRM list benchmark: skipped (it needs a PostgreSQL server with the large seed: set DATABASE_URL)');
    return;
  }
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dbName = arg('db') ?? 'granary_bench';
  const duration = Number(arg('duration') ?? 5);
  const connections = Number(arg('connections') ?? 50);
  const workers = Number(arg('workers') ?? 1);
  const only = arg('views')?.split(',');
  const pages = (arg('pages') ?? 'first,deep').split(',');
  const target = new URL(url);
  target.pathname = `/${dbName}`;

  // Setup in this process: a session for the large partner's buyer, the market, a real page for the floor.
  const setup = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 2 });
  const [user] = await setup.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, BUYER));
  if (!user) {
    await setup.close();
    throw new Error(`${BUYER} is missing: run bench/seed-large.ts first`);
  }
  const token = randomToken();
  await insertSession(setup.db, { tokenHash: sha256(token), userId: user.id, ip: null, userAgent: null });
  const cookie = `${SESSION_COOKIE}=${token}`;
  const headers = { cookie };
  const inproc = await buildApp({
    database: setup,
    env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    logger: false,
  });
  const getJson = async (path: string) => {
    const res = await inproc.inject({ method: 'GET', url: path, headers });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return { json: res.json() as Record<string, unknown>, body: res.body };
  };
  const boot = (await getJson('/api/commodities/merchandising/bootstrap')).json;
  const platformId = (boot.partnerLegalEntity as { id: number }).id;
  const { markets } = (await getJson(`/api/commodities/merchandising/le/${platformId}/markets?limit_by_user_id=true`))
    .json as { markets: { id: number }[] };
  const marketId = markets[0]!.id;
  const year = new Date().getUTCFullYear();

  // The scenarios: each view, its default sort and another of its sort columns, a filter (the crop year),
  // the first page and a deep page reached by its keyset token.
  const scenarios: Scenario[] = [];
  let floorBody = '';
  for (const view of (CONTRACT_VIEWS as readonly ContractView[]).filter((v) => !only || only.includes(v))) {
    const def = viewDefinition(view);
    const sort = def.sortColumns.find((c) => c !== def.defaultSort.column) ?? def.defaultSort.column;
    for (const [label, s] of [
      ['default sort', def.defaultSort.column],
      [`sort ${sort}`, sort],
    ] as const) {
      const query = `market_id=${marketId}&predefinedFilter=${view}&crop_year=${year}&sort=${sortParamForColumn(s)}&sortOrder=${s === def.defaultSort.column ? def.defaultSort.order : 'asc'}&pageSize=100`;
      const path = `/api/commodities/ctrm/contracts/search?${query}`;
      const first = await getJson(path);
      if (!floorBody && (first.json.rows as unknown[]).length === 100) floorBody = first.body;
      const total = first.json.totalCount as number;
      if (pages.includes('first')) scenarios.push({ name: `${view} · ${label} · page 1 (${total} rows)`, path });
      // A deep page: reach page n by offset once, then ask for n + 1 with the token it issued (keyset).
      const deep = Math.min(60, Math.floor(Math.min(total, 10_000) / 100) - 1);
      if (deep >= 2 && pages.includes('deep')) {
        const before = (await getJson(`${path}&page=${deep}`)).json;
        const tokenNext = before.paginationToken as string | null;
        if (tokenNext)
          scenarios.push({
            name: `${view} · ${label} · page ${deep + 1} (keyset)`,
            path: `${path}&page=${deep + 1}&paginationToken=${tokenNext}`,
          });
      }
    }
  }
  await inproc.close(); // closes `setup` too
  if (!floorBody) throw new Error('no 100-row page to build the floor from');

  // The server in its own process(es).
  const port = await freePort();
  const floorFile = join(tmpdir(), `granary-crm-floor-${process.pid}.json`);
  writeFileSync(floorFile, floorBody);
  const self = fileURLToPath(import.meta.url);
  const cpuProf = arg('cpu-prof');
  const server: ChildProcess = fork(self, [], {
    // --cpu-prof=DIR: a V8 CPU profile of each server process, written when the bench ends.
    execArgv: cpuProf ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : process.execArgv,
    env: {
      ...process.env,
      CRM_BENCH_SERVER: '1',
      CRM_BENCH_WORKERS: String(workers),
      CRM_BENCH_PORT: String(port),
      CRM_BENCH_DB_URL: target.toString(),
      CRM_BENCH_FLOOR_FILE: floorFile,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(String(m)))));
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;

  // Between runs: wait until PostgreSQL has no list query of this database left running (a run that ends
  // with requests in flight leaves them queued in the server), so that each run starts from an idle box.
  const watcher = new pg.Client({ connectionString: target.toString() });
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
  const hit = async (name: string, path: string): Promise<Row> => {
    // A short warm-up (JIT, pool connections, caches), then the measured run.
    await autocannon({ url: `${base}${path}`, connections, duration: 1, headers });
    await drain();
    const p0 = procTimes();
    const m0 = machineTimes();
    const c0 = process.cpuUsage();
    const result = await autocannon({ url: `${base}${path}`, connections, duration, headers });
    const c1 = process.cpuUsage(c0);
    // Every request sent is served in the end: the CPU is counted until the server is idle again.
    await drain();
    const m1 = machineTimes();
    const split = cpuSplit(p0, procTimes(), server.pid!);
    const n = Math.max(1, result.requests.sent);
    const row: Row = {
      name,
      done: result.requests.total,
      pending: Math.max(0, result.requests.sent - result.requests.total),
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      cpu: { server: split.server / n, db: split.db / n, client: (c1.user + c1.system) / 1000 / n },
      idle: 1 - (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total),
    };
    rows.push(row);
    return row;
  };

  try {
    const floor =
      arg('floor') === 'false' ? { rps: 0 } : await hit('Fastify floor (constant 100-row JSON)', FLOOR_PATH);
    for (const s of scenarios) await hit(s.name, s.path);

    const cores = cpus().length;
    const needRps = connections / (BUDGET_P99_MS / 1000);
    const pad = 66;
    const missed = (r: Row) => r.done === 0 || r.p99 >= BUDGET_P99_MS || r.errors > 0;
    console.log(
      `\nCRM contracts list — PostgreSQL ${dbName}, market ${marketId}, crop year ${year}, ${connections} connections, ${duration} s each, ` +
        `${workers} server process${workers > 1 ? 'es' : ''}, ${cores} cores, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}, ${new Date().toISOString()}`,
    );
    console.log(
      'call'.padEnd(pad),
      'req/s'.padStart(6),
      'floor'.padStart(6),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(8),
      'err'.padStart(4),
      'in flight'.padStart(11),
      '| CPU ms/req: node'.padStart(18),
      'pg'.padStart(5),
      'bench'.padStart(6),
      '| max req/s'.padStart(11),
      'idle'.padStart(5),
    );
    for (const r of rows) {
      const serverDb = r.cpu.server + r.cpu.db;
      const all = serverDb + r.cpu.client;
      console.log(
        r.name.padEnd(pad),
        String(r.rps).padStart(6),
        `${((r.rps / Math.max(1, floor.rps)) * 100).toFixed(0)}%`.padStart(6),
        String(r.p50).padStart(7),
        `${r.done === 0 ? '—' : r.p99}${missed(r) ? ' !' : '  '}`.padStart(8),
        String(r.errors).padStart(4),
        `${r.pending}/${r.pending + r.done}`.padStart(11),
        r.cpu.server.toFixed(2).padStart(18),
        r.cpu.db.toFixed(2).padStart(5),
        r.cpu.client.toFixed(2).padStart(6),
        String(Math.round((cores * 1000) / Math.max(0.01, all))).padStart(11),
        `${Math.round(r.idle * 100)}%`.padStart(5),
      );
    }
    const calls = rows.filter((r) => !r.name.startsWith('Fastify floor'));
    const worst = [...calls].sort((a, b) => (a.done === 0 ? -1 : b.done === 0 ? 1 : b.p99 - a.p99))[0];
    const within = calls.filter((r) => !missed(r)).length;
    console.log(
      `Budget: p99 under ${BUDGET_P99_MS} ms at ${connections} connections, every call above: ${within} of ${calls.length} within` +
        (worst
          ? `; worst ${worst.done === 0 ? 'no answer within the run' : `p99 ${worst.p99} ms`} (${worst.name})`
          : '') +
        '. p50/p99 are of the requests answered within the run; "in flight" = still unanswered when it ended / sent (a closed loop always leaves one per connection; their latency is not in p99).',
    );
    console.log(
      `Bound: ${connections} connections in a closed loop wait ${connections} / throughput on average, so p99 < ${BUDGET_P99_MS} ms needs ≥ ${needRps} req/s, ` +
        `i.e. ≤ ${((cores * 1000) / needRps).toFixed(1)} CPU-ms per request for server + PostgreSQL + load generator on these ${cores} cores. ` +
        '"max req/s" = cores × 1000 / (CPU-ms per request of all three): the most this machine can serve of that call; "floor" = req/s as a share of the Fastify floor\'s; "idle" = CPU left unused during the run (low idle with a low max req/s: other work on the box).',
    );

    // The plan of the slowest query, and every query of the slowest call.
    const explained = await explainAll(target.toString(), cookie, scenarios);
    const worstCall = explained.perCall.find((c) => c.scenario === worst?.name);
    if (worstCall) {
      console.log(
        `\nQueries of the call with the worst p99 (${worstCall.scenario}), each alone (EXPLAIN ANALYZE execution time):`,
      );
      for (const q of worstCall.queries)
        console.log(`${q.ms.toFixed(2).padStart(8)} ms  ${q.sql.replace(/\s+/g, ' ').slice(0, 150)}`);
    }
    console.log(
      `\nSlowest query over every call: ${explained.ms.toFixed(2)} ms (${explained.scenario})\n${explained.sql.replace(/\s+/g, ' ')}\n-- parameters: ${JSON.stringify(explained.params)}\n${explained.plan}\n`,
    );
  } finally {
    await watcher.end();
    server.disconnect();
    rmSync(floorFile, { force: true });
  }
}

if (process.env.CRM_BENCH_SERVER === '1') await runServerProcess();
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runCrmListBench();
