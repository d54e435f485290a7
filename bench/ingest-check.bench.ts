// A checking bench (issue 15): "imported records behave exactly like records written in Granary … after an import of
// 100,000 contracts (tested)". Runs apps/server/src/modules/ingest/ingest-scale.test.ts — one contracts file through
// the real ingest path, then every contract view's counts, each client's crop-year exposure and each contract's
// stored pricing against the domain — with 100,000 rows on DATABASE_URL's PostgreSQL server, and prints its time and
// outcome. The suite runs the same test with 10,000 rows (docs/decisions/046).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ingest-check.bench.ts [--rows=100000]

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function runIngestCheckBench(args: readonly string[] = []): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) {
    console.log('ingest-check: skipped (needs DATABASE_URL=postgres://…)');
    return;
  }
  const rows = Number(args.find((a) => a.startsWith('--rows='))?.slice(7) ?? 100_000);
  console.log(
    `ingest-check: ${rows.toLocaleString('en-US')} contracts through the ingest, then views, exposure, pricing`,
  );
  const started = Date.now();
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'server', 'ingest-scale', '--maxWorkers=1', '--testTimeout=900000'],
    { cwd: ROOT, env: { ...process.env, INGEST_SCALE_ROWS: String(rows) }, encoding: 'utf8' },
  );
  const out = `${run.stdout}\n${run.stderr}`;
  const imported = /ingest-scale: .* imported in (\d+) ms/.exec(out);
  console.log(
    `ingest-check: ${run.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (imported ? ` (import ${(Number(imported[1]) / 1000).toFixed(1)} s)` : ''),
  );
  if (run.status !== 0) {
    console.log(out.slice(-4000));
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runIngestCheckBench(process.argv.slice(2));
