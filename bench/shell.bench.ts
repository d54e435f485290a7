import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { readEnv } from '../apps/server/src/platform/env.ts';
import { seedDemoData } from '../apps/server/src/seed/demo.ts';

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };

async function hit(url: string, name: string, connections = 50, duration = 5): Promise<Row> {
  const result = await autocannon({ url, connections, duration });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * The shell's hot calls on the embedded database (or DATABASE_URL): the anonymous bootstrap every page
 * load makes, /version.json every open tab polls, and a constant route as the Fastify floor.
 */
export async function runShellBench(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { kind: 'postgres', url, poolSize: 20 } : { kind: 'pglite' });
  await database.migrate();
  await seedDemoData(database.db);
  const app = await buildApp({
    database,
    env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    logger: false,
  });
  const floor = { ok: true };
  app.get('/api/bench/floor', { config: { access: 'public' } }, async () => floor);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;

  const rows = [
    await hit(`${base}/api/bench/floor`, 'fastify floor (constant JSON)'),
    await hit(`${base}/version.json`, 'GET /version.json'),
    await hit(`${base}/api/bootstrap`, 'GET /api/bootstrap (anonymous)'),
  ];
  const floorRps = rows[0]?.rps ?? 1;
  console.log(`\nShell benchmark — ${database.kind}, 50 connections, 5 s each, ${new Date().toISOString()}`);
  console.log(
    'call'.padEnd(36),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'vs floor'.padStart(9),
    'errors'.padStart(7),
  );
  for (const r of rows) {
    console.log(
      r.name.padEnd(36),
      String(r.rps).padStart(8),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      `${((r.rps / floorRps) * 100).toFixed(0)}%`.padStart(9),
      String(r.errors).padStart(7),
    );
  }
  console.log('Budget: bootstrap p99 under 100 ms at 50 connections (it runs on every page load).\n');
  await app.close();
}
