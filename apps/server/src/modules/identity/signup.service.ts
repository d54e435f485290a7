import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_SIGNUP_USER_TYPES,
  NATIVE_SIGNUP_TRAFFIC_MEDIUM,
  SELF_SIGNUP_USER_TYPES,
  USER_TYPE_IDS,
  isValidEmail,
  maskIdentifier,
  safeRedirectTarget,
  signupReasonFor,
  validateSignupForm,
  verificationStatusFor,
  type LoginSource,
  type SignupFieldErrors,
  type SignupForm,
  type SignupFormInput,
  type SignupResponse,
  type VerifyFirstState,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { BotCheck } from '../../platform/bot-check.ts';
import { getSession, userHasPermission } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import { incrementCounter } from '../../platform/rate-limit-store.ts';
import { audit } from '../../platform/audit.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import { completeSignIn, type SignInMethod } from './sign-in.ts';
import { consumeToken, issueToken } from './tokens.service.ts';
import { findUserByEmail, findUserById, insertUser, updateUser, type UserRow } from './users.repo.ts';
import { emailHtml, linkOrigin } from './links.ts';
import {
  findActiveUsersByVerifiedPhone,
  updateVerificationSession,
  type VerificationSessionRow,
} from './verification.repo.ts';
import {
  checkSessionCode,
  consumeProof,
  loadBoundSession,
  newBinding,
  normalizePhone,
  payloadOf,
  refreshVerificationStatus,
  resendCode,
  startCodeSession,
} from './verification.service.ts';

/** The link of a signup by e-mail works once, for an hour (docs/decisions/012). */
export const SIGNUP_LINK_TTL_MS = 60 * 60_000;
/** The welcome link of an account an admin created: a day, as it may be read later. */
export const ADMIN_SIGNUP_LINK_TTL_MS = 24 * 60 * 60_000;
/** Signup mails one address gets per window; beyond it the answer is the same but nothing is sent. */
export const SIGNUP_MAILS_PER_ADDRESS = { max: 3, windowMs: 60 * 60_000 } as const;

export const VERIFY_FIRST_WORKFLOW = 'signup_verify_first';

export type SignedIn = { userId: string; oneTimePassword: boolean; redirect: string };

type Call = {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  partner: WhiteLabelPartner;
  partners: PartnerDirectory;
};

export type SignupExtras = {
  loginSource: LoginSource;
  formUrl: string | null;
  reason: string | null;
  emailVerificationToken: string | null;
  phoneVerificationToken: string | null;
};

function invalid(fields: SignupFieldErrors): AppError {
  return new AppError('invalid_signup', undefined, { fields });
}

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
 * The form's checks (platform.md 5.3) plus what only the server can check: the phone number is a real
 * number (libphonenumber). 400 invalid_signup with details.fields.
 */
export function checkSignupForm(
  input: SignupFormInput,
  userTypes: readonly number[] = SELF_SIGNUP_USER_TYPES,
): SignupForm {
  const result = validateSignupForm(input, 'signup', { userTypes });
  if (!result.ok) throw invalid(result.fields);
  const form = result.form;
  if (form.phoneNumber && !normalizePhone(form.phoneNumber, form.countryCode))
    throw invalid({ phoneNumber: 'enter_cell' });
  return form;
}

async function knownPartnerIntent(
  partners: PartnerDirectory,
  partner: WhiteLabelPartner,
  intent: string | null,
): Promise<string | null> {
  if (intent && (await partners.byIntent(intent))) return intent;
  return partner.intent;
}

function trafficFor(request: FastifyRequest, loginSource: LoginSource): Record<string, string> | null {
  if (loginSource !== 'ops') return null;
  const ua = request.headers['user-agent'] ?? '';
  const source = /android/i.test(ua) ? 'android app' : /iphone|ipad|ios/i.test(ua) ? 'ios app' : 'mobile app';
  return { trafficSource: source, trafficMedium: NATIVE_SIGNUP_TRAFFIC_MEDIUM };
}

