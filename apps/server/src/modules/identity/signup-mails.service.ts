// The signup mails (docs/decisions/012): the confirmation link of an address nobody has proved yet (an account is
// created only when it is followed), the welcome link of an account an admin created, and the "someone tried to sign
// up with your address" mail to an address that has an account. At most SIGNUP_MAILS_PER_ADDRESS per address.

import { signupReasonFor, type SignupForm, type SignupResponse } from '@granary/domain';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { incrementCounter } from '../../platform/rate-limit-store.ts';
import { audit } from '../../platform/audit.ts';
import { issueToken } from './tokens.service.ts';
import { findUserByEmail, type UserRow } from './users.repo.ts';
import { linkOrigin } from './links.ts';
import type { Call, SignupExtras } from './signup-account.service.ts';

/** The link of a signup by e-mail works once, for an hour (docs/decisions/012). */
const SIGNUP_LINK_TTL_MS = 60 * 60_000;
/** The welcome link of an account an admin created: a day, as it may be read later. */
export const ADMIN_SIGNUP_LINK_TTL_MS = 24 * 60 * 60_000;
/** Signup mails one address gets per window; beyond it the answer is the same but nothing is sent. */
const SIGNUP_MAILS_PER_ADDRESS = { max: 3, windowMs: 60 * 60_000 } as const;

export async function sendSignupLink(
  call: Call,
  email: string,
  token: string,
  options: { reason: string | null; native: boolean; admin: boolean; userId: string | null },
): Promise<void> {
  const { ctx, request, partner } = call;
  const slug = signupReasonFor(options.reason)?.slug;
  const params = new URLSearchParams({ token });
  if (options.native) params.set('native_app', '1');
  const path = `/signup-jit-verify${slug ? `/${slug}` : ''}?${params.toString()}`;
  // Nothing the requester typed (names, notes) goes into a mail to an address not yet proved theirs.
  await sendMail(ctx.database.db, {
    template: options.admin ? 'signup_admin_welcome' : 'signup_confirm',
    data: { path },
    ctx: mailContext(partner, linkOrigin(ctx, request, partner)),
    recipient: email,
    userId: options.userId,
  });
}

/** The owner of an address someone tried to sign up with is told, and shown how to get in. */
async function sendAlreadyRegistered(call: Call, user: UserRow): Promise<void> {
  const { ctx, request, partner } = call;
  await sendMail(ctx.database.db, {
    template: 'signup_already_registered',
    data: { firstName: user.firstName },
    ctx: mailContext(partner, linkOrigin(ctx, request, partner)),
    recipient: user.email,
    userId: user.id,
  });
}

/**
 * The answer to an e-mail nobody has proved to own: always {kind:'email_sent'}. A new address gets a
 * confirmation link (the account is created when it is followed); an address that already has an account
 * gets a "someone tried to sign up" mail. Both cost one token-or-audit write and one outbox write.
 */
export async function answerByEmail(
  call: Call,
  form: SignupForm,
  extras: SignupExtras,
  payload: Record<string, unknown>,
): Promise<SignupResponse> {
  const { ctx, request } = call;
  const db = ctx.database.db;
  const email = (form.email ?? '').toLowerCase();
  const { current } = await incrementCounter(db, `signup-mail:${email}`, SIGNUP_MAILS_PER_ADDRESS.windowMs);
  if (current <= SIGNUP_MAILS_PER_ADDRESS.max) {
    const existing = await findUserByEmail(db, email);
    if (existing) {
      if (existing.status !== 'deleted') await sendAlreadyRegistered(call, existing);
      await audit(db, request, {
        actorUserId: null,
        action: 'signup_existing_email',
        targetType: 'user',
        targetId: existing.id,
      });
    } else {
      const { token } = await issueToken(db, 'email_verify', {
        identifier: email,
        ip: request.ip,
        ttlMs: SIGNUP_LINK_TTL_MS,
        payload: { workflow: 'signup', ...payload },
      });
      await sendSignupLink(call, email, token, {
        reason: extras.reason,
        native: extras.loginSource === 'ops',
        admin: false,
        userId: null,
      });
    }
  }
  return { kind: 'email_sent', email };
}
