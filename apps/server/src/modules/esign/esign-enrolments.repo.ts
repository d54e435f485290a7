// The e-signing tables' reads and writes for a sustainability enrolment, the second document kind (decisions 016
// and 059): a request and its document carry enrolment_id instead of contract_id.

import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  contractDocuments,
  crops,
  legalEntities,
  markets,
  signingRequests,
  sustainabilityEnrolments,
  sustainabilityPrograms,
  sustainabilitySurveys,
} from '../../db/schema/index.ts';
import { voidDocuments, type DocumentRow, type RequestRow } from './esign.repo.ts';

// ---------------------------------------------------------------------------------------------------
// Sustainability enrolments, the second document kind (decisions 016 and 059): a request and its document carry
// enrolment_id instead of contract_id; signing locks the enrolment row as a contract's signing locks the contract.

/** An enrolment as signing reads it: its terms, its program (window, premium), its client and market. */
export type EsignEnrolment = {
  id: number;
  programId: number;
  clientId: number;
  clientName: string;
  clientEnterpriseId: number | null;
  partnerId: string;
  marketName: string;
  programName: string;
  programStatus: 'draft' | 'open' | 'closed';
  enrolmentOpens: string;
  enrolmentCloses: string;
  cropName: string;
  cropYear: number;
  premium: string;
  premiumUnit: 'bushel' | 'acre';
  practices: string[];
  questions: (typeof sustainabilitySurveys.$inferSelect)['questions'];
  acres: string;
  answers: (typeof sustainabilityEnrolments.$inferSelect)['answers'];
  status: 'draft' | 'sent' | 'enrolled' | 'withdrawn';
  termsHash: string | null;
  marketCountry: 'USA' | 'CAN' | 'AUS';
  /** The program's cap on enrolled acres, null for none. */
  maxAcres: string | null;
};

function enrolmentQuery(db: Db) {
  return db
    .select({
      id: sustainabilityEnrolments.id,
      programId: sustainabilityEnrolments.programId,
      clientId: sustainabilityEnrolments.clientId,
      clientName: legalEntities.name,
      clientEnterpriseId: legalEntities.enterpriseId,
      partnerId: sustainabilityPrograms.partnerId,
      marketName: sql<string>`coalesce(${markets.displayName}, ${markets.city})`,
      programName: sustainabilityPrograms.name,
      programStatus: sustainabilityPrograms.status,
      enrolmentOpens: sustainabilityPrograms.enrolmentOpens,
      enrolmentCloses: sustainabilityPrograms.enrolmentCloses,
      cropName: crops.displayName,
      cropYear: sustainabilityPrograms.cropYear,
      premium: sustainabilityPrograms.premium,
      premiumUnit: sustainabilityPrograms.premiumUnit,
      practices: sustainabilityPrograms.practices,
      questions: sustainabilitySurveys.questions,
      acres: sustainabilityEnrolments.acres,
      answers: sustainabilityEnrolments.answers,
      status: sustainabilityEnrolments.status,
      termsHash: sustainabilityEnrolments.termsHash,
      marketCountry: markets.countryCode,
      maxAcres: sustainabilityPrograms.maxAcres,
    })
    .from(sustainabilityEnrolments)
    .innerJoin(sustainabilityPrograms, eq(sustainabilityPrograms.id, sustainabilityEnrolments.programId))
    .innerJoin(sustainabilitySurveys, eq(sustainabilitySurveys.id, sustainabilityEnrolments.surveyId))
    .innerJoin(legalEntities, eq(legalEntities.id, sustainabilityEnrolments.clientId))
    .innerJoin(markets, eq(markets.id, sustainabilityPrograms.marketId))
    .innerJoin(crops, eq(crops.id, sustainabilityPrograms.cropId));
}

export async function findEsignEnrolment(db: Db, enrolmentId: number): Promise<EsignEnrolment | null> {
  const [row] = await enrolmentQuery(db).where(eq(sustainabilityEnrolments.id, enrolmentId));
  return row ?? null;
}

/** The same, locked until the transaction ends (enrolment writes take turns with its signing). */
export async function lockEsignEnrolment(db: Db, enrolmentId: number): Promise<EsignEnrolment | null> {
  const [row] = await enrolmentQuery(db)
    .where(eq(sustainabilityEnrolments.id, enrolmentId))
    .for('update', { of: sustainabilityEnrolments });
  return row ?? null;
}

/**
 * The enrolment's program row locked until the transaction ends: signings of one program take turns, so two cannot
 * both take its last acres (locked before the enrolment, the order enrolment takes too).
 */
export async function lockEnrolmentProgram(db: Db, programId: number): Promise<void> {
  await db
    .select({ id: sustainabilityPrograms.id })
    .from(sustainabilityPrograms)
    .where(eq(sustainabilityPrograms.id, programId))
    .for('update');
}

