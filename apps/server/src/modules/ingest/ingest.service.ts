// ERP syncs and file imports (issue 15; the contract: /work/tasks/ingest-api.md, docs/decisions/046): who may, column
// mappings (If-Match), the preview, syncs and their progress, cancel, the ingest dashboard, broken records (list, fix,
// dismiss), where a record came from, the original file. The upload itself is ingest-upload.ts; the job ingest-job.ts.

import type { FastifyRequest } from 'fastify';
import {
  INGEST_FIELDS,
  INGEST_PROBLEM_MESSAGES,
  INGEST_PREVIEW_ROWS,
  INGEST_RECORD_TYPES,
  canonicalJson,
  decodePaginationToken,
  encodePaginationToken,
  fnv1a32,
  ingestColumnsSchema,
  INGEST_FILE_RETENTION_DAYS,
  ingestEtaSeconds,
  isCrmAdmin,
  mappingProblems,
  readIngestRow,
  suggestMapping,
  type BrokenRecord,
  type BrokenRecordList,
  type BrokenRecordStatus,
  type IngestColumns,
  type IngestDashboard,
  type IngestInfo,
  type IngestMappingResponse,
  type IngestPreview,
  type IngestRecordType,
  type IngestSync,
  type IngestSyncList,
  type IngestSyncStatus,
} from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import {
  ifMatchVersion,
  loadCrmActor,
  requirePlatform,
  tokenSigner,
  type CrmActor,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { columnIndexes, readHead } from './ingest-file.ts';
import { marketLookup, writeBatch } from './ingest-batch.ts';
import * as repo from './ingest.repo.ts';
import { lockBatch, recordIdByExt, recordOfPartner } from './ingest-write.repo.ts';
import { openSettlementLines } from './ingest-settlements.repo.ts';
import { authenticateApiToken } from '../api-tokens/api-tokens.public.ts';

/** Users with ingestDashboardAccess (the merchandising bootstrap's rule): the partner's CRM admins, super admins. */
export async function ingestActor(deps: CrmDeps, request: FastifyRequest): Promise<CrmActor> {
  const actor = await loadCrmActor(deps, request);
  if (!isCrmAdmin(actor.adminGrants, { isSuperAdmin: actor.isSuperAdmin }))
    throw new AppError('forbidden', 'Only the CRM administrators of your company may import data.');
  return actor;
}

/**
 * The user and partner an integration's API token sends for (scope ingest:write): 401 without a token or with one
 * that does not work, 403 without the scope.
 */
export async function integrationPrincipal(
  db: Db,
  authorization: string | undefined,
): Promise<{ userId: string; partnerId: string }> {
  if (!authorization || !/^Bearer\s+\S/i.test(authorization))
    throw new AppError('unauthenticated', 'Send an API token: Authorization: Bearer <token>.');
  const principal = await authenticateApiToken(db, authorization);
  if (!principal) throw new AppError('unauthenticated', 'The API token is not valid (unknown, revoked or expired).');
  if (!principal.scopes.includes('ingest:write'))
    throw new AppError('forbidden', 'The API token does not have the ingest:write scope.');
  return { userId: principal.userId, partnerId: principal.partnerId };
}

// ---------------------------------------------------------------------------------------------------
// Mappings

export async function getMapping(
  deps: CrmDeps,
  request: FastifyRequest,
  recordType: IngestRecordType,
): Promise<IngestMappingResponse> {
  const actor = await ingestActor(deps, request);
  const mapping = await repo.findMapping(deps.ctx.database.db, actor.partner.id, recordType);
  return { recordType, fields: [...INGEST_FIELDS[recordType]], mapping };
}

export async function saveMapping(
  deps: CrmDeps,
  request: FastifyRequest,
  recordType: IngestRecordType,
  columns: IngestColumns,
): Promise<IngestMappingResponse> {
  const actor = await ingestActor(deps, request);
  const db = deps.ctx.database.db;
  const problems = mappingProblems(recordType, columns);
  if (problems.length > 0) throw new AppError('invalid_request', problems.join(' '), { problems });
  const current = await repo.findMapping(db, actor.partner.id, recordType);
  const m = { partnerId: actor.partner.id, recordType, columns, userId: actor.user.id };
  let saved;
  if (current === null) {
    if (request.headers['if-match']) throw new AppError('precondition_failed');
    saved = await repo.insertMapping(db, m);
  } else {
    const version = ifMatchVersion(request.headers['if-match']);
    if (version !== current.version) throw new AppError('precondition_failed');
    saved = await repo.updateMapping(db, m, version);
  }
  if (!saved) throw new AppError('precondition_failed');
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'ingest.mapping.save',
    targetType: 'ingest_mapping',
    targetId: `${actor.partner.id}:${recordType}`,
    details: { columns, version: saved.version },
  });
  return { recordType, fields: [...INGEST_FIELDS[recordType]], mapping: saved };
}

