import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  enterpriseAgronomics,
  enterpriseFields,
  enterpriseSubscriptions,
  enterpriseUsers,
  enterprises,
  legalEntities,
  partners,
  sessions,
  storeOrders,
  storeReferralCodes,
  users,
} from '../../db/schema/index.ts';

const enterpriseFieldsList = {
  id: enterprises.id,
  publicId: enterprises.publicId,
  name: enterprises.name,
  countryCode: enterprises.countryCode,
  administrativeAreaLevel1: enterprises.administrativeAreaLevel1,
  facts: enterprises.facts,
  crops: enterprises.crops,
  softwareTools: enterprises.softwareTools,
  plantingMonitorBrands: enterprises.plantingMonitorBrands,
  harvestMonitorBrands: enterprises.harvestMonitorBrands,
  applicationMonitorBrands: enterprises.applicationMonitorBrands,
  acresEstimate: enterprises.acresEstimate,
  areaEstimate: enterprises.areaEstimate,
  areaEstimateUnits: enterprises.areaEstimateUnits,
  validForBilling: enterprises.validForBilling,
  selectiveFeatures: enterprises.selectiveFeatures,
  qualifyingAnswers: enterprises.qualifyingAnswers,
  businessUnits: enterprises.businessUnits,
  qualifyingQuestionsHidden: enterprises.qualifyingQuestionsHidden,
};
export type EnterpriseRow = Pick<typeof enterprises.$inferSelect, keyof typeof enterpriseFieldsList>;

export async function enterpriseById(db: Db, id: number, lock = false): Promise<EnterpriseRow | null> {
  const query = db.select(enterpriseFieldsList).from(enterprises).where(eq(enterprises.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * An enterprise named by its public id (a uuid) or its numeric (legacy) id, as the calls that take either name it
 * (the team's, billing's); null when there is none or the id is neither.
 */
export async function enterpriseByAnyId(
  db: Db,
  anyId: string,
): Promise<{ id: number; publicId: string; name: string } | null> {
  const where = /^\d{1,9}$/.test(anyId)
    ? eq(enterprises.id, Number(anyId))
    : /^[0-9a-f-]{36}$/i.test(anyId)
      ? eq(enterprises.publicId, anyId)
      : null;
  if (!where) return null;
  const [row] = await db
    .select({ id: enterprises.id, publicId: enterprises.publicId, name: enterprises.name })
    .from(enterprises)
    .where(where)
    .limit(1);
  return row ?? null;
}

export async function enterpriseIdByPublicId(db: Db, publicId: string): Promise<number | null> {
  const [row] = await db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.publicId, publicId));
  return row?.id ?? null;
}

export async function membershipOf(db: Db, enterpriseId: number, userId: string) {
  const [row] = await db
    .select({ role: enterpriseUsers.role, permissions: enterpriseUsers.permissions })
    .from(enterpriseUsers)
    .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(enterpriseUsers.userId, userId)));
  return row ?? null;
}

export function membersOf(db: Db, enterpriseId: number) {
  return db
    .select({
      publicId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: enterpriseUsers.role,
    })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(eq(enterpriseUsers.enterpriseId, enterpriseId))
    .orderBy(sql`${enterpriseUsers.role} = 'owner' desc`, asc(users.lastName), asc(users.firstName));
}

export async function fieldsSummaryOf(db: Db, enterpriseId: number): Promise<{ count: number; areaAcres: string }> {
  const [row] = await db
    .select({ count: count(), areaAcres: sql<string>`coalesce(sum(${enterpriseFields.areaAcres}), 0)::text` })
    .from(enterpriseFields)
    .where(eq(enterpriseFields.enterpriseId, enterpriseId));
  return { count: row?.count ?? 0, areaAcres: row?.areaAcres ?? '0' };
}

export function fieldsOf(db: Db, enterpriseId: number) {
  return db
    .select({
      id: enterpriseFields.id,
      name: enterpriseFields.name,
      areaAcres: enterpriseFields.areaAcres,
      crop: enterpriseFields.crop,
    })
    .from(enterpriseFields)
    .where(eq(enterpriseFields.enterpriseId, enterpriseId))
    .orderBy(asc(enterpriseFields.name), asc(enterpriseFields.id));
}

export function subscriptionsOf(db: Db, enterpriseId: number) {
  return db
    .select({
      type: enterpriseSubscriptions.type,
      startsOn: enterpriseSubscriptions.startsOn,
      endsOn: enterpriseSubscriptions.endsOn,
      active: sql<boolean>`${enterpriseSubscriptions.startsOn} <= current_date and (${enterpriseSubscriptions.endsOn} is null or ${enterpriseSubscriptions.endsOn} >= current_date)`,
    })
    .from(enterpriseSubscriptions)
    .where(eq(enterpriseSubscriptions.enterpriseId, enterpriseId))
    .orderBy(desc(enterpriseSubscriptions.startsOn));
}

export function legalEntitiesOf(db: Db, enterpriseId: number) {
  return db
    .select({
      id: legalEntities.id,
      name: legalEntities.name,
      partnerId: partners.id,
      partnerName: sql<string>`${partners.branding}->>'tradeName'`,
    })
    .from(legalEntities)
    .innerJoin(partners, eq(partners.id, legalEntities.partnerId))
    .where(and(eq(legalEntities.enterpriseId, enterpriseId), eq(legalEntities.kind, 'client')))
    .orderBy(asc(legalEntities.name));
}

