// The e-signing tables: contract_documents (crm.ts), signing_requests and document_files (bids.ts), and what a
// signing needs to read of the contract, its client's enterprise users and the notifications table.

import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  contractDocuments,
  contracts,
  crops,
  documentFiles,
  enterpriseUsers,
  legalEntities,
  contractAmendments,
  markets,
  partners,
  signingRequests,
  users,
} from '../../db/schema/index.ts';

/** A contract as signing reads it: its terms, e-sign flags, client (with the client's enterprise) and market. */
export type EsignContract = {
  id: number;
  partnerId: string;
  marketId: number;
  clientId: number;
  displayContractId: string;
  contractType: (typeof contracts.$inferSelect)['contractType'];
  direction: 'purchase' | 'sale';
  cropId: number;
  cropName: string;
  cropYear: number;
  status: 'open' | 'completed' | 'cancelled';
  quantity: string;
  quantityUnit: string;
  cancelledQuantity: string;
  deliveryStart: string;
  deliveryEnd: string;
  optionMonth: string | null;
  futuresPrice: string | null;
  basis: string | null;
  cashPrice: string | null;
  offerPrice: string | null;
  strike: string | null;
  callOptionFee: string | null;
  expiration: string | null;
  mpOption: string | null;
  esignEligible: boolean;
  esignSent: boolean;
  signed: boolean;
  termsHash: string | null;
  signedTermsHash: string | null;
  contractDate: string;
  clientName: string;
  clientEmail: string | null;
  clientEnterpriseId: number | null;
  program: string | null;
  marketName: string;
  marketCountry: 'USA' | 'CAN' | 'AUS';
};

const contractFields = {
  id: contracts.id,
  partnerId: contracts.partnerId,
  marketId: contracts.marketId,
  clientId: contracts.clientId,
  displayContractId: contracts.displayContractId,
  contractType: contracts.contractType,
  direction: contracts.direction,
  cropId: contracts.cropId,
  cropName: crops.displayName,
  cropYear: contracts.cropYear,
  status: contracts.status,
  quantity: contracts.quantity,
  quantityUnit: contracts.quantityUnit,
  cancelledQuantity: contracts.cancelledQuantity,
  deliveryStart: contracts.deliveryStart,
  deliveryEnd: contracts.deliveryEnd,
  optionMonth: contracts.optionMonth,
  futuresPrice: contracts.futuresPrice,
  basis: contracts.basis,
  cashPrice: contracts.cashPrice,
  offerPrice: contracts.offerPrice,
  strike: contracts.strike,
  callOptionFee: contracts.callOptionFee,
  expiration: contracts.expiration,
  mpOption: contracts.mpOption,
  esignEligible: contracts.esignEligible,
  esignSent: contracts.esignSent,
  signed: contracts.signed,
  termsHash: contracts.termsHash,
  signedTermsHash: contracts.signedTermsHash,
  contractDate: contracts.contractDate,
  clientName: legalEntities.name,
  clientEmail: legalEntities.emailAddress,
  clientEnterpriseId: legalEntities.enterpriseId,
  program: contracts.program,
  marketName: sql<string>`coalesce(${markets.displayName}, ${markets.city})`,
  marketCountry: markets.countryCode,
};

function contractQuery(db: Db) {
  return db
    .select(contractFields)
    .from(contracts)
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .innerJoin(markets, eq(markets.id, contracts.marketId))
    .innerJoin(crops, eq(crops.id, contracts.cropId));
}

/** A contract by id (any partner: the caller checks the scope). */
export async function findEsignContract(db: Db, contractId: number): Promise<EsignContract | null> {
  const [row] = await contractQuery(db).where(eq(contracts.id, contractId));
  return row ?? null;
}

/** The same, locked until the transaction ends (contract operations lock it too: signing and amending take turns). */
export async function lockEsignContract(db: Db, contractId: number): Promise<EsignContract | null> {
  const [row] = await contractQuery(db).where(eq(contracts.id, contractId)).for('update', { of: contracts });
  return row ?? null;
}

export type EnterpriseUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
};

