import { and, eq, sql, type SQL } from 'drizzle-orm';
import { legalEntitiesByName, legalEntityListFields } from '../../platform/crm-access.repo.ts';
import type { Db } from '../../platform/db.ts';
import { legalEntities } from '../../db/schema/index.ts';

/** The partner's client legal entities matching the admin list's search and scope. */
export function adminLegalEntitiesWhere(q: { partnerId: string; search: string | null; scope: number | null }): SQL {
  const search = q.search?.toLowerCase() ?? null;
  const escaped = search?.replace(/[\\%_]/g, (c) => `\\${c}`) ?? null;
  return and(
    eq(legalEntities.partnerId, q.partnerId),
    eq(legalEntities.kind, 'client'),
    q.scope !== null ? eq(legalEntities.scopeLegalEntityId, q.scope) : undefined,
    search !== null
      ? sql`(strpos(lower(${legalEntities.name}), ${search}::text) > 0
          or lower(coalesce(${legalEntities.extClientId}, '')) like ${`${escaped}%`}::text
          ${/^\d{1,15}$/.test(search) ? sql`or ${legalEntities.scopeLegalEntityId} = ${Number(search)}::bigint` : sql``})`
      : undefined,
  )!;
}

const legalEntityFields = {
  ...legalEntityListFields,
  onboarded: sql<boolean>`${legalEntities.enterpriseId} is not null`,
  updatedAt: legalEntities.updatedAt,
  marketIds: sql<
    number[]
  >`coalesce((select array_agg(cm.market_id order by cm.market_id) from client_markets cm where cm.client_id = ${legalEntities.id}), '{}'::int[])`,
  contactsCount: sql<number>`(select count(*)::int from client_contacts cc where cc.client_id = ${legalEntities.id})`,
};

/** One page of the list by (name, id), after a cursor or at an offset. */
export function listAdminLegalEntities(
  db: Db,
  where: SQL,
  after: { name: string; id: number } | null,
  limit: number,
  offset: number,
) {
  return legalEntitiesByName(db.select(legalEntityFields).from(legalEntities).$dynamic(), where, after, limit, offset);
}
export type AdminLegalEntityData = Awaited<ReturnType<typeof listAdminLegalEntities>>[number];