// ---------------------------------------------------------------------------------------------------
// Preview

export async function preview(
  deps: CrmDeps,
  request: FastifyRequest,
  recordType: IngestRecordType,
  body: Buffer,
  columnsParam: string | undefined,
  complete: boolean,
): Promise<IngestPreview> {
  const actor = await ingestActor(deps, request);
  const head = readHead(body, INGEST_PREVIEW_ROWS, complete);
  let columns: Record<string, string> | null;
  if (columnsParam !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(columnsParam);
    } catch {
      throw new AppError('invalid_request', 'columns must be a JSON object of field → column.');
    }
    const result = ingestColumnsSchema.safeParse(parsed);
    if (!result.success) throw new AppError('invalid_request', 'columns must be a JSON object of field → column.');
    columns = result.data;
  } else columns = (await repo.findMapping(deps.ctx.database.db, actor.partner.id, recordType))?.columns ?? null;
  const suggested = suggestMapping(head.headers, recordType);
  const indexes = columnIndexes(head.headers, columns ?? suggested);
  return {
    encoding: head.encoding,
    delimiter: head.delimiter,
    headers: head.headers,
    sampleRows: head.rows.map((r) => r.cells),
    suggested,
    mapped: head.rows.map((r) => {
      const values: Record<string, string> = {};
      for (const [field, i] of indexes) values[field] = r.cells[i] ?? '';
      const read = readIngestRow(recordType, values);
      return { line: r.line, values, problems: read.ok ? [] : read.problems };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Syncs

type SyncRow = NonNullable<Awaited<ReturnType<typeof repo.findSync>>>;

function toSync(row: SyncRow, now: Date = new Date()): IngestSync {
  const started = row.startedAt?.getTime() ?? null;
  const end = row.finishedAt?.getTime() ?? (row.status === 'running' ? now.getTime() : null);
  return {
    id: row.id,
    recordType: row.recordType,
    source: row.source,
    fileName: row.fileName,
    status: row.status,
    cancelRequested: row.cancelRequested,
    bytesTotal: row.bytesTotal,
    bytesRead: row.bytesRead,
    rowsRead: row.rowsRead,
    rowsWritten: row.rowsWritten,
    rowsUnchanged: row.rowsUnchanged,
    rowsBroken: row.rowsBroken,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: started !== null && end !== null ? Math.max(0, end - started) : null,
    etaSeconds:
      row.status === 'running' && started !== null
        ? ingestEtaSeconds({ bytesTotal: row.bytesTotal, bytesRead: row.bytesRead, elapsedMs: now.getTime() - started })
        : null,
    message: row.message,
    by: row.byName ? { name: row.byName } : null,
    fileRemovedAt: row.filePurgedAt?.toISOString() ?? null,
  };
}

async function partnerSync(db: Db, actor: CrmActor, syncId: number): Promise<SyncRow> {
  const row = await repo.findSync(db, syncId);
  if (!row || row.partnerId !== actor.partner.id) throw new AppError('not_found', `No sync ${syncId}.`);
  return row;
}

const PAGE = 50;

/** A keyset token over ids (newest first for syncs, oldest first for broken records), signed, bound to the filters. */
function pageToken(deps: CrmDeps, filters: unknown, lastId: number): string {
  return encodePaginationToken(
    { fingerprint: fnv1a32(canonicalJson(filters)), page: 2, cursor: { value: null, id: lastId } },
    tokenSigner(deps.ctx),
  );
}

function afterToken(deps: CrmDeps, filters: unknown, token: string | undefined): number | undefined {
  if (!token) return undefined;
  const decoded = decodePaginationToken(
    token,
    { fingerprint: fnv1a32(canonicalJson(filters)), page: 2 },
    tokenSigner(deps.ctx),
  );
  if (!decoded.ok) throw new AppError('invalid_request', 'The paginationToken is not one of this list.');
  return decoded.cursor.id;
}

export async function listSyncs(
  deps: CrmDeps,
  request: FastifyRequest,
  q: { recordType?: IngestRecordType; status?: IngestSyncStatus; paginationToken?: string },
): Promise<IngestSyncList> {
  const actor = await ingestActor(deps, request);
  const filters = { recordType: q.recordType ?? null, status: q.status ?? null, list: 'syncs' };
  const beforeId = afterToken(deps, filters, q.paginationToken);
  const rows = await repo.listSyncs(deps.ctx.database.db, actor.partner.id, { ...q, beforeId }, PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    syncs: page.map((r) => toSync(r)),
    paginationToken: rows.length > PAGE && last ? pageToken(deps, filters, last.id) : null,
  };
}

export async function getSync(deps: CrmDeps, request: FastifyRequest, syncId: number): Promise<IngestSync> {
  const actor = await ingestActor(deps, request);
  return toSync(await partnerSync(deps.ctx.database.db, actor, syncId));
}

export async function cancelSync(deps: CrmDeps, request: FastifyRequest, syncId: number): Promise<IngestSync> {
  const actor = await ingestActor(deps, request);
  const db = deps.ctx.database.db;
  await partnerSync(db, actor, syncId);
  await repo.requestCancel(db, syncId, new Date());
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'ingest.sync.cancel',
    targetType: 'ingest_sync',
    targetId: String(syncId),
  });
  return toSync(await partnerSync(db, actor, syncId));
}

export async function dashboard(
  deps: CrmDeps,
  request: FastifyRequest,
  legalEntityId: number,
): Promise<IngestDashboard> {
  const actor = await ingestActor(deps, request);
  requirePlatform(actor, legalEntityId);
  const db = deps.ctx.database.db;
  const p = actor.partner.id;
  const now = new Date();
  const recordTypes = await Promise.all(
    INGEST_RECORD_TYPES.map(async (recordType) => {
      const [success, failure, brokenOpen] = await Promise.all([
        repo.lastSyncWithStatus(db, p, recordType, 'succeeded'),
        repo.lastSyncWithStatus(db, p, recordType, 'failed'),
        repo.countBroken(db, p, recordType, { status: 'open' }),
      ]);
      return {
        recordType,
        lastSuccess: success ? toSync(success, now) : null,
        lastFailure: failure ? toSync(failure, now) : null,
        brokenOpen,
      };
    }),
  );
  const [daily, recent] = await Promise.all([
    repo.dailySyncs(db, p, new Date(now.getTime() - 30 * 86_400_000)),
    repo.listSyncs(db, p, {}, 20),
  ]);
  return { recordTypes, daily, recent: recent.map((r) => toSync(r, now)) };
}

// ---------------------------------------------------------------------------------------------------
// Broken records

function toBroken(row: NonNullable<Awaited<ReturnType<typeof repo.findBroken>>>): BrokenRecord {
  return { ...row, raw: row.raw };
}

export async function listBroken(
  deps: CrmDeps,
  request: FastifyRequest,
  recordType: IngestRecordType,
  q: { syncId?: number; status?: BrokenRecordStatus; paginationToken?: string },
): Promise<BrokenRecordList> {
  const actor = await ingestActor(deps, request);
  const db = deps.ctx.database.db;
  const filters = { recordType, syncId: q.syncId ?? null, status: q.status ?? null, list: 'broken' };
  const afterId = afterToken(deps, filters, q.paginationToken);
  const f = { syncId: q.syncId, status: q.status };
  const [rows, total] = await Promise.all([
    repo.listBroken(db, actor.partner.id, recordType, { ...f, afterId }, PAGE + 1),
    repo.countBroken(db, actor.partner.id, recordType, f),
  ]);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    rows: page.map(toBroken),
    paginationToken: rows.length > PAGE && last ? pageToken(deps, filters, last.id) : null,
    total,
  };
}

