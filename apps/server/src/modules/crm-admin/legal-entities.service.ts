// admin/le/:platformId/legal-entities (issue 15): the partner's client legal entities with their scope ids, for its
// buyer-admins (or a super admin); another partner's :platformId answers 404 as an unknown one does.

import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import {
  MAX_TOTAL_ROWS,
  isIngestContentType,
  type AdminLegalEntitiesResponse,
  type adminLegalEntitiesQuerySchema,
} from '@granary/domain';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { startFileIngest } from '../ingest/ingest.public.ts';
import {
  keysetPage,
  loadCrmActor,
  loadCrmAdmin,
  requirePlatform,
  type CrmActor,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import { countLegalEntities } from '../../platform/crm-access.repo.ts';
import { adminLegalEntitiesWhere, listAdminLegalEntities, type AdminLegalEntityData } from './legal-entities.repo.ts';

/** The actor, when a buyer-admin of the partner whose legal entity the path names (403 / 404 otherwise). */
async function buyerAdminOf(deps: CrmDeps, request: FastifyRequest, platformId: number): Promise<CrmActor> {
  const actor = await loadCrmActor(deps, request);
  requirePlatform(actor, platformId);
  return loadCrmAdmin(deps, request, 'buyer-admin', "Only the partner's buyer-admins manage its legal entities.");
}

export async function adminLegalEntities(
  deps: CrmDeps,
  request: FastifyRequest,
  platformId: number,
  query: z.output<typeof adminLegalEntitiesQuerySchema>,
): Promise<AdminLegalEntitiesResponse> {
  const actor = await buyerAdminOf(deps, request, platformId);
  const db = deps.ctx.database.db;
  const search = query.search ? query.search : null;
  const scope = query.scope ?? null;
  const where = adminLegalEntitiesWhere({ partnerId: actor.partner.id, search, scope });
  const page = await keysetPage<AdminLegalEntityData>(
    deps.ctx,
    { page: query.page, pageSize: query.pageSize, paginationToken: query.paginationToken ?? null },
    { list: 'admin-legal-entities', search, scope, size: query.pageSize },
    {
      keyOf: (row) => row.name,
      fetch: (after, limit, offset) =>
        listAdminLegalEntities(db, where, after && { name: after.key, id: after.id }, limit, offset),
      count: () => countLegalEntities(db, where, MAX_TOTAL_ROWS),
    },
  );
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      marketIds: row.marketIds.map(Number),
      updatedAt: new Date(row.updatedAt).toISOString(),
    })),
  };
}

/**
 * admin/le/:platformId/legal-entities/upload: a clients file (CSV, streamed) taken in by the ingest with the partner's
 * saved clients mapping, as the import page does; answers the sync to follow. Refused before any row is written when
 * the file is no CSV, empty, wrongly encoded, too large or lacks a mapped column.
 */
export async function uploadLegalEntities(
  deps: CrmDeps,
  request: FastifyRequest,
  platformId: number,
  fileName: string | undefined,
): Promise<{ syncId: number }> {
  const actor = await buyerAdminOf(deps, request, platformId);
  if (!isIngestContentType(request.headers['content-type']))
    throw new AppError('ingest_not_csv', 'Send the file as text/csv (or application/octet-stream).');
  const body = request.body as unknown;
  const stream =
    body && typeof body === 'object' && Symbol.asyncIterator in body
      ? (body as AsyncIterable<Buffer>)
      : Readable.from(typeof body === 'string' || Buffer.isBuffer(body) ? [body] : []);
  const length = request.headers['content-length'];
  return startFileIngest(deps.ctx.database.db, {
    partnerId: actor.partner.id,
    userId: actor.user.id,
    recordType: 'clients',
    source: 'upload',
    fileName: fileName ?? 'legal-entities.csv',
    body: stream,
    contentLength: length === undefined ? undefined : Number(length),
    request,
  });
}
