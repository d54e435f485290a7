import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ClientRecord, ContractRecord, ScaleTicketRecord } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import {
  contractAmendments,
  contractDocuments,
  contracts,
  legalEntities,
  pricingEvents,
  scaleTickets,
  ticketApplications,
  users,
} from '../../db/schema/index.ts';

// ---------------------------------------------------------------------------------------------------
// Lists

/** The row's client, as the rules read it (drizzle builds the nested object). */
const clientFields = {
  client: {
    id: legalEntities.id,
    name: legalEntities.name,
    area: legalEntities.area,
    estimatedYield: legalEntities.estimatedYield,
    contractedWithOther: legalEntities.contractedWithOther,
  },
};

/** The contract columns of a ContractRecord (the domain's facts for views and list rows). */
export const contractRecordFields = {
  id: contracts.id,
  clientId: contracts.clientId,
  marketId: contracts.marketId,
  cropId: contracts.cropId,
  cropYear: contracts.cropYear,
  displayContractId: contracts.displayContractId,
  contractType: contracts.contractType,
  direction: contracts.direction,
  status: contracts.status,
  quantity: contracts.quantity,
  deliveredQuantity: contracts.deliveredQuantity,
  cancelledQuantity: contracts.cancelledQuantity,
  pricedQuantity: contracts.pricedQuantity,
  deliveryStart: contracts.deliveryStart,
  deliveryEnd: contracts.deliveryEnd,
  optionMonth: contracts.optionMonth,
  futuresPrice: contracts.futuresPrice,
  basis: contracts.basis,
  cashPrice: contracts.cashPrice,
  priceStatus: contracts.priceStatus,
  offerPrice: contracts.offerPrice,
  strike: contracts.strike,
  callOptionFee: contracts.callOptionFee,
  expiration: contracts.expiration,
  description: contracts.description,
  specialty: contracts.specialty,
  mpOption: contracts.mpOption,
  esignEligible: contracts.esignEligible,
  esignSent: contracts.esignSent,
  signed: contracts.signed,
  signedTermsHash: contracts.signedTermsHash,
  termsHash: contracts.termsHash,
  contractDate: contracts.contractDate,
  lastTicketDate: contracts.lastTicketDate,
};

const contractFields = {
  ...contractRecordFields,
  quantityUnit: contracts.quantityUnit,
  version: contracts.version,
  ...clientFields,
};

const ticketFields = {
  id: scaleTickets.id,
  clientId: scaleTickets.clientId,
  marketId: scaleTickets.marketId,
  cropId: scaleTickets.cropId,
  cropYear: scaleTickets.cropYear,
  displayScaleTicketId: scaleTickets.displayScaleTicketId,
  deliveryDate: scaleTickets.deliveryDate,
  quantity: scaleTickets.quantity,
  weight: scaleTickets.weight,
  appliedQuantity: scaleTickets.appliedQuantity,
  unappliedQuantity: scaleTickets.unappliedQuantity,
  moisture: scaleTickets.moisture,
  testWeight: scaleTickets.testWeight,
  foreignMaterial: scaleTickets.foreignMaterial,
  damage: scaleTickets.damage,
  ...clientFields,
};

export type ContractRowData = ContractRecord & { client: ClientRecord; quantityUnit: string; version: number };
export type TicketRowData = ScaleTicketRecord & { client: ClientRecord };

/** One query of a list: WHERE (scope, filters, view rule, keyset), ORDER BY, LIMIT / OFFSET. */
export type ListSql = {
  where: SQL;
  orderBy: SQL[];
  limit: number;
  offset?: number;
};

/**
 * The ids of a page (the first of two phases): only the columns the WHERE and ORDER BY read, so that
 * PostgreSQL can answer from the covering index (contracts_market_list_idx) without the heap. The client
 * is joined only when the condition or the sort reads it.
 */
export async function selectContractIds(db: Db, q: ListSql & { joinClient: boolean }): Promise<number[]> {
  let query = db.select({ id: contracts.id }).from(contracts).$dynamic();
  if (q.joinClient) query = query.innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId));
  const rows = await query.where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset ?? 0);
  return rows.map((r) => r.id);
}

export async function selectTicketIds(db: Db, q: ListSql & { joinClient: boolean }): Promise<number[]> {
  let query = db.select({ id: scaleTickets.id }).from(scaleTickets).$dynamic();
  if (q.joinClient) query = query.innerJoin(legalEntities, eq(legalEntities.id, scaleTickets.clientId));
  const rows = await query.where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset ?? 0);
  return rows.map((r) => r.id);
}

const ID_CHUNK = 1000;

