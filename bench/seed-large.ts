// The large-data seed: a partner with 1,000,000 contracts, 2,000,000 scale tickets, 50,000 clients and
// 40 markets (issue 4's benchmark size) in a database of its own on the PostgreSQL server DATABASE_URL
// names. Prints how long each step took and what each table weighs; the list benchmarks run against it.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/seed-large.ts
//     [--db=granary_bench] [--contracts=1000000] [--tickets=2000000] [--clients=50000] [--markets=40]
//     [--notes=3] [--drop]   (--drop: drop the database again at the end)
//
// The database is dropped and created afresh each run. Sign-in: buyer@bigag.granary.test / granary-demo.

import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { partners, users } from '../apps/server/src/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemoData } from '../apps/server/src/seed/demo.ts';
import { DEMO_PARTNERS } from '../apps/server/src/seed/demo-partners.ts';
import { generateCrmData } from '../apps/server/src/seed/crm-generator.ts';
import { hashPassword } from '../apps/server/src/modules/identity/passwords.ts';

export const LARGE_PARTNER = 'bigag';
export const LARGE_BUYER = 'buyer@bigag.granary.test';

type Args = {
  db: string;
  contracts: number;
  tickets: number;
  clients: number;
  markets: number;
  notes: number;
  drop: boolean;
};

function parseArgs(argv: readonly string[]): Args {
  const get = (name: string, fallback: number) => {
    const hit = argv.find((a) => a.startsWith(`--${name}=`));
    if (!hit) return fallback;
    const n = Number(hit.slice(name.length + 3).replace(/_/g, ''));
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} wants a number`);
    return n;
  };
  const db = argv.find((a) => a.startsWith('--db='))?.slice(5) ?? 'granary_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(db)) throw new Error('--db: lower-case letters, digits and _ only');
  return {
    db,
    contracts: get('contracts', 1_000_000),
    tickets: get('tickets', 2_000_000),
    clients: get('clients', 50_000),
    markets: get('markets', 40),
    notes: get('notes', 3),
    drop: argv.includes('--drop'),
  };
}

const fmtMs = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const fmtBytes = (b: number) =>
  b >= 1 << 30 ? `${(b / (1 << 30)).toFixed(2)} GB` : `${(b / (1 << 20)).toFixed(1)} MB`;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const value = await fn();
  console.log(`${label.padEnd(44)} ${fmtMs(performance.now() - t).padStart(10)}`);
  return value;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function runSeedLargeBench(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('\nLarge seed: skipped (it needs a PostgreSQL server: set DATABASE_URL)');
    return;
  }
  const args = parseArgs(argv);
  const target = new URL(url);
  target.pathname = `/${args.db}`;
  console.log(
    `\nLarge seed — database ${args.db}: ${args.markets} markets, ${args.clients.toLocaleString('en-US')} clients, ` +
      `${args.contracts.toLocaleString('en-US')} contracts, ${args.tickets.toLocaleString('en-US')} scale tickets`,
  );
  const started = performance.now();
  await timed('drop and create the database', async () => {
    await admin(url, `drop database if exists ${args.db} with (force)`);
    await admin(url, `create database ${args.db}`);
  });
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 2 });
  try {
    await timed('migrate', () => database.migrate());
    await timed('demo accounts and partners (no CRM data)', () => seedDemoData(database.db, { crm: 'none' }));
    const buyerId = await timed('the large partner and its buyer', async () => {
      const demo = DEMO_PARTNERS[0]!;
      await database.db.insert(partners).values({
        ...demo,
        id: LARGE_PARTNER,
        vhost: `${LARGE_PARTNER}.localhost`,
        vhostRegex: `^${LARGE_PARTNER}\\.`,
        intent: LARGE_PARTNER,
        displayName: 'Big Ag Grain',
        publicHeader: { ...demo.publicHeader, title: 'Big Ag Grain' },
        legalFooter: '© Big Ag Grain Company',
        branding: {
          ...demo.branding,
          shortName: 'Big Ag',
          tradeName: 'Big Ag Grain',
          legalName: 'Big Ag Grain Company',
          vhostRegex: `^${LARGE_PARTNER}\\.`,
        },
        isDefault: false,
      });
      const [buyer] = await database.db
        .insert(users)
        .values({
          email: LARGE_BUYER,
          firstName: 'Morgan',
          lastName: 'Volume',
          passwordHash: await hashPassword(DEMO_PASSWORD),
          verificationStatus: 'verified',
          emailVerifiedAt: new Date(),
          experiences: { grain_buying: true },
          adminPermissions: { 'buyer-admin': ['all'] },
          partnerId: LARGE_PARTNER,
          tosAcceptedAt: new Date(),
        })
        .returning({ id: users.id });
      return buyer!.id;
    });
    const year = new Date().getUTCFullYear();
    const result = await timed('generate the CRM data (one transaction)', () =>
      generateCrmData(database.db, {
        partnerId: LARGE_PARTNER,
        markets: args.markets,
        clients: args.clients,
        contracts: args.contracts,
        scaleTickets: args.tickets,
        notesPerClient: args.notes,
        cropYears: [year - 2, year - 1, year, year + 1],
        seed: 42,
        buyerUserIds: [buyerId],
        analyze: false,
        onStep: (step, ms) => console.log(`  ${step.padEnd(42)} ${fmtMs(ms).padStart(10)}`),
      }),
    );
    await timed('vacuum analyze', async () => {
      const client = new pg.Client({ connectionString: target.toString() });
      await client.connect();
      try {
        await client.query('vacuum (analyze)');
      } finally {
        await client.end();
      }
    });
    console.log(`${'total'.padEnd(44)} ${fmtMs(performance.now() - started).padStart(10)}`);

    const sizes = (await database.db.execute(sql`
      select c.relname as table, c.reltuples::bigint as rows, pg_relation_size(c.oid) as heap, pg_indexes_size(c.oid) as indexes,
             pg_total_relation_size(c.oid) as total
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname in ${Object.keys(result.counts).concat(['crops'])}
      order by pg_total_relation_size(c.oid) desc`)) as unknown as {
      rows: { table: string; rows: string; heap: string; indexes: string; total: string }[];
    };
    console.log(
      `\n${'table'.padEnd(26)} ${'rows'.padStart(12)} ${'heap'.padStart(10)} ${'indexes'.padStart(10)} ${'total'.padStart(10)}`,
    );
    for (const r of sizes.rows) {
      console.log(
        `${r.table.padEnd(26)} ${Number(result.counts[r.table] ?? r.rows)
          .toLocaleString('en-US')
          .padStart(12)} ${fmtBytes(Number(r.heap)).padStart(10)} ` +
          `${fmtBytes(Number(r.indexes)).padStart(10)} ${fmtBytes(Number(r.total)).padStart(10)}`,
      );
    }
    const dbSize = (await database.db.execute(sql`select pg_database_size(current_database()) as size`)) as unknown as {
      rows: { size: string }[];
    };
    console.log(
      `${'database'.padEnd(26)} ${''.padStart(12)} ${''.padStart(10)} ${''.padStart(10)} ${fmtBytes(Number(dbSize.rows[0]!.size)).padStart(10)}`,
    );
    console.log(
      `Budget: the large seed loads in minutes (issue 4); sign in as ${LARGE_BUYER} / ${DEMO_PASSWORD} against DATABASE_URL=${target.toString()}`,
    );
  } finally {
    await database.close();
  }
  if (args.drop) await timed('drop the database', () => admin(url, `drop database if exists ${args.db} with (force)`));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runSeedLargeBench();
