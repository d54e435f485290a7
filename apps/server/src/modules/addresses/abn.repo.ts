// The ABN records kept on Australian farm businesses, and the farm business an Australian account creation writes.

import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { enterpriseAbns, enterpriseUsers, enterprises } from '../../db/schema/index.ts';
import type { AbnRegisterRecord } from './abn-register.ts';

export async function abnOfEnterprise(db: Db, enterpriseId: number): Promise<AbnRegisterRecord | null> {
  const [row] = await db
    .select({
      abn: enterpriseAbns.abn,
      entityName: enterpriseAbns.entityName,
      state: enterpriseAbns.state,
      postalCode: enterpriseAbns.postalCode,
      gst: enterpriseAbns.gst,
      isActive: enterpriseAbns.isActive,
    })
    .from(enterpriseAbns)
    .where(eq(enterpriseAbns.enterpriseId, enterpriseId));
  return row ?? null;
}

/** The farm business holding an ABN, or null. */
export async function enterpriseOfAbn(db: Db, abn: string): Promise<{ id: number; publicId: string } | null> {
  const [row] = await db
    .select({ id: enterprises.id, publicId: enterprises.publicId })
    .from(enterpriseAbns)
    .innerJoin(enterprises, eq(enterprises.id, enterpriseAbns.enterpriseId))
    .where(eq(enterpriseAbns.abn, abn));
  return row ?? null;
}

/** An Australian farm business named as the register names it, its owner and its ABN record. */
export async function insertAustralianEnterprise(
  db: Db,
  ownerId: string,
  record: AbnRegisterRecord,
): Promise<{ id: number; publicId: string }> {
  const [e] = await db
    .insert(enterprises)
    .values({ name: record.entityName, countryCode: 'AUS', administrativeAreaLevel1: record.state })
    .returning({ id: enterprises.id, publicId: enterprises.publicId });
  await db.insert(enterpriseUsers).values({ enterpriseId: e!.id, userId: ownerId, role: 'owner' });
  await db.insert(enterpriseAbns).values({
    enterpriseId: e!.id,
    abn: record.abn,
    entityName: record.entityName,
    state: record.state,
    postalCode: record.postalCode,
    gst: record.gst,
    isActive: record.isActive,
  });
  return e!;
}
