// Taking a file in (docs/decisions/046): the body is streamed into 1 MB chunks of the sync's file, never held whole.
// Its head decides first — not CSV, empty, wrong encoding, a mapped column missing, no mapping: 400 before the sync
// exists; over INGEST_MAX_BYTES: 413 — and what is found later in the stream (binary data, too many bytes) removes the
// sync and its chunks before refusing, so a refused file leaves nothing. Then the job is enqueued in the same
// transaction and the caller answers 202.

import type { FastifyRequest } from 'fastify';
import { INGEST_MAX_BYTES, INGEST_FIELDS, type IngestRecordType, type IngestSource } from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs.ts';
import { chunkLooksLikeText, missingHeaders, readHead, type IngestEncoding } from './ingest-file.ts';
import { INGEST_JOB } from './ingest-job.ts';
import * as repo from './ingest.repo.ts';

/** Bytes of a file's chunks in the database. */
const CHUNK_BYTES = 1024 * 1024;
/** What the head check reads before deciding. */
const HEAD_BYTES = 64 * 1024;

const TOO_LARGE = `Files can be at most ${INGEST_MAX_BYTES / 1024 / 1024 / 1024} GB.`;

type FileIngestInput = {
  partnerId: string;
  userId: string;
  recordType: IngestRecordType;
  source: IngestSource;
  fileName: string;
  /** The file's bytes as they arrive (a request body stream). */
  body: AsyncIterable<Buffer | string>;
  /** The declared length, when known: over the limit is refused before reading. */
  contentLength?: number;
  request: FastifyRequest | null;
};

/**
 * Takes a file of a record type in with the partner's saved mapping and queues its import; answers the sync's id.
 * The caller's transaction holds it all (the request's): refused, nothing stays.
 */
export async function startFileIngest(db: Db, input: FileIngestInput): Promise<{ syncId: number }> {
  if (input.contentLength !== undefined && input.contentLength > INGEST_MAX_BYTES)
    throw new AppError('payload_too_large', TOO_LARGE);
  const mapping = await repo.findMapping(db, input.partnerId, input.recordType);
  if (!mapping) throw new AppError('ingest_no_mapping');
  const iterator = input.body[Symbol.asyncIterator]();
  const asBuffer = (c: Buffer | string) => (typeof c === 'string' ? Buffer.from(c) : c);

  // The head: enough bytes to know the encoding, the delimiter and the header.
  const pending: Buffer[] = [];
  let pendingBytes = 0;
  let ended = false;
  while (pendingBytes < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const b = asBuffer(next.value);
    pending.push(b);
    pendingBytes += b.length;
  }
  const head = readHead(Buffer.concat(pending), 0, ended);
  const missing = missingHeaders(head.headers, mapping.columns);
  if (missing.length > 0) {
    const labels = Object.entries(mapping.columns)
      .filter(([, h]) => missing.includes(h))
      .map(([field, h]) => `${h} (${INGEST_FIELDS[input.recordType].find((f) => f.field === field)?.label ?? field})`);
    throw new AppError('ingest_missing_column', `The file has no column ${labels.join(', ')}.`, { missing });
  }

  const syncId = await repo.insertSync(db, {
    partnerId: input.partnerId,
    recordType: input.recordType,
    source: input.source,
    fileName: input.fileName,
    encoding: head.encoding,
    delimiter: head.delimiter,
    columns: mapping.columns,
    createdBy: input.userId,
  });
  const refuse = async (error: AppError): Promise<never> => {
    await repo.deleteSync(db, syncId);
    throw error;
  };

  // The body, chunk by chunk: each arriving piece is copied once into one CHUNK_BYTES buffer, which is written when
  // full and then filled again (the driver has sent its bytes by the time the insert resolves), so the upload holds
  // one chunk and makes no garbage of its own — node-pg's bind message is the only other copy (decision 049).
  const chunk = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  let filled = 0;
  let seq = 0;
  const writeChunk = async () => {
    const piece = chunk.subarray(0, filled);
    if (!chunkLooksLikeText(head.encoding as IngestEncoding, piece))
      await refuse(new AppError('ingest_wrong_encoding', 'The file has binary data past its beginning.'));
    await repo.insertChunk(db, syncId, seq++, piece);
    filled = 0;
  };
  const take = async (b: Buffer) => {
    for (let at = 0; at < b.length;) {
      const n = b.copy(chunk, filled, at);
      filled += n;
      at += n;
      if (filled === CHUNK_BYTES) await writeChunk();
    }
  };
  let total = pendingBytes;
  if (total > INGEST_MAX_BYTES) await refuse(new AppError('payload_too_large', TOO_LARGE));
  for (const b of pending) await take(b);
  pending.length = 0;
  while (!ended) {
    const next = await iterator.next();
    if (next.done) break;
    const b = asBuffer(next.value);
    total += b.length;
    if (total > INGEST_MAX_BYTES) await refuse(new AppError('payload_too_large', TOO_LARGE));
    await take(b);
  }
  if (filled > 0) await writeChunk();
  await repo.setSyncBytesTotal(db, syncId, total);
  await enqueue(db, INGEST_JOB, { syncId });
  await audit(db, input.request, {
    actorUserId: input.userId,
    action: 'ingest.sync.create',
    targetType: 'ingest_sync',
    targetId: String(syncId),
    details: { recordType: input.recordType, source: input.source, fileName: input.fileName, bytes: total },
  });
  return { syncId };
}
