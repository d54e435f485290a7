import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { authTokens, type AuthTokenPurpose } from '../../db/schema/index.ts';

export type AuthTokenRow = typeof authTokens.$inferSelect;
export type NewAuthToken = typeof authTokens.$inferInsert;

export async function insertToken(db: Db, row: NewAuthToken): Promise<AuthTokenRow> {
  const [inserted] = await db.insert(authTokens).values(row).returning();
  if (!inserted) throw new Error('auth token insert returned nothing');
  return inserted;
}

/** Marks a live token used and returns it — atomically, so two requests can't both use one token. */
export async function consumeLiveToken(
  db: Db,
  purpose: AuthTokenPurpose,
  tokenHash: string,
): Promise<AuthTokenRow | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findLiveToken(
  db: Db,
  purpose: AuthTokenPurpose,
  tokenHash: string,
): Promise<AuthTokenRow | null> {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** Counts one code attempt; returns the row after the increment (null when the token is gone). */
export async function countAttempt(db: Db, id: string): Promise<AuthTokenRow | null> {
  const [row] = await db
    .update(authTokens)
    .set({ attempts: sql`${authTokens.attempts} + 1` })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning();
  return row ?? null;
}

export async function markUsed(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

/** Voids every unused token of a purpose for a user (a new reset link makes older ones worthless). */
export async function voidUserTokens(db: Db, purpose: AuthTokenPurpose, userId: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.purpose, purpose), eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}
