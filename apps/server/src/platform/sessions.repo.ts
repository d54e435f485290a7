import { and, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from './db.ts';
import { sessions, users } from '../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function insertSession(
  db: Db,
  row: typeof sessions.$inferInsert,
): Promise<void> {
  await db.insert(sessions).values(row);
}

const actAsUsers = alias(users, 'act_as_user');

/** The session, its user and — when an admin acts as someone — the acted-as user, in one query. */
export async function findSessionWithUser(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow; actAsUser: UserRow | null } | null> {
  const [row] = await db
    .select({ session: sessions, user: users, actAsUser: actAsUsers })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(actAsUsers, eq(actAsUsers.id, sessions.actAsUserId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row ?? null;
}

/** Starts, changes or (with null) ends acting as another user on one session. */
export async function setSessionActAs(db: Db, tokenHash: string, actAsUserId: string | null, scope: string | null): Promise<void> {
  await db.update(sessions).set({ actAsUserId, actAsScope: actAsUserId ? scope : null }).where(eq(sessions.tokenHash, tokenHash));
}

export async function touchSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user, but the one named (a password change keeps the session that made it). */
export async function deleteUserSessions(db: Db, userId: string, exceptTokenHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash)) : eq(sessions.userId, userId));
}
