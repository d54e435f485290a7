import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { externalIdentities } from '../../db/schema/index.ts';

export type ExternalIdentityRow = typeof externalIdentities.$inferSelect;

export async function findExternalIdentity(
  db: Db,
  provider: string,
  subject: string,
): Promise<ExternalIdentityRow | null> {
  const [row] = await db
    .select()
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)));
  return row ?? null;
}

/** Links a provider's account to a user; a link that already exists (a race between two sign-ins) is kept. */
export async function linkExternalIdentity(
  db: Db,
  row: { provider: string; subject: string; userId: string; email: string | null },
): Promise<void> {
  await db.insert(externalIdentities).values(row).onConflictDoNothing();
}
