// What `npm start` shows of a partner fed by its ERP (issue 15): the demo partner offers `ingested-data`
// (demo-partners.ts) and has one successful nightly contracts sync, so /market says "Data last updated …" and the
// ingest dashboard has a history; and every demo market has a published post, shown to its farmers (My Sales Lite's
// bids, "From the elevator").

import { sql } from 'drizzle-orm';
import { INGEST_FIELDS } from '@granary/domain';
import { rowsOf, type Db } from '../platform/db.ts';
import { ingestFileChunks, ingestMappings, ingestSyncs, marketPosts } from '../db/schema/index.ts';

/** The contracts sync's columns: each field under its own label, as the mapping form shows them. */
const SYNC_FIELDS = [
  'externalId',
  'clientExternalId',
  'market',
  'contractType',
  'crop',
  'cropYear',
  'quantity',
  'deliveryStart',
  'deliveryEnd',
  'contractDate',
] as const;

const POSTS: readonly { title: string; body: string; daysAgo: number }[] = [
  {
    title: 'Scale hours',
    body: 'The scale is open 7 am to 6 pm on weekdays and 8 am to noon on Saturdays.\nCall ahead for loads after 5 pm.',
    daysAgo: 3,
  },
  {
    title: 'Moisture and drying',
    body: 'Grain over the market’s moisture limit is dried at the posted schedule. Test weight and moisture are on every ticket.',
    daysAgo: 8,
  },
];

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The demo partner's successful sync (`withSync`, the full demo only) and each demo market's published posts. */
export async function seedPublicUpdatesDemo(db: Db, options: { buyerUserId: string; withSync: boolean }) {
  const markets = rowsOf<{ id: number }>(await db.execute(sql`select id from markets order by id`));
  await db.insert(marketPosts).values(
    markets.flatMap((m, i) =>
      POSTS.slice(0, i % 2 === 0 ? 2 : 1).map((p) => {
        const at = new Date(Date.now() - p.daysAgo * 86_400_000);
        return {
          marketId: m.id,
          title: p.title,
          body: p.body,
          published: true,
          publishedAt: at,
          authorUserId: options.buyerUserId,
          createdAt: at,
          updatedAt: at,
        };
      }),
    ),
  );
  if (options.withSync) await seedDemoSync(db, options.buyerUserId);
}

/** Last night's export of Ames's contracts, re-sent unchanged (as an ERP does every night): read, nothing to write. */
async function seedDemoSync(db: Db, buyerUserId: string) {
  const contracts = rowsOf<Record<(typeof SYNC_FIELDS)[number], string>>(
    await db.execute(sql`select c.display_contract_id as "externalId", coalesce(le.ext_client_id, le.id::text) as
        "clientExternalId", m.slug as "market", c.contract_type as "contractType", c.crop_id::text as "crop",
        c.crop_year::text as "cropYear", c.quantity::text as "quantity", c.delivery_start::text as "deliveryStart",
        c.delivery_end::text as "deliveryEnd", c.contract_date::text as "contractDate"
      from contracts c join markets m on m.id = c.market_id join legal_entities le on le.id = c.client_id
      where c.partner_id = 'demo' and m.slug = 'ames' order by c.id limit 40`),
  );
  if (contracts.length === 0) return;
  const labels = SYNC_FIELDS.map((f) => INGEST_FIELDS.contracts.find((x) => x.field === f)!.label);
  const csv = [labels, ...contracts.map((c) => SYNC_FIELDS.map((f) => c[f]))]
    .map((r) => r.map(csvCell).join(','))
    .join('\r\n');
  const bytes = Buffer.from(`${csv}\r\n`, 'utf8');
  const columns = Object.fromEntries(SYNC_FIELDS.map((f, i) => [f, labels[i]!]));
  await db
    .insert(ingestMappings)
    .values({ partnerId: 'demo', recordType: 'contracts', columns, updatedBy: buyerUserId });
  const finished = new Date(Date.now() - 47 * 60_000);
  const [sync] = await db
    .insert(ingestSyncs)
    .values({
      partnerId: 'demo',
      recordType: 'contracts',
      source: 'integration',
      fileName: 'agvance-contracts-nightly.csv',
      status: 'succeeded',
      encoding: 'utf-8',
      delimiter: ',',
      columns,
      bytesTotal: bytes.length,
      bytesRead: bytes.length,
      rowsRead: contracts.length,
      rowsUnchanged: contracts.length,
      lastLine: contracts.length + 1,
      createdBy: buyerUserId,
      createdAt: new Date(finished.getTime() - 9_000),
      startedAt: new Date(finished.getTime() - 6_000),
      finishedAt: finished,
    })
    .returning({ id: ingestSyncs.id });
  await db.insert(ingestFileChunks).values({ syncId: sync!.id, seq: 0, bytes });
}
