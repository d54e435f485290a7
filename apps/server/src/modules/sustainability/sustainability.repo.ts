// Sustainability programs, surveys and enrolments (decision 059): the only file of the module that reads or writes
// the database.

import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SustainabilityAnswer, SustainabilityQuestion } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import {
  clientMarkets,
  legalEntities,
  marketUserPermissions,
  markets,
  partners,
  sustainabilityEnrolments,
  sustainabilityPrograms,
  sustainabilitySurveys,
  users,
} from '../../db/schema/index.ts';

export type ProgramRow = typeof sustainabilityPrograms.$inferSelect & {
  surveyId: number;
  questions: SustainabilityQuestion[];
  marketDisplayName: string | null;
  marketCity: string;
  marketState: string;
  partnerName: string;
};

export type EnrolmentRow = typeof sustainabilityEnrolments.$inferSelect & { clientName: string };

const programFields = {
  program: sustainabilityPrograms,
  surveyId: sustainabilitySurveys.id,
  questions: sustainabilitySurveys.questions,
  marketDisplayName: markets.displayName,
  marketCity: markets.city,
  marketState: markets.administrativeAreaLevel1,
  partnerName: partners.displayName,
};

type ProgramSelect = {
  program: typeof sustainabilityPrograms.$inferSelect;
  surveyId: number;
  questions: SustainabilityQuestion[];
  marketDisplayName: string | null;
  marketCity: string;
  marketState: string;
  partnerName: string;
};

const flat = (r: ProgramSelect): ProgramRow => ({
  ...r.program,
  surveyId: r.surveyId,
  questions: r.questions,
  marketDisplayName: r.marketDisplayName,
  marketCity: r.marketCity,
  marketState: r.marketState,
  partnerName: r.partnerName,
});

async function selectPrograms(db: Db, where: SQL | undefined): Promise<ProgramRow[]> {
  const rows = await db
    .select(programFields)
    .from(sustainabilityPrograms)
    .innerJoin(sustainabilitySurveys, eq(sustainabilitySurveys.programId, sustainabilityPrograms.id))
    .innerJoin(markets, eq(markets.id, sustainabilityPrograms.marketId))
    .innerJoin(partners, eq(partners.id, sustainabilityPrograms.partnerId))
    .where(where)
    .orderBy(asc(sustainabilityPrograms.cropYear), asc(sustainabilityPrograms.name), asc(sustainabilityPrograms.id));
  return rows.map(flat);
}

/** The markets each client sells to (client_markets). */
export async function marketsOfClients(db: Db, clientIds: number[]): Promise<{ clientId: number; marketId: number }[]> {
  if (clientIds.length === 0) return [];
  return db
    .select({ clientId: clientMarkets.clientId, marketId: clientMarkets.marketId })
    .from(clientMarkets)
    .where(inArray(clientMarkets.clientId, clientIds));
}

/** Programs (not drafts) at these markets. */
export async function publishedProgramsAt(db: Db, marketIds: number[]): Promise<ProgramRow[]> {
  if (marketIds.length === 0) return [];
  return selectPrograms(
    db,
    and(inArray(sustainabilityPrograms.marketId, marketIds), sql`${sustainabilityPrograms.status} <> 'draft'`),
  );
}

/** Every program of a market (drafts included: the buyer's list). */
export function programsOfMarket(db: Db, marketId: number): Promise<ProgramRow[]> {
  return selectPrograms(db, eq(sustainabilityPrograms.marketId, marketId));
}

/** Every program of the markets (the buyer's filters). */
export function programsOfMarkets(db: Db, marketIds: number[]): Promise<ProgramRow[]> {
  if (marketIds.length === 0) return Promise.resolve([]);
  return selectPrograms(db, inArray(sustainabilityPrograms.marketId, marketIds));
}

export async function programBySurvey(db: Db, surveyId: number): Promise<ProgramRow | null> {
  const [row] = await selectPrograms(db, eq(sustainabilitySurveys.id, surveyId));
  return row ?? null;
}

export async function programById(db: Db, programId: number): Promise<ProgramRow | null> {
  const [row] = await selectPrograms(db, eq(sustainabilityPrograms.id, programId));
  return row ?? null;
}

const enrolmentFields = { enrolment: sustainabilityEnrolments, clientName: legalEntities.name };

function flatEnrolment(r: {
  enrolment: typeof sustainabilityEnrolments.$inferSelect;
  clientName: string;
}): EnrolmentRow {
  return { ...r.enrolment, clientName: r.clientName };
}

export async function enrolmentsOfClients(db: Db, clientIds: number[]): Promise<EnrolmentRow[]> {
  if (clientIds.length === 0) return [];
  const rows = await db
    .select(enrolmentFields)
    .from(sustainabilityEnrolments)
    .innerJoin(legalEntities, eq(legalEntities.id, sustainabilityEnrolments.clientId))
    .where(inArray(sustainabilityEnrolments.clientId, clientIds))
    .orderBy(asc(sustainabilityEnrolments.id));
  return rows.map(flatEnrolment);
}

