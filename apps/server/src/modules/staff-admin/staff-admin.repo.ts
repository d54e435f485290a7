// The staff administration area (issue 16): every user and enterprise of the platform, a user's enterprises, sessions
// and recent audit. Only this file touches those tables for the module (decision 031).

import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  auditLog,
  enterprises,
  legalEntities,
  manualResourcePermissions,
  sessions,
  users,
} from '../../db/schema/index.ts';

export type StaffUserDbRow = typeof users.$inferSelect;

function likeOf(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Users matching a search: name, e-mail, phone number (as typed or its digits), an enterprise they belong to, or the
 * legacy id (a number searched is also an id).
 */
function usersWhere(search: string | null, partners: readonly string[] | null): SQL | undefined {
  const inPartners =
    partners === null ? undefined : partners.length > 0 ? inArray(users.partnerId, [...partners]) : sql`false`;
  if (!search) return inPartners;
  const like = likeOf(search);
  const digits = search.replace(/\D/g, '');
  const matches: SQL[] = [
    sql`lower(${users.email}) like ${like}`,
    sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${like}`,
    sql`lower(coalesce(${users.phoneNumber}, '')) like ${like}`,
    sql`exists (select 1 from enterprise_users eu join enterprises e on e.id = eu.enterprise_id
      where eu.user_id = users.id and lower(e.name) like ${like})`,
  ];
  if (digits.length >= 4) matches.push(sql`coalesce(${users.normalizedPhoneNumber}, '') like ${`%${digits}%`}`);
  if (/^\d{1,9}$/.test(search)) matches.push(eq(users.legacyId, Number(search)));
  return and(inPartners, or(...matches));
}

/** The list's sort key: the e-mail, lower case (unique). */
const userSortKey = sql<string>`lower(${users.email})`;

export type StaffUserListRow = Awaited<ReturnType<typeof searchUsers>>[number];

export async function searchUsers(
  db: Db,
  search: string | null,
  partners: readonly string[] | null,
  after: { key: string; id: number } | null,
  limit: number,
  offset: number,
) {
  const where = usersWhere(search, partners);
  const keyset = after ? sql`(${userSortKey}, ${users.legacyId}) > (${after.key}, ${after.id})` : undefined;
  return db
    .select({
      id: users.legacyId,
      uuid: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      status: users.status,
      isSuperAdmin: users.isSuperAdmin,
      employeeInfo: users.employeeInfo,
      lastLoginAt: users.lastLoginAt,
      sortKey: userSortKey,
    })
    .from(users)
    .where(and(where, keyset))
    .orderBy(asc(userSortKey), asc(users.legacyId))
    .limit(limit)
    .offset(offset);
}

export async function countUsers(db: Db, search: string | null, partners: readonly string[] | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(usersWhere(search, partners));
  return row?.n ?? 0;
}

/**
 * The enterprises of some partners (null: every enterprise): those the partners have as a client, the enterprise
 * profile's `partners` (decision 050).
 */
function ofPartners(partners: readonly string[] | null): SQL | undefined {
  if (partners === null) return undefined;
  if (partners.length === 0) return sql`false`;
  return sql`${enterprises.id} in (select ${legalEntities.enterpriseId} from ${legalEntities}
    where ${legalEntities.kind} = 'client' and ${inArray(legalEntities.partnerId, [...partners])})`;
}

function enterprisesWhere(search: string | null, partners: readonly string[] | null): SQL | undefined {
  if (!search) return ofPartners(partners);
  const matches: SQL[] = [sql`lower(${enterprises.name}) like ${likeOf(search)}`];
  if (/^\d{1,9}$/.test(search)) matches.push(eq(enterprises.id, Number(search)));
  if (/^[0-9a-f-]{36}$/i.test(search)) matches.push(sql`${enterprises.publicId}::text = ${search.toLowerCase()}`);
  return and(ofPartners(partners), or(...matches));
}

export type StaffEnterpriseListRow = Awaited<ReturnType<typeof searchEnterprises>>[number];

const enterpriseSortKey = sql<string>`lower(${enterprises.name})`;

export async function searchEnterprises(
  db: Db,
  search: string | null,
  partners: readonly string[] | null,
  after: { key: string; id: number } | null,
  limit: number,
  offset: number,
) {
  const keyset = after ? sql`(${enterpriseSortKey}, ${enterprises.id}) > (${after.key}, ${after.id})` : undefined;
  return db
    .select({
      id: enterprises.id,
      publicId: enterprises.publicId,
      name: enterprises.name,
      countryCode: enterprises.countryCode,
      membersCount: sql<number>`(select count(*)::int from enterprise_users eu where eu.enterprise_id = enterprises.id)`,
      ownerNames: sql<string[]>`coalesce((select array_agg(coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' ||
        coalesce(u.last_name, '')), ''), u.email) order by u.email) from enterprise_users eu join users u on u.id = eu.user_id
        where eu.enterprise_id = enterprises.id and eu.role = 'owner'), '{}')`,
      sortKey: enterpriseSortKey,
    })
    .from(enterprises)
    .where(and(enterprisesWhere(search, partners), keyset))
    .orderBy(asc(enterpriseSortKey), asc(enterprises.id))
    .limit(limit)
    .offset(offset);
}

export async function countEnterprises(
  db: Db,
  search: string | null,
  partners: readonly string[] | null,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enterprises)
    .where(enterprisesWhere(search, partners));
  return row?.n ?? 0;
}

/** A user by public id (uuid) or legacy id; `lock`: for the write that follows. */
export async function findUser(db: Db, id: string, lock = false): Promise<StaffUserDbRow | null> {
  const where = /^\d{1,9}$/.test(id)
    ? eq(users.legacyId, Number(id))
    : /^[0-9a-f-]{36}$/i.test(id)
      ? eq(users.id, id.toLowerCase())
      : null;
  if (!where) return null;
  const query = db.select().from(users).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The user's own sessions, most recently used first. */
export async function sessionsOfUser(db: Db, userId: string) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      method: sessions.method,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      actAsUserId: sessions.actAsUserId,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(50);
}

/**
 * The latest audit entries by the user, about the user, or made while someone acted as them; each with what it is
 * about in words (a person other than the user, a contract's number, an enterprise's name) where the target is
 * one of those.
 */
export async function recentAuditOf(db: Db, userId: string, limit = 25) {
  const actor = sql`coalesce(nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), ''), a.email)`;
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      createdAt: auditLog.createdAt,
      actorUserId: auditLog.actorUserId,
      actingAsUserId: auditLog.actingAsUserId,
      actorName: sql<string | null>`(select ${actor} from users a where a.id = ${auditLog.actorUserId})`,
      targetName: sql<string | null>`case ${auditLog.targetType}
        when 'user' then (select ${actor} from users a where a.id <> ${userId} and a.id =
          (case when ${auditLog.targetId} ~ '^[0-9a-f-]{36}$' then ${auditLog.targetId}::uuid end))
        when 'contract' then (select c.display_contract_id from contracts c where c.id =
          (case when ${auditLog.targetId} ~ '^[0-9]{1,9}$' then ${auditLog.targetId}::int end))
        when 'enterprise' then (select e.name from enterprises e where e.id =
          (case when ${auditLog.targetId} ~ '^[0-9]{1,9}$' then ${auditLog.targetId}::int end))
      end`,
    })
    .from(auditLog)
    .where(
      or(
        eq(auditLog.actorUserId, userId),
        eq(auditLog.actingAsUserId, userId),
        and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

export async function updateStaffUser(
  db: Db,
  id: string,
  patch: Partial<Pick<typeof users.$inferInsert, 'status' | 'employeeInfo' | 'permissions' | 'adminPermissions'>>,
): Promise<StaffUserDbRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Manual resource permissions

const granterName = sql<
  string | null
>`(select coalesce(nullif(trim(coalesce(g.first_name, '') || ' ' || coalesce(g.last_name, '')), ''), g.email)
  from users g where g.id = ${manualResourcePermissions.grantedBy})`;

export async function manualPermissionsOf(db: Db, userId: string) {
  return db
    .select({
      id: manualResourcePermissions.id,
      resourceType: manualResourcePermissions.resourceType,
      resourceId: manualResourcePermissions.resourceId,
      permission: manualResourcePermissions.permission,
      createdAt: manualResourcePermissions.createdAt,
      grantedByName: granterName,
      resourceName: sql<
        string | null
      >`(select e.name from enterprises e where ${manualResourcePermissions.resourceType} = 'enterprise'
        and e.id::text = ${manualResourcePermissions.resourceId})`,
    })
    .from(manualResourcePermissions)
    .where(eq(manualResourcePermissions.userId, userId))
    .orderBy(asc(manualResourcePermissions.resourceType), asc(manualResourcePermissions.resourceId));
}

/** Inserts a grant; false when the user already holds it. */
export async function insertManualPermission(
  db: Db,
  row: Omit<typeof manualResourcePermissions.$inferInsert, 'id' | 'createdAt'>,
): Promise<boolean> {
  const inserted = await db
    .insert(manualResourcePermissions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: manualResourcePermissions.id });
  return inserted.length > 0;
}

export async function deleteManualPermission(
  db: Db,
  key: { userId: string; resourceType: string; resourceId: string; permission: string },
): Promise<boolean> {
  const deleted = await db
    .delete(manualResourcePermissions)
    .where(
      and(
        eq(manualResourcePermissions.userId, key.userId),
        eq(manualResourcePermissions.resourceType, key.resourceType as 'enterprise'),
        eq(manualResourcePermissions.resourceId, key.resourceId),
        eq(manualResourcePermissions.permission, key.permission),
      ),
    )
    .returning({ id: manualResourcePermissions.id });
  return deleted.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// Selective features per enterprise

/** An enterprise by id, when it is one of `partners`' (null: any). */
export async function findEnterprise(db: Db, id: number, partners: readonly string[] | null, lock = false) {
  const query = db
    .select({ id: enterprises.id, name: enterprises.name, selectiveFeatures: enterprises.selectiveFeatures })
    .from(enterprises)
    .where(and(eq(enterprises.id, id), ofPartners(partners)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setSelectiveFeatures(db: Db, id: number, features: readonly string[]): Promise<void> {
  await db
    .update(enterprises)
    .set({ selectiveFeatures: [...features], updatedAt: new Date() })
    .where(eq(enterprises.id, id));
}

/** Of these enterprise ids, those of `partners` (null: all of them). */
export async function enterpriseIdsOf(db: Db, ids: readonly number[], partners: readonly string[] | null) {
  if (ids.length === 0) return new Set<number>();
  if (partners === null) return new Set(ids);
  const rows = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(and(inArray(enterprises.id, [...ids]), ofPartners(partners)));
  return new Set(rows.map((r) => r.id));
}

/** Every feature in use on `partners`' enterprises (null: all), with how many enterprises have it. */
export async function selectiveFeatureCounts(db: Db, partners: readonly string[] | null): Promise<Map<string, number>> {
  const rows = rowsOf<{ name: string; n: number }>(
    await db.execute(
      sql`select f as name, count(*)::int as n from ${enterprises}, unnest(${enterprises.selectiveFeatures}) as f
        where ${ofPartners(partners) ?? sql`true`} group by f order by f`,
    ),
  );
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

export async function enterprisesWithFeature(db: Db, feature: string, partners: readonly string[] | null) {
  return db
    .select({ id: enterprises.id, name: enterprises.name })
    .from(enterprises)
    .where(and(sql`${feature} = any(${enterprises.selectiveFeatures})`, ofPartners(partners)))
    .orderBy(asc(enterprises.name), asc(enterprises.id))
    .limit(500);
}
