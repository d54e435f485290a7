// The ingest's own tables (docs/decisions/046): mappings, syncs and their progress, the file's chunks, broken records,
// provenance. The batch writers of each record type are in ingest-write.repo.ts.

import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { BrokenRecordStatus, IngestProblemCode, IngestRecordType, IngestSyncStatus } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  ingestBrokenRecords,
  ingestFileChunks,
  ingestMappings,
  ingestSources,
  ingestSyncs,
  markets,
  users,
} from '../../db/schema/index.ts';

// ---------------------------------------------------------------------------------------------------
// Mappings

export async function findMapping(db: Db, partnerId: string, recordType: IngestRecordType) {
  const [row] = await db
    .select({ columns: ingestMappings.columns, version: ingestMappings.version })
    .from(ingestMappings)
    .where(and(eq(ingestMappings.partnerId, partnerId), eq(ingestMappings.recordType, recordType)));
  return row ?? null;
}

export async function insertMapping(
  db: Db,
  m: { partnerId: string; recordType: IngestRecordType; columns: Record<string, string>; userId: string },
) {
  const [row] = await db
    .insert(ingestMappings)
    .values({ partnerId: m.partnerId, recordType: m.recordType, columns: m.columns, updatedBy: m.userId })
    .onConflictDoNothing()
    .returning({ columns: ingestMappings.columns, version: ingestMappings.version });
  return row ?? null;
}

/** Saves a mapping at the version the caller read; null when another save came first. */
export async function updateMapping(
  db: Db,
  m: { partnerId: string; recordType: IngestRecordType; columns: Record<string, string>; userId: string },
  version: number,
) {
  const [row] = await db
    .update(ingestMappings)
    .set({
      columns: m.columns,
      version: sql`${ingestMappings.version} + 1`,
      updatedBy: m.userId,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(ingestMappings.partnerId, m.partnerId),
        eq(ingestMappings.recordType, m.recordType),
        eq(ingestMappings.version, version),
      ),
    )
    .returning({ columns: ingestMappings.columns, version: ingestMappings.version });
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Syncs

/** The partner's markets, to find a row's market by id, slug, name or city. */
export function partnerMarkets(db: Db, partnerId: string) {
  return db
    .select({ id: markets.id, slug: markets.slug, displayName: markets.displayName, city: markets.city })
    .from(markets)
    .where(eq(markets.partnerId, partnerId));
}

const syncFields = {
  id: ingestSyncs.id,
  partnerId: ingestSyncs.partnerId,
  recordType: ingestSyncs.recordType,
  source: ingestSyncs.source,
  fileName: ingestSyncs.fileName,
  status: ingestSyncs.status,
  cancelRequested: ingestSyncs.cancelRequested,
  encoding: ingestSyncs.encoding,
  delimiter: ingestSyncs.delimiter,
  columns: ingestSyncs.columns,
  bytesTotal: ingestSyncs.bytesTotal,
  bytesRead: ingestSyncs.bytesRead,
  rowsRead: ingestSyncs.rowsRead,
  rowsWritten: ingestSyncs.rowsWritten,
  rowsUnchanged: ingestSyncs.rowsUnchanged,
  rowsBroken: ingestSyncs.rowsBroken,
  lastLine: ingestSyncs.lastLine,
  message: ingestSyncs.message,
  createdBy: ingestSyncs.createdBy,
  createdAt: ingestSyncs.createdAt,
  startedAt: ingestSyncs.startedAt,
  finishedAt: ingestSyncs.finishedAt,
  filePurgedAt: ingestSyncs.filePurgedAt,
  byName: sql<
    string | null
  >`(select coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email}) from ${users} where ${users.id} = ${ingestSyncs.createdBy})`,
};

export async function insertSync(
  db: Db,
  s: Pick<
    typeof ingestSyncs.$inferInsert,
    'partnerId' | 'recordType' | 'source' | 'fileName' | 'encoding' | 'delimiter' | 'columns' | 'createdBy'
  >,
): Promise<number> {
  const [row] = await db.insert(ingestSyncs).values(s).returning({ id: ingestSyncs.id });
  if (!row) throw new Error('insert of a sync returned nothing');
  return row.id;
}

export async function findSync(db: Db, id: number) {
  const [row] = await db.select(syncFields).from(ingestSyncs).where(eq(ingestSyncs.id, id));
  return row ?? null;
}

export async function deleteSync(db: Db, id: number): Promise<void> {
  await db.delete(ingestSyncs).where(eq(ingestSyncs.id, id));
}

export async function setSyncBytesTotal(db: Db, id: number, bytesTotal: number): Promise<void> {
  await db.update(ingestSyncs).set({ bytesTotal }).where(eq(ingestSyncs.id, id));
}

export async function insertChunk(db: Db, syncId: number, seq: number, bytes: Buffer): Promise<void> {
  await db.insert(ingestFileChunks).values({ syncId, seq, bytes });
}

/**
 * One chunk of a sync's file, or null past the last. Each driver's bytea parser already makes a fresh buffer (node-pg
 * a Buffer, PGlite a Uint8Array): it is taken as it is, not copied again (decision 049).
 */
export async function findChunk(db: Db, syncId: number, seq: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: ingestFileChunks.bytes })
    .from(ingestFileChunks)
    .where(and(eq(ingestFileChunks.syncId, syncId), eq(ingestFileChunks.seq, seq)));
  if (!row) return null;
  const bytes: Uint8Array = row.bytes;
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The syncs of a partner, newest first, after a keyset cursor (the id of the last row seen). */
export function listSyncs(
  db: Db,
  partnerId: string,
  filter: { recordType?: IngestRecordType; status?: IngestSyncStatus; beforeId?: number },
  limit: number,
) {
  const where = [eq(ingestSyncs.partnerId, partnerId)];
  if (filter.recordType) where.push(eq(ingestSyncs.recordType, filter.recordType));
  if (filter.status) where.push(eq(ingestSyncs.status, filter.status));
  if (filter.beforeId !== undefined) where.push(lt(ingestSyncs.id, filter.beforeId));
  return db
    .select(syncFields)
    .from(ingestSyncs)
    .where(and(...where))
    .orderBy(desc(ingestSyncs.id))
    .limit(limit);
}

