// admin/le/:platformId/legal-entities (issue 15): the partner's client legal entities with their scope ids, for its
// buyer-admins (or a super admin); another partner's :platformId answers 404 as an unknown one does.

import type { FastifyRequest } from 'fastify';
import {
  MAX_TOTAL_ROWS,
  hasAdminPermission,
  type AdminLegalEntitiesResponse,
  type adminLegalEntitiesQuerySchema,
} from '@granary/domain';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { keysetPage, loadCrmActor, requirePlatform, type CrmActor, type CrmDeps } from '../../platform/crm-access.ts';
import {
  adminLegalEntitiesWhere,
  countAdminLegalEntities,
  listAdminLegalEntities,
  type AdminLegalEntityData,
} from './legal-entities.repo.ts';

/** The actor, when a buyer-admin of the partner whose legal entity the path names (403 / 404 otherwise). */
export async function buyerAdminOf(deps: CrmDeps, request: FastifyRequest, platformId: number): Promise<CrmActor> {
  const actor = await loadCrmActor(deps, request);
  requirePlatform(actor, platformId);
  if (!hasAdminPermission(actor.adminGrants, 'buyer-admin', { isSuperAdmin: actor.isSuperAdmin }))
    throw new AppError('forbidden', "Only the partner's buyer-admins manage its legal entities.");
  return actor;
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
      count: () => countAdminLegalEntities(db, where, MAX_TOTAL_ROWS),
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