async function openBroken(db: Db, actor: CrmActor, recordType: IngestRecordType, id: number) {
  const row = await repo.findBroken(db, actor.partner.id, recordType, id);
  if (!row) throw new AppError('not_found', `No broken record ${id}.`);
  if (row.status !== 'open') throw new AppError('conflict', `The broken record is already ${row.status}.`);
  return row;
}

/**
 * Takes an edited broken row through the same rules as the import (a batch of one, under the same lock): fixed with
 * the record it wrote, or refused with the reason (400; the row stays open with the edit saved).
 */
export async function fixBroken(
  deps: CrmDeps,
  request: FastifyRequest,
  recordType: IngestRecordType,
  id: number,
  raw: Record<string, string>,
): Promise<{ row: BrokenRecord; recordId: number }> {
  const actor = await ingestActor(deps, request);
  const db = deps.ctx.database.db;
  const broken = await openBroken(db, actor, recordType, id);
  const sync = await partnerSync(db, actor, broken.syncId);
  const headers = Object.keys(raw);
  const cells = headers.map((h) => raw[h] ?? '');
  await lockBatch(db, actor.partner.id, recordType);
  // The lines of a settlement apart in the file: the part taken first was written, so an edit of the other part would
  // replace it; the fix is the file sent again with the lines together (decision 046, settlements).
  if (recordType === 'settlements' && broken.code === 'settlement_split')
    throw new AppError('invalid_request', INGEST_PROBLEM_MESSAGES.settlement_split, { code: 'settlement_split' });
  // A settlement is taken whole: its other open lines of the sync go with the edited one.
  const header = sync.columns.externalId;
  const siblings =
    recordType === 'settlements' && header
      ? await openSettlementLines(db, actor.partner.id, sync.id, header, broken.raw[header] ?? '', id)
      : [];
  const rows = [
    { line: broken.line, cells },
    ...siblings.map((r) => ({ line: r.line, cells: headers.map((h) => r.raw[h] ?? '') })),
  ].sort((a, b) => a.line - b.line);
  const result = await writeBatch(
    db,
    {
      partnerId: actor.partner.id,
      recordType,
      syncId: sync.id,
      headers,
      indexes: columnIndexes(headers, sync.columns),
      markets: marketLookup(await repo.partnerMarkets(db, actor.partner.id)),
    },
    rows,
    { keepBroken: false },
  );
  const refused = result.broken.find((b) => b.line === broken.line) ?? result.broken[0];
  if (refused) {
    await repo.updateBroken(db, id, { raw, code: refused.code, message: refused.message, userId: actor.user.id });
    throw new AppError('invalid_request', refused.message, { code: refused.code });
  }
  const ext = result.taken[0]!;
  const recordId = await recordIdByExt(db, actor.partner.id, recordType, ext);
  if (recordId === null) throw new Error('a fixed record was not found after its write');
  for (const r of [{ id }, ...siblings])
    await repo.updateBroken(db, r.id, {
      ...(r.id === id ? { raw } : {}),
      status: 'fixed',
      fixedRecordId: recordId,
      userId: actor.user.id,
    });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'ingest.broken.fix',
    targetType: 'ingest_broken_record',
    targetId: String(id),
    details: { recordType, recordId, written: result.written },
  });
  const row = await repo.findBroken(db, actor.partner.id, recordType, id);
  return { row: toBroken(row!), recordId };
}

