// Contract documents: the partner's documents at some markets (keyset on the id), their count, a contract's
// documents, and one document with its content.

import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import { contractDocuments, contracts, legalEntities } from '../../db/schema/index.ts';

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
  // The inner join on contracts keeps only contract documents (an enrolment's has no contract, decision 016).
  contractId: contracts.id,
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
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from contract_documents inner join contracts on contracts.id = contract_documents.contract_id where ${where} limit ${cap}) as capped`,
    ),
  );
  return Number(row?.n ?? 0);
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

export async function findDocument(
  db: Db,
  partnerId: string,
  documentId: number,
): Promise<(DocumentRow & { content: string | null }) | null> {
  const [row] = await db
    .select({ ...documentFields, content: contractDocuments.content })
    .from(contractDocuments)
    .innerJoin(contracts, eq(contracts.id, contractDocuments.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(and(eq(contractDocuments.id, documentId), eq(contracts.partnerId, partnerId)));
  return row ?? null;
}
