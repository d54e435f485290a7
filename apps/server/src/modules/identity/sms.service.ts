import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WhiteLabelPartner } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { BotCheck } from '../../platform/bot-check.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import { incrementCounter } from '../../platform/rate-limit-store.ts';
import { audit } from '../../platform/audit.ts';
import { hostName } from '../partners/partners.public.ts';
import { issueToken, verifyCode, TOKEN_TTL_MS } from './tokens.service.ts';
import { findUserById, type UserRow } from './users.repo.ts';
import { completeSignIn } from './sign-in.ts';
import { linkOrigin } from './links.ts';
import { findActiveUsersByPhone } from './sms.repo.ts';
import { normalizePhone } from './verification-codes.service.ts';

/** SMS sign-in codes a phone number may be sent per window, whoever asks (cost and SMS-bombing guard). */
export const SMS_PER_PHONE = { max: 5, windowMs: 60 * 60_000 } as const;
/** Wrong codes allowed per code before it dies. */
export const SMS_MAX_ATTEMPTS = 5;

/**
 * login/sms/initiate: the same answer — a verification token — for every valid number, whether or not an
 * account has it (no enumeration); a code is texted only when exactly one active account has verified the
 * number (an unverified number may be someone else's: texting it would hand them the account).
 * The token and its code are single use, hashed, 10 minutes, SMS_MAX_ATTEMPTS tries.
 * Like every call that sends a code, it wants a solved bot check (action generate_one_time_password), checked
 * after the number (a typo does not burn the token) and before the number's quota is counted (bots can't use up
 * the owner's codes).
 */
export async function initiateSmsLogin(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  phoneNumber: string,
  redirect: string | null,
  bot: { botCheck: BotCheck; token: string | undefined },
): Promise<string> {
  const db = ctx.database.db;
  // E.164 as in users.normalized_phone_number; no country code means North American (the signup rule).
  const phone = normalizePhone(phoneNumber);
  if (!phone) throw new AppError('invalid_request', 'The phone number format is invalid.');
  const verdict = await bot.botCheck.verify('generate_one_time_password', bot.token, request.ip);
  if (verdict !== 'ok') throw new AppError('bot_check_failed', verdict);
  const { current } = await incrementCounter(db, `sms-login:${phone}`, SMS_PER_PHONE.windowMs);
  if (current > SMS_PER_PHONE.max) {
    throw new AppError(
      'rate_limited',
      'Too many codes were sent to this phone number. Please wait a while before trying again.',
    );
  }
  // A number shared by several accounts can't say whom to sign in: treated like an unknown number.
  const matches = await findActiveUsersByPhone(db, phone);
  const user: UserRow | null = matches.length === 1 ? (matches[0] ?? null) : null;
  const { token, code } = await issueToken(db, 'sms_login', {
    userId: user?.id ?? null,
    identifier: phone,
    redirect,
    ip: request.ip,
    withCode: true,
    maxAttempts: SMS_MAX_ATTEMPTS,
  });
  if (user && code) {
    const minutes = Math.round(TOKEN_TTL_MS.sms_login / 60_000);
    const domain = hostName(new URL(linkOrigin(ctx, request, partner)).host);
    await enqueueMessage(db, {
      channel: 'sms',
      recipient: phone,
      // The last line is the WebOTP format, so browsers can offer to fill the code in.
      text: `${code} is your ${partner.branding.shortName} sign-in code. It expires in ${minutes} minutes. Never share it.\n\n@${domain} #${code}`,
      template: 'sms_login',
      userId: user.id,
    });
    await audit(db, request, {
      actorUserId: null,
      action: 'sms_login_code_sent',
      targetType: 'user',
      targetId: user.id,
    });
  }
  return token;
}

/** login/sms/verify: a right code signs in (a fresh session); wrong, expired and used codes fail alike for every number. */
export async function verifySmsLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  verificationToken: string,
  code: string,
): Promise<{ user: UserRow; redirect: string | null }> {
  const db = ctx.database.db;
  const check = await verifyCode(db, 'sms_login', verificationToken, code.replace(/[\s-]/g, ''));
  if (!check.ok) {
    if (check.reason === 'invalid') throw new AppError('code_invalid');
    throw new AppError(
      'link_invalid',
      check.reason === 'too_many_attempts'
        ? 'Too many incorrect codes. Ask for a new code.'
        : 'This code is no longer valid. Ask for a new code.',
    );
  }
  const user = check.row.userId ? await findUserById(db, check.row.userId) : null;
  // A number no account has: no code was ever sent, so even a lucky guess is just a wrong code.
  if (!user) throw new AppError('code_invalid');
  await completeSignIn(ctx, request, reply, user, 'sms');
  return { user, redirect: check.row.redirect };
}
