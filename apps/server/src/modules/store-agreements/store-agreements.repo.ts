// The store agreements' rows (store_agreement_signatures) and the facts of the buyer's readiness report.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import { enterpriseUsers, enterprises, storeAgreementSignatures, users } from '../../db/schema/index.ts';

const enterpriseFields = {
  id: enterprises.id,
  publicId: enterprises.publicId,
  name: enterprises.name,
  countryCode: enterprises.countryCode,
};
export type EnterpriseRow = Pick<typeof enterprises.$inferSelect, keyof typeof enterpriseFields>;

export async function enterpriseByPublicId(db: Db, publicId: string): Promise<EnterpriseRow | null> {
  const [row] = await db.select(enterpriseFields).from(enterprises).where(eq(enterprises.publicId, publicId));
  return row ?? null;
}

/** The member's role and flags on the enterprise, or null when not a member. */
export async function membership(
  db: Db,
  enterpriseId: number,
  userId: string,
): Promise<Pick<typeof enterpriseUsers.$inferSelect, 'role' | 'permissions'> | null> {
  const [row] = await db
    .select({ role: enterpriseUsers.role, permissions: enterpriseUsers.permissions })
    .from(enterpriseUsers)
    .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(enterpriseUsers.userId, userId)));
  return row ?? null;
}

/** The user's farm business: the current one when they are its member, else their first (owned first). */
export async function enterpriseOfUser(
  db: Db,
  userId: string,
  currentEnterpriseId: number | null,
): Promise<EnterpriseRow | null> {
  const [row] = await db
    .select(enterpriseFields)
    .from(enterprises)
    .innerJoin(enterpriseUsers, eq(enterpriseUsers.enterpriseId, enterprises.id))
    .where(eq(enterpriseUsers.userId, userId))
    .orderBy(
      desc(sql`${enterprises.id} = ${currentEnterpriseId ?? -1}`),
      desc(sql`${enterpriseUsers.role} = 'owner'`),
      asc(enterprises.id),
    )
    .limit(1);
  return row ?? null;
}

/** A user's full name as the store shows it ("first last", trimmed). */
const fullName = sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

export async function userName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: fullName }).from(users).where(eq(users.id, userId));
  return row ? row.name : null;
}

export type SignatureRow = Awaited<ReturnType<typeof signaturesOf>>[number];

/** The enterprise's signatures, newest version first per type. */
export async function signaturesOf(db: Db, enterpriseId: number) {
  const s = storeAgreementSignatures;
  return db
    .select({
      agreementType: s.agreementType,
      version: s.version,
      signedName: s.signedName,
      signedAt: s.signedAt,
      userId: s.userId,
      userName: fullName,
    })
    .from(s)
    .innerJoin(users, eq(users.id, s.userId))
    .where(eq(s.enterpriseId, enterpriseId))
    .orderBy(asc(s.agreementType), desc(s.version));
}

/** Records a signature; nothing when the enterprise signed this version already (idempotent). True when recorded. */
export async function insertSignature(
  db: Db,
  s: Pick<
    typeof storeAgreementSignatures.$inferInsert,
    'enterpriseId' | 'userId' | 'agreementType' | 'version' | 'signedName' | 'ip' | 'userAgent'
  >,
): Promise<boolean> {
  const t = storeAgreementSignatures;
  const rows = await db
    .insert(t)
    .values(s)
    .onConflictDoNothing({ target: [t.enterpriseId, t.agreementType, t.version] })
    .returning({ id: t.id });
  return rows.length > 0;
}

export type ReadinessFacts = { billingAddresses: number; licenceExpiries: string[]; orders: number };

/** Three counts over three tables in one round trip: clearer as SQL. */
type ReadinessFactsRow = { billing: number; expiries: string[] | null; orders: number };

export async function readinessFacts(db: Db, enterpriseId: number, userId: string): Promise<ReadinessFacts> {
  const [row] = rowsOf<ReadinessFactsRow>(
    await db.execute(sql`
      select
        (select count(*)::int from store_addresses a
          where a.deleted_at is null and a.address_type in ('default_billing_address', 'billing_address')
            and (a.enterprise_id = ${enterpriseId} or (a.enterprise_id is null and a.user_id = ${userId}::uuid))) as billing,
        (select array_agg(to_char(l.expires_on, 'YYYY-MM-DD') order by l.expires_on desc) from store_applicator_licences l
          where l.user_id = ${userId}::uuid) as expiries,
        (select count(*)::int from store_orders o where o.enterprise_id = ${enterpriseId} or (o.enterprise_id is null and o.user_id = ${userId}::uuid)) as orders`),
  );
  return { billingAddresses: row?.billing ?? 0, licenceExpiries: row?.expiries ?? [], orders: row?.orders ?? 0 };
}
