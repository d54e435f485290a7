// A farm business's one address book (decision 051): addresses (hidden, never deleted: an order or a partition may
// point at one) and delivery contacts (a deleted one is cleared from the carts' partitions first). A book belongs to an
// enterprise; a user who belongs to none keeps their own (enterprise_id null). Every query names its book.

import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
import { storeAddresses, storeCartPartitions, storeDeliveryContacts } from '../../db/schema/index.ts';

/** Whose book: the enterprise's, or (enterpriseId null) the user's own. */
export type BookOwner = { userId: string; enterpriseId: number | null };

function inBook(table: typeof storeAddresses | typeof storeDeliveryContacts, owner: BookOwner): SQL {
  return owner.enterpriseId !== null
    ? eq(table.enterpriseId, owner.enterpriseId)
    : and(eq(table.userId, owner.userId), isNull(table.enterpriseId))!;
}

const addressFields = {
  id: storeAddresses.id,
  enterpriseId: storeAddresses.enterpriseId,
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

/** Whether an address is in a book (a checkout may point at any address: external_delivery is one outside it). */
export function inBookOf(row: { userId: string; enterpriseId: number | null }, owner: BookOwner): boolean {
  return owner.enterpriseId !== null
    ? row.enterpriseId === owner.enterpriseId
    : row.enterpriseId === null && row.userId === owner.userId;
}

export async function addressesOf(db: Db, owner: BookOwner, addressType?: string): Promise<AddressRow[]> {
  return db
    .select(addressFields)
    .from(storeAddresses)
    .where(
      and(
        inBook(storeAddresses, owner),
        isNull(storeAddresses.deletedAt),
        addressType ? eq(storeAddresses.addressType, addressType) : undefined,
      ),
    )
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

export async function insertAddress(db: Db, owner: BookOwner, a: AddressWrite): Promise<AddressRow> {
  const [row] = await db
    .insert(storeAddresses)
    .values({ userId: owner.userId, enterpriseId: owner.enterpriseId, ...a })
    .returning(addressFields);
  return row!;
}

export async function updateAddress(
  db: Db,
  owner: BookOwner,
  id: number,
  a: Partial<AddressWrite>,
): Promise<AddressRow | null> {
  const [row] = await db
    .update(storeAddresses)
    .set(a)
    .where(and(eq(storeAddresses.id, id), inBook(storeAddresses, owner), isNull(storeAddresses.deletedAt)))
    .returning(addressFields);
  return row ?? null;
}

/** One default billing address per book: any other becomes a billing address. */
export async function demoteOtherDefaultBilling(db: Db, owner: BookOwner, keepId: number): Promise<void> {
  await db
    .update(storeAddresses)
    .set({ addressType: 'billing_address' })
    .where(
      and(
        inBook(storeAddresses, owner),
        eq(storeAddresses.addressType, 'default_billing_address'),
        ne(storeAddresses.id, keepId),
        isNull(storeAddresses.deletedAt),
      ),
    );
}

/** Addresses are hidden, never deleted (an order or a partition may point at one). */
export async function hideAddress(db: Db, owner: BookOwner, id: number): Promise<boolean> {
  const rows = await db
    .update(storeAddresses)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(storeAddresses.id, id), inBook(storeAddresses, owner), isNull(storeAddresses.deletedAt)))
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
  enterpriseId: storeDeliveryContacts.enterpriseId,
};
export type ContactRow = Pick<typeof storeDeliveryContacts.$inferSelect, keyof typeof contactFields>;
export type ContactWrite = Pick<
  typeof storeDeliveryContacts.$inferInsert,
  'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'region'
>;

export async function contactsOf(db: Db, owner: BookOwner): Promise<ContactRow[]> {
  return db
    .select(contactFields)
    .from(storeDeliveryContacts)
    .where(inBook(storeDeliveryContacts, owner))
    .orderBy(asc(storeDeliveryContacts.id));
}

export async function contactById(db: Db, owner: BookOwner, id: number): Promise<ContactRow | null> {
  const [row] = await db
    .select(contactFields)
    .from(storeDeliveryContacts)
    .where(and(eq(storeDeliveryContacts.id, id), inBook(storeDeliveryContacts, owner)));
  return row ?? null;
}

export async function insertContact(db: Db, owner: BookOwner, c: ContactWrite): Promise<ContactRow> {
  const [row] = await db
    .insert(storeDeliveryContacts)
    .values({ userId: owner.userId, enterpriseId: owner.enterpriseId, ...c })
    .returning(contactFields);
  return row!;
}

export async function updateContact(db: Db, owner: BookOwner, id: number, c: ContactWrite): Promise<ContactRow | null> {
  const [row] = await db
    .update(storeDeliveryContacts)
    .set(c)
    .where(and(eq(storeDeliveryContacts.id, id), inBook(storeDeliveryContacts, owner)))
    .returning(contactFields);
  return row ?? null;
}

/** Deletes a contact of the book, first clearing it from every cart partition that chose it. */
export async function deleteContact(tx: Db, owner: BookOwner, id: number): Promise<boolean> {
  if (!(await contactById(tx, owner, id))) return false;
  await tx
    .update(storeCartPartitions)
    .set({ deliveryContactId: null })
    .where(eq(storeCartPartitions.deliveryContactId, id));
  await tx.delete(storeDeliveryContacts).where(eq(storeDeliveryContacts.id, id));
  return true;
}
