// Applicator licences beyond what checkout needs (the applicator page, platform.md 2.4): editing one, and finding
// whose licences a super admin opened (/direct/applicator/:enterpriseId/:userId).

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { enterpriseUsers, enterprises, storeApplicatorLicences, users } from '../../db/schema/index.ts';
import { licenceFields, type LicenceRow, type LicenceWrite } from './checkout.repo.ts';

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