/** One enrolment, locked for the request's transaction. */
export async function lockEnrolment(db: Db, id: number): Promise<EnrolmentRow | null> {
  const rows = await db
    .select(enrolmentFields)
    .from(sustainabilityEnrolments)
    .innerJoin(legalEntities, eq(legalEntities.id, sustainabilityEnrolments.clientId))
    .where(eq(sustainabilityEnrolments.id, id))
    .for('update', { of: sustainabilityEnrolments });
  return rows[0] ? flatEnrolment(rows[0]) : null;
}

export async function lockEnrolmentOf(db: Db, programId: number, clientId: number): Promise<EnrolmentRow | null> {
  const rows = await db
    .select(enrolmentFields)
    .from(sustainabilityEnrolments)
    .innerJoin(legalEntities, eq(legalEntities.id, sustainabilityEnrolments.clientId))
    .where(and(eq(sustainabilityEnrolments.programId, programId), eq(sustainabilityEnrolments.clientId, clientId)))
    .for('update', { of: sustainabilityEnrolments });
  return rows[0] ? flatEnrolment(rows[0]) : null;
}

/** Acres sent or enrolled in a program by other clients (the program's cap). */
export async function committedAcres(db: Db, programId: number, exceptClientId: number): Promise<string> {
  const [row] = await db
    .select({ acres: sql<string>`coalesce(sum(${sustainabilityEnrolments.acres}), 0)::text` })
    .from(sustainabilityEnrolments)
    .where(
      and(
        eq(sustainabilityEnrolments.programId, programId),
        sql`${sustainabilityEnrolments.clientId} <> ${exceptClientId}`,
        inArray(sustainabilityEnrolments.status, ['sent', 'enrolled']),
      ),
    );
  return row?.acres ?? '0';
}

export type EnrolmentWrite = {
  programId: number;
  surveyId: number;
  clientId: number;
  enterpriseId: number | null;
  answers: SustainabilityAnswer[];
  acres: string;
  termsHash: string;
  userId: string;
};

/** Saves the answers and acres as sent for signature (a new enrolment, or the client's earlier one of the program). */
/** The enrolment saved as sent (for signature) or as a draft (not sent: no terms hash, no sent time). */
export async function saveEnrolment(
  db: Db,
  w: EnrolmentWrite,
  now: Date,
  status: 'sent' | 'draft' = 'sent',
): Promise<number> {
  const values = {
    surveyId: w.surveyId,
    enterpriseId: w.enterpriseId,
    answers: w.answers,
    acres: w.acres,
    status,
    termsHash: status === 'sent' ? w.termsHash : null,
    sentAt: status === 'sent' ? now : null,
    signerUserId: null,
    signerName: null,
    signedAt: null,
    signedIp: null,
    signedUserAgent: null,
    withdrawnAt: null,
    updatedBy: w.userId,
    updatedAt: now,
  };
  const [row] = await db
    .insert(sustainabilityEnrolments)
    .values({ programId: w.programId, clientId: w.clientId, createdAt: now, ...values })
    .onConflictDoUpdate({
      target: [sustainabilityEnrolments.programId, sustainabilityEnrolments.clientId],
      set: values,
    })
    .returning({ id: sustainabilityEnrolments.id });
  return row!.id;
}

/**
 * Withdraws an enrolment still in the status it was read in (false, nothing written, when another request changed it
 * meanwhile: a signature landing between the read and the write is not overwritten).
 */
export async function markWithdrawn(
  db: Db,
  id: number,
  userId: string,
  now: Date,
  from: EnrolmentRow['status'],
): Promise<boolean> {
  const rows = await db
    .update(sustainabilityEnrolments)
    .set({ status: 'withdrawn', withdrawnAt: now, updatedBy: userId, updatedAt: now })
    .where(and(eq(sustainabilityEnrolments.id, id), eq(sustainabilityEnrolments.status, from)))
    .returning({ id: sustainabilityEnrolments.id });
  return rows.length > 0;
}

/** Locks a program's row: enrolments checking its acre cap take turns (two clients' last acres are not both let in). */
export async function lockProgram(db: Db, programId: number): Promise<void> {
  await db
    .select({ id: sustainabilityPrograms.id })
    .from(sustainabilityPrograms)
    .where(eq(sustainabilityPrograms.id, programId))
    .for('update');
}

export type LegalEntityFilter = {
  marketId: number;
  programId?: number | undefined;
  cropId?: number | undefined;
  cropYear?: number | undefined;
  status?: 'draft' | 'sent' | 'enrolled' | 'withdrawn' | undefined;
  clientId?: number | undefined;
};

export type MarketEnrolmentRow = EnrolmentRow & { programName: string; cropId: number; cropYear: number };