async function inChunks<T>(ids: number[], load: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) out.push(...(await load(ids.slice(i, i + ID_CHUNK))));
  return out;
}

/** The rows of some ids (the second phase), in the order of `ids`. */
export async function contractRowsByIds(db: Db, ids: number[]): Promise<ContractRowData[]> {
  const rows = await inChunks(ids, (chunk) =>
    db.select(contractFields).from(contracts).innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId)).where(inArray(contracts.id, chunk)),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ContractRowData => r !== undefined);
}

export async function ticketRowsByIds(db: Db, ids: number[]): Promise<TicketRowData[]> {
  const rows = await inChunks(ids, (chunk) =>
    db.select(ticketFields).from(scaleTickets).innerJoin(legalEntities, eq(legalEntities.id, scaleTickets.clientId)).where(inArray(scaleTickets.id, chunk)),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TicketRowData => r !== undefined);
}

/** Rows matching, counted up to `cap`: count(*) over a LIMITed sub-select, so it stops at the cap. */
export async function countCapped(db: Db, table: 'contracts' | 'scale_tickets', joinClient: boolean, where: SQL, cap: number): Promise<number> {
  const from = sql.raw(table);
  const join = joinClient ? sql.raw(` inner join legal_entities on legal_entities.id = ${table}.client_id`) : sql``;
  const result = (await db.execute(
    sql`select count(*)::int as n from (select 1 from ${from}${join} where ${where} limit ${cap}) as capped`,
  )) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export type DocumentExtra = { contractId: number; fileName: string; status: 'draft' | 'sent' | 'signed' | 'void'; createdOn: string };

/** Each contract's current document (its latest that is not void), with its creation day in `timeZone`. */
export async function currentDocuments(db: Db, contractIds: number[], timeZone: string): Promise<Map<number, DocumentExtra>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([contractDocuments.contractId], {
      contractId: contractDocuments.contractId,
      fileName: contractDocuments.fileName,
      status: contractDocuments.status,
      createdOn: sql<string>`((${contractDocuments.createdAt} at time zone ${timeZone}::text)::date)::text`,
    })
    .from(contractDocuments)
    .where(and(inArray(contractDocuments.contractId, contractIds), ne(contractDocuments.status, 'void')))
    .orderBy(contractDocuments.contractId, desc(contractDocuments.createdAt), desc(contractDocuments.id));
  return new Map(rows.map((r) => [r.contractId, r]));
}

/** Each contract's latest amendment display id. */
export async function latestAmendmentIds(db: Db, contractIds: number[]): Promise<Map<number, string>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([contractAmendments.contractId], {
      contractId: contractAmendments.contractId,
      displayId: contractAmendments.displayContractAmendmentId,
    })
    .from(contractAmendments)
    .where(inArray(contractAmendments.contractId, contractIds))
    .orderBy(contractAmendments.contractId, desc(contractAmendments.createdAt), desc(contractAmendments.id));
  return new Map(rows.map((r) => [r.contractId, r.displayId]));
}

/** The applications of some tickets with the cash price of the contract each went to. */
export async function ticketApplicationPrices(db: Db, ticketIds: number[]): Promise<{ scaleTicketId: number; quantity: string; cashPrice: string | null }[]> {
  if (ticketIds.length === 0) return [];
  return db
    .select({ scaleTicketId: ticketApplications.scaleTicketId, quantity: ticketApplications.quantity, cashPrice: contracts.cashPrice })
    .from(ticketApplications)
    .innerJoin(contracts, eq(contracts.id, ticketApplications.contractId))
    .where(inArray(ticketApplications.scaleTicketId, ticketIds));
}

/** Option months of a market's contracts (the list filter), optionally of some crops and years. */
export async function distinctOptionMonths(db: Db, partnerId: string, marketId: number, cropIds: number[], cropYears: number[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ optionMonth: contracts.optionMonth })
    .from(contracts)
    .where(
      and(
        eq(contracts.partnerId, partnerId),
        eq(contracts.marketId, marketId),
        sql`${contracts.optionMonth} is not null`,
        cropIds.length > 0 ? inArray(contracts.cropId, cropIds) : undefined,
        cropYears.length > 0 ? inArray(contracts.cropYear, cropYears) : undefined,
      ),
    )
    .orderBy(asc(contracts.optionMonth));
  return rows.map((r) => r.optionMonth).filter((m): m is string => m !== null);
}

// ---------------------------------------------------------------------------------------------------
// One contract

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
  return db.select().from(pricingEvents).where(eq(pricingEvents.contractId, contractId)).orderBy(asc(pricingEvents.pricedAt), asc(pricingEvents.id));
}

