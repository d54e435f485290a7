// The CRM administrator's users (issue 15; grain-marketing.md 6, 7 'admin users', 'admin users/:userId/permissions'):
// only a buyer-admin (or a super admin) of the partner sees and changes them; another partner's user is answered as an
// unknown one (404). Writes run in the request's transaction (decision 025) with their audit record; a user's version
// (If-Match) is a digest of what the administrator edits, so a change by another administrator meanwhile is a 412.
// Nothing is cached: platform/crm-access.ts reads the permissions on every request, so a change is seen by the next.

import type { FastifyRequest } from 'fastify';
import {
  ADMIN_PERMISSIONS,
  adminPermissionList,
  canonicalJson,
  fnv1a32,
  normalizeMarketPermissions,
  type AdminPermission,
  type AdminUser,
  type AdminUserRow,
  type AdminUsersList,
  type InvitationRow,
  type UserPermissions,
  type adminUserPatchSchema,
  type adminUsersQuerySchema,
  type userPermissionsPutSchema,
} from '@granary/domain';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import { ifMatchVersion, keysetPage, loadCrmAdmin, type CrmActor, type CrmDeps } from '../../platform/crm-access.ts';
import { AppError } from '../../platform/errors.ts';
import { endOtherSessions } from '../../platform/sessions.ts';
import { validPhone } from '../identity/identity.public.ts';
import {
  countPartnerUsers,
  findAccountTaking,
  findPartnerUser,
  listPartnerUsers,
  lockPartnerUser,
  marketPermissionsOf,
  pendingInvitations,
  replaceMarketPermissions,
  updatePartnerUser,
  type InvitationDbRow,
  type PartnerUserListRow,
  type PartnerUserRow,
} from './admin-users.repo.ts';

/** The caller, when they may administer the partner's users: 403 otherwise (401 without a session). */
export async function requireUserAdmin(deps: CrmDeps, request: FastifyRequest): Promise<CrmActor> {
  return loadCrmAdmin(deps, request, 'buyer-admin', "Only the partner's buyer-admins manage its users.");
}

/** Admin permissions as stored: each granted one on every market. */
export function storedAdminGrants(permissions: readonly AdminPermission[]): Record<string, string[]> {
  return Object.fromEntries(ADMIN_PERMISSIONS.filter((p) => permissions.includes(p)).map((p) => [p, ['all']]));
}

/** Market grants of a request, on the partner's markets only (another partner's market: 404 as an unknown one). */
export function partnerGrants(
  actor: CrmActor,
  rows: readonly { marketId: number; permissions: readonly string[] }[],
): Map<number, string[]> {
  const known = new Set(actor.markets.map((m) => m.id));
  const grants = new Map<number, string[]>();
  for (const row of rows) {
    if (!known.has(row.marketId)) throw new AppError('not_found', `No market ${row.marketId}.`);
    grants.set(row.marketId, normalizeMarketPermissions(row.permissions));
  }
  return grants;
}

/** A phone number as typed → E.164; 400 'The mobile phone number is invalid' when it is not a number. */
export function checkedPhone(input: string | null | undefined): string | null {
  if (!input) return null;
  const phone = validPhone(input);
  if (!phone) throw new AppError('phone_invalid');
  return phone;
}

function versionOf(user: PartnerUserRow, byMarket: ReadonlyMap<number, readonly string[]>): number {
  const marketsPart = [...byMarket]
    .map(([id, ps]) => [id, normalizeMarketPermissions(ps)] as const)
    .filter(([, ps]) => ps.length > 0)
    .sort((a, b) => a[0] - b[0]);
  const digest = fnv1a32(
    canonicalJson({
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phoneNumber,
      status: user.status,
      admin: adminPermissionList(user.adminPermissions),
      markets: marketsPart,
    }),
  );
  return Number.parseInt(digest, 16) % 1_000_000_000;
}

function countMarkets(byMarket: ReadonlyMap<number, readonly string[]>): number {
  return [...byMarket.values()].filter((ps) => normalizeMarketPermissions(ps).length > 0).length;
}

function activeStatus(status: PartnerUserRow['status']): 'active' | 'suspended' {
  return status === 'active' ? 'active' : 'suspended';
}

