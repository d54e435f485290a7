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

/** A partner's contract signing rules (issue 14); null when no partner has the id. */
export async function partnerContractSigningOf(
  db: Db,
  partnerId: string,
): Promise<{ amendmentsRequireSignature: boolean; programRequired: boolean } | null> {
  const [row] = await db
    .select({ settings: partners.contractSigning })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row ? { ...row.settings } : null;
}

export async function setPartnerContractSigning(
  db: Db,
  partnerId: string,
  settings: { amendmentsRequireSignature: boolean; programRequired: boolean },
): Promise<boolean> {
  const rows = await db
    .update(partners)
    .set({ contractSigning: settings })
    .where(eq(partners.id, partnerId))
    .returning({ id: partners.id });
  return rows.length > 0;
}
