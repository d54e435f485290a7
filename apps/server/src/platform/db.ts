import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema/index.ts';

export type Schema = typeof schema;
/** The one database type the repos see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseConfig =
  /** A PostgreSQL server (`DATABASE_URL=postgres://…`). */
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** Embedded PGlite: on disk under `dataDir`, or in memory when `dataDir` is omitted (tests). */
  | { kind: 'pglite'; dataDir?: string };

export type Database = {
  db: Db;
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
};

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover, a forced drop) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => {
      console.error(`[db] idle PostgreSQL connection lost: ${err.message}`);
    });
    // Numeric values stay strings (exact decimals); bigint (int8) too.
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
      listen: (channel, onPayload) => listenPg(config.url, channel, onPayload),
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  // pg_trgm: the store's typo-tolerant search (trigram similarity); a PostgreSQL server ships it as a contrib extension.
  const extensions = { pg_trgm };
  const client = config.dataDir ? new PGlite(config.dataDir, { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/** A dedicated connection for LISTEN (a pooled one would be handed to queries), reconnected with back-off. */
async function listenPg(url: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
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
