// Applicator licences: the buyer's own (checkout's restricted-use products need one), and for the applicator page
// (platform.md 2.4) editing one and finding whose licences a super admin opened (/direct/applicator/:enterpriseId/:userId).

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { enterpriseUsers, enterprises, storeApplicatorLicences, storeCarts, users } from '../../db/schema/index.ts';

const licenceFields = {
  id: storeApplicatorLicences.id,
  holderName: storeApplicatorLicences.holderName,
  licenceNumber: storeApplicatorLicences.licenceNumber,
  jurisdiction: storeApplicatorLicences.jurisdiction,
  /** 'YYYY-MM-DD'. */
  expiresOn: storeApplicatorLicences.expiresOn,
};
export type LicenceRow = Pick<typeof storeApplicatorLicences.$inferSelect, keyof typeof licenceFields>;
type LicenceWrite = Pick<
  typeof storeApplicatorLicences.$inferInsert,
  'holderName' | 'licenceNumber' | 'jurisdiction' | 'expiresOn'
>;

export async function licencesOf(db: Db, userId: string): Promise<LicenceRow[]> {
  return db
    .select(licenceFields)
    .from(storeApplicatorLicences)
    .where(eq(storeApplicatorLicences.userId, userId))
    .orderBy(asc(storeApplicatorLicences.id));
}

export async function insertLicence(
  db: Db,
  userId: string,
  enterpriseId: number | null,
  l: LicenceWrite,
): Promise<LicenceRow> {
  const [row] = await db
    .insert(storeApplicatorLicences)
    .values({ userId, enterpriseId, ...l })
    .returning(licenceFields);
  return row!;
}

export async function deleteLicence(tx: Db, userId: string, id: number): Promise<boolean> {
  await tx
    .update(storeCarts)
    .set({ rupHolderId: null })
    .where(and(eq(storeCarts.rupHolderId, id), eq(storeCarts.userId, userId)));
  const rows = await tx
    .delete(storeApplicatorLicences)
    .where(and(eq(storeApplicatorLicences.id, id), eq(storeApplicatorLicences.userId, userId)))
    .returning({ id: storeApplicatorLicences.id });
  return rows.length > 0;
}

export async function updateLicence(db: Db, userId: string, id: number, l: LicenceWrite): Promise<LicenceRow | null> {
  const t = storeApplicatorLicences;
  const [row] = await db
    .update(t)
    .set(l)
    .where(and(eq(t.id, id), eq(t.userId, userId)))
    .returning(licenceFields);
  return row ?? null;
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length > 0;
}

/** The enterprise's internal id when the user is a member of the enterprise with that public id. */
export async function membershipByPublicId(db: Db, userId: string, enterprisePublicId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .innerJoin(enterpriseUsers, eq(enterpriseUsers.enterpriseId, enterprises.id))
    .where(and(eq(enterprises.publicId, enterprisePublicId), eq(enterpriseUsers.userId, userId)));
  return row?.id ?? null;
}
