// `npm start`: builds the web app and the server (scripts/build-server.mjs) when their builds are missing or older than
// their sources, then runs the server's bundle with plain node and the server's heap settings (docs/decisions/049).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'apps/web/dist/build.json');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'apps/web/package.json',
  'packages/domain/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (builtAt < changedAt || process.env.FORCE_WEB_BUILD === '1') {
  console.log(builtAt ? 'The web app changed since its last build: building it…' : 'Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@granary/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { buildServer, serverEnv, serverNodeFlags } = await import('./build-server.mjs');
const bundle = await buildServer();
const server = spawn(process.execPath, [...serverNodeFlags(), bundle], { stdio: 'inherit', env: serverEnv() });
// The server shuts down on SIGINT/SIGTERM itself (main.ts); this process passes them on and ends with it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
