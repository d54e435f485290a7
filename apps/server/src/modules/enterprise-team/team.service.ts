// A farm business's team (issue 16, decision 052): who may see it (team access) and change it (manage), the members
// with their roles and access flags, the changes of 6.2's rules (nobody raises their own role or flags; only an owner
// changes an owner; at least one owner stays), and one member's permissions (/permissions/:userId). Another
// enterprise's ids, and enterprises the caller is no member of, answer 404.

import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ENTERPRISE_ACCESS_FLAGS,
  ENTERPRISE_ROLES,
  DEFAULT_ROLE_FLAGS,
  MANAGE_PERMISSION,
  TEAM_ACCESS_PERMISSION,
  ROLE_USER_TYPES,
  canManageTeam,
  canViewTeam,
  effectiveAccessFlags,
  isEnterpriseAccessFlag,
  teamChangeProblem,
  type EnterpriseAccessFlag,
  type EnterpriseMembership,
  type TeamChange,
  type TeamChangeProblem,
  type memberPermissionsSchema,
  type teamInvitationSchema,
  type teamMemberSchema,
  type teamRolesSchema,
  type teamViewSchema,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, accessDenied } from '../../platform/errors.ts';
import { manualFlagsOn } from '../../platform/manual-grants.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import { enterpriseByAnyId } from '../enterprises/enterprises.public.ts';
import * as repo from './team.repo.ts';

export type TeamDeps = { ctx: AppContext; partners: PartnerDirectory };

/** The caller on one enterprise: who they are (the acted-as user while acting) and their membership. */
export type TeamCaller = {
  userId: string;
  /** The admin acting as the user, for the audit. */
  actorId: string | null;
  enterprise: repo.EnterpriseRow;
  membership: EnterpriseMembership;
};

const NOT_FOUND = 'No such farm business.';

/** The flags a member holds as stored, in the catalogue's order (unknown strings dropped). */
function storedFlags(permissions: readonly string[]): EnterpriseAccessFlag[] {
  return ENTERPRISE_ACCESS_FLAGS.filter((flag) => permissions.includes(flag) && isEnterpriseAccessFlag(flag));
}

/**
 * The caller on an enterprise: 404 when it does not exist or they are not a member (a super admin is treated as an
 * owner: staff support farm businesses); 403 with platform.md 8.1's access-denied without what `need` asks.
 */
export async function teamCaller(
  deps: TeamDeps,
  request: FastifyRequest,
  enterpriseId: string,
  need: 'member' | 'view' | 'manage',
): Promise<TeamCaller> {
  const session = await requireSession(deps.ctx, request);
  const db = deps.ctx.database.db;
  const enterprise = await enterpriseByAnyId(db, enterpriseId);
  if (!enterprise) throw new AppError('not_found', NOT_FOUND);
  const member = await repo.memberOf(db, enterprise.id, session.user.id);
  // Flags granted by hand (manual resource permissions, decision 053) count as the member's own; someone who is not a
  // member but holds one sees and does on the team what those flags allow, as an outside advisor would.
  const manualFlags = await manualFlagsOn(db, session.user.id, enterprise.id);
  const membership: EnterpriseMembership | null = member
    ? { role: member.role, permissions: [...new Set([...member.permissions, ...manualFlags])] }
    : session.user.isSuperAdmin
      ? { role: 'owner', permissions: [...ENTERPRISE_ACCESS_FLAGS] }
      : manualFlags.length > 0 && need !== 'member'
        ? { role: 'professional', permissions: manualFlags }
        : null;
  if (!membership) throw new AppError('not_found', NOT_FOUND);
  if (need === 'view' && !canViewTeam(membership)) throw accessDenied(TEAM_ACCESS_PERMISSION);
  if (need === 'manage' && !canManageTeam(membership)) throw accessDenied(MANAGE_PERMISSION);
  return { userId: session.user.id, actorId: session.actor?.id ?? null, enterprise, membership };
}

