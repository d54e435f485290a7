// The staff administration area (issue 16; docs/decisions/053-staff-administration.md). Only staff (an employee or a
// super admin, packages/domain isStaff) use it, each call under its admin permission by 6.2's rule (platform/access.ts
// userHasPermission): a grant limited to a list of partner ids sees and changes only those partners' users. Writes run
// in the request's transaction (decision 025) with their audit record. A user out of the admin's reach answers 404.

import type { FastifyRequest } from 'fastify';
import {
  COMMUNITY_BUILDER_ROLES,
  LIFECYCLE_PERMISSION,
  STAFF_AREA_PERMISSIONS,
  type AccountStatus,
  type StaffEnterprisesList,
  type StaffUserDetail,
  type StaffUsersList,
  type UserLifecycleAction,
  type adminPermissionGrantSchema,
  type staffListQuerySchema,
  type staffRolesPutSchema,
} from '@granary/domain';
import type { z } from 'zod';
import { adminReach, requireSession, userHasPermission } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { keysetPage } from '../../platform/crm-access.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserRow } from '../../platform/sessions.repo.ts';
import { endOtherSessions } from '../../platform/sessions.ts';
import { clearLoginFailures, isLockedOut } from '../identity/identity.public.ts';
import { membershipsWithEnterprise } from '../enterprises/enterprises.public.ts';
import {
  countEnterprises,
  countUsers,
  findUser,
  recentAuditOf,
  searchEnterprises,
  searchUsers,
  sessionsOfUser,
  updateStaffUser,
  type StaffEnterpriseListRow,
  type StaffUserDbRow,
  type StaffUserListRow,
} from './staff-admin.repo.ts';

type AdminValue = UserRow['adminPermissions'][string];

function grantsEveryId(value: AdminValue | undefined): boolean {
  return value === true || value === 'all' || (Array.isArray(value) && value.includes('all'));
}

/**
 * The signed-in staff member, when they hold `permission`: 403 otherwise (401 without a session). Not while acting as
 * someone: an admin tool is the admin's own act.
 */
export async function requireStaff(ctx: AppContext, request: FastifyRequest, permission: string): Promise<UserRow> {
  const state = await requireSession(ctx, request);
  if (state.actor) throw new AppError('forbidden', 'Stop acting as another user first.');
  const user = state.user;
  const staff = user.isSuperAdmin || user.employeeInfo !== null;
  if (!staff || !userHasPermission(user, permission)) throw new AppError('forbidden');
  return user;
}

/**
 * The partner ids whose users and enterprises (the partners' clients, decision 050) an admin sees under a permission,
 * or null for all of them.
 */
export function partnersInSight(actor: UserRow, permission: string): string[] | null {
  if (actor.isSuperAdmin || actor.permissions.includes(permission)) return null;
  const value = actor.adminPermissions[permission];
  if (grantsEveryId(value)) return null;
  return Array.isArray(value) ? value : [];
}

function inSight(actor: UserRow, target: StaffUserDbRow, permission: string): boolean {
  const partners = partnersInSight(actor, permission);
  return partners === null || (target.partnerId !== null && partners.includes(target.partnerId));
}

function notFound(id: string): AppError {
  return new AppError('not_found', `No user ${id}.`);
}

/** A user the admin may see (404 for an unknown one or one out of sight). */
export async function visibleUser(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  permission: string,
  lock = false,
): Promise<StaffUserDbRow> {
  const target = await findUser(ctx.database.db, id, lock);
  if (!target || !inSight(actor, target, permission)) throw notFound(id);
  return target;
}

/**
 * A user the admin may change under `permission` (adminReach of decision 011, whatever the user's status: a suspended
 * or deleted user is exactly whom unsuspend and recover are for): never themself, a super admin, or (unless the admin
 * is one) an employee or someone holding admin permissions the admin does not hold.
 */
export async function changeableUser(ctx: AppContext, actor: UserRow, id: string, permission: string) {
  const target = await visibleUser(ctx, actor, id, permission, true);
  if (target.id === actor.id)
    throw new AppError('admin_self_change', 'You cannot change your own account here. Ask another administrator.');
  const verdict = adminReach(actor, { ...target, status: 'active' }, permission);
  if (verdict === 'out_of_reach') throw notFound(id);
  if (verdict === 'forbidden') throw new AppError('forbidden', 'You can not do this for this user.');
  return target;
}

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

