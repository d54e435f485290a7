// ERP syncs and file imports (issue 15; /work/tasks/ingest-api.md is the contract): record types, the Granary
// fields each file's columns map to, column mappings, the reading of one row (numbers, dates, crops, enums: the same
// rules for the preview, the import and the fix of a broken record), broken-record reasons, sync progress, the
// ingest dashboard. The server owns what needs the database (an unknown client, a contract already applied).

import { z } from 'zod';
import { NOTE_MAX_LENGTH } from './notes.ts';
import {
  INGEST_PROBLEM_CODES,
  INGEST_SOURCES,
  INGEST_SYNC_STATUSES,
  ingestProblemSchema,
  ingestRecordTypeSchema,
} from './ingest-fields.ts';

export * from './ingest-fields.ts';
export * from './ingest-read.ts';
import { instant } from './api-fields.ts';

// ---------------------------------------------------------------------------------------------------
// Preview

export const ingestPreviewQuerySchema = z.object({ columns: z.string().max(20_000).optional() });

export const ingestPreviewSchema = z.object({
  encoding: z.string(),
  delimiter: z.string(),
  headers: z.array(z.string()),
  sampleRows: z.array(z.array(z.string())),
  suggested: z.record(z.string(), z.string()),
  mapped: z.array(
    z.object({
      line: z.number().int(),
      values: z.record(z.string(), z.string()),
      problems: z.array(ingestProblemSchema),
    }),
  ),
});
export type IngestPreview = z.infer<typeof ingestPreviewSchema>;

// ---------------------------------------------------------------------------------------------------
// Files and syncs

export const ingestFileQuerySchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .refine(
      (v) => ![...v].some((c) => c < ' ' || c === '/' || c === '\\'),
      'A file name without slashes or control characters',
    )
    .optional(),
});

export const ingestAcceptedSchema = z.object({ syncId: z.number().int() });

export const ingestSyncSchema = z.object({
  id: z.number().int(),
  recordType: ingestRecordTypeSchema,
  source: z.enum(INGEST_SOURCES),
  fileName: z.string(),
  status: z.enum(INGEST_SYNC_STATUSES),
  /** A cancel was asked and the job has not reached its next batch yet. */
  cancelRequested: z.boolean(),
  bytesTotal: z.number().int(),
  bytesRead: z.number().int(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  rowsUnchanged: z.number().int(),
  rowsBroken: z.number().int(),
  createdAt: instant,
  startedAt: instant.nullable(),
  finishedAt: instant.nullable(),
  durationMs: z.number().int().nullable(),
  etaSeconds: z.number().int().nullable(),
  message: z.string().nullable(),
  by: z.object({ name: z.string() }).nullable(),
  /** When the retention rule removed the original file (its download then answers 410); null while it is kept. */
  fileRemovedAt: instant.nullable(),
});
export type IngestSync = z.infer<typeof ingestSyncSchema>;

export const ingestSyncListQuerySchema = z.object({
  recordType: ingestRecordTypeSchema.optional(),
  status: z.enum(INGEST_SYNC_STATUSES).optional(),
  paginationToken: z.string().max(500).optional(),
});
export const ingestSyncListSchema = z.object({
  syncs: z.array(ingestSyncSchema),
  paginationToken: z.string().nullable(),
});
export type IngestSyncList = z.infer<typeof ingestSyncListSchema>;

/** "cancelled after N rows; rows up to line L are written" — the message of a cancelled sync. */
export function cancelledMessage(rowsRead: number, lastLine: number): string {
  return `Cancelled after ${rowsRead.toLocaleString('en-US')} rows; rows up to line ${lastLine.toLocaleString('en-US')} are written.`;
}

/** Seconds left at the rate so far (null before the first batch or once finished). */
export function ingestEtaSeconds(p: { bytesTotal: number; bytesRead: number; elapsedMs: number }): number | null {
  if (p.bytesRead <= 0 || p.elapsedMs <= 0 || p.bytesRead >= p.bytesTotal) return null;
  return Math.ceil(((p.bytesTotal - p.bytesRead) * p.elapsedMs) / p.bytesRead / 1000);
}

// ---------------------------------------------------------------------------------------------------
// Dashboard

export const ingestDashboardSchema = z.object({
  recordTypes: z.array(
    z.object({
      recordType: ingestRecordTypeSchema,
      lastSuccess: ingestSyncSchema.nullable(),
      lastFailure: ingestSyncSchema.nullable(),
      brokenOpen: z.number().int(),
    }),
  ),
  daily: z.array(
    z.object({
      date: z.string(),
      recordType: ingestRecordTypeSchema,
      syncs: z.number().int(),
      rowsWritten: z.number().int(),
      rowsBroken: z.number().int(),
      durationMs: z.number().int(),
    }),
  ),
  recent: z.array(ingestSyncSchema),
});
export type IngestDashboard = z.infer<typeof ingestDashboardSchema>;

// ---------------------------------------------------------------------------------------------------
// Broken records

export const BROKEN_RECORD_STATUSES = ['open', 'fixed', 'dismissed'] as const;
export type BrokenRecordStatus = (typeof BROKEN_RECORD_STATUSES)[number];

export const brokenRecordSchema = z.object({
  id: z.number().int(),
  syncId: z.number().int(),
  fileName: z.string(),
  line: z.number().int(),
  code: z.enum(INGEST_PROBLEM_CODES),
  message: z.string(),
  raw: z.record(z.string(), z.string()),
  status: z.enum(BROKEN_RECORD_STATUSES),
  fixedRecordId: z.number().int().nullable(),
});
export type BrokenRecord = z.infer<typeof brokenRecordSchema>;

export const brokenRecordListQuerySchema = z.object({
  syncId: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
  status: z.enum(BROKEN_RECORD_STATUSES).optional(),
  paginationToken: z.string().max(500).optional(),
});
export const brokenRecordListSchema = z.object({
  rows: z.array(brokenRecordSchema),
  paginationToken: z.string().nullable(),
  total: z.number().int(),
});
export type BrokenRecordList = z.infer<typeof brokenRecordListSchema>;

export const brokenRecordFixSchema = z
  .object({
    raw: z
      .record(z.string().max(200), z.string().max(NOTE_MAX_LENGTH))
      .refine((r) => Object.keys(r).length <= 200, 'Too many columns'),
  })
  .strict();
export type BrokenRecordFix = z.infer<typeof brokenRecordFixSchema>;

export const brokenRecordFixedSchema = z.object({ row: brokenRecordSchema, recordId: z.number().int() });

// ---------------------------------------------------------------------------------------------------
// Where a record came from

/** A record written in Granary answers `{ source: 'granary' }` (200), one imported answers where from. */
export const ingestInfoSchema = z.union([
  z.object({ source: z.literal('granary') }),
  z.object({
    source: z.enum(INGEST_SOURCES),
    syncId: z.number().int(),
    fileName: z.string(),
    line: z.number().int(),
    ingestedAt: instant,
    by: z.object({ name: z.string() }).nullable(),
  }),
]);
export type IngestInfo = z.infer<typeof ingestInfoSchema>;
