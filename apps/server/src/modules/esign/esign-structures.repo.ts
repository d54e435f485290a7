// The e-signing tables' reads and writes for a structure's confirmation, the third document kind (decision 016's
// addendum, issue 18 'trade'): the request and its document carry neither a contract nor an enrolment, and
// structure_confirmations links them to the structure; signing locks the structure row as a contract's signing locks
// the contract, and moves it from pending_signature to live.

import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  contractDocuments,
  crops,
  legalEntities,
  markets,
  signingRequests,
  structureConfirmations,
  structures,
} from '../../db/schema/index.ts';
import { voidDocuments, type DocumentRow, type RequestRow } from './esign.repo.ts';

/** A structure as its confirmation reads it: its terms, client (with the client's enterprise), market and crop. */
export type EsignStructure = {
  id: number;
  partnerId: string;
  marketId: number;
  marketName: string;
  marketCountry: 'USA' | 'CAN' | 'AUS';
  clientId: number;
  clientName: string;
  clientEnterpriseId: number | null;
  status: (typeof structures.$inferSelect)['status'];
  kind: (typeof structures.$inferSelect)['kind'];
  side: 'sale' | 'purchase';
  cropName: string;
  cropYear: number;
  futuresSymbol: string;
  optionMonth: string;
  input: Record<string, unknown>;
  terms: (typeof structures.$inferSelect)['terms'];
  quantity: string;
  fee: string;
  startDate: string;
  endDate: string;
  version: number;
};

function structureQuery(db: Db) {
  return db
    .select({
      id: structures.id,
      partnerId: structures.partnerId,
      marketId: structures.marketId,
      marketName: sql<string>`coalesce(${markets.displayName}, ${markets.city})`,
      marketCountry: markets.countryCode,
      clientId: structures.clientLegalEntityId,
      clientName: legalEntities.name,
      clientEnterpriseId: legalEntities.enterpriseId,
      status: structures.status,
      kind: structures.kind,
      side: structures.side,
      cropName: crops.displayName,
      cropYear: structures.cropYear,
      futuresSymbol: structures.futuresSymbol,
      optionMonth: structures.optionMonth,
      input: structures.input,
      terms: structures.terms,
      quantity: structures.quantity,
      fee: structures.fee,
      startDate: structures.startDate,
      endDate: structures.endDate,
      version: structures.version,
    })
    .from(structures)
    .innerJoin(legalEntities, eq(legalEntities.id, structures.clientLegalEntityId))
    .innerJoin(markets, eq(markets.id, structures.marketId))
    .innerJoin(crops, eq(crops.id, structures.cropId));
}

export async function findEsignStructure(db: Db, structureId: number): Promise<EsignStructure | null> {
  const [row] = await structureQuery(db).where(eq(structures.id, structureId));
  return row ?? null;
}

/** The same, locked until the transaction ends (the structure's own writes lock it too: they take turns). */
export async function lockEsignStructure(db: Db, structureId: number): Promise<EsignStructure | null> {
  const [row] = await structureQuery(db).where(eq(structures.id, structureId)).for('update', { of: structures });
  return row ?? null;
}

/** The structure a request confirms, or null (a contract's or an enrolment's request). */
export async function structureIdOfRequest(db: Db, requestId: number): Promise<number | null> {
  const [row] = await db
    .select({ structureId: structureConfirmations.structureId })
    .from(structureConfirmations)
    .where(eq(structureConfirmations.requestId, requestId));
  return row?.structureId ?? null;
}

export async function insertStructureDocument(db: Db, row: { fileName: string; sha256: string }): Promise<DocumentRow> {
  const [doc] = await db
    .insert(contractDocuments)
    .values({ kind: 'structure', fileName: row.fileName, status: 'sent', sha256: row.sha256 })
    .returning();
  return doc!;
}

export async function linkConfirmation(
  db: Db,
  row: { requestId: number; documentId: number; structureId: number },
): Promise<void> {
  await db.insert(structureConfirmations).values(row);
}

/** Voids the structure's open requests and their unsigned documents (sending again, a cancelled quote). */
export async function voidOpenStructureRequests(db: Db, structureId: number): Promise<RequestRow[]> {
  const open = db
    .select({ id: structureConfirmations.requestId })
    .from(structureConfirmations)
    .where(eq(structureConfirmations.structureId, structureId));
  const rows = await db
    .update(signingRequests)
    .set({ status: 'void' })
    .where(and(inArray(signingRequests.id, open), inArray(signingRequests.status, ['sent', 'viewed'])))
    .returning();
  await voidDocuments(
    db,
    rows.map((r) => r.documentId),
  );
  return rows;
}

/** The structure's latest request (any status), the newest first: what the CRM detail shows of the confirmation. */
export async function latestStructureRequest(db: Db, structureId: number): Promise<RequestRow | null> {
  const [row] = await db
    .select({ request: signingRequests })
    .from(structureConfirmations)
    .innerJoin(signingRequests, eq(signingRequests.id, structureConfirmations.requestId))
    .where(eq(structureConfirmations.structureId, structureId))
    .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id))
    .limit(1);
  return row?.request ?? null;
}

/** The open confirmation requests of the structures of clients onboarded as some enterprises (the signer's links). */
export async function openStructureRequestsForEnterprises(
  db: Db,
  enterpriseIds: number[],
): Promise<{ request: RequestRow; structureId: number; clientName: string; cropName: string }[]> {
  if (enterpriseIds.length === 0) return [];
  return db
    .select({
      request: signingRequests,
      structureId: structures.id,
      clientName: legalEntities.name,
      cropName: crops.displayName,
    })
    .from(structureConfirmations)
    .innerJoin(signingRequests, eq(signingRequests.id, structureConfirmations.requestId))
    .innerJoin(structures, eq(structures.id, structureConfirmations.structureId))
    .innerJoin(legalEntities, eq(legalEntities.id, structures.clientLegalEntityId))
    .innerJoin(crops, eq(crops.id, structures.cropId))
    .where(
      and(
        inArray(legalEntities.enterpriseId, enterpriseIds),
        eq(structures.status, 'pending_signature'),
        inArray(signingRequests.status, ['sent', 'viewed']),
        gt(signingRequests.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id))
    .limit(100);
}

/** The signed confirmation: the structure live, only from pending_signature (one conditional update). */
export async function setStructureSigned(db: Db, structureId: number, signedAt: Date): Promise<boolean> {
  const out = await db
    .update(structures)
    .set({ status: 'live', version: sql`${structures.version} + 1`, updatedAt: signedAt })
    .where(and(eq(structures.id, structureId), eq(structures.status, 'pending_signature')))
    .returning({ id: structures.id });
  return out.length > 0;
}