/**
 * The queued sync starts: running, unless it was cancelled meanwhile. Returns whether it started. A sync taken again
 * after its process died starts its counts and broken rows over (its written batches come back unchanged).
 */
export async function startSync(db: Db, id: number, now: Date): Promise<boolean> {
  await db.delete(ingestBrokenRecords).where(eq(ingestBrokenRecords.syncId, id));
  const rows = await db
    .update(ingestSyncs)
    .set({
      status: 'running',
      startedAt: now,
      bytesRead: 0,
      rowsRead: 0,
      rowsWritten: 0,
      rowsUnchanged: 0,
      rowsBroken: 0,
      lastLine: 0,
    })
    .where(and(eq(ingestSyncs.id, id), inArray(ingestSyncs.status, ['queued', 'running'])))
    .returning({ id: ingestSyncs.id });
  return rows.length > 0;
}

/** Adds a batch's counts to the sync, in the batch's transaction; answers whether a cancel was asked. */
export async function addProgress(
  db: Db,
  id: number,
  p: { bytesRead: number; rowsRead: number; written: number; unchanged: number; broken: number; lastLine: number },
): Promise<boolean> {
  const [row] = await db
    .update(ingestSyncs)
    .set({
      bytesRead: p.bytesRead,
      rowsRead: sql`${ingestSyncs.rowsRead} + ${p.rowsRead}`,
      rowsWritten: sql`${ingestSyncs.rowsWritten} + ${p.written}`,
      rowsUnchanged: sql`${ingestSyncs.rowsUnchanged} + ${p.unchanged}`,
      rowsBroken: sql`${ingestSyncs.rowsBroken} + ${p.broken}`,
      lastLine: p.lastLine,
    })
    .where(eq(ingestSyncs.id, id))
    .returning({ cancelRequested: ingestSyncs.cancelRequested });
  return row?.cancelRequested ?? false;
}

