import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users, verificationSessions } from '../../db/schema/index.ts';
import type { UserRow } from './users.repo.ts';

export type VerificationSessionRow = typeof verificationSessions.$inferSelect;
export type NewVerificationSession = typeof verificationSessions.$inferInsert;

export async function insertVerificationSession(db: Db, row: NewVerificationSession): Promise<VerificationSessionRow> {
  const [inserted] = await db.insert(verificationSessions).values(row).returning();
  if (!inserted) throw new Error('verification session insert returned nothing');
  return inserted;
}

export async function findVerificationSession(db: Db, tokenHash: string): Promise<VerificationSessionRow | null> {
  const [row] = await db.select().from(verificationSessions).where(eq(verificationSessions.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Moves a session on, but only from the step it was read at (optimistic: two requests racing on one
 * session can't both move it). Null when someone else moved it first.
 */
export async function updateVerificationSession(
  db: Db,
  id: string,
  fromStep: string,
  patch: Partial<NewVerificationSession>,
): Promise<VerificationSessionRow | null> {
  const [row] = await db
    .update(verificationSessions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(verificationSessions.id, id), eq(verificationSessions.step, fromStep)))
    .returning();
  return row ?? null;
}

/** Counts one code attempt atomically; the row after the increment. */
export async function countSessionAttempt(db: Db, id: string): Promise<VerificationSessionRow | null> {
  const [row] = await db
    .update(verificationSessions)
    .set({ attempts: sql`${verificationSessions.attempts} + 1`, updatedAt: new Date() })
    .where(eq(verificationSessions.id, id))
    .returning();
  return row ?? null;
}

/** Whether the user has a verification (e-mail or phone) under way: open, unexpired, not verified. */
export async function hasOpenVerificationSession(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: verificationSessions.id })
    .from(verificationSessions)
    .where(
      and(
        eq(verificationSessions.userId, userId),
        eq(verificationSessions.step, 'pending'),
        isNull(verificationSessions.verifiedAt),
        gt(verificationSessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Ends the user's open sessions of a workflow (a new one replaces them). */
export async function cancelOpenSessions(db: Db, userId: string, workflow: string): Promise<void> {
  await db
    .update(verificationSessions)
    .set({ step: 'cancelled', codeHash: null, updatedAt: new Date() })
    .where(
      and(
        eq(verificationSessions.userId, userId),
        eq(verificationSessions.workflow, workflow),
        eq(verificationSessions.step, 'pending'),
      ),
    );
}

/** Active accounts whose verified phone number is this one (E.164). */
export async function findActiveUsersByVerifiedPhone(db: Db, normalizedPhone: string, limit = 10): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.normalizedPhoneNumber, normalizedPhone),
        eq(users.status, 'active'),
        sql`${users.phoneVerifiedAt} is not null`,
      ),
    )
    .orderBy(users.createdAt)
    .limit(limit);
}