/** The users onboarded on an enterprise (the client's farm), owners first. */
export async function enterpriseUsersOf(db: Db, enterpriseId: number): Promise<EnterpriseUser[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: enterpriseUsers.role,
    })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(users.status, 'active')))
    .orderBy(sql`${enterpriseUsers.role} <> 'owner'`, users.email);
}

export async function isEnterpriseUser(db: Db, enterpriseId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(enterpriseUsers)
    .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(enterpriseUsers.userId, userId)));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------------
// Documents and their files

export type DocumentRow = typeof contractDocuments.$inferSelect;
export type FileRow = Omit<typeof documentFiles.$inferSelect, 'content'>;

export async function insertDocument(
  db: Db,
  row: { contractId: number; fileName: string; sha256: string; amendmentId?: number | null },
): Promise<DocumentRow> {
  const [doc] = await db
    .insert(contractDocuments)
    .values({
      contractId: row.contractId,
      kind: row.amendmentId ? 'amendment' : 'contract',
      amendmentId: row.amendmentId ?? null,
      fileName: row.fileName,
      status: 'sent',
      sha256: row.sha256,
    })
    .returning();
  return doc!;
}

/** Earlier drafts and unsigned sent documents of the contract become void (a resend replaces them). */
export async function voidOpenDocuments(db: Db, contractId: number, keepId: number): Promise<void> {
  await db
    .update(contractDocuments)
    .set({ status: 'void' })
    .where(
      and(
        eq(contractDocuments.contractId, contractId),
        inArray(contractDocuments.status, ['draft', 'sent']),
        sql`${contractDocuments.id} <> ${keepId}`,
      ),
    );
}

export async function insertFile(
  db: Db,
  row: { documentId: number; kind: 'generated' | 'signed'; sha256: string; content: Buffer },
): Promise<void> {
  await db.insert(documentFiles).values({
    documentId: row.documentId,
    kind: row.kind,
    sha256: row.sha256,
    size: row.content.length,
    content: row.content,
  });
}

export async function findFile(
  db: Db,
  documentId: number,
  kind: 'generated' | 'signed',
): Promise<(FileRow & { content: Buffer }) | null> {
  const [row] = await db
    .select()
    .from(documentFiles)
    .where(and(eq(documentFiles.documentId, documentId), eq(documentFiles.kind, kind)))
    .orderBy(desc(documentFiles.id))
    .limit(1);
  return row ?? null;
}

export async function filesOf(db: Db, documentIds: number[]): Promise<FileRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .select({
      id: documentFiles.id,
      documentId: documentFiles.documentId,
      kind: documentFiles.kind,
      contentType: documentFiles.contentType,
      sha256: documentFiles.sha256,
      size: documentFiles.size,
      createdAt: documentFiles.createdAt,
    })
    .from(documentFiles)
    .where(inArray(documentFiles.documentId, documentIds))
    .orderBy(documentFiles.id);
}

