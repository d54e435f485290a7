// The ingest job (one job kind of platform/jobs.ts, decision 028; docs/decisions/046): streams a sync's file out of
// its chunks, through the decoder of its encoding and csv-parse, and writes it in batches (BATCH_ROWS, by the kind of
// database), each batch one transaction (its records, provenance, broken rows, audit record and the sync's progress),
// so memory stays bounded by a batch and a cancel or a failure leaves a consistent prefix. A process that dies mid-file
// leaves the job to be taken again: it starts over, and since the writes are idempotent the batches already written
// come back unchanged.

import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { cancelledMessage, type IngestRecordType } from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import { databaseKindOf, type DatabaseConfig, type Db } from '../../platform/db.ts';
import { registerJobHandler } from '../../platform/jobs.ts';
import { chunkLooksLikeText, columnIndexes, decoderOf, missingHeaders, type IngestEncoding } from './ingest-file.ts';
import {
  marketLookup,
  prepareBatch,
  writePrepared,
  type BatchContext,
  type PreparedBatch,
  type SourceRow,
} from './ingest-batch.ts';
import {
  addProgress,
  findChunk,
  findSync,
  finishSync,
  isCancelRequested,
  partnerMarkets,
  startSync,
} from './ingest.repo.ts';
import { lockBatch, relaxCommit } from './ingest-write.repo.ts';

export const INGEST_JOB = 'ingest.sync';

/**
 * Rows per batch (one transaction, one upsert per table). PostgreSQL writes a batch on a connection of its own while
 * the server goes on answering; 2,500 rows, not 10,000: two batches are alive at once (one written, the next read and
 * prepared) with their query parameters and results, and V8 sizes its heap by what is alive — with 10,000 the server
 * peaked at 300–320 MB during a 300,000-contract import, with 2,500 at ~240 MB, as fast (decision 049, 2026-11-28).
 * Embedded PGlite runs each statement in the server's own thread, its promises resolve without giving the event loop
 * a turn, and its one connection is held for the whole transaction: with 10,000-row batches a 150,000-row import
 * starved every timer and socket to its end. So its batches are small (500 rows, ~0.1 s each) and the job yields a
 * turn between them: progress polls, a cancel and page loads come in between batches.
 */
const BATCH_ROWS: Record<DatabaseConfig['kind'], number> = { postgres: 2_500, pglite: 500 };

class Stop extends Error {}

/** Two rows of one settlement (same settlement number, adjacent): the batch is not cut between them. */
function sameGroup(ctx: BatchContext, a: SourceRow, b: SourceRow): boolean {
  if (ctx.recordType !== 'settlements') return false;
  const i = ctx.indexes.get('externalId');
  if (i === undefined) return false;
  const key = (r: SourceRow) => (r.cells[i] ?? '').trim();
  return key(a) !== '' && key(a) === key(b);
}

