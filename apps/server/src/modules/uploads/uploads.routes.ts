import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UPLOADS_API,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  apiErrorSchema,
  isUploadContentType,
  uploadListQuerySchema,
  uploadListSchema,
  uploadQuerySchema,
  uploadSchema,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import * as service from './uploads.service.ts';

type Options = { ctx: AppContext };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
} as const;
const guidParams = z.object({ guid: z.string().uuid() }).strict();

/**
 * Uploaded files (platform.md 3.6, 4.4; the uploader of 2.10). POST takes the file as the raw request body
 * (application/pdf, image/png or image/jpeg, at most 10 MB); the parsers and their body limit live in this plugin
 * only. A wrong type is refused before the body is read (400 upload_type_not_allowed), a declared length over the
 * limit too (413 payload_too_large); a body that turns out longer is cut off by the parser's limit (413).
 */
export const uploadsRoutes: FastifyPluginAsyncZod<Options> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const config = { access: 'session' as const };

  for (const type of UPLOAD_CONTENT_TYPES) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
  }

  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST') return;
    const type = request.headers['content-type'] ?? '';
    if (!isUploadContentType(type)) throw new AppError('upload_type_not_allowed');
    const length = Number(request.headers['content-length'] ?? '0');
    if (length > UPLOAD_MAX_BYTES) throw new AppError('payload_too_large', service.TOO_LARGE_MESSAGE);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  async function uploaderOf(request: FastifyRequest): Promise<service.Uploader> {
    const s = await requireSession(ctx, request);
    return { userId: s.user.id, isSuperAdmin: s.user.isSuperAdmin };
  }

  app.post(
    UPLOADS_API,
    // At most 60 files a minute from one client (each may be 10 MB; a user's files are capped in the service).
    {
      config: { ...config, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { querystring: uploadQuerySchema, response: { 201: uploadSchema, ...errors } },
    },
    async (request, reply) => {
      const who = await uploaderOf(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const file = await service.upload(db, who, {
        ...request.query,
        contentType: request.headers['content-type'] ?? '',
        body,
      });
      return reply.status(201).send(file);
    },
  );

  app.get(
    UPLOADS_API,
    { config, schema: { querystring: uploadListQuerySchema, response: { 200: uploadListSchema, ...errors } } },
    async (request) => ({
      files: await service.list(db, await uploaderOf(request), request.query.parentGuid, request.query.userId),
    }),
  );

  app.get(`${UPLOADS_API}/:guid`, { config, schema: { params: guidParams } }, async (request, reply) => {
    const { file, bytes } = await service.download(db, await uploaderOf(request), request.params.guid);
    const ascii = file.fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
    return reply
      .type(file.contentType)
      .header(
        'Content-Disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('ETag', `"${file.sha256}"`)
      .send(bytes);
  });

  app.delete(
    `${UPLOADS_API}/:guid`,
    { config, schema: { params: guidParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.remove(db, await uploaderOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );
};
