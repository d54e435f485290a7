// What the CRM administrator's invitations (issue 15) use of identity: the link's single-use secret (auth token of
// purpose 'invitation', hashed, 7 days), the password rules of a new account (decision 024), creating the invited
// person's account as signup does, and signing them in. Reached through identity.public.ts.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { USER_TYPE_IDS, verificationStatusFor } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { getSession } from '../../platform/access.ts';
import { completeSignIn } from './sign-in.ts';
import { hashPassword, passwordProblem, personalWords } from './passwords.ts';
import { consumeToken, issueToken, peekToken } from './tokens.service.ts';
import { markUsed } from './tokens.repo.ts';
import { findUserByEmail, insertUser, updateUser, type UserRow } from './users.repo.ts';
import { normalizePhone } from './verification-codes.service.ts';

export type InvitationLink = { token: string; tokenId: string; expiresAt: Date };

/** A new invitation link for an e-mail address; only its hash is stored. */
export async function issueInvitationLink(db: Db, email: string): Promise<InvitationLink> {
  const issued = await issueToken(db, 'invitation', { identifier: email });
  return { token: issued.token, tokenId: issued.row.id, expiresAt: issued.row.expiresAt };
}

/** The live link's token id, or null when unknown, used or expired. */
export async function liveInvitationLink(db: Db, token: string): Promise<string | null> {
  return (await peekToken(db, 'invitation', token))?.id ?? null;
}

/** Uses the link up (once: a second accept finds nothing); its token id, or null. */
export async function useInvitationLink(db: Db, token: string): Promise<string | null> {
  return (await consumeToken(db, 'invitation', token))?.id ?? null;
}

/** Voids a link (a resend or a revoke). */
export async function voidInvitationLink(db: Db, tokenId: string): Promise<void> {
  await markUsed(db, tokenId);
}

/** Why a new account's password is refused (decision 024), or null. */
export function newPasswordProblem(
  password: string,
  person: { email: string; firstName: string; lastName: string },
): Promise<string | null> {
  return passwordProblem(password, personalWords(person));
}

/** A phone number in E.164, or null when it is not a valid number (libphonenumber). */
export function validPhone(input: string): string | null {
  return normalizePhone(input);
}

export function accountByEmail(db: Db, email: string): Promise<UserRow | null> {
  return findUserByEmail(db, email);
}

/** The signed-in user of the request (not an acted-as one), or null. */
export async function signedInUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow | null> {
  const session = await getSession(ctx, request);
  return session && !session.actor ? session.user : null;
}

export type InvitedAccount = {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  password: string;
  partnerId: string;
};

/**
 * The invited person's account: their e-mail is verified (they came through the link sent to it), the grain buying
 * experience, the partner. Null when the address was taken meanwhile (unique index).
 */
export async function createInvitedAccount(ctx: AppContext, account: InvitedAccount): Promise<UserRow | null> {
  const now = new Date();
  const passwordHash = await hashPassword(account.password);
  try {
    // In a savepoint: the request's transaction must stay usable after a duplicate e-mail is refused.
    return await ctx.database.db.transaction((tx) =>
      insertUser(tx, {
        email: account.email.toLowerCase(),
        firstName: account.firstName,
        lastName: account.lastName,
        phoneNumber: account.phoneNumber,
        passwordHash,
        passwordChangedAt: now,
        emailVerifiedAt: now,
        verificationStatus: verificationStatusFor({
          emailVerified: true,
          phoneVerified: false,
          hasPhone: account.phoneNumber !== null,
          verificationInProgress: false,
        }),
        userType: USER_TYPE_IDS.PRIMARY_ACCOUNT,
        experiences: { grain_buying: true },
        partnerId: account.partnerId,
        tosAcceptedAt: now,
      }),
    );
  } catch (err) {
    if (/users_email_lower_idx|duplicate key/i.test(String((err as { message?: unknown }).message ?? err))) return null;
    throw err;
  }
}

/** An existing account joins the partner's CRM (it accepted while signed in as itself). */
export async function joinPartner(
  db: Db,
  user: UserRow,
  join: { partnerId: string; firstName: string; lastName: string },
): Promise<UserRow | null> {
  return updateUser(db, user.id, {
    partnerId: join.partnerId,
    firstName: join.firstName,
    lastName: join.lastName,
    experiences: { ...user.experiences, grain_buying: true },
  });
}

/** Signs the new account in (a fresh session; audited as a signup). */
export async function signInInvited(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  await completeSignIn(ctx, request, reply, user, 'signup');
}
