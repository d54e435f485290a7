import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { apiTokens, users } from '../../db/schema/index.ts';

const tokenFields = {
  id: apiTokens.id,
  userId: apiTokens.userId,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
  revokedAt: apiTokens.revokedAt,
};
export type ApiTokenRow = Pick<typeof apiTokens.$inferSelect, keyof typeof tokenFields>;

/** A user by the legacy (numeric) id the auth catalogue's paths carry. */
export async function findUserByLegacyId(db: Db, legacyId: number) {
  const [row] = await db
    .select({
      id: users.id,
      legacyId: users.legacyId,
      partnerId: users.partnerId,
      status: users.status,
      experiences: users.experiences,
    })
    .from(users)
    .where(eq(users.legacyId, legacyId));
  return row ?? null;
}

/** A user's tokens, newest first (revoked and expired ones too: the list says so). */
export function listTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select(tokenFields)
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function countActiveTokens(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  return row?.n ?? 0;
}

export async function insertToken(
  db: Db,
  values: Pick<
    typeof apiTokens.$inferInsert,
    'userId' | 'name' | 'scopes' | 'prefix' | 'tokenHash' | 'expiresAt' | 'createdByUserId'
  >,
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning(tokenFields);
  if (!row) throw new Error('api token insert returned nothing');
  return row;
}

export async function findToken(db: Db, userId: string, tokenId: string): Promise<ApiTokenRow | null> {
  const [row] = await db
    .select(tokenFields)
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, tokenId)));
  return row ?? null;
}

/** Revokes a token not yet revoked; null when it already was. */
export async function revokeToken(db: Db, tokenId: string, now: Date): Promise<ApiTokenRow | null> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
    .returning(tokenFields);
  return row ?? null;
}

/** The token with this prefix and what its user is now (status, partner), for authenticating a bearer. */
export async function findTokenForAuth(db: Db, prefix: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      tokenHash: apiTokens.tokenHash,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      userId: users.id,
      userStatus: users.status,
      partnerId: users.partnerId,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.prefix, prefix));
  return row ?? null;
}

/** Marks a token used at `now` unless it was marked less than a minute before (one write a minute at most). */
export async function touchToken(db: Db, tokenId: string, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - 60_000))),
      ),
    );
}
