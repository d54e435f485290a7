import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index.ts';
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
export async function openDatabase(config) {
    if (config.kind === 'postgres') {
        const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
        // Numeric values stay strings (exact decimals); bigint (int8) too.
        const db = drizzlePg({ client: pool, schema });
        return {
            db: db,
            kind: 'postgres',
            migrate: () => migratePg(db, { migrationsFolder }),
            close: () => pool.end(),
        };
    }
    if (config.dataDir)
        mkdirSync(config.dataDir, { recursive: true });
    const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    return {
        db: db,
        kind: 'pglite',
        migrate: () => migratePglite(db, { migrationsFolder }),
        close: () => client.close(),
    };
}