/** What the signup said, kept on the user (users.signup_profile) for onboarding and analytics. */
function signupProfile(
  form: SignupForm,
  extras: { loginSource: LoginSource; formUrl: string | null; traffic: Record<string, string> | null },
) {
  return {
    memberType: form.memberType,
    areaEstimate: form.areaEstimate,
    areaEstimateUnits: form.areaEstimateUnits,
    howDidYouHearAboutUs: form.howDidYouHearAboutUs,
    legalSalesInfo: form.legalSalesInfo,
    legalContentfulInfo: form.legalContentfulInfo,
    acceptedLegalTermsAt: new Date().toISOString(),
    allowPromotionalMarketing: form.allowPromotionalMarketing,
    signupSource: form.signupSource,
    analyticsSource: form.analyticsSource,
    addressLine1: form.addressLine1,
    addressLine2: form.addressLine2,
    loginSource: extras.loginSource,
    formUrl: extras.formUrl,
    ...(extras.traffic ?? {}),
  };
}

type NewAccount = {
  form: SignupForm;
  profile: Record<string, unknown>;
  partnerIntent: string | null;
  emailVerified: boolean;
  /** The phone number (E.164) when it has been verified; only a verified number is used to sign in by SMS. */
  verifiedPhone: string | null;
};

/** Creates the account; null when the address was taken meanwhile (unique index). No password: sign-in is by link, code or SSO. */
async function createAccount(ctx: AppContext, account: NewAccount): Promise<UserRow | null> {
  const { form } = account;
  const now = new Date();
  const phoneVerified = account.verifiedPhone !== null;
  try {
    // In a savepoint: the request's transaction must stay usable after a duplicate e-mail is refused.
    return await ctx.database.db.transaction((tx) =>
      insertUser(tx, {
        email: (form.email ?? '').toLowerCase(),
        firstName: form.firstname,
        lastName: form.lastname,
        phoneNumber: form.phoneNumber ?? account.verifiedPhone,
        normalizedPhoneNumber: account.verifiedPhone,
        phoneVerifiedAt: phoneVerified ? now : null,
        emailVerifiedAt: account.emailVerified ? now : null,
        verificationStatus: verificationStatusFor({
          emailVerified: account.emailVerified,
          phoneVerified,
          hasPhone: Boolean(form.phoneNumber ?? account.verifiedPhone),
          verificationInProgress: false,
        }),
        userType: form.userType ?? USER_TYPE_IDS.PRIMARY_ACCOUNT,
        countryCode: form.countryCode,
        postalCode: form.postalCode,
        partnerIntent: account.partnerIntent,
        signupReasonIds: form.signupReasonIds,
        signupProfile: account.profile,
        tosAcceptedAt: form.acceptLegalTerms ? now : null,
      }),
    );
  } catch (err) {
    if (/users_email_lower_idx|duplicate key/i.test(String((err as { message?: unknown }).message ?? err))) return null;
    throw err;
  }
}

async function signedIn(call: Call, user: UserRow, method: SignInMethod, redirect: string | null): Promise<SignedIn> {
  await completeSignIn(call.ctx, call.request, call.reply, user, method);
  return {
    userId: user.id,
    oneTimePassword: user.oneTimePassword,
    redirect: user.oneTimePassword
      ? '/onetime-password/reset'
      : safeRedirectTarget(redirect, call.request.headers.host ?? ''),
  };
}

// ---------------------------------------------------------------------------------------------------
// Mails

