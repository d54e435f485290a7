// A farm business's one address book (platform.md 3.4, 3.6, 5.5, 7.4; decision 051): addresses by type in both formats
// (a hidden one stays on the orders that copied it), one default billing address per book, delivery contacts, address
// validation and suggestions. The store's checkout (/api/store/addresses, /delivery-contacts) and the `/api/effu` calls
// read and write this same book. Reading needs membership; changing needs the owner or has_manage (6.2).

import {
  MANAGE_PERMISSION,
  addressInputSchema,
  addressProblems,
  deliveryContactInputSchema,
  deliveryContactProblems,
  formatLegalLandLocation,
  normalizedPostalCode,
  parseLegalLandLocation,
  provinceOfMeridian,
  type AddressValues,
  type BookAddressWire,
  type FieldProblem,
  type StoreAddress,
} from '@granary/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError, accessDenied } from '../../platform/errors.ts';
import { callerForUser } from '../cart/cart.public.ts';
import { membershipsWithEnterprise } from '../enterprises/enterprises.public.ts';
import * as repo from './address-book.repo.ts';

/** The signed-in user and the enterprise their session has selected. */
export type Caller = { userId: string; currentEnterpriseId: number | null };
/** A book as the caller may use it. */
export type Book = { owner: repo.BookOwner; canManage: boolean };

/** The member flag that lets someone other than the owner change the farm business's records (platform.md 3.3). */
const MANAGE_FLAG = MANAGE_PERMISSION;

function manages(m: { role: string; permissions: readonly string[] } | null, isSuperAdmin: boolean): boolean {
  return isSuperAdmin || m === null || m.role === 'owner' || m.permissions.includes(MANAGE_FLAG);
}

/** The book of the caller's current enterprise (else their first; their own when they belong to none). */
export async function bookOfCaller(db: Db, caller: Caller): Promise<Book> {
  const c = await callerForUser(db, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId });
  return {
    owner: { userId: caller.userId, enterpriseId: c.membership?.enterpriseId ?? null },
    canManage: manages(c.membership, c.isSuperAdmin),
  };
}

/** The book of an enterprise the user belongs to; anyone else's answers 404 (it is not theirs to know of). */
export async function bookOfEnterprise(
  db: Db,
  userId: string,
  enterprise: { id: number } | { publicId: string },
): Promise<Book> {
  const [m] = await membershipsWithEnterprise(db, userId, enterprise);
  if (!m) throw new AppError('not_found');
  return { owner: { userId, enterpriseId: m.enterprise.id }, canManage: manages(m, false) };
}

export async function enterpriseIdOf(db: Db, caller: Caller): Promise<number | null> {
  return (await bookOfCaller(db, caller)).owner.enterpriseId;
}

function requireManage(book: Book): void {
  if (!book.canManage) throw accessDenied(MANAGE_FLAG);
}

const BILLING_TYPES = ['default_billing_address', 'billing_address'];

function problemCode(type: string) {
  if (BILLING_TYPES.includes(type)) return 'invalid_billing_address' as const;
  return type === 'shipping_address' ? ('invalid_shipping_address' as const) : ('invalid_address' as const);
}

/** The address as it is stored: codes upper-cased, the postal code written as the post writes it. */
function normalized(a: AddressValues): repo.AddressWrite {
  const lll = a.format === 'can_lll';
  return {
    addressType: a.addressType,
    format: a.format,
    landLocationKind: lll ? (a.landLocationKind ?? 'can_lll_shipping') : null,
    name: a.name,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region.toUpperCase(),
    postalCode: normalizedPostalCode(a.postalCode, a.country),
    country: a.country,
    lllQuarter: lll ? (a.lllQuarter?.toUpperCase() ?? null) : null,
    lllSection: lll ? (a.lllSection ?? null) : null,
    lllTownship: lll ? (a.lllTownship ?? null) : null,
    lllRange: lll ? (a.lllRange ?? null) : null,
    lllMeridian: lll ? (a.lllMeridian?.toUpperCase() ?? null) : null,
    instructions: a.instructions,
  };
}

