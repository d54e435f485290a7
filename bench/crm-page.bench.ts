import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { randomToken, sha256 } from '../apps/server/src/platform/crypto.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { readEnv } from '../apps/server/src/platform/env.ts';
import { insertSession } from '../apps/server/src/platform/sessions.repo.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../apps/server/src/seed/demo.ts';

const webDist = process.env.BENCH_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const RUNS = 5;
const BUDGET_MS = 1500;

type Load = {
  rowsVisible: number;
  interactive: number;
  scripts: string[];
  calls: { path: string; start: number; end: number }[];
};

/** gzip -9 size of a built file, in bytes (what a browser downloads from a compressing server or CDN). */
function gzipped(file: string): number {
  return gzipSync(readFileSync(`${webDist}${file}`), { level: 9 }).length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * One cold load (fresh browser context: empty cache) of a page: when its first data row showed, when the main
 * thread went quiet after that (the end of the last long task, Lighthouse's time-to-interactive idea), and which
 * script files it loaded.
 */
async function load(browser: Browser, base: string, token: string | null, path: string, ready: string): Promise<Load> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  if (token) {
    const host = new URL(base).hostname;
    await context.addCookies([
      { name: 'granary_session', value: token, domain: host, path: '/', httpOnly: true, sameSite: 'Lax' },
      { name: 'granary_logged_in', value: '1', domain: host, path: '/', sameSite: 'Lax' },
    ]);
  }
  // A string, not a function: the bench compiles without the DOM library.
  await context.addInitScript({
    content:
      "window.__longTaskEnds = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTaskEnds.push(e.startTime + e.duration); }).observe({ type: 'longtask', buffered: true });",
  });
  const page = await context.newPage();
  const calls: Load['calls'] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/') && !/(contract-list-page|crm-layout|index)-[^~]*\.js$/.test(url.pathname))
      return;
    const timing = request.timing();
    calls.push({
      path: url.pathname.replace(/^\/api\/commodities\//, '').replace(/^\/assets\//, ''),
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
    });
  });
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  const navigationStart = Date.now();
  await page.goto(path);
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  const rowsVisible = Number(await page.evaluate('performance.now()'));
  await page.waitForTimeout(1000);
  const lastLongTask = Number(await page.evaluate('Math.max(0, ...window.__longTaskEnds)'));
  await context.close();
  const relative = calls.map((call) => ({
    path: call.path,
    start: Math.round(call.start - navigationStart),
    end: Math.round(call.end - navigationStart),
  }));
  return {
    rowsVisible,
    interactive: Math.max(rowsVisible, lastLongTask),
    scripts: [...scripts].sort(),
    calls: relative,
  };
}

/**
 * /crm/contracts on the demo data in headless Chromium (issue 4: interactive within 1.5 s; its JavaScript code-split
 * from the store and public pages). Needs the built web app (`npm run build`).
 */
export async function runCrmPageBench(): Promise<void> {
  if (!existsSync(`${webDist}/index.html`)) {
    console.log('\nCRM page benchmark skipped: build the web app first (npm run build).\n');
    return;
  }
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemoData(database.db);
  const app = await buildApp({
    database,
    env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    webDist,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;
  const [buyer] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.buyer));
  const token = randomToken();
  await insertSession(database.db, { tokenHash: sha256(token), userId: buyer!.id, ip: null, userAgent: null });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  try {
    const pages = [
      { name: '/crm/contracts (buyer)', path: '/crm/contracts', token, ready: 'table tbody tr' },
      { name: '/crm/deliveries (buyer)', path: '/crm/deliveries', token, ready: 'table tbody tr' },
      { name: '/market (anyone)', path: '/market', token: null, ready: 'h1' },
    ];
    console.log(
      `\nCRM page benchmark — demo data on PGlite, headless Chromium, ${RUNS} cold loads each, ${new Date().toISOString()}`,
    );
    console.log(
      'page'.padEnd(28),
      'rows ms'.padStart(9),
      'interactive ms'.padStart(15),
      'max ms'.padStart(8),
      'JS gz KB'.padStart(9),
    );
    const scriptsByPage = new Map<string, string[]>();
    const callsByPage = new Map<string, Load['calls']>();
    for (const target of pages) {
      await load(browser, base, target.token, target.path, target.ready); // warm the server, not the browser
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run += 1)
        loads.push(await load(browser, base, target.token, target.path, target.ready));
      const scripts = loads[0]?.scripts ?? [];
      scriptsByPage.set(target.path, scripts);
      callsByPage.set(target.path, loads[0]?.calls ?? []);
      const js = scripts.reduce((sum, file) => sum + gzipped(file), 0);
      console.log(
        target.name.padEnd(28),
        String(Math.round(median(loads.map((l) => l.rowsVisible)))).padStart(9),
        String(Math.round(median(loads.map((l) => l.interactive)))).padStart(15),
        String(Math.round(Math.max(...loads.map((l) => l.interactive)))).padStart(8),
        (js / 1024).toFixed(1).padStart(9),
      );
    }
    const waterfall = callsByPage.get('/crm/contracts') ?? [];
    console.log(
      `API calls and page code of one cold /crm/contracts load (ms after navigation): ${waterfall.map((c) => `${c.path} ${c.start}–${c.end}`).join(', ')}`,
    );
    const crm = scriptsByPage.get('/crm/contracts') ?? [];
    const publicScripts = new Set(scriptsByPage.get('/market') ?? []);
    const crmOnly = crm.filter((file) => !publicScripts.has(file));
    // A page's own chunk is named after it; shared chunks are named after every page that uses them.
    const leaked = [...publicScripts].filter((file) =>
      /^(contract-list-page|client-profile-page|client-list-page|dashboard-page)-/.test(file.replace(/^.*\//, '')),
    );
    console.log(
      `Chunks only /crm/contracts loads: ${crmOnly.map((file) => `${file.replace(/^.*\//, '')} (${(gzipped(file) / 1024).toFixed(1)} KB gz)`).join(', ') || 'none'}`,
    );
    console.log(`CRM list code on /market: ${leaked.length ? leaked.join(', ') : 'none (code-split)'}`);
    console.log(`Budget: /crm/contracts interactive (median) within ${BUDGET_MS} ms on the demo data.\n`);
  } finally {
    await browser.close();
    await app.close();
  }
}
