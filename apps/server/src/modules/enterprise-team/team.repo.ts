// A farm business's team (issue 16, decision 052): its members (enterprise_users with the people) and its
// invitations (enterprise_invitations). Every query is scoped by the enterprise the service resolved for the caller.

import { and, asc, eq, sql } from 'drizzle-orm';
import type { EnterpriseRole } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { enterpriseInvitations, enterpriseUsers, enterprises, users } from '../../db/schema/index.ts';

export type EnterpriseRow = { id: number; publicId: string; name: string };
export type MemberRow = {
  userId: string;
  role: EnterpriseRole;
  permissions: string[];
  firstName: string | null;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
  userType: number | null;
};
export type InvitationDbRow = typeof enterpriseInvitations.$inferSelect;

const enterpriseFields = { id: enterprises.id, publicId: enterprises.publicId, name: enterprises.name };

export async function enterpriseById(db: Db, id: number): Promise<EnterpriseRow | null> {
  const [row] = await db.select(enterpriseFields).from(enterprises).where(eq(enterprises.id, id)).limit(1);
  return row ?? null;
}

const memberFields = {
  userId: enterpriseUsers.userId,
  role: enterpriseUsers.role,
  permissions: enterpriseUsers.permissions,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  userType: users.userType,
};

/** The active members, owners first, then by name. */
export async function membersOf(db: Db, enterpriseId: number): Promise<MemberRow[]> {
  return db
    .select(memberFields)
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(users.status, 'active')))
    .orderBy(
      sql`case ${enterpriseUsers.role} when 'owner' then 0 when 'subaccount' then 1 else 2 end`,
      asc(users.lastName),
      asc(users.firstName),
      asc(users.email),
    );
}

/** One member (the row locked when `lock`, so two changes of the same member take turns). */
export async function memberOf(db: Db, enterpriseId: number, userId: string, lock = false): Promise<MemberRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const query = db
    .select(memberFields)
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(enterpriseUsers.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: enterpriseUsers }) : await query;
  return row ?? null;
}

/** The owners, locked: a change that could leave none counts them under the lock. */
export async function lockedOwnerCount(db: Db, enterpriseId: number): Promise<number> {
  const result = await db.execute(sql`
    select user_id from enterprise_users where enterprise_id = ${enterpriseId} and role = 'owner' for update`);
  return rowsOf(result).length;
}

export async function updateMember(
  db: Db,
  enterpriseId: number,
  userId: string,
  patch: { role?: EnterpriseRole; permissions?: string[] },
): Promise<void> {
  await db
    .update(enterpriseUsers)
    .set(patch)
    .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(enterpriseUsers.userId, userId)));
}

export async function deleteMember(db: Db, enterpriseId: number, userId: string): Promise<void> {
  await db
    .delete(enterpriseUsers)
    .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(enterpriseUsers.userId, userId)));
}

/** Adds a member; false when the person is one already (the invitation then changes nothing). */
export async function insertMember(
  db: Db,
  row: { enterpriseId: number; userId: string; role: EnterpriseRole; permissions: string[] },
): Promise<boolean> {
  const inserted = await db
    .insert(enterpriseUsers)
    .values(row)
    .onConflictDoNothing()
    .returning({ userId: enterpriseUsers.userId });
  return inserted.length > 0;
}

/** A member of the enterprise with this e-mail address or E.164 phone number (an invitation to them is refused). */
export async function memberByContact(
  db: Db,
  enterpriseId: number,
  contact: { email?: string; phone?: string },
): Promise<boolean> {
  const match = contact.email
    ? sql`lower(${users.email}) = ${contact.email.toLowerCase()}`
    : sql`${users.normalizedPhoneNumber} = ${contact.phone ?? ''}`;
  const [row] = await db
    .select({ userId: enterpriseUsers.userId })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), match))
    .limit(1);
  return row !== undefined;
}

// ---------- invitations ----------

export async function pendingInvitationsOf(
  db: Db,
  enterpriseId: number,
): Promise<(InvitationDbRow & { inviterName: string | null })[]> {
  const rows = await db
    .select({
      invitation: enterpriseInvitations,
      inviterName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
    })
    .from(enterpriseInvitations)
    .leftJoin(users, eq(users.id, enterpriseInvitations.invitedBy))
    .where(and(eq(enterpriseInvitations.enterpriseId, enterpriseId), eq(enterpriseInvitations.status, 'pending')))
    .orderBy(asc(enterpriseInvitations.createdAt));
  return rows.map((r) => ({ ...r.invitation, inviterName: r.inviterName }));
}

export async function pendingInvitationFor(
  db: Db,
  enterpriseId: number,
  contact: { email?: string; phone?: string },
): Promise<InvitationDbRow | null> {
  const match = contact.email
    ? eq(enterpriseInvitations.email, contact.email)
    : eq(enterpriseInvitations.phoneNumber, contact.phone ?? '');
  const [row] = await db
    .select()
    .from(enterpriseInvitations)
    .where(
      and(eq(enterpriseInvitations.enterpriseId, enterpriseId), eq(enterpriseInvitations.status, 'pending'), match),
    )
    .limit(1);
  return row ?? null;
}

/** A pending invitation of the enterprise, locked; null for another enterprise's or a settled one. */
export async function lockPendingInvitation(db: Db, enterpriseId: number, id: string): Promise<InvitationDbRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select()
    .from(enterpriseInvitations)
    .where(
      and(
        eq(enterpriseInvitations.id, id),
        eq(enterpriseInvitations.enterpriseId, enterpriseId),
        eq(enterpriseInvitations.status, 'pending'),
      ),
    )
    .for('update');
  return row ?? null;
}

/** The pending invitation whose live link is this token id. */
export async function invitationOfToken(db: Db, tokenId: string): Promise<InvitationDbRow | null> {
  const [row] = await db
    .select()
    .from(enterpriseInvitations)
    .where(and(eq(enterpriseInvitations.tokenId, tokenId), eq(enterpriseInvitations.status, 'pending')))
    .limit(1);
  return row ?? null;
}

export async function insertInvitation(
  db: Db,
  row: typeof enterpriseInvitations.$inferInsert,
): Promise<InvitationDbRow> {
  const [inserted] = await db.insert(enterpriseInvitations).values(row).returning();
  if (!inserted) throw new Error('invitation insert returned nothing');
  return inserted;
}

export async function updateInvitation(
  db: Db,
  id: string,
  patch: Partial<typeof enterpriseInvitations.$inferInsert>,
): Promise<InvitationDbRow | null> {
  const [row] = await db.update(enterpriseInvitations).set(patch).where(eq(enterpriseInvitations.id, id)).returning();
  return row ?? null;
}

/** The name of a user, for the invitation page and mail. */
export async function userName(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ name: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name ?? null;
}