export async function referralCodesOf(db: Db, enterpriseId: number) {
  const [own] = await db
    .select({ code: storeReferralCodes.code })
    .from(storeReferralCodes)
    .where(eq(storeReferralCodes.enterpriseId, enterpriseId));
  const [referrer] = await db
    .select({ code: storeOrders.referralCode })
    .from(storeOrders)
    .where(and(eq(storeOrders.enterpriseId, enterpriseId), isNotNull(storeOrders.referralCode)))
    .orderBy(asc(storeOrders.placedAt))
    .limit(1);
  return { own: own?.code ?? null, referrer: referrer?.code ?? null };
}

export async function agronomicsCountOf(db: Db, enterpriseId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(enterpriseAgronomics)
    .where(eq(enterpriseAgronomics.enterpriseId, enterpriseId));
  return row?.count ?? 0;
}

export function agronomicsOf(db: Db, enterpriseId: number) {
  return db
    .select({
      cropYear: enterpriseAgronomics.cropYear,
      crop: enterpriseAgronomics.crop,
      area: enterpriseAgronomics.area,
      areaUnits: enterpriseAgronomics.areaUnits,
      averageYield: enterpriseAgronomics.averageYield,
    })
    .from(enterpriseAgronomics)
    .where(eq(enterpriseAgronomics.enterpriseId, enterpriseId))
    .orderBy(desc(enterpriseAgronomics.cropYear), asc(enterpriseAgronomics.crop));
}

export async function upsertAgronomicSummary(
  db: Db,
  row: Pick<
    typeof enterpriseAgronomics.$inferInsert,
    'enterpriseId' | 'cropYear' | 'crop' | 'area' | 'areaUnits' | 'averageYield'
  >,
): Promise<void> {
  await db
    .insert(enterpriseAgronomics)
    .values(row)
    .onConflictDoUpdate({
      target: [enterpriseAgronomics.enterpriseId, enterpriseAgronomics.cropYear, enterpriseAgronomics.crop],
      set: { area: row.area, areaUnits: row.areaUnits, averageYield: row.averageYield, updatedAt: new Date() },
    });
}

export async function deleteAgronomicSummary(
  db: Db,
  enterpriseId: number,
  cropYear: number,
  crop: string,
): Promise<boolean> {
  const deleted = await db
    .delete(enterpriseAgronomics)
    .where(
      and(
        eq(enterpriseAgronomics.enterpriseId, enterpriseId),
        eq(enterpriseAgronomics.cropYear, cropYear),
        eq(enterpriseAgronomics.crop, crop),
      ),
    )
    .returning({ id: enterpriseAgronomics.id });
  return deleted.length > 0;
}

export type EnterpriseUpdate = Partial<
  Pick<
    typeof enterprises.$inferInsert,
    | 'name'
    | 'acresEstimate'
    | 'areaEstimate'
    | 'areaEstimateUnits'
    | 'crops'
    | 'softwareTools'
    | 'plantingMonitorBrands'
    | 'harvestMonitorBrands'
    | 'applicationMonitorBrands'
    | 'qualifyingAnswers'
    | 'businessUnits'
    | 'qualifyingQuestionsHidden'
  >
>;

export async function updateEnterprise(db: Db, id: number, set: EnterpriseUpdate): Promise<void> {
  await db
    .update(enterprises)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(enterprises.id, id));
}

/** A membership of a user with its enterprise (platform.md 3.3): the member's role and access flags, the whole row. */
export type MembershipWithEnterprise = {
  userId: string;
  role: (typeof enterpriseUsers.$inferSelect)['role'];
  permissions: string[];
  enterprise: typeof enterprises.$inferSelect;
};

/**
 * The one query of "a user's memberships with their enterprise" (other modules use it through enterprises.public.ts):
 * the memberships of one user or of several, by the enterprise's name then id; `only` narrows it to one enterprise,
 * named by its id or public id.
 */
export async function membershipsWithEnterprise(
  db: Db,
  userIds: string | readonly string[],
  only?: { id: number } | { publicId: string },
): Promise<MembershipWithEnterprise[]> {
  const ids = typeof userIds === 'string' ? [userIds] : [...userIds];
  if (ids.length === 0) return [];
  const narrow = !only
    ? undefined
    : 'id' in only
      ? eq(enterprises.id, only.id)
      : eq(enterprises.publicId, only.publicId);
  return db
    .select({
      userId: enterpriseUsers.userId,
      role: enterpriseUsers.role,
      permissions: enterpriseUsers.permissions,
      enterprise: enterprises,
    })
    .from(enterpriseUsers)
    .innerJoin(enterprises, eq(enterprises.id, enterpriseUsers.enterpriseId))
    .where(and(inArray(enterpriseUsers.userId, ids), narrow))
    .orderBy(asc(enterprises.name), asc(enterprises.id));
}

/** Of a user's memberships, the one of their current enterprise, else of their oldest (the lowest id); null for none. */
export function currentMembership<M extends { enterprise: { id: number } }>(
  memberships: readonly M[],
  currentEnterpriseId: number | null,
): M | null {
  const current = memberships.find((m) => m.enterprise.id === currentEnterpriseId);
  if (current) return current;
  return memberships.reduce<M | null>(
    (first, m) => (!first || m.enterprise.id < first.enterprise.id ? m : first),
    null,
  );
}

export async function userById(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      legacyId: users.legacyId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phoneNumber: users.phoneNumber,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function updateUserNames(
  db: Db,
  id: string,
  set: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName'>>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function clearUserPhone(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ phoneNumber: null, normalizedPhoneNumber: null, phoneVerifiedAt: null, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function setSessionEnterprise(db: Db, tokenHash: string, enterpriseId: number): Promise<void> {
  await db.update(sessions).set({ currentEnterpriseId: enterpriseId }).where(eq(sessions.tokenHash, tokenHash));
}
