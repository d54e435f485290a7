import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CrmDeps } from '../../platform/crm-access.ts';

/** ERP syncs and file imports (issue 15): column mappings, streamed ingest, broken records, the ingest dashboard. */
export const ingestRoutes: FastifyPluginAsyncZod<CrmDeps> = async () => {};
