// Australian business numbers (platform.md 3.6, 6.5; decision 051): the `abn/:abnNumber?` lookup and the staff's
// create-australian-account: a farm business named as the register names it, its owner (a new account with the
// welcome link of docs/decisions/012) and its ABN record, written together or not at all.

import { isValidAbn, normalizeAbn, type AbnRecordWire, type WhiteLabelPartner } from '@granary/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { createStaffAccount, emailTaken, phoneInUse, validPhone } from '../identity/identity.public.ts';
import type { AbnRegister, AbnRegisterRecord } from './abn-register.ts';
import * as repo from './abn.repo.ts';

export function abnView(r: AbnRegisterRecord): AbnRecordWire {
  return {
    abn: r.abn,
    entity_name: r.entityName,
    state: r.state,
    post_code: r.postalCode,
    gst: r.gst,
    active: r.isActive,
  };
}

/** The register's record of an ABN: 400 invalid_abn when the number cannot be one, 404 abn_not_found when unknown. */
export async function lookupAbn(register: AbnRegister, input: string): Promise<AbnRegisterRecord> {
  const abn = normalizeAbn(input);
  if (!abn || !isValidAbn(abn)) throw new AppError('invalid_abn');
  const record = await register.lookup(abn);
  if (!record) throw new AppError('abn_not_found');
  return record;
}

/** The ABN record kept on the caller's farm business, or null (not Australian, or none recorded). */
export async function abnOfEnterprise(db: Db, enterpriseId: number | null): Promise<AbnRegisterRecord | null> {
  return enterpriseId === null ? null : repo.abnOfEnterprise(db, enterpriseId);
}

export type AustralianAccountInput = {
  abn: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
};

/**
 * Checks everything first (the request's transaction commits a refusal, so nothing may be written before one):
 * a valid ABN the register knows and lists as active, not already on a farm business, an e-mail and a mobile number
 * without an account. Staff creating a user get the admin errors of platform.md 8.4: 'The mobile phone number is
 * invalid', 'User email or phone number already taken'.
 */
export async function createAustralianAccount(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  register: AbnRegister,
  staffUserId: string,
  input: AustralianAccountInput,
) {
  const db = ctx.database.db;
  const record = await lookupAbn(register, input.abn);
  if (!record.isActive) throw new AppError('abn_inactive');
  if (await repo.enterpriseOfAbn(db, record.abn)) throw new AppError('abn_taken');
  const phone = input.phoneNumber ? validPhone(input.phoneNumber) : null;
  if (input.phoneNumber && !phone) throw new AppError('phone_invalid');
  if ((await emailTaken(db, input.email)) || (phone && (await phoneInUse(db, phone)))) throw new AppError('user_taken');
  const created = await db.transaction(async (tx) => {
    const owner = await createStaffAccount(ctx, tx, request, partner, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: phone,
      countryCode: 'AUS',
      postalCode: record.postalCode,
      createdBy: staffUserId,
    });
    const enterprise = await repo.insertAustralianEnterprise(tx, owner.id, record);
    await audit(tx, request, {
      actorUserId: staffUserId,
      action: 'australian_account_created',
      targetType: 'enterprise',
      targetId: String(enterprise.id),
      details: { abn: record.abn, ownerUserId: owner.id },
    });
    return { owner, enterprise };
  });
  return {
    enterprise_id: created.enterprise.id,
    enterprise_public_id: created.enterprise.publicId,
    enterprise_name: record.entityName,
    owner_user_id: created.owner.id,
    owner_email: created.owner.email,
    abn: abnView(record),
  };
}
