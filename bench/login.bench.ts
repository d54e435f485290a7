import autocannon from 'autocannon';
import { availableParallelism } from 'node:os';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { readEnv } from '../apps/server/src/platform/env.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../apps/server/src/seed/demo.ts';
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../apps/server/src/modules/identity/passwords.ts';

async function perSecond(
  label: string,
  durationMs: number,
  concurrency: number,
  fn: () => Promise<unknown>,
): Promise<number> {
  let done = 0;
  const end = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await fn();
        done++;
      }
    }),
  );
  const rate = done / (durationMs / 1000);
  console.log(`${label.padEnd(44)} ${rate.toFixed(1).padStart(8)} /s`);
  return rate;
}

/**
 * The login path: argon2id at OWASP's parameters is deliberately the cost of a sign-in. Prints raw
 * verifications per second and full HTTP sign-ins per second (CSRF, session insert, audit row included).
 */
export async function runLoginBench(): Promise<void> {
  const { memoryCost, timeCost, parallelism } = ARGON2_PARAMS;
  console.log(
    `\nLogin benchmark — argon2id m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}; ${availableParallelism()} cores`,
  );
  const hash = await hashPassword(DEMO_PASSWORD);
  await perSecond('argon2id verify, one at a time', 3000, 1, () => verifyPassword(hash, DEMO_PASSWORD));
  await perSecond('argon2id verify, 4 concurrent (libuv pool)', 3000, 4, () => verifyPassword(hash, DEMO_PASSWORD));

  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { kind: 'postgres', url, poolSize: 20 } : { kind: 'pglite' });
  await database.migrate();
  await seedDemoData(database.db);
  // Each request comes "from" its own address (X-Forwarded-For), so the per-IP limit doesn't cut the run short.
  const app = await buildApp({
    database,
    env: readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', TRUST_PROXY: 'true' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;

  const boot = await fetch(`${base}/api/bootstrap`);
  const anon = boot.headers
    .getSetCookie()
    .find((c) => c.startsWith('granary_anon='))!
    .split(';')[0]!;
  const { csrf } = (await boot.json()) as { csrf: string };
  const authorization = `Basic ${Buffer.from(`${DEMO_ACCOUNTS.buyer}:${DEMO_PASSWORD}`).toString('base64')}`;
  let n = 0;
  const result = await autocannon({
    url: `${base}/api/auth/login/basic`,
    connections: 8,
    duration: 8,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          n++;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              cookie: anon,
              'x-csrf-token': csrf,
              authorization,
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ cookie: true, login_source: 'www' }),
          };
        },
      },
    ],
  });
  console.log(
    `${'HTTP sign-ins (8 connections, 8 s)'.padEnd(44)} ${result.requests.average.toFixed(1).padStart(8)} /s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}`,
  );
  console.log(
    'Budget: argon2id stays at or above OWASP minimum; a sign-in costs one verify (about the figure above).\n',
  );
  await app.close();
}