export async function isCancelRequested(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ c: ingestSyncs.cancelRequested }).from(ingestSyncs).where(eq(ingestSyncs.id, id));
  return row?.c ?? true;
}

export async function finishSync(
  db: Db,
  id: number,
  status: 'succeeded' | 'failed' | 'cancelled',
  message: string | null,
  now: Date,
  bytesRead?: number,
): Promise<void> {
  await db
    .update(ingestSyncs)
    .set({ status, message, finishedAt: now, ...(bytesRead !== undefined ? { bytesRead } : {}) })
    .where(eq(ingestSyncs.id, id));
}

/** A cancel: a queued sync is cancelled at once; a running one is marked, and its job stops at the next batch. */
export async function requestCancel(db: Db, id: number, now: Date): Promise<void> {
  await db.execute(sql`update ingest_syncs set cancel_requested = true,
      status = case when status = 'queued' then 'cancelled' else status end,
      finished_at = case when status = 'queued' then ${now.toISOString()}::timestamptz else finished_at end,
      message = case when status = 'queued' then 'Cancelled before it started; nothing was written.' else message end
    where id = ${id} and status in ('queued', 'running')`);
}

/** The last successful sync of a partner (any record type), for "last updated". */
export async function lastSuccessAt(db: Db, partnerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${ingestSyncs.finishedAt})::text` })
    .from(ingestSyncs)
    .where(and(eq(ingestSyncs.partnerId, partnerId), eq(ingestSyncs.status, 'succeeded')));
  return row?.at ? new Date(row.at) : null;
}

/** The last sync of a partner and record type with a status. */
export async function lastSyncWithStatus(
  db: Db,
  partnerId: string,
  recordType: IngestRecordType,
  status: IngestSyncStatus,
) {
  const [row] = await db
    .select(syncFields)
    .from(ingestSyncs)
    .where(
      and(eq(ingestSyncs.partnerId, partnerId), eq(ingestSyncs.recordType, recordType), eq(ingestSyncs.status, status)),
    )
    .orderBy(desc(ingestSyncs.id))
    .limit(1);
  return row ?? null;
}

type DailyRow = {
  date: string;
  recordType: IngestRecordType;
  syncs: number;
  rowsWritten: number;
  rowsBroken: number;
  durationMs: number;
};

/** Syncs per day and record type since `since` (the partner's last 30 days). */
export async function dailySyncs(db: Db, partnerId: string, since: Date): Promise<DailyRow[]> {
  const result = await db.execute(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as "date", record_type as "recordType",
      count(*)::int as "syncs", coalesce(sum(rows_written), 0)::int as "rowsWritten",
      coalesce(sum(rows_broken), 0)::int as "rowsBroken",
      coalesce(sum(extract(epoch from (finished_at - started_at)) * 1000), 0)::bigint::int as "durationMs"
    from ingest_syncs
    where partner_id = ${partnerId} and created_at >= ${since.toISOString()}::timestamptz
    group by 1, 2 order by 1, 2`);
  return rowsOf<DailyRow>(result);
}

// ---------------------------------------------------------------------------------------------------
// Broken records

export type BrokenInsert = {
  line: number;
  code: IngestProblemCode;
  message: string;
  raw: Record<string, string>;
};

export async function insertBroken(
  db: Db,
  partnerId: string,
  syncId: number,
  recordType: IngestRecordType,
  rows: readonly BrokenInsert[],
): Promise<void> {
  if (rows.length === 0) return;
  // One statement for the batch's broken rows (jsonb array → rows).
  await db.execute(sql`insert into ingest_broken_records (partner_id, sync_id, record_type, line, code, message, raw)
    select ${partnerId}, ${syncId}, ${recordType}, (b->>'line')::int, b->>'code', b->>'message', b->'raw'
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as b`);
}

