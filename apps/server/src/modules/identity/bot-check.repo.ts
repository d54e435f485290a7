import type { Db } from '../../platform/db.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';

/**
 * Records a used bot-check challenge (by its signature) until it expires; false when it was already
 * recorded. Atomic (insert … on conflict do nothing), so two requests racing with one token can't both
 * pass. Kept in rate_limit_counters, whose expired rows are purged with the other counters.
 */
export async function markChallengeUsed(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(rateLimitCounters)
    .values({ key: `bot-check-used:${signature}`, count: 1, windowEndsAt: expiresAt })
    .onConflictDoNothing()
    .returning({ key: rateLimitCounters.key });
  return rows.length === 1;
}
