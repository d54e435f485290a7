import { partners } from '../../db/schema/index.ts';
export async function listPartners(db) {
    return db.select().from(partners).orderBy(partners.id);
}
