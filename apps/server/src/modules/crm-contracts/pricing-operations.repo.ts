// The pricing operations' own records (docs/decisions/041): a contract's addenda, secondary obligations and their
// events, the partner's structured addenda names, the open positions and related contracts reads, and the farmer's
// pricing events and addenda.

import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
import {
  contractAddenda,
  contracts,
  pricingEvents,
  secondaryObligationEvents,
  secondaryObligations,
  structuredAddendaNames,
} from '../../db/schema/index.ts';

export async function insertPricingEvent(
  db: Db,
  row: {
    contractId: number;
    quantity: string;
    futuresPrice: string | null;
    basis: string | null;
    cashPrice: string | null;
  },
): Promise<number> {
  const [inserted] = await db.insert(pricingEvents).values(row).returning({ id: pricingEvents.id });
  if (!inserted) throw new Error('pricing event insert returned nothing');
  return inserted.id;
}

export type AddendumRecord = typeof contractAddenda.$inferSelect & { displayContractId: string };

const addendumFields = {
  id: contractAddenda.id,
  contractId: contractAddenda.contractId,
  kind: contractAddenda.kind,
  displayAddendumId: contractAddenda.displayAddendumId,
  quantity: contractAddenda.quantity,
  futuresPrice: contractAddenda.futuresPrice,
  basis: contractAddenda.basis,
  cashPrice: contractAddenda.cashPrice,
  name: contractAddenda.name,
  terms: contractAddenda.terms,
  pricingEventId: contractAddenda.pricingEventId,
  createdBy: contractAddenda.createdBy,
  createdAt: contractAddenda.createdAt,
  displayContractId: contracts.displayContractId,
};

export async function countAddenda(db: Db, contractId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contractAddenda).where(eq(contractAddenda.contractId, contractId));
  return Number(row?.n ?? 0);
}

export async function insertAddendum(db: Db, row: typeof contractAddenda.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(contractAddenda).values(row).returning({ id: contractAddenda.id });
  if (!inserted) throw new Error('addendum insert returned nothing');
  return inserted.id;
}

/** Addenda of some contracts, oldest first. */
export async function addendaOf(db: Db, contractIds: number[]): Promise<AddendumRecord[]> {
  if (contractIds.length === 0) return [];
  return db
    .select(addendumFields)
    .from(contractAddenda)
    .innerJoin(contracts, eq(contracts.id, contractAddenda.contractId))
    .where(inArray(contractAddenda.contractId, contractIds))
    .orderBy(asc(contractAddenda.contractId), asc(contractAddenda.id));
}

type ObligationRecord = typeof secondaryObligations.$inferSelect;
type ObligationEventRecord = typeof secondaryObligationEvents.$inferSelect;

export async function insertObligation(db: Db, row: typeof secondaryObligations.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(secondaryObligations).values(row).returning({ id: secondaryObligations.id });
  if (!inserted) throw new Error('obligation insert returned nothing');
  return inserted.id;
}

export async function lockObligation(
  db: Db,
  contractId: number,
  obligationId: number,
): Promise<ObligationRecord | null> {
  const [row] = await db
    .select()
    .from(secondaryObligations)
    .where(and(eq(secondaryObligations.id, obligationId), eq(secondaryObligations.contractId, contractId)))
    .for('update');
  return row ?? null;
}

export async function setObligationStatus(db: Db, obligationId: number, status: 'fulfilled' | 'cancelled') {
  await db.update(secondaryObligations).set({ status }).where(eq(secondaryObligations.id, obligationId));
}

export async function insertObligationEvent(db: Db, row: typeof secondaryObligationEvents.$inferInsert): Promise<void> {
  await db.insert(secondaryObligationEvents).values(row);
}

export async function obligationsOf(
  db: Db,
  contractId: number,
): Promise<(ObligationRecord & { events: ObligationEventRecord[] })[]> {
  const obligations = await db
    .select()
    .from(secondaryObligations)
    .where(eq(secondaryObligations.contractId, contractId))
    .orderBy(asc(secondaryObligations.id));
  if (obligations.length === 0) return [];
  const events = await db
    .select()
    .from(secondaryObligationEvents)
    .where(
      inArray(
        secondaryObligationEvents.obligationId,
        obligations.map((o) => o.id),
      ),
    )
    .orderBy(asc(secondaryObligationEvents.id));
  return obligations.map((o) => ({ ...o, events: events.filter((e) => e.obligationId === o.id) }));
}

export async function structuredAddendaNamesOf(db: Db, partnerId: string) {
  return db
    .select({
      id: structuredAddendaNames.id,
      name: structuredAddendaNames.name,
      description: structuredAddendaNames.description,
    })
    .from(structuredAddendaNames)
    .where(eq(structuredAddendaNames.partnerId, partnerId))
    .orderBy(asc(structuredAddendaNames.sortOrder), asc(structuredAddendaNames.name));
}

/** The structured addenda a partner starts with (seed): the common elevator programs. */
const DEFAULT_STRUCTURED_ADDENDA: readonly { name: string; description: string }[] = [
  { name: 'Accumulator', description: 'Bushels accumulate daily at a set price while futures stay within a range.' },
  { name: 'Average price', description: 'Futures averaged over a pricing window, priced daily in equal parts.' },
  { name: 'Seasonal premium', description: 'A premium per bushel for pricing within a season.' },
  { name: 'Min/max', description: 'A floor and a ceiling on the futures price, set by options.' },
  { name: 'Delivery flexibility', description: 'The delivery window may move by the agreed number of days.' },
];

