import { WEB_VERSION } from '@granary/domain';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/** 'YYMMDDHHmm' of the build time, for the default build tag. */
function shortTimestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(2, 12);
}

/** Writes dist/build.json {tag, required, latest} so that the server can report the build it serves. */
function buildInfo(tag: string): Plugin {
  return {
    name: 'granary-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: `${JSON.stringify({ tag, required: WEB_VERSION.required, latest: WEB_VERSION.latest }, null, 2)}\n`,
      });
    },
  };
}

/**
 * Writes a .br and a .gz beside each text asset of the build, once, at build time: the server serves them
 * to browsers that accept them (@fastify/static preCompressed), so a phone downloads the compressed bytes
 * the size budgets count, with no compression work per request. Files under 1 KB are left alone.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'granary-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|html|txt)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const source = readFileSync(path);
        if (source.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, '.', '');
  const tag = env['BUILD_TAG'] || `web-${WEB_VERSION.latest}-${shortTimestamp(new Date())}`;
  const apiOrigin = env['GRANARY_API_ORIGIN'] || 'http://localhost:3000';
  const proxy = {
    '/api': { target: apiOrigin, changeOrigin: false },
    '/version.json': { target: apiOrigin, changeOrigin: false },
  };
  return {
    plugins: [react(), buildInfo(tag), precompress()],
    define: {
      __BUILD_TAG__: JSON.stringify(tag),
      __WEB_VERSION__: JSON.stringify({ required: WEB_VERSION.required, latest: WEB_VERSION.latest }),
    },
    server: { port: 5173, strictPort: true, proxy },
    preview: { port: 4173, proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Maps are written for error reporting but not linked from the code; the server never serves them in
      // production (docs/decisions/025-hardening-rules.md).
      sourcemap: 'hidden',
      target: 'es2022',
      // .vite/manifest.json: where the server finds the public entry's script, its chunks and its CSS.
      manifest: true,
      rolldownOptions: {
        // Two entries: the app (index.html) and the light public market and score page (React only). The server
        // writes the public page's HTML from the manifest, with the page's data inlined (docs/decisions/018); a
        // script entry, not a second HTML page, so the app's chunks stay as they are.
        input: { index: 'index.html', market: 'src/public-entry.tsx' },
        output: {
          // Long-lived vendor chunks: a deploy of app code leaves them cached.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 30,
              },
              // The router apart from React: the light /market entry renders without it, so it must not download
              // it inside the React chunk (its budget is 110 KB gzipped, decision 018).
              { name: 'router', test: /node_modules[\\/](react-router|cookie)[\\/]/, priority: 29 },
              // recharts and what it brings (d3, redux, immer…) only for the client profile's charts: its own chunk,
              // loaded with that page, never preloaded by index.html.
              {
                name: 'charts',
                test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|use-sync-external-store)[\\/]/,
                priority: 25,
                // Not what the charts share with the rest (clsx, react-is): those stay where the app loads them.
                includeDependenciesRecursively: false,
              },
              {
                name: 'mui',
                test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis|react-is|prop-types|clsx)[\\/]/,
                priority: 20,
                entriesAware: true,
              },
              { name: 'vendor', test: /node_modules[\\/]/, priority: 10, entriesAware: true },
            ],
          },
        },
      },
    },
  };
});
