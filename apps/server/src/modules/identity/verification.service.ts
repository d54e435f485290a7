// E-mail and phone verification (platform.md 4.1; docs/decisions/012): verifying the user's e-mail address or phone
// number, or an anonymous visitor's as a proof the signup accepts; changing the e-mail address (the new one proved by
// a code); skipping, cancelling and resetting a session. The code sessions themselves are
// verification-codes.service.ts.

import type { FastifyRequest } from 'fastify';
import { maskIdentifier, type VerificationSessionState, type WhiteLabelPartner } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { getSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { audit } from '../../platform/audit.ts';
import { endOtherSessions } from '../../platform/sessions.ts';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './users.repo.ts';
import { linkOrigin } from './links.ts';
import { cancelOpenSessions, updateVerificationSession, type VerificationSessionRow } from './verification.repo.ts';
import {
  channelOf,
  checkSessionCode,
  loadBoundSession,
  newBinding,
  normalizePhone,
  payloadOf,
  refreshVerificationStatus,
  resendCode,
  sessionGone,
  startCodeSession,
} from './verification-codes.service.ts';

// ---------------------------------------------------------------------------------------------------
// E-mail and phone verification sessions (session/email_verify/*, session/phone_number_verify/*,
// users/phone_number/sms_verify/*, email/update)

/** Workflow names: 'email_verify:<workflow>', 'phone_verify', and 'email_update' (changes the address). */
const EMAIL_UPDATE_WORKFLOW = 'email_update';
const PHONE_VERIFY_WORKFLOW = 'phone_verify';
const emailVerifyWorkflow = (workflow: string) => `email_verify:${workflow}`;
export const isEmailWorkflow = (w: string) => w.startsWith('email_verify:') || w === EMAIL_UPDATE_WORKFLOW;
export const isPhoneWorkflow = (w: string) => w === PHONE_VERIFY_WORKFLOW;

type SessionStateName = VerificationSessionState['state'];

function stateName(row: VerificationSessionRow): SessionStateName {
  if (row.verifiedAt) return 'verified';
  if (row.step === 'skipped' || row.step === 'cancelled') return row.step;
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return 'pending';
}

async function describeSession(db: Db, token: string, row: VerificationSessionRow): Promise<VerificationSessionState> {
  return {
    token,
    state: stateName(row),
    channel: channelOf(row),
    identifier: row.identifier ?? '',
    expiresAt: row.expiresAt.toISOString(),
    verificationStatus: row.userId ? await refreshVerificationStatus(db, row.userId) : null,
  };
}

/**
 * Starts verifying an e-mail address. Signed in: the user's own address (a new one goes through
 * email/update); already verified answers at once. Anonymous: any address, bound to the browser, with no
 * account looked up (the same answer for every address) — a verified anonymous session is a proof the
 * signup accepts (emailVerificationToken).
 */
export async function initiateEmailVerification(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  workflow: string,
  email: string | null,
): Promise<VerificationSessionState> {
  const db = ctx.database.db;
  const session = await getSession(ctx, request);
  const binding = await newBinding(ctx, request);
  if (session) {
    const user = session.user;
    if (email && email.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError('invalid_request', 'To verify another e-mail address, change your e-mail address first.');
    }
    await cancelOpenSessions(db, user.id, emailVerifyWorkflow(workflow));
    const started = await startCodeSession(ctx, request, partner, {
      workflow: emailVerifyWorkflow(workflow),
      step: user.emailVerifiedAt ? 'verified' : 'pending',
      channel: 'email',
      identifier: user.email,
      userId: user.id,
      binding,
      sendCode: !user.emailVerifiedAt,
    });
    await audit(db, request, { actorUserId: user.id, action: 'email_verification_started', details: { workflow } });
    return describeSession(db, started.token, started.row);
  }
  if (!email) throw new AppError('invalid_request', 'The email field is required.');
  const started = await startCodeSession(ctx, request, partner, {
    workflow: emailVerifyWorkflow(workflow),
    step: 'pending',
    channel: 'email',
    identifier: email.trim().toLowerCase(),
    userId: null,
    binding,
  });
  return describeSession(db, started.token, started.row);
}

/** Starts verifying a phone number: the user's (which becomes theirs once verified), or anonymously as a proof. */
export async function initiatePhoneVerification(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  phoneNumber: string | null,
): Promise<VerificationSessionState> {
  const db = ctx.database.db;
  const session = await getSession(ctx, request);
  const user = session?.user ?? null;
  const raw = phoneNumber?.trim() || user?.phoneNumber || '';
  if (!raw) throw new AppError('invalid_request', 'The phone number field is required.');
  const phone = normalizePhone(raw, user?.countryCode);
  if (!phone) throw new AppError('invalid_request', 'Invalid phone number');
  const binding = await newBinding(ctx, request);
  if (user) await cancelOpenSessions(db, user.id, PHONE_VERIFY_WORKFLOW);
  const already = user !== null && user.phoneVerifiedAt !== null && user.normalizedPhoneNumber === phone;
  const started = await startCodeSession(ctx, request, partner, {
    workflow: PHONE_VERIFY_WORKFLOW,
    step: already ? 'verified' : 'pending',
    channel: 'sms',
    identifier: phone,
    userId: user?.id ?? null,
    binding,
    payload: { entered: raw },
    sendCode: !already,
  });
  if (user) await audit(db, request, { actorUserId: user.id, action: 'phone_verification_started' });
  return describeSession(db, started.token, started.row);
}

/**
 * A right code verifies the session; for a signed-in user it also marks the address verified (an e-mail
 * update changes the address here, once the new address has proved itself).
 */
export async function verifySessionCode(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  token: string,
  code: string,
  accepts: (workflow: string) => boolean,
  /** Only a session of this user (the profile's own-phone calls). */
  userId?: string,
): Promise<VerificationSessionState> {
  const db = ctx.database.db;
  const row = await loadBoundSession(ctx, request, token, accepts);
  if (userId !== undefined && row.userId !== userId) throw sessionGone();
  if (row.step !== 'pending') throw new AppError('verification_step');
  await checkSessionCode(db, row, code);
  if (row.userId && row.workflow === EMAIL_UPDATE_WORKFLOW && row.identifier) {
    const owner = await findUserByEmail(db, row.identifier);
    if (owner && owner.id !== row.userId) {
      // The requester has just proved they own the address, so saying it is taken tells them nothing new.
      await updateVerificationSession(db, row.id, row.step, { codeHash: null, step: 'cancelled' });
      throw new AppError('email_taken');
    }
  }
  const verified = await updateVerificationSession(db, row.id, 'pending', {
    codeHash: null,
    step: 'verified',
    verifiedAt: new Date(),
  });
  if (!verified) throw sessionGone();
  if (verified.userId && verified.identifier) await applyVerified(ctx, request, partner, verified);
  return describeSession(db, token, verified);
}

async function applyVerified(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  row: VerificationSessionRow,
): Promise<void> {
  const db = ctx.database.db;
  const user = row.userId ? await findUserById(db, row.userId) : null;
  if (!user || !row.identifier) return;
  const now = new Date();
  if (row.workflow === EMAIL_UPDATE_WORKFLOW) {
    const previous = user.email;
    await updateUser(db, user.id, { email: row.identifier, emailVerifiedAt: now });
    await notifyEmailChanged(ctx, request, partner, user, previous, row.identifier);
    // Whoever else was signed in on the old address is signed out; this session stays.
    const session = await getSession(ctx, request);
    await endOtherSessions(db, user.id, session?.tokenHash);
    await audit(db, request, {
      actorUserId: user.id,
      action: 'email_updated',
      details: { from: maskIdentifier(previous), to: maskIdentifier(row.identifier) },
    });
  } else if (isEmailWorkflow(row.workflow)) {
    if (user.email.toLowerCase() === row.identifier.toLowerCase()) {
      await updateUser(db, user.id, { emailVerifiedAt: now });
      await audit(db, request, { actorUserId: user.id, action: 'email_verified' });
    }
  } else if (isPhoneWorkflow(row.workflow)) {
    const entered =
      typeof payloadOf(row)['entered'] === 'string' ? (payloadOf(row)['entered'] as string) : row.identifier;
    await updateUser(db, user.id, {
      phoneNumber: entered,
      normalizedPhoneNumber: row.identifier,
      phoneVerifiedAt: now,
    });
    await audit(db, request, {
      actorUserId: user.id,
      action: 'phone_verified',
      details: { phone: maskIdentifier(row.identifier) },
    });
  }
}

async function notifyEmailChanged(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  user: UserRow,
  previous: string,
  next: string,
): Promise<void> {
  await sendMail(ctx.database.db, {
    template: 'email_changed',
    data: { firstName: user.firstName, newAddress: maskIdentifier(next) },
    ctx: mailContext(partner, linkOrigin(ctx, request, partner)),
    recipient: previous,
    userId: user.id,
  });
}

/** email/update: a code to the new address; the address changes when the code is verified. */
export async function initiateEmailUpdate(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  user: UserRow,
  newEmail: string,
): Promise<VerificationSessionState> {
  const db = ctx.database.db;
  await cancelOpenSessions(db, user.id, EMAIL_UPDATE_WORKFLOW);
  const started = await startCodeSession(ctx, request, partner, {
    workflow: EMAIL_UPDATE_WORKFLOW,
    step: 'pending',
    channel: 'email',
    identifier: newEmail.trim().toLowerCase(),
    userId: user.id,
    binding: `user:${user.id}`,
  });
  await audit(db, request, { actorUserId: user.id, action: 'email_update_started' });
  return describeSession(db, started.token, started.row);
}

/** state/set: the person skips or cancels the verification; its code dies. */
export async function setSessionState(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
  state: 'skipped' | 'cancelled',
  accepts: (workflow: string) => boolean,
): Promise<VerificationSessionState> {
  const db = ctx.database.db;
  const row = await loadBoundSession(ctx, request, token, accepts);
  if (row.step !== 'pending') throw new AppError('verification_step');
  const updated = await updateVerificationSession(db, row.id, 'pending', { step: state, codeHash: null });
  if (!updated) throw new AppError('verification_step');
  return describeSession(db, token, updated);
}

/** reset: a new code for a pending session. */
export async function resetSessionCode(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  token: string,
  accepts: (workflow: string) => boolean,
): Promise<VerificationSessionState> {
  const row = await loadBoundSession(ctx, request, token, accepts);
  if (row.step !== 'pending') throw new AppError('verification_step');
  const updated = await resendCode(ctx, request, partner, row);
  return describeSession(ctx.database.db, token, updated);
}

/**
 * A verified anonymous (or own) proof for an identifier: the session behind `token` must be the caller's,
 * verified, of the right kind, for this identifier, and not used before. It is used up here.
 */
export async function consumeProof(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
  kind: 'email' | 'phone',
  identifier: string,
): Promise<boolean> {
  let row: VerificationSessionRow;
  try {
    row = await loadBoundSession(
      ctx,
      request,
      token,
      kind === 'email' ? (w) => w.startsWith('email_verify:') : isPhoneWorkflow,
    );
  } catch {
    return false;
  }
  if (row.step !== 'verified' || !row.verifiedAt || row.identifier?.toLowerCase() !== identifier.toLowerCase())
    return false;
  return (await updateVerificationSession(ctx.database.db, row.id, 'verified', { step: 'used' })) !== null;
}
