// What other modules use of the ingest (issue 15): the CRM admin's legal-entities upload takes its file in through the
// same path as the ingest page (record type 'clients'); the markets' last-updated says when a sync last succeeded.

import type { Db } from '../../platform/db.ts';
import { lastSuccessAt } from './ingest.repo.ts';

export { startFileIngest } from './ingest-upload.ts';

/** When the partner's last successful sync (any record type) finished, or null when it has none. */
export function lastIngestSuccessAt(db: Db, partnerId: string): Promise<Date | null> {
  return lastSuccessAt(db, partnerId);
}
