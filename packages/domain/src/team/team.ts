// A farm business's team (issue 16; platform.md 3.3, 4.1, 6.2, 6.3, 7.4; docs/decisions/052): the roles, the
// per-member access flags, the one check every page and call uses (6.2's enterprise permission), who may change
// whom, and the `/api/effu` team calls' wire shapes (snake_case on the wire, camelCase in the web).

import { z } from 'zod';
import { USER_TYPE_IDS, type UserTypeId } from '../identity/signup.ts';
import { INPUT_PURCHASING_PERMISSION, type EnterpriseRole } from '../store/cart.ts';

/** The access flags of platform.md 3.3, stored per member in enterprise_users.permissions. */
export const ENTERPRISE_ACCESS_FLAGS = [
  'has_team_access',
  INPUT_PURCHASING_PERMISSION,
  'has_financial_access',
  'has_profit_center_access',
  'has_agronomics',
  'has_manage',
] as const;
export type EnterpriseAccessFlag = (typeof ENTERPRISE_ACCESS_FLAGS)[number];

/** Billing and payments (issue 17 builds billing on this rule). */
export const FINANCIAL_ACCESS_PERMISSION = 'has_financial_access' satisfies EnterpriseAccessFlag;
/** The farmer's grain data (My Sales Lite, profit center). */
export const PROFIT_CENTER_ACCESS_PERMISSION = 'has_profit_center_access' satisfies EnterpriseAccessFlag;
/** Seeing the team (read). */
export const TEAM_ACCESS_PERMISSION = 'has_team_access' satisfies EnterpriseAccessFlag;
/** Managing the team: inviting, removing, changing roles and flags (write). */
export const MANAGE_PERMISSION = 'has_manage' satisfies EnterpriseAccessFlag;

export const ENTERPRISE_ROLES = ['owner', 'subaccount', 'professional'] as const satisfies readonly EnterpriseRole[];

/** The user type of platform.md 6.3 a role's new account gets. */
export const ROLE_USER_TYPES: Record<EnterpriseRole, UserTypeId> = {
  owner: USER_TYPE_IDS.PRIMARY_ACCOUNT,
  subaccount: USER_TYPE_IDS.PRIMARY_SUB_ACCOUNT,
  professional: USER_TYPE_IDS.PROFESSIONAL,
};

/**
 * What the invite dialog ticks for a role (the inviter may change it): a sub-account works the farm with its owner
 * (team, buying, profit center, agronomics); an advisor sees the agronomy only until the owner allows more.
 */
export const DEFAULT_ROLE_FLAGS: Record<EnterpriseRole, readonly EnterpriseAccessFlag[]> = {
  owner: ENTERPRISE_ACCESS_FLAGS,
  subaccount: ['has_team_access', INPUT_PURCHASING_PERMISSION, PROFIT_CENTER_ACCESS_PERMISSION, 'has_agronomics'],
  professional: ['has_agronomics'],
};

export function isEnterpriseAccessFlag(value: string): value is EnterpriseAccessFlag {
  return (ENTERPRISE_ACCESS_FLAGS as readonly string[]).includes(value);
}

export type EnterpriseMembership = { role: EnterpriseRole; permissions: readonly string[] };

/**
 * platform.md 6.2's enterprise permission: a super admin passes, an owner of the enterprise passes, otherwise the
 * member's flag must be set. Not a member: no access. A flag staff granted the user by hand on the enterprise
 * (`manualFlags`: manual resource permissions, decision 053) passes too, member or not.
 */
export function hasEnterpriseAccess(
  membership: EnterpriseMembership | null | undefined,
  flag: EnterpriseAccessFlag,
  options: { isSuperAdmin?: boolean; manualFlags?: readonly string[] } = {},
): boolean {
  if (options.isSuperAdmin || options.manualFlags?.includes(flag)) return true;
  if (!membership) return false;
  return membership.role === 'owner' || membership.permissions.includes(flag);
}

