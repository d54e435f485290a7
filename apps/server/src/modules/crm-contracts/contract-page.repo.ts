// What the contract page shows beyond the contract detail: its market's name and the terms the list row leaves out.

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { contracts, markets } from '../../db/schema/index.ts';

export async function contractPageTerms(db: Db, contractId: number) {
  const [row] = await db
    .select({
      marketName: sql<string>`coalesce(${markets.displayName}, ${markets.city})`,
      paymentTerms: contracts.paymentTerms,
      program: contracts.program,
      pricingPeriodStart: contracts.pricingPeriodStart,
      pricingPeriodEnd: contracts.pricingPeriodEnd,
      deferredPaymentDate: contracts.deferredPaymentDate,
    })
    .from(contracts)
    .innerJoin(markets, eq(markets.id, contracts.marketId))
    .where(eq(contracts.id, contractId));
  return row!;
}
