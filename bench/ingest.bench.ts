// ERP files into the CRM at a large co-op's scale (issue 15): "Ingest 1,000,000 contracts from one CSV file on the
// local PostgreSQL server in under 3 minutes on this 2-core machine, peak memory of the server process under 300 MB;
// 2,000,000 scale tickets under 5 minutes; print rows/s and peak memory. A re-sent identical file finishes in a
// fraction of the first time and writes nothing." (docs/decisions/046)
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ingest.bench.ts
//     [--db=granary_ingest_bench] [--contracts=1000000] [--tickets=2000000] [--keep]
//
// The bench makes its own database (dropped at the end unless --keep), migrates it and seeds the small demo, starts the
// production server on it in a child process (as `npm start` runs it: the bundle under plain node with the server's
// heap flags; INGEST_BENCH_NODE_OPTIONS adds node flags), writes the CSV files to a temporary
// directory, uploads each through HTTP as a stream (POST ingest/:recordType/files), polls the sync until it ends,
// then sends the same file again. The server's peak RSS is its VmHWM (/proc/<pid>/status), reset before each file's
// first upload and read after its re-send, so it covers both uploads and both imports.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  rmSync,
  statSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { seedDemoData } from '../apps/server/src/seed/demo.ts';
import { randomToken, sha256 } from '../apps/server/src/platform/crypto.ts';
import { insertSession } from '../apps/server/src/platform/sessions.repo.ts';
import { SESSION_COOKIE } from '../apps/server/src/platform/sessions.ts';

const MERCH = '/api/commodities/merchandising';
const BUYER = 'buyer@demo.granary.test';
const CLIENTS = 5_000;
const BUDGET = { contractsSeconds: 180, ticketsSeconds: 300, peakMb: 300 };

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

// ---------------------------------------------------------------------------------------------------
// The server process: the production server as `npm start` runs it (the bundle of scripts/build-server.mjs under
// plain node with the server's heap flags, docs/decisions/049) on the bench database, with its job worker.

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}