/** The flags a member holds in effect (an owner holds them all), in the catalogue's order. */
export function effectiveAccessFlags(membership: EnterpriseMembership | null | undefined): EnterpriseAccessFlag[] {
  return ENTERPRISE_ACCESS_FLAGS.filter((flag) => hasEnterpriseAccess(membership, flag));
}

/** The team pages: reading needs team access (or manage); every write needs manage. */
export function canViewTeam(membership: EnterpriseMembership | null | undefined): boolean {
  return hasEnterpriseAccess(membership, TEAM_ACCESS_PERMISSION) || hasEnterpriseAccess(membership, MANAGE_PERMISSION);
}
export function canManageTeam(membership: EnterpriseMembership | null | undefined): boolean {
  return hasEnterpriseAccess(membership, MANAGE_PERMISSION);
}

export type TeamActor = { userId: string; membership: EnterpriseMembership };
export type TeamChange = { role?: EnterpriseRole; permissions?: readonly EnterpriseAccessFlag[] } | 'remove';
export type TeamChangeProblem = 'forbidden' | 'self' | 'last_owner';

/**
 * Whether what the actor may grant covers a role and flags: only an owner makes owners; anyone else grants only the
 * flags they hold themself (a manager cannot hand out more than they have).
 */
function grantProblem(actor: TeamActor, role: EnterpriseRole | undefined, flags: readonly string[] | undefined) {
  if (actor.membership.role === 'owner') return null;
  if (role === 'owner') return 'forbidden' as const;
  if (flags?.some((flag) => !actor.membership.permissions.includes(flag))) return 'forbidden' as const;
  return null;
}

/** Why the actor may not invite someone with this role and flags, or null. */
export function inviteProblem(
  actor: TeamActor,
  invite: { role: EnterpriseRole; permissions: readonly EnterpriseAccessFlag[] },
): 'forbidden' | null {
  if (!canManageTeam(actor.membership)) return 'forbidden';
  return grantProblem(actor, invite.role, invite.permissions);
}

/**
 * Why the actor may not make a change to a member, or null. Nobody changes their own role or flags (a member may
 * leave, unless the last owner); only an owner changes or removes an owner (a sub-account cannot remove the owner);
 * the enterprise keeps at least one owner.
 */
export function teamChangeProblem(
  actor: TeamActor,
  target: TeamActor,
  change: TeamChange,
  ownerCount: number,
): TeamChangeProblem | null {
  const self = actor.userId === target.userId;
  const losesOwner = target.membership.role === 'owner' && (change === 'remove' || change.role !== undefined);
  const demotes = losesOwner && (change === 'remove' || change.role !== 'owner');
  if (self && change !== 'remove') return 'self';
  if (!self && !canManageTeam(actor.membership)) return 'forbidden';
  if (!self && target.membership.role === 'owner' && actor.membership.role !== 'owner') return 'forbidden';
  if (change !== 'remove') {
    const problem = grantProblem(actor, change.role, change.permissions);
    if (problem) return problem;
  }
  if (demotes && ownerCount <= 1) return 'last_owner';
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Wire shapes (snake_case; the web reads them camelCased).

const flagSchema = z.enum(ENTERPRISE_ACCESS_FLAGS);
const roleSchema = z.enum(ENTERPRISE_ROLES);

export const teamMemberSchema = z.object({
  user_public_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: roleSchema,
  /** The flags as stored (an owner holds every flag whatever is stored). */
  permissions: z.array(flagSchema),
  user_type: z.number().nullable(),
  is_you: z.boolean(),
});

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  role: roleSchema,
  permissions: z.array(flagSchema),
  status: z.enum(['pending', 'accepted', 'revoked']),
  expires_at: z.string(),
  sent_at: z.string(),
  invited_by_name: z.string().nullable(),
});

