// Manual resource permissions and selective features per enterprise (issue 16; platform.md 6.2, 6.5, 7.4 under
// /api/auth): staff only, under view-manual-permissions / grant-manual-permissions and selective-features (6.2's rule).
// Writes run in the request's transaction (decision 025) with their audit record.

import type { FastifyRequest } from 'fastify';
import {
  ENTERPRISE_ACCESS_FLAGS,
  effectiveAccessFlags,
  type EnterpriseRole,
  type EnterpriseSelectiveFeatures,
  KNOWN_SELECTIVE_FEATURES,
  type ResourcePermissions,
  type manualResourcePermissionGrantSchema,
} from '@granary/domain';
import type { z } from 'zod';
import { userHasPermission } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserRow } from '../../platform/sessions.repo.ts';
import { membershipsWithEnterprise } from '../enterprises/enterprises.public.ts';
import { changeableUser, partnersInSight, requireStaff, visibleUser } from './staff-admin.service.ts';
import {
  deleteManualPermission,
  enterpriseIdsOf,
  enterprisesWithFeature,
  findEnterprise,
  insertManualPermission,
  manualPermissionsOf,
  selectiveFeatureCounts,
  setSelectiveFeatures,
} from './staff-admin.repo.ts';

const VIEW_MANUAL = 'view-manual-permissions';
const GRANT_MANUAL = 'grant-manual-permissions';
const SELECTIVE_FEATURES = 'selective-features';

/**
 * The manual grants on the wire, each saying whether `actor` may revoke it (grant-manual-permissions for its
 * enterprise: a grant limited to some partners reaches their clients' enterprises only).
 */
async function manualOf(
  db: Db,
  actor: UserRow,
  rows: Awaited<ReturnType<typeof manualPermissionsOf>>,
): Promise<ResourcePermissions['manual']> {
  const reachable = userHasPermission(actor, GRANT_MANUAL)
    ? await enterpriseIdsOf(
        db,
        rows.map((r) => Number(r.resourceId)),
        partnersInSight(actor, GRANT_MANUAL),
      )
    : new Set<number>();
  return rows.map((r) => ({
    id: r.id,
    resource_type: r.resourceType,
    resource_id: r.resourceId,
    resource_name: r.resourceName,
    permission: r.permission,
    granted_by_name: r.grantedByName,
    created_at: r.createdAt.toISOString(),
    revocable: reachable.has(Number(r.resourceId)),
  }));
}

/** users/:userId/permissions/resource-permissions: the automatic ones (memberships) and the manual ones. */
export async function resourcePermissionsOf(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
): Promise<ResourcePermissions> {
  const actor = await requireStaff(ctx, request, VIEW_MANUAL);
  const target = await visibleUser(ctx, actor, userId, VIEW_MANUAL);
  const db = ctx.database.db;
  const [memberships, manual] = await Promise.all([
    membershipsWithEnterprise(db, target.id),
    manualPermissionsOf(db, target.id),
  ]);
  return {
    automatic: memberships.flatMap((m) =>
      effectiveAccessFlags({ role: m.role as EnterpriseRole, permissions: m.permissions }).map((permission) => ({
        resource_type: 'enterprise' as const,
        resource_id: String(m.enterprise.id),
        resource_name: m.enterprise.name,
        permission,
      })),
    ),
    manual: await manualOf(db, actor, manual),
  };
}

/** users/:userId/permissions/resource-permissions/manual */
export async function manualPermissionsOfUser(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
): Promise<{ manual: ResourcePermissions['manual'] }> {
  const actor = await requireStaff(ctx, request, VIEW_MANUAL);
  const target = await visibleUser(ctx, actor, userId, VIEW_MANUAL);
  return { manual: await manualOf(ctx.database.db, actor, await manualPermissionsOf(ctx.database.db, target.id)) };
}

/**
 * permissions/resource-permissions/manual: grants (POST) or revokes (DELETE) one permission on one enterprise — an
 * access flag of 3.3 on an enterprise that exists (another id: 404).
 */
