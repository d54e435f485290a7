import { and, eq, lt, ne } from 'drizzle-orm';
import { sessions, users } from '../db/schema/index.ts';
export async function insertSession(db, row) {
    await db.insert(sessions).values(row);
}
export async function findSessionWithUser(db, tokenHash) {
    const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash));
    return row ?? null;
}
export async function touchSession(db, tokenHash, at) {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
}
export async function deleteSession(db, tokenHash) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}
/** Ends every session of a user, but the one named (a password change keeps the session that made it). */
export async function deleteUserSessions(db, userId, exceptTokenHash) {
    await db
        .delete(sessions)
        .where(exceptTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash)) : eq(sessions.userId, userId));
}
export async function deleteIdleSessions(db, seenBefore) {
    const removed = await db.delete(sessions).where(lt(sessions.lastSeenAt, seenBefore)).returning({ t: sessions.tokenHash });
    return removed.length;
}