/** A document with its contract's partner, market, client enterprise (for the access checks). */
export async function findDocumentScope(
  db: Db,
  documentId: number,
): Promise<{
  id: number;
  contractId: number;
  partnerId: string;
  marketId: number;
  clientEnterpriseId: number | null;
  fileName: string;
  status: string;
} | null> {
  const [row] = await db
    .select({
      id: contractDocuments.id,
      contractId: contracts.id,
      partnerId: contracts.partnerId,
      marketId: contracts.marketId,
      clientEnterpriseId: legalEntities.enterpriseId,
      fileName: contractDocuments.fileName,
      status: contractDocuments.status,
    })
    .from(contractDocuments)
    .innerJoin(contracts, eq(contracts.id, contractDocuments.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(eq(contractDocuments.id, documentId));
  return row ?? null;
}

export async function documentsOf(db: Db, contractId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(contractDocuments)
    .where(eq(contractDocuments.contractId, contractId))
    .orderBy(desc(contractDocuments.createdAt), desc(contractDocuments.id));
}

export async function markDocumentSigned(
  db: Db,
  documentId: number,
  row: { sha256: string; signedBy: string | null; signedAt: Date; signedIp: string | null },
): Promise<void> {
  await db
    .update(contractDocuments)
    .set({ status: 'signed', ...row })
    .where(eq(contractDocuments.id, documentId));
}

export async function markDocumentVoid(db: Db, documentId: number): Promise<void> {
  await db
    .update(contractDocuments)
    .set({ status: 'void' })
    .where(and(eq(contractDocuments.id, documentId), eq(contractDocuments.status, 'sent')));
}

// ---------------------------------------------------------------------------------------------------
// Signing requests

export type RequestRow = typeof signingRequests.$inferSelect;

export async function insertRequest(
  db: Db,
  row: Partial<Pick<RequestRow, 'contractId' | 'enrolmentId'>> &
    Pick<
      RequestRow,
      | 'documentId'
      | 'provider'
      | 'tokenHash'
      | 'termsHash'
      | 'sentBy'
      | 'expiresAt'
      | 'signerUserId'
      | 'signerEmail'
      | 'signerName'
    >,
): Promise<RequestRow> {
  const [out] = await db.insert(signingRequests).values(row).returning();
  return out!;
}

export async function setExternalId(db: Db, requestId: number, externalId: string): Promise<void> {
  await db.update(signingRequests).set({ externalId }).where(eq(signingRequests.id, requestId));
}

/** Voids the contract's open requests (sent or viewed); answers the voided ones. */
export async function voidOpenRequests(db: Db, contractId: number): Promise<RequestRow[]> {
  return db
    .update(signingRequests)
    .set({ status: 'void' })
    .where(and(eq(signingRequests.contractId, contractId), inArray(signingRequests.status, ['sent', 'viewed'])))
    .returning();
}

export async function voidRequest(db: Db, requestId: number): Promise<void> {
  await db
    .update(signingRequests)
    .set({ status: 'void' })
    .where(and(eq(signingRequests.id, requestId), inArray(signingRequests.status, ['sent', 'viewed'])));
}

export async function findRequestByTokenHash(db: Db, tokenHash: string): Promise<RequestRow | null> {
  const [row] = await db.select().from(signingRequests).where(eq(signingRequests.tokenHash, tokenHash));
  return row ?? null;
}

export async function findRequest(db: Db, requestId: number): Promise<RequestRow | null> {
  const [row] = await db.select().from(signingRequests).where(eq(signingRequests.id, requestId));
  return row ?? null;
}

export async function latestRequest(
  db: Db,
  contractId: number,
): Promise<(RequestRow & { sentByName: string | null }) | null> {
  const [row] = await db
    .select({
      request: signingRequests,
      sentByName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
    })
    .from(signingRequests)
    .leftJoin(users, eq(users.id, signingRequests.sentBy))
    .where(eq(signingRequests.contractId, contractId))
    .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id))
    .limit(1);
  return row ? { ...row.request, sentByName: row.sentByName } : null;
}

/** The latest signed request of a contract (who signed, when). */
export async function latestSignedRequest(db: Db, contractId: number): Promise<RequestRow | null> {
  const [row] = await db
    .select()
    .from(signingRequests)
    .where(and(eq(signingRequests.contractId, contractId), eq(signingRequests.status, 'signed')))
    .orderBy(desc(signingRequests.completedAt), desc(signingRequests.id))
    .limit(1);
  return row ?? null;
}

export async function markViewed(db: Db, requestId: number): Promise<void> {
  await db
    .update(signingRequests)
    .set({ status: 'viewed', viewedAt: new Date() })
    .where(and(eq(signingRequests.id, requestId), eq(signingRequests.status, 'sent')));
}

/**
 * The one conditional update that decides a signing: only a request still open (sent or viewed, unexpired) becomes
 * signed; of two tabs signing at once exactly one gets the row back.
 */
