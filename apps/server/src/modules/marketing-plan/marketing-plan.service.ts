// The marketing plan (issue 17, docs/decisions/058): per farm business (the caller's current one), crop and crop year,
// targets — by a date, a % of the production sold, at no less than a price — and the progress the farmer's contracts
// make against them, read from the profit center's summary of the crop and year. Same access as the profit center
// (loadFarmer: 401; 403 enterprise_access_required without profit center access).

import type { FastifyRequest } from 'fastify';
import {
  PROFIT_CENTER_ACCESS_PERMISSION,
  cropRecord,
  targetStatus,
  type MarketingPlan,
  type MarketingPlanBody,
  type MarketingPlansOverview,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, accessDenied } from '../../platform/errors.ts';
import { currentMembership, membershipsWithEnterprise } from '../enterprises/enterprises.public.ts';
import { holdsFlagOn, loadFarmer, profitCropYearSummary, type Farmer } from '../profit-center/profit-center.public.ts';
import { findPlan, plansOf, savePlan, type PlanRow } from './marketing-plan.repo.ts';

export type MarketingDeps = { ctx: AppContext };

export type PlanCaller = { farmer: Farmer; enterprise: { id: number; name: string } | null };

/** The farmer of the request and their current farm business (null when they belong to none). */
export async function planCaller(deps: MarketingDeps, request: FastifyRequest): Promise<PlanCaller> {
  const farmer = await loadFarmer(deps, request);
  const { session } = await requireSession(deps.ctx, request);
  const memberships = await membershipsWithEnterprise(deps.ctx.database.db, farmer.userId);
  const current = currentMembership(memberships, session.currentEnterpriseId ?? null);
  return { farmer, enterprise: current ? { id: current.enterprise.id, name: current.enterprise.name } : null };
}

/**
 * The farm business a plan belongs to: the current one, on which the caller must hold the profit center flag itself —
 * loadFarmer only asks for the flag on some business, so a member with it on farm A read and overwrote B's plan.
 */
async function planEnterprise(deps: MarketingDeps, caller: PlanCaller): Promise<{ id: number; name: string }> {
  if (!caller.enterprise) throw new AppError('not_found', 'You have no farm business to plan for.');
  if (!(await holdsFlagOn(deps.ctx.database.db, caller.farmer.userId, caller.enterprise.id)))
    throw accessDenied(PROFIT_CENTER_ACCESS_PERMISSION);
  return caller.enterprise;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

async function planView(
  deps: MarketingDeps,
  request: FastifyRequest,
  enterpriseId: number,
  cropId: number,
  cropYear: number,
  row: PlanRow | null,
  now: Date,
): Promise<MarketingPlan> {
  // The plan's business's own sales and acres, not every flagged business's.
  const progress = await profitCropYearSummary(deps, request, cropId, cropYear, enterpriseId);
  const targets = [...(row?.targets ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  return {
    enterpriseId,
    cropId,
    crop: cropRecord(cropId).displayName,
    cropYear,
    targets: targets.map((t) => ({ ...t, status: targetStatus(t, progress, today(now)) })),
    notes: row?.notes ?? '',
    updatedAt: row ? row.updatedAt.toISOString() : null,
    progress,
  };
}

/** GET marketing-plan/:crop/:year: the plan (no targets when none is saved) and the sales against it. */
export async function getPlan(
  deps: MarketingDeps,
  request: FastifyRequest,
  cropId: number,
  cropYear: number,
): Promise<MarketingPlan> {
  const enterprise = await planEnterprise(deps, await planCaller(deps, request));
  const row = await findPlan(deps.ctx.database.db, enterprise.id, cropId, cropYear);
  return planView(deps, request, enterprise.id, cropId, cropYear, row, new Date());
}

/** PUT marketing-plan/:crop/:year: replaces the plan's targets (an empty list removes the plan). */
export async function putPlan(
  deps: MarketingDeps,
  request: FastifyRequest,
  cropId: number,
  cropYear: number,
  body: MarketingPlanBody,
): Promise<MarketingPlan> {
  const caller = await planCaller(deps, request);
  const enterprise = await planEnterprise(deps, caller);
  const now = new Date();
  const row = await savePlan(
    deps.ctx.database.db,
    { enterpriseId: enterprise.id, cropId, cropYear },
    { targets: body.targets, notes: body.notes ?? '', userId: caller.farmer.userId },
    now,
  );
  return planView(deps, request, enterprise.id, cropId, cropYear, row, now);
}

/** GET marketing-plan/enterprise-data: the current farm business's plans. */
export async function plansOverview(deps: MarketingDeps, request: FastifyRequest): Promise<MarketingPlansOverview> {
  const enterprise = await planEnterprise(deps, await planCaller(deps, request));
  const rows = await plansOf(deps.ctx.database.db, enterprise.id);
  return {
    enterpriseId: enterprise.id,
    enterpriseName: enterprise.name,
    plans: rows.map((r) => ({
      cropId: r.cropId,
      crop: cropRecord(r.cropId).displayName,
      cropYear: r.cropYear,
      targetCount: r.targets.length,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