function rowOf(r: PartnerUserListRow): AdminUserRow {
  return {
    userId: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    status: activeStatus(r.status),
    marketsCount: r.marketsCount,
    adminPermissions: adminPermissionList(r.adminPermissions),
    lastSignInAt: r.lastLoginAt?.toISOString() ?? null,
  };
}

export function invitationRowOf(r: InvitationDbRow, now = new Date()): InvitationRow {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    marketsCount: Object.values(r.marketPermissions).filter((ps) => ps.length > 0).length,
    adminPermissions: adminPermissionList(r.adminPermissions),
    sentAt: r.sentAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    expired: r.expiresAt.getTime() <= now.getTime() || r.tokenId === null,
  };
}

export async function listAdminUsers(
  deps: CrmDeps,
  request: FastifyRequest,
  query: z.output<typeof adminUsersQuerySchema>,
): Promise<AdminUsersList> {
  const actor = await requireUserAdmin(deps, request);
  const db = deps.ctx.database.db;
  const search = query.search ? query.search : null;
  const page = await keysetPage(
    deps.ctx,
    { page: query.page, pageSize: query.pageSize, paginationToken: query.paginationToken ?? null },
    { search, pageSize: query.pageSize, partner: actor.partner.id },
    {
      keyOf: (r: PartnerUserListRow) => r.sortKey,
      fetch: (after, limit, offset) => listPartnerUsers(db, actor.partner.id, search, after, limit, offset),
      count: () => countPartnerUsers(db, actor.partner.id, search),
    },
  );
  const invitations = await pendingInvitations(db, actor.partner.id);
  const needle = search?.toLowerCase() ?? null;
  return {
    users: page.rows.map(rowOf),
    totalCount: page.totalCount,
    page: page.page,
    pageSize: page.pageSize,
    paginationToken: page.paginationToken,
    invitations: invitations
      .filter((i) => !needle || `${i.firstName} ${i.lastName} ${i.email}`.toLowerCase().includes(needle))
      .map((i) => invitationRowOf(i)),
  };
}

async function requirePartnerUser(deps: CrmDeps, actor: CrmActor, userId: number): Promise<PartnerUserRow> {
  const user = await findPartnerUser(deps.ctx.database.db, actor.partner.id, userId);
  if (!user) throw new AppError('not_found', `No user ${userId}.`);
  return user;
}

function adminUserOf(
  actor: CrmActor,
  user: PartnerUserRow,
  byMarket: ReadonlyMap<number, readonly string[]>,
): AdminUser {
  return {
    userId: user.legacyId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    status: activeStatus(user.status),
    marketsCount: countMarkets(byMarket),
    adminPermissions: adminPermissionList(user.adminPermissions),
    lastSignInAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    isSelf: user.id === actor.user.id,
    version: versionOf(user, byMarket),
  };
}

function matrixOf(
  actor: CrmActor,
  user: PartnerUserRow,
  byMarket: ReadonlyMap<number, readonly string[]>,
): UserPermissions {
  return {
    userId: user.legacyId,
    version: versionOf(user, byMarket),
    markets: actor.markets.map((m) => ({
      marketId: m.id,
      displayName: m.displayName,
      city: m.city,
      administrativeAreaLevel1: m.administrativeAreaLevel1,
      permissions: normalizeMarketPermissions(byMarket.get(m.id)),
    })),
    adminPermissions: adminPermissionList(user.adminPermissions),
  };
}

export async function getAdminUser(deps: CrmDeps, request: FastifyRequest, userId: number): Promise<AdminUser> {
  const actor = await requireUserAdmin(deps, request);
  const user = await requirePartnerUser(deps, actor, userId);
  return adminUserOf(actor, user, await marketPermissionsOf(deps.ctx.database.db, actor.partner.id, user.id));
}

export async function getUserPermissions(
  deps: CrmDeps,
  request: FastifyRequest,
  userId: number,
): Promise<UserPermissions> {
  const actor = await requireUserAdmin(deps, request);
  const user = await requirePartnerUser(deps, actor, userId);
  return matrixOf(actor, user, await marketPermissionsOf(deps.ctx.database.db, actor.partner.id, user.id));
}