function memberWire(member: repo.MemberRow, callerId: string): z.infer<typeof teamMemberSchema> {
  return {
    user_public_id: member.userId,
    first_name: member.firstName,
    last_name: member.lastName,
    email: member.email,
    phone_number: member.phoneNumber,
    role: member.role,
    permissions: storedFlags(member.permissions),
    user_type: member.userType,
    is_you: member.userId === callerId,
  };
}

export function invitationWire(
  invitation: repo.InvitationDbRow,
  inviterName: string | null,
): z.infer<typeof teamInvitationSchema> {
  return {
    id: invitation.id,
    email: invitation.email,
    phone_number: invitation.phoneNumber,
    role: invitation.role,
    permissions: storedFlags(invitation.permissions),
    status: invitation.status,
    expires_at: invitation.expiresAt.toISOString(),
    sent_at: invitation.sentAt.toISOString(),
    invited_by_name: inviterName,
  };
}

function enterpriseWire(enterprise: repo.EnterpriseRow) {
  return { public_id: enterprise.publicId, legacy_id: enterprise.id, name: enterprise.name };
}

export async function teamView(
  deps: TeamDeps,
  request: FastifyRequest,
  enterpriseId: string,
): Promise<z.infer<typeof teamViewSchema>> {
  const caller = await teamCaller(deps, request, enterpriseId, 'view');
  const db = deps.ctx.database.db;
  const canManage = canManageTeam(caller.membership);
  const members = await repo.membersOf(db, caller.enterprise.id);
  const invitations = canManage ? await repo.pendingInvitationsOf(db, caller.enterprise.id) : [];
  return {
    enterprise: enterpriseWire(caller.enterprise),
    your_role: caller.membership.role,
    your_permissions: effectiveAccessFlags(caller.membership),
    can_manage: canManage,
    members: members.map((m) => memberWire(m, caller.userId)),
    invitations: invitations.map((i) => invitationWire(i, i.inviterName)),
  };
}

/** The roles and flags, and which of them the caller may hand out (the invite dialog's choices). */
export async function teamRoles(
  deps: TeamDeps,
  request: FastifyRequest,
  enterpriseId: string,
): Promise<z.infer<typeof teamRolesSchema>> {
  const caller = await teamCaller(deps, request, enterpriseId, 'view');
  const isOwner = caller.membership.role === 'owner';
  const manage = canManageTeam(caller.membership);
  return {
    roles: ENTERPRISE_ROLES.map((role) => ({
      role,
      user_type: ROLE_USER_TYPES[role],
      default_permissions: [...DEFAULT_ROLE_FLAGS[role]],
      assignable: manage && (isOwner || role !== 'owner'),
    })),
    flags: ENTERPRISE_ACCESS_FLAGS.map((flag) => ({
      flag,
      grantable: manage && (isOwner || caller.membership.permissions.includes(flag)),
    })),
  };
}

const PROBLEM_CODES = {
  forbidden: 'enterprise_access_required',
  self: 'team_self_change',
  last_owner: 'last_owner',
} as const satisfies Record<TeamChangeProblem, string>;

async function targetOf(deps: TeamDeps, caller: TeamCaller, userId: string, lock: boolean): Promise<repo.MemberRow> {
  const target = await repo.memberOf(deps.ctx.database.db, caller.enterprise.id, userId, lock);
  if (!target) throw new AppError('not_found', 'No such member of this farm business.');
  return target;
}

