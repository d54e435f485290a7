import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from './db.ts';
import { legalEntities, marketUserPermissions, markets, sustainabilityPrograms } from '../db/schema/index.ts';

export type PartnerMarketRow = {
  id: number;
  displayName: string | null;
  city: string;
  administrativeAreaLevel1: string;
  countryCode: 'USA' | 'CAN' | 'AUS';
  timezone: string;
  sustainabilityEnabled: boolean;
  /**
   * The crop/years of the market's sustainability programs (enabled: an open program), null when it has none —
   * the grain-buying-clients entitlement (decision 059).
   */
  sustainabilityCropYears: { cropId: number; cropYear: number; enabled: boolean }[] | null;
  /** The user's permissions on the market; null when the user has no row there. */
  permissions: string[] | null;
};

/** Every market of a partner, with one user's permissions on each (one query). */
export async function listPartnerMarketsForUser(
  db: Db,
  partnerId: string,
  userId: string,
): Promise<PartnerMarketRow[]> {
  return db
    .select({
      id: markets.id,
      displayName: markets.displayName,
      city: markets.city,
      administrativeAreaLevel1: markets.administrativeAreaLevel1,
      countryCode: markets.countryCode,
      timezone: markets.timezone,
      sustainabilityEnabled: markets.sustainabilityEnabled,
      sustainabilityCropYears: sql<
        PartnerMarketRow['sustainabilityCropYears']
      >`${sustainabilityCropYearsSql(sql`${markets.id}`)}`,
      permissions: marketUserPermissions.permissions,
    })
    .from(markets)
    .leftJoin(
      marketUserPermissions,
      and(eq(marketUserPermissions.marketId, markets.id), eq(marketUserPermissions.userId, userId)),
    )
    .where(eq(markets.partnerId, partnerId))
    .orderBy(asc(markets.id));
}

/**
 * A market's sustainability crop/years as JSON (null without programs): each crop and year of its programs, enabled
 * when one of them is open (decision 059).
 */
function sustainabilityCropYearsSql(marketId: SQL): SQL {
  return sql`(select json_agg(json_build_object('cropId', sp.crop_id, 'cropYear', sp.crop_year, 'enabled', sp.enabled))
    from (select crop_id, crop_year, bool_or(status = 'open') as enabled from ${sustainabilityPrograms}
      where market_id = ${marketId} group by crop_id, crop_year) sp)`;
}

export type PartnerLegalEntityRow = { id: number; name: string; scopeLegalEntityId: number };

/** What a CRM call needs besides the session: the partner's markets with the user's permissions, and its legal entity. */
export type CrmActorRows = { markets: PartnerMarketRow[]; partnerLegalEntity: PartnerLegalEntityRow | null };

/**
 * CrmActorRows of a user (their id and partner id as SQL) as one JSON value: listPartnerMarketsForUser and
 * findPartnerLegalEntity in one expression, evaluated in the session's query (access.ts extendSession) so
 * that a CRM call loads its session, user, markets and permissions in one round trip.
 */
export function crmActorRowsSql(user: { id: SQL; partnerId: SQL }): SQL {
  return sql`json_build_object(
    'markets', coalesce((
      select json_agg(json_build_object('id', m.id, 'displayName', m.display_name, 'city', m.city,
        'administrativeAreaLevel1', m.administrative_area_level_1, 'countryCode', m.country_code, 'timezone', m.timezone,
        'sustainabilityEnabled', m.sustainability_enabled,
        'sustainabilityCropYears', ${sustainabilityCropYearsSql(sql`m.id`)}, 'permissions', p.permissions) order by m.id)
      from ${markets} m
      left join ${marketUserPermissions} p on p.market_id = m.id and p.user_id = ${user.id}
      where m.partner_id = ${user.partnerId}), '[]'::json),
    'partnerLegalEntity', (
      select json_build_object('id', le.id, 'name', le.name, 'scopeLegalEntityId', le.scope_legal_entity_id)
      from ${legalEntities} le where le.partner_id = ${user.partnerId} and le.kind = 'partner' order by le.id limit 1))`;
}

/** CrmActorRows of a user, when the session was loaded without them (one query). */
export async function findCrmActorRows(db: Db, partnerId: string, userId: string): Promise<CrmActorRows> {
  const result = (await db.execute(
    sql`select ${crmActorRowsSql({ id: sql`${userId}::uuid`, partnerId: sql`${partnerId}::text` })} as rows`,
  )) as unknown as {
    rows: { rows: CrmActorRows | string }[];
  };
  return crmActorRowsOf(result.rows[0]!.rows);
}

/** CrmActorRows from the driver's value of crmActorRowsSql (parsed JSON, or its text). */
export function crmActorRowsOf(value: unknown): CrmActorRows {
  return (typeof value === 'string' ? JSON.parse(value) : value) as CrmActorRows;
}

export type ClientRow = typeof legalEntities.$inferSelect;

/** A client (legal entity of kind 'client') of the partner, or null (another partner's id included). */
export async function findPartnerClient(db: Db, partnerId: string, clientId: number): Promise<ClientRow | null> {
  const [row] = await db
    .select()
    .from(legalEntities)
    .where(
      and(eq(legalEntities.id, clientId), eq(legalEntities.partnerId, partnerId), eq(legalEntities.kind, 'client')),
    );
  return row ?? null;
}

/** A legal entity of any kind of the partner, or null. */
export async function findPartnerLegalEntityById(db: Db, partnerId: string, id: number): Promise<ClientRow | null> {
  const [row] = await db
    .select()
    .from(legalEntities)
    .where(and(eq(legalEntities.id, id), eq(legalEntities.partnerId, partnerId)));
  return row ?? null;
}

/** What a list row of a legal entity shows: its names, ERP id, scope and where and how to reach it. */
export const legalEntityListFields = {
  id: legalEntities.id,
  name: legalEntities.name,
  extClientId: legalEntities.extClientId,
  scopeLegalEntityId: legalEntities.scopeLegalEntityId,
  city: legalEntities.city,
  administrativeAreaLevel1: legalEntities.administrativeAreaLevel1,
  phoneNumber: legalEntities.phoneNumber,
  emailAddress: legalEntities.emailAddress,
};

/**
 * One page of the legal entities matching `where`, by (name, id): after a cursor or at an offset (the clients' search
 * and the administrator's list of legal entities); `query` is the caller's `select(…).from(legalEntities).$dynamic()`.
 */
export function legalEntitiesByName<Q extends PgSelect>(
  query: Q,
  where: SQL,
  after: { name: string; id: number } | null,
  limit: number,
  offset: number,
) {
  return query
    .where(
      and(
        where,
        after
          ? sql`(${legalEntities.name}, ${legalEntities.id}) > (${after.name}::text, ${after.id}::bigint)`
          : undefined,
      ),
    )
    .orderBy(asc(legalEntities.name), asc(legalEntities.id))
    .limit(limit)
    .offset(offset);
}

/** How many legal entities match `where`, counted up to `cap` (a list's total). */
export async function countLegalEntities(db: Db, where: SQL, cap: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from legal_entities where ${where} limit ${cap}) as capped`,
    ),
  );
  return Number(row?.n ?? 0);
}