const brokenFields = {
  id: ingestBrokenRecords.id,
  syncId: ingestBrokenRecords.syncId,
  fileName: ingestSyncs.fileName,
  line: ingestBrokenRecords.line,
  code: ingestBrokenRecords.code,
  message: ingestBrokenRecords.message,
  raw: ingestBrokenRecords.raw,
  status: ingestBrokenRecords.status,
  fixedRecordId: ingestBrokenRecords.fixedRecordId,
};

function brokenWhere(
  partnerId: string,
  recordType: IngestRecordType,
  filter: { syncId?: number; status?: BrokenRecordStatus },
) {
  const where = [eq(ingestBrokenRecords.partnerId, partnerId), eq(ingestBrokenRecords.recordType, recordType)];
  if (filter.syncId !== undefined) where.push(eq(ingestBrokenRecords.syncId, filter.syncId));
  if (filter.status) where.push(eq(ingestBrokenRecords.status, filter.status));
  return where;
}

export function listBroken(
  db: Db,
  partnerId: string,
  recordType: IngestRecordType,
  filter: { syncId?: number; status?: BrokenRecordStatus; afterId?: number },
  limit: number,
) {
  const where = brokenWhere(partnerId, recordType, filter);
  if (filter.afterId !== undefined) where.push(gte(ingestBrokenRecords.id, filter.afterId + 1));
  return db
    .select(brokenFields)
    .from(ingestBrokenRecords)
    .innerJoin(ingestSyncs, eq(ingestSyncs.id, ingestBrokenRecords.syncId))
    .where(and(...where))
    .orderBy(asc(ingestBrokenRecords.id))
    .limit(limit);
}

export async function countBroken(
  db: Db,
  partnerId: string,
  recordType: IngestRecordType,
  filter: { syncId?: number; status?: BrokenRecordStatus },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ingestBrokenRecords)
    .where(and(...brokenWhere(partnerId, recordType, filter)));
  return row?.n ?? 0;
}

export async function findBroken(db: Db, partnerId: string, recordType: IngestRecordType, id: number) {
  const [row] = await db
    .select(brokenFields)
    .from(ingestBrokenRecords)
    .innerJoin(ingestSyncs, eq(ingestSyncs.id, ingestBrokenRecords.syncId))
    .where(
      and(
        eq(ingestBrokenRecords.id, id),
        eq(ingestBrokenRecords.partnerId, partnerId),
        eq(ingestBrokenRecords.recordType, recordType),
      ),
    );
  return row ?? null;
}

export async function updateBroken(
  db: Db,
  id: number,
  set: {
    raw?: Record<string, string>;
    status?: BrokenRecordStatus;
    code?: IngestProblemCode;
    message?: string;
    fixedRecordId?: number | null;
    userId: string;
  },
): Promise<void> {
  const { userId, ...rest } = set;
  await db
    .update(ingestBrokenRecords)
    .set({ ...rest, updatedBy: userId, updatedAt: new Date() })
    .where(eq(ingestBrokenRecords.id, id));
}

// ---------------------------------------------------------------------------------------------------
// Provenance

export async function findSource(db: Db, partnerId: string, recordType: IngestRecordType, recordId: number) {
  const [row] = await db
    .select({
      syncId: ingestSources.syncId,
      line: ingestSources.line,
      ingestedAt: ingestSources.ingestedAt,
      source: ingestSyncs.source,
      fileName: ingestSyncs.fileName,
      byName: syncFields.byName,
    })
    .from(ingestSources)
    .innerJoin(ingestSyncs, eq(ingestSyncs.id, ingestSources.syncId))
    .where(
      and(
        eq(ingestSources.partnerId, partnerId),
        eq(ingestSources.recordType, recordType),
        eq(ingestSources.recordId, recordId),
      ),
    )
    .orderBy(desc(ingestSources.ingestedAt))
    .limit(1);
  return row ?? null;
}
