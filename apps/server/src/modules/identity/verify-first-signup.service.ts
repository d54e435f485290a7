// Verify-first signup (/signup-verify-first; docs/decisions/012): the e-mail address or mobile number is proved with
// a code first, then collect_identifier → collect_challenge → collect_rest (a new account) | pick_account (sign in to
// one the identifier already has).

import { isValidEmail, maskIdentifier, type SignupFormInput, type VerifyFirstState } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { findUserByEmail, findUserById, type UserRow } from './users.repo.ts';
import {
  findActiveUsersByVerifiedPhone,
  updateVerificationSession,
  type VerificationSessionRow,
} from './verification.repo.ts';
import {
  checkSessionCode,
  loadBoundSession,
  newBinding,
  normalizePhone,
  payloadOf,
  resendCode,
  startCodeSession,
} from './verification-codes.service.ts';
import {
  checkSignupForm,
  createAccount,
  invalid,
  knownPartnerIntent,
  signedIn,
  signupProfile,
  trafficFor,
  type Call,
  type SignedIn,
  type SignupExtras,
} from './signup-account.service.ts';
import { answerByEmail } from './signup-mails.service.ts';

const VERIFY_FIRST_WORKFLOW = 'signup_verify_first';

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
