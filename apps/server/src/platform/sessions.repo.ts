import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { currentDbScope, type Db } from './db.ts';
import { sessions, users } from '../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

const actAsUsers = alias(users, 'act_as_user');

/**
 * SQL evaluated in the session's query for the user the request acts for (the acted-as user while an admin
 * acts as an active one, else the signed-in user), given that user's id and partner id as SQL: a module's
 * per-request data loaded in the same round trip as the session (see SessionExtension in access.ts).
 */
export type SessionExtraSql = (user: { id: SQL; partnerId: SQL }) => SQL;

/** The acting user's column: the acted-as user's when there is one and they are active (as loadSession decides). */
const actingUsers = <K extends 'id' | 'partnerId'>(column: K): SQL =>
  sql`(case when ${actAsUsers.status} = 'active' then ${actAsUsers[column]} else ${users[column]} end)`;

function sessionQuery(db: Db, extra: SessionExtraSql | null) {
  return db
    .select({
      session: sessions,
      user: users,
      actAsUser: actAsUsers,
      extra: extra ? extra({ id: actingUsers('id'), partnerId: actingUsers('partnerId') }) : sql`null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(actAsUsers, eq(actAsUsers.id, sessions.actAsUserId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')));
}

type SessionQuery = ReturnType<ReturnType<typeof sessionQuery>['prepare']>;

/**
 * The session query, built once per database and `extra` (a prepared statement: every request runs it,
 * and building its ~130 columns with drizzle cost more Node CPU than running it — docs/decisions/014).
 */
const preparedSessionQueries = new WeakMap<Db, Map<SessionExtraSql | null, SessionQuery>>();
const statementNames = new Map<SessionExtraSql | null, string>();

function preparedSessionQuery(db: Db, extra: SessionExtraSql | null): SessionQuery {
  let byExtra = preparedSessionQueries.get(db);
  if (!byExtra) preparedSessionQueries.set(db, (byExtra = new Map()));
  let query = byExtra.get(extra);
  if (!query) {
    let name = statementNames.get(extra);
    if (!name) statementNames.set(extra, (name = `session_with_user_${statementNames.size + 1}`));
    query = sessionQuery(db, extra).prepare(name);
    byExtra.set(extra, query);
  }
  return query;
}

/**
 * The session, its user and — when an admin acts as someone — the acted-as user, in one query; with
 * `extra`, its value for the acting user beside them (`extra` null without).
 */
export async function findSessionWithUser(
  db: Db,
  tokenHash: string,
  extra?: SessionExtraSql,
): Promise<{ session: SessionRow; user: UserRow; actAsUser: UserRow | null; extra: unknown } | null> {
  // Inside a request transaction the query runs in it, unprepared: a prepared statement stays bound to the database
  // it was built on, and the transaction ends with the request.
  const query = currentDbScope()?.tx ? sessionQuery(db, extra ?? null) : preparedSessionQuery(db, extra ?? null);
  const [row] = await query.execute({ tokenHash });
  return row ?? null;
}

/** Starts, changes or (with null) ends acting as another user on one session. */
export async function setSessionActAs(
  db: Db,
  tokenHash: string,
  actAsUserId: string | null,
  scope: string | null,
): Promise<void> {
  await db
    .update(sessions)
    .set({ actAsUserId, actAsScope: actAsUserId ? scope : null })
    .where(eq(sessions.tokenHash, tokenHash));
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
    .where(
      exceptTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash))
        : eq(sessions.userId, userId),
    );
}
