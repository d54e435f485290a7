// Partner onboarding's reads and writes (decision 060): the partner's client contacts that are the signed-in user, the
// link of a client legal entity to a farm business (legal_entities.enterprise_id, the relation My Sales Lite and the
// profit center read — no second one), and the user's completed onboarding steps.

import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import { clientContacts, legalEntities, users } from '../../db/schema/index.ts';

export type ContactMatch = {
  contactId: number;
  contactName: string;
  email: string | null;
  phone: string | null;
  legalEntityId: number;
  legalEntityName: string;
  enterpriseId: number | null;
};

/**
 * The partner's client contacts that are this user: tied to the user's id (a contact the CRM already knows), or with
 * the user's e-mail, or with the same phone (the last ten digits of the number written in any format).
 */
export async function contactsOfUser(
  db: Db,
  partnerId: string,
  user: { id: string; email: string; normalizedPhoneNumber: string | null },
  onlyContactId?: number,
): Promise<ContactMatch[]> {
  return contactsOfUserQuery(db, partnerId, user, onlyContactId);
}

/**
 * contactsOfUser's query, not run (its test EXPLAINs it): each arm of the OR has its index on client_contacts
 * (client_contacts_user_idx, client_contacts_email_lower_idx, client_contacts_phone_digits_idx, schema/crm.ts), whose
 * expressions these must stay equal to.
 */
export function contactsOfUserQuery(
  db: Db,
  partnerId: string,
  user: { id: string; email: string; normalizedPhoneNumber: string | null },
  onlyContactId?: number,
) {
  const digits = user.normalizedPhoneNumber?.replace(/\D/g, '') ?? '';
  const phoneMatch =
    digits.length >= 10
      ? sql`right(regexp_replace(coalesce(${clientContacts.phoneNumber}, ''), '\\D', '', 'g'), 10) = ${digits.slice(-10)}`
      : sql`false`;
  return db
    .select({
      contactId: clientContacts.id,
      contactName: clientContacts.name,
      email: clientContacts.emailAddress,
      phone: clientContacts.phoneNumber,
      legalEntityId: legalEntities.id,
      legalEntityName: legalEntities.name,
      enterpriseId: legalEntities.enterpriseId,
    })
    .from(clientContacts)
    .innerJoin(legalEntities, eq(legalEntities.id, clientContacts.clientId))
    .where(
      and(
        eq(legalEntities.partnerId, partnerId),
        eq(legalEntities.kind, 'client'),
        onlyContactId === undefined ? undefined : eq(clientContacts.id, onlyContactId),
        or(
          eq(clientContacts.userId, user.id),
          sql`lower(${clientContacts.emailAddress}) = lower(${user.email})`,
          phoneMatch,
        ),
      ),
    )
    .orderBy(legalEntities.name, clientContacts.id);
}

/**
 * Links the client legal entity to the farm business when it is linked to none (or already to this one); the contact
 * is tied to the user. False when another farm business has it (nothing changes).
 */
export async function linkLegalEntity(
  db: Db,
  link: { legalEntityId: number; enterpriseId: number; contactId: number; userId: string },
): Promise<boolean> {
  const updated = await db
    .update(legalEntities)
    .set({
      enterpriseId: link.enterpriseId,
      version: sql`${legalEntities.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(legalEntities.id, link.legalEntityId),
        or(isNull(legalEntities.enterpriseId), eq(legalEntities.enterpriseId, link.enterpriseId)),
      ),
    )
    .returning({ id: legalEntities.id });
  if (updated.length === 0) return false;
  await db
    .update(clientContacts)
    .set({ userId: link.userId })
    .where(and(eq(clientContacts.id, link.contactId), isNull(clientContacts.userId)));
  return true;
}

/** Adds a step to the user's completed_onboarding_steps (once); the list after it. */
export async function completeOnboardingStep(db: Db, userId: string, step: string): Promise<string[]> {
  const rows = rowsOf<{ steps: string[] }>(
    await db.execute(sql`update ${users} set completed_onboarding_steps =
        case when ${step} = any(completed_onboarding_steps) then completed_onboarding_steps
             else array_append(completed_onboarding_steps, ${step}) end
      where id = ${userId}::uuid returning completed_onboarding_steps as steps`),
  );
  return rows[0]?.steps ?? [];
}

/** One contact of a client legal entity (the CRM's invitation), or null when it is not this client's. */
export async function contactOfClient(db: Db, clientId: number, contactId: number) {
  const [row] = await db
    .select({
      id: clientContacts.id,
      name: clientContacts.name,
      emailAddress: clientContacts.emailAddress,
      userId: clientContacts.userId,
    })
    .from(clientContacts)
    .where(and(eq(clientContacts.clientId, clientId), eq(clientContacts.id, contactId)));
  return row ?? null;
}