type ListQuery = z.output<typeof staffListQuerySchema>;
type Cursor = { key: string; id: number } | null;

/** One keyset page of a staff list (decision 013) for the query's search, page and token. */
function staffPage<Row extends { id: number; sortKey: string }>(
  ctx: AppContext,
  query: ListQuery,
  scope: Record<string, unknown>,
  list: {
    fetch: (search: string | null, after: Cursor, limit: number, offset: number) => Promise<Row[]>;
    count: (search: string | null) => Promise<number>;
  },
) {
  const search = query.search ? query.search : null;
  return keysetPage(
    ctx,
    { page: query.page, pageSize: query.page_size, paginationToken: query.pagination_token ?? null },
    { ...scope, search, pageSize: query.page_size },
    {
      keyOf: (r: Row) => r.sortKey,
      fetch: (after, limit, offset) => list.fetch(search, after, limit, offset),
      count: () => list.count(search),
    },
  );
}

/** The page's fields on the wire. */
function pageFields(page: { totalCount: number; page: number; pageSize: number; paginationToken: string | null }) {
  return {
    total_count: page.totalCount,
    page: page.page,
    page_size: page.pageSize,
    pagination_token: page.paginationToken,
  };
}

export async function listStaffUsers(
  ctx: AppContext,
  request: FastifyRequest,
  query: ListQuery,
): Promise<StaffUsersList> {
  const permission = STAFF_AREA_PERMISSIONS.users;
  const actor = await requireStaff(ctx, request, permission);
  const partners = partnersInSight(actor, permission);
  const db = ctx.database.db;
  const page = await staffPage<StaffUserListRow>(
    ctx,
    query,
    { partners, list: 'staff-users' },
    {
      fetch: (search, after, limit, offset) => searchUsers(db, search, partners, after, limit, offset),
      count: (search) => countUsers(db, search, partners),
    },
  );
  const names = new Map<string, string[]>();
  const memberships = await membershipsWithEnterprise(
    db,
    page.rows.map((r) => r.uuid),
  );
  for (const m of memberships) names.set(m.userId, [...(names.get(m.userId) ?? []), m.enterprise.name]);
  return {
    users: page.rows.map((r) => ({
      id: r.uuid,
      legacy_id: r.id,
      email: r.email,
      firstname: r.firstName,
      lastname: r.lastName,
      phone_number: r.phoneNumber,
      status: r.status,
      enterprise_names: names.get(r.uuid) ?? [],
      is_staff: r.isSuperAdmin || r.employeeInfo !== null,
      last_login_at: iso(r.lastLoginAt),
    })),
    ...pageFields(page),
  };
}

export async function listStaffEnterprises(
  ctx: AppContext,
  request: FastifyRequest,
  query: ListQuery,
): Promise<StaffEnterprisesList> {
  const permission = STAFF_AREA_PERMISSIONS.users;
  const actor = await requireStaff(ctx, request, permission);
  // An admin limited to some partners lists those partners' clients' enterprises only.
  const partners = partnersInSight(actor, permission);
  const db = ctx.database.db;
  const page = await staffPage<StaffEnterpriseListRow>(
    ctx,
    query,
    { partners, list: 'staff-enterprises' },
    {
      fetch: (search, after, limit, offset) => searchEnterprises(db, search, partners, after, limit, offset),
      count: (search) => countEnterprises(db, search, partners),
    },
  );
  return {
    enterprises: page.rows.map((r) => ({
      id: r.id,
      public_id: r.publicId,
      name: r.name,
      country_code: r.countryCode,
      members_count: r.membersCount,
      owner_names: r.ownerNames,
    })),
    ...pageFields(page),
  };
}

