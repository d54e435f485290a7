import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WhiteLabelPartner } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { audit } from '../../platform/audit.ts';
import { burnVerifyTime, verifyPassword } from './passwords.ts';
import { completeSignIn } from './sign-in.ts';
import { issueToken } from './tokens.service.ts';
import { findUserByEmail, type UserRow } from './users.repo.ts';
import { linkOrigin } from './links.ts';
import {
  claimLockMail,
  clientNetwork,
  countLoginFailure,
  loginFailures,
  mostLoginFailures,
} from './login-failures.repo.ts';
import { mergeGuestCartAtSignIn } from '../cart/cart.public.ts';

/**
 * Soft lockout: this many failed passwords for one e-mail from one client network (login-failures.repo.ts) within
 * the window lock that e-mail from that network for LOCK_MS; the owner still signs in from any other network, and
 * by the mailed direct link. At most one lock e-mail per account per LOCK_MS, however many networks lock it.
 */
const LOCKOUT = { failures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

const LOCKED_DESCRIPTION =
  'Your account was locked after multiple failed sign-in attempts. Check your e-mail for a direct login link, or wait a while before trying again.';

function lockedError(): AppError {
  return new AppError('account_locked', undefined, { description: LOCKED_DESCRIPTION });
}

/** Sends the locked-account e-mail with a direct (magic) login link. */
async function sendLockedEmail(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  user: UserRow,
): Promise<void> {
  const { token } = await issueToken(ctx.database.db, 'magic_link', {
    userId: user.id,
    identifier: user.email,
    ip: request.ip,
  });
  await sendMail(ctx.database.db, {
    template: 'account_locked',
    data: { firstName: user.firstName, path: `/login/magic?token=${encodeURIComponent(token)}` },
    ctx: mailContext(partner, linkOrigin(ctx, request, partner)),
    recipient: user.email,
    userId: user.id,
  });
}

export type PasswordLoginResult = { user: UserRow; token: string };

/** Whether password sign-ins of an address are locked from some client network now (the staff area shows it; unlock lifts it). */
export async function isLockedOut(db: Db, email: string): Promise<boolean> {
  return (await mostLoginFailures(db, email)) >= LOCKOUT.failures;
}

/** Password sign-in with lockout; the same answer and similar time for unknown e-mails and wrong passwords. */
export async function passwordLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  partner: WhiteLabelPartner,
  email: string,
  password: string,
): Promise<PasswordLoginResult> {
  const db = ctx.database.db;
  // Failures are counted per e-mail address (whether or not an account has it, so known and unknown addresses get
  // the same answers) and per client network (so that nobody can lock the owner out of their own network).
  if ((await loginFailures(db, email, request.ip)) >= LOCKOUT.failures) {
    await burnVerifyTime(password);
    throw lockedError();
  }
  const user = await findUserByEmail(db, email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : (await burnVerifyTime(password), false);
  if (!user || !ok) {
    const failures = await countLoginFailure(db, email, request.ip, LOCKOUT.windowMs);
    if (failures >= LOCKOUT.failures) {
      if (user && failures === LOCKOUT.failures) {
        const mailed = await claimLockMail(db, user.email, LOCKOUT.lockMs);
        if (mailed) await sendLockedEmail(ctx, request, partner, user);
        await audit(db, request, {
          actorUserId: null,
          action: 'account_locked',
          targetType: 'user',
          targetId: user.id,
          details: { network: clientNetwork(request.ip), mailed },
        });
      }
      throw lockedError();
    }
    throw new AppError('invalid_credentials');
  }
  const token = await completeSignIn(ctx, request, reply, user, 'password');
  // The browser's guest cart joins the user's cart now (other sign-ins: on the first cart call).
  await mergeGuestCartAtSignIn(ctx, request, reply, user.id);
  return { user, token };
}

/** A direct login link (magic link) for a known user; unknown addresses get the same answer and no mail. */
export async function sendMagicLink(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  user: UserRow | null,
  redirect: string | null,
  native: boolean,
): Promise<void> {
  if (!user || user.status !== 'active') return;
  const { token } = await issueToken(ctx.database.db, 'magic_link', {
    userId: user.id,
    identifier: user.email,
    redirect,
    ip: request.ip,
    payload: { native },
  });
  const params = new URLSearchParams({ token });
  if (redirect) params.set('redirect', redirect);
  if (native) params.set('native_app', '1');
  await sendMail(ctx.database.db, {
    template: 'magic_link',
    data: { firstName: user.firstName, path: `/login/magic?${params.toString()}` },
    ctx: mailContext(partner, linkOrigin(ctx, request, partner)),
    recipient: user.email,
    userId: user.id,
  });
}

export async function sendPasswordReset(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  user: UserRow,
  token: string,
): Promise<void> {
  await sendMail(ctx.database.db, {
    template: 'password_reset',
    data: { firstName: user.firstName, path: `/password/exchange/${encodeURIComponent(token)}` },
    ctx: mailContext(partner, linkOrigin(ctx, request, partner)),
    recipient: user.email,
    userId: user.id,
  });
}
