// The CRM administrator's users (issue 15): the partner's users, their market permissions and admin grants, and the
// invitations. Only this file touches those tables for the module (decision 031).

import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { marketUserPermissions, markets, userInvitations, users } from '../../db/schema/index.ts';

export type PartnerUserRow = typeof users.$inferSelect;
export type InvitationDbRow = typeof userInvitations.$inferSelect;

/** The partner's own people: not deleted, not Granary's staff (super admins). */
function partnerUsersWhere(partnerId: string, search: string | null): SQL {
  const conditions: SQL[] = [
    eq(users.partnerId, partnerId),
    ne(users.status, 'deleted'),
    eq(users.isSuperAdmin, false),
  ];
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      sql`lower(${users.email}) like ${like}`,
      sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${like}`,
    );
    if (match) conditions.push(match);
  }
  return and(...conditions) as SQL;
}

/** The list's sort key: the name as shown, then the e-mail (lower case). */
const sortKey = sql<string>`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email})`;

// Written out with the table name: drizzle leaves a select's own columns unqualified, which the subquery would misread.
const marketsCount = sql<number>`(select count(*)::int from market_user_permissions mup join markets m on m.id = mup.market_id
  where mup.user_id = users.id and m.partner_id = users.partner_id and cardinality(mup.permissions) > 0)`;

const listFields = {
  id: users.legacyId,
  uuid: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  adminPermissions: users.adminPermissions,
  lastLoginAt: users.lastLoginAt,
  sortKey,
  marketsCount,
};

export type PartnerUserListRow = Awaited<ReturnType<typeof listPartnerUsers>>[number];

export async function listPartnerUsers(
  db: Db,
  partnerId: string,
  search: string | null,
  after: { key: string; id: number } | null,
  limit: number,
  offset: number,
) {
  const where = partnerUsersWhere(partnerId, search);
  const keyset = after ? sql`(${sortKey}, ${users.legacyId}) > (${after.key}, ${after.id})` : undefined;
  return db
    .select(listFields)
    .from(users)
    .where(keyset ? and(where, keyset) : where)
    .orderBy(asc(sortKey), asc(users.legacyId))
    .limit(limit)
    .offset(offset);
}

export async function countPartnerUsers(db: Db, partnerId: string, search: string | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(partnerUsersWhere(partnerId, search));
  return row?.n ?? 0;
}

/** One of the partner's users by its number (another partner's, staff or a deleted one: null). */
export async function findPartnerUser(db: Db, partnerId: string, legacyId: number): Promise<PartnerUserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.legacyId, legacyId), partnerUsersWhere(partnerId, null)));
  return row ?? null;
}

/** Locks the user's row for the write that follows (two admins saving at once: one after the other). */
export async function lockPartnerUser(db: Db, partnerId: string, legacyId: number): Promise<PartnerUserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.legacyId, legacyId), partnerUsersWhere(partnerId, null)))
    .for('update');
  return row ?? null;
}

/** The user's permissions per market id, on the partner's markets. */
export async function marketPermissionsOf(db: Db, partnerId: string, userId: string): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ marketId: marketUserPermissions.marketId, permissions: marketUserPermissions.permissions })
    .from(marketUserPermissions)
    .innerJoin(markets, eq(markets.id, marketUserPermissions.marketId))
    .where(and(eq(marketUserPermissions.userId, userId), eq(markets.partnerId, partnerId)));
  return new Map(rows.map((r) => [r.marketId, r.permissions]));
}

/** Writes the user's whole matrix on the given markets of the partner: rows without permissions are removed. */
export async function replaceMarketPermissions(
  db: Db,
  userId: string,
  partnerMarketIds: readonly number[],
  grants: ReadonlyMap<number, readonly string[]>,
): Promise<void> {
  if (partnerMarketIds.length > 0)
    await db
      .delete(marketUserPermissions)
      .where(
        and(eq(marketUserPermissions.userId, userId), inArray(marketUserPermissions.marketId, [...partnerMarketIds])),
      );
  const rows = [...grants]
    .filter(([, permissions]) => permissions.length > 0)
    .map(([marketId, permissions]) => ({ marketId, userId, permissions: [...permissions] }));
  if (rows.length > 0) await db.insert(marketUserPermissions).values(rows);
}

export async function updatePartnerUser(
  db: Db,
  id: string,
  patch: Partial<
    Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'phoneNumber' | 'status' | 'adminPermissions'>
  >,
): Promise<PartnerUserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Another account than `exceptUserId` with this e-mail (any case) or this phone number (E.164). */
export async function findAccountTaking(
  db: Db,
  email: string | null,
  normalizedPhone: string | null,
  exceptUserId: string | null = null,
): Promise<PartnerUserRow | null> {
  const matches: SQL[] = [];
  if (email) matches.push(sql`lower(${users.email}) = lower(${email})`);
  if (normalizedPhone) matches.push(eq(users.normalizedPhoneNumber, normalizedPhone));
  if (matches.length === 0) return null;
  const match = or(...matches) as SQL;
  const [row] = await db
    .select()
    .from(users)
    .where(exceptUserId ? and(match, ne(users.id, exceptUserId)) : match)
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Invitations

export async function insertInvitation(
  db: Db,
  row: Omit<typeof userInvitations.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<InvitationDbRow> {
  const [inserted] = await db.insert(userInvitations).values(row).returning();
  if (!inserted) throw new Error('invitation insert returned nothing');
  return inserted;
}

/** The partner's pending invitations, newest first. */
export async function pendingInvitations(db: Db, partnerId: string): Promise<InvitationDbRow[]> {
  return db
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.partnerId, partnerId), eq(userInvitations.status, 'pending')))
    .orderBy(desc(userInvitations.createdAt))
    .limit(500);
}

export async function pendingInvitationFor(db: Db, partnerId: string, email: string): Promise<InvitationDbRow | null> {
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(
      and(
        eq(userInvitations.partnerId, partnerId),
        eq(userInvitations.status, 'pending'),
        sql`lower(${userInvitations.email}) = lower(${email})`,
      ),
    );
  return row ?? null;
}

/** A pending invitation of the partner, locked for the write that follows. */
export async function lockPendingInvitation(db: Db, partnerId: string, id: string): Promise<InvitationDbRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(
      and(eq(userInvitations.id, id), eq(userInvitations.partnerId, partnerId), eq(userInvitations.status, 'pending')),
    )
    .for('update');
  return row ?? null;
}

/** The pending invitation whose live link is `tokenId`. */
export async function invitationOfToken(db: Db, tokenId: string): Promise<InvitationDbRow | null> {
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.tokenId, tokenId), eq(userInvitations.status, 'pending')));
  return row ?? null;
}

export async function updateInvitation(
  db: Db,
  id: string,
  patch: Partial<Pick<InvitationDbRow, 'status' | 'tokenId' | 'expiresAt' | 'sentAt' | 'acceptedUserId'>>,
): Promise<InvitationDbRow | null> {
  const [row] = await db
    .update(userInvitations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(userInvitations.id, id))
    .returning();
  return row ?? null;
}

/** Display names of users by id (who invited). */
export async function userNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email]));
}
