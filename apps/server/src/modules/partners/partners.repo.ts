import type { Db } from '../../platform/db.ts';
import { partners } from '../../db/schema/index.ts';

export type PartnerRow = typeof partners.$inferSelect;

export async function listPartners(db: Db): Promise<PartnerRow[]> {
  return db.select().from(partners).orderBy(partners.id);
}
