// Benchmarks print their figures and the budget they are held to; they never fail a build by timing.
// `tsx run-all.ts [shell|login|crm-list|crm-page|public-page|store-search|settlement|apply-tickets|profit-center-summary|scs-engine|scs-http|structures-observe|positions]` runs one; `tsx run-all.ts seed-large [--contracts=…]` (only when asked,
// and only with DATABASE_URL) seeds the large partner the list benchmarks run against.
import { runShellBench } from './shell.bench.ts';
import { runLoginBench } from './login.bench.ts';
import { runSeedLargeBench } from './seed-large.ts';
import { runCrmListBench } from './crm-list.bench.ts';
import { runCrmPageBench } from './crm-page.bench.ts';
import { runPublicPageBench } from './public-page.bench.ts';
import { runStoreSearchBench } from './store-search.bench.ts';
import { runSettlementBench } from './settlement.bench.ts';
import { runApplyTicketsBench } from './apply-tickets.bench.ts';
import { runIngestCheckBench } from './ingest-check.bench.ts';
import { runProfitCenterSummaryBench } from './profit-center-summary.bench.ts';
import { runScsEngineBench } from './scs-engine.bench.ts';
import { runScsHttpBench } from './scs-http.bench.ts';
import { runStructuresObserveBench } from './structures-observe.bench.ts';
import { runPositionsBench } from './positions.bench.ts';

const only = process.argv[2];
if (!only || only === 'shell') await runShellBench();
if (!only || only === 'login') await runLoginBench();
if (only === 'seed-large') await runSeedLargeBench(process.argv.slice(3));
// Needs DATABASE_URL and the large seed; skips itself otherwise.
if (!only || only === 'crm-list') await runCrmListBench(process.argv.slice(3));
// Needs the built web app (npm run build); skips itself otherwise.
if (!only || only === 'crm-page') await runCrmPageBench();
// Needs the built web app; skips itself otherwise.
if (!only || only === 'public-page') await runPublicPageBench();
// Needs DATABASE_URL; seeds its own 100,000-product database the first time (~7 min), skips itself otherwise.
if (!only || only === 'store-search') await runStoreSearchBench(process.argv.slice(3));
// Settling one contract's 200 applied tickets (issue 14): on the test seed, or on DATABASE_URL's server.
if (!only || only === 'settlement') await runSettlementBench();
// Applying 1,000 scale tickets in one bulk action (issue 14): on the test seed, or on DATABASE_URL's server.
if (!only || only === 'apply-tickets') await runApplyTicketsBench(process.argv.slice(3));
// Imported contracts checked against the domain after 100,000 rows (issue 15): needs DATABASE_URL; skips otherwise.
if (!only || only === 'ingest-check') await runIngestCheckBench(process.argv.slice(3));
// The profit center's summary at 5,000 contracts and 20,000 tickets (issue 17): needs DATABASE_URL; skips otherwise.
if (!only || only === 'profit-center-summary') await runProfitCenterSummaryBench(process.argv.slice(3));
// The structured products engine (issue 18): pure CPU, no database; run it under the heavy lock.
if (!only || only === 'scs-engine') await runScsEngineBench();
// The same pricing calls through the server (app.inject, PGlite) beside the engine on the server's pool.
if (!only || only === 'scs-http') await runScsHttpBench();
// The structures' nightly observation at 10,000 live structures (issue 18): on DATABASE_URL's server, else PGlite.
if (!only || only === 'structures-observe') await runStructuresObserveBench();
// The position manager at 1,000 live structures and 20,000 contracts (issue 18): the background valuation of every
// structure's delta and gamma, and the call that reads them; on DATABASE_URL's server, else PGlite.
if (!only || only === 'positions') await runPositionsBench();
