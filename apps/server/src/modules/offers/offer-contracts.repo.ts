// The contract a filled offer becomes: the contract with its pricing event, and whether the client signs
// electronically (its number comes from the partner's sequence, contract writing's nextContractNumber). Runs inside
// the fill's transaction.

import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { contracts, legalEntities, pricingEvents } from '../../db/schema/index.ts';

export type NewContract = typeof contracts.$inferInsert;

export async function insertContract(
  db: Db,
  values: NewContract,
  pricing: { quantity: string; futuresPrice: string | null; basis: string | null; cashPrice: string; at: Date },
): Promise<{ id: number; displayContractId: string }> {
  const [row] = await db
    .insert(contracts)
    .values(values)
    .returning({ id: contracts.id, displayContractId: contracts.displayContractId });
  if (!row) throw new Error('contract insert returned nothing');
  await db.insert(pricingEvents).values({
    contractId: row.id,
    quantity: pricing.quantity,
    futuresPrice: pricing.futuresPrice,
    basis: pricing.basis,
    cashPrice: pricing.cashPrice,
    pricedAt: pricing.at,
  });
  return row;
}

export async function clientEsignEligible(db: Db, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ v: legalEntities.esignEligible })
    .from(legalEntities)
    .where(eq(legalEntities.id, clientId));
  return row?.v ?? false;
}
