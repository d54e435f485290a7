// The shapes of the ingest API (/work/tasks/ingest-api.md), written here until the domain's schemas
// (packages/domain/src/crm/ingest.ts) land; then these become re-exports of the domain's types.

export const INGEST_RECORD_TYPES = ['clients', 'contracts', 'scale_tickets', 'notes'] as const;
export type IngestRecordType = (typeof INGEST_RECORD_TYPES)[number];

/** The largest file taken (413 beyond) and what the preview reads of a file. */
export const INGEST_MAX_BYTES = 1024 * 1024 * 1024;
export const INGEST_PREVIEW_MAX_BYTES = 256 * 1024;

export type IngestSyncStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export type BrokenRecordStatus = 'open' | 'fixed' | 'dismissed';

export type IngestField = {
  field: string;
  label: string;
  required: boolean;
  kind: string;
};

export type IngestMapping = { columns: Record<string, string>; version: number };

export type IngestMappingResponse = {
  recordType: IngestRecordType;
  fields: IngestField[];
  mapping: IngestMapping | null;
};

export type IngestProblem = { field: string; code: string; message: string };

export type IngestPreview = {
  encoding: string;
  delimiter: string;
  headers: string[];
  sampleRows: string[][];
  suggested: Record<string, string>;
  mapped: { line: number; values: Record<string, string>; problems: IngestProblem[] }[];
};

export type IngestSync = {
  id: number;
  recordType: IngestRecordType;
  source: 'upload' | 'integration';
  fileName: string;
  status: IngestSyncStatus;
  bytesTotal: number;
  bytesRead: number;
  rowsRead: number;
  rowsWritten: number;
  rowsUnchanged: number;
  rowsBroken: number;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  etaSeconds: number | null;
  message: string | null;
  by: { name: string } | null;
};

export type IngestDashboard = {
  recordTypes: {
    recordType: IngestRecordType;
    lastSuccess: IngestSync | null;
    lastFailure: IngestSync | null;
    brokenOpen: number;
  }[];
  daily: {
    date: string;
    recordType: IngestRecordType;
    syncs: number;
    rowsWritten: number;
    rowsBroken: number;
    durationMs: number;
  }[];
  recent: IngestSync[];
};

export type BrokenRecord = {
  id: number;
  syncId: number;
  fileName: string;
  line: number;
  code: string;
  message: string;
  raw: Record<string, string>;
  status: BrokenRecordStatus;
  fixedRecordId: number | null;
};

export type BrokenRecordList = { rows: BrokenRecord[]; paginationToken: string | null; total: number };
