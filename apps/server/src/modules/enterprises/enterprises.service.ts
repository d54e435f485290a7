import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DATA_FEATURES,
  ENTERPRISE_ACCESS_FLAGS,
  QUALIFYING_QUESTIONS,
  convertArea,
  hasEnterpriseAccess,
  type EnterpriseAccessFlag,
  type EnterpriseProfilePatch,
  type EnterpriseProfileWire,
  type agronomicSummaryBodySchema,
  type userProfilePatchSchema,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError, accessDenied } from '../../platform/errors.ts';
import { manualFlagsOn } from '../../platform/manual-grants.ts';
import { audit } from '../../platform/audit.ts';
import { userHasPermission } from '../../platform/access.ts';
import type { SessionState } from '../../platform/sessions.ts';
import * as repo from './enterprises.repo.ts';

/** Staff who may read any user's details and enterprises (6.5 list-all-user-details; a super admin passes). */
const LIST_ALL_USER_DETAILS = 'list-all-user-details';

type Membership = Awaited<ReturnType<typeof repo.membershipOf>>;
type Need = 'read' | EnterpriseAccessFlag;

/** Staff reading someone else's account: a super admin, or the list-all-user-details permission. */
function isStaffReader(session: SessionState): boolean {
  return userHasPermission(session.user, LIST_ALL_USER_DETAILS);
}

/**
 * The enterprise the caller asks for, with their membership, or a refusal: not a member (and not staff allowed to
 * read it) answers 404, as an unknown id does (IDOR); a member without the flag asked for answers 403. Staff read;
 * only a super admin writes to an enterprise they are not a member of (6.2).
 */
async function enterpriseFor(
  db: Db,
  session: SessionState,
  enterpriseId: number,
  need: Need,
  lock = false,
): Promise<{ enterprise: repo.EnterpriseRow; membership: Membership }> {
  const enterprise = await repo.enterpriseById(db, enterpriseId, lock);
  if (!enterprise) throw new AppError('not_found');
  const membership = await repo.membershipOf(db, enterpriseId, session.user.id);
  // A flag granted by hand (decision 053) opens the enterprise to its holder as far as that flag goes.
  const manualFlags = await manualFlagsOn(db, session.user.id, enterpriseId);
  if (!membership && manualFlags.length === 0 && !isStaffReader(session)) throw new AppError('not_found');
  const isSuperAdmin = session.user.isSuperAdmin;
  if (need !== 'read' && !hasEnterpriseAccess(membership, need, { isSuperAdmin, manualFlags })) {
    throw accessDenied(need);
  }
  return { enterprise, membership };
}

/**
 * enterpriseFor for another module's calls that name the enterprise by its public uuid or its numeric (legacy) id
 * (billing's `/api/effu/enterprise/:enterprisePublicId/…`, decision 056): the same 404 for an unknown id or a
 * non-member, the same 403 `accessDenied(flag)` for a member without the flag.
 */
export async function enterpriseForAnyId(
  db: Db,
  session: SessionState,
  anyId: string,
  need: EnterpriseAccessFlag,
): Promise<{ enterprise: repo.EnterpriseRow; membership: Membership }> {
  const named = await repo.enterpriseByAnyId(db, anyId);
  if (!named) throw new AppError('not_found');
  return enterpriseFor(db, session, named.id, need);
}

/** Audits a change to an enterprise, naming both people while an admin acts as the member. */
function auditEnterprise(
  db: Db,
  request: FastifyRequest,
  session: SessionState,
  enterpriseId: number,
  action: string,
  details?: Record<string, unknown>,
): Promise<void> {
  return audit(db, request, {
    actorUserId: session.actor?.id ?? session.user.id,
    actingAsUserId: session.actor ? session.user.id : null,
    action,
    targetType: 'enterprise',
    targetId: String(enterpriseId),
    ...(details ? { details } : {}),
  });
}

async function idOfPublic(db: Db, publicId: string): Promise<number> {
  const id = await repo.enterpriseIdByPublicId(db, publicId);
  if (id === null) throw new AppError('not_found');
  return id;
}

const num = (value: string | null): number => (value === null ? 0 : Number(value));

