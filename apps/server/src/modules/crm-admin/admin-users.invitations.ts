// Invitations to the partner's CRM (issue 15): a buyer-admin invites a person by e-mail with their market and admin
// permissions; the mail carries a single-use link (identity's auth token, purpose 'invitation', 7 days, hashed); the
// person accepts on /invitation/:token, which creates their account as signup does (password strength, decision 024)
// or, signed in as the invited address already, joins that account to the partner. Resend voids the old link.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  isAdminPermission,
  type acceptInvitationSchema,
  type InvitationInfo,
  type InvitationRow,
  type inviteUserSchema,
} from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import type { CrmActor, CrmDeps } from '../../platform/crm-access.ts';
import { AppError } from '../../platform/errors.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import {
  accountByEmail,
  createInvitedAccount,
  issueInvitationLink,
  joinPartner,
  linkOrigin,
  liveInvitationLink,
  newPasswordProblem,
  signInInvited,
  signedInUser,
  useInvitationLink,
  voidInvitationLink,
} from '../identity/identity.public.ts';
import {
  findAccountTaking,
  insertInvitation,
  invitationOfToken,
  lockPendingInvitation,
  pendingInvitationFor,
  replaceMarketPermissions,
  updateInvitation,
  updatePartnerUser,
  userNames,
  type InvitationDbRow,
} from './admin-users.repo.ts';
import {
  checkedPhone,
  invitationRowOf,
  partnerGrants,
  requireUserAdmin,
  storedAdminGrants,
} from './admin-users.service.ts';

function nameOf(user: { firstName: string | null; lastName: string | null; email: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** Issues a link for the invitation and mails it (queued in the request's transaction). */
async function sendInvitation(
  deps: CrmDeps,
  request: FastifyRequest,
  actor: CrmActor,
  invitation: { email: string; firstName: string },
): Promise<{ tokenId: string; expiresAt: Date }> {
  const db = deps.ctx.database.db;
  const link = await issueInvitationLink(db, invitation.email);
  await sendMail(db, {
    template: 'user_invitation',
    data: {
      firstName: invitation.firstName,
      inviterName: nameOf(actor.user),
      path: `/invitation/${link.token}`,
      expiresAt: link.expiresAt.toISOString(),
    },
    ctx: mailContext(actor.partner, linkOrigin(deps.ctx, request, actor.partner)),
    recipient: invitation.email,
  });
  return { tokenId: link.tokenId, expiresAt: link.expiresAt };
}

export async function inviteUser(
  deps: CrmDeps,
  request: FastifyRequest,
  body: z.output<typeof inviteUserSchema>,
): Promise<InvitationRow> {
  const actor = await requireUserAdmin(deps, request);
  const db = deps.ctx.database.db;
  const phone = checkedPhone(body.phoneNumber);
  const grants = partnerGrants(actor, body.markets);
  // An account of another partner, a farmer's, or one already the partner's: the spec's 'already taken'. An account
  // of nobody's (no partner, no farm) may be invited: it joins when its owner accepts signed in.
  const existing = await findAccountTaking(db, body.email, phone);
  if (existing) {
    const sameEmail = existing.email.toLowerCase() === body.email;
    const joinable =
      sameEmail &&
      existing.partnerId === null &&
      existing.status === 'active' &&
      !existing.isSuperAdmin &&
      existing.experiences.enterprise_agronomics !== true &&
      existing.experiences.grain_buying !== true;
    if (!joinable) throw new AppError('user_taken');
  }
  if (await pendingInvitationFor(db, actor.partner.id, body.email)) throw new AppError('user_taken');
  const sent = await sendInvitation(deps, request, actor, body);
  const invitation = await insertInvitation(db, {
    partnerId: actor.partner.id,
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    phoneNumber: body.phoneNumber,
    marketPermissions: Object.fromEntries([...grants].map(([id, ps]) => [String(id), ps])),
    adminPermissions: body.adminPermissions,
    invitedBy: actor.user.id,
    status: 'pending',
    tokenId: sent.tokenId,
    expiresAt: sent.expiresAt,
    sentAt: new Date(),
  });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'crm_user_invite',
    targetType: 'user_invitation',
    targetId: invitation.id,
    details: { email: body.email, markets: invitation.marketPermissions, adminPermissions: body.adminPermissions },
  });
  return invitationRowOf(invitation);
}

async function requirePending(deps: CrmDeps, actor: CrmActor, id: string): Promise<InvitationDbRow> {
  const invitation = await lockPendingInvitation(deps.ctx.database.db, actor.partner.id, id);
  if (!invitation) throw new AppError('not_found', 'No such pending invitation.');
  return invitation;
}

export async function resendInvitation(deps: CrmDeps, request: FastifyRequest, id: string): Promise<InvitationRow> {
  const actor = await requireUserAdmin(deps, request);
  const db = deps.ctx.database.db;
  const invitation = await requirePending(deps, actor, id);
  if (invitation.tokenId) await voidInvitationLink(db, invitation.tokenId);
  const sent = await sendInvitation(deps, request, actor, invitation);
  const updated = await updateInvitation(db, invitation.id, {
    tokenId: sent.tokenId,
    expiresAt: sent.expiresAt,
    sentAt: new Date(),
  });
  if (!updated) throw new AppError('not_found', 'No such pending invitation.');
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'crm_user_invite_resend',
    targetType: 'user_invitation',
    targetId: invitation.id,
  });
  return invitationRowOf(updated);
}

