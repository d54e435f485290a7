import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  BrokenRecordStatus,
  IngestProblemCode,
  IngestRecordType,
  IngestSource,
  IngestSyncStatus,
} from '@granary/domain';
import { partners, users } from './platform.ts';

// ERP syncs and file imports (issue 15, docs/decisions/046): the column mapping of each partner and record type, each
// sync (one file) with its progress, the file's bytes in 1 MB chunks (streamed in and out, never whole in memory), the
// rows that could not be taken (broken records), and where each imported record came from (ingest_sources: the
// ERP's id → the record, by sync and line; for notes, which have no id column of their own, it is also the key that
// makes a re-sent file update rather than duplicate).

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A partner's column mapping of a record type: Granary field → the file's header. Versioned (If-Match). */
export const ingestMappings = pgTable(
  'ingest_mappings',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    recordType: text('record_type').$type<IngestRecordType>().notNull(),
    columns: jsonb('columns').$type<Record<string, string>>().notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.recordType] })],
);

/** One file taken in: an upload or an integration's send, its progress updated once per batch. */
export const ingestSyncs = pgTable(
  'ingest_syncs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    recordType: text('record_type').$type<IngestRecordType>().notNull(),
    source: text('source').$type<IngestSource>().notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').$type<IngestSyncStatus>().notNull().default('queued'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** What the upload found: 'utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'windows-1252'; ',', ';', '\t' or '|'. */
    encoding: text('encoding').notNull(),
    delimiter: text('delimiter').notNull(),
    /** The mapping as it was when the file came (a later change of the mapping does not change this sync). */
    columns: jsonb('columns').$type<Record<string, string>>().notNull(),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    rowsUnchanged: integer('rows_unchanged').notNull().default(0),
    rowsBroken: integer('rows_broken').notNull().default(0),
    /** The last line of the file whose batch is written (a cancelled sync's consistent prefix ends here). */
    lastLine: integer('last_line').notNull().default(0),
    message: text('message'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the retention rule removed the original file's chunks (the sync row and its counts stay). */
    filePurgedAt: timestamp('file_purged_at', { withTimezone: true }),
  },
  (t) => [
    index('ingest_syncs_partner_idx').on(t.partnerId, t.id),
    index('ingest_syncs_partner_type_idx').on(t.partnerId, t.recordType, t.status, t.id),
    index('ingest_syncs_partner_created_idx').on(t.partnerId, t.createdAt),
  ],
);

/** The original file, in chunks of 1 MB (seq from 0), so that neither the upload nor the job holds it whole. */
export const ingestFileChunks = pgTable(
  'ingest_file_chunks',
  {
    syncId: bigint('sync_id', { mode: 'number' })
      .notNull()
      .references(() => ingestSyncs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.syncId, t.seq] })],
);

/** A row that could not be taken: why, its line and its cells by header; fixed by editing it, or dismissed. */
export const ingestBrokenRecords = pgTable(
  'ingest_broken_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    syncId: bigint('sync_id', { mode: 'number' })
      .notNull()
      .references(() => ingestSyncs.id, { onDelete: 'cascade' }),
    recordType: text('record_type').$type<IngestRecordType>().notNull(),
    line: integer('line').notNull(),
    code: text('code').$type<IngestProblemCode>().notNull(),
    message: text('message').notNull(),
    raw: jsonb('raw').$type<Record<string, string>>().notNull(),
    status: text('status').$type<BrokenRecordStatus>().notNull().default('open'),
    fixedRecordId: bigint('fixed_record_id', { mode: 'number' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ingest_broken_records_list_idx').on(t.partnerId, t.recordType, t.status, t.id),
    index('ingest_broken_records_sync_idx').on(t.syncId, t.id),
  ],
);

/**
 * Where an imported record came from: the ERP's id (a partner's external id of a record type) → the record, the
 * sync and line that last wrote it. Unique per (partner, record type, external id).
 */
export const ingestSources = pgTable(
  'ingest_sources',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    recordType: text('record_type').$type<IngestRecordType>().notNull(),
    externalId: text('external_id').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    syncId: bigint('sync_id', { mode: 'number' })
      .notNull()
      .references(() => ingestSyncs.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.recordType, t.externalId] }),
    index('ingest_sources_record_idx').on(t.recordType, t.recordId),
    index('ingest_sources_sync_idx').on(t.syncId),
  ],
);
