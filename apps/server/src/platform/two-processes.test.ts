// Issue 11 'Two processes, one database' (DESIGN.md: the server is stateless and scales out behind a load
// balancer against one PostgreSQL). Two real server processes (apps/server/src/main.ts, as `npm start` runs it)
// on two ports share one fresh database on the PostgreSQL server of DATABASE_URL; the test talks to them over
// HTTP the way a load balancer would spread a browser's requests, and checks that nothing a user relies on lives in
// one process only: live events, lockouts, rate limits, sessions and CSRF tokens, background jobs and the scheduled
// ones (maintenance).
// Two processes cannot share an in-memory PGlite, so on PGlite (no DATABASE_URL) the suite is skipped.

import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { bidsMarketTopic, cartUserTopic, type LiveEvent } from '@granary/domain';
import { openDatabase, rowsOf, type Database } from './db.ts';
import { randomToken } from './crypto.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../seed/demo.ts';
import { fakeWebDist } from '../testing/test-app.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
/** A job kind main.ts's processes register (modules/futures/quotes-listeners.ts); with no symbols it does nothing. */
const JOB_KIND = 'futures.quotes-changed';
const REQUEST_TIMEOUT_MS = 10_000;

type ServerProcess = {
  name: string;
  base: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
};

let database: Database | null = null;
let dbName = '';
let webDist = '';
const servers: ServerProcess[] = [];
let a: ServerProcess;
let b: ServerProcess;

// If the test runner itself goes away, the servers must not outlive it.
const killAll = () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts main.ts under the repo's Node and tsx (as apps/server's `start` script does), on the shared database. */
function startServer(name: string, port: number, url: string): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: url,
      // The test migrated and seeded the database once; the processes only serve it.
      SEED_DEMO: 'false',
      PRICE_FEED: 'off',
      BOT_CHECK: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      // node-postgres names every connection of the process: the job claims below record who claimed.
      PGAPPNAME: `granary-${name}`,
    },
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { name, base: `http://127.0.0.1:${port}`, child, output, exited };
  servers.push(server);
  return server;
}

async function waitReady(s: ServerProcess, timeoutMs = 100_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null)
      throw new Error(`server ${s.name} exited (${s.child.exitCode}):\n${s.output.join('')}`);
    try {
      const res = await fetch(`${s.base}/version.json`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`server ${s.name} not ready in ${timeoutMs} ms:\n${s.output.join('')}`);
}

