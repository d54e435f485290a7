// The contract a filled offer becomes: the partner's next contract number, the contract with its pricing event, and
// whether the client signs electronically. Runs inside the fill's transaction.

import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import { contracts, legalEntities, pricingEvents } from '../../db/schema/index.ts';

export type NewContract = typeof contracts.$inferInsert;

/**
 * The partner's next contract number, in the one sequence its contracts share (C-100001, C-100002, …): a
 * filled offer is a contract like any other. A transaction-scoped advisory lock per partner keeps two fills
 * at once from taking the same number; the numbers are 'C-' and six or more digits, so the longest, then
 * greatest, is the highest.
 */
export async function nextContractNumber(db: Db, partnerId: string): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contract-number:${partnerId}`}, 0))`);
  const rows = await db.execute<{ last: string | null }>(sql`
    select display_contract_id as last from contracts
    where partner_id = ${partnerId} and display_contract_id ~ '^C-[0-9]+$'
    order by length(display_contract_id) desc, display_contract_id desc
    limit 1`);
  const last = rowsOf<{ last: string | null }>(rows)[0]?.last ?? null;
  return `C-${last ? BigInt(last.slice(2)) + 1n : 100001n}`;
}

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