async function detailOf(ctx: AppContext, target: StaffUserDbRow): Promise<StaffUserDetail> {
  const db = ctx.database.db;
  const [enterprises, sessions, entries, locked] = await Promise.all([
    membershipsWithEnterprise(db, target.id),
    // A suspended or deleted user's sessions are ended: each is refused (and removed) at its next request.
    target.status === 'active' ? sessionsOfUser(db, target.id) : Promise.resolve([]),
    recentAuditOf(db, target.id),
    isLockedOut(db, target.email),
  ]);
  const builderRoles: readonly string[] = COMMUNITY_BUILDER_ROLES;
  return {
    id: target.id,
    legacy_id: target.legacyId,
    email: target.email,
    firstname: target.firstName,
    lastname: target.lastName,
    phone_number: target.phoneNumber,
    status: target.status,
    locked,
    verification_status: target.verificationStatus,
    partner_id: target.partnerId,
    country_code: target.countryCode,
    is_super_admin: target.isSuperAdmin,
    employee_role: target.employeeInfo?.role ?? null,
    community_builder_roles: target.permissions.filter((p) => builderRoles.includes(p)),
    admin_permissions: target.adminPermissions,
    created_at: target.createdAt.toISOString(),
    last_login_at: iso(target.lastLoginAt),
    enterprises: enterprises.map(({ enterprise: e, role, permissions }) => ({
      id: e.id,
      public_id: e.publicId,
      name: e.name,
      role,
      permissions,
    })),
    // The session's id on the page is a short prefix of its token's hash: enough to tell sessions apart, useless to
    // anyone holding it.
    sessions: sessions.map((s) => ({
      id: s.tokenHash.slice(0, 12),
      method: s.method,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      ip: s.ip,
      user_agent: s.userAgent,
      acting_as: s.actAsUserId !== null,
    })),
    audit: entries.map((a) => ({
      id: a.id,
      action: a.action,
      at: a.createdAt.toISOString(),
      actor_name: a.actorName,
      target_name: a.targetName,
      relation: a.actingAsUserId === target.id ? 'acted_as' : a.actorUserId === target.id ? 'actor' : 'target',
    })),
  };
}

export async function getStaffUser(ctx: AppContext, request: FastifyRequest, id: string): Promise<StaffUserDetail> {
  const permission = STAFF_AREA_PERMISSIONS.users;
  const actor = await requireStaff(ctx, request, permission);
  return detailOf(ctx, await visibleUser(ctx, actor, id, permission));
}

/** The status each action moves from and to (platform.md 4.1); unlock leaves the status as it is. */
const TRANSITIONS: Record<Exclude<UserLifecycleAction, 'unlock'>, { from: AccountStatus[]; to: AccountStatus }> = {
  suspend: { from: ['active'], to: 'suspended' },
  unsuspend: { from: ['suspended'], to: 'active' },
  delete: { from: ['active', 'suspended'], to: 'deleted' },
  recover: { from: ['deleted'], to: 'active' },
};

const REFUSED_TRANSITION: Record<Exclude<UserLifecycleAction, 'unlock'>, string> = {
  suspend: 'Only an active account can be suspended.',
  unsuspend: 'This account is not suspended.',
  delete: 'This account is already deleted.',
  recover: 'This account is not deleted.',
};

/**
 * suspend, unsuspend, unlock, delete, recover (platform.md 4.1; grain-marketing.md 4). Suspending or deleting ends
 * the user's sessions: each is refused at its next request with account_suspended / account_deleted (and removed);
 * sign-in refuses them too. Unsuspending or recovering removes whatever session is left, so none comes back to life.
 * Unlock lifts the password lockout from every network.
 */
export async function runLifecycleAction(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  action: UserLifecycleAction,
): Promise<{ status: AccountStatus; locked: boolean }> {
  const permission = LIFECYCLE_PERMISSION[action];
  const actor = await requireStaff(ctx, request, permission);
  const target = await changeableUser(ctx, actor, id, permission);
  const db = ctx.database.db;
  let status = target.status;
  if (action === 'unlock') {
    await clearLoginFailures(db, target.email);
  } else {
    const move = TRANSITIONS[action];
    if (!move.from.includes(target.status)) throw new AppError('conflict', REFUSED_TRANSITION[action]);
    status = move.to;
    await updateStaffUser(db, target.id, { status });
    if (move.to === 'active') await endOtherSessions(db, target.id);
  }
  await audit(db, request, {
    actorUserId: actor.id,
    action: `user_${action}`,
    targetType: 'user',
    targetId: target.id,
    details: { before: { status: target.status }, after: { status } },
  });
  return { status, locked: action === 'unlock' ? false : await isLockedOut(db, target.email) };
}

