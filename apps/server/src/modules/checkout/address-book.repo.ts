// The buyer's address book: addresses (hidden, never deleted: an order or a partition may point at one) and delivery
// contacts (a deleted one is cleared from the buyer's cart partitions first).

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
import { storeAddresses, storeCartPartitions, storeCarts, storeDeliveryContacts } from '../../db/schema/index.ts';

const addressFields = {
  id: storeAddresses.id,
  addressType: storeAddresses.addressType,
  format: storeAddresses.format,
  landLocationKind: storeAddresses.landLocationKind,
  name: storeAddresses.name,
  line1: storeAddresses.line1,
  line2: storeAddresses.line2,
  city: storeAddresses.city,
  region: storeAddresses.region,
  postalCode: storeAddresses.postalCode,
  country: storeAddresses.country,
  lllQuarter: storeAddresses.lllQuarter,
  lllSection: storeAddresses.lllSection,
  lllTownship: storeAddresses.lllTownship,
  lllRange: storeAddresses.lllRange,
  lllMeridian: storeAddresses.lllMeridian,
  instructions: storeAddresses.instructions,
  userId: storeAddresses.userId,
  /** Addresses are hidden, never deleted: a hidden one still shows on what points at it. */
  deleted: sql<boolean>`${storeAddresses.deletedAt} is not null`,
};
export type AddressRow = Pick<typeof storeAddresses.$inferSelect, Exclude<keyof typeof addressFields, 'deleted'>> & {
  deleted: boolean;
};

export async function addressesOf(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .select(addressFields)
    .from(storeAddresses)
    .where(and(eq(storeAddresses.userId, userId), isNull(storeAddresses.deletedAt)))
    .orderBy(asc(storeAddresses.id));
}

/** An address by id whoever owns it (a delivery may go to an address that is not the user's: external_delivery). */
export async function addressById(db: Db, id: number): Promise<AddressRow | null> {
  const [row] = await db.select(addressFields).from(storeAddresses).where(eq(storeAddresses.id, id));
  return row ?? null;
}

export type AddressWrite = Pick<
  typeof storeAddresses.$inferInsert,
  | 'addressType'
  | 'format'
  | 'landLocationKind'
  | 'name'
  | 'line1'
  | 'line2'
  | 'city'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'lllQuarter'
  | 'lllSection'
  | 'lllTownship'
  | 'lllRange'
  | 'lllMeridian'
  | 'instructions'
>;

export async function insertAddress(
  db: Db,
  userId: string,
  enterpriseId: number | null,
  a: AddressWrite,
): Promise<AddressRow> {
  const [row] = await db
    .insert(storeAddresses)
    .values({ userId, enterpriseId, ...a })
    .returning(addressFields);
  return row!;
}

export async function updateAddress(db: Db, userId: string, id: number, a: AddressWrite): Promise<AddressRow | null> {
  const [row] = await db
    .update(storeAddresses)
    .set(a)
    .where(and(eq(storeAddresses.id, id), eq(storeAddresses.userId, userId), isNull(storeAddresses.deletedAt)))
    .returning(addressFields);
  return row ?? null;
}

/** Addresses are hidden, never deleted (an order or a partition may point at one). */
export async function hideAddress(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .update(storeAddresses)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(storeAddresses.id, id), eq(storeAddresses.userId, userId), isNull(storeAddresses.deletedAt)))
    .returning({ id: storeAddresses.id });
  return rows.length > 0;
}

const contactFields = {
  id: storeDeliveryContacts.id,
  firstName: storeDeliveryContacts.firstName,
  lastName: storeDeliveryContacts.lastName,
  email: storeDeliveryContacts.email,
  phoneNumber: storeDeliveryContacts.phoneNumber,
  region: storeDeliveryContacts.region,
  userId: storeDeliveryContacts.userId,
};
export type ContactRow = Pick<typeof storeDeliveryContacts.$inferSelect, keyof typeof contactFields>;
export type ContactWrite = Pick<
  typeof storeDeliveryContacts.$inferInsert,
  'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'region'
>;

export async function contactsOf(db: Db, userId: string): Promise<ContactRow[]> {
  return db
    .select(contactFields)
    .from(storeDeliveryContacts)
    .where(eq(storeDeliveryContacts.userId, userId))
    .orderBy(asc(storeDeliveryContacts.id));
}

export async function contactById(db: Db, userId: string, id: number): Promise<ContactRow | null> {
  const [row] = await db
    .select(contactFields)
    .from(storeDeliveryContacts)
    .where(and(eq(storeDeliveryContacts.id, id), eq(storeDeliveryContacts.userId, userId)));
  return row ?? null;
}

export async function insertContact(db: Db, userId: string, c: ContactWrite): Promise<ContactRow> {
  const [row] = await db
    .insert(storeDeliveryContacts)
    .values({ userId, ...c })
    .returning(contactFields);
  return row!;
}

export async function updateContact(db: Db, userId: string, id: number, c: ContactWrite): Promise<ContactRow | null> {
  const [row] = await db
    .update(storeDeliveryContacts)
    .set(c)
    .where(and(eq(storeDeliveryContacts.id, id), eq(storeDeliveryContacts.userId, userId)))
    .returning(contactFields);
  return row ?? null;
}

export async function deleteContact(tx: Db, userId: string, id: number): Promise<boolean> {
  await tx
    .update(storeCartPartitions)
    .set({ deliveryContactId: null })
    .where(
      and(
        eq(storeCartPartitions.deliveryContactId, id),
        inArray(
          storeCartPartitions.cartId,
          tx.select({ id: storeCarts.id }).from(storeCarts).where(eq(storeCarts.userId, userId)),
        ),
      ),
    );
  const rows = await tx
    .delete(storeDeliveryContacts)
    .where(and(eq(storeDeliveryContacts.id, id), eq(storeDeliveryContacts.userId, userId)))
    .returning({ id: storeDeliveryContacts.id });
  return rows.length > 0;
}