async function stopServer(s: ServerProcess): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill('SIGTERM');
  const code = await Promise.race([s.exited, sleep(10_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    s.child.kill('SIGKILL');
    await s.exited;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

async function query<T>(text: SQL): Promise<T[]> {
  return rowsOf<T>(await database!.db.execute(text));
}

/** A browser against either process: keeps its cookies and the CSRF token of its last bootstrap. */
class Browser {
  cookies: Record<string, string> = {};
  csrf = '';

  cookieHeader(): string {
    return Object.entries(this.cookies)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  async call(
    server: ServerProcess,
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: this.cookieHeader(),
      'x-csrf-token': this.csrf,
      ...options.headers,
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const started = Date.now();
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers,
      // A hung request fails naming itself rather than running into the test's timeout.
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    }).catch((err: unknown) => {
      throw new Error(`${method} ${path} on ${server.name} failed after ${Date.now() - started} ms: ${String(err)}`);
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies[pair.slice(0, i)] = pair.slice(i + 1);
    }
    return res;
  }

  async bootstrap(
    server: ServerProcess,
  ): Promise<{ csrf: string; user: { isLoggedIn?: boolean; email?: string } | null }> {
    const res = await this.call(server, 'GET', '/api/bootstrap');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { csrf: string; user: { isLoggedIn?: boolean; email?: string } | null };
    this.csrf = body.csrf;
    return body;
  }

  login(server: ServerProcess, email: string, password: string): Promise<Response> {
    return this.call(server, 'POST', '/api/auth/login/basic', {
      headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
      body: { timeout_s: 1800, cookie: true, login_source: 'www' },
    });
  }
}

/** An SSE stream (GET /api/events) read in the background; `connected` resolves once the process listens. */
function openStream(server: ServerProcess, topics: string[], browser: Browser) {
  const abort = new AbortController();
  const events: LiveEvent[] = [];
  let status = 0;
  let text = '';
  const connected = (async () => {
    const res = await fetch(`${server.base}/api/events?topics=${encodeURIComponent(topics.join(','))}`, {
      headers: { cookie: browser.cookieHeader(), accept: 'text/event-stream' },
      signal: abort.signal,
    });
    status = res.status;
    if (res.status !== 200 || !res.body) throw new Error(`stream on ${server.name}: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let ready: () => void = () => {};
    const isReady = new Promise<void>((r) => (ready = r));
    void (async () => {
      try {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          text += decoder.decode(chunk.value, { stream: true });
          // The first chunk (retry hint and ': connected') is written after the process LISTENs.
          if (text.includes('retry:')) ready();
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            for (const line of block.split('\n'))
              if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
          }
        }
      } catch {
        // aborted
      }
    })();
    await isReady;
  })();
  return {
    events,
    connected,
    status: () => status,
    waitFor: (what: string, match: (e: LiveEvent) => boolean, timeoutMs = 10_000) =>
      until(what, async () => events.find(match), timeoutMs, 25),
    close: () => abort.abort(),
  };
}

describe.skipIf(!DATABASE_URL)(
  'two server processes on one PostgreSQL (needs DATABASE_URL: an in-memory PGlite cannot be shared by two processes)',
  () => {
    const buyer = new Browser();
    const farmer = new Browser();
    let buyerId = '';
    let farmerId = '';

    beforeAll(async () => {
      process.once('exit', killAll);
      const url = DATABASE_URL!;
      // A database of its own (as testing/test-app.ts makes), migrated and seeded once, in this process.
      dbName = `granary_t2p_${randomToken(8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}`;
      const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        await admin.db.execute(sql.raw(`create database ${dbName}`));
      } finally {
        await admin.close();
      }
      const own = new URL(url);
      own.pathname = `/${dbName}`;
      database = await openDatabase({ kind: 'postgres', url: own.toString(), poolSize: 2 });
      await database.migrate();
      await seedDemoData(database.db, { crm: 'small' });
      // Test-only observation in this throwaway database: every claim of a job records the claiming connection's
      // application_name (granary-a / granary-b). A claim of the test's job kind also holds its row lock 50 ms, so a
      // batch of them takes longer than a worker's poll interval and both workers claim side by side.
      await database.db.execute(
        sql.raw(`
      create table test_job_claims (job_id bigint not null, attempts int not null, app text not null, at timestamptz not null default clock_timestamp());
      create function test_record_claim() returns trigger language plpgsql as $$
      begin
        insert into test_job_claims (job_id, attempts, app) values (new.id, new.attempts, current_setting('application_name'));
        if new.kind = '${JOB_KIND}' then perform pg_sleep(0.05); end if;
        return new;
      end $$;
      create trigger test_record_claim before update on jobs for each row
        when (new.status = 'running' and new.attempts > old.attempts) execute function test_record_claim();`),
      );
      webDist = fakeWebDist();
      const [portA, portB] = [await freePort(), await freePort()];
      a = startServer('a', portA, own.toString());
      b = startServer('b', portB, own.toString());
      await Promise.all([waitReady(a), waitReady(b)]);

      const ids = await query<{ id: string; email: string }>(
        sql`select id, email from users where email in (${DEMO_ACCOUNTS.buyer}, ${DEMO_ACCOUNTS.farmer})`,
      );
      buyerId = ids.find((u) => u.email === DEMO_ACCOUNTS.buyer)!.id;
      farmerId = ids.find((u) => u.email === DEMO_ACCOUNTS.farmer)!.id;
    }, 180_000);

    afterAll(async () => {
      // Whatever failed above: stop both processes, then drop the database (with force: a stuck process's connections go too).
      await Promise.all(servers.map((s) => stopServer(s)));
      process.removeListener('exit', killAll);
      for (const s of servers) {
        const tail = s.output.join('').trim();
        if (tail) console.log(`--- server ${s.name} output:\n${tail.slice(-4000)}`);
      }
      await database?.close();
      if (dbName) {
        const cleanup = await openDatabase({ kind: 'postgres', url: DATABASE_URL!, poolSize: 1 });
        try {
          await cleanup.db.execute(sql.raw(`drop database if exists ${dbName} with (force)`));
        } finally {
          await cleanup.close();
        }
      }
      if (webDist) rmSync(webDist, { recursive: true, force: true });
    }, 60_000);

    it('a session made on A works on B, and either process accepts the other’s CSRF tokens', async () => {
      // The buyer signs in on A with the CSRF token of A's bootstrap.
      await buyer.bootstrap(a);
      const signedIn = await buyer.login(a, DEMO_ACCOUNTS.buyer, DEMO_PASSWORD);
      expect(signedIn.status).toBe(200);
      expect(buyer.cookies.granary_session).toBeTruthy();
      // B knows the session, and derives the same CSRF token for it (the secret is shared through the database).
      const session = await buyer.call(b, 'GET', '/api/auth/session');
      expect(session.status).toBe(200);
      expect(await session.json()).toMatchObject({ userId: buyerId, method: 'password' });
      const onA = await buyer.bootstrap(a);
      const onB = await buyer.bootstrap(b);
      expect(onB.user).toMatchObject({ isLoggedIn: true, email: DEMO_ACCOUNTS.buyer });
      expect(onB.csrf).toBe(onA.csrf);

      // The farmer's anonymous CSRF token comes from A, the sign-in goes to B.
      await farmer.bootstrap(a);
      expect((await farmer.login(b, DEMO_ACCOUNTS.farmer, DEMO_PASSWORD)).status).toBe(200);
      await farmer.bootstrap(b);
      expect((await farmer.call(a, 'GET', '/api/auth/session')).status).toBe(200);
    });

    it('a session signed in on A and ended on B is ended on A too', async () => {
      const admin = new Browser();
      await admin.bootstrap(b);
      expect((await admin.login(a, DEMO_ACCOUNTS.admin, DEMO_PASSWORD)).status).toBe(200);
      const adminSession = { ...admin.cookies };
      await admin.bootstrap(a);
      expect((await admin.call(b, 'POST', '/api/auth/logout')).status).toBe(204);
      admin.cookies = adminSession;
      expect((await admin.call(a, 'GET', '/api/auth/session')).status).toBe(401);
    });

    it('a bid changed through A reaches a live stream on B', async () => {
      const [bid] = await query<{ id: string; version: number; market_id: number }>(sql`
      select i.id, i.version, i.market_id from instruments i join markets m on m.id = i.market_id
      where m.partner_id = 'demo' and m.slug = 'ames' and i.deleted_at is null order by i.id limit 1`);
      expect(bid).toBeDefined();
      const stream = openStream(b, [bidsMarketTopic(bid!.market_id)], buyer);
      try {
        await stream.connected;
        const res = await buyer.call(a, 'PUT', `/api/commodities/merchandising/instruments/${bid!.id}`, {
          body: { notes: 'Changed on process A' },
          headers: { 'if-match': `"${bid!.version}"` },
        });
        expect(res.status).toBe(200);
        const event = await stream.waitFor('the bid event on B', (e) => e.topic === bidsMarketTopic(bid!.market_id));
        expect(event.payload).toEqual({
          marketId: bid!.market_id,
          action: 'updated',
          instrumentIds: [Number(bid!.id)],
        });
      } finally {
        stream.close();
      }
    });

    it('a cart changed through B reaches the same user’s live stream on A', async () => {
      const [product] = await query<{ slug: string }>(sql`
      select p.slug from store_products p
      where exists (select 1 from store_variants v join store_variant_prices vp on vp.variant_id = v.id and vp.country = 'USA' where v.product_id = p.id)
        and not exists (select 1 from store_item_restrictions r where r.product_id = p.id)
        and not p.restricted_use
      order by p.id limit 1`);
      const detail = (await (
        await farmer.call(b, 'GET', `/api/store/products/${product!.slug}?locale=en-us`)
      ).json()) as { variants: { id: string }[] };
      const topic = cartUserTopic(farmerId);
      const stream = openStream(a, [topic], farmer);
      try {
        await stream.connected;
        const cartRes = await farmer.call(b, 'GET', '/api/store/cart?locale=en-us');
        expect(cartRes.status).toBe(200);
        const { serial } = (await cartRes.json()) as { serial: number };
        const added = await farmer.call(b, 'POST', '/api/store/cart/items?locale=en-us', {
          body: { serial, variantId: detail.variants[0]!.id, quantity: 2 },
        });
        expect(added.status).toBe(200);
        const cart = (await added.json()) as { id: string; serial: number };
        const event = await stream.waitFor('the cart event on A', (e) => e.topic === topic);
        expect(event.payload).toEqual({ cartId: cart.id, serial: cart.serial, status: 'open' });
      } finally {
        stream.close();
      }
    });

    it('a sign-in lockout counted on A holds on B (failures from one client, 127.0.0.1, on both)', async () => {
      const email = DEMO_ACCOUNTS.prairieBuyer;
      const visitor = new Browser();
      await visitor.bootstrap(a);
      const codes: string[] = [];
      // Four failures on A, the fifth on B: B counts on from A's four and locks the account.
      for (let i = 0; i < 4; i++)
        codes.push(((await (await visitor.login(a, email, `wrong-${i}`)).json()) as { code: string }).code);
      const fifth = await visitor.login(b, email, 'wrong-4');
      codes.push(((await fifth.json()) as { code: string }).code);
      expect(codes).toEqual([
        'invalid_credentials',
        'invalid_credentials',
        'invalid_credentials',
        'invalid_credentials',
        'account_locked',
      ]);
      // The right password is refused on both.
      expect((await visitor.login(b, email, DEMO_PASSWORD)).status).toBe(423);
      expect((await visitor.login(a, email, DEMO_PASSWORD)).status).toBe(423);
    });

    it('a rate limit counted on A holds on B', async () => {
      // The magic-link request is limited per client IP; its counter is one, whichever process answers.
      const visitor = new Browser();
      await visitor.bootstrap(a);
      const ask = (server: ServerProcess) =>
        visitor.call(
          server,
          'POST',
          `/api/auth/login/magic-link/initiate?email=${encodeURIComponent('nobody-2p@demo.granary.test')}`,
        );
      const first = await ask(a);
      expect(first.status).toBe(200);
      const limit = Number(first.headers.get('x-ratelimit-limit'));
      expect(limit).toBeGreaterThan(1);
      const remaining = [Number(first.headers.get('x-ratelimit-remaining'))];
      // Alternate B, A, B …: each process's answer counts the other's requests.
      for (let i = 1; i < limit; i++) {
        const res = await ask(i % 2 === 1 ? b : a);
        expect(res.status).toBe(200);
        remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
      }
      expect(remaining).toEqual([...Array(limit).keys()].map((i) => limit - 1 - i));
      // Spent on both: B refuses, and so does A.
      const refusedB = await ask(b);
      expect(refusedB.status).toBe(429);
      expect(((await refusedB.json()) as { code: string }).code).toBe('rate_limited');
      expect((await ask(a)).status).toBe(429);
    });

    it('the scheduled jobs (maintenance, job pruning) run once for both processes, not once in each', async () => {
      // Both workers scheduled them at start: one pending row each, and the first run claimed by one process only.
      const kinds = ['maintenance.purge-expired', 'jobs.prune'];
      const runs = await until('the first runs of the scheduled jobs', async () => {
        const rows = await query<{ kind: string; status: string }>(sql`
          select kind, status from jobs where kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )}) order by id`);
        return kinds.every((k) => rows.some((r) => r.kind === k && r.status === 'done')) ? rows : null;
      });
      for (const kind of kinds) {
        expect(runs.filter((r) => r.kind === kind).map((r) => r.status)).toEqual(['done', 'pending']);
      }
      const claims = await query<{ kind: string; n: number }>(sql`
        select j.kind, count(*)::int as n from test_job_claims c join jobs j on j.id = c.job_id
        where j.kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )}) group by j.kind order by j.kind`);
      expect(claims).toEqual([
        { kind: 'jobs.prune', n: 1 },
        { kind: 'maintenance.purge-expired', n: 1 },
      ]);
    });

    it('each job is claimed and run by exactly one process, and both processes take jobs', async () => {
      const n = 40;
      const jobIds = (
        await query<{ id: string }>(sql`
        insert into jobs (kind, payload) select ${JOB_KIND}, '{"symbols":[]}'::jsonb from generate_series(1, ${n}) returning id`)
      ).map((r) => Number(r.id));
      expect(jobIds).toHaveLength(n);
      const done = await until(
        'the jobs to finish',
        async () => {
          const rows = await query<{ id: string; status: string; attempts: number }>(sql`
          select id, status, attempts from jobs where id in (${sql.join(
            jobIds.map((id) => sql`${id}`),
            sql`, `,
          )})`);
          return rows.every((r) => r.status === 'done') ? rows : null;
        },
        20_000,
        200,
      );
      expect(done.every((r) => r.attempts === 1)).toBe(true);
      const claims = await query<{ job_id: string; app: string }>(sql`
      select job_id, app from test_job_claims where job_id in (${sql.join(
        jobIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by at`);
      // One claim per job: none ran twice, none was missed.
      expect(claims.map((c) => Number(c.job_id)).sort((x, y) => x - y)).toEqual([...jobIds].sort((x, y) => x - y));
      const byProcess = new Map<string, number>();
      for (const c of claims) byProcess.set(c.app, (byProcess.get(c.app) ?? 0) + 1);
      console.log(`jobs claimed per process: ${JSON.stringify(Object.fromEntries(byProcess))}`);
      expect([...byProcess.keys()].sort()).toEqual(['granary-a', 'granary-b']);
    });
  },
);