async function composeProfile(
  db: Db,
  session: SessionState,
  enterprise: repo.EnterpriseRow,
  membership: Membership,
): Promise<EnterpriseProfileWire> {
  const [fields, agronomics, subscriptions, entities, members, codes, manualFlags] = await Promise.all([
    repo.fieldsSummaryOf(db, enterprise.id),
    repo.agronomicsCountOf(db, enterprise.id),
    repo.subscriptionsOf(db, enterprise.id),
    repo.legalEntitiesOf(db, enterprise.id),
    repo.membersOf(db, enterprise.id),
    repo.referralCodesOf(db, enterprise.id),
    manualFlagsOn(db, session.user.id, enterprise.id),
  ]);
  const partners = new Map(entities.map((e) => [e.partnerId, e.partnerName]));
  const person = (m: (typeof members)[number]) => ({
    public_id: m.publicId,
    first_name: m.firstName,
    last_name: m.lastName,
    email: m.email,
  });
  const owner = members.find((m) => m.role === 'owner');
  const isSuperAdmin = session.user.isSuperAdmin;
  return {
    id: enterprise.id,
    legacy_id: enterprise.id,
    public_id: enterprise.publicId,
    name: enterprise.name,
    facts: enterprise.facts,
    fields: { count: fields.count, area_acres: num(fields.areaAcres) },
    has_monitors:
      enterprise.plantingMonitorBrands.length +
        enterprise.harvestMonitorBrands.length +
        enterprise.applicationMonitorBrands.length >
      0,
    crops: enterprise.crops,
    software_tools: enterprise.softwareTools,
    planting_monitor_brands: enterprise.plantingMonitorBrands,
    harvest_monitor_brands: enterprise.harvestMonitorBrands,
    application_monitor_brands: enterprise.applicationMonitorBrands,
    acres_estimate: num(enterprise.acresEstimate),
    area_estimate: num(enterprise.areaEstimate),
    area_estimate_units: enterprise.areaEstimateUnits,
    subscriptions: subscriptions.map((s) => ({
      type: s.type,
      starts_on: s.startsOn,
      ends_on: s.endsOn,
      active: s.active,
    })),
    active_subscriptions: Object.fromEntries(subscriptions.filter((s) => s.active).map((s) => [s.type, true])),
    legal_entities: entities.map((e) => ({ id: e.id, name: e.name, partner_name: e.partnerName })),
    partners: [...partners].map(([id, name]) => ({ id, name })),
    referral_code: codes.own,
    user_enterprise_referrer_code: codes.referrer,
    features: Object.fromEntries(enterprise.selectiveFeatures.map((f) => [f, true])),
    permissions: Object.fromEntries(
      ENTERPRISE_ACCESS_FLAGS.map((flag) => [
        flag,
        hasEnterpriseAccess(membership, flag, { isSuperAdmin, manualFlags }),
      ]),
    ),
    role: membership?.role ?? null,
    owner: owner ? person(owner) : null,
    users: members.map((m) => ({ ...person(m), role: m.role })),
    location: {
      country: enterprise.countryCode || 'unknown',
      state: enterprise.administrativeAreaLevel1,
      valid_for_billing: enterprise.validForBilling,
    },
    has_contributed_data: fields.count > 0 || agronomics > 0,
  };
}

export async function profileOf(db: Db, session: SessionState, enterpriseId: number): Promise<EnterpriseProfileWire> {
  const { enterprise, membership } = await enterpriseFor(db, session, enterpriseId, 'read');
  return composeProfile(db, session, enterprise, membership);
}

export async function profileByPublicId(db: Db, session: SessionState, publicId: string) {
  return profileOf(db, session, await idOfPublic(db, publicId));
}

export async function fieldsOf(db: Db, session: SessionState, enterpriseId: number) {
  await enterpriseFor(db, session, enterpriseId, 'read');
  const [fields, summary] = await Promise.all([
    repo.fieldsOf(db, enterpriseId),
    repo.fieldsSummaryOf(db, enterpriseId),
  ]);
  return {
    fields: fields.map((f) => ({ id: f.id, name: f.name, area_acres: num(f.areaAcres), crop: f.crop })),
    summary: { count: summary.count, area_acres: num(summary.areaAcres) },
  };
}

/** profile/partial: the owner, or a member holding has_manage; each change audited with the keys it changed. */
export async function patchProfile(
  db: Db,
  request: FastifyRequest,
  session: SessionState,
  patch: EnterpriseProfilePatch,
): Promise<EnterpriseProfileWire> {
  const { enterprise_id: enterpriseId, ...rest } = patch;
  const { enterprise } = await enterpriseFor(db, session, enterpriseId, 'has_manage', true);
  const set: repo.EnterpriseUpdate = {};
  if (rest.name !== undefined) set.name = rest.name;
  if (rest.crops) set.crops = rest.crops;
  if (rest.software_tools) set.softwareTools = rest.software_tools;
  if (rest.planting_monitor_brands) set.plantingMonitorBrands = rest.planting_monitor_brands;
  if (rest.harvest_monitor_brands) set.harvestMonitorBrands = rest.harvest_monitor_brands;
  if (rest.application_monitor_brands) set.applicationMonitorBrands = rest.application_monitor_brands;
  if (rest.area_estimate !== undefined || rest.area_estimate_units !== undefined) {
    const units = rest.area_estimate_units ?? enterprise.areaEstimateUnits;
    const area = rest.area_estimate ?? num(enterprise.areaEstimate);
    set.areaEstimate = area.toFixed(2);
    set.areaEstimateUnits = units;
    // acresEstimate is the same estimate in acres (3.3 keeps both), whatever unit the member writes in.
    set.acresEstimate = convertArea(area, units, 'acres').toFixed(2);
  }
  if (Object.keys(set).length > 0) {
    await repo.updateEnterprise(db, enterpriseId, set);
    await auditEnterprise(db, request, session, enterpriseId, 'enterprise_profile_update', {
      changed: Object.keys(rest),
    });
  }
  return profileOf(db, session, enterpriseId);
}

