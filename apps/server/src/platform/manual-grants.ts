// Manual resource permissions (platform.md 6.2 'resource permissions (automatic and manual)'; decision 053): staff
// grant a user an enterprise's access flag by hand (manual_resource_permissions). Every enterprise access check
// honours such a grant as it honours the member's own flag (domain hasEnterpriseAccess's `manualFlags`): these read
// the grants, one enterprise at a time or as SQL for the checks written as queries.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isEnterpriseAccessFlag, type EnterpriseAccessFlag } from '@granary/domain';
import { manualResourcePermissions as grants } from '../db/schema/index.ts';
import type { Db } from './db.ts';

/** The access flags granted by hand to the user on the enterprise (none for an id that is not a user's). */
export async function manualFlagsOn(db: Db, userId: string, enterpriseId: number): Promise<EnterpriseAccessFlag[]> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return [];
  const rows = await db
    .select({ permission: grants.permission })
    .from(grants)
    .where(
      and(
        eq(grants.userId, userId),
        eq(grants.resourceType, 'enterprise'),
        eq(grants.resourceId, String(enterpriseId)),
      ),
    );
  return rows.map((r) => r.permission).filter(isEnterpriseAccessFlag);
}

/** SQL: whether the user (a column or a value) holds `flag` by hand on the enterprise (a column or a value). */
export function grantedByHand(userId: SQL | unknown, enterpriseId: SQL | unknown, flag: EnterpriseAccessFlag): SQL {
  return sql`exists (select 1 from manual_resource_permissions m where m.user_id = ${userId}
    and m.resource_type = 'enterprise' and m.resource_id = (${enterpriseId})::text and m.permission = ${flag})`;
}

/** SQL: the ids of the enterprises where the user holds `flag` by hand. */
export function enterprisesGrantedByHand(userId: string, flag: EnterpriseAccessFlag): SQL {
  return sql`(select m.resource_id::int from manual_resource_permissions m where m.user_id = ${userId}
    and m.resource_type = 'enterprise' and m.permission = ${flag} and m.resource_id ~ '^[0-9]{1,9}$')`;
}
