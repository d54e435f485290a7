// Discount schedules (issue 14, task D; docs/decisions/043): a market's shrink, drying and grade discount tables per
// crop, read (the crop's starting schedule before the first save) and saved at the version read (If-Match).

import { defaultDiscountSchedule, toDecimal, type DiscountSchedule, type DiscountScheduleTerms } from '@granary/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { ifMatchVersion, loadCrmActor, type CrmDeps } from '../../platform/crm-access.ts';
import {
  cropName,
  findDiscountSchedule,
  insertDiscountSchedule,
  listDiscountSchedules,
  updateDiscountSchedule,
} from './deliveries.repo.ts';

import { deliveriesAt } from './deliveries.service.ts';

// ---------------------------------------------------------------------------------------------------
// Discount schedules

/** A market's schedule of a crop: the stored one, else the crop's starting schedule at version 0 (not saved yet). */
export async function getDiscountSchedule(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
  cropId: number,
): Promise<DiscountSchedule> {
  const actor = await loadCrmActor(deps, request);
  deliveriesAt(actor, marketId);
  const db = deps.ctx.database.db;
  const stored = await findDiscountSchedule(db, actor.partner.id, marketId, cropId);
  if (stored) return scheduleOut(stored);
  const name = await cropName(db, cropId);
  if (!name) throw new AppError('not_found', `No crop ${cropId}.`);
  return {
    ...defaultDiscountSchedule(name),
    id: 0,
    marketId,
    cropId,
    version: 0,
    updatedAt: new Date(0).toISOString(),
  };
}

export async function listMarketDiscountSchedules(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
): Promise<{ rows: DiscountSchedule[] }> {
  const actor = await loadCrmActor(deps, request);
  deliveriesAt(actor, marketId);
  const rows = await listDiscountSchedules(deps.ctx.database.db, actor.partner.id, marketId);
  return { rows: rows.map(scheduleOut) };
}

const pct2 = (v: string) => toDecimal(v).toFixed(2);
function scheduleOut(r: Awaited<ReturnType<typeof listDiscountSchedules>>[number]): DiscountSchedule {
  return {
    id: r.id,
    marketId: r.marketId,
    cropId: r.cropId,
    baseMoisture: pct2(r.baseMoisture),
    shrinkPerPoint: pct2(r.shrinkPerPoint),
    handlingShrink: pct2(r.handlingShrink),
    dryingPerPoint: toDecimal(r.dryingPerPoint).toFixed(4),
    testWeightPar: pct2(r.testWeightPar),
    testWeightBands: r.testWeightBands,
    damageAllowance: pct2(r.damageAllowance),
    damageBands: r.damageBands,
    foreignMaterialAllowance: pct2(r.foreignMaterialAllowance),
    foreignMaterialBands: r.foreignMaterialBands,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Saves a schedule at the version read (If-Match; "0" for a crop's first). Stale: 412. */
export async function saveDiscountSchedule(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
  cropId: number,
  terms: DiscountScheduleTerms,
): Promise<DiscountSchedule> {
  const actor = await loadCrmActor(deps, request);
  deliveriesAt(actor, marketId);
  const expected = ifMatchVersion(request.headers['if-match']);
  const db = deps.ctx.database.db;
  if (!(await cropName(db, cropId))) throw new AppError('not_found', `No crop ${cropId}.`);
  await db.transaction(async (tx) => {
    const stored = await findDiscountSchedule(tx, actor.partner.id, marketId, cropId);
    const ok = stored
      ? stored.version === expected && (await updateDiscountSchedule(tx, stored.id, expected, terms, actor.user.id))
      : expected === 0 &&
        (await insertDiscountSchedule(tx, {
          partnerId: actor.partner.id,
          marketId,
          cropId,
          updatedBy: actor.user.id,
          ...terms,
        }));
    if (!ok) throw new AppError('precondition_failed', undefined, { currentVersion: stored?.version ?? 0 });
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'discount_schedule_save',
      targetType: 'discount_schedule',
      targetId: `${marketId}:${cropId}`,
      details: { marketId, cropId, fromVersion: expected, terms },
    });
  });
  const saved = await findDiscountSchedule(db, actor.partner.id, marketId, cropId);
  return scheduleOut(saved!);
}
