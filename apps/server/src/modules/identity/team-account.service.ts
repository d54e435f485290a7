// What a farm business's team invitations (issue 16, decision 052) use of identity beyond the CRM's invitation link:
// the invited person's new account (a farm account of the role's user type), and the account a phone invitation
// names. Reached through identity.public.ts.

import { verificationStatusFor } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { hashPassword } from './passwords.ts';
import { findActiveUsersByPhone } from './sms.repo.ts';
import { insertUser, type UserRow } from './users.repo.ts';

export type TeamAccount = {
  email: string;
  firstName: string;
  lastName: string;
  /** E.164, or null. */
  phoneNumber: string | null;
  /** The invitation came to this address (e-mail) or this phone (SMS): it is verified. */
  verified: 'email' | 'phone';
  password: string;
  userType: number;
};

/**
 * The invited person's account: a farm account (the agronomics experience) of the role's user type (platform.md 6.3),
 * with the e-mail or phone the invitation reached verified. Null when the e-mail address was taken meanwhile.
 */
export async function createTeamAccount(ctx: AppContext, account: TeamAccount): Promise<UserRow | null> {
  const now = new Date();
  const passwordHash = await hashPassword(account.password);
  const emailVerified = account.verified === 'email';
  const phoneVerified = account.verified === 'phone';
  try {
    // In a savepoint: the request's transaction must stay usable after a duplicate e-mail is refused.
    return await ctx.database.db.transaction((tx) =>
      insertUser(tx, {
        email: account.email.toLowerCase(),
        firstName: account.firstName,
        lastName: account.lastName,
        phoneNumber: account.phoneNumber,
        normalizedPhoneNumber: account.phoneNumber,
        passwordHash,
        passwordChangedAt: now,
        emailVerifiedAt: emailVerified ? now : null,
        phoneVerifiedAt: phoneVerified ? now : null,
        verificationStatus: verificationStatusFor({
          emailVerified,
          phoneVerified,
          hasPhone: account.phoneNumber !== null,
          verificationInProgress: false,
        }),
        userType: account.userType,
        experiences: { enterprise_agronomics: true },
        tosAcceptedAt: now,
      }),
    );
  } catch (err) {
    if (/users_email_lower_idx|duplicate key/i.test(String((err as { message?: unknown }).message ?? err))) return null;
    throw err;
  }
}

/** Whether an active account already uses this E.164 number as its verified phone. */
export async function phoneInUse(db: Db, phone: string): Promise<boolean> {
  return (await findActiveUsersByPhone(db, phone, 1)).length > 0;
}
