import { eq } from 'drizzle-orm';
import { enterpriseUsers, enterprises } from '../../db/schema/index.ts';
export async function listUserEnterprises(db, userId) {
    const rows = await db
        .select({ enterprise: enterprises })
        .from(enterpriseUsers)
        .innerJoin(enterprises, eq(enterprises.id, enterpriseUsers.enterpriseId))
        .where(eq(enterpriseUsers.userId, userId))
        .orderBy(enterprises.id);
    return rows.map((r) => r.enterprise);
}
