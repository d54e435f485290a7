// Invitations to a farm business's team (issue 16, decision 052): by e-mail (the mail template of decision 038) or
// by phone (an SMS through the outbox, as sign-in codes go), with a role and access flags. The link is identity's
// single-use invitation token (decision 048's machinery: 7 days, hashed; a resend or a cancel voids it). The person
// accepts on /account/invitation: a new account, or the signed-in account of the invited address or phone. Nobody
// else can take it: signed in as another person, or an account exists for the address and is not signed in.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DEFAULT_ROLE_FLAGS,
  MANAGE_PERMISSION,
  ROLE_USER_TYPES,
  inviteProblem,
  type EnterpriseAccessFlag,
  type EnterpriseRole,
  type invitationAcceptSchema,
  type invitationAcceptedSchema,
  type invitationDetailsSchema,
  type teamInvitationSchema,
} from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, accessDenied } from '../../platform/errors.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import {
  accountByEmail,
  createTeamAccount,
  issueInvitationLink,
  linkOrigin,
  liveInvitationLink,
  newPasswordProblem,
  phoneInUse,
  signInInvited,
  signedInUser,
  useInvitationLink,
  validPhone,
  voidInvitationLink,
} from '../identity/identity.public.ts';
import * as repo from './team.repo.ts';
import { invitationWire, teamCaller, type TeamCaller, type TeamDeps } from './team.service.ts';

/** The acceptance page of a link (the token in the query: it is never logged, see platform/logging.ts). */
function invitationPath(token: string): string {
  return `/account/invitation?token=${encodeURIComponent(token)}`;
}

const ROLE_WORDS: Record<EnterpriseRole, string> = {
  owner: 'an owner',
  subaccount: 'a sub-account',
  professional: 'an advisor',
};

/** Issues a link and sends it by mail or SMS (queued in the request's transaction). */
async function sendInvitation(
  deps: TeamDeps,
  request: FastifyRequest,
  caller: TeamCaller,
  to: { email: string | null; phone: string | null; role: EnterpriseRole },
): Promise<{ tokenId: string; expiresAt: Date }> {
  const db = deps.ctx.database.db;
  const link = await issueInvitationLink(db, to.email ?? to.phone ?? '');
  const partner = await deps.partners.byHost(request.headers.host);
  const origin = linkOrigin(deps.ctx, request, partner);
  const inviterName = await repo.userName(db, caller.actorId ?? caller.userId);
  const path = invitationPath(link.token);
  if (to.email) {
    await sendMail(db, {
      template: 'team_invitation',
      data: {
        enterpriseName: caller.enterprise.name,
        inviterName,
        roleWords: ROLE_WORDS[to.role],
        path,
        expiresAt: link.expiresAt.toISOString(),
      },
      ctx: mailContext(partner, origin),
      recipient: to.email,
    });
  } else if (to.phone) {
    await enqueueMessage(db, {
      channel: 'sms',
      recipient: to.phone,
      text: `${inviterName ?? caller.enterprise.name} invited you to join ${caller.enterprise.name} on ${partner.branding.shortName} as ${ROLE_WORDS[to.role]}. Accept within 7 days: ${origin}${path}`,
      template: 'team_invitation_sms',
    });
  }
  return { tokenId: link.tokenId, expiresAt: link.expiresAt };
}

function auditActor(caller: TeamCaller) {
  return { actorUserId: caller.actorId ?? caller.userId, actingAsUserId: caller.actorId ? caller.userId : null };
}

export type InviteInput = {
  email?: string;
  phone_number?: string;
  role: EnterpriseRole;
  permissions?: EnterpriseAccessFlag[];
};

/** Invites a person (manage); the role and flags within what the caller may grant. */
export async function invite(
  deps: TeamDeps,
  request: FastifyRequest,
  enterpriseId: string,
  input: InviteInput,
): Promise<z.infer<typeof teamInvitationSchema>> {
  const caller = await teamCaller(deps, request, enterpriseId, 'manage');
  const db = deps.ctx.database.db;
  const permissions = [...new Set(input.permissions ?? DEFAULT_ROLE_FLAGS[input.role])];
  if (inviteProblem({ userId: caller.userId, membership: caller.membership }, { role: input.role, permissions }))
    throw accessDenied(MANAGE_PERMISSION);
  const email = input.email?.toLowerCase() ?? null;
  const phone = input.phone_number !== undefined ? validPhone(input.phone_number) : null;
  if (input.phone_number !== undefined && !phone) throw new AppError('phone_invalid');
  const contact = email ? { email } : { phone: phone ?? '' };
  if (await repo.memberByContact(db, caller.enterprise.id, contact)) throw new AppError('already_member');
  if (await repo.pendingInvitationFor(db, caller.enterprise.id, contact))
    throw new AppError('conflict', 'This person has a pending invitation already: resend it instead.');
  const sent = await sendInvitation(deps, request, caller, { email, phone, role: input.role });
  const invitation = await repo.insertInvitation(db, {
    enterpriseId: caller.enterprise.id,
    email,
    phoneNumber: phone,
    role: input.role,
    permissions,
    invitedBy: caller.actorId ?? caller.userId,
    status: 'pending',
    tokenId: sent.tokenId,
    expiresAt: sent.expiresAt,
  });
  await audit(db, request, {
    ...auditActor(caller),
    action: 'enterprise_invite',
    targetType: 'enterprise_invitation',
    targetId: invitation.id,
    details: { enterpriseId: caller.enterprise.id, email, phone, role: input.role, permissions },
  });
  return invitationWire(invitation, await repo.userName(db, invitation.invitedBy));
}