/** The domain's rules for an address; its problems (empty when it may be stored) and the stored form. */
export function checkAddress(input: z.input<typeof addressInputSchema>): {
  problems: FieldProblem[];
  write: repo.AddressWrite;
} {
  const a = addressInputSchema.parse(input);
  return { problems: addressProblems(a), write: normalized(a) };
}

function checkedAddress(input: z.input<typeof addressInputSchema>): repo.AddressWrite {
  const { problems, write } = checkAddress(input);
  if (problems.length > 0) throw new AppError(problemCode(write.addressType), undefined, { fields: problems });
  return write;
}

export async function listAddresses(db: Db, book: Book, addressType?: string): Promise<repo.AddressRow[]> {
  return repo.addressesOf(db, book.owner, addressType);
}

/** Adds (id null) or changes an address; one written as the default billing address demotes the previous one. */
async function writeAddress(
  db: Db,
  book: Book,
  id: number | null,
  input: z.input<typeof addressInputSchema>,
): Promise<repo.AddressRow> {
  requireManage(book);
  const a = checkedAddress(input);
  return db.transaction(async (tx) => {
    const row =
      id === null ? await repo.insertAddress(tx, book.owner, a) : await repo.updateAddress(tx, book.owner, id, a);
    if (!row) throw new AppError('not_found');
    if (a.addressType === 'default_billing_address') await repo.demoteOtherDefaultBilling(tx, book.owner, row.id);
    return row;
  });
}

export function createAddress(db: Db, book: Book, input: z.input<typeof addressInputSchema>) {
  return writeAddress(db, book, null, input);
}

export function updateAddress(db: Db, book: Book, id: number, input: z.input<typeof addressInputSchema>) {
  return writeAddress(db, book, id, input);
}

/** Makes an address of the book its default billing address (the previous default becomes a billing address). */
export async function setDefaultBilling(db: Db, book: Book, id: number): Promise<repo.AddressRow> {
  requireManage(book);
  return db.transaction(async (tx) => {
    const current = (await repo.addressesOf(tx, book.owner)).find((a) => a.id === id);
    if (!current) throw new AppError('not_found');
    const problems = addressProblems(valuesOf(current));
    if (problems.length > 0) throw new AppError('invalid_billing_address', undefined, { fields: problems });
    const row = await repo.updateAddress(tx, book.owner, id, { addressType: 'default_billing_address' });
    await repo.demoteOtherDefaultBilling(tx, book.owner, id);
    return row!;
  });
}

export async function deleteAddress(db: Db, book: Book, id: number): Promise<void> {
  requireManage(book);
  if (!(await repo.hideAddress(db, book.owner, id))) throw new AppError('not_found');
}

/** A stored address as the domain's rules read it. */
export function valuesOf(a: repo.AddressRow): AddressValues {
  return {
    addressType: a.addressType as AddressValues['addressType'],
    format: a.format,
    landLocationKind: (a.landLocationKind as AddressValues['landLocationKind']) ?? null,
    name: a.name,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country === 'AUS' ? 'AUS' : a.country === 'CAN' ? 'CAN' : 'USA',
    lllQuarter: a.lllQuarter,
    lllSection: a.lllSection,
    lllTownship: a.lllTownship,
    lllRange: a.lllRange,
    lllMeridian: a.lllMeridian,
    instructions: a.instructions,
  };
}

/** The store's view of an address (camelCase, the checkout's shape). */
export function addressView(a: repo.AddressRow): StoreAddress {
  return {
    id: a.id,
    addressType: a.addressType,
    format: a.format,
    landLocationKind: a.landLocationKind,
    name: a.name,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
    lllQuarter: a.lllQuarter,
    lllSection: a.lllSection,
    lllTownship: a.lllTownship,
    lllRange: a.lllRange,
    lllMeridian: a.lllMeridian,
    instructions: a.instructions,
  };
}

/** The `/api/effu` view of an address (snake_case on the wire). */
export function bookAddressView(a: repo.AddressRow): BookAddressWire {
  return {
    id: a.id,
    enterprise_id: a.enterpriseId,
    address_type: a.addressType as BookAddressWire['address_type'],
    format: a.format,
    land_location_kind: a.landLocationKind,
    name: a.name,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postal_code: a.postalCode,
    country: a.country,
    lll_quarter: a.lllQuarter,
    lll_section: a.lllSection,
    lll_township: a.lllTownship,
    lll_range: a.lllRange,
    lll_meridian: a.lllMeridian,
    legal_land_location: a.format === 'can_lll' ? formatLegalLandLocation(a) : null,
    instructions: a.instructions,
  };
}

