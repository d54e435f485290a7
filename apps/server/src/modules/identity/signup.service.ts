// Signing up with the form (platform.md 3.6, 7.3; docs/decisions/012): by oneself (an e-mail link proves the address
// unless this browser proved it already) or by an admin for someone else, and the e-mail link that creates the
// account. What the ways of signing up share is in signup-account.service.ts; verify-first signup (the identifier
// proved first) in verify-first-signup.service.ts.

import {
  ADMIN_SIGNUP_USER_TYPES,
  SELF_SIGNUP_USER_TYPES,
  USER_TYPE_IDS,
  signupReasonFor,
  type SignupForm,
  type SignupFormInput,
  type SignupResponse,
} from '@granary/domain';
import type { BotCheck } from '../../platform/bot-check.ts';
import { getSession, userHasPermission } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { consumeToken, issueToken } from './tokens.service.ts';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './users.repo.ts';
import { consumeProof } from './verification.service.ts';
import { normalizePhone, refreshVerificationStatus } from './verification-codes.service.ts';
import {
  checkSignupForm,
  createAccount,
  knownPartnerIntent,
  signedIn,
  signupProfile,
  trafficFor,
  type Call,
  type SignedIn,
  type SignupExtras,
} from './signup-account.service.ts';
import { ADMIN_SIGNUP_LINK_TTL_MS, answerByEmail, sendSignupLink } from './signup-mails.service.ts';

/** Reasons from the form and from the /signup/:reason? parameter, together. */
function withRouteReason(input: SignupFormInput, reason: string | null): SignupFormInput {
  const fromRoute = signupReasonFor(reason);
  if (!fromRoute) return input;
  const given = Array.isArray(input.signupReasonIds) ? (input.signupReasonIds as unknown[]) : [];
  return { ...input, signupReasonIds: [...given, fromRoute.id] };
}

/** Which user types the caller may create: an admin's permissions widen them; everyone else signs up themself. */
function allowedUserTypes(user: UserRow | null): readonly number[] | null {
  if (!user) return null;
  if (user.isSuperAdmin) return ADMIN_SIGNUP_USER_TYPES;
  const types: number[] = [];
  if (userHasPermission(user, 'create-primary-account')) {
    types.push(
      USER_TYPE_IDS.PRIMARY_ACCOUNT,
      USER_TYPE_IDS.PRIMARY_SUB_ACCOUNT,
      USER_TYPE_IDS.COMMERCIAL,
      USER_TYPE_IDS.SUB_COMMERCIAL,
    );
  }
  if (userHasPermission(user, 'create-professional-account')) types.push(USER_TYPE_IDS.PROFESSIONAL);
  return types.length > 0 ? types : null;
}

/**
 * The signup form (platform.md 3.6, 7.3). Answers:
 * - should_act_as: an admin (create-primary-account / create-professional-account) created the account;
 *   the page then acts as the new user. 409 email_taken when the address has an account.
 * - redirect: the e-mail was proved in this browser (emailVerificationToken of a verified
 *   session/email_verify session): the account is created and signed in. 409 email_taken if taken.
 * - email_sent: everyone else, whether or not the address has an account (no enumeration).
 */