export const teamViewSchema = z.object({
  enterprise: z.object({ public_id: z.string(), legacy_id: z.number(), name: z.string() }),
  your_role: roleSchema,
  your_permissions: z.array(flagSchema),
  can_manage: z.boolean(),
  members: z.array(teamMemberSchema),
  /** Pending invitations; only a manager sees them. */
  invitations: z.array(teamInvitationSchema),
});

export const teamRolesSchema = z.object({
  roles: z.array(
    z.object({
      role: roleSchema,
      user_type: z.number(),
      default_permissions: z.array(flagSchema),
      assignable: z.boolean(),
    }),
  ),
  flags: z.array(z.object({ flag: flagSchema, grantable: z.boolean() })),
});

const emailField = z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address.');
const phoneField = z.string().trim().min(7).max(32);

export const teamInviteRequestSchema = z
  .object({
    email: emailField.optional(),
    phone_number: phoneField.optional(),
    role: roleSchema,
    /** Omitted: the role's defaults (DEFAULT_ROLE_FLAGS). */
    permissions: z.array(flagSchema).max(ENTERPRISE_ACCESS_FLAGS.length).optional(),
  })
  .strict()
  .refine((b) => (b.email === undefined) !== (b.phone_number === undefined), {
    message: 'Give an e-mail address or a mobile phone number (one of them).',
    path: ['email'],
  });

export const subaccountRequestSchema = z
  .object({
    enterprise_id: z.string().uuid(),
    email: emailField.optional(),
    phone_number: phoneField.optional(),
  })
  .strict()
  .refine((b) => (b.email === undefined) !== (b.phone_number === undefined), {
    message: 'Give an e-mail address or a mobile phone number (one of them).',
    path: ['email'],
  });

export const teamInviteResendSchema = z.object({ invitation_id: z.string().uuid() }).strict();

export const memberUpdateSchema = z
  .object({
    role: roleSchema.optional(),
    permissions: z.array(flagSchema).max(ENTERPRISE_ACCESS_FLAGS.length).optional(),
  })
  .strict()
  .refine((b) => b.role !== undefined || b.permissions !== undefined, { message: 'Nothing to change.' });

export const removeUserRequestSchema = z
  .object({ enterprise_id: z.string().uuid(), user_id: z.string().uuid() })
  .strict();

/** One member's (or the signed-in user's) access on one enterprise: /permissions and /permissions/:userId. */
export const memberPermissionsSchema = z.object({
  enterprise: z.object({ public_id: z.string(), legacy_id: z.number(), name: z.string() }),
  user: z.object({
    user_public_id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
  }),
  role: roleSchema,
  /** The flags in effect (an owner: all of them). */
  permissions: z.array(flagSchema),
  /** Whether the caller may change them (manage, not themself, within what they may grant). */
  editable: z.boolean(),
});
export const memberPermissionsUpdateSchema = z.object({ permissions: z.array(flagSchema) }).strict();

export const invitationDetailsSchema = z.object({
  enterprise_name: z.string(),
  inviter_name: z.string().nullable(),
  role: roleSchema,
  permissions: z.array(flagSchema),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  expires_at: z.string(),
  /** Signed in as the invited address (or phone): accept joins this account. */
  signed_in_as_invitee: z.boolean(),
  /** Signed in as someone else: sign out first (another account cannot take the invitation). */
  signed_in_as_other: z.boolean(),
  /** An account exists for the invited e-mail address: sign in to it, then accept. */
  account_exists: z.boolean(),
});

export const invitationAcceptSchema = z
  .object({
    token: z.string().min(20).max(200),
    first_name: z.string().trim().min(1).max(80),
    last_name: z.string().trim().min(1).max(80),
    /** A phone invitation's new account needs an e-mail address of its own. */
    email: emailField.optional(),
    password: z.string().min(1).max(256),
  })
  .strict();
export const invitationAssociateSchema = z.object({ token: z.string().min(20).max(200) }).strict();
export const invitationAcceptedSchema = z.object({ enterprise_public_id: z.string(), redirect: z.string() });