/** Runs a sync's import to its end (succeeded, failed or cancelled); nothing is thrown for a bad file. */
export async function runSync(db: Db, syncId: number, batchRows = BATCH_ROWS[databaseKindOf(db)]): Promise<void> {
  const sync = await findSync(db, syncId);
  if (!sync || (sync.status !== 'queued' && sync.status !== 'running')) return;
  if (!(await startSync(db, syncId, new Date()))) return;
  const markets = marketLookup(await partnerMarkets(db, sync.partnerId));
  let bytesRead = 0;
  let lastLine = 0;
  let ctx: BatchContext | null = null;
  let batch: SourceRow[] = [];
  const decoder = decoderOf(sync.encoding as IngestEncoding);

  async function* text(): AsyncGenerator<string> {
    for (let seq = 0; ; seq++) {
      const chunk = await findChunk(db, syncId, seq);
      if (!chunk) break;
      if (!chunkLooksLikeText(sync!.encoding as IngestEncoding, chunk))
        throw new Stop('The file has binary data past its beginning: it is not a CSV file.');
      bytesRead += chunk.length;
      const s = decoder.decode(chunk, { stream: true });
      if (s) yield s;
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  }

  // The batch being written while the next is read and prepared (its promise answers whether a cancel was asked).
  let inFlight: Promise<boolean> | null = null;
  let rowsWritten = 0;
  const write = (rows: SourceRow[], prepared: PreparedBatch, batchCtx: BatchContext): Promise<boolean> => {
    const first = rows[0]!.line;
    const last = rows.at(-1)!.line;
    const readSoFar = Math.min(bytesRead, sync.bytesTotal);
    return db.transaction(async (tx) => {
      // A batch lost to a crash before it reached the disk is written again when the job is taken again.
      await relaxCommit(tx);
      await lockBatch(tx, sync.partnerId, sync.recordType);
      const r = await writePrepared(tx, batchCtx, prepared);
      await audit(tx, null, {
        actorUserId: sync.createdBy,
        action: 'ingest.batch',
        targetType: 'ingest_sync',
        targetId: String(syncId),
        details: {
          recordType: sync.recordType,
          lines: [first, last],
          written: r.written,
          unchanged: r.unchanged,
          broken: r.broken.length,
        },
      });
      const cancel = await addProgress(tx, syncId, {
        bytesRead: readSoFar,
        rowsRead: rows.length,
        written: r.written,
        unchanged: r.unchanged,
        broken: r.broken.length,
        lastLine: last,
      });
      lastLine = last;
      rowsWritten += rows.length;
      return cancel;
    });
  };
  /** Prepares the batch, waits for the one being written, then starts this one's write. True: cancel asked. */
  const flush = async (): Promise<boolean> => {
    const rows = batch;
    batch = [];
    if (!ctx || rows.length === 0) return inFlight ? inFlight : false;
    const prepared = prepareBatch(ctx, rows);
    if (inFlight && (await inFlight)) return true;
    // Requests that came in while the last batch held the database queue their queries before the next batch begins.
    await nextTurn();
    inFlight = write(rows, prepared, ctx);
    return false;
  };
  const cancelled = () => finishSync(db, syncId, 'cancelled', cancelledMessage(rowsWritten, lastLine), new Date());

  const parser = Readable.from(text()).pipe(
    parse({
      delimiter: sync.delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }),
  );
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!ctx) {
        const headers = item.record.map((h) => h.trim());
        const missing = missingHeaders(headers, sync.columns);
        if (missing.length > 0) throw new Stop(`The file has no column ${missing.join(', ')}.`);
        ctx = {
          partnerId: sync.partnerId,
          recordType: sync.recordType as IngestRecordType,
          syncId,
          headers,
          indexes: columnIndexes(headers, sync.columns),
          markets,
        };
        continue;
      }
      const row = { line: item.info.lines, cells: item.record };
      // A settlement's lines (adjacent rows of one settlement number) are never cut apart: the batch closes before
      // the first row of the next settlement (decision 046, settlements).
      if (batch.length >= batchRows && !sameGroup(ctx, batch.at(-1)!, row) && (await flush())) {
        parser.destroy();
        await cancelled();
        return;
      }
      batch.push(row);
    }
    if ((await flush()) || (inFlight && (await inFlight))) {
      await cancelled();
      return;
    }
    if (await isCancelRequested(db, syncId)) {
      // Asked after the last batch: everything is written.
      await finishSync(db, syncId, 'cancelled', cancelledMessage(rowsWritten, lastLine), new Date(), sync.bytesTotal);
      return;
    }
    await finishSync(db, syncId, 'succeeded', null, new Date(), sync.bytesTotal);
  } catch (err) {
    parser.destroy();
    // The batch being written ends before the sync is marked (its rows are part of the prefix, or rolled back).
    await (inFlight as Promise<boolean> | null)?.catch(() => undefined);
    const reason =
      err instanceof Stop
        ? err.message
        : err instanceof Error && 'code' in err && String(err.code).startsWith('CSV_')
          ? `The file could not be read as CSV: ${err.message}`
          : 'The import stopped on an error.';
    const prefix =
      lastLine > 0 ? ` Rows up to line ${lastLine.toLocaleString('en-US')} are written.` : ' Nothing was written.';
    await finishSync(db, syncId, 'failed', `${reason}${prefix}`, new Date());
    if (!(err instanceof Stop) && !(err instanceof Error && 'code' in err && String(err.code).startsWith('CSV_')))
      throw err;
  }
}

// A failed run is not tried again by the job system: the sync says why, and sending the file again is the retry. A
// lease of an hour covers the largest file; a process that dies mid-file leaves it to the next claim after that.
registerJobHandler(INGEST_JOB, ({ db, job }) => runSync(db, Number(job.payload.syncId)), {
  maxAttempts: 2,
  leaseMs: 3_600_000,
});
