// HTTP pieces shared by the CRM route files: error responses, the text/plain parser for notes, CSV.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorSchema, CSV_CONTENT_TYPE, NOTE_MAX_LENGTH } from '@granary/domain';

/** Error responses every CRM call may give. */
export const crmErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
} as const;

/** And those of a write to a shared record (stale version, missing If-Match, state conflicts). */
export const crmWriteErrors = {
  ...crmErrors,
  409: apiErrorSchema,
  412: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  428: apiErrorSchema,
} as const;

/** Notes are sent as text/plain (grain-marketing.md 7): at most NOTE_MAX_LENGTH characters, 4 bytes each in UTF-8. */
export const NOTE_BODY_LIMIT = NOTE_MAX_LENGTH * 4 + 1024;

/**
 * Reads text/plain bodies as strings, bounded (413 beyond NOTE_BODY_LIMIT) — in the calling plugin's
 * scope only, so the rest of the API keeps fastify's defaults.
 */
export function registerPlainTextParser(app: FastifyInstance): void {
  if (app.hasContentTypeParser('text/plain')) app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: NOTE_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
}

/** Whether the caller asked for CSV: `Accept: text/csv` or `format=csv`. */
export function wantsCsv(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  const format = query?.format;
  if (format === 'csv' || (Array.isArray(format) && format[0] === 'csv')) return true;
  const accept = request.headers.accept ?? '';
  return /(^|,)\s*text\/csv\b/i.test(accept);
}

export function sendCsv(reply: FastifyReply, csv: string, fileName: string): FastifyReply {
  return reply
    .type(CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