async function sendSignupLink(
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
async function answerByEmail(
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

// ---------------------------------------------------------------------------------------------------
// POST signup

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

// ---------------------------------------------------------------------------------------------------
// Verify-first signup (/signup-verify-first): collect_identifier → collect_challenge → collect_rest | pick_account

type Account = { userId: string; email: string; firstName: string | null; lastName: string | null };

function accountIdsOf(row: VerificationSessionRow): string[] {
  const ids = payloadOf(row)['accountIds'];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

async function accountsOf(ctx: AppContext, row: VerificationSessionRow): Promise<Account[]> {
  const accounts: Account[] = [];
  for (const id of accountIdsOf(row)) {
    const user = await findUserById(ctx.database.db, id);
    if (user?.status === 'active') {
      accounts.push({
        userId: user.id,
        email: maskIdentifier(user.email),
        firstName: user.firstName,
        lastName: user.lastName,
      });
    }
  }
  return accounts;
}

async function stateOf(ctx: AppContext, token: string, row: VerificationSessionRow): Promise<VerifyFirstState> {
  const state: VerifyFirstState = {
    step: row.step as VerifyFirstState['step'],
    token,
    identifierType: row.identifierType,
    identifier: row.identifier ? maskIdentifier(row.identifier) : null,
    expiresAt: row.expiresAt.toISOString(),
  };
  if (row.step === 'pick_account') state.accounts = await accountsOf(ctx, row);
  return state;
}

const isVerifyFirst = (workflow: string) => workflow === VERIFY_FIRST_WORKFLOW;

/** Step 1: an e-mail address or a mobile number gets a code; the same answer whether or not it has accounts. */
export async function verifyFirstIdentifier(
  call: Call,
  identifier: string,
  redirect: string | null,
): Promise<VerifyFirstState> {
  const { ctx, request, partner } = call;
  const value = identifier.trim();
  let channel: 'email' | 'sms';
  let normalized: string;
  if (value.includes('@')) {
    if (!isValidEmail(value) || value.length > 254) throw invalid({ email: 'enter_email' });
    channel = 'email';
    normalized = value.toLowerCase();
  } else {
    const phone = normalizePhone(value);
    if (!phone) throw invalid({ phoneNumber: 'enter_cell' });
    channel = 'sms';
    normalized = phone;
  }
  const { token, row } = await startCodeSession(ctx, request, partner, {
    workflow: VERIFY_FIRST_WORKFLOW,
    step: 'collect_challenge',
    channel,
    identifier: normalized,
    userId: null,
    binding: await newBinding(ctx, request),
    payload: { redirect },
  });
  return stateOf(ctx, token, row);
}

/** Step 2: the code. Proved → the accounts the identifier already has (pick_account), or collect_rest. */
export async function verifyFirstChallenge(call: Call, token: string, code: string): Promise<VerifyFirstState> {
  const { ctx, request } = call;
  const db = ctx.database.db;
  const row = await loadBoundSession(ctx, request, token, isVerifyFirst);
  if (row.step !== 'collect_challenge') throw new AppError('verification_step');
  await checkSessionCode(db, row, code);
  const identifier = row.identifier ?? '';
  const accounts =
    row.identifierType === 'email'
      ? [await findUserByEmail(db, identifier)].filter((u): u is UserRow => u?.status === 'active')
      : await findActiveUsersByVerifiedPhone(db, identifier);
  const next = accounts.length > 0 ? 'pick_account' : 'collect_rest';
  const moved = await updateVerificationSession(db, row.id, 'collect_challenge', {
    codeHash: null,
    verifiedAt: new Date(),
    step: next,
    payload: { ...payloadOf(row), accountIds: accounts.map((a) => a.id) },
  });
  if (!moved) throw new AppError('verification_step');
  return stateOf(ctx, token, moved);
}

export type VerifyFirstDone = (
  { kind: 'redirect'; url: string; userId: string } | { kind: 'email_sent'; email: string }
) & { step: 'done' };

/**
 * Step 3: the rest of the form. An e-mail identifier is proved: the account is created and signed in.
 * A phone identifier proves the phone only: the e-mail given goes the way of any unproved e-mail (a
 * confirmation link, or a "someone tried" mail to its owner), and the phone is verified on the account.
 * A phone that already has accounts may still start a new one; an e-mail that has one may not.
 */
export async function verifyFirstRest(
  call: Call,
  token: string,
  input: SignupFormInput,
  extras: Pick<SignupExtras, 'loginSource' | 'formUrl'>,
): Promise<VerifyFirstDone> {
  const { ctx, request, partner, partners } = call;
  const db = ctx.database.db;
  const row = await loadBoundSession(ctx, request, token, isVerifyFirst);
  const byPhone = row.identifierType === 'phone';
  if (row.step === 'pick_account' && !byPhone) throw new AppError('email_taken');
  if (row.step !== 'collect_rest' && row.step !== 'pick_account') throw new AppError('verification_step');
  const identifier = row.identifier ?? '';
  const form = checkSignupForm(byPhone ? { ...input, phoneNumber: identifier } : { ...input, email: identifier });
  const partnerIntent = await knownPartnerIntent(partners, partner, form.partnerIntent);
  const profile = signupProfile(form, {
    loginSource: extras.loginSource,
    formUrl: extras.formUrl,
    traffic: trafficFor(request, extras.loginSource),
  });
  const redirect =
    form.redirect ?? (typeof payloadOf(row)['redirect'] === 'string' ? (payloadOf(row)['redirect'] as string) : null);
  const done = await updateVerificationSession(db, row.id, row.step, { step: 'done' });
  if (!done) throw new AppError('verification_step');

  if (byPhone) {
    const answer = await answerByEmail(
      call,
      form,
      { ...extras, reason: null, emailVerificationToken: null, phoneVerificationToken: null },
      {
        form,
        profile,
        partnerIntent,
        verifiedPhone: identifier,
        redirect,
      },
    );
    return { ...answer, step: 'done' } as VerifyFirstDone;
  }
  if (await findUserByEmail(db, identifier)) throw new AppError('email_taken');
  const user = await createAccount(ctx, { form, profile, partnerIntent, emailVerified: true, verifiedPhone: null });
  if (!user) throw new AppError('email_taken');
  await audit(db, request, { actorUserId: user.id, action: 'signup', details: { via: 'verify_first' } });
  const result = await signedIn(call, user, 'signup', redirect);
  return { step: 'done', kind: 'redirect', url: result.redirect, userId: user.id };
}

/** Step 4 (pick_account, also session/users/:userId/login): sign in to one of the identifier's accounts. */
export async function verifyFirstPick(call: Call, token: string, userId: string): Promise<SignedIn> {
  const { ctx, request } = call;
  const db = ctx.database.db;
  const row = await loadBoundSession(ctx, request, token, isVerifyFirst);
  if (row.step !== 'pick_account') throw new AppError('verification_step');
  // Only an account of the proved identifier: anything else is answered like an unknown account.
  if (!accountIdsOf(row).includes(userId)) throw new AppError('not_found');
  const user = await findUserById(db, userId);
  if (!user || user.status !== 'active') throw new AppError('not_found');
  const done = await updateVerificationSession(db, row.id, 'pick_account', { step: 'done' });
  if (!done) throw new AppError('verification_step');
  const redirect = typeof payloadOf(row)['redirect'] === 'string' ? (payloadOf(row)['redirect'] as string) : null;
  return signedIn(call, user, row.identifierType === 'phone' ? 'sms' : 'magic_link', redirect);
}

/** GET signup-verify-first/token/:token: where the caller's session is (after a reload). */
export async function verifyFirstState(call: Call, token: string): Promise<VerifyFirstState> {
  const row = await loadBoundSession(call.ctx, call.request, token, isVerifyFirst);
  if (row.step === 'done') throw new AppError('link_invalid', 'This signup is finished. Sign in to go on.');
  return stateOf(call.ctx, token, row);
}

export async function resendVerifyFirstCode(call: Call, token: string): Promise<VerifyFirstState> {
  const row = await loadBoundSession(call.ctx, call.request, token, isVerifyFirst);
  if (row.step !== 'collect_challenge') throw new AppError('verification_step');
  const updated = await resendCode(call.ctx, call.request, call.partner, row);
  return stateOf(call.ctx, token, updated);
}