async function requirePending(deps: TeamDeps, caller: TeamCaller, id: string): Promise<repo.InvitationDbRow> {
  const invitation = await repo.lockPendingInvitation(deps.ctx.database.db, caller.enterprise.id, id);
  if (!invitation) throw new AppError('not_found', 'No such pending invitation.');
  return invitation;
}

/** A new link for a pending invitation (the old one stops working), sent again with a fresh 7 days. */
export async function resend(
  deps: TeamDeps,
  request: FastifyRequest,
  enterpriseId: string,
  invitationId: string,
): Promise<z.infer<typeof teamInvitationSchema>> {
  const caller = await teamCaller(deps, request, enterpriseId, 'manage');
  const db = deps.ctx.database.db;
  const invitation = await requirePending(deps, caller, invitationId);
  if (invitation.tokenId) await voidInvitationLink(db, invitation.tokenId);
  const sent = await sendInvitation(deps, request, caller, {
    email: invitation.email,
    phone: invitation.phoneNumber,
    role: invitation.role,
  });
  const updated = await repo.updateInvitation(db, invitation.id, {
    tokenId: sent.tokenId,
    expiresAt: sent.expiresAt,
    sentAt: new Date(),
  });
  if (!updated) throw new AppError('not_found', 'No such pending invitation.');
  await audit(db, request, {
    ...auditActor(caller),
    action: 'enterprise_invite_resend',
    targetType: 'enterprise_invitation',
    targetId: invitation.id,
  });
  return invitationWire(updated, await repo.userName(db, updated.invitedBy));
}

/** Cancels a pending invitation: its link stops working. */
export async function cancel(
  deps: TeamDeps,
  request: FastifyRequest,
  enterpriseId: string,
  invitationId: string,
): Promise<void> {
  const caller = await teamCaller(deps, request, enterpriseId, 'manage');
  const db = deps.ctx.database.db;
  const invitation = await requirePending(deps, caller, invitationId);
  if (invitation.tokenId) await voidInvitationLink(db, invitation.tokenId);
  await repo.updateInvitation(db, invitation.id, { status: 'revoked', tokenId: null });
  await audit(db, request, {
    ...auditActor(caller),
    action: 'enterprise_invite_cancel',
    targetType: 'enterprise_invitation',
    targetId: invitation.id,
  });
}

// ---------------------------------------------------------------------------------------------------
// The invited person

type Pending = { invitation: repo.InvitationDbRow; enterprise: repo.EnterpriseRow };

async function livePending(deps: TeamDeps, token: string): Promise<Pending> {
  const db = deps.ctx.database.db;
  const tokenId = await liveInvitationLink(db, token);
  const invitation = tokenId ? await repo.invitationOfToken(db, tokenId) : null;
  const enterprise = invitation ? await repo.enterpriseById(db, invitation.enterpriseId) : null;
  if (!invitation || !enterprise) throw new AppError('invitation_invalid');
  return { invitation, enterprise };
}

/** Whether a signed-in user is the invited person: the invited e-mail address, or the invited phone number. */
function isInvitee(
  user: { email: string; normalizedPhoneNumber: string | null },
  invitation: repo.InvitationDbRow,
): boolean {
  if (invitation.email) return user.email.toLowerCase() === invitation.email;
  return invitation.phoneNumber !== null && user.normalizedPhoneNumber === invitation.phoneNumber;
}

export async function invitationDetails(
  deps: TeamDeps,
  request: FastifyRequest,
  token: string,
): Promise<z.infer<typeof invitationDetailsSchema>> {
  const { invitation, enterprise } = await livePending(deps, token);
  const db = deps.ctx.database.db;
  const me = await signedInUser(deps.ctx, request);
  const accountExists = invitation.email
    ? (await accountByEmail(db, invitation.email)) !== null
    : await phoneInUse(db, invitation.phoneNumber ?? '');
  return {
    enterprise_name: enterprise.name,
    inviter_name: await repo.userName(db, invitation.invitedBy),
    role: invitation.role,
    permissions: invitationWire(invitation, null).permissions,
    email: invitation.email,
    phone_number: invitation.phoneNumber,
    expires_at: invitation.expiresAt.toISOString(),
    signed_in_as_invitee: me !== null && isInvitee(me, invitation),
    signed_in_as_other: me !== null && !isInvitee(me, invitation),
    account_exists: accountExists,
  };
}

