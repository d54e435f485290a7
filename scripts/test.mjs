// `npm test`: every check, in the order that fails fastest, each stage timed (docs/decisions/027, 064):
// the static checks — ESLint with the import boundaries, the planted-import test, Prettier's check, knip and the type
// check — side by side, then the unit, component and API tests (vitest on PGlite), then the end-to-end specs in
// Chromium against the built app.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** The static checks: independent and single-threaded each, so they run side by side, one per core. */
const checks = [
  ['eslint', ['run', 'lint:eslint']],
  ['type check', ['run', 'typecheck']],
  ['import boundaries', ['run', 'lint:boundaries']],
  ['prettier', ['run', 'format:check']],
  ['knip', ['run', 'knip']],
];

const stages = [
  ['unit, component and API tests', ['run', 'test:unit']],
  ['end-to-end tests', ['run', 'e2e']],
];

const times = [];
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

function fail(name, status) {
  console.error(`\n=== ${name} failed (${times.join(', ')})`);
  process.exit(status ?? 1);
}

/** Runs `npm <args>` with its output held back, to be printed whole once it ends (so parallel outputs don't mix). */
function runQuietly(args) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(output), ms: Date.now() - t0 }));
  });
}

async function runChecks() {
  console.log(`\n=== static checks (${checks.map(([name]) => name).join(', ')})`);
  const t0 = Date.now();
  const width = Math.max(2, availableParallelism());
  const queue = [...checks];
  const failed = [];
  async function worker() {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, args] = next;
      const result = await runQuietly(args);
      console.log(`\n--- ${name}: ${seconds(result.ms)}${result.status === 0 ? '' : ' (failed)'}`);
      process.stdout.write(result.output);
      if (result.status !== 0) failed.push(name);
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, checks.length) }, worker));
  times.push(`static checks: ${seconds(Date.now() - t0)}`);
  if (failed.length > 0) fail(failed.join(', '), 1);
}

await runChecks();
// `npm test -- --static`: the static checks alone.
for (const [name, args] of process.argv.includes('--static') ? [] : stages) {
  console.log(`\n=== ${name}`);
  const t0 = Date.now();
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  times.push(`${name}: ${seconds(Date.now() - t0)}`);
  if (result.status !== 0) fail(name, result.status);
}
console.log(`\n=== all passed in ${seconds(Date.now() - started)} (${times.join(', ')})`);