export async function seedStructuredAddendaNames(db: Db, partnerId: string): Promise<void> {
  await db
    .insert(structuredAddendaNames)
    .values(DEFAULT_STRUCTURED_ADDENDA.map((n, i) => ({ partnerId, ...n, sortOrder: i })))
    .onConflictDoNothing();
}

type OpenPositionAggregate = {
  cropId: number;
  cropYear: number;
  optionMonth: string | null;
  contracts: number;
  undelivered: string;
  unpriced: string;
};

/**
 * Open positions of some markets: the open contracts of a direction summed by crop, crop year and futures month —
 * undelivered (quantity − cancelled − delivered, not below 0) and unpriced (quantity − cancelled − priced, not
 * below 0). An index-only scan of contracts_open_positions_idx (a partial index on open contracts).
 */
export async function openPositions(
  db: Db,
  partnerId: string,
  marketIds: number[],
  direction: 'purchase' | 'sale',
): Promise<OpenPositionAggregate[]> {
  if (marketIds.length === 0) return [];
  const open = sql`(${contracts.quantity} - ${contracts.cancelledQuantity})`;
  const rows = await db
    .select({
      cropId: contracts.cropId,
      cropYear: contracts.cropYear,
      optionMonth: contracts.optionMonth,
      contracts: sql<number>`count(*)::int`,
      undelivered: sql<string>`sum(greatest(${open} - ${contracts.deliveredQuantity}, 0))::text`,
      unpriced: sql<string>`sum(greatest(${open} - ${contracts.pricedQuantity}, 0))::text`,
    })
    .from(contracts)
    .where(
      and(
        inArray(contracts.marketId, marketIds),
        eq(contracts.status, 'open'),
        eq(contracts.direction, direction),
        eq(contracts.partnerId, partnerId),
      ),
    )
    .groupBy(contracts.cropId, contracts.cropYear, contracts.optionMonth)
    .orderBy(asc(contracts.cropId), desc(contracts.cropYear), asc(contracts.optionMonth));
  return rows;
}

/** The client's other contracts of the same crop and crop year (at most 100, newest first). */
export async function sameCropYearContracts(
  db: Db,
  partnerId: string,
  c: { id: number; clientId: number; cropId: number; cropYear: number },
  marketIds: number[],
) {
  if (marketIds.length === 0) return [];
  return db
    .select({
      id: contracts.id,
      clientId: contracts.clientId,
      displayContractId: contracts.displayContractId,
      contractType: contracts.contractType,
      direction: contracts.direction,
      cropId: contracts.cropId,
      cropYear: contracts.cropYear,
      optionMonth: contracts.optionMonth,
      status: contracts.status,
      priceStatus: contracts.priceStatus,
      quantity: contracts.quantity,
      cancelledQuantity: contracts.cancelledQuantity,
      deliveredQuantity: contracts.deliveredQuantity,
      pricedQuantity: contracts.pricedQuantity,
      cashPrice: contracts.cashPrice,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.clientId, c.clientId),
        eq(contracts.cropYear, c.cropYear),
        eq(contracts.cropId, c.cropId),
        eq(contracts.partnerId, partnerId),
        inArray(contracts.marketId, marketIds),
        ne(contracts.id, c.id),
      ),
    )
    .orderBy(desc(contracts.id))
    .limit(100);
}

/** Pricing events of some clients' contracts (the farmer's), newest first, at most 500. */
export async function pricingEventsOfClients(
  db: Db,
  clientIds: number[],
  contractId: number | null,
  id: number | null = null,
) {
  if (clientIds.length === 0) return [];
  return db
    .select({
      id: pricingEvents.id,
      contractId: pricingEvents.contractId,
      displayContractId: contracts.displayContractId,
      quantity: pricingEvents.quantity,
      futuresPrice: pricingEvents.futuresPrice,
      basis: pricingEvents.basis,
      cashPrice: pricingEvents.cashPrice,
      pricedAt: pricingEvents.pricedAt,
    })
    .from(pricingEvents)
    .innerJoin(contracts, eq(contracts.id, pricingEvents.contractId))
    .where(
      and(
        inArray(contracts.clientId, clientIds),
        contractId === null ? undefined : eq(contracts.id, contractId),
        id === null ? undefined : eq(pricingEvents.id, id),
      ),
    )
    .orderBy(desc(pricingEvents.pricedAt), desc(pricingEvents.id))
    .limit(500);
}

/** Addenda of some clients' contracts (the farmer's), newest first, at most 500. */
export async function addendaOfClients(
  db: Db,
  clientIds: number[],
  contractId: number | null,
  id: number | null = null,
) {
  if (clientIds.length === 0) return [];
  return db
    .select(addendumFields)
    .from(contractAddenda)
    .innerJoin(contracts, eq(contracts.id, contractAddenda.contractId))
    .where(
      and(
        inArray(contracts.clientId, clientIds),
        contractId === null ? undefined : eq(contracts.id, contractId),
        id === null ? undefined : eq(contractAddenda.id, id),
      ),
    )
    .orderBy(desc(contractAddenda.createdAt), desc(contractAddenda.id))
    .limit(500);
}
