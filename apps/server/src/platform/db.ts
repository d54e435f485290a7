import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is } from 'drizzle-orm';
import { drizzle as drizzlePglite, PgliteDatabase, PgliteTransaction } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema/index.ts';

export type Schema = typeof schema;
/**
 * The one database type the repos see, whichever driver is behind it, and whether it is the database or one of
 * its transactions: drizzle's PgTransaction extends PgDatabase, and both drivers' databases (node-postgres, PGlite)
 * are PgDatabases of this schema, so each of them is a `Db` as it is (no cast). Raw results of `execute` are
 * driver-shaped: read them with `rowsOf<Row>`.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The kind of database behind `db` (the database, the scoped one every repo sees, or one of their transactions).
 * Embedded PGlite runs its queries in the server's own thread, one at a time: work that writes a lot sizes itself
 * by it.
 */
export function databaseKindOf(db: Db): DatabaseConfig['kind'] {
  return is(db, PgliteDatabase) || is(db, PgliteTransaction) ? 'pglite' : 'postgres';
}

/** Rows of a db.execute result (node-postgres returns {rows}, PGlite too; some drivers an array). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export type DatabaseConfig =
  /** A PostgreSQL server (`DATABASE_URL=postgres://…`). */
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** Embedded PGlite: on disk under `dataDir`, or in memory when `dataDir` is omitted (tests). */
  | {
      kind: 'pglite';
      dataDir?: string;
      /** A data directory dumped by `dump()` to start from (the tests' seeded snapshot); in memory only. */
      loadDataDir?: Blob;
    };