export async function completeRequest(
  db: Db,
  requestId: number,
  row: {
    signerUserId: string | null;
    signerName: string;
    signerEmail: string | null;
    signedIp: string | null;
    signedUserAgent: string | null;
    completedAt: Date;
  },
): Promise<RequestRow | null> {
  const [out] = await db
    .update(signingRequests)
    .set({ status: 'signed', ...row })
    .where(
      and(
        eq(signingRequests.id, requestId),
        inArray(signingRequests.status, ['sent', 'viewed']),
        gt(signingRequests.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return out ?? null;
}

/** The open requests of the contracts of clients onboarded as some enterprises (the signer's links). */
export async function openRequestsForEnterprises(
  db: Db,
  enterpriseIds: number[],
): Promise<{ request: RequestRow; displayContractId: string; clientName: string; amendmentId: number | null }[]> {
  if (enterpriseIds.length === 0) return [];
  return db
    .select({
      request: signingRequests,
      displayContractId: contracts.displayContractId,
      clientName: legalEntities.name,
      amendmentId: contractDocuments.amendmentId,
    })
    .from(signingRequests)
    .innerJoin(contractDocuments, eq(contractDocuments.id, signingRequests.documentId))
    .innerJoin(contracts, eq(contracts.id, signingRequests.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(
      and(
        inArray(legalEntities.enterpriseId, enterpriseIds),
        inArray(signingRequests.status, ['sent', 'viewed']),
        gt(signingRequests.expiresAt, sql`now()`),
        sql`${signingRequests.termsHash} is not distinct from ${contracts.termsHash}`,
      ),
    )
    .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id))
    .limit(100);
}

export async function enterpriseIdsOfUser(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: enterpriseUsers.enterpriseId })
    .from(enterpriseUsers)
    .where(eq(enterpriseUsers.userId, userId));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------
// The contract's flags

export async function setEsignSent(db: Db, contractId: number, termsHash: string | null): Promise<void> {
  await db
    .update(contracts)
    .set({ esignSent: true, updatedAt: new Date(), ...(termsHash !== null ? { termsHash } : {}) })
    .where(eq(contracts.id, contractId));
}

/** Signed, with the hash of the terms signed (a later amendment changes terms_hash: signature_mismatch). */
export async function setContractSigned(db: Db, contractId: number, signedTermsHash: string): Promise<void> {
  await db
    .update(contracts)
    .set({ signed: true, signedTermsHash, updatedAt: new Date() })
    .where(eq(contracts.id, contractId));
}

// ---------------------------------------------------------------------------------------------------
// Contract signing settings and amendments (issue 14, decision 042)

export type ContractSigningSettings = { amendmentsRequireSignature: boolean; programRequired: boolean };

/** The partner's contract signing rules (partners.contract_signing; the defaults when the partner has none). */
export async function signingSettingsOf(db: Db, partnerId: string): Promise<ContractSigningSettings> {
  const [row] = await db
    .select({ settings: partners.contractSigning })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return {
    amendmentsRequireSignature: row?.settings.amendmentsRequireSignature ?? true,
    programRequired: row?.settings.programRequired ?? false,
  };
}

export type AmendmentRecord = typeof contractAmendments.$inferSelect;

export async function findAmendment(db: Db, amendmentId: number): Promise<AmendmentRecord | null> {
  const [row] = await db.select().from(contractAmendments).where(eq(contractAmendments.id, amendmentId));
  return row ?? null;
}

/** The contract's amendments, oldest first (their numbers follow). */
export async function amendmentsOf(db: Db, contractId: number): Promise<AmendmentRecord[]> {
  return db
    .select()
    .from(contractAmendments)
    .where(eq(contractAmendments.contractId, contractId))
    .orderBy(contractAmendments.createdAt, contractAmendments.id);
}

/** The contract's voided open requests' documents become void too (the buyer withdrew the signing). */
export async function voidDocuments(db: Db, documentIds: number[]): Promise<void> {
  if (documentIds.length === 0) return;
  await db
    .update(contractDocuments)
    .set({ status: 'void' })
    .where(and(inArray(contractDocuments.id, documentIds), inArray(contractDocuments.status, ['draft', 'sent'])));
}

/** Clears eSignSent after a void: the contract is back among those needing a signature. */
export async function clearEsignSent(db: Db, contractId: number): Promise<void> {
  await db.update(contracts).set({ esignSent: false, updatedAt: new Date() }).where(eq(contracts.id, contractId));
}
