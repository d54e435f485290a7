import type { FastifyRequest } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  VERIFICATION_CODE_PATTERN,
  countryByCode,
  maskIdentifier,
  verificationStatusFor,
  type VerificationSessionState,
  type VerificationStatus,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { anonymousIdOf, getSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import { incrementCounter } from '../../platform/rate-limit-store.ts';
import { audit } from '../../platform/audit.ts';
import { endOtherSessions } from '../../platform/sessions.ts';
import { hostName } from '../partners/partners.public.ts';
import { sixDigitCode } from './tokens.service.ts';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './users.repo.ts';
import { emailHtml, linkOrigin } from './links.ts';
import {
  cancelOpenSessions,
  countSessionAttempt,
  findVerificationSession,
  hasOpenVerificationSession,
  insertVerificationSession,
  updateVerificationSession,
  type VerificationSessionRow,
} from './verification.repo.ts';

/** Lifetimes and limits of verification codes (docs/decisions/012). */
export const VERIFICATION_LIMITS = {
  /** A code sent by e-mail may take a while to arrive and be read. */
  emailCodeTtlMs: 15 * 60_000,
  smsCodeTtlMs: 10 * 60_000,
  /** The whole verification (all its codes and steps) must be done within this time. */
  sessionTtlMs: 60 * 60_000,
  /** Wrong codes before a code dies. */
  maxAttempts: 5,
  /** Codes one session may send: the first and three resends. */
  maxSends: 4,
  /** Codes one e-mail address or phone number may be sent per window, whoever asks. */
  perIdentifier: { max: 5, windowMs: 60 * 60_000 },
} as const;

export type Channel = 'email' | 'sms';

/** The session payload fields this module relies on. */
export type SessionPayload = {
  /** Whom the session belongs to: 'user:<id>' or 'anon:<sha256 of the anonymous id>'. */
  binding?: string;
  codeExpiresAt?: number;
  sends?: number;
  [key: string]: unknown;
};

export function payloadOf(row: VerificationSessionRow): SessionPayload {
  return row.payload as SessionPayload;
}

export function channelOf(row: VerificationSessionRow): Channel {
  return row.identifierType === 'phone' ? 'sms' : 'email';
}

/** Expired, used up, unknown or someone else's: one answer for all, so a token can't be probed. */
export function sessionGone(message = 'This code is no longer valid. Ask for a new one.'): AppError {
  return new AppError('link_invalid', message);
}

/**
 * A phone number in E.164, or null when it is not a valid number. Numbers without a country code are
 * read in the country given (the user's), North American otherwise.
 */
export function normalizePhone(input: string, countryCode?: string | null): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 40) return null;
  const parsed = parsePhoneNumberFromString(trimmed, countryByCode(countryCode)?.code2 ?? 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** Who is asking: the signed-in user and/or the anonymous visitor id of the browser. */
export async function callerBindings(ctx: AppContext, request: FastifyRequest): Promise<string[]> {
  const bindings: string[] = [];
  const session = await getSession(ctx, request);
  if (session) bindings.push(`user:${session.user.id}`);
  const anon = anonymousIdOf(request);
  if (anon) bindings.push(`anon:${sha256(anon)}`);
  return bindings;
}

/** The binding a new session gets: the signed-in user, else the browser's anonymous id. */
export async function newBinding(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const [first] = await callerBindings(ctx, request);
  if (!first) throw new AppError('invalid_request', 'Load the page again (the visitor cookie is missing).');
  return first;
}

function codeHashFor(tokenHash: string, code: string): string {
  return sha256(`${tokenHash}:${code}`);
}

function codeTtl(channel: Channel): number {
  return channel === 'sms' ? VERIFICATION_LIMITS.smsCodeTtlMs : VERIFICATION_LIMITS.emailCodeTtlMs;
}

/** Counts a code sent to an identifier; too many in the window is a 429 (a guard against mail/SMS bombing). */
async function throttleSends(db: Db, channel: Channel, identifier: string): Promise<void> {
  const { current } = await incrementCounter(
    db,
    `verify-send:${channel}:${identifier.toLowerCase()}`,
    VERIFICATION_LIMITS.perIdentifier.windowMs,
  );
  if (current > VERIFICATION_LIMITS.perIdentifier.max) {
    throw new AppError(
      'rate_limited',
      'Too many codes were sent to this address. Please wait a while before trying again.',
    );
  }
}

/** The code message. It carries nothing the requester typed but the address itself (no spam relay). */
async function sendCode(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  channel: Channel,
  identifier: string,
  code: string,
  userId: string | null,
): Promise<void> {
  const minutes = Math.round(codeTtl(channel) / 60_000);
  if (channel === 'sms') {
    const domain = hostName(new URL(linkOrigin(ctx, request, partner)).host);
    await enqueueMessage(ctx.database.db, {
      channel: 'sms',
      recipient: identifier,
      // The last line is the WebOTP format, so browsers can offer to fill the code in.
      text: `${code} is your ${partner.branding.shortName} verification code. It expires in ${minutes} minutes. Never share it.\n\n@${domain} #${code}`,
      template: 'verification_code',
      userId,
    });
    return;
  }
  const lines = [
    `Your ${partner.branding.tradeName} verification code is ${code}.`,
    `Enter it on the page that asked for it. It expires in ${minutes} minutes and works once.`,
    'If you did not ask for it, ignore this e-mail: nothing happens without the code. Never share it with anyone.',
  ];
  await enqueueMessage(ctx.database.db, {
    channel: 'email',
    recipient: identifier,
    subject: `Your ${partner.branding.shortName} verification code`,
    text: `${lines.join('\n\n')}\n`,
    html: emailHtml(partner, lines),
    template: 'verification_code',
    userId,
  });
}

export type StartedSession = { token: string; row: VerificationSessionRow };

/**
 * Starts a verification session and sends its first code: a random token for the browser (only its
 * hash is stored) and a 6-digit code hashed with the token as salt.
 */
export async function startCodeSession(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  options: {
    workflow: string;
    step: string;
    channel: Channel;
    identifier: string;
    userId: string | null;
    binding: string;
    payload?: Record<string, unknown>;
    /** false: the session starts already verified (nothing to send). */
    sendCode?: boolean;
  },
): Promise<StartedSession> {
  const db = ctx.database.db;
  const send = options.sendCode !== false;
  if (send) await throttleSends(db, options.channel, options.identifier);
  const token = randomToken();
  const tokenHash = sha256(token);
  const code = send ? sixDigitCode() : null;
  const row = await insertVerificationSession(db, {
    tokenHash,
    workflow: options.workflow,
    step: options.step,
    identifierType: options.channel === 'sms' ? 'phone' : 'email',
    identifier: options.identifier,
    codeHash: code ? codeHashFor(tokenHash, code) : null,
    userId: options.userId,
    verifiedAt: send ? null : new Date(),
    payload: {
      ...options.payload,
      binding: options.binding,
      sends: send ? 1 : 0,
      ...(send ? { codeExpiresAt: Date.now() + codeTtl(options.channel) } : {}),
    },
    expiresAt: new Date(Date.now() + VERIFICATION_LIMITS.sessionTtlMs),
  });
  if (code) await sendCode(ctx, request, partner, options.channel, options.identifier, code, options.userId);
  return { token, row };
}

/**
 * The caller's live session of one of the workflows for a token. Unknown, expired, another workflow's or
 * another visitor's: all 410 alike.
 */
export async function loadBoundSession(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
  accepts: (workflow: string) => boolean,
): Promise<VerificationSessionRow> {
  if (!token || token.length > 200) throw sessionGone();
  const row = await findVerificationSession(ctx.database.db, sha256(token));
  if (!row || !accepts(row.workflow) || row.expiresAt.getTime() <= Date.now()) throw sessionGone();
  const binding = payloadOf(row).binding;
  if (!binding || !(await callerBindings(ctx, request)).includes(binding)) throw sessionGone();
  return row;
}

/**
 * Checks a code: every try counts (atomically), the code dies after its last allowed try or when it
 * expires, and a used code is gone (the caller clears it when it moves the session on). Returns the
 * session after the count.
 */
export async function checkSessionCode(
  db: Db,
  row: VerificationSessionRow,
  code: string,
): Promise<VerificationSessionRow> {
  const expiresAt = payloadOf(row).codeExpiresAt ?? 0;
  if (!row.codeHash || expiresAt <= Date.now()) throw sessionGone('This code has expired. Ask for a new one.');
  const counted = await countSessionAttempt(db, row.id);
  if (!counted?.codeHash || counted.codeHash !== row.codeHash) throw sessionGone();
  const tooMany = () => sessionGone('Too many incorrect codes. Ask for a new one.');
  if (counted.attempts > VERIFICATION_LIMITS.maxAttempts) throw tooMany();
  const right = VERIFICATION_CODE_PATTERN.test(code) && safeEqual(codeHashFor(row.tokenHash, code), row.codeHash);
  if (!right) {
    if (counted.attempts >= VERIFICATION_LIMITS.maxAttempts) {
      await updateVerificationSession(db, row.id, row.step, { codeHash: null });
      throw tooMany();
    }
    throw new AppError('code_invalid', undefined, { attemptsLeft: VERIFICATION_LIMITS.maxAttempts - counted.attempts });
  }
  return counted;
}

/** Sends a new code for the session (the old one dies, tries start again); at most maxSends per session. */
export async function resendCode(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  row: VerificationSessionRow,
): Promise<VerificationSessionRow> {
  const db = ctx.database.db;
  const payload = payloadOf(row);
  const sends = payload.sends ?? 1;
  if (!row.identifier) throw sessionGone();
  if (sends >= VERIFICATION_LIMITS.maxSends) {
    throw new AppError('rate_limited', 'Too many codes were asked for. Start again in a while.');
  }
  const channel = channelOf(row);
  await throttleSends(db, channel, row.identifier);
  const code = sixDigitCode();
  const updated = await updateVerificationSession(db, row.id, row.step, {
    codeHash: codeHashFor(row.tokenHash, code),
    attempts: 0,
    payload: { ...payload, sends: sends + 1, codeExpiresAt: Date.now() + codeTtl(channel) },
  });
  if (!updated) throw new AppError('verification_step');
  await sendCode(ctx, request, partner, channel, row.identifier, code, row.userId);
  return updated;
}

/** Recomputes and stores a user's verification status (platform.md 4.1); returns it. */
export async function refreshVerificationStatus(db: Db, userId: string): Promise<VerificationStatus | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const status = verificationStatusFor({
    emailVerified: user.emailVerifiedAt !== null,
    phoneVerified: user.phoneVerifiedAt !== null,
    hasPhone: Boolean(user.phoneNumber),
    verificationInProgress: await hasOpenVerificationSession(db, userId),
  });
  if (status !== user.verificationStatus) await updateUser(db, userId, { verificationStatus: status });
  return status;
}

