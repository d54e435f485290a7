import { Readable } from 'node:stream';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INGEST_PREVIEW_MAX_BYTES,
  apiErrorSchema,
  brokenRecordFixSchema,
  brokenRecordFixedSchema,
  brokenRecordListQuerySchema,
  brokenRecordListSchema,
  brokenRecordSchema,
  ingestAcceptedSchema,
  ingestDashboardSchema,
  ingestFileQuerySchema,
  ingestInfoSchema,
  ingestMappingResponseSchema,
  ingestMappingSaveSchema,
  ingestPreviewQuerySchema,
  ingestPreviewSchema,
  ingestRecordTypeSchema,
  ingestSyncListQuerySchema,
  ingestSyncListSchema,
  ingestSyncSchema,
  isIngestContentType,
  type IngestRecordType,
} from '@granary/domain';
import { etagOf, idParam, loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import { AppError } from '../../platform/errors.ts';
import * as service from './ingest.service.ts';
import { startFileIngest } from './ingest-upload.ts';
// The retention of original files registers its maintenance task when the module loads.
import './ingest-retention.ts';

const MERCH = '/api/commodities/merchandising';
type FastifyTypedInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
const session = { access: 'session' as const };
const fileErrors = { ...crmErrors, 413: apiErrorSchema } as const;
const typeParams = z.object({ recordType: ingestRecordTypeSchema });

/** The request body as it arrives (files are streamed, never parsed whole); a type that is no CSV is refused. */
function registerFileParsers(app: FastifyInstance): void {
  for (const type of ['text/csv', 'application/octet-stream', 'text/plain', '*']) {
    if (type !== '*' && app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }
}

function bodyStream(request: FastifyRequest): AsyncIterable<Buffer | string> {
  if (!isIngestContentType(request.headers['content-type']))
    throw new AppError('ingest_not_csv', 'Send the file as text/csv (or application/octet-stream).');
  const body = request.body as unknown;
  if (body && typeof body === 'object' && Symbol.asyncIterator in body) return body as AsyncIterable<Buffer>;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return Readable.from([body]);
  return Readable.from([]);
}

/** The first bytes of a body (the preview's): at most INGEST_PREVIEW_MAX_BYTES, the rest left unread. */
async function bodyHead(request: FastifyRequest): Promise<{ bytes: Buffer; complete: boolean }> {
  const parts: Buffer[] = [];
  let n = 0;
  for await (const chunk of bodyStream(request)) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    parts.push(b);
    n += b.length;
    if (n >= INGEST_PREVIEW_MAX_BYTES) {
      const all = Buffer.concat(parts);
      return { bytes: all.subarray(0, INGEST_PREVIEW_MAX_BYTES), complete: n === INGEST_PREVIEW_MAX_BYTES };
    }
  }
  return { bytes: Buffer.concat(parts), complete: true };
}

const contentLength = (request: FastifyRequest) => {
  const v = request.headers['content-length'];
  return v === undefined ? undefined : Number(v);
};

/** ERP syncs and file imports (issue 15): column mappings, streamed ingest, broken records, the ingest dashboard. */
export const ingestRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);
  registerFileParsers(app);
  const db = deps.ctx.database.db;

  app.get(
    `${MERCH}/ingest/mappings/:recordType`,
    { config: session, schema: { params: typeParams, response: { 200: ingestMappingResponseSchema, ...crmErrors } } },
    async (request) => service.getMapping(deps, request, request.params.recordType),
  );

  app.put(
    `${MERCH}/ingest/mappings/:recordType`,
    {
      config: session,
      schema: {
        params: typeParams,
        body: ingestMappingSaveSchema,
        response: { 200: ingestMappingResponseSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const saved = await service.saveMapping(deps, request, request.params.recordType, request.body.columns);
      if (saved.mapping) reply.header('ETag', etagOf(saved.mapping.version));
      return saved;
    },
  );

  app.post(
    `${MERCH}/ingest/preview/:recordType`,
    {
      config: session,
      schema: {
        params: typeParams,
        querystring: ingestPreviewQuerySchema,
        response: { 200: ingestPreviewSchema, ...crmErrors },
      },
    },
    async (request) => {
      await service.ingestActor(deps, request);
      const head = await bodyHead(request);
      return service.preview(
        deps,
        request,
        request.params.recordType,
        head.bytes,
        request.query.columns,
        head.complete,
      );
    },
  );

  app.post(
    `${MERCH}/ingest/:recordType/files`,
    {
      config: { ...session, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: typeParams,
        querystring: ingestFileQuerySchema,
        response: { 202: ingestAcceptedSchema, ...fileErrors },
      },
    },
    async (request, reply) => {
      const actor = await service.ingestActor(deps, request);
      const accepted = await startFileIngest(db, {
        partnerId: actor.partner.id,
        userId: actor.user.id,
        recordType: request.params.recordType,
        source: 'upload',
        fileName: request.query.fileName ?? `${request.params.recordType}.csv`,
        body: bodyStream(request),
        contentLength: contentLength(request),
        request,
      });
      return reply.status(202).send(accepted);
    },
  );

  // An integration sends files with an API token (scope ingest:write) instead of a session.
  app.post(
    `${MERCH}/ingest/integration/:recordType`,
    {
      config: { access: 'public', csrf: false, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        params: typeParams,
        querystring: ingestFileQuerySchema,
        response: { 202: ingestAcceptedSchema, ...fileErrors },
      },
    },
    async (request, reply) => {
      const principal = await service.integrationPrincipal(db, request.headers.authorization);
      const accepted = await startFileIngest(db, {
        partnerId: principal.partnerId,
        userId: principal.userId,
        recordType: request.params.recordType,
        source: 'integration',
        fileName: request.query.fileName ?? `${request.params.recordType}.csv`,
        body: bodyStream(request),
        contentLength: contentLength(request),
        request,
      });
      return reply.status(202).send(accepted);
    },
  );

  syncRoutes(app, deps);
  recordRoutes(app, deps);
};

/** Syncs: list, progress, cancel, the dashboard. */
function syncRoutes(app: FastifyTypedInstance, deps: CrmDeps): void {
  app.get(
    `${MERCH}/ingest/syncs`,
    {
      config: session,
      schema: { querystring: ingestSyncListQuerySchema, response: { 200: ingestSyncListSchema, ...crmErrors } },
    },
    async (request) => service.listSyncs(deps, request, request.query),
  );

  app.get(
    `${MERCH}/ingest/syncs/:syncId`,
    {
      config: session,
      schema: { params: z.object({ syncId: idParam }), response: { 200: ingestSyncSchema, ...crmErrors } },
    },
    async (request) => service.getSync(deps, request, request.params.syncId),
  );

  app.post(
    `${MERCH}/ingest/syncs/:syncId/cancel`,
    {
      config: session,
      schema: { params: z.object({ syncId: idParam }), response: { 200: ingestSyncSchema, ...crmWriteErrors } },
    },
    async (request) => service.cancelSync(deps, request, request.params.syncId),
  );

  app.get(
    `${MERCH}/le/:legalEntityId/ingest-dashboard`,
    {
      config: session,
      schema: {
        params: z.object({ legalEntityId: idParam }),
        response: { 200: ingestDashboardSchema, ...crmErrors },
      },
    },
    async (request) => service.dashboard(deps, request, request.params.legalEntityId),
  );
}

/** Broken records, where a record came from, the original file. */
function recordRoutes(app: FastifyTypedInstance, deps: CrmDeps): void {
  app.get(
    `${MERCH}/:recordType/broken-records`,
    {
      config: session,
      schema: {
        params: typeParams,
        querystring: brokenRecordListQuerySchema,
        response: { 200: brokenRecordListSchema, ...crmErrors },
      },
    },
    async (request) => service.listBroken(deps, request, request.params.recordType, request.query),
  );

  // The settlements module's `settlements/:settlementId` would take `settlements/broken-records` (a static segment
  // after `settlements` wins over `:recordType`): the settlements' broken records have their own static route.
  app.get(
    `${MERCH}/settlements/broken-records`,
    {
      config: session,
      schema: { querystring: brokenRecordListQuerySchema, response: { 200: brokenRecordListSchema, ...crmErrors } },
    },
    async (request) => service.listBroken(deps, request, 'settlements', request.query),
  );

  const brokenParams = z.object({ recordType: ingestRecordTypeSchema, id: idParam });
  app.put(
    `${MERCH}/:recordType/broken-records/:id`,
    {
      config: session,
      schema: {
        params: brokenParams,
        body: brokenRecordFixSchema,
        response: { 200: brokenRecordFixedSchema, ...crmWriteErrors },
      },
    },
    async (request) => service.fixBroken(deps, request, request.params.recordType, request.params.id, request.body.raw),
  );

  app.delete(
    `${MERCH}/:recordType/broken-records/:id`,
    {
      config: session,
      schema: { params: brokenParams, response: { 200: brokenRecordSchema, ...crmWriteErrors } },
    },
    async (request) => service.dismissBroken(deps, request, request.params.recordType, request.params.id),
  );

  app.get(
    `${MERCH}/:recordType/:recordId/ingest-info`,
    {
      config: session,
      schema: {
        params: z.object({ recordType: ingestRecordTypeSchema, recordId: idParam }),
        response: { 200: ingestInfoSchema, ...crmErrors },
      },
    },
    async (request) => service.ingestInfo(deps, request, request.params.recordType, request.params.recordId),
  );

  app.get(
    `${MERCH}/:recordType/:syncId/:fileName/file`,
    {
      config: session,
      schema: {
        params: z.object({
          recordType: ingestRecordTypeSchema,
          syncId: idParam,
          fileName: z.string().min(1).max(255),
        }),
      },
    },
    async (request, reply) => {
      const p = request.params as { recordType: IngestRecordType; syncId: number; fileName: string };
      const file = await service.originalFile(deps, request, p.recordType, p.syncId, p.fileName);
      const ascii = file.fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
      return reply
        .type('text/csv')
        .header(
          'Content-Disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('Content-Length', String(file.bytesTotal))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(Readable.from(file.chunks));
    },
  );
}
