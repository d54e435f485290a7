// `npm test`: every check, in the order that fails fastest, each stage timed (docs/decisions/027):
// lint (ESLint with the import boundaries, the planted-import test, Prettier's check, knip), the type check, the unit,
// component and API tests (vitest on PGlite), then the end-to-end specs in Chromium against the built app.
import { spawnSync } from 'node:child_process';

const stages = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['unit, component and API tests', ['run', 'test:unit']],
  ['end-to-end tests', ['run', 'e2e']],
];

const times = [];
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
for (const [name, args] of stages) {
  console.log(`\n=== ${name}`);
  const t0 = Date.now();
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  times.push(`${name}: ${seconds(Date.now() - t0)}`);
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed (${times.join(', ')})`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n=== all passed in ${seconds(Date.now() - started)} (${times.join(', ')})`);