// ---------------------------------------------------------------------------------------------------
// E-mail and phone verification sessions (session/email_verify/*, session/phone_number_verify/*,
// users/phone_number/sms_verify/*, email/update)

/** Workflow names: 'email_verify:<workflow>', 'phone_verify', and 'email_update' (changes the address). */
export const EMAIL_UPDATE_WORKFLOW = 'email_update';
export const PHONE_VERIFY_WORKFLOW = 'phone_verify';
export const emailVerifyWorkflow = (workflow: string) => `email_verify:${workflow}`;
export const isEmailWorkflow = (w: string) => w.startsWith('email_verify:') || w === EMAIL_UPDATE_WORKFLOW;
export const isPhoneWorkflow = (w: string) => w === PHONE_VERIFY_WORKFLOW;

export type SessionStateName = VerificationSessionState['state'];

function stateName(row: VerificationSessionRow): SessionStateName {
  if (row.verifiedAt) return 'verified';
  if (row.step === 'skipped' || row.step === 'cancelled') return row.step;
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return 'pending';
}

export async function describeSession(
  db: Db,
  token: string,
  row: VerificationSessionRow,
): Promise<VerificationSessionState> {
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
    await notifyEmailChanged(ctx, partner, user, previous, row.identifier);
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
  partner: WhiteLabelPartner,
  user: UserRow,
  previous: string,
  next: string,
): Promise<void> {
  const lines = [
    `Hi ${user.firstName ?? 'there'},`,
    `The e-mail address of your ${partner.branding.tradeName} account was changed to ${maskIdentifier(next)}.`,
    `If you did not do this, contact ${partner.branding.supportEmail} right away.`,
  ];
  await enqueueMessage(ctx.database.db, {
    channel: 'email',
    recipient: previous,
    subject: `Your ${partner.branding.shortName} e-mail address was changed`,
    text: `${lines.join('\n\n')}\n`,
    html: emailHtml(partner, lines),
    template: 'email_changed',
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
