import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { PersonSummary, WhiteLabelPartner } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { SessionState } from '../../platform/sessions.ts';
import { adminReach } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { endOtherSessions } from '../../platform/sessions.ts';
import { setSessionActAs } from '../../platform/sessions.repo.ts';
import { hashPassword } from './passwords.ts';
import { findUserById, findUserByLegacyId, updateUser, type UserRow } from './users.repo.ts';
import { voidUserTokens } from './tokens.repo.ts';
import { clearLoginFailures } from './login-failures.repo.ts';
import { linkOrigin } from './links.ts';

export const ACT_AS_SCOPES = ['full', 'read_only'] as const;
export type ActAsScope = (typeof ACT_AS_SCOPES)[number];

export function personSummary(user: UserRow): PersonSummary {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}

/** A user id as admin screens send it: the uuid, or the legacy number. */
async function findUserByAnyId(ctx: AppContext, id: string | number): Promise<UserRow | null> {
  const text = String(id).trim();
  if (/^\d{1,12}$/.test(text)) return findUserByLegacyId(ctx.database.db, Number(text));
  return findUserById(ctx.database.db, text);
}

/**
 * The user an admin asks to administer under a permission, or an error: unknown users and users out of
 * the admin's reach (another partner) get the same 404, so user ids of other partners can't be probed.
 */
async function reachableUser(
  ctx: AppContext,
  admin: UserRow,
  userId: string | number,
  permission: string,
): Promise<UserRow> {
  const target = await findUserByAnyId(ctx, userId);
  const verdict = target ? adminReach(admin, target, permission) : 'out_of_reach';
  if (!target || verdict === 'out_of_reach') throw new AppError('not_found', 'There is no such user.');
  if (verdict === 'forbidden') throw new AppError('forbidden', 'You can not do this for this user.');
  return target;
}

/** Starts (or switches) acting as a user on the admin's current session. */
export async function startActingAs(
  ctx: AppContext,
  request: FastifyRequest,
  state: SessionState,
  userId: string | number,
  scope: ActAsScope,
): Promise<UserRow> {
  // While already acting, the admin is the actor: the permission and the rule are theirs, never the target's.
  const admin = state.actor ?? state.user;
  const target = await reachableUser(ctx, admin, userId, 'act-as');
  const db = ctx.database.db;
  if (state.actor) {
    await audit(db, request, {
      actorUserId: admin.id,
      actingAsUserId: state.user.id,
      action: 'act_as_end',
      targetType: 'user',
      targetId: state.user.id,
      details: { reason: 'switched' },
    });
  }
  await setSessionActAs(db, state.tokenHash, target.id, scope);
  await audit(db, request, {
    actorUserId: admin.id,
    actingAsUserId: target.id,
    action: 'act_as_start',
    targetType: 'user',
    targetId: target.id,
    details: { scope },
  });
  return target;
}

export async function stopActingAs(ctx: AppContext, request: FastifyRequest, state: SessionState): Promise<void> {
  if (!state.actor) return;
  await setSessionActAs(ctx.database.db, state.tokenHash, null, null);
  await audit(ctx.database.db, request, {
    actorUserId: state.actor.id,
    actingAsUserId: state.user.id,
    action: 'act_as_end',
    targetType: 'user',
    targetId: state.user.id,
    details: { reason: 'dropped' },
  });
}

export async function changeActAsScope(
  ctx: AppContext,
  request: FastifyRequest,
  state: SessionState,
  scope: ActAsScope,
): Promise<void> {
  if (!state.actor) throw new AppError('invalid_request', 'You are not acting as another user.');
  await setSessionActAs(ctx.database.db, state.tokenHash, state.user.id, scope);
  await audit(ctx.database.db, request, {
    actorUserId: state.actor.id,
    actingAsUserId: state.user.id,
    action: 'act_as_scope',
    targetType: 'user',
    targetId: state.user.id,
    details: { from: state.session.actAsScope ?? 'full', to: scope },
  });
}

/** No look-alike characters (0/O, 1/l/I), so it can be typed from the e-mail. */
const OTP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const OTP_LENGTH = 16;

function oneTimePassword(): string {
  let out = '';
  for (let i = 0; i < OTP_LENGTH; i++) out += OTP_ALPHABET[randomInt(0, OTP_ALPHABET.length)];
  return out;
}

/**
 * admin/password-reset: gives the user a random one-time password (only its hash kept) and mails it. The
 * old password stops working, every session of the user ends, pending reset and sign-in links die and the
 * lockout is lifted; the next password sign-in answers oneTimePassword: true and leads to
 * /onetime-password/reset.
 */
export async function adminResetPassword(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  admin: UserRow,
  userId: string | number,
): Promise<void> {
  const db = ctx.database.db;
  const target = await reachableUser(ctx, admin, userId, 'reset-password');
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await updateUser(tx, target.id, {
      passwordHash,
      passwordChangedAt: new Date(),
      oneTimePassword: true,
    });
    await endOtherSessions(tx, target.id);
    await voidUserTokens(tx, 'password_reset', target.id);
    await voidUserTokens(tx, 'magic_link', target.id);
    await clearLoginFailures(tx, target.email);
    await sendMail(tx, {
      template: 'admin_password_reset',
      data: { firstName: target.firstName, password },
      ctx: mailContext(partner, linkOrigin(ctx, request, partner)),
      recipient: target.email,
      userId: target.id,
    });
    await audit(tx, request, {
      actorUserId: admin.id,
      action: 'admin_password_reset',
      targetType: 'user',
      targetId: target.id,
    });
  });
}
