import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { partners } from '../../db/schema/index.ts';

/** Stores a partner's price notation; false when no partner has the id. */
export async function setPartnerPriceNotation(
  db: Db,
  partnerId: string,
  notation: { price: string; basis: string },
): Promise<boolean> {
  const rows = await db
    .update(partners)
    .set({ priceNotation: notation })
    .where(eq(partners.id, partnerId))
    .returning({ id: partners.id });
  return rows.length > 0;
}
