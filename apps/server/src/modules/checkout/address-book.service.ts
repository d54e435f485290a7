// The buyer's address book (platform.md 3.4, 3.6, 5.5): shipping and billing addresses (a deleted one is hidden, orders keep
// their copies) and delivery contacts, each checked as the domain's rules say before it is written.

import {
  addressInputSchema,
  addressProblems,
  deliveryContactInputSchema,
  deliveryContactProblems,
  type StoreAddress,
} from '@granary/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { callerForUser } from '../cart/cart.public.ts';
import * as addressBookRepo from './address-book.repo.ts';
import type { Caller } from './checkout-pricing.service.ts';
import { addressView, contactView } from './checkout-view.ts';

const BILLING_TYPES = ['default_billing_address', 'billing_address'];

export async function listAddresses(db: Db, caller: Caller): Promise<StoreAddress[]> {
  return (await addressBookRepo.addressesOf(db, caller.userId)).map(addressView);
}

function checkedAddress(input: z.input<typeof addressInputSchema>): addressBookRepo.AddressWrite {
  const a = addressInputSchema.parse(input);
  const problems = addressProblems(a);
  if (problems.length > 0) {
    throw new AppError(
      BILLING_TYPES.includes(a.addressType) ? 'invalid_billing_address' : 'invalid_shipping_address',
      undefined,
      { fields: problems },
    );
  }
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
    postalCode: a.postalCode.toUpperCase(),
    country: a.country,
    lllQuarter: lll ? (a.lllQuarter?.toUpperCase() ?? null) : null,
    lllSection: lll ? (a.lllSection ?? null) : null,
    lllTownship: lll ? (a.lllTownship ?? null) : null,
    lllRange: lll ? (a.lllRange ?? null) : null,
    lllMeridian: lll ? (a.lllMeridian?.toUpperCase() ?? null) : null,
    instructions: a.instructions,
  };
}

export async function enterpriseIdOf(db: Db, caller: Caller): Promise<number | null> {
  return (
    (await callerForUser(db, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId })).membership
      ?.enterpriseId ?? null
  );
}

export async function createAddress(
  db: Db,
  caller: Caller,
  input: z.input<typeof addressInputSchema>,
): Promise<StoreAddress> {
  const a = checkedAddress(input);
  return addressView(await addressBookRepo.insertAddress(db, caller.userId, await enterpriseIdOf(db, caller), a));
}

export async function updateAddress(
  db: Db,
  caller: Caller,
  id: number,
  input: z.input<typeof addressInputSchema>,
): Promise<StoreAddress> {
  const a = checkedAddress(input);
  const row = await addressBookRepo.updateAddress(db, caller.userId, id, a);
  if (!row) throw new AppError('not_found');
  return addressView(row);
}

export async function deleteAddress(db: Db, caller: Caller, id: number): Promise<void> {
  if (!(await addressBookRepo.hideAddress(db, caller.userId, id))) throw new AppError('not_found');
}

function checkedContact(input: z.input<typeof deliveryContactInputSchema>) {
  const c = deliveryContactInputSchema.parse(input);
  const problems = deliveryContactProblems(c);
  if (problems.length > 0)
    throw new AppError('invalid_request', 'Please check the delivery contact.', { fields: problems });
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phoneNumber: c.phoneNumber,
    region: c.aal1.toUpperCase(),
  };
}

export async function listContacts(db: Db, caller: Caller) {
  return (await addressBookRepo.contactsOf(db, caller.userId)).map(contactView);
}
export async function createContact(db: Db, caller: Caller, input: z.input<typeof deliveryContactInputSchema>) {
  return contactView(await addressBookRepo.insertContact(db, caller.userId, checkedContact(input)));
}
export async function updateContact(
  db: Db,
  caller: Caller,
  id: number,
  input: z.input<typeof deliveryContactInputSchema>,
) {
  const row = await addressBookRepo.updateContact(db, caller.userId, id, checkedContact(input));
  if (!row) throw new AppError('not_found');
  return contactView(row);
}
export async function deleteContact(db: Db, caller: Caller, id: number): Promise<void> {
  const ok = await db.transaction((tx) => addressBookRepo.deleteContact(tx, caller.userId, id));
  if (!ok) throw new AppError('not_found');
}
