import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';

/** Forgets an address's failed sign-ins (the soft lockout of login.service.ts counts them per e-mail). */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where key = ${`login-fail:${email.toLowerCase()}`}`);
}
