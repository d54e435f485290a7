// The ingest's operations (issue 15) for the API reference's table of contents (api-operations.ts): one line per route.

const MERCH = '/api/commodities/merchandising';

export const INGEST_OPERATIONS: Readonly<Record<string, string>> = {
  [`GET ${MERCH}/ingest/mappings/:recordType`]: "The partner's column mapping of a record type, with its fields",
  [`PUT ${MERCH}/ingest/mappings/:recordType`]: 'Save the column mapping of a record type (If-Match)',
  [`POST ${MERCH}/ingest/preview/:recordType`]: "A file's first rows read with a mapping, before anything is written",
  [`POST ${MERCH}/ingest/:recordType/files`]: 'Upload a file of a record type (streamed): 202 with the sync',
  [`POST ${MERCH}/ingest/integration/:recordType`]: 'An integration sends a file with an API token (ingest:write)',
  [`GET ${MERCH}/ingest/syncs`]: "The partner's syncs, newest first: record type and status filters",
  [`GET ${MERCH}/ingest/syncs/:syncId`]: "A sync's status and progress (rows read, written, broken; ETA)",
  [`POST ${MERCH}/ingest/syncs/:syncId/cancel`]: 'Cancel a sync: it stops at the next batch (a written prefix)',
  [`GET ${MERCH}/le/:legalEntityId/ingest-dashboard`]:
    'The ingest dashboard: last success and failure per record type, syncs per day, recent syncs',
  [`GET ${MERCH}/:recordType/broken-records`]: 'Rows of files that could not be taken, with reason and line',
  [`GET ${MERCH}/settlements/broken-records`]:
    'Settlement rows of files that could not be taken (its own route: settlements/:settlementId would take it)',
  [`PUT ${MERCH}/:recordType/broken-records/:id`]: 'Fix a broken record by editing its row (same rules)',
  [`DELETE ${MERCH}/:recordType/broken-records/:id`]: 'Dismiss a broken record',
  [`GET ${MERCH}/:recordType/:recordId/ingest-info`]: 'Where a record came from: sync, file, line, time',
  [`GET ${MERCH}/:recordType/:syncId/:fileName/file`]: "A sync's original file",
};