/** Ends every session of the user now ("end all sessions"); they sign in again. */
export async function endUserSessions(ctx: AppContext, request: FastifyRequest, id: string): Promise<void> {
  const permission = STAFF_AREA_PERMISSIONS.endSessions;
  const actor = await requireStaff(ctx, request, permission);
  const target = await changeableUser(ctx, actor, id, permission);
  await endOtherSessions(ctx.database.db, target.id);
  await audit(ctx.database.db, request, {
    actorUserId: actor.id,
    action: 'user_sessions_end',
    targetType: 'user',
    targetId: target.id,
  });
}

/**
 * The employee role (platform.md 6.4; an employee is staff) and community-builder roles (6.2) of a user. Making
 * someone an employee, or changing an employee's role, opens or changes the staff area for them: it needs
 * manage-admins as well as grant-permissions.
 */
export async function putStaffRoles(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  body: z.output<typeof staffRolesPutSchema>,
): Promise<StaffUserDetail> {
  const permission = STAFF_AREA_PERMISSIONS.roles;
  const actor = await requireStaff(ctx, request, permission);
  const target = await changeableUser(ctx, actor, id, permission);
  const before = target.employeeInfo?.role ?? null;
  if (before !== body.employee_role && !userHasPermission(actor, STAFF_AREA_PERMISSIONS.adminPermissions))
    throw new AppError('forbidden', 'Only a holder of manage-admins may change an employee role.');
  const builderRoles: readonly string[] = COMMUNITY_BUILDER_ROLES;
  const permissions = [...target.permissions.filter((p) => !builderRoles.includes(p)), ...body.community_builder_roles];
  const updated = await updateStaffUser(ctx.database.db, target.id, {
    employeeInfo: body.employee_role ? { role: body.employee_role } : null,
    permissions,
  });
  if (!updated) throw notFound(id);
  await audit(ctx.database.db, request, {
    actorUserId: actor.id,
    action: 'user_roles_update',
    targetType: 'user',
    targetId: target.id,
    details: {
      before: {
        employeeRole: before,
        communityBuilderRoles: target.permissions.filter((p) => builderRoles.includes(p)),
      },
      after: { employeeRole: body.employee_role, communityBuilderRoles: body.community_builder_roles },
    },
  });
  return detailOf(ctx, updated);
}

/** Whether the admin holds all that `value` of `permission` grants (nobody grants or takes what they do not hold). */
function holdsValue(actor: UserRow, permission: string, value: AdminValue): boolean {
  if (actor.isSuperAdmin) return true;
  if (grantsEveryId(value)) return grantsEveryId(actor.adminPermissions[permission]);
  return Array.isArray(value) && value.every((partnerId) => userHasPermission(actor, permission, partnerId));
}

/**
 * Grants (or changes) or revokes one admin permission (platform.md 6.5): only a holder of manage-admins, never on
 * themself, and only what they hold themself (a super admin holds everything). Seen on the user's next request.
 */
export async function setAdminPermission(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  permission: string,
  value: z.output<typeof adminPermissionGrantSchema>['value'] | null,
): Promise<StaffUserDetail> {
  const manage = STAFF_AREA_PERMISSIONS.adminPermissions;
  const actor = await requireStaff(ctx, request, manage);
  const target = await changeableUser(ctx, actor, id, manage);
  const before = target.adminPermissions[permission] ?? null;
  if (value !== null && !holdsValue(actor, permission, value))
    throw new AppError('forbidden', 'You can only grant what you hold yourself.');
  if (before !== null && !holdsValue(actor, permission, before))
    throw new AppError('forbidden', 'You can only change what you hold yourself.');
  const next = { ...target.adminPermissions };
  if (value === null) delete next[permission];
  else next[permission] = value;
  const updated = await updateStaffUser(ctx.database.db, target.id, { adminPermissions: next });
  if (!updated) throw notFound(id);
  await audit(ctx.database.db, request, {
    actorUserId: actor.id,
    action: value === null ? 'admin_permission_revoke' : 'admin_permission_grant',
    targetType: 'user',
    targetId: target.id,
    details: { permission, before, after: value },
  });
  return detailOf(ctx, updated);
}
