/** Wording of ERP syncs and file imports (issue 15): the ingest dashboard, the import wizard, broken records. */
export const ingestMessages = {
  'ingest.title': 'Data imports',
  'ingest.sync.title': 'Import',
} as const;
