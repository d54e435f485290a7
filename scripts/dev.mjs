// `npm run dev`: the server (restarted on change) on :3000 and Vite with hot reload on :5173, proxying /api to it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '3000';
// Vite proxies /api and /version.json to wherever the server listens.
const env = { ...process.env, GRANARY_API_ORIGIN: process.env.GRANARY_API_ORIGIN ?? `http://localhost:${port}` };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn('npm', ['run', 'dev', '-w', '@granary/web'], { cwd: root, stdio: 'inherit', env }),
];
console.log(`Granary dev: open http://localhost:5173 (API on http://localhost:${port})`);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