function toUserEnterprise({ enterprise: e, role }: repo.MembershipWithEnterprise) {
  return {
    id: e.id,
    public_id: e.publicId,
    name: e.name,
    role,
    country: e.countryCode || 'unknown',
    state: e.administrativeAreaLevel1,
    area_estimate: num(e.areaEstimate),
    area_estimate_units: e.areaEstimateUnits,
  };
}

/** A user's own record, or another's for staff with list-all-user-details; anyone else: 404. */
async function readableUser(db: Db, session: SessionState, userId: string) {
  if (userId !== session.user.id && !isStaffReader(session)) throw new AppError('not_found');
  const user = await repo.userById(db, userId);
  if (!user || user.status === 'deleted') throw new AppError('not_found');
  return user;
}

export async function userEnterprises(db: Db, session: SessionState, userId: string) {
  await readableUser(db, session, userId);
  return { enterprises: (await repo.membershipsWithEnterprise(db, userId)).map(toUserEnterprise) };
}

export async function userEnterprise(db: Db, session: SessionState, userId: string, enterprisePublicId: string) {
  await readableUser(db, session, userId);
  const id = await idOfPublic(db, enterprisePublicId);
  if (!(await repo.membershipOf(db, id, userId))) throw new AppError('not_found');
  return profileOf(db, session, id);
}

export async function userProfile(db: Db, session: SessionState, userId: string) {
  const user = await readableUser(db, session, userId);
  return {
    public_id: user.id,
    legacy_id: user.legacyId,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone_number: user.phoneNumber,
    enterprises: (await repo.membershipsWithEnterprise(db, userId)).map(toUserEnterprise),
  };
}

/** Only the user themself changes their names (an admin acting as them is refused by the access layer for /api/auth). */
export async function patchUserProfile(
  db: Db,
  request: FastifyRequest,
  session: SessionState,
  userId: string,
  body: z.infer<typeof userProfilePatchSchema>,
) {
  if (userId !== session.user.id) throw new AppError('not_found');
  const set = {
    ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
    ...(body.last_name !== undefined ? { lastName: body.last_name } : {}),
  };
  if (Object.keys(set).length > 0) {
    await repo.updateUserNames(db, userId, set);
    await audit(db, request, {
      actorUserId: userId,
      action: 'user_profile_update',
      targetType: 'user',
      targetId: userId,
      details: { changed: Object.keys(body) },
    });
  }
  return userProfile(db, session, userId);
}

export async function deletePhone(db: Db, request: FastifyRequest, session: SessionState, userId: string) {
  if (userId !== session.user.id) throw new AppError('not_found');
  await repo.clearUserPhone(db, userId);
  await audit(db, request, { actorUserId: userId, action: 'user_phone_delete', targetType: 'user', targetId: userId });
  return userProfile(db, session, userId);
}

/** The facts of the enterprises a user belongs to (what pages may test: 6.1 enterprise_fact). */
export async function readableEnterpriseFacts(db: Db, session: SessionState, userId: string) {
  await readableUser(db, session, userId);
  const rows = await repo.membershipsWithEnterprise(db, userId);
  return { facts: [...new Set(rows.flatMap((r) => r.enterprise.facts))].sort() };
}

export async function contributedData(db: Db, session: SessionState, enterpriseId: number) {
  await enterpriseFor(db, session, enterpriseId, 'read');
  const [fields, agronomics] = await Promise.all([
    repo.fieldsSummaryOf(db, enterpriseId),
    repo.agronomicsCountOf(db, enterpriseId),
  ]);
  return {
    has_contributed_data: fields.count > 0 || agronomics > 0,
    fields_count: fields.count,
    agronomics_count: agronomics,
  };
}

