// A migrated database holding the demo seed, for each test app. Migrating and seeding take 4–6 s a database, and a
// CI run makes about 55 of them on each database kind; so the first test app of a seed version builds the seeded
// database once and keeps it, and every later one copies it (docs/decisions/033):
// - PGlite: the data directory dumped to a tarball under node_modules/.cache, loaded into each new in-memory PGlite;
// - PostgreSQL: a template database, from which each test app's own database is created (a file copy).
// The seed version is a hash of the migrations, the server's and the domain's code and today's date, so a change
// to any of them (or a new day: the seed is dated) builds a new one.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { randomToken } from '../platform/crypto.ts';
import { openDatabase, type Database } from '../platform/db.ts';
import { seedDemoData, type DemoCrmSize } from '../seed/demo.ts';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const SNAPSHOTS = join(REPO, 'node_modules', '.cache', 'granary-test-db');
/** What the seeded database is made from: its code and migrations (tests excluded). */
const SOURCES = ['apps/server/drizzle', 'apps/server/src', 'packages/domain/src'];

let version: string | undefined;
function seedVersion(): string {
  if (version) return version;
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  for (const dir of SOURCES) {
    const files = readdirSync(join(REPO, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|sql|json)$/.test(f) && !/\.test\.tsx?$/.test(f))
      .sort();
    for (const file of files) hash.update(`${dir}/${file}\0`).update(readFileSync(join(REPO, dir, file)));
  }
  version = hash.digest('hex').slice(0, 16);
  return version;
}

async function migratedAndSeeded(database: Database, crm: DemoCrmSize): Promise<Database> {
  await database.migrate();
  await seedDemoData(database.db, { crm });
  return database;
}

/** An in-memory PGlite holding the seed: loaded from the snapshot, or built (and the snapshot written). */
async function seededPglite(crm: DemoCrmSize): Promise<Database> {
  const current = `pglite-${crm}-${seedVersion()}.tar`;
  const file = join(SNAPSHOTS, current);
  if (existsSync(file)) return openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(file)]) });
  const database = await migratedAndSeeded(await openDatabase({ kind: 'pglite' }), crm);
  const dump = await database.dump!();
  mkdirSync(SNAPSHOTS, { recursive: true });
  // Snapshots of earlier seed versions go; this version's files (another worker's partial one among them) stay.
  for (const old of readdirSync(SNAPSHOTS)) {
    if (old.startsWith(`pglite-${crm}-`) && !old.startsWith(current)) rmSync(join(SNAPSHOTS, old), { force: true });
  }
  // Written under a name of its own, then renamed: a test file starting meanwhile never reads half a snapshot.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return database;
}

/** Any constant no other code uses as an advisory lock key: the template build's lock. */
const TEMPLATE_LOCK_KEY = 7_310_024;

/**
 * The template database of this seed version on the server at `url`, built under a lock by the first caller; `admin`
 * is the caller's connection to that server (it goes on to create the test app's database from the template).
 */
async function seededTemplate(admin: pg.Client, url: string, crm: DemoCrmSize): Promise<string> {
  const template = `granary_tpl_${crm}_${seedVersion()}`;
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      // Templates of earlier seed versions go; a build cut off half-way is built again from scratch.
      const stale = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1 and datname <> $2',
        [`granary\\_tpl\\_${crm}\\_%`, template],
      );
      for (const { datname } of stale.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      const building = `${template}_build`;
      const own = new URL(url);
      own.pathname = `/${building}`;
      await admin.query(`create database "${building}"`);
      const database = await openDatabase({ kind: 'postgres', url: own.toString(), poolSize: 2 });
      try {
        await migratedAndSeeded(database, crm);
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${building}" rename to "${template}"`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
  }
  return template;
}

/**
 * A new database holding the demo seed, the test app's own: in-memory PGlite, or (with `url`) a database of its own
 * on that PostgreSQL server, dropped again by `close()`.
 */
export async function seededDatabase(crm: DemoCrmSize, url: string | undefined): Promise<Database> {
  if (!url) return seededPglite(crm);
  // A database of its own per test app (migrations name the public schema, so schemas won't do).
  const name = `granary_t_${randomToken(8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const template = await seededTemplate(admin, url, crm);
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: own.toString(), poolSize: 4 });
  const close = database.close;
  database.close = async () => {
    await close();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    try {
      await cleanup.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await cleanup.end();
    }
  };
  return database;
}