export async function dismissBroken(
  deps: CrmDeps,
  request: FastifyRequest,
  recordType: IngestRecordType,
  id: number,
): Promise<BrokenRecord> {
  const actor = await ingestActor(deps, request);
  const db = deps.ctx.database.db;
  await openBroken(db, actor, recordType, id);
  await repo.updateBroken(db, id, { status: 'dismissed', userId: actor.user.id });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'ingest.broken.dismiss',
    targetType: 'ingest_broken_record',
    targetId: String(id),
  });
  return toBroken((await repo.findBroken(db, actor.partner.id, recordType, id))!);
}

// ---------------------------------------------------------------------------------------------------
// Provenance and the original file

/** Where a record came from; `{ source: 'granary' }` for one written in Granary; 404 for none of the partner's. */
export async function ingestInfo(
  deps: CrmDeps,
  request: FastifyRequest,
  recordType: IngestRecordType,
  recordId: number,
): Promise<IngestInfo> {
  const actor = await ingestActor(deps, request);
  const db = deps.ctx.database.db;
  if (!(await recordOfPartner(db, actor.partner.id, recordType, recordId)))
    throw new AppError('not_found', `No record ${recordId}.`);
  const source = await repo.findSource(db, actor.partner.id, recordType, recordId);
  if (!source) return { source: 'granary' };
  return {
    source: source.source,
    syncId: source.syncId,
    fileName: source.fileName,
    line: source.line,
    ingestedAt: source.ingestedAt.toISOString(),
    by: source.byName ? { name: source.byName } : null,
  };
}

/** The original bytes of a sync's file, chunk by chunk (never whole in memory). */
export async function originalFile(
  deps: CrmDeps,
  request: FastifyRequest,
  recordType: IngestRecordType,
  syncId: number,
  fileName: string,
): Promise<{ fileName: string; bytesTotal: number; chunks: AsyncGenerator<Buffer> }> {
  const actor = await ingestActor(deps, request);
  const db = deps.ctx.database.db;
  const sync = await partnerSync(db, actor, syncId);
  if (sync.recordType !== recordType || sync.fileName !== fileName)
    throw new AppError('not_found', `No file ${fileName} in sync ${syncId}.`);
  if (sync.filePurgedAt)
    throw new AppError(
      'ingest_file_removed',
      `The original file ${fileName} was removed on ${sync.filePurgedAt.toISOString().slice(0, 10)}, ${INGEST_FILE_RETENTION_DAYS} days after its sync ended; the sync's counts are kept.`,
    );
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq++) {
      const chunk = await repo.findChunk(db, syncId, seq);
      if (!chunk) return;
      yield chunk;
    }
  }
  return { fileName: sync.fileName, bytesTotal: sync.bytesTotal, chunks: chunks() };
}
