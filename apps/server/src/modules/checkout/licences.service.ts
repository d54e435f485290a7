// The buyer's applicator licences (platform.md 7, "rups"), needed to buy restricted-use products: the caller's own, or
// another user's for a super admin (the applicator page); a licence's scans are uploads deleted with it.

import {
  applicatorLicenceInputSchema,
  isSubdivisionOf,
  licenceUploadParent,
  licenceValid,
  type ApplicatorOwnerQuery,
} from '@granary/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { deleteUploadsOf } from '../uploads/uploads.public.ts';
import * as licencesRepo from './licences.repo.ts';
import { todayOf, type Caller, type CheckoutDeps } from './checkout-pricing.service.ts';
import { enterpriseIdOf } from '../addresses/addresses.public.ts';

export async function listLicences(db: Db, caller: Caller, deps: CheckoutDeps) {
  const today = todayOf(deps);
  return (await licencesRepo.licencesOf(db, caller.userId)).map((l) => ({
    id: l.id,
    holderName: l.holderName,
    licenceNumber: l.licenceNumber,
    jurisdiction: l.jurisdiction,
    expiresOn: l.expiresOn,
    valid: licenceValid(l.expiresOn, today),
  }));
}
/** A licence as written: a US state or Canadian province, not already expired. */
function checkedLicence(input: z.input<typeof applicatorLicenceInputSchema>, deps: CheckoutDeps) {
  const l = applicatorLicenceInputSchema.parse(input);
  const jurisdiction = l.jurisdiction.toUpperCase();
  const fields: { field: string; problem: 'invalid' }[] = [];
  if (!isSubdivisionOf('USA', jurisdiction) && !isSubdivisionOf('CAN', jurisdiction))
    fields.push({ field: 'jurisdiction', problem: 'invalid' });
  if (!licenceValid(l.expiresOn, todayOf(deps))) fields.push({ field: 'expiresOn', problem: 'invalid' });
  if (fields.length > 0) throw new AppError('invalid_request', 'Please check the licence.', { fields });
  return { ...l, jurisdiction };
}
export async function createLicence(
  db: Db,
  caller: Caller,
  input: z.input<typeof applicatorLicenceInputSchema>,
  deps: CheckoutDeps,
) {
  const row = await licencesRepo.insertLicence(
    db,
    caller.userId,
    await enterpriseIdOf(db, caller),
    checkedLicence(input, deps),
  );
  return {
    id: row.id,
    holderName: row.holderName,
    licenceNumber: row.licenceNumber,
    jurisdiction: row.jurisdiction,
    expiresOn: row.expiresOn,
    valid: true,
  };
}
/** Whose licences a call is about (the applicator page): the caller's own; another user's only for a super admin; 404 otherwise. */
export async function licenceOwner(
  db: Db,
  caller: Caller & { isSuperAdmin: boolean },
  query: ApplicatorOwnerQuery,
): Promise<Caller> {
  const userId = query.userId ?? caller.userId;
  if (userId !== caller.userId && (!caller.isSuperAdmin || !(await licencesRepo.userExists(db, userId))))
    throw new AppError('not_found');
  if (query.enterpriseId === undefined)
    return userId === caller.userId
      ? { userId, currentEnterpriseId: caller.currentEnterpriseId }
      : { userId, currentEnterpriseId: null };
  const enterpriseId = await licencesRepo.membershipByPublicId(db, userId, query.enterpriseId);
  if (enterpriseId === null) throw new AppError('not_found');
  return { userId, currentEnterpriseId: enterpriseId };
}
export async function updateLicence(
  db: Db,
  caller: Caller,
  id: number,
  input: z.input<typeof applicatorLicenceInputSchema>,
  deps: CheckoutDeps,
) {
  const l = checkedLicence(input, deps);
  const row = await licencesRepo.updateLicence(db, caller.userId, id, l);
  if (!row) throw new AppError('not_found');
  return {
    id: row.id,
    holderName: row.holderName,
    licenceNumber: row.licenceNumber,
    jurisdiction: row.jurisdiction,
    expiresOn: row.expiresOn,
    valid: true,
  };
}
export async function deleteLicence(db: Db, caller: Caller, id: number): Promise<void> {
  const ok = await db.transaction(async (tx) => {
    const deleted = await licencesRepo.deleteLicence(tx, caller.userId, id);
    if (deleted) await deleteUploadsOf(tx, caller.userId, licenceUploadParent(id)); // its scans go with it
    return deleted;
  });
  if (!ok) throw new AppError('not_found');
}