export async function signup(
  call: Call,
  botCheck: BotCheck,
  input: SignupFormInput,
  extras: SignupExtras,
  botToken: string | null,
): Promise<SignupResponse> {
  const { ctx, request, partners, partner } = call;
  const db = ctx.database.db;
  const session = await getSession(ctx, request);
  const adminTypes = allowedUserTypes(session?.user ?? null);
  const form = checkSignupForm(withRouteReason(input, extras.reason), adminTypes ?? SELF_SIGNUP_USER_TYPES);
  const verdict = await botCheck.verify('signup', botToken, request.ip);
  if (verdict !== 'ok') throw new AppError('bot_check_failed', verdict);
  const email = (form.email ?? '').toLowerCase();
  const partnerIntent = await knownPartnerIntent(partners, partner, form.partnerIntent);
  const profile = signupProfile(form, {
    loginSource: extras.loginSource,
    formUrl: extras.formUrl,
    traffic: trafficFor(request, extras.loginSource),
  });
  const phone = form.phoneNumber ? normalizePhone(form.phoneNumber, form.countryCode) : null;
  const phoneProved =
    phone !== null &&
    extras.phoneVerificationToken !== null &&
    (await consumeProof(ctx, request, extras.phoneVerificationToken, 'phone', phone));
  const verifiedPhone = phoneProved ? phone : null;

  if (session && adminTypes) {
    if (await findUserByEmail(db, email)) throw new AppError('email_taken');
    const user = await createAccount(ctx, {
      form,
      profile: { ...profile, createdBy: session.user.id },
      partnerIntent,
      emailVerified: false,
      verifiedPhone,
    });
    if (!user) throw new AppError('email_taken');
    const { token } = await issueToken(db, 'email_verify', {
      userId: user.id,
      identifier: email,
      ip: request.ip,
      ttlMs: ADMIN_SIGNUP_LINK_TTL_MS,
      payload: { workflow: 'signup_admin', redirect: form.redirect },
    });
    await sendSignupLink(call, email, token, { reason: extras.reason, native: false, admin: true, userId: user.id });
    await audit(db, request, {
      actorUserId: session.user.id,
      action: 'user_created_by_admin',
      targetType: 'user',
      targetId: user.id,
    });
    return { kind: 'should_act_as', userId: user.id };
  }

  if (
    extras.emailVerificationToken &&
    (await consumeProof(ctx, request, extras.emailVerificationToken, 'email', email))
  ) {
    if (await findUserByEmail(db, email)) throw new AppError('email_taken');
    const user = await createAccount(ctx, { form, profile, partnerIntent, emailVerified: true, verifiedPhone });
    if (!user) throw new AppError('email_taken');
    await audit(db, request, { actorUserId: user.id, action: 'signup', details: { via: 'verified_email' } });
    const result = await signedIn(call, user, 'signup', form.redirect);
    return { kind: 'redirect', url: result.redirect, userId: user.id };
  }

  return answerByEmail(call, form, extras, {
    form,
    profile,
    partnerIntent,
    verifiedPhone,
    redirect: form.redirect,
  });
}

/**
 * The signup e-mail's link (/signup-jit-verify/:reason?token=…): the address is proved, so the account
 * is created (or, for one an admin created, its e-mail marked verified) and signed in.
 */
export async function confirmSignupLink(call: Call, token: string): Promise<SignedIn> {
  const { ctx, request } = call;
  const db = ctx.database.db;
  const gone = () => new AppError('link_invalid', 'This link is no longer valid. Sign up again to get a new one.');
  const row = await consumeToken(db, 'email_verify', token);
  const payload = (row?.payload ?? {}) as Record<string, unknown>;
  if (!row?.identifier) throw gone();
  const redirect = typeof payload['redirect'] === 'string' ? payload['redirect'] : null;

  if (payload['workflow'] === 'signup_admin') {
    const user = row.userId ? await findUserById(db, row.userId) : null;
    if (!user || user.status !== 'active') throw gone();
    if (user.email.toLowerCase() === row.identifier.toLowerCase() && !user.emailVerifiedAt) {
      await updateUser(db, user.id, { emailVerifiedAt: new Date() });
      await refreshVerificationStatus(db, user.id);
    }
    await audit(db, request, { actorUserId: user.id, action: 'email_verified', details: { via: 'admin_signup_link' } });
    return signedIn(call, (await findUserById(db, user.id)) ?? user, 'signup', redirect);
  }
  if (payload['workflow'] !== 'signup') throw gone();
  // The follower of the link owns the address: telling them it is taken reveals nothing.
  if (await findUserByEmail(db, row.identifier)) throw new AppError('email_taken');
  const form = payload['form'] as SignupForm;
  const user = await createAccount(ctx, {
    form: { ...form, email: row.identifier },
    profile: (payload['profile'] as Record<string, unknown>) ?? {},
    partnerIntent: typeof payload['partnerIntent'] === 'string' ? payload['partnerIntent'] : null,
    emailVerified: true,
    verifiedPhone: typeof payload['verifiedPhone'] === 'string' ? payload['verifiedPhone'] : null,
  });
  if (!user) throw new AppError('email_taken');
  await audit(db, request, { actorUserId: user.id, action: 'signup', details: { via: 'email_link' } });
  return signedIn(call, user, 'signup', redirect);
}