export async function revokeInvitation(deps: CrmDeps, request: FastifyRequest, id: string): Promise<void> {
  const actor = await requireUserAdmin(deps, request);
  const db = deps.ctx.database.db;
  const invitation = await requirePending(deps, actor, id);
  if (invitation.tokenId) await voidInvitationLink(db, invitation.tokenId);
  await updateInvitation(db, invitation.id, { status: 'revoked', tokenId: null });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'crm_user_invite_revoke',
    targetType: 'user_invitation',
    targetId: invitation.id,
    details: { email: invitation.email },
  });
}

// ---------------------------------------------------------------------------------------------------
// The invited person (/api/auth/invitations/:token)

async function liveInvitation(deps: CrmDeps, token: string): Promise<InvitationDbRow> {
  const db = deps.ctx.database.db;
  const tokenId = await liveInvitationLink(db, token);
  const invitation = tokenId ? await invitationOfToken(db, tokenId) : null;
  if (!invitation) throw new AppError('invitation_invalid');
  return invitation;
}

export async function invitationInfo(deps: CrmDeps, request: FastifyRequest, token: string): Promise<InvitationInfo> {
  const invitation = await liveInvitation(deps, token);
  const db = deps.ctx.database.db;
  const partner = await deps.partners.byId(invitation.partnerId);
  if (!partner) throw new AppError('invitation_invalid');
  const inviter = invitation.invitedBy ? (await userNames(db, [invitation.invitedBy])).get(invitation.invitedBy) : null;
  const account = await accountByEmail(db, invitation.email);
  const me = await signedInUser(deps.ctx, request);
  return {
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    partnerName: partner.branding.tradeName,
    inviterName: inviter ?? null,
    accountExists: account !== null,
    signedInAsInvitee: me !== null && me.email.toLowerCase() === invitation.email.toLowerCase(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts: a new account with the password (its strength checked before the link is used, so a refused password can
 * be retried), or the signed-in account of the invited address without one. The person gets the grain buying
 * experience, the partner and the invitation's permissions, and is signed in.
 */
export async function acceptInvitation(
  deps: CrmDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  body: z.output<typeof acceptInvitationSchema>,
): Promise<{ redirect: string }> {
  const db = deps.ctx.database.db;
  const pending = await liveInvitation(deps, token);
  const me = await signedInUser(deps.ctx, request);
  const signedInAsInvitee = me !== null && me.email.toLowerCase() === pending.email.toLowerCase();
  const existing = signedInAsInvitee ? me : await accountByEmail(db, pending.email);
  if (existing && !signedInAsInvitee)
    throw new AppError('forbidden', 'An account with this e-mail exists: sign in to it first, then accept.');
  if (existing && (existing.partnerId !== null || existing.experiences.enterprise_agronomics === true))
    throw new AppError('user_taken');
  const person = { email: pending.email, firstName: body.firstName, lastName: body.lastName };
  if (!existing) {
    const problem = await newPasswordProblem(body.password ?? '', person);
    if (problem) throw new AppError('insecure_password', problem);
  }
  const tokenId = await useInvitationLink(db, token);
  const invitation = tokenId ? await invitationOfToken(db, tokenId) : null;
  if (!invitation || invitation.id !== pending.id) throw new AppError('invitation_invalid');
  const user = existing
    ? await joinPartner(db, existing, { partnerId: invitation.partnerId, ...body })
    : await createInvitedAccount(deps.ctx, {
        ...person,
        phoneNumber: invitation.phoneNumber,
        password: body.password ?? '',
        partnerId: invitation.partnerId,
      });
  if (!user) throw new AppError('user_taken');
  const grants = new Map(Object.entries(invitation.marketPermissions).map(([id, ps]) => [Number(id), ps]));
  await replaceMarketPermissions(db, user.id, [...grants.keys()], grants);
  await updatePartnerUser(db, user.id, {
    adminPermissions: storedAdminGrants(invitation.adminPermissions.filter(isAdminPermission)),
  });
  await updateInvitation(db, invitation.id, { status: 'accepted', acceptedUserId: user.id, tokenId: null });
  await audit(db, request, {
    actorUserId: user.id,
    action: 'crm_user_invite_accept',
    targetType: 'user_invitation',
    targetId: invitation.id,
    details: { partnerId: invitation.partnerId, newAccount: !existing },
  });
  if (!existing) await signInInvited(deps.ctx, request, reply, user);
  return { redirect: '/crm' };
}