export async function updatePricingEvent(
  db: Db,
  id: number,
  patch: { futuresPrice: string | null; basis: string | null; cashPrice: string | null },
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
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contractAmendments).where(eq(contractAmendments.contractId, contractId));
  return Number(row?.n ?? 0);
}

export async function insertAmendment(
  db: Db,
  row: { contractId: number; displayContractAmendmentId: string; action: string; details: Record<string, unknown>; createdBy: string },
): Promise<AmendmentRow> {
  const [inserted] = await db.insert(contractAmendments).values(row).returning({ id: contractAmendments.id });
  if (!inserted) throw new Error('amendment insert returned nothing');
  const [full] = await db.select(amendmentFields).from(contractAmendments).leftJoin(users, eq(users.id, contractAmendments.createdBy)).where(eq(contractAmendments.id, inserted.id));
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
    | 'cancelledQuantity' | 'status' | 'priceStatus' | 'pricedQuantity' | 'futuresPrice' | 'basis' | 'cashPrice' | 'optionMonth'
    | 'deliveryStart' | 'deliveryEnd' | 'termsHash'
  >
>;

/** Writes new terms when the row is still at `version`; returns false when someone changed it first. */
export async function updateContractTerms(db: Db, contractId: number, version: number, patch: ContractTermsPatch): Promise<boolean> {
  const updated = await db
    .update(contracts)
    .set({ ...patch, version: sql`${contracts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(contracts.id, contractId), eq(contracts.version, version)))
    .returning({ id: contracts.id });
  return updated.length === 1;
}

// ---------------------------------------------------------------------------------------------------
// Documents

export type DocumentRow = {
  id: number;
  contractId: number;
  displayContractId: string;
  clientId: number;
  clientName: string;
  marketId: number;
  kind: string;
  fileName: string;
  status: 'draft' | 'sent' | 'signed' | 'void';
  sha256: string | null;
  createdAt: Date;
  signedAt: Date | null;
};

const documentFields = {
  id: contractDocuments.id,
  contractId: contractDocuments.contractId,
  displayContractId: contracts.displayContractId,
  clientId: contracts.clientId,
  clientName: legalEntities.name,
  marketId: contracts.marketId,
  kind: contractDocuments.kind,
  fileName: contractDocuments.fileName,
  status: contractDocuments.status,
  sha256: contractDocuments.sha256,
  createdAt: contractDocuments.createdAt,
  signedAt: contractDocuments.signedAt,
};

/** Documents of the partner's contracts at some markets, newest first (id order), keyset on the id. */
export async function listDocuments(
  db: Db,
  q: {
    partnerId: string;
    marketIds: number[];
    clientId: number | null;
    contractId: number | null;
    status: string | null;
    afterId: number | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: DocumentRow[]; where: SQL }> {
  const where = and(
    eq(contracts.partnerId, q.partnerId),
    inArray(contracts.marketId, q.marketIds),
    q.clientId !== null ? eq(contracts.clientId, q.clientId) : undefined,
    q.contractId !== null ? eq(contractDocuments.contractId, q.contractId) : undefined,
    q.status !== null ? eq(contractDocuments.status, q.status as DocumentRow['status']) : undefined,
  )!;
  const keyset = q.afterId !== null ? sql`${contractDocuments.id} < ${q.afterId}::bigint` : undefined;
  const rows = await db
    .select(documentFields)
    .from(contractDocuments)
    .innerJoin(contracts, eq(contracts.id, contractDocuments.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(and(where, keyset))
    .orderBy(desc(contractDocuments.id))
    .limit(q.limit)
    .offset(q.offset);
  return { rows, where };
}

export async function countDocuments(db: Db, where: SQL, cap: number): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from (select 1 from contract_documents inner join contracts on contracts.id = contract_documents.contract_id where ${where} limit ${cap}) as capped`,
  )) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export async function documentsOfContract(db: Db, contractId: number): Promise<DocumentRow[]> {
  return db
    .select(documentFields)
    .from(contractDocuments)
    .innerJoin(contracts, eq(contracts.id, contractDocuments.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(eq(contractDocuments.contractId, contractId))
    .orderBy(desc(contractDocuments.createdAt), desc(contractDocuments.id));
}

export async function findDocument(db: Db, partnerId: string, documentId: number): Promise<(DocumentRow & { content: string | null }) | null> {
  const [row] = await db
    .select({ ...documentFields, content: contractDocuments.content })
    .from(contractDocuments)
    .innerJoin(contracts, eq(contracts.id, contractDocuments.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(and(eq(contractDocuments.id, documentId), eq(contracts.partnerId, partnerId)));
  return row ?? null;
}