async function startServer(url: string): Promise<{ server: ChildProcess; port: number }> {
  const built = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('../scripts/build-server.mjs', import.meta.url)), '--json'],
    {
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`server build failed: ${built.stderr}`);
  const { bundle, nodeFlags, env } = JSON.parse(built.stdout) as {
    bundle: string;
    nodeFlags: string[];
    env: Record<string, string>;
  };
  const extra = (process.env.INGEST_BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const port = await freePort();
  console.log(
    `server: ${Object.entries(env)
      .map(([k, v]) => `${k}=${v} `)
      .join('')}node ${[...nodeFlags, ...extra].join(' ')} ${bundle}`,
  );
  const server = spawn(process.execPath, [...nodeFlags, ...extra, bundle], {
    env: {
      ...env,
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      PRICE_FEED: 'off',
      LOG_LEVEL: process.env.INGEST_BENCH_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    const up = await http({ port, cookie: '', csrf: '' }, 'GET', '/api/bootstrap').catch(() => null);
    if (up) return { server, port };
    if (i > 300 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---------------------------------------------------------------------------------------------------
// Files

async function writeFile(path: string, header: string, rows: number, row: (i: number) => string): Promise<number> {
  const out = createWriteStream(path);
  out.write(`${header}\n`);
  let buf = '';
  for (let i = 1; i <= rows; i++) {
    buf += `${row(i)}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
  return statSync(path).size;
}

const pad = (n: number) => String(n).padStart(2, '0');
const CROPS = ['CN', 'SB', 'W', 'CN', 'SB'];
const TYPES = ['flat', 'flat', 'hta', 'pp', 'mp', 'spot', 'basic_cs'];

function contractRow(markets: string[]) {
  return (i: number) => {
    const client = `BC-${(i % CLIENTS) + 1}`;
    const market = markets[i % markets.length];
    const type = TYPES[i % TYPES.length];
    const q = 1000 + (i % 50) * 100;
    const delivered = i % 3 === 0 ? q / 2 : 0;
    const month = (i % 12) + 1;
    const futures = (4 + (i % 100) / 100).toFixed(2);
    const basis = type === 'hta' ? '' : (-(i % 60) / 100).toFixed(2);
    return `K-${i},${client},${market},${type},${CROPS[i % CROPS.length]},2026,${q},${delivered},${futures},${basis},2026-${pad(month)}-01,2026-${pad(month)}-28,2026-01-${pad((i % 28) + 1)}`;
  };
}

function ticketRow(markets: string[]) {
  return (i: number) => {
    const client = `BC-${(i % CLIENTS) + 1}`;
    const market = markets[i % markets.length];
    const q = 500 + (i % 40) * 25;
    return `S-${i},${client},${market},${CROPS[i % CROPS.length]},2026,2026-10-${pad((i % 28) + 1)},${q},${(14 + (i % 5) / 2).toFixed(1)}`;
  };
}

// ---------------------------------------------------------------------------------------------------
// HTTP

type Session = { port: number; cookie: string; csrf: string };

async function http(
  s: Session,
  method: string,
  path: string,
  body?: string | { file: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: s.port,
        method,
        path,
        headers: {
          cookie: s.cookie,
          'x-csrf-token': s.csrf,
          ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...(body && typeof body === 'object' ? { 'content-length': String(statSync(body.file).size) } : {}),
          ...headers,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString();
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    if (body && typeof body === 'object') createReadStream(body.file).pipe(req);
    else req.end(body);
  });
}

type Sync = {
  status: string;
  rowsRead: number;
  rowsWritten: number;
  rowsUnchanged: number;
  rowsBroken: number;
  bytesRead: number;
  bytesTotal: number;
  durationMs: number | null;
  etaSeconds: number | null;
  message: string | null;
};

function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** Starts the peak RSS over (Linux: 5 > /proc/<pid>/clear_refs), so the peak is the ingest's, not the start's. */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    console.log('  (could not reset the peak RSS: it includes the server start)');
  }
}

async function ingest(
  s: Session,
  recordType: string,
  file: string,
  label: string,
  pid: number,
): Promise<Sync & { seconds: number }> {
  const started = performance.now();
  const res = await http(
    s,
    'POST',
    `${MERCH}/ingest/${recordType}/files?fileName=${label}.csv`,
    { file },
    {
      'content-type': 'text/csv',
    },
  );
  if (res.status !== 202) throw new Error(`upload ${res.status}: ${JSON.stringify(res.json)}`);
  const uploaded = (performance.now() - started) / 1000;
  const { syncId } = res.json as { syncId: number };
  let last = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const sync = (await http(s, 'GET', `${MERCH}/ingest/syncs/${syncId}`)).json as Sync;
    const now = performance.now();
    if (now - last > 10_000) {
      last = now;
      console.log(
        `  ${label}: ${sync.status}, ${sync.rowsRead.toLocaleString('en-US')} rows read, ${Math.round((100 * sync.bytesRead) / sync.bytesTotal)} %, ETA ${sync.etaSeconds ?? '–'} s, server RSS ${memoryMb(pid, 'VmRSS')} MB`,
      );
    }
    if (!['queued', 'running'].includes(sync.status)) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`  ${label}: upload ${uploaded.toFixed(1)} s, job ${((sync.durationMs ?? 0) / 1000).toFixed(1)} s`);
      return { ...sync, seconds };
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The bench

async function main(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('Set DATABASE_URL to a PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres).');
  const dbName = arg('db', 'granary_ingest_bench');
  const contracts = Number(arg('contracts', '1000000'));
  const tickets = Number(arg('tickets', '2000000'));
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  const dir = mkdtempSync(join(tmpdir(), 'granary-ingest-bench-'));
  let server: ChildProcess | null = null;
  try {
    // Migrated and seeded here, so that the server process does only what a server does.
    const setup = await openDatabase({ kind: 'postgres', url: url.toString() });
    await setup.migrate();
    await seedDemoData(setup.db, { crm: 'small' });
    const started = await startServer(url.toString());
    server = started.server;
    const { port } = started;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const token = randomToken();
    const [{ id: userId }] = (await db.query('select id from users where email = $1', [BUYER])).rows;
    await insertSession(setup.db, { tokenHash: sha256(token), userId, ip: null, userAgent: null });
    const cookie = `${SESSION_COOKIE}=${token}`;
    const boot = await http({ port, cookie, csrf: '' }, 'GET', '/api/bootstrap');
    const s: Session = { port, cookie, csrf: (boot.json as { csrf: string }).csrf };
    // The ERP's customers, known to Granary by their customer ids.
    await db.query(`insert into legal_entities (partner_id, kind, name, ext_client_id)
      select 'demo', 'client', 'Bench client ' || g, 'BC-' || g from generate_series(1, ${CLIENTS}) g`);
    const markets = (await db.query(`select slug from markets where partner_id = 'demo' order by id`)).rows.map(
      (r: { slug: string }) => r.slug,
    );
    await db.end();
    await setup.close();

    const put = async (recordType: string, columns: Record<string, string>) => {
      const r = await http(s, 'PUT', `${MERCH}/ingest/mappings/${recordType}`, JSON.stringify({ columns }));
      if (r.status !== 200) throw new Error(`mapping ${r.status}: ${JSON.stringify(r.json)}`);
    };
    await put('contracts', {
      externalId: 'Contract',
      clientExternalId: 'Customer',
      market: 'Location',
      contractType: 'Type',
      crop: 'Commodity',
      cropYear: 'Year',
      quantity: 'Bushels',
      deliveredQuantity: 'Applied',
      futuresPrice: 'Futures',
      basis: 'Basis',
      deliveryStart: 'Start',
      deliveryEnd: 'End',
      contractDate: 'Date',
    });
    await put('scale_tickets', {
      externalId: 'Ticket',
      clientExternalId: 'Customer',
      market: 'Location',
      crop: 'Commodity',
      cropYear: 'Year',
      deliveryDate: 'Date',
      quantity: 'Net',
      moisture: 'Moisture',
    });

    const report: string[] = [];
    const run = async (
      recordType: string,
      rows: number,
      header: string,
      row: (i: number) => string,
      budgetSeconds: number,
    ) => {
      if (rows <= 0) return;
      const file = join(dir, `${recordType}.csv`);
      const bytes = await writeFile(file, header, rows, row);
      console.log(`${recordType}: ${rows.toLocaleString('en-US')} rows, ${(bytes / 1048576).toFixed(0)} MB`);
      const pid = server!.pid!;
      const idle = memoryMb(pid, 'VmRSS');
      resetPeak(pid);
      const first = await ingest(s, recordType, file, `${recordType}-1`, pid);
      const peakFirst = memoryMb(pid, 'VmHWM');
      const again = await ingest(s, recordType, file, `${recordType}-2`, pid);
      // The peak of the whole run: both uploads and both imports (a server takes a file in while it holds the last).
      const peak = memoryMb(pid, 'VmHWM');
      report.push(
        `${recordType.padEnd(14)} ${rows.toLocaleString('en-US').padStart(10)} rows  first: ${first.seconds.toFixed(1).padStart(6)} s ` +
          `(${Math.round(rows / first.seconds).toLocaleString('en-US')} rows/s, written ${first.rowsWritten.toLocaleString('en-US')}, ` +
          `broken ${first.rowsBroken}, ${first.status})  budget ${budgetSeconds} s ${first.seconds < budgetSeconds ? 'OK' : 'OVER'}`,
        `${''.padEnd(14)} re-sent:  ${again.seconds.toFixed(1).padStart(6)} s, written ${again.rowsWritten}, unchanged ${again.rowsUnchanged.toLocaleString('en-US')} (${again.status})`,
        `${''.padEnd(14)} server RSS: ${idle} MB before, peak ${peak} MB over both sends, ${peakFirst} MB in the first (budget ${BUDGET.peakMb} MB ${peak < BUDGET.peakMb ? 'OK' : 'OVER'})`,
      );
      rmSync(file);
    };
    await run(
      'contracts',
      contracts,
      'Contract,Customer,Location,Type,Commodity,Year,Bushels,Applied,Futures,Basis,Start,End,Date',
      contractRow(markets),
      BUDGET.contractsSeconds,
    );
    await run(
      'scale_tickets',
      tickets,
      'Ticket,Customer,Location,Commodity,Year,Date,Net,Moisture',
      ticketRow(markets),
      BUDGET.ticketsSeconds,
    );
    console.log(
      `\nIngest on PostgreSQL (load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}):`,
    );
    for (const line of report) console.log(line);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit').catch(() => undefined);
    }
    rmSync(dir, { recursive: true, force: true });
    if (!process.argv.includes('--keep')) await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
process.exit(0);