/** The enrolments of a market's programs (the buyer's list of enrolled legal entities). */
export async function enrolmentsOfMarket(db: Db, f: LegalEntityFilter): Promise<MarketEnrolmentRow[]> {
  const where = [eq(sustainabilityPrograms.marketId, f.marketId)];
  if (f.programId !== undefined) where.push(eq(sustainabilityPrograms.id, f.programId));
  if (f.cropId !== undefined) where.push(eq(sustainabilityPrograms.cropId, f.cropId));
  if (f.cropYear !== undefined) where.push(eq(sustainabilityPrograms.cropYear, f.cropYear));
  if (f.status !== undefined) where.push(eq(sustainabilityEnrolments.status, f.status));
  if (f.clientId !== undefined) where.push(eq(sustainabilityEnrolments.clientId, f.clientId));
  const rows = await db
    .select({
      ...enrolmentFields,
      programName: sustainabilityPrograms.name,
      cropId: sustainabilityPrograms.cropId,
      cropYear: sustainabilityPrograms.cropYear,
    })
    .from(sustainabilityEnrolments)
    .innerJoin(sustainabilityPrograms, eq(sustainabilityPrograms.id, sustainabilityEnrolments.programId))
    .innerJoin(legalEntities, eq(legalEntities.id, sustainabilityEnrolments.clientId))
    .where(and(...where))
    .orderBy(asc(legalEntities.name), asc(sustainabilityEnrolments.id));
  return rows.map((r) => ({
    ...flatEnrolment(r),
    programName: r.programName,
    cropId: r.cropId,
    cropYear: r.cropYear,
  }));
}

export type ProgramWrite = {
  partnerId: string;
  marketId: number;
  cropId: number;
  cropYear: number;
  name: string;
  description: string;
  premium: string;
  premiumUnit: 'bushel' | 'acre';
  practices: string[];
  enrolmentOpens: string;
  enrolmentCloses: string;
  maxAcres: string | null;
  status: 'draft' | 'open' | 'closed';
  questions: SustainabilityQuestion[];
  userId: string | null;
};

export async function insertProgram(db: Db, w: ProgramWrite): Promise<number> {
  const { questions, userId, ...program } = w;
  const [row] = await db
    .insert(sustainabilityPrograms)
    .values({ ...program, createdBy: userId })
    .returning({ id: sustainabilityPrograms.id });
  await db.insert(sustainabilitySurveys).values({ programId: row!.id, questions });
  return row!.id;
}

export async function updateProgram(db: Db, id: number, w: ProgramWrite, now: Date): Promise<void> {
  const { questions, userId: _userId, partnerId: _partnerId, marketId: _marketId, ...program } = w;
  await db
    .update(sustainabilityPrograms)
    .set({ ...program, updatedAt: now })
    .where(eq(sustainabilityPrograms.id, id));
  await db.update(sustainabilitySurveys).set({ questions }).where(eq(sustainabilitySurveys.programId, id));
}

/** Whether any enrolment of the program is sent or enrolled (its survey and terms are then fixed). */
export async function programHasEnrolments(db: Db, programId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sustainabilityEnrolments)
    .where(
      and(
        eq(sustainabilityEnrolments.programId, programId),
        inArray(sustainabilityEnrolments.status, ['sent', 'enrolled']),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** A client of the partner that sells to the market (client_markets), else null. */
export async function clientAtMarket(
  db: Db,
  partnerId: string,
  marketId: number,
  clientId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .innerJoin(clientMarkets, and(eq(clientMarkets.clientId, legalEntities.id), eq(clientMarkets.marketId, marketId)))
    .where(
      and(eq(legalEntities.id, clientId), eq(legalEntities.partnerId, partnerId), eq(legalEntities.kind, 'client')),
    );
  return row ?? null;
}

/** A client by name at a partner (the seed). */
export async function clientsOfMarketByName(
  db: Db,
  marketId: number,
  limit: number,
): Promise<{ id: number; name: string; enterpriseId: number | null }[]> {
  return db
    .select({ id: legalEntities.id, name: legalEntities.name, enterpriseId: legalEntities.enterpriseId })
    .from(legalEntities)
    .innerJoin(clientMarkets, and(eq(clientMarkets.clientId, legalEntities.id), eq(clientMarkets.marketId, marketId)))
    .where(and(eq(legalEntities.kind, 'client'), sql`${legalEntities.enterpriseId} is null`))
    .orderBy(asc(legalEntities.id))
    .limit(limit);
}

export async function marketBySlug(db: Db, partnerId: string, slug: string): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.partnerId, partnerId), eq(markets.slug, slug)));
  return row ?? null;
}

/** Inserts an enrolment as it stands (the seed's enrolled clients). */
export async function insertEnrolment(db: Db, values: typeof sustainabilityEnrolments.$inferInsert): Promise<void> {
  await db.insert(sustainabilityEnrolments).values(values);
}

/** The active users with permissions at a market (the caller keeps those who may see its enrolled clients). */
export async function marketUsers(db: Db, marketId: number): Promise<{ userId: string; permissions: string[] }[]> {
  return db
    .select({ userId: marketUserPermissions.userId, permissions: marketUserPermissions.permissions })
    .from(marketUserPermissions)
    .innerJoin(users, eq(users.id, marketUserPermissions.userId))
    .where(and(eq(marketUserPermissions.marketId, marketId), eq(users.status, 'active')));
}

/** A user's name and e-mail (the signer of an enrolment, for their notices). */
export async function userById(
  db: Db,
  id: string,
): Promise<{ id: string; email: string; firstName: string | null; lastName: string | null } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
