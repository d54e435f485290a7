// Verification code sessions (docs/decisions/012), the machinery every code-proved step uses (e-mail and phone
// verification, verify-first signup): a session is started with a random token for the browser (only its hash is
// stored) and a 6-digit code by e-mail or SMS, bound to the signed-in user or the browser's anonymous id; its code is
// checked (a few tries), resent (a few times), and the user's verification status kept up to date. The workflows
// that use it are in verification.service.ts and verify-first-signup.service.ts.

import type { FastifyRequest } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  VERIFICATION_CODE_PATTERN,
  countryByCode,
  verificationStatusFor,
  type VerificationStatus,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { anonymousIdOf, getSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { incrementCounter } from '../../platform/rate-limit-store.ts';
import { hostName } from '../partners/partners.public.ts';
import { sixDigitCode } from './tokens.service.ts';
import { findUserById, updateUser } from './users.repo.ts';
import { linkOrigin } from './links.ts';
import {
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

/** The e-mails a code goes out in: the generic one, or partner onboarding's (decision 060). Both take {code, minutes}. */
export type CodeMailTemplate = 'verification_code' | 'partner_onboarding_code';

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
async function callerBindings(ctx: AppContext, request: FastifyRequest): Promise<string[]> {
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
  mailTemplate: CodeMailTemplate = 'verification_code',
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
  await sendMail(ctx.database.db, {
    template: mailTemplate,
    data: { code, minutes },
    ctx: mailContext(partner, linkOrigin(ctx, request, partner)),
    recipient: identifier,
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
    mailTemplate?: CodeMailTemplate;
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
      ...(options.mailTemplate ? { mailTemplate: options.mailTemplate } : {}),
      binding: options.binding,
      sends: send ? 1 : 0,
      ...(send ? { codeExpiresAt: Date.now() + codeTtl(options.channel) } : {}),
    },
    expiresAt: new Date(Date.now() + VERIFICATION_LIMITS.sessionTtlMs),
  });
  if (code) {
    await sendCode(
      ctx,
      request,
      partner,
      options.channel,
      options.identifier,
      code,
      options.userId,
      options.mailTemplate,
    );
  }
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
  await sendCode(ctx, request, partner, channel, row.identifier, code, row.userId, mailTemplateOf(row));
  return updated;
}

function mailTemplateOf(row: VerificationSessionRow): CodeMailTemplate {
  return payloadOf(row).mailTemplate === 'partner_onboarding_code' ? 'partner_onboarding_code' : 'verification_code';
}

/**
 * Uses up a session's code once it was right (single use): the code is cleared and the session moves to `step`, so
 * the same code or token answers 'no longer valid' from then on. False when another request used it first.
 */
export async function consumeSessionCode(db: Db, row: VerificationSessionRow, step: string): Promise<boolean> {
  return (
    (await updateVerificationSession(db, row.id, row.step, { codeHash: null, step, verifiedAt: new Date() })) !== null
  );
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
