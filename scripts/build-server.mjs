// The production server as JavaScript (docs/decisions/049): apps/server/src/main.ts and the domain package bundled by
// esbuild into apps/server/dist/main.mjs (and a chunk per import() of our own), the npm packages left as imports. `npm start` builds it when its
// sources changed and runs it with plain node: under tsx every module is compiled at start and kept with its source
// map, ~95 MB of the idle server's memory. `node scripts/build-server.mjs` builds it and prints the file;
// `--json` prints {"bundle", "nodeFlags", "env"} (how bench/ingest.bench.ts runs the server as `npm start` does);
// `--boot-packages` prints the npm packages the bundle loads at start (nothing written).

import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = join(root, 'apps/server/dist/main.mjs');
const SOURCES = [
  'apps/server/src',
  'packages/domain/src',
  'packages/scs-engine/src',
  'apps/server/package.json',
  'packages/domain/package.json',
  'packages/scs-engine/package.json',
];

/**
 * V8's heap for the server process: the young generation at 8 MB a half (Node 24 sizes it by the machine's memory,
 * 64 MB a half on this one — ~120 MB of RSS that buys nothing for short requests and an ingest's batches), and the
 * old generation capped, so a long import collects instead of growing (docs/decisions/046, 049). A flag given in
 * NODE_OPTIONS wins.
 */
export function serverNodeFlags(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const defaults = { '--max-semi-space-size': '8', '--max-old-space-size': '256' };
  return Object.entries(defaults)
    .filter(([flag]) => !nodeOptions.includes(flag))
    .map(([flag, value]) => `${flag}=${value}`);
}

/**
 * The server process' environment besides the caller's: glibc's malloc keeps an arena per thread that allocated
 * (V8's compiler and GC threads, libuv's pool) and returns little of it, so a long import's RSS crept up ~80 MB
 * outside the heap; two arenas keep it flat (docs/decisions/049). A value already set wins.
 */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Every package the server and the domain depend on stays an import (resolved from node_modules at run time). */
function externals() {
  const names = new Set();
  for (const file of ['apps/server/package.json', 'packages/domain/package.json']) {
    const pkg = JSON.parse(readFileSync(join(root, file), 'utf8'));
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) names.add(name);
  }
  // Our own packages are bundled (the pricing engine's worker thread runs from its source file: decision 061).
  names.delete('@granary/domain');
  names.delete('@granary/scs-engine');
  return [...names].flatMap((n) => [n, `${n}/*`]);
}

/**
 * `import.meta.url` of each source file, as that file's own place seen from the bundle: the migrations folder and
 * the repository root are found relative to the file that names them, wherever the checkout lives.
 */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const rel = relative(dirname(SERVER_BUNDLE), args.path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** esbuild's options for the bundle (written to `outdir`). */
function buildOptions(outdir) {
  return {
    entryPoints: [join(root, 'apps/server/src/main.ts')],
    absWorkingDir: root,
    outdir,
    outExtension: { '.js': '.mjs' },
    // What the code imports with import() (mail rendering, PDFs, …) is a chunk of its own, loaded when first used.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: externals(),
    plugins: [sourceUrls],
    sourcemap: 'linked',
    logLevel: 'warning',
  };
}

/** Builds the bundle when it is missing or older than its sources; answers its path. */
export async function buildServer({ force = false } = {}) {
  const builtAt = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  if (!force && builtAt >= changedAt) return SERVER_BUNDLE;
  rmSync(dirname(SERVER_BUNDLE), { recursive: true, force: true });
  await build(buildOptions(dirname(SERVER_BUNDLE)));
  return SERVER_BUNDLE;
}

/**
 * The npm packages node evaluates when it starts the bundle: those its entry reaches through static imports (of its
 * own chunks too); what sits behind an import() is loaded on first use. Built in memory, nothing written. The server
 * test `server-bundle.test.ts` keeps the libraries an idle server or an import never needs out of it (decision 049).
 */
export async function bootPackages() {
  const options = { ...buildOptions(dirname(SERVER_BUNDLE)), write: false, metafile: true, sourcemap: false };
  const { outputs } = (await build(options)).metafile;
  const packages = new Set();
  const seen = new Set();
  const visit = (output) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const { path, kind, external } of outputs[output]?.imports ?? []) {
      if (kind !== 'import-statement') continue;
      if (!external) visit(path);
      else if (!path.startsWith('node:'))
        packages.add(
          path
            .split('/')
            .slice(0, path.startsWith('@') ? 2 : 1)
            .join('/'),
        );
    }
  };
  visit(relative(root, SERVER_BUNDLE).split('\\').join('/'));
  return [...packages].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--boot-packages')) {
    console.log(JSON.stringify(await bootPackages()));
  } else {
    const bundle = await buildServer({ force: !process.argv.includes('--json') });
    const json = { bundle, nodeFlags: serverNodeFlags(), env: { MALLOC_ARENA_MAX: serverEnv().MALLOC_ARENA_MAX } };
    console.log(process.argv.includes('--json') ? JSON.stringify(json) : bundle);
  }
}
