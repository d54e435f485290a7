import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from './users.repo.ts';

/** Active users who verified this phone number (E.164); at most `limit` (two tell "shared" from "one"). */
export async function findActiveUsersByPhone(db: Db, normalizedPhone: string, limit = 2): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.normalizedPhoneNumber, normalizedPhone),
        eq(users.status, 'active'),
        isNotNull(users.phoneVerifiedAt),
      ),
    )
    .limit(limit);
}
