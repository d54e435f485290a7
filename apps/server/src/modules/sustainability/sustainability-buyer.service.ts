// The buyer's side of sustainability programs (issue 17, docs/decisions/059), behind section 6's market rules
// (platform/crm-access): the enrolled legal entities of a market (grain-marketing.md 7 Sustainability:
// le/:platformId/market/:marketId/legal-entities and .../:clientId) and their filters (instrument/filters) for a buyer
// holding the grain-buying-clients entitlement there (some crop/year with sustainability enabled) and the client
// profile permission; the programs themselves for the partner's buyer-admins. Another partner's market, client or
// program answers 404.

import type { FastifyRequest } from 'fastify';
import {
  canViewClientProfile,
  cropRecord,
  decimalString,
  hasEntitlement,
  toDecimal,
  type SustainabilityEnrolmentStatus,
  type SustainabilityFilters,
  type SustainabilityLegalEntities,
  type SustainabilityProgram,
  type SustainabilityProgramBody,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import {
  entitlementContext,
  loadCrmActor,
  loadCrmAdmin,
  partnerMarket,
  requireMarket,
  requirePlatform,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import {
  clientAtMarket,
  enrolmentsOfMarket,
  insertProgram,
  programById,
  programHasEnrolments,
  programsOfMarket,
  programsOfMarkets,
  updateProgram,
  type LegalEntityFilter,
} from './sustainability.repo.ts';
import { programWire } from './sustainability.service.ts';

const canSeeEnrolments = (actor: CrmActor) => (m: CrmMarket) =>
  canViewClientProfile(m.permissions) && hasEntitlement(entitlementContext(actor, m), 'grain-buying-clients');

/** le/:platformId/market/:marketId/legal-entities: the market's enrolments (filtered), with acres per crop/year. */
export async function marketLegalEntities(
  deps: CrmDeps,
  request: FastifyRequest,
  platformId: number,
  marketId: number,
  query: Omit<LegalEntityFilter, 'marketId' | 'clientId'>,
  clientId?: number,
): Promise<SustainabilityLegalEntities> {
  const actor = await loadCrmActor(deps, request);
  requirePlatform(actor, platformId);
  const market = requireMarket(actor, marketId, canSeeEnrolments(actor), 'sustainability clients');
  const db = deps.ctx.database.db;
  if (clientId !== undefined && !(await clientAtMarket(db, actor.partner.id, market.id, clientId)))
    throw new AppError('not_found', `No client ${clientId}.`);
  const rows = await enrolmentsOfMarket(db, { ...query, marketId: market.id, clientId });
  const totals = new Map<string, { cropId: number; cropYear: number; acres: ReturnType<typeof toDecimal> }>();
  for (const r of rows) {
    if (r.status !== 'enrolled') continue;
    const key = `${r.cropId}:${r.cropYear}`;
    const t = totals.get(key);
    totals.set(key, {
      cropId: r.cropId,
      cropYear: r.cropYear,
      acres: (t?.acres ?? toDecimal(0)).plus(toDecimal(r.acres)),
    });
  }
  return {
    marketId: market.id,
    items: rows.map((r) => ({
      clientId: r.clientId,
      name: r.clientName,
      programId: r.programId,
      programName: r.programName,
      cropId: r.cropId,
      crop: cropRecord(r.cropId).displayName,
      cropYear: r.cropYear,
      acres: decimalString(toDecimal(r.acres)),
      status: r.status,
      signedAt: r.signedAt?.toISOString() ?? null,
      signerName: r.signerName,
    })),
    totals: [...totals.values()]
      .sort((a, b) => b.cropYear - a.cropYear || a.cropId - b.cropId)
      .map((t) => ({
        cropId: t.cropId,
        crop: cropRecord(t.cropId).displayName,
        cropYear: t.cropYear,
        acres: decimalString(t.acres),
      })),
  };
}

const STATUSES: SustainabilityEnrolmentStatus[] = ['sent', 'enrolled', 'withdrawn'];

/** instrument/filters: the programs, crops and crop years of the buyer's markets where they may see enrolments. */
export async function sustainabilityFilters(deps: CrmDeps, request: FastifyRequest): Promise<SustainabilityFilters> {
  const actor = await loadCrmActor(deps, request);
  const marketIds = actor.markets.filter(canSeeEnrolments(actor)).map((m) => m.id);
  const programs = await programsOfMarkets(deps.ctx.database.db, marketIds);
  const crops = [...new Set(programs.map((p) => p.cropId))].sort((a, b) => a - b);
  return {
    programs: programs.map((p) => ({
      id: p.id,
      name: p.name,
      marketId: p.marketId,
      cropId: p.cropId,
      cropYear: p.cropYear,
    })),
    crops: crops.map((id) => ({ id, name: cropRecord(id).displayName })),
    cropYears: [...new Set(programs.map((p) => p.cropYear))].sort((a, b) => b - a),
    statuses: STATUSES,
  };
}

const ADMIN_MESSAGE = 'Only a buyer administrator may manage sustainability programs.';

/** le/:platformId/market/:marketId/sustainability-programs: every program of the market (drafts too), buyer-admins. */
export async function listPrograms(
  deps: CrmDeps,
  request: FastifyRequest,
  platformId: number,
  marketId: number,
): Promise<{ items: SustainabilityProgram[] }> {
  const actor = await loadCrmAdmin(deps, request, 'buyer-admin', ADMIN_MESSAGE);
  requirePlatform(actor, platformId);
  const market = partnerMarket(actor, marketId);
  const rows = await programsOfMarket(deps.ctx.database.db, market.id);
  const now = new Date();
  return { items: rows.map((p) => programWire(p, now)) };
}

/** Creates (programId undefined) or replaces a program and its survey; a program with enrolments keeps its survey. */
export async function saveProgram(
  deps: CrmDeps,
  request: FastifyRequest,
  platformId: number,
  marketId: number,
  body: SustainabilityProgramBody,
  programId?: number,
): Promise<SustainabilityProgram> {
  const actor = await loadCrmAdmin(deps, request, 'buyer-admin', ADMIN_MESSAGE);
  requirePlatform(actor, platformId);
  const market = partnerMarket(actor, marketId);
  const db = deps.ctx.database.db;
  const write = {
    partnerId: actor.partner.id,
    marketId: market.id,
    cropId: body.cropId,
    cropYear: body.cropYear,
    name: body.name.trim(),
    description: body.description,
    premium: body.premium,
    premiumUnit: body.premiumUnit,
    practices: body.practices,
    enrolmentOpens: body.enrolmentOpens,
    enrolmentCloses: body.enrolmentCloses,
    maxAcres: body.maxAcres,
    status: body.status,
    questions: body.questions,
    userId: actor.user.id,
  };
  let id = programId;
  if (id === undefined) {
    id = await insertProgram(db, write);
  } else {
    const existing = await programById(db, id);
    if (!existing || existing.marketId !== market.id) throw new AppError('not_found', `No program ${id}.`);
    if (await programHasEnrolments(db, id)) {
      const fixed =
        JSON.stringify(existing.questions) !== JSON.stringify(body.questions) ||
        existing.cropId !== body.cropId ||
        existing.cropYear !== body.cropYear ||
        !toDecimal(existing.premium).equals(toDecimal(body.premium)) ||
        existing.premiumUnit !== body.premiumUnit;
      if (fixed)
        throw new AppError(
          'conflict',
          'Farmers have enrolled or are signing: the crop, year, premium and survey can no longer change.',
          { reason: 'has_enrolments' },
        );
    }
    await updateProgram(db, id, write, new Date());
  }
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: programId === undefined ? 'sustainability_program_created' : 'sustainability_program_updated',
    targetType: 'sustainability_program',
    targetId: String(id),
    details: { marketId: market.id, status: body.status },
  });
  return programWire((await programById(db, id))!, new Date());
}
