// An account staff create for someone else outside the signup form (issue 16: an Australian farm business's owner,
// created from its ABN): no password, the e-mail not yet proved; the owner gets the same welcome link as an account an
// admin created through signup (docs/decisions/012), which verifies the address and signs them in.

import { USER_TYPE_IDS, verificationStatusFor, type WhiteLabelPartner } from '@granary/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { linkOrigin } from './links.ts';
import { ADMIN_SIGNUP_LINK_TTL_MS } from './signup-mails.service.ts';
import { issueToken } from './tokens.service.ts';
import { findUserByEmail, insertUser, type UserRow } from './users.repo.ts';

export type StaffCreatedAccount = {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  countryCode: '' | 'USA' | 'CAN' | 'AUS';
  postalCode: string | null;
  createdBy: string;
};

/** Whether an address already has an account (case-insensitive). */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== null;
}

/**
 * Creates a primary account with `db` (the caller's transaction) and queues its welcome mail in the same transaction:
 * nothing is sent when the caller's later writes fail.
 */
export async function createStaffAccount(
  ctx: AppContext,
  db: Db,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  account: StaffCreatedAccount,
): Promise<UserRow> {
  const email = account.email.trim().toLowerCase();
  const user = await insertUser(db, {
    email,
    firstName: account.firstName,
    lastName: account.lastName,
    phoneNumber: account.phoneNumber,
    verificationStatus: verificationStatusFor({
      emailVerified: false,
      phoneVerified: false,
      hasPhone: account.phoneNumber !== null,
      verificationInProgress: false,
    }),
    userType: USER_TYPE_IDS.PRIMARY_ACCOUNT,
    countryCode: account.countryCode,
    postalCode: account.postalCode,
    signupProfile: { createdBy: account.createdBy },
  });
  const { token } = await issueToken(db, 'email_verify', {
    userId: user.id,
    identifier: email,
    ip: request.ip,
    ttlMs: ADMIN_SIGNUP_LINK_TTL_MS,
    payload: { workflow: 'signup_admin', redirect: '/account' },
  });
  await sendMail(db, {
    template: 'signup_admin_welcome',
    data: { path: `/signup-jit-verify?${new URLSearchParams({ token }).toString()}` },
    ctx: mailContext(partner, linkOrigin(ctx, request, partner)),
    recipient: email,
    userId: user.id,
  });
  return user;
}