/** The user locked for a write, after the If-Match check (412 with the current version when it moved). */
async function lockedForWrite(
  deps: CrmDeps,
  request: FastifyRequest,
  actor: CrmActor,
  userId: number,
): Promise<{ user: PartnerUserRow; byMarket: Map<number, string[]> }> {
  const expected = ifMatchVersion(request.headers['if-match']);
  const db = deps.ctx.database.db;
  const user = await lockPartnerUser(db, actor.partner.id, userId);
  if (!user) throw new AppError('not_found', `No user ${userId}.`);
  const byMarket = await marketPermissionsOf(db, actor.partner.id, user.id);
  const current = versionOf(user, byMarket);
  if (current !== expected) throw new AppError('precondition_failed', undefined, { currentVersion: current });
  return { user, byMarket };
}

export async function putUserPermissions(
  deps: CrmDeps,
  request: FastifyRequest,
  userId: number,
  body: z.output<typeof userPermissionsPutSchema>,
): Promise<UserPermissions> {
  const actor = await requireUserAdmin(deps, request);
  const db = deps.ctx.database.db;
  const { user, byMarket } = await lockedForWrite(deps, request, actor, userId);
  const grants = partnerGrants(actor, body.markets);
  const before = adminPermissionList(user.adminPermissions);
  if (user.id === actor.user.id && before.includes('buyer-admin') && !body.adminPermissions.includes('buyer-admin'))
    throw new AppError(
      'admin_self_change',
      'You cannot remove your own buyer-admin permission. Ask another administrator.',
    );
  await replaceMarketPermissions(
    db,
    user.id,
    actor.markets.map((m) => m.id),
    grants,
  );
  const updated = await updatePartnerUser(db, user.id, { adminPermissions: storedAdminGrants(body.adminPermissions) });
  if (!updated) throw new AppError('not_found', `No user ${userId}.`);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'crm_user_permissions_update',
    targetType: 'user',
    targetId: user.id,
    details: {
      before: { markets: Object.fromEntries(byMarket), adminPermissions: before },
      after: { markets: Object.fromEntries(grants), adminPermissions: body.adminPermissions },
    },
  });
  return matrixOf(actor, updated, await marketPermissionsOf(db, actor.partner.id, user.id));
}

export async function patchAdminUser(
  deps: CrmDeps,
  request: FastifyRequest,
  userId: number,
  patch: z.output<typeof adminUserPatchSchema>,
): Promise<AdminUser> {
  const actor = await requireUserAdmin(deps, request);
  const db = deps.ctx.database.db;
  const { user, byMarket } = await lockedForWrite(deps, request, actor, userId);
  if (patch.status === 'suspended' && user.id === actor.user.id)
    throw new AppError('admin_self_change', 'You cannot suspend yourself. Ask another administrator.');
  const changes: Parameters<typeof updatePartnerUser>[2] = {};
  if (patch.firstName !== undefined) changes.firstName = patch.firstName;
  if (patch.lastName !== undefined) changes.lastName = patch.lastName;
  if (patch.phoneNumber !== undefined) {
    const phone = checkedPhone(patch.phoneNumber);
    if (phone && (await findAccountTaking(db, null, phone, user.id))) throw new AppError('user_taken');
    changes.phoneNumber = patch.phoneNumber ? patch.phoneNumber : null;
  }
  if (patch.status !== undefined) changes.status = patch.status;
  const updated = await updatePartnerUser(db, user.id, changes);
  if (!updated) throw new AppError('not_found', `No user ${userId}.`);
  // Suspended: every session of theirs ends now (the session loader would refuse them on the next request anyway).
  if (patch.status === 'suspended' && user.status !== 'suspended') await endOtherSessions(db, user.id);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action:
      patch.status === 'suspended' && user.status !== 'suspended'
        ? 'crm_user_suspend'
        : patch.status === 'active' && user.status !== 'active'
          ? 'crm_user_unsuspend'
          : 'crm_user_update',
    targetType: 'user',
    targetId: user.id,
    details: {
      fields: Object.keys(changes),
      before: {
        firstName: user.firstName,
        lastName: user.lastName,
        phoneNumber: user.phoneNumber,
        status: user.status,
      },
    },
  });
  return adminUserOf(actor, updated, byMarket);
}
