// One contract: its row (locked for an operation), pricing events, amendments and ticket applications, and the
// writes of an operation (new terms at the version read, moved pricing events, the amendment).

import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
import {
  contractAmendments,
  contracts,
  legalEntities,
  pricingEvents,
  scaleTickets,
  ticketApplications,
  users,
} from '../../db/schema/index.ts';
import { contractFields, type ContractRowData } from './crm-contracts.repo.ts';
import { termsSnapshotOf } from '../contract-writing/contract-writing.public.ts';

export async function findContract(db: Db, partnerId: string, contractId: number): Promise<ContractRowData | null> {
  const [row] = await db
    .select(contractFields)
    .from(contracts)
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(and(eq(contracts.id, contractId), eq(contracts.partnerId, partnerId)));
  return row ?? null;
}

/** The contract's row, locked until the transaction ends (operations read, check and write under it). */
export async function lockContract(db: Db, partnerId: string, contractId: number): Promise<ContractRowData | null> {
  const [row] = await db
    .select(contractFields)
    .from(contracts)
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(and(eq(contracts.id, contractId), eq(contracts.partnerId, partnerId)))
    .for('update', { of: contracts });
  return row ?? null;
}

export type PricingEventRow = typeof pricingEvents.$inferSelect;

export async function listPricingEvents(db: Db, contractId: number): Promise<PricingEventRow[]> {
  return db
    .select()
    .from(pricingEvents)
    .where(eq(pricingEvents.contractId, contractId))
    .orderBy(asc(pricingEvents.pricedAt), asc(pricingEvents.id));
}

export async function updatePricingEvent(
  db: Db,
  id: number,
  patch: { quantity?: string; futuresPrice: string | null; basis: string | null; cashPrice: string | null },
): Promise<void> {
  await db.update(pricingEvents).set(patch).where(eq(pricingEvents.id, id));
}

export type AmendmentRow = {
  id: number;
  displayContractAmendmentId: string;
  action: string;
  details: Record<string, unknown>;
  createdAt: Date;
  createdById: string | null;
  createdByFirst: string | null;
  createdByLast: string | null;
  createdByEmail: string | null;
};

const amendmentFields = {
  id: contractAmendments.id,
  displayContractAmendmentId: contractAmendments.displayContractAmendmentId,
  action: contractAmendments.action,
  details: contractAmendments.details,
  createdAt: contractAmendments.createdAt,
  createdById: users.id,
  createdByFirst: users.firstName,
  createdByLast: users.lastName,
  createdByEmail: users.email,
};

export async function listAmendments(db: Db, contractId: number): Promise<AmendmentRow[]> {
  return db
    .select(amendmentFields)
    .from(contractAmendments)
    .leftJoin(users, eq(users.id, contractAmendments.createdBy))
    .where(eq(contractAmendments.contractId, contractId))
    .orderBy(asc(contractAmendments.createdAt), asc(contractAmendments.id));
}

export async function countAmendments(db: Db, contractId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contractAmendments)
    .where(eq(contractAmendments.contractId, contractId));
  return Number(row?.n ?? 0);
}

export async function insertAmendment(
  db: Db,
  row: {
    contractId: number;
    displayContractAmendmentId: string;
    action: string;
    details: Record<string, unknown>;
    createdBy: string;
  },
): Promise<AmendmentRow> {
  // The contract's terms right after the change (its row was updated earlier in this transaction): the amendment's
  // PDF shows them, whatever changes later (decision 042, addendum).
  const [inserted] = await db
    .insert(contractAmendments)
    .values({ ...row, termsSnapshot: termsSnapshotOf(row.contractId) })
    .returning({ id: contractAmendments.id });
  if (!inserted) throw new Error('amendment insert returned nothing');
  const [full] = await db
    .select(amendmentFields)
    .from(contractAmendments)
    .leftJoin(users, eq(users.id, contractAmendments.createdBy))
    .where(eq(contractAmendments.id, inserted.id));
  if (!full) throw new Error('amendment not found after insert');
  return full;
}

export async function listTicketApplications(db: Db, contractId: number) {
  return db
    .select({
      id: ticketApplications.id,
      scaleTicketId: ticketApplications.scaleTicketId,
      displayScaleTicketId: scaleTickets.displayScaleTicketId,
      deliveryDate: scaleTickets.deliveryDate,
      quantity: ticketApplications.quantity,
      splitPct: ticketApplications.splitPct,
    })
    .from(ticketApplications)
    .innerJoin(scaleTickets, eq(scaleTickets.id, ticketApplications.scaleTicketId))
    .where(eq(ticketApplications.contractId, contractId))
    .orderBy(asc(scaleTickets.deliveryDate), asc(ticketApplications.id));
}

export type ContractTermsPatch = Partial<
  Pick<
    typeof contracts.$inferInsert,
    | 'cancelledQuantity'
    | 'status'
    | 'priceStatus'
    | 'pricedQuantity'
    | 'futuresPrice'
    | 'basis'
    | 'cashPrice'
    | 'optionMonth'
    | 'deliveryStart'
    | 'deliveryEnd'
    | 'termsHash'
    | 'deferredPaymentDate'
  >
>;

/** Writes new terms when the row is still at `version`; returns false when someone changed it first. */
export async function updateContractTerms(
  db: Db,
  contractId: number,
  version: number,
  patch: ContractTermsPatch,
): Promise<boolean> {
  const updated = await db
    .update(contracts)
    .set({ ...patch, version: sql`${contracts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(contracts.id, contractId), eq(contracts.version, version)))
    .returning({ id: contracts.id });
  return updated.length === 1;
}
