import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { userDialogsSeen, users } from '../../db/schema/index.ts';

/** The dialogs the user has seen (ids). */
export async function dialogsSeenBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ dialog: userDialogsSeen.dialog })
    .from(userDialogsSeen)
    .where(eq(userDialogsSeen.userId, userId));
  return rows.map((r) => r.dialog).sort();
}

/** Records that the user saw a dialog; true when this is the first time. */
export async function markDialogSeen(db: Db, userId: string, dialog: string): Promise<boolean> {
  const rows = await db
    .insert(userDialogsSeen)
    .values({ userId, dialog })
    .onConflictDoNothing()
    .returning({ dialog: userDialogsSeen.dialog });
  return rows.length > 0;
}

/**
 * Sets users.tos_accepted_at to now unless it is set already (idempotent: the first acceptance is kept).
 * Returns the acceptance time and whether this call recorded it.
 */
export async function acceptTerms(db: Db, userId: string): Promise<{ acceptedAt: Date; recorded: boolean } | null> {
  const updated = await db
    .update(users)
    .set({ tosAcceptedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.tosAcceptedAt)))
    .returning({ acceptedAt: users.tosAcceptedAt });
  if (updated[0]?.acceptedAt) return { acceptedAt: updated[0].acceptedAt, recorded: true };
  const [row] = await db.select({ acceptedAt: users.tosAcceptedAt }).from(users).where(eq(users.id, userId));
  return row?.acceptedAt ? { acceptedAt: row.acceptedAt, recorded: false } : null;
}