/** Applies a change to a member under 6.2's rules (the member's row and the owners locked); audited. */
async function changeMember(
  deps: TeamDeps,
  request: FastifyRequest,
  caller: TeamCaller,
  userId: string,
  change: TeamChange,
): Promise<void> {
  const db = deps.ctx.database.db;
  const ownerCount = await repo.lockedOwnerCount(db, caller.enterprise.id);
  const target = await targetOf(deps, caller, userId, true);
  const problem = teamChangeProblem(
    { userId: caller.userId, membership: caller.membership },
    { userId: target.userId, membership: { role: target.role, permissions: target.permissions } },
    change,
    ownerCount,
  );
  if (problem) throw problem === 'forbidden' ? accessDenied(MANAGE_PERMISSION) : new AppError(PROBLEM_CODES[problem]);
  if (change === 'remove') await repo.deleteMember(db, caller.enterprise.id, target.userId);
  else
    await repo.updateMember(db, caller.enterprise.id, target.userId, {
      ...(change.role ? { role: change.role } : {}),
      ...(change.permissions ? { permissions: [...new Set(change.permissions)] } : {}),
    });
  await audit(db, request, {
    actorUserId: caller.actorId ?? caller.userId,
    actingAsUserId: caller.actorId ? caller.userId : null,
    action: change === 'remove' ? 'enterprise_member_remove' : 'enterprise_member_change',
    targetType: 'enterprise_user',
    targetId: `${caller.enterprise.id}:${target.userId}`,
    details:
      change === 'remove'
        ? { role: target.role, permissions: target.permissions }
        : { before: { role: target.role, permissions: target.permissions }, after: change },
  });
}

/** One member's access (themself or another member), and whether the caller may change it. */
async function permissionsWire(
  deps: TeamDeps,
  caller: TeamCaller,
  userId: string,
): Promise<z.infer<typeof memberPermissionsSchema>> {
  const target = await targetOf(deps, caller, userId, false);
  const membership = { role: target.role, permissions: target.permissions };
  const editable =
    target.userId !== caller.userId &&
    teamChangeProblem(
      { userId: caller.userId, membership: caller.membership },
      { userId: target.userId, membership },
      { permissions: [] },
      2,
    ) === null;
  return {
    enterprise: enterpriseWire(caller.enterprise),
    user: {
      user_public_id: target.userId,
      first_name: target.firstName,
      last_name: target.lastName,
      email: target.email,
    },
    role: target.role,
    permissions: effectiveAccessFlags(membership),
    editable,
  };
}

/** A member's access: the member themself, or anyone who may see the team (else 403; another enterprise's: 404). */
export async function memberPermissions(
  deps: TeamDeps,
  request: FastifyRequest,
  enterpriseId: string,
  userId: string,
): Promise<z.infer<typeof memberPermissionsSchema>> {
  const caller = await teamCaller(deps, request, enterpriseId, 'member');
  if (userId !== caller.userId && !canViewTeam(caller.membership)) throw accessDenied(TEAM_ACCESS_PERMISSION);
  return permissionsWire(deps, caller, userId);
}

/** The signed-in user's own access on an enterprise (/permissions). */
export async function ownPermissions(
  deps: TeamDeps,
  request: FastifyRequest,
  enterpriseId: string,
): Promise<z.infer<typeof memberPermissionsSchema>> {
  const caller = await teamCaller(deps, request, enterpriseId, 'member');
  return permissionsWire(deps, caller, caller.userId);
}

/** Changes a member's role and/or flags (manage; 6.2's rules). */
export async function updateMember(
  deps: TeamDeps,
  request: FastifyRequest,
  enterpriseId: string,
  userId: string,
  change: { role?: EnterpriseMembership['role']; permissions?: EnterpriseAccessFlag[] },
): Promise<z.infer<typeof memberPermissionsSchema>> {
  const caller = await teamCaller(deps, request, enterpriseId, 'member');
  await changeMember(deps, request, caller, userId, change);
  return permissionsWire(deps, caller, userId);
}

/** Removes a member (or the caller leaves): a sub-account cannot remove the owner; the last owner stays. */
export async function removeMember(
  deps: TeamDeps,
  request: FastifyRequest,
  enterpriseId: string,
  userId: string,
): Promise<void> {
  const caller = await teamCaller(deps, request, enterpriseId, 'member');
  await changeMember(deps, request, caller, userId, 'remove');
}