/** What a caller types, matched against the book and read as a legal land location (decision 051: no geocoder). */
export async function suggestAddresses(db: Db, book: Book, query: string, limit = 8) {
  const q = query.trim().toLowerCase();
  const out: {
    source: 'book' | 'land_location';
    label: string;
    address: ReturnType<typeof wireBody>;
    address_id: number | null;
  }[] = [];
  const lll = parseLegalLandLocation(query);
  if (lll) {
    const values: AddressValues = {
      addressType: 'shipping_address',
      format: 'can_lll',
      landLocationKind: 'can_lll_shipping',
      name: '',
      line1: '',
      line2: '',
      city: '',
      region: provinceOfMeridian(lll.lllMeridian),
      postalCode: '',
      country: 'CAN',
      instructions: '',
      ...lll,
    };
    out.push({
      source: 'land_location',
      label: formatLegalLandLocation(lll),
      address: wireBody(values),
      address_id: null,
    });
  }
  if (q.length >= 2) {
    for (const a of await repo.addressesOf(db, book.owner)) {
      const label = labelOf(a);
      if (!label.toLowerCase().includes(q) && !a.name.toLowerCase().includes(q)) continue;
      out.push({ source: 'book', label, address: wireBody(valuesOf(a)), address_id: a.id });
      if (out.length >= limit) break;
    }
  }
  return out;
}

function labelOf(a: repo.AddressRow): string {
  if (a.format === 'can_lll') return `${formatLegalLandLocation(a)} ${a.region}`.trim();
  return [a.line1, a.line2, a.city, `${a.region} ${a.postalCode}`.trim()].filter(Boolean).join(', ');
}

/** An address's values as the wire's body (snake_case, without the type). */
export function wireBody(a: AddressValues | repo.AddressWrite) {
  return {
    format: a.format ?? 'postal',
    land_location_kind: (a.landLocationKind as 'can_lll_home' | 'can_lll_shipping' | null | undefined) ?? null,
    name: a.name ?? '',
    line1: a.line1 ?? '',
    line2: a.line2 ?? '',
    city: a.city ?? '',
    region: a.region,
    postal_code: a.postalCode ?? '',
    country: a.country as 'USA' | 'CAN' | 'AUS',
    lll_quarter: a.lllQuarter ?? null,
    lll_section: a.lllSection ?? null,
    lll_township: a.lllTownship ?? null,
    lll_range: a.lllRange ?? null,
    lll_meridian: a.lllMeridian ?? null,
    instructions: a.instructions ?? '',
  };
}

function checkedContact(input: z.input<typeof deliveryContactInputSchema>): repo.ContactWrite {
  const c = deliveryContactInputSchema.parse(input);
  const problems = deliveryContactProblems(c);
  if (problems.length > 0)
    throw new AppError('invalid_delivery_contact', 'Please check the delivery contact.', { fields: problems });
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phoneNumber: c.phoneNumber,
    region: c.aal1.toUpperCase(),
  };
}

export async function listContacts(db: Db, book: Book) {
  return repo.contactsOf(db, book.owner);
}
export async function createContact(db: Db, book: Book, input: z.input<typeof deliveryContactInputSchema>) {
  requireManage(book);
  return repo.insertContact(db, book.owner, checkedContact(input));
}
export async function updateContact(db: Db, book: Book, id: number, input: z.input<typeof deliveryContactInputSchema>) {
  requireManage(book);
  const row = await repo.updateContact(db, book.owner, id, checkedContact(input));
  if (!row) throw new AppError('not_found');
  return row;
}
export async function deleteContact(db: Db, book: Book, id: number): Promise<void> {
  requireManage(book);
  const ok = await db.transaction((tx) => repo.deleteContact(tx, book.owner, id));
  if (!ok) throw new AppError('not_found');
}

/** The store's view of a delivery contact (camelCase; aal1 is the state or province). */
export function contactView(c: repo.ContactRow) {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phoneNumber: c.phoneNumber,
    aal1: c.region,
  };
}
