// Applicator licences beyond what checkout needs (the applicator page, platform.md 2.4): editing one, and finding
// whose licences a super admin opened (/direct/applicator/:enterpriseId/:userId).

import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import type { LicenceRow } from './checkout.repo.ts';

export async function updateLicence(
  db: Db,
  userId: string,
  id: number,
  l: { holderName: string; licenceNumber: string; jurisdiction: string; expiresOn: string },
): Promise<LicenceRow | null> {
  return (
    rowsOf<LicenceRow>(
      await db.execute(sql`
        update store_applicator_licences
        set holder_name = ${l.holderName}, licence_number = ${l.licenceNumber}, jurisdiction = ${l.jurisdiction}, expires_on = ${l.expiresOn}::date
        where id = ${id} and user_id = ${userId}::uuid
        returning id, holder_name, licence_number, jurisdiction, to_char(expires_on, 'YYYY-MM-DD') as expires_on`),
    )[0] ?? null
  );
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from users where id = ${userId}::uuid`)).length > 0;
}

/** The enterprise's internal id when the user is a member of the enterprise with that public id. */
export async function membershipByPublicId(db: Db, userId: string, enterprisePublicId: string): Promise<number | null> {
  return (
    rowsOf<{ id: number }>(
      await db.execute(sql`
        select e.id from enterprises e join enterprise_users eu on eu.enterprise_id = e.id
        where e.public_id = ${enterprisePublicId}::uuid and eu.user_id = ${userId}::uuid`),
    )[0]?.id ?? null
  );
}