export async function changeManualPermission(
  ctx: AppContext,
  request: FastifyRequest,
  body: z.output<typeof manualResourcePermissionGrantSchema>,
  grant: boolean,
): Promise<{ manual: ResourcePermissions['manual'] }> {
  const actor = await requireStaff(ctx, request, GRANT_MANUAL);
  const target = await changeableUser(ctx, actor, body.user_id, GRANT_MANUAL);
  const flags: readonly string[] = ENTERPRISE_ACCESS_FLAGS;
  if (!flags.includes(body.permission))
    throw new AppError('invalid_request', `Not a permission of an enterprise: ${body.permission}.`);
  const db = ctx.database.db;
  const enterprise = await visibleEnterprise(ctx, actor, Number(body.resource_id), GRANT_MANUAL);
  const key = {
    userId: target.id,
    resourceType: body.resource_type,
    resourceId: String(enterprise.id),
    permission: body.permission,
  };
  const changed = grant
    ? await insertManualPermission(db, { ...key, grantedBy: actor.id })
    : await deleteManualPermission(db, key);
  if (!grant && !changed) throw new AppError('not_found', 'The user does not hold this permission.');
  if (changed)
    await audit(db, request, {
      actorUserId: actor.id,
      action: grant ? 'manual_permission_grant' : 'manual_permission_revoke',
      targetType: 'user',
      targetId: target.id,
      details: { resourceType: key.resourceType, resourceId: key.resourceId, permission: key.permission },
    });
  return { manual: await manualOf(db, actor, await manualPermissionsOf(db, target.id)) };
}

/** selective-features: the features known and in use, with how many enterprises have each. */
export async function selectiveFeatureCatalogue(ctx: AppContext, request: FastifyRequest) {
  const actor = await requireStaff(ctx, request, SELECTIVE_FEATURES);
  const counts = await selectiveFeatureCounts(ctx.database.db, partnersInSight(actor, SELECTIVE_FEATURES));
  const names = [...new Set([...KNOWN_SELECTIVE_FEATURES, ...counts.keys()])].sort();
  return { features: names.map((name) => ({ name, enterprises_count: counts.get(name) ?? 0 })) };
}

/** enterprises/selective-features?feature=…: the enterprises that have a feature. */
export async function enterprisesHavingFeature(ctx: AppContext, request: FastifyRequest, feature: string) {
  const actor = await requireStaff(ctx, request, SELECTIVE_FEATURES);
  const rows = await enterprisesWithFeature(ctx.database.db, feature, partnersInSight(actor, SELECTIVE_FEATURES));
  return { enterprises: rows.map((r) => ({ enterprise_id: r.id, name: r.name })) };
}

/**
 * An enterprise the admin may see under `permission` (6.2): any for a grant everywhere; for a grant limited to some
 * partners, their clients' enterprises only (decision 050's partners). Unknown or out of sight: 404 (no probing).
 */
export async function visibleEnterprise(ctx: AppContext, actor: UserRow, id: number, permission: string, lock = false) {
  const enterprise = await findEnterprise(ctx.database.db, id, partnersInSight(actor, permission), lock);
  if (!enterprise) throw new AppError('not_found', `No enterprise ${id}.`);
  return enterprise;
}

/** enterprises/:legacyId/selective-features */
export async function enterpriseSelectiveFeatures(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
): Promise<EnterpriseSelectiveFeatures> {
  const actor = await requireStaff(ctx, request, SELECTIVE_FEATURES);
  const enterprise = await visibleEnterprise(ctx, actor, id, SELECTIVE_FEATURES);
  return { enterprise_id: enterprise.id, name: enterprise.name, features: [...enterprise.selectiveFeatures].sort() };
}

/** PUT enterprises/:legacyId/selective-features: the enterprise's whole list (its profile's `features` then). */
export async function putEnterpriseSelectiveFeatures(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  features: string[],
): Promise<EnterpriseSelectiveFeatures> {
  const actor = await requireStaff(ctx, request, SELECTIVE_FEATURES);
  const enterprise = await visibleEnterprise(ctx, actor, id, SELECTIVE_FEATURES, true);
  await setSelectiveFeatures(ctx.database.db, enterprise.id, features);
  await audit(ctx.database.db, request, {
    actorUserId: actor.id,
    action: 'selective_features_update',
    targetType: 'enterprise',
    targetId: String(enterprise.id),
    details: { before: enterprise.selectiveFeatures, after: features },
  });
  return { enterprise_id: enterprise.id, name: enterprise.name, features };
}
