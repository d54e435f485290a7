import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { enterpriseUsers, enterprises } from '../../db/schema/index.ts';

/** An enterprise of the user, with the user's membership: role and access flags (platform.md 3.3, 6.2). */
export type EnterpriseRow = typeof enterprises.$inferSelect & {
  memberRole: (typeof enterpriseUsers.$inferSelect)['role'];
  memberPermissions: string[];
};

export async function listUserEnterprises(db: Db, userId: string): Promise<EnterpriseRow[]> {
  const rows = await db
    .select({ enterprise: enterprises, role: enterpriseUsers.role, permissions: enterpriseUsers.permissions })
    .from(enterpriseUsers)
    .innerJoin(enterprises, eq(enterprises.id, enterpriseUsers.enterpriseId))
    .where(eq(enterpriseUsers.userId, userId))
    .orderBy(enterprises.id);
  return rows.map((r) => ({ ...r.enterprise, memberRole: r.role, memberPermissions: r.permissions }));
}
