// The signup mails (docs/decisions/012): the confirmation link of an address nobody has proved yet (an account is
// created only when it is followed), the welcome link of an account an admin created, and the "someone tried to sign
// up with your address" mail to an address that has an account. At most SIGNUP_MAILS_PER_ADDRESS per address.

import { signupReasonFor, type SignupForm, type SignupResponse } from '@granary/domain';
import { enqueueMessage } from '../../platform/outbox.ts';
import { incrementCounter } from '../../platform/rate-limit-store.ts';
import { audit } from '../../platform/audit.ts';
import { issueToken } from './tokens.service.ts';
import { findUserByEmail, type UserRow } from './users.repo.ts';
import { emailHtml, linkOrigin } from './links.ts';
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
  const url = `${linkOrigin(ctx, request, partner)}/signup-jit-verify${slug ? `/${slug}` : ''}?${params.toString()}`;
  const brand = partner.branding.tradeName;
  // Nothing the requester typed (names, notes) goes into a mail to an address not yet proved theirs.
  const lines = options.admin
    ? [
        `Our team created a ${brand} account for this e-mail address.`,
        'Confirm your e-mail address and sign in with the button below. The link works once and expires in 24 hours.',
        `If you did not expect this, ignore this e-mail or tell us at ${partner.branding.supportEmail}.`,
      ]
    : [
        `Someone, hopefully you, asked to create a ${brand} account with this e-mail address.`,
        'Confirm it with the button below to finish signing up. The link works once and expires in 60 minutes.',
        'If it was not you, ignore this e-mail: no account is created without it.',
      ];
  await enqueueMessage(ctx.database.db, {
    channel: 'email',
    recipient: email,
    subject: options.admin
      ? `Your ${partner.branding.shortName} account is ready`
      : `Confirm your e-mail to finish signing up`,
    text: `${lines.join('\n\n')}\n\nConfirm: ${url}\n`,
    html: emailHtml(partner, lines, { label: options.admin ? 'Confirm and sign in' : 'Confirm my e-mail', url }),
    template: options.admin ? 'signup_admin_welcome' : 'signup_confirm',
    userId: options.userId,
  });
}

/** The owner of an address someone tried to sign up with is told, and shown how to get in. */
async function sendAlreadyRegistered(call: Call, user: UserRow): Promise<void> {
  const { ctx, request, partner } = call;
  const origin = linkOrigin(ctx, request, partner);
  const url = `${origin}/sign-in/magic_link`;
  const lines = [
    `Hi ${user.firstName ?? 'there'},`,
    `Someone, maybe you, tried to sign up for ${partner.branding.tradeName} with this e-mail address. You already have an account, so nothing was created or changed.`,
    'If it was you, sign in with the button below (we can e-mail you a sign-in link) or reset your password from the sign-in page.',
    'If it was not you, you can ignore this e-mail: nobody can get into your account with it.',
  ];
  await enqueueMessage(ctx.database.db, {
    channel: 'email',
    recipient: user.email,
    subject: `Someone tried to sign up with your e-mail address`,
    text: `${lines.join('\n\n')}\n\nSign in: ${url}\n`,
    html: emailHtml(partner, lines, { label: 'Sign in', url }),
    template: 'signup_already_registered',
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