export type Database = {
  /**
   * The database every repo uses. Inside a request transaction (request-transaction.ts) it is that transaction,
   * so whatever a state-changing request writes commits together or not at all, without each service passing it.
   */
  db: Db;
  /** The database outside any request transaction (the request transaction itself is begun on it). */
  root: Db;
  kind: DatabaseConfig['kind'];
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel in this process: `onPayload` gets each NOTIFY's payload (after the notifying
   * transaction commits). PGlite listens on its one connection; a PostgreSQL server through a dedicated
   * client that reconnects on its own (notifications sent while it was down are lost: the events carry
   * nothing a reader can't fetch again). Resolves to the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `fn` while holding the database's start-up lock (a PostgreSQL advisory lock on a connection of its own),
   * so that server processes started together on an empty database migrate and seed it one after the other, not
   * at once. PGlite belongs to one process: `fn` simply runs.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole data directory as a tarball, for `loadDataDir` (the tests' seeded snapshot). */
  dump?(): Promise<Blob>;
};

/** The advisory lock key of start-up (migrations and the demo seed): any constant no other code uses. */
const STARTUP_LOCK_KEY = 7_243_011;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * What the code running now may do with the database: the transaction of the request it serves (null outside
 * one), and whether a read that failed on a broken connection may be tried again (a GET request's reads).
 */
export type DbScope = { tx: Db | null; retryReads: boolean };
const dbScope = new AsyncLocalStorage<DbScope>();

/** Runs `fn` (and everything it awaits or starts) in a database scope. */
export function runInDbScope<T>(scope: DbScope, fn: () => T): T {
  return dbScope.run(scope, fn);
}

/** The scope of the code running now, if any. */
export function currentDbScope(): DbScope | undefined {
  return dbScope.getStore();
}

/**
 * The database as the code running now should see it: inside a transaction begun through it, that transaction
 * (so a helper handed the plain `db` still writes in the caller's transaction, and PGlite's single connection is
 * never asked for a second one while a transaction holds it); elsewhere the root database. A transaction begun
 * inside another becomes a savepoint, as drizzle does.
 */
function scopedDb(root: Db): Db {
  return new Proxy(root, {
    get(target, prop) {
      const scope = dbScope.getStore();
      const current = scope?.tx ?? target;
      if (prop === 'transaction') {
        return <T>(fn: (tx: Db) => Promise<T>, config?: Parameters<Db['transaction']>[1]) =>
          current.transaction((tx) => {
            const inner: DbScope = { tx, retryReads: false };
            return dbScope
              .run(inner, () => fn(tx))
              .finally(() => {
                // Work the transaction started but did not await (fire and forget) goes to the root afterwards.
                inner.tx = null;
              });
          }, config);
      }
      const value: unknown = Reflect.get(current, prop, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now (starting up / shutting down), connection
  // exceptions (class 08), too_many_connections.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '53300',
]);
const CONNECTION_ERROR_MESSAGE =
  /connection terminated|connection error|not queryable|timeout exceeded when trying to connect|client was closed|server closed the connection/i;

/**
 * Whether an error (or one of its causes: drizzle wraps the driver's) says the database connection broke or the
 * server could not be reached, rather than that the query was wrong.
 */
export function isConnectionError(err: unknown): boolean {
  for (const { code, message } of causesOf(err)) {
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_ERROR_MESSAGE.test(message)) return true;
  }
  return false;
}

/** An error and its causes (drizzle wraps the driver's error), outermost first. */
function* causesOf(err: unknown): Generator<{ code?: unknown; message?: unknown; cause?: unknown }> {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    yield e as { code?: unknown; message?: unknown; cause?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE of a PostgreSQL error (or of one of its causes), or null. */
export function sqlStateOf(err: unknown): string | null {
  for (const { code } of causesOf(err)) if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  return null;
}

/** How long a read waits before it is tried again on a fresh connection (a restarting server needs a moment). */
export const READ_RETRY_DELAY_MS = 250;

/**
 * A pool whose plain queries (never a transaction's: those run on a checked-out client) are tried once more on a
 * fresh connection when the connection broke and the code running now may retry reads (docs/decisions/025).
 */
function retryingReads(pool: pg.Pool): pg.Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]): Promise<unknown> => {
    try {
      return await query(...args);
    } catch (err) {
      if (!isConnectionError(err) || !dbScope.getStore()?.retryReads) throw err;
      // pg-pool has dropped the broken client; the retry checks out (or opens) another.
      await sleep(READ_RETRY_DELAY_MS);
      return query(...args);
    }
  };
  (pool as unknown as { query: typeof retrying }).query = retrying;
  return pool;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = retryingReads(new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 }));
    // An idle connection the server drops (restart, failover, a forced drop) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => {
      console.error(`[db] idle PostgreSQL connection lost: ${err.message}`);
    });
    // A connection checked out by a transaction has no pool listener: one the server ends between two of its
    // statements would throw an uncaught 'error' and stop the process. Its pending and next queries fail on their
    // own (the request answers 503); the event itself needs only a listener.
    pool.on('connect', (client) => {
      client.on('error', (err) => {
        console.error(`[db] PostgreSQL connection lost: ${err.message}`);
      });
    });
    // Numeric values stay strings (exact decimals); bigint (int8) too.
    const db = drizzlePg({ client: pool, schema });
    return {
      db: scopedDb(db),
      root: db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
      listen: (channel, onPayload) => listenPg(config.url, channel, onPayload),
      withStartupLock: (fn) => withAdvisoryLock(config.url, STARTUP_LOCK_KEY, fn),
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  // pg_trgm: the store's typo-tolerant search (trigram similarity); a PostgreSQL server ships it as a contrib extension.
  const extensions = { pg_trgm };
  const client = config.dataDir
    ? new PGlite(config.dataDir, { extensions })
    : new PGlite({ extensions, ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: scopedDb(db),
    root: db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    withStartupLock: (fn) => fn(),
    dump: () => client.dumpDataDir('none'),
  };
}

/** Runs `fn` holding a session-level advisory lock, taken and released on a connection of its own. */
async function withAdvisoryLock<T>(url: string, key: number, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', (err) => console.error(`[db] start-up lock connection lost: ${err.message}`));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    // Ending the connection releases the lock in any case.
    await client.end().catch(() => {});
  }
}

/** A dedicated connection for LISTEN (a pooled one would be handed to queries), reconnected with back-off. */
async function listenPg(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    const lost = (err?: Error) => {
      if (stopped || client !== c) return;
      client = null;
      console.error(`[db] LISTEN connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
      void c.end().catch(() => {});
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    client = c;
    await c.connect();
    await c.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    delay = 500;
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: Error) => {
        console.error(`[db] LISTEN reconnect failed: ${err.message}`);
        delay = Math.min(delay * 2, 30_000);
        client = null;
        schedule();
      });
    }, delay);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  };
}
