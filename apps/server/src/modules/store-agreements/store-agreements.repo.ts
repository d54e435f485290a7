// The store agreements' rows (store_agreement_signatures) and the facts of the buyer's readiness report.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';

export type EnterpriseRow = { id: number; public_id: string; name: string; country_code: string };
export type SignatureRow = {
  agreement_type: string;
  version: number;
  signed_name: string;
  signed_at: string;
  user_id: string;
  user_name: string;
};

export async function enterpriseByPublicId(db: Db, publicId: string): Promise<EnterpriseRow | null> {
  return (
    rowsOf<EnterpriseRow>(
      await db.execute(
        sql`select id, public_id, name, country_code from enterprises where public_id = ${publicId}::uuid`,
      ),
    )[0] ?? null
  );
}

/** The member's role and flags on the enterprise, or null when not a member. */
export async function membership(
  db: Db,
  enterpriseId: number,
  userId: string,
): Promise<{ role: string; permissions: string[] } | null> {
  return (
    rowsOf<{ role: string; permissions: string[] }>(
      await db.execute(
        sql`select role, permissions from enterprise_users where enterprise_id = ${enterpriseId} and user_id = ${userId}::uuid`,
      ),
    )[0] ?? null
  );
}

/** The user's farm business: the current one when they are its member, else their first (owned first). */
export async function enterpriseOfUser(
  db: Db,
  userId: string,
  currentEnterpriseId: number | null,
): Promise<EnterpriseRow | null> {
  return (
    rowsOf<EnterpriseRow>(
      await db.execute(sql`
        select e.id, e.public_id, e.name, e.country_code
        from enterprises e join enterprise_users eu on eu.enterprise_id = e.id
        where eu.user_id = ${userId}::uuid
        order by (e.id = ${currentEnterpriseId ?? -1}) desc, (eu.role = 'owner') desc, e.id
        limit 1`),
    )[0] ?? null
  );
}

export async function userName(db: Db, userId: string): Promise<string | null> {
  const row = rowsOf<{ name: string }>(
    await db.execute(
      sql`select trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name, email from users where id = ${userId}::uuid`,
    ),
  )[0];
  return row ? row.name : null;
}

/** The enterprise's signatures, newest version first per type. */
export async function signaturesOf(db: Db, enterpriseId: number): Promise<SignatureRow[]> {
  return rowsOf<SignatureRow>(
    await db.execute(sql`
      select s.agreement_type, s.version, s.signed_name, to_char(s.signed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as signed_at, s.user_id::text as user_id,
             trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as user_name
      from store_agreement_signatures s join users u on u.id = s.user_id
      where s.enterprise_id = ${enterpriseId}
      order by s.agreement_type, s.version desc`),
  );
}

/** Records a signature; nothing when the enterprise signed this version already (idempotent). True when recorded. */
export async function insertSignature(
  db: Db,
  s: {
    enterpriseId: number;
    userId: string;
    agreementType: string;
    version: number;
    signedName: string;
    ip: string;
    userAgent: string;
  },
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into store_agreement_signatures (enterprise_id, user_id, agreement_type, version, signed_name, ip, user_agent)
      values (${s.enterpriseId}, ${s.userId}::uuid, ${s.agreementType}, ${s.version}, ${s.signedName}, ${s.ip}, ${s.userAgent})
      on conflict (enterprise_id, agreement_type, version) do nothing
      returning id`),
  );
  return rows.length > 0;
}

export type ReadinessFacts = { billingAddresses: number; licenceExpiries: string[]; orders: number };

export async function readinessFacts(db: Db, enterpriseId: number, userId: string): Promise<ReadinessFacts> {
  const [row] = rowsOf<{ billing: number; expiries: string[] | null; orders: number }>(
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