/**
 * Uses the link, once: of two acceptances at the same moment only one gets past this (the token's row is updated
 * once), so it comes before anything is written — a refusal commits (request-transaction.ts), and a new account made
 * before it would stay behind, holding the invited phone number, without a membership.
 */
async function takeLink(db: Db, token: string, pending: Pending): Promise<repo.InvitationDbRow> {
  const tokenId = await useInvitationLink(db, token);
  const invitation = tokenId ? await repo.invitationOfToken(db, tokenId) : null;
  if (!invitation || invitation.id !== pending.invitation.id) throw new AppError('invitation_invalid');
  return invitation;
}

/** Makes the person a member with the invitation's role and flags (its link already taken). */
async function join(
  deps: TeamDeps,
  request: FastifyRequest,
  invitation: repo.InvitationDbRow,
  pending: Pending,
  userId: string,
  newAccount: boolean,
): Promise<z.infer<typeof invitationAcceptedSchema>> {
  const db = deps.ctx.database.db;
  const added = await repo.insertMember(db, {
    enterpriseId: invitation.enterpriseId,
    userId,
    role: invitation.role,
    permissions: invitation.permissions,
  });
  if (!added) throw new AppError('already_member');
  await repo.updateInvitation(db, invitation.id, { status: 'accepted', acceptedUserId: userId, tokenId: null });
  await audit(db, request, {
    actorUserId: userId,
    action: 'enterprise_invite_accept',
    targetType: 'enterprise_invitation',
    targetId: invitation.id,
    details: { enterpriseId: invitation.enterpriseId, role: invitation.role, newAccount },
  });
  const enterprisePublicId = pending.enterprise.publicId;
  return { enterprise_public_id: enterprisePublicId, redirect: `/enterprise/${enterprisePublicId}/team` };
}

/** The signed-in invited person joins with their account (invitation/associate). */
export async function associate(
  deps: TeamDeps,
  request: FastifyRequest,
  token: string,
): Promise<z.infer<typeof invitationAcceptedSchema>> {
  const pending = await livePending(deps, token);
  const me = await signedInUser(deps.ctx, request);
  if (!me) throw new AppError('unauthenticated');
  if (!isInvitee(me, pending.invitation))
    throw new AppError('forbidden', 'This invitation was sent to someone else. Sign out and open the link again.');
  // A member already: refused before the link is used, so the invitation stays open for the owner to cancel.
  if (await repo.memberOf(deps.ctx.database.db, pending.invitation.enterpriseId, me.id))
    throw new AppError('already_member');
  return join(deps, request, await takeLink(deps.ctx.database.db, token, pending), pending, me.id, false);
}

/**
 * A new account for the invited person (invitation): the invited e-mail address (a phone invitation: an address of
 * their own, not yet taken), the password rules of decision 024; then signed in.
 */
export async function acceptWithNewAccount(
  deps: TeamDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: z.output<typeof invitationAcceptSchema>,
): Promise<z.infer<typeof invitationAcceptedSchema>> {
  const db = deps.ctx.database.db;
  const pending = await livePending(deps, body.token);
  const { invitation } = pending;
  if (await signedInUser(deps.ctx, request))
    throw new AppError('forbidden', 'You are signed in: accept with your account, or sign out first.');
  const email = invitation.email ?? body.email;
  if (!email) throw new AppError('invalid_request', 'Enter your e-mail address.', { field: 'email' });
  if (invitation.email && body.email && body.email !== invitation.email)
    throw new AppError('forbidden', 'This invitation was sent to another e-mail address.');
  if (await accountByEmail(db, email))
    throw new AppError('user_taken', 'An account with this e-mail exists: sign in to it first, then accept.');
  if (invitation.phoneNumber && (await phoneInUse(db, invitation.phoneNumber)))
    throw new AppError('user_taken', 'An account uses this phone number: sign in to it first, then accept.');
  const person = { email, firstName: body.first_name, lastName: body.last_name };
  const problem = await newPasswordProblem(body.password, person);
  if (problem) throw new AppError('insecure_password', problem);
  const invitationTaken = await takeLink(db, body.token, pending);
  const user = await createTeamAccount(deps.ctx, {
    ...person,
    phoneNumber: invitation.phoneNumber,
    verified: invitation.email ? 'email' : 'phone',
    password: body.password,
    userType: ROLE_USER_TYPES[invitation.role],
  });
  if (!user) throw new AppError('user_taken');
  const accepted = await join(deps, request, invitationTaken, pending, user.id, true);
  await signInInvited(deps.ctx, request, reply, user);
  return accepted;
}
