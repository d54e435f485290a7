import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { enterpriseUsers, enterprises } from '../../db/schema/index.ts';

export type EnterpriseRow = typeof enterprises.$inferSelect;

export async function listUserEnterprises(db: Db, userId: string): Promise<EnterpriseRow[]> {
  const rows = await db
    .select({ enterprise: enterprises })
    .from(enterpriseUsers)
    .innerJoin(enterprises, eq(enterprises.id, enterpriseUsers.enterpriseId))
    .where(eq(enterpriseUsers.userId, userId))
    .orderBy(enterprises.id);
  return rows.map((r) => r.enterprise);
}
