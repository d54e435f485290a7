// Retention of ingested files (issue 15, decision 046): an original file is kept INGEST_FILE_RETENTION_DAYS after its
// sync ends, then the maintenance job (decision 028) deletes its chunks and marks the sync; the sync row, its counts,
// broken records and provenance stay. The download then answers 410 and the dashboard says the file is gone.

import { sql } from 'drizzle-orm';
import { INGEST_FILE_RETENTION_DAYS } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { registerMaintenanceTask } from '../../platform/maintenance.ts';

/** Syncs whose files one run removes at most (each file is up to 1 GiB: a run stays short; the next goes on). */
const SYNCS_PER_RUN = 20;

/**
 * Removes the original files of syncs that ended more than the retention period before `now` (succeeded, failed or
 * cancelled; a queued or running sync keeps its file), one sync per transaction. Answers the syncs purged.
 */
async function purgeExpiredIngestFiles(db: Db, now: Date = new Date()): Promise<number[]> {
  const cutoff = new Date(now.getTime() - INGEST_FILE_RETENTION_DAYS * 86_400_000);
  const due = rowsOf<{ id: string | number }>(
    await db.execute(sql`select id from ingest_syncs
      where file_purged_at is null and finished_at is not null and finished_at < ${cutoff.toISOString()}::timestamptz
        and status in ('succeeded', 'failed', 'cancelled')
      order by finished_at limit ${SYNCS_PER_RUN}`),
  ).map((r) => Number(r.id));
  for (const id of due)
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from ingest_file_chunks where sync_id = ${id}`);
      await tx.execute(
        sql`update ingest_syncs set file_purged_at = ${now.toISOString()}::timestamptz where id = ${id}`,
      );
    });
  return due;
}

registerMaintenanceTask('ingest.file-retention', (db, now) => purgeExpiredIngestFiles(db, now));