export async function dataFeatureUnlocks(db: Db, session: SessionState, enterpriseId: number) {
  const data = await contributedData(db, session, enterpriseId);
  return {
    features: DATA_FEATURES.map((f) => ({
      id: f.id,
      needs: f.needs,
      unlocked: f.needs === 'fields' ? data.fields_count > 0 : data.agronomics_count > 0,
    })),
  };
}

function qualifyingOf(enterprise: repo.EnterpriseRow) {
  return {
    questions: QUALIFYING_QUESTIONS.map((q) => ({
      id: q.id,
      answers: [...q.answers],
      answer: enterprise.qualifyingAnswers[q.id] ?? null,
    })),
    business_units: enterprise.businessUnits,
    hidden: enterprise.qualifyingQuestionsHidden,
  };
}

export async function qualifyingQuestions(db: Db, session: SessionState, enterpriseId: number) {
  return qualifyingOf((await enterpriseFor(db, session, enterpriseId, 'read')).enterprise);
}

type QualifyingChange =
  | { kind: 'answers'; answers: Record<string, string | null> }
  | { kind: 'business_units'; businessUnits: string[] }
  | { kind: 'hide'; hidden: boolean };

/**
 * Answers and business units are the enterprise's record (has_manage); hiding the prompt is a member's choice
 * for the enterprise, which any member may make.
 */
export async function changeQualifying(
  db: Db,
  request: FastifyRequest,
  session: SessionState,
  enterpriseId: number,
  change: QualifyingChange,
) {
  const need = change.kind === 'hide' ? 'read' : 'has_manage';
  const { enterprise, membership } = await enterpriseFor(db, session, enterpriseId, need, true);
  if (change.kind === 'hide' && !membership && !session.user.isSuperAdmin) throw new AppError('forbidden');
  const set: repo.EnterpriseUpdate =
    change.kind === 'answers'
      ? {
          qualifyingAnswers: Object.fromEntries(
            Object.entries({ ...enterprise.qualifyingAnswers, ...change.answers }).filter(
              (entry): entry is [string, string] => entry[1] !== null,
            ),
          ),
        }
      : change.kind === 'business_units'
        ? { businessUnits: change.businessUnits }
        : { qualifyingQuestionsHidden: change.hidden };
  await repo.updateEnterprise(db, enterpriseId, set);
  await auditEnterprise(db, request, session, enterpriseId, `enterprise_qualifying_${change.kind}`);
  return qualifyingQuestions(db, session, enterpriseId);
}

export async function agronomics(db: Db, session: SessionState, enterpriseId: number) {
  await enterpriseFor(db, session, enterpriseId, 'has_agronomics');
  const rows = await repo.agronomicsOf(db, enterpriseId);
  return {
    summaries: rows.map((r) => ({
      crop_year: r.cropYear,
      crop: r.crop,
      area: num(r.area),
      area_units: r.areaUnits,
      average_yield: r.averageYield === null ? null : Number(r.averageYield),
    })),
  };
}

export async function saveAgronomicSummary(
  db: Db,
  request: FastifyRequest,
  session: SessionState,
  enterpriseId: number,
  body: z.infer<typeof agronomicSummaryBodySchema>,
) {
  await enterpriseFor(db, session, enterpriseId, 'has_agronomics', true);
  await repo.upsertAgronomicSummary(db, {
    enterpriseId,
    cropYear: body.crop_year,
    crop: body.crop,
    area: body.area.toFixed(2),
    areaUnits: body.area_units,
    averageYield: body.average_yield === null ? null : body.average_yield.toFixed(2),
  });
  await auditEnterprise(db, request, session, enterpriseId, 'enterprise_agronomics_save', {
    crop_year: body.crop_year,
    crop: body.crop,
  });
  return agronomics(db, session, enterpriseId);
}

export async function removeAgronomicSummary(
  db: Db,
  request: FastifyRequest,
  session: SessionState,
  enterpriseId: number,
  cropYear: number,
  crop: string,
) {
  await enterpriseFor(db, session, enterpriseId, 'has_agronomics', true);
  if (!(await repo.deleteAgronomicSummary(db, enterpriseId, cropYear, crop))) throw new AppError('not_found');
  await auditEnterprise(db, request, session, enterpriseId, 'enterprise_agronomics_delete', {
    crop_year: cropYear,
    crop,
  });
  return agronomics(db, session, enterpriseId);
}

/** The switcher: the enterprise must be one of the user's (another's id: 404); kept with the session. */
export async function setCurrentEnterprise(db: Db, session: SessionState, enterpriseId: number) {
  if (!(await repo.membershipOf(db, enterpriseId, session.user.id))) throw new AppError('not_found');
  await repo.setSessionEnterprise(db, session.tokenHash, enterpriseId);
  return { current_enterprise_id: enterpriseId };
}