/** The acres enrolled (signed) in the program by its other enrolments. */
export async function enrolledAcresExcept(db: Db, programId: number, enrolmentId: number): Promise<string> {
  const [row] = await db
    .select({ acres: sql<string>`coalesce(sum(${sustainabilityEnrolments.acres}), 0)::text` })
    .from(sustainabilityEnrolments)
    .where(
      and(
        eq(sustainabilityEnrolments.programId, programId),
        eq(sustainabilityEnrolments.status, 'enrolled'),
        sql`${sustainabilityEnrolments.id} <> ${enrolmentId}`,
      ),
    );
  return row?.acres ?? '0';
}

export async function insertEnrolmentDocument(
  db: Db,
  row: { enrolmentId: number; fileName: string; sha256: string },
): Promise<DocumentRow> {
  const [doc] = await db
    .insert(contractDocuments)
    .values({
      enrolmentId: row.enrolmentId,
      kind: 'enrolment',
      fileName: row.fileName,
      status: 'sent',
      sha256: row.sha256,
    })
    .returning();
  return doc!;
}

/** Voids the enrolment's open requests and their unsigned documents (sending again, a withdrawal). */
export async function voidOpenEnrolmentRequests(db: Db, enrolmentId: number): Promise<RequestRow[]> {
  const rows = await db
    .update(signingRequests)
    .set({ status: 'void' })
    .where(and(eq(signingRequests.enrolmentId, enrolmentId), inArray(signingRequests.status, ['sent', 'viewed'])))
    .returning();
  await voidDocuments(
    db,
    rows.map((r) => r.documentId),
  );
  return rows;
}

/** The enrolment's open request (sent or viewed, unexpired), the newest. */
export async function openEnrolmentRequest(db: Db, enrolmentId: number): Promise<RequestRow | null> {
  const [row] = await db
    .select()
    .from(signingRequests)
    .where(
      and(
        eq(signingRequests.enrolmentId, enrolmentId),
        inArray(signingRequests.status, ['sent', 'viewed']),
        gt(signingRequests.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id))
    .limit(1);
  return row ?? null;
}

/** The open requests of some enrolments (their signing links on the farmer's programs). */
export async function openRequestsOfEnrolments(db: Db, enrolmentIds: number[]): Promise<RequestRow[]> {
  if (enrolmentIds.length === 0) return [];
  return db
    .select()
    .from(signingRequests)
    .where(
      and(
        inArray(signingRequests.enrolmentId, enrolmentIds),
        inArray(signingRequests.status, ['sent', 'viewed']),
        gt(signingRequests.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id));
}

/** The signed enrolment: enrolled with the signature, only from sent (one conditional update). */
export async function setEnrolmentSigned(
  db: Db,
  enrolmentId: number,
  row: { userId: string | null; name: string; ip: string | null; userAgent: string | null; signedAt: Date },
): Promise<boolean> {
  const out = await db
    .update(sustainabilityEnrolments)
    .set({
      status: 'enrolled',
      signerUserId: row.userId,
      signerName: row.name,
      signedAt: row.signedAt,
      signedIp: row.ip,
      signedUserAgent: row.userAgent,
      updatedBy: row.userId,
      updatedAt: row.signedAt,
    })
    .where(and(eq(sustainabilityEnrolments.id, enrolmentId), eq(sustainabilityEnrolments.status, 'sent')))
    .returning({ id: sustainabilityEnrolments.id });
  return out.length > 0;
}

/** The open requests of the enrolments of clients onboarded as some enterprises (the signer's links). */
export async function openEnrolmentRequestsForEnterprises(
  db: Db,
  enterpriseIds: number[],
): Promise<{ request: RequestRow; programName: string; clientName: string }[]> {
  if (enterpriseIds.length === 0) return [];
  return db
    .select({ request: signingRequests, programName: sustainabilityPrograms.name, clientName: legalEntities.name })
    .from(signingRequests)
    .innerJoin(sustainabilityEnrolments, eq(sustainabilityEnrolments.id, signingRequests.enrolmentId))
    .innerJoin(sustainabilityPrograms, eq(sustainabilityPrograms.id, sustainabilityEnrolments.programId))
    .innerJoin(legalEntities, eq(legalEntities.id, sustainabilityEnrolments.clientId))
    .where(
      and(
        inArray(legalEntities.enterpriseId, enterpriseIds),
        eq(sustainabilityEnrolments.status, 'sent'),
        inArray(signingRequests.status, ['sent', 'viewed']),
        gt(signingRequests.expiresAt, sql`now()`),
        sql`${signingRequests.termsHash} is not distinct from ${sustainabilityEnrolments.termsHash}`,
      ),
    )
    .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id))
    .limit(100);
}
