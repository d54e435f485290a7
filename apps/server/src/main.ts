import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { openDatabase } from './platform/db.ts';
import { listenHost, readEnv } from './platform/env.ts';
import { seedDemoData } from './seed/demo.ts';
import { setOutboxTransports } from './platform/outbox.ts';
import { smtpTransport } from './platform/smtp.ts';
import { registerMaintenanceJob } from './platform/maintenance.ts';
import { startJobWorker } from './platform/jobs.ts';
import { feedSettings, simulatedFeed } from './modules/futures/feeds/simulated.ts';

const env = readEnv();
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webDist = resolve(repoRoot, env.WEB_DIST ?? 'apps/web/dist');
const dataDir = resolve(process.cwd(), env.DATA_DIR);

const database = await openDatabase(
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir },
);
// Processes started together on an empty database take turns: the first migrates and seeds, the others find it done.
const seeded = await database.withStartupLock(async () => {
  await database.migrate();
  return env.SEED_DEMO ? await seedDemoData(database.db) : false;
});

const app = await buildApp({
  database,
  env,
  webDist,
  logger: {
    level: env.LOG_LEVEL,
    ...(env.NODE_ENV === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
  },
});

// Background work is one system, the job table (platform/jobs.ts, docs/decisions/028): price-feed ticks, imports'
// follow-ups, offers, outbox delivery and maintenance are job kinds. Every process runs the one worker below; the
// job table gives each job to one of them.
// Mail goes out over SMTP when SMTP_URL is set; otherwise it stays in the outbox (the dev mailbox shows it).
setOutboxTransports(env.SMTP_URL ? [smtpTransport(env.SMTP_URL, env.MAIL_FROM)] : []);
// Expired sessions, tokens and counters are purged every 10 minutes.
registerMaintenanceJob({ idleMs: env.SESSION_IDLE_MINUTES * 60_000, maxAgeMs: env.SESSION_MAX_DAYS * 86_400_000 });
// The simulated price feed moves the demo's quotes (PRICE_FEED=off to stop it).
const feedConfig = feedSettings(env);
const feed = feedConfig.feed === 'simulated' ? simulatedFeed({ everyMs: feedConfig.everyMs }) : null;
if (feed) await feed.start(database.db, app.log);
const jobWorker = startJobWorker(database.db, { log: app.log });
app.addHook('preClose', async () => {
  feed?.stop();
  await jobWorker.stop();
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close(); // stops accepting, finishes in-flight requests, closes the database (onClose)
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: listenHost(env) });
app.log.info(
  { database: database.kind === 'pglite' ? `PGlite at ${dataDir}` : 'PostgreSQL (DATABASE_URL)', seeded, webDist },
  `Granary is serving on http://localhost:${env.PORT}`,
);
