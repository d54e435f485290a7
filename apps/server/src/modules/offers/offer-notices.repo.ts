// Whom the farmer's offer notices reach: the client's users, the notification rows, and the partner's own host for
// the e-mailed links.

import { asc, eq, sql } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
import { clientContacts, enterpriseUsers, legalEntities, partners, users } from '../../db/schema/index.ts';

/** The partner's own host name (its e-mailed links point there), if it has one. */
export async function partnerVhost(db: Db, partnerId: string): Promise<string | null> {
  const [row] = await db.select({ vhost: partners.vhost }).from(partners).where(eq(partners.id, partnerId));
  return row?.vhost ?? null;
}

/** The farmer users of a client: the users of its enterprise, and contacts linked to a user. */
export async function clientUsers(
  db: Db,
  clientId: number,
): Promise<{ id: string; email: string; firstName: string | null }[]> {
  const ids = sql`select ${enterpriseUsers.userId} from ${enterpriseUsers} join ${legalEntities} on ${legalEntities.enterpriseId} = ${enterpriseUsers.enterpriseId} where ${legalEntities.id} = ${clientId}
    union select ${clientContacts.userId} from ${clientContacts} where ${clientContacts.clientId} = ${clientId} and ${clientContacts.userId} is not null`;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(sql`${users.id} in (${ids})`)
    .orderBy(asc(users.email));
}
